"""The FastAPI app of ``roses serve``: the JSON API, the WebSocket pushes and the pages.

The API is written down in ``docs/server-api.md``; the rules it enforces live in
:mod:`roses.server.service`, the storage in :mod:`roses.server.store`, request bodies in
:mod:`roses.server.bodies` and record replays in :mod:`roses.server.replays`.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from http import HTTPStatus
from pathlib import Path
from typing import Any, Literal

from fastapi import Depends, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from roses.core import RosesError, available_games, get_spec, to_jsonable

from . import analysis, views
from .analysis import Slots
from . import schemas as S
from .guards import Guards
from .headers import SecurityHeaders
from .schemas import route
from .limits import Limits, RateLimiter
from .auth import ApiError
from .faults import Faults
from .service import TableService
from .thinking import Thinking, ThinkingOptions
from .views import bot_label, bot_names, timer_bot
from .memory_store import MEMORY_URL, MemoryTableStore
from .store import SqlTableStore, default_sqlite_url
from .bodies import MAX_BODY_BYTES, loads_json, parse_json_body, read_body
from .replays import load_record, replay_steps

log = logging.getLogger("roses.server")

STATIC = Path(__file__).parent / "static"
#: Where the how-to-play pages are looked for: shipped inside the package, then the repository.
RULES_DIRS = (Path(__file__).parent / "rules", Path(__file__).resolve().parents[3] / "docs" / "rules")
#: Where the player-facing how-to-play pages are looked for (same order).
HOWTO_DIRS = (Path(__file__).parent / "howto", Path(__file__).resolve().parents[3] / "docs" / "howto")
PAGES = {"lobby": "lobby.html", "table": "table.html", "replay": "replay.html", "rules": "rules.html"}


class Json(JSONResponse):
    """A JSON response encoded once with the standard library (the views are already JSON data,
    so FastAPI's validation and encoding pass would only cost time)."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, separators=(",", ":"), ensure_ascii=False).encode()


def token_of(request: Request | WebSocket) -> str | None:
    """The seat token: ``Authorization: Bearer …`` or ``?token=…``."""
    auth = request.headers.get("authorization") or ""
    if auth.lower().startswith("bearer "):
        tok = auth[7:].strip()
        if tok:
            return tok
    return request.query_params.get("token") or None


def allowed_methods(app: Any, path: str) -> list[str]:
    """Every HTTP method some route of ``app`` answers at ``path`` (for a 405's ``Allow``)."""
    methods: set[str] = set()
    for r in app.routes:
        regex, got = getattr(r, "path_regex", None), getattr(r, "methods", None)
        if regex is not None and got and regex.match(path):
            methods |= set(got)
    return sorted(methods)


def address_of(request: Request | WebSocket) -> str:
    """The client's address (the peer of the connection)."""
    return request.client.host if request.client else "?"


def required_token(request: Request, detail: str) -> str:
    """The request's token (:func:`token_of`); raises :class:`ApiError` 401 saying ``detail``
    when there is none, before the body is read."""
    token = token_of(request)
    if not token:
        raise ApiError(401, {"error": "unauthorized", "detail": detail})
    return token


async def until_disconnected(request: Request, work: Any, every: float = 0.5) -> Any:
    """``await work``, cancelled if the client goes away first (an analysis is many thinks: they
    are cancelled with it, and the workers go on with other tables' bots). Raises
    :class:`ApiError` 499 then (nobody reads it)."""
    task = asyncio.ensure_future(work)
    try:
        while True:
            done, _ = await asyncio.wait({task}, timeout=every)
            if done:
                return task.result()
            if await request.is_disconnected():
                task.cancel()
                raise ApiError(499, {"error": "gone", "detail": "the client went away"})
    finally:
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


def games_info() -> list[dict[str, Any]]:
    """Every game that loads, with its typed parameters (they drive the lobby's form)."""
    out = []
    for name in available_games():
        try:
            spec = get_spec(name)
        except Exception:  # a game still being written must not break the lobby
            log.exception("game %s does not load; left out of the lobby", name)
            continue
        out.append({
            "name": spec.name, "title": spec.title, "min_players": spec.min_players,
            "max_players": spec.max_players, "params": [to_jsonable(p.describe()) for p in spec.params],
            "bots": bot_names(spec), "bot_labels": {b: bot_label(b, spec) for b in bot_names(spec)},
            "default_bot": timer_bot(spec), "summary": spec.summary,
            "bot_seconds": views.bot_seconds(spec.name),
            "talk": {"kinds": list(spec.talk.kinds), "claims": list(spec.talk.claims),
                     "nominate_for": spec.talk.nominate_for,
                     # the claims a table of that many players offers (Blades & Rose: no Great Sword at 5-6)
                     "claims_at": {str(n): list(c) for n, c in spec.talk.claims_at}},
        })
    return out


def rules_path(game: str, dirs: tuple[Path, ...] = RULES_DIRS) -> Path | None:
    """The first ``<game>.md`` (or with underscores) in ``dirs``, or ``None``."""
    for folder in dirs:
        for stem in (game, game.replace("-", "_")):
            p = folder / f"{stem}.md"
            if p.is_file():
                return p
    return None


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
    guards = Guards.of(allowed_origins)
    limits = limits or Limits()
    rates = RateLimiter(limits)
    holder: dict[str, Any] = {}

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
        holder["service"] = service
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
    app.openapi = lambda: S.openapi(app)  # type: ignore[method-assign]
    app.add_middleware(SecurityHeaders)

    def svc() -> TableService:
        return holder["service"]

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

    async def body_of(request: Request, model: Any, empty: Any = ..., limit: int = MAX_BODY_BYTES) -> Any:
        """The JSON body, checked against ``model`` (413 too large, 422 not JSON or not of the
        model's shape; the media type was checked by :meth:`Guards.check_post`); ``empty``: what
        an empty body stands for (by default an empty body is not JSON: 422)."""
        raw = await read_body(request, limit)
        if not raw and empty is not ...:
            return empty
        data = parse_json_body(raw)
        # records (replay, analysis) are checked by their own parser, roses.core.record, which
        # says in plain words what is wrong with one
        return data if model is None else S.checked(model, data)

    # ------------------------------------------------------------------ API
    def read(request: Request) -> None:
        # Reads are cheap but not free: 2,000 parallel GETs of one table from one client kept
        # the server busy for 6 s (docs/reliability.md); counted per address (429 beyond).
        rates.by_address("read", limits.read, address_of(request), "requests from your address")

    @app.get("/api/games", **route(list[S.GameInfo], 429))
    async def api_games(request: Request) -> Json:
        read(request)
        return Json(games_info())

    @app.post("/api/tables", **route(S.Created, 429, status=201, body=S.CreateTable))
    async def api_create(request: Request) -> Json:
        rates.by_address("create", limits.create, address_of(request), "tables created from your address")
        return Json(await svc().create(await body_of(request, S.CreateTable)), status_code=201)

    @app.get("/api/tables", **route(list[S.TableSummary], 429))
    async def api_tables(request: Request) -> Json:
        read(request)
        return Json(await svc().list_tables())

    @app.get("/api/tables/{table_id}", **route(S.View, 401, 404, 429))
    async def api_view(table_id: str, request: Request) -> Json:
        read(request)
        return Json(await svc().get_view(table_id, token_of(request)))

    @app.get("/api/tables/{table_id}/log", **route(S.LogPage, 401, 404, 429))
    async def api_log(table_id: str, request: Request,
                      before: int | None = Query(None, ge=0, le=10**9, description="the page ends before this line (default: the end)"),
                      limit: int = Query(views.LOG_WINDOW, ge=1, le=views.LOG_PAGE, description="lines at most")) -> Json:
        read(request)
        return Json(await svc().log(table_id, token_of(request), before, limit))

    @app.post("/api/tables/{table_id}/actions", **route(S.View, 401, 403, 404, 409, 429, body=S.ActionIn))
    async def api_act(table_id: str, request: Request) -> Json:
        token = required_token(request, "a seat token is required")
        rates.by_token("action", limits.action, token, "moves with this seat's token")
        rates.by_address("action", limits.action_address, address_of(request), "moves from your address")
        body = await body_of(request, S.ActionIn)
        return Json(await svc().act(table_id, token, body["action"], body["version"]))

    @app.post("/api/tables/{table_id}/chat", **route(S.View, 401, 403, 404, 409, 429, body=S.ChatIn))
    async def api_chat(table_id: str, request: Request) -> Json:
        token = required_token(request, "a seat token is required to chat")
        rates.by_token("chat", limits.chat, token, "chat messages with this seat's token")
        rates.by_address("chat", limits.chat_address, address_of(request), "chat messages from your address")
        body = await body_of(request, S.ChatIn)
        return Json(await svc().chat(table_id, token, body.get("text")))

    @app.post("/api/tables/{table_id}/talk", **route(S.View, 401, 403, 404, 409, 429, body=S.TalkIn))
    async def api_talk(table_id: str, request: Request) -> Json:
        token = required_token(request, "a seat token is required for table talk")
        rates.by_token("talk", limits.talk, token, "table-talk statements with this seat's token")
        rates.by_address("talk", limits.talk_address, address_of(request), "table-talk statements from your address")
        return Json(await svc().talk(table_id, token, await body_of(request, S.TalkIn)))

    def seat_changes(token: str, request: Request) -> None:
        """Count a seat change (name, open, bot) or the host's fast-bots switch: each pushes a view
        to every viewer of the table, so a flood of them is a flood of pushes, as chat was (429
        past the rate)."""
        rates.by_token("seat", limits.seat_change, token, "seat changes with this token")
        rates.by_address("seat", limits.seat_change_address, address_of(request), "seat changes from your address")

    @app.post("/api/tables/{table_id}/seats/{seat}/bot",
              **route(S.View, 401, 403, 404, 409, 429, body=S.BotIn))
    async def api_seat_bot(table_id: str, seat: int, request: Request) -> Json:
        token = required_token(request, "the host token is required")
        seat_changes(token, request)
        body = await body_of(request, S.BotIn, empty={})
        return Json(await svc().seat_to_bot(table_id, seat, token, body.get("bot")))

    @app.post("/api/tables/{table_id}/seats/{seat}/name", **route(S.View, 401, 403, 404, 409, 429, body=S.NameIn))
    async def api_seat_name(table_id: str, seat: int, request: Request) -> Json:
        token = required_token(request, "the seat's token is required")
        seat_changes(token, request)
        body = await body_of(request, S.NameIn)
        return Json(await svc().set_seat_name(table_id, seat, token, body.get("name")))

    @app.post("/api/tables/{table_id}/seats/{seat}/open", **route(S.View, 401, 403, 404, 409, 429, body=S.OpenIn))
    async def api_seat_open(table_id: str, seat: int, request: Request) -> Json:
        token = required_token(request, "the host token is required")
        seat_changes(token, request)
        body = await body_of(request, S.OpenIn)
        return Json(await svc().set_seat_open(table_id, seat, token, body.get("open")))

    @app.post("/api/tables/{table_id}/fast-bots", **route(S.View, 401, 403, 404, 409, 429, body=S.FastBotsIn))
    async def api_fast_bots(table_id: str, request: Request) -> Json:
        token = required_token(request, "the host token is required")
        seat_changes(token, request)
        body = await body_of(request, S.FastBotsIn)
        return Json(await svc().set_fast_bots(table_id, token, body.get("fast")))

    @app.post("/api/tables/{table_id}/seats/{seat}/take", **route(S.Taken, 404, 409, 429, body=S.TakeIn))
    async def api_seat_take(table_id: str, seat: int, request: Request) -> Json:
        rates.by_address("join", limits.join, address_of(request), "seats taken from your address")
        body = await body_of(request, S.TakeIn)
        return Json(await svc().take_seat(table_id, seat, body.get("name")))

    @app.post("/api/tables/{table_id}/rematch",
              **route(S.RematchOut, 401, 403, 404, 409, 429, body=S.Empty))
    async def api_rematch(table_id: str, request: Request) -> Json:
        token = required_token(request, "a seat's or the host's token is required")
        rates.by_address("join", limits.join, address_of(request), "rematch joins from your address")
        await body_of(request, S.Empty, empty={})
        return Json(await svc().rematch(table_id, token))

    @app.post("/api/tables/{table_id}/close", **route(S.View, 401, 403, 404, 409, body=S.Empty))
    async def api_close(table_id: str, request: Request) -> Json:
        token = required_token(request, "the host token is required")
        await body_of(request, S.Empty, empty={})  # no fields yet; a body must still be JSON and small
        return Json(await svc().close(table_id, token))

    @app.get("/api/tables/{table_id}/record", **route(S.Record, 404, 409, 429))
    async def api_record(table_id: str, request: Request) -> JSONResponse:
        read(request)
        rec = await svc().record(table_id)
        return JSONResponse(rec, headers={"Content-Disposition": f'attachment; filename="{rec["game"]}-{table_id}.json"'})

    replay_slots = Slots()  # client addresses with a replay running: one at a time each

    @app.post("/api/replay", **route(S.Replay, 409, 429, body=S.RecordIn))
    async def api_replay(request: Request, cards: Literal["all"] | None = Query(
            None, description="`all`: every seat's own cards at each step, for a finished game's record only "
                              "(409 for a game that did not end)")) -> Json:
        # A long record costs the server most of a second and answers megabytes: counted per
        # address, and one at a time per address (429 beyond).
        client = address_of(request)
        rates.by_address("replay", limits.replay, client, "replays from your address")
        one_at_a_time = (replay_slots.holding(client, "a replay you asked for is still being worked out; wait for it to finish", "")
                         if limits.enabled else contextlib.nullcontext())
        with one_at_a_time:
            return Json(await asyncio.to_thread(replay_steps, await body_of(request, None), cards))

    analysis_slots = Slots(analysis.MAX_ANALYSES)

    @app.post("/api/analysis", **route(S.Analysis, 429, 503, body=S.AnalysisIn))
    async def api_analysis(request: Request) -> Json:
        body = await body_of(request, None, limit=analysis.MAX_ANALYSIS_BYTES)
        if not isinstance(body, dict) or "record" not in body:
            raise ApiError(422, {"error": "invalid", "detail": "the body must be {record: <a game record>, seat: <int>}"})
        client = address_of(request)
        rates.by_address("analysis", limits.analysis, client, "analyses from your address")
        record = await asyncio.to_thread(load_record, body["record"])
        work = analysis.analyse(record, body.get("seat"), client, analysis_slots, svc().thinking)
        return Json(await until_disconnected(request, work))

    @app.post("/api/tables/{table_id}/hint", **route(S.Hint, 401, 403, 404, 409, 429, 503, body=S.Empty))
    async def api_hint(table_id: str, request: Request) -> Json:
        token = required_token(request, "a seat token is required to ask for a hint")
        rates.by_token("hint", limits.hint, token, "hints with this seat's token")
        rates.by_address("hint", limits.hint_address, address_of(request), "hints from your address")
        await body_of(request, S.Empty, empty={})
        return Json(await svc().hint(table_id, token))

    @app.get("/api/rules/{game}", **route(S.Rules, 404, 429))
    async def api_rules(game: str, request: Request) -> Json:
        read(request)
        try:
            spec = get_spec(game)
        except RosesError as e:
            raise ApiError(404, {"error": "not found", "detail": str(e)}) from None
        howto = rules_path(spec.name, HOWTO_DIRS)
        impl = rules_path(spec.name, RULES_DIRS)
        if howto is None and impl is None:
            raise ApiError(404, {"error": "no rules", "detail": f"docs/howto/{spec.name}.md is not written yet"})
        impl_text = impl.read_text(encoding="utf-8") if impl is not None else None
        return Json({"game": spec.name, "title": spec.title,
                     "markdown": howto.read_text(encoding="utf-8") if howto is not None else impl_text,
                     "implementation": impl_text})

    @app.get("/api/health", **route(S.Health))
    async def api_health() -> Json:
        # never rate limited; the thinking service's figures (issue 41): jobs, CPU seconds, fallbacks
        return Json({"ok": True, "thinking": svc().thinking.figures(), "errors": app.state.faults.figures()})

    # ------------------------------------------------------------------ WebSocket
    @app.websocket("/ws/tables/{table_id}")
    async def ws_table(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        service = svc()
        address = address_of(websocket)
        try:
            why = guards.origin_refusal(websocket)
            if why:
                raise ApiError(403, {"error": "forbidden", "detail": why})
            rates.by_address("join", limits.join, address, "connections from your address")
            conn = await service.connect(table_id, token_of(websocket), address)
        except ApiError as e:
            await websocket.send_json({"type": "error", "status": e.status, **e.body})
            await websocket.close(code=4000 + e.status)
            return

        async def sender() -> None:
            while True:
                await conn.ready.wait()
                conn.ready.clear()
                for text in conn.take():
                    await websocket.send_text(text)

        send_task = asyncio.create_task(sender())
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                msg = frame.get("text")
                if msg is None:  # a binary frame: not JSON text, ignored like any other junk
                    continue
                try:
                    data = loads_json(msg)
                except (ValueError, RecursionError):  # a client's junk never ends the socket
                    continue
                if isinstance(data, dict) and data.get("type") == "ping":
                    await websocket.send_json({"type": "pong"})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            send_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await send_task
            await service.disconnect(conn)

    # ------------------------------------------------------------------ pages
    def page(key: str) -> Any:
        path = STATIC / PAGES[key]
        if path.is_file():
            return FileResponse(path, media_type="text/html")
        return HTMLResponse(f"<!doctype html><title>roses</title><p>The {key} page is not built yet "
                            f"(missing static/{PAGES[key]}).</p>", status_code=404)

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> Any:
        return page("lobby")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Any:
        return page("table")

    @app.get("/replay", include_in_schema=False)
    async def replay_page() -> Any:
        return page("replay")

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: str) -> Any:
        return page("rules")

    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    return app
