"""The pages and the table's WebSocket: the lobby, a table, the replay and the rules pages (plain
files under ``static/``), and ``/ws/tables/{id}``, which pushes views and chat to a page."""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from pathlib import Path
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse

from .auth import ApiError
from .bodies import loads_json
from .deps import MOVES, address_of, count_seat, token_of
from .schemas import ActionIn, checked

log = logging.getLogger("roses.server")

router = APIRouter()

STATIC = Path(__file__).parent / "static"
PAGES = {"lobby": "lobby.html", "table": "table.html", "replay": "replay.html", "rules": "rules.html"}


@router.websocket("/ws/tables/{table_id}")
async def ws_table(websocket: WebSocket, table_id: str) -> None:
    await websocket.accept()
    state = websocket.app.state
    service = state.service
    address = address_of(websocket)
    try:
        why = state.guards.origin_refusal(websocket)
        if why:
            raise ApiError(403, {"error": "forbidden", "detail": why})
        state.rates.by_address("join", state.limits.join, address, "connections from your address")
        token = token_of(websocket)
        conn = await service.connect(table_id, token, address)
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
            if not isinstance(data, dict):
                continue
            if data.get("type") == "ping":  # queued: it follows the answers to earlier moves
                conn.push_event('{"type":"pong"}')
            elif data.get("type") == "act":
                await socket_act(websocket, conn, token, data)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        send_task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await send_task
        await service.disconnect(conn)


#: The most characters a move's reference (``id``) may have: the page counts, a client may name.
MAX_REF = 64


async def socket_act(websocket: WebSocket, conn: Any, token: str | None, data: dict[str, Any]) -> None:
    """A move sent on the table's WebSocket, ``{"type": "act", "id"?, "action", "version"}``
    (docs/server-api.md, WS): the checks of ``POST /api/tables/{id}/actions`` in the same order
    (the connection's seat token 401 → the same limits 429 → the body's model 422 → the service:
    403/409/422/503) and the same idempotency by version. Answered on the socket, after the views
    the move pushed (the mover's own among them): ``{"type": "acted", "id"}``, or ``{"type":
    "refused", "id", "status", "error", "detail", …}`` with the body HTTP would give; nothing is
    applied then."""
    state = websocket.app.state
    ref = data.get("id")
    try:
        if ref is not None and (isinstance(ref, bool) or not isinstance(ref, (int, str))
                                or len(str(ref)) > MAX_REF):
            raise ApiError(422, {"error": "invalid", "param": "id",
                                 "detail": f"id: a move's reference is a number or text of at most {MAX_REF} characters"})
        if not token:
            raise ApiError(401, {"error": "unauthorized", "detail": "a seat token is required to move: "
                                 "this connection watches the table"})
        count_seat(websocket, "action", MOVES, token)
        move = checked(ActionIn, {k: v for k, v in data.items() if k not in ("type", "id")})
        await state.service.act(conn.table_id, token, move["action"], move["version"], answer=False)
        state.service.moves["socket"] += 1
        conn.push_event(json.dumps({"type": "acted", "id": ref}))
    except ApiError as e:
        conn.push_event(json.dumps({"type": "refused", "id": ref, "status": e.status, **e.body}))
    except Exception:  # a bug: the move's sender hears of it, the socket stays up, the log says it
        log.exception("table %s: a move sent on the WebSocket failed", conn.table_id)
        conn.push_event(json.dumps({"type": "refused", "id": ref, "status": 500, "error": "internal",
                                    "detail": "the server could not take this move"}))


def page(key: str) -> Any:
    path = STATIC / PAGES[key]
    if path.is_file():
        return FileResponse(path, media_type="text/html")
    return HTMLResponse(f"<!doctype html><title>roses</title><p>The {key} page is not built yet "
                        f"(missing static/{PAGES[key]}).</p>", status_code=404)


#: The pages by path: the page is the same file whatever the table, game or record in the path.
PAGE_PATHS = {"/": "lobby", "/t/{table_id}": "table", "/replay": "replay", "/rules/{game}": "rules"}
for _path, _key in PAGE_PATHS.items():
    router.add_api_route(_path, lambda key=_key: page(key), methods=["GET"], include_in_schema=False)
