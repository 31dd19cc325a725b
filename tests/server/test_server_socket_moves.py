"""Moves on the table's WebSocket (issue 43, finding 8): the table page sends its moves on the
socket it already holds. The same checks as ``POST /api/tables/{id}/actions``, in the same order,
the same idempotency by version, the answer after the views the move pushed; HTTP stays for API
clients. In-process on every store, and through a real ``python3 -m roses serve``."""
from __future__ import annotations

import asyncio
import json

import pytest

from roses.server.limits import Limits

from .launched import Launched
from .test_server_api import auth, view
from .test_server_turn_clock import made, seat_tokens

RC = "rose-ceremony"


def until(ws, kind: str) -> tuple[list[dict], dict]:
    """The messages before the first of type ``kind``, and that one. ``"answer"``: a move's
    answer, asked for with a ping after it (the pong follows the answers to earlier moves: a
    server that does not answer moves fails here instead of waiting for ever)."""
    before = []
    if kind == "answer":
        ws.send_json({"type": "ping"})
    while True:
        msg = ws.receive_json()
        if kind == "answer" and msg["type"] == "pong":
            raise AssertionError(f"the move was not answered: {before}")
        if msg["type"] == kind or (kind == "answer" and msg["type"] in ("acted", "refused")):
            if kind == "answer":
                until(ws, "pong")
            return before, msg
        before.append(msg)


def two_humans(client):
    created = made(client, RC, ["human", "human"], ("Ana", "Ben"))
    return created["table_id"], seat_tokens(created)


def test_a_move_on_the_socket_is_applied_and_answered_after_its_view(client):
    tid, tokens = two_humans(client)
    first = view(client, tid, tokens[0])
    seat = first["current_player"]
    mine = view(client, tid, tokens[seat])
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[seat]}") as ws:
        until(ws, "view")
        ws.send_json({"type": "act", "id": 7, "action": mine["legal_actions"][0], "version": mine["version"]})
        before, answer = until(ws, "answer")
        assert answer == {"type": "acted", "id": 7}
        pushed = [m for m in before if m["type"] == "view"]
        assert pushed and pushed[-1]["version"] == mine["version"] + 1  # the new view came first
        # the same move again (a retry): refused as stale, nothing applied twice
        ws.send_json({"type": "act", "id": 8, "action": mine["legal_actions"][0], "version": mine["version"]})
        _, again = until(ws, "answer")
        assert again["type"] == "refused" and again["id"] == 8 and again["status"] == 409
        assert again["error"] == "stale" and again["version"] >= mine["version"] + 1
    after = view(client, tid, tokens[seat])
    assert after["version"] >= mine["version"] + 1
    assert client.get("/api/health").json()["moves"] == {"http": 0, "socket": 1}


@pytest.mark.parametrize("message, status, error", [
    ({"action": "nonsense", "version": None}, 422, "illegal"),         # version filled in below
    ({"action": "x", "version": "1"}, 422, "invalid"),                 # strict: no "1" for 1
    ({"action": "x", "version": 1.0}, 422, "invalid"),
    ({"action": "x", "version": 0, "extra": 1}, 422, "invalid"),       # no unknown field
    ({"action": "x"}, 422, "invalid"),                                 # version missing
    ({"id": [1], "action": "x", "version": 0}, 422, "invalid"),        # a reference is a number or text
    ({"id": "x" * 65, "action": "x", "version": 0}, 422, "invalid"),
    ({"action": "x", "version": -5}, 409, "stale"),
])
def test_a_bad_move_on_the_socket_is_refused_and_changes_nothing(client, message, status, error):
    tid, tokens = two_humans(client)
    seat = view(client, tid, tokens[0])["current_player"]
    before = view(client, tid, tokens[seat])
    if message.get("version", 0) is None:
        message = {**message, "version": before["version"]}
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[seat]}") as ws:
        until(ws, "view")
        ws.send_json({"type": "act", **message})
        _, answer = until(ws, "answer")
        assert answer["type"] == "refused" and answer["status"] == status and answer["error"] == error, answer
        assert answer["detail"]
        ws.send_json({"type": "ping"})  # the socket is still up
        until(ws, "pong")
    assert view(client, tid, tokens[seat]) == before


def test_only_the_seat_to_move_moves_and_a_watcher_cannot(client):
    tid, tokens = two_humans(client)
    seat = view(client, tid, tokens[0])["current_player"]
    other = 1 - seat
    version = view(client, tid, tokens[other])["version"]
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[other]}") as ws:
        until(ws, "view")
        ws.send_json({"type": "act", "action": "x", "version": version})
        _, answer = until(ws, "answer")
        assert (answer["status"], answer["detail"]) == (403, "it is not your turn")
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:  # a spectator's socket
        until(ws, "view")
        ws.send_json({"type": "act", "id": "a", "action": "x", "version": version})
        _, answer = until(ws, "answer")
        assert answer["id"] == "a" and answer["status"] == 401


def test_moves_on_the_socket_count_against_the_same_limits(make_client):
    client = make_client(limits=Limits().with_(action="2/minute", read="1000/second", create="1000/minute"))
    tid, tokens = two_humans(client)
    seat = view(client, tid, tokens[0])["current_player"]
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[seat]}") as ws:
        until(ws, "view")
        statuses = []
        for i in range(3):
            ws.send_json({"type": "act", "id": i, "action": "x", "version": -1})
            statuses.append(until(ws, "answer")[1]["status"])
        assert statuses == [409, 409, 429]
    r = client.post(f"/api/tables/{tid}/actions", headers=auth(tokens[seat]), json={"action": "x", "version": -1})
    assert r.status_code == 429  # one allowance for both ways


async def _play_on_sockets(url: str, tid: str, tokens: dict[int, str]) -> int:
    """Play the game to its end on one socket per seat, each move the first legal one when the
    seat's pushed view says it is to move. Returns the number of moves."""
    import websockets

    moves = 0
    socks = {s: await websockets.connect(f"{url.replace('http', 'ws', 1)}/ws/tables/{tid}?token={t}")
             for s, t in tokens.items()}
    latest: dict[int, dict] = {}
    try:
        while True:
            for seat, ws in socks.items():
                while True:
                    try:
                        msg = json.loads(await asyncio.wait_for(ws.recv(), 0.05))
                    except asyncio.TimeoutError:
                        break
                    if msg["type"] == "view":
                        latest[seat] = msg
                    elif msg["type"] == "refused":
                        raise AssertionError(msg)
            if any(v["terminal"] for v in latest.values()):
                return moves
            for seat, v in latest.items():
                if v["legal_actions"] and v["current_player"] == seat:
                    await socks[seat].send(json.dumps({"type": "act", "id": moves, "action": v["legal_actions"][0],
                                                       "version": v["version"]}))
                    moves += 1
                    latest[seat] = {**v, "legal_actions": []}  # wait for the next pushed view
    finally:
        for ws in socks.values():
            await ws.close()


def test_a_whole_game_is_played_on_sockets_of_the_launched_server(tmp_path):
    server = Launched("python3 -m roses serve", tmp_path)
    try:
        import httpx
        r = httpx.post(server.url + "/api/tables", json={"game": RC, "seats": [{"kind": "human"}] * 2})
        assert r.status_code == 201, r.text
        created = r.json()
        tokens = {s["seat"]: s["token"] for s in created["seats"]}
        moves = asyncio.run(asyncio.wait_for(_play_on_sockets(server.url, created["table_id"], tokens), 120))
        end = httpx.get(f"{server.url}/api/tables/{created['table_id']}").json()
        assert end["terminal"] and moves >= 10
        health = httpx.get(server.url + "/api/health").json()
        assert health["moves"] == {"http": 0, "socket": moves}, (health["moves"], moves)
        assert health["errors"]["count"] == 0, health["errors"]
    finally:
        server.stop()


def test_serve_runs_on_asyncios_own_loop_without_per_message_deflate(monkeypatch, tmp_path):
    """With every core busy, uvloop 0.23 left new connections in the listen queue until their
    WebSocket handshakes timed out (9,435 in a 10-minute soak of bench/server.py --moves socket);
    asyncio's own loop accepted them at the same CPU per move. Compressing each push cost more than
    any step but JSON. ``roses serve`` configures uvicorn so."""
    import uvicorn

    from roses.server import run

    seen = {}
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, *a, **k: seen.update(config=self.config))
    run(port=0, data_dir=tmp_path, log_level="warning")
    config = seen["config"]
    assert config.loop == "asyncio" and config.ws_per_message_deflate is False
