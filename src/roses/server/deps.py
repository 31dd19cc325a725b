"""The dependencies every route of ``roses serve`` is built from, each written once: the service,
the client's address and token, the per-minute limits, and the JSON body checked against its model.

A route names what it needs in its signature or its ``dependencies=[…]``, and FastAPI runs them in
order before the route: a token (401), then the limits (429), then the body (413/422), so a refused
request costs nothing more. The app keeps its state on ``app.state`` (:func:`roses.server.app.create_app`):
``service``, ``rates``, ``limits``.
"""
from __future__ import annotations

import functools
from typing import Any, Callable

import orjson

from fastapi import Depends, Request
from fastapi.responses import JSONResponse
from starlette.requests import HTTPConnection

from . import schemas as S
from .auth import ApiError
from .bodies import MAX_BODY_BYTES, parse_json_body, read_body
from .limits import Limits, RateLimiter
from .service import TableService


class Json(JSONResponse):
    """A JSON response encoded once, with orjson (the views are already JSON data, so FastAPI's
    validation and encoding pass would only cost time; issue 43: JSON encoding was the largest
    part of a move's server time)."""

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS)


def service(conn: HTTPConnection) -> TableService:
    """The app's table service."""
    return conn.app.state.service


def address_of(conn: HTTPConnection) -> str:
    """The client's address: the connection's peer (``X-Forwarded-For`` only from the proxies
    ``roses serve --forwarded-allow-ips`` names, through uvicorn)."""
    return conn.client.host if conn.client else "?"


def token_of(conn: HTTPConnection) -> str | None:
    """The seat token: ``Authorization: Bearer …`` or ``?token=…``."""
    auth = conn.headers.get("authorization") or ""
    if auth.lower().startswith("bearer "):
        tok = auth[7:].strip()
        if tok:
            return tok
    return conn.query_params.get("token") or None


@functools.cache
def required_token(detail: str) -> Callable[[HTTPConnection], str]:
    """A dependency: the request's token, or 401 saying ``detail`` before the body is read. One
    function per ``detail``, so FastAPI computes it once per request however many ask for it."""

    def token(conn: HTTPConnection) -> str:
        found = token_of(conn)
        if not found:
            raise ApiError(401, {"error": "unauthorized", "detail": detail})
        return found

    return token


def per_address(what: str, limit: str, doing: str) -> Any:
    """A dependency counting the request against ``Limits.<limit>`` for its address (429 past it)."""

    def count(conn: HTTPConnection) -> None:
        rates: RateLimiter = conn.app.state.rates
        limits: Limits = conn.app.state.limits
        rates.by_address(what, getattr(limits, limit), address_of(conn), doing)

    return Depends(count)


def per_token(what: str, limit: str, doing: str, detail: str) -> Any:
    """A dependency counting the request against ``Limits.<limit>`` for its token (429 past it);
    401 saying ``detail`` without a token."""

    def count(conn: HTTPConnection, token: str = Depends(required_token(detail))) -> None:
        rates: RateLimiter = conn.app.state.rates
        limits: Limits = conn.app.state.limits
        rates.by_token(what, getattr(limits, limit), token, doing)

    return Depends(count)


#: What a seat's moves are called in a refusal past a limit (HTTP and the WebSocket alike).
MOVES = "moves"


def per_seat(what: str, doing: str, detail: str, limit: str | None = None,
             token_words: str = "with this seat's token") -> list[Any]:
    """The two limits of what a seat does (a move, a chat message, a statement, a hint): per token
    (``Limits.<limit>``, default ``what``) and per address (``Limits.<limit>_address``), each 429
    past it saying ``"<doing> <token_words>"`` or ``"<doing> from your address"``; 401 saying
    ``detail`` without a token. :func:`count_seat` counts the same for a move on the WebSocket."""
    limit = limit or what
    return [per_token(what, limit, f"{doing} {token_words}", detail),
            per_address(what, f"{limit}_address", f"{doing} from your address")]


def count_seat(conn: HTTPConnection, what: str, doing: str, token: str) -> None:
    """:func:`per_seat`'s two counts for a request that is no HTTP route (a move on the table's
    WebSocket): one allowance for both ways. Raises :class:`ApiError` 429 past either."""
    rates: RateLimiter = conn.app.state.rates
    limits: Limits = conn.app.state.limits
    rates.by_token(what, getattr(limits, what), token, f"{doing} with this seat's token")
    rates.by_address(what, getattr(limits, f"{what}_address"), address_of(conn), f"{doing} from your address")


#: Reads are cheap but not free: 2,000 parallel GETs of one table from one client kept the server
#: busy for 6 s (docs/reliability.md); counted per address (429 beyond).
READ = per_address("read", "read", "requests from your address")


def body(model: Any, empty: Any = ..., limit: int = MAX_BODY_BYTES) -> Any:
    """A dependency: the JSON body, checked against ``model`` (413 too large, 422 not JSON or not
    of the model's shape; the media type was checked by :meth:`Guards.check_post`); ``empty``:
    what an empty body stands for (by default an empty body is not JSON: 422); ``model=None``
    leaves the shape to the caller (records: their own parser, ``roses.core.record``, says in
    plain words what is wrong with one)."""

    async def read(request: Request) -> Any:
        raw = await read_body(request, limit)
        if not raw and empty is not ...:
            return empty
        data = parse_json_body(raw)
        return data if model is None else S.checked(model, data)

    return Depends(read)
