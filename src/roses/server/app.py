"""The FastAPI app of ``roses serve``: its state, its error answers, and its routers.

The API is written down in ``docs/server-api.md``. The routes live in ``APIRouter``s, each built
from the dependencies of :mod:`roses.server.deps` (token, limits, body): the tables' in
:mod:`roses.server.routes_tables`, the games', replays' and analyses' in
:mod:`roses.server.routes_study`, the pages and the WebSocket in :mod:`roses.server.routes_live`.
The rules they enforce live in :mod:`roses.server.service`, the storage in
:mod:`roses.server.store`, who may send what in :mod:`roses.server.guards`.
"""
from __future__ import annotations

import contextlib
import asyncio
import logging
from http import HTTPStatus
from pathlib import Path
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from . import analysis, routes_live, routes_study, routes_tables
from . import schemas as S
from .analysis import Slots
from .auth import ApiError
from .bodies import MAX_BODY_BYTES  # noqa: F401
from .deps import Json
from .faults import Faults
from .guards import Guards
from .headers import SecurityHeaders
from .limits import Limits, RateLimiter
from .memory_store import MEMORY_URL, MemoryTableStore
from .routes_live import PAGES, STATIC  # noqa: F401
from .routes_study import HOWTO_DIRS, RULES_DIRS, games_info, rules_path, until_disconnected  # noqa: F401
from .service import TableService
from .store import SqlTableStore, default_sqlite_url
from .thinking import Thinking, ThinkingOptions

log = logging.getLogger("roses.server")


#: The app's routers, in the order they are included.
ROUTERS = (routes_tables.router, routes_study.router, routes_live.router)


def allowed_methods(app: Any, path: str) -> list[str]:
    """Every HTTP method some route of ``app`` or of its :data:`ROUTERS` answers at ``path`` (for a
    405's ``Allow``)."""
    methods: set[str] = set()
    for r in [*app.routes, *(route for router in ROUTERS for route in router.routes)]:
        regex, got = getattr(r, "path_regex", None), getattr(r, "methods", None)
        if regex is not None and got and regex.match(path):
            methods |= set(got)
    return sorted(methods)


def create_app(database_url: str | None = None, data_dir: str | Path = "data", bot_delay_ms: int = 400,
               poll_interval: float = 0.5, limits: Limits | None = None,
               thinking: ThinkingOptions | None = None, allowed_origins: Any = ()) -> FastAPI:
    """The web app. ``database_url`` is a SQLAlchemy URL (default: SQLite ``<data_dir>/roses.sqlite``);
    migrations run when the app starts; ``bot_delay_ms`` is the default pause before a bot moves;
    ``poll_interval`` is how often other processes' changes are looked for; ``limits``: what one
    client may do (:class:`Limits`, default its defaults); ``thinking``: where bots, hints and
    analyses think (:class:`ThinkingOptions`; default a worker process per core, started at the
    first think — ``roses serve`` starts them with the server); ``allowed_origins``: sites besides
    the server's own whose pages may use the API (:mod:`roses.server.guards`)."""
    url = database_url or default_sqlite_url(data_dir)
    limits = limits or Limits()
    guards = Guards.of(allowed_origins)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        store = MemoryTableStore() if url == MEMORY_URL else await asyncio.to_thread(SqlTableStore, url)
        faults = Faults().install()  # every ERROR logged meanwhile: counted, shown by /api/health
        app.state.faults = faults
        thinker = Thinking(thinking or ThinkingOptions(eager=False))
        await thinker.start()
        service = TableService(store, bot_delay_ms=bot_delay_ms, poll_interval=poll_interval,
                               cache_size=limits.cached_tables, limits=limits, thinking=thinker)
        app.state.store = store
        app.state.service = service
        app.state.thinking = thinker
        await service.start()
        try:
            yield
        finally:
            try:
                await service.stop()
            finally:
                await thinker.stop()
                store.dispose()
                faults.remove()

    app = FastAPI(title="roses", lifespan=lifespan, default_response_class=Json, docs_url="/api/docs",
                  openapi_url="/api/openapi.json", dependencies=[Depends(guards.check_post)])
    app.state.database_url = url
    app.state.limits = limits
    app.state.rates = RateLimiter(limits)
    app.state.guards = guards
    app.state.replay_slots = Slots()  # client addresses with a replay running: one at a time each
    app.state.analysis_slots = Slots(analysis.MAX_ANALYSES)
    app.openapi = lambda: S.openapi(app)  # type: ignore[method-assign]
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body, status_code=exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errs = exc.errors()
        where = ".".join(str(x) for x in errs[0]["loc"]) if errs else "body"
        return JSONResponse({"error": "invalid", "param": where,
                             "detail": f"{where}: {errs[0]['msg']}" if errs else "invalid request"}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # Unknown routes (404), wrong methods (405) and the like: the same {error, detail} body as
        # every other error (docs/server-api.md, "Errors").
        try:
            phrase = HTTPStatus(exc.status_code).phrase.lower()
        except ValueError:
            phrase = "error"
        detail = exc.detail if isinstance(exc.detail, str) else phrase
        headers = dict(getattr(exc, "headers", None) or {})
        if exc.status_code == 405:  # every method of the path, not only the first route's
            headers["Allow"] = ", ".join(allowed_methods(request.app, request.url.path))
        return JSONResponse({"error": phrase, "detail": detail}, status_code=exc.status_code,
                            headers=headers or None)

    @app.exception_handler(Exception)
    async def _internal_error(_request: Request, _exc: Exception) -> JSONResponse:
        # A bug: the same {error, detail} body as every other error, so the pages can show it,
        # but nothing of the exception (its text may quote paths, SQL or hidden state). Starlette
        # re-raises the exception after this answer, so the server's log keeps the traceback.
        return JSONResponse({"error": "internal",
                             "detail": "an unexpected error on the server; it has been logged"}, status_code=500)

    for router in ROUTERS:
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    return app
