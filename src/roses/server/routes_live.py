"""The pages and the table's WebSocket: the lobby, a table, the replay and the rules pages (plain
files under ``static/``), and ``/ws/tables/{id}``, which pushes views and chat to a page."""
from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse

from .auth import ApiError
from .bodies import loads_json
from .deps import address_of, token_of

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
