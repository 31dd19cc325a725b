"""Who may send what (issue 43, findings 2 and 3): the media type of every POST and the origin of
every POST and WebSocket handshake, checked before a route counts anything against a limit.

* **JSON only.** Every ``POST`` must say ``Content-Type: application/json`` (or a ``+json`` type),
  even with an empty body: 415 otherwise. A web page on another site can send a "simple" request
  (a form, or ``fetch`` with ``text/plain`` or no body) without asking the server first; it cannot
  send ``application/json`` without a CORS preflight, which this server never grants. So no other
  site can make a visitor's browser create tables or act with a join link's ``?token=``.
* **Origins.** When a request carries ``Origin`` (browsers send it on every POST and WebSocket
  handshake), it must be this server's own origin (the scheme and ``Host`` the request came with)
  or one of ``--allowed-origins``: 403 otherwise, and a WebSocket is closed with code 4403.
  Requests without ``Origin`` (curl, API clients, the bench) pass: only a browser sends one, and a
  browser always does.

The client's address for the rate limits is the connection's peer; ``X-Forwarded-For`` counts only
from the proxies named by ``roses serve --forwarded-allow-ips`` (uvicorn's own proxy-header
middleware, set up in :func:`roses.server.run`): by default from none.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection

from .auth import ApiError


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of ``url``, lower-cased, with the scheme's default port dropped;
    ``ValueError`` for something that is not an origin."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https", "ws", "wss") or not parts.hostname:
        raise ValueError(f"not an origin: {url!r} (e.g. https://roses.example.org)")
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        raise ValueError(f"an origin is a scheme, a host and a port only, not {url!r}")
    scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme)
    port = parts.port
    default = {"http": 80, "https": 443}[scheme]
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    return f"{scheme}://{host}" + ("" if port in (None, default) else f":{port}")


@dataclass(frozen=True)
class Guards:
    """The checks of :mod:`roses.server.guards` with the origins allowed besides the server's own."""

    allowed_origins: frozenset[str] = frozenset()

    @classmethod
    def of(cls, origins: Any = ()) -> "Guards":
        return cls(frozenset(origin_of(o) for o in (origins or ())))

    def own_origin(self, conn: HTTPConnection) -> str | None:
        """The origin this request was addressed to (its scheme and ``Host``)."""
        host = conn.headers.get("host")
        if not host:
            return None
        scheme = "https" if conn.url.scheme in ("https", "wss") else "http"
        try:
            return origin_of(f"{scheme}://{host}")
        except ValueError:
            return None

    def origin_refusal(self, conn: HTTPConnection) -> str | None:
        """Why this request's ``Origin`` may not use the API, or ``None`` (no ``Origin``: not a
        browser; or the server's own; or an allowed one)."""
        origin = conn.headers.get("origin")
        if origin is None:
            return None
        try:
            theirs = origin_of(origin)
        except ValueError:
            theirs = origin.strip()
        if theirs == self.own_origin(conn) or theirs in self.allowed_origins:
            return None
        return (f"requests from pages of {theirs[:100]} are not accepted here; "
                "the server's operator can allow that site with --allowed-origins")

    def check_post(self, conn: HTTPConnection) -> None:
        """The app-wide dependency: on a POST, 415 without a JSON media type, 403 from another
        origin. Other methods and WebSockets pass (the WebSocket route checks its own origin)."""
        if conn.scope["type"] != "http" or conn.scope.get("method") != "POST":
            return
        why = self.origin_refusal(conn)
        if why:
            raise ApiError(403, {"error": "forbidden", "detail": why})
        ctype = (conn.headers.get("content-type") or "").split(";")[0].strip().lower()
        if ctype != "application/json" and not ctype.endswith("+json"):
            shown = f"not {ctype[:100]}" if ctype else "and this request says none"
            raise ApiError(415, {"error": "unsupported media type",
                                 "detail": f"a POST must be JSON (Content-Type: application/json), {shown}"})
