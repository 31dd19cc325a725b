"""Security headers on every HTTP answer of ``roses serve`` (issue 13, fault 8).

* ``Content-Security-Policy``: scripts, styles, images, fonts and connections from this origin
  only (the pages are plain files under ``static/`` with no inline script); no plugins, no
  ``<base>``, forms post here, and no other site may frame a page (``frame-ancestors 'none'``,
  with ``X-Frame-Options: DENY`` for older browsers). Inline ``style`` attributes stay allowed: the
  pages set widths through ``element.style`` and a style cannot run code.
* ``Referrer-Policy: no-referrer``: the join link ``/t/{id}?token=…`` holds a seat's secret, and
  the page's own requests for its scripts and styles would otherwise carry it in ``Referer``.
* ``X-Content-Type-Options: nosniff``: a JSON answer or a record download is never run as a script.
"""
from __future__ import annotations

from typing import Any

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")
HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class SecurityHeaders:
    """ASGI middleware adding :data:`HEADERS` to every HTTP response (WebSockets pass through)."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []), *((k, v) for k, v in HEADERS if k not in have)]
            await send(message)

        await self.app(scope, receive, with_headers)
