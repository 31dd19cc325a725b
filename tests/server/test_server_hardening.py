"""Regression tests of the tester's report on the browser-table server: a fixed seed at a table of
several people, deeply nested and oversized bodies, seats handed to bots after the end, error
bodies without ``error``, and ``roses serve`` start-up errors (docs/server-api.md, "Errors")."""
from __future__ import annotations

import random
import socket
import time

import pytest
from typer.testing import CliRunner

from roses.server import app as app_module
from roses.server import bodies, replays
from roses.server.service import SEED_REFUSED

from .helpers import loadable_games

GAMES = loadable_games()
RT = "roses-and-thorns"
BR = "blades-and-rose"


def needs(game: str) -> None:
    if game not in GAMES:
        pytest.skip(f"{game} does not load")


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def humans_and_bots(humans: int, bots: int) -> list[dict]:
    return [{"kind": "human"}] * humans + [{"kind": "bot", "bot": "random"}] * bots


# ---------------------------------------------------------------------------------------- 1: seed
def test_a_fixed_seed_is_refused_when_two_or_more_people_play(client):
    """Whoever knows the seed rebuilds the deal offline (new_initial_state(seed) + chance): with
    two or more human seats the seed is refused and no table is created."""
    needs(BR)
    r = client.post("/api/tables", json={"game": BR, "seed": 42, "seats": humans_and_bots(5, 0)})
    assert r.status_code == 422
    assert r.json() == {"error": "seed", "param": "seed", "detail": SEED_REFUSED}
    assert "leave it empty when two or more people play" in r.json()["detail"]
    r = client.post("/api/tables", json={"game": BR, "seed": 42, "seats": humans_and_bots(2, 3)})
    assert r.status_code == 422 and r.json()["param"] == "seed"
    assert client.get("/api/tables").json() == []  # nothing was created


def test_a_fixed_seed_is_kept_with_at_most_one_human_seat(client):
    needs(BR)
    for humans in (0, 1):
        r = client.post("/api/tables", json={"game": BR, "seed": 42, "seats": humans_and_bots(humans, 5 - humans)})
        assert r.status_code == 201, r.text
        assert client.app.state.store.load(r.json()["table_id"]).seed == 42
    # Without a seed several people may play; the server draws one.
    r = client.post("/api/tables", json={"game": BR, "seats": humans_and_bots(5, 0)})
    assert r.status_code == 201
    assert client.app.state.store.load(r.json()["table_id"]).seed != 42


# ---------------------------------------------------------------------------------------- 2, 17: bodies
@pytest.mark.parametrize("path", ["/api/tables", "/api/replay"])
def test_deeply_nested_json_is_refused_as_invalid(client, path):
    deep = "[" * 100_000 + "]" * 100_000
    r = client.post(path, content=deep, headers={"Content-Type": "application/json"})
    assert r.status_code == 422
    assert r.json()["error"] == "invalid" and "nests deeper than 64 levels" in r.json()["detail"]
    # Within the parser's reach but past the limit: refused the same way.
    r = client.post(path, content="[" * 65 + "]" * 65, headers={"Content-Type": "application/json"})
    assert r.status_code == 422 and r.json()["error"] == "invalid"
    assert client.get("/api/tables").json() == []


def test_json_depth_is_measured_without_recursion():
    assert bodies.json_depth(3) == 0
    assert bodies.json_depth([]) == 1
    assert bodies.json_depth({"a": [1, {"b": []}]}) == 4
    value: list = []
    for _ in range(50_000):
        value = [value]
    assert bodies.json_depth(value) == 50_001


def test_a_body_over_the_limit_is_refused_before_it_is_parsed(client, monkeypatch):
    parsed = []
    from roses.server import deps

    real = deps.parse_json_body
    monkeypatch.setattr(deps, "parse_json_body", lambda raw: parsed.append(len(raw)) or real(raw))
    big = b'{"game": "' + b"x" * app_module.MAX_BODY_BYTES + b'"}'
    # Announced by Content-Length.
    r = client.post("/api/replay", content=big, headers={"Content-Type": "application/json"})
    assert r.status_code == 413
    assert r.json()["error"] == "too large" and str(app_module.MAX_BODY_BYTES) in r.json()["detail"]
    # Streamed without a length (chunked): cut off once past the limit.
    chunks = (big[i:i + 65536] for i in range(0, len(big), 65536))
    r = client.post("/api/tables", content=chunks, headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["error"] == "too large"
    assert parsed == []
    assert client.get("/api/tables").json() == []
    # A body within the limit is still read and parsed.
    r = client.post("/api/tables", json={"game": "", "seats": [{"kind": "human"}]})
    assert r.status_code == 422 and r.json()["param"] == "game" and len(parsed) == 1


def test_the_body_limit_leaves_room_for_the_longest_records():
    """A record is ~10 kB (Rare Roses, 6 seats, max_offers=50); the limit holds the 50 000 actions
    a replay accepts at 80 bytes each."""
    assert bodies.MAX_BODY_BYTES >= replays.MAX_REPLAY_ACTIONS * 80


# ---------------------------------------------------------------------------------------- 3: after the end
def play_quick_game(client) -> tuple[str, dict]:
    """A quick-game Roses and Thorns table (seat 0 human, two random bots) played to the end."""
    r = client.post("/api/tables", json={"game": RT, "params": {"quick_game": True}, "seed": 5,
                                         "seats": humans_and_bots(1, 2)})
    assert r.status_code == 201, r.text
    made = r.json()
    tid, token = made["table_id"], made["seats"][0]["token"]
    rng = random.Random(3)
    end = time.monotonic() + 60
    while True:
        v = client.get(f"/api/tables/{tid}", headers=auth(token)).json()
        if v["terminal"]:
            return tid, made
        assert time.monotonic() < end, "the quick game did not end"
        if v["legal_actions"]:
            client.post(f"/api/tables/{tid}/actions", headers=auth(token),
                        json={"action": rng.choice(v["legal_actions"]), "version": v["version"]})
        else:
            time.sleep(0.01)


def test_no_seat_is_handed_to_a_bot_once_the_game_is_over(client):
    needs(RT)
    tid, made = play_quick_game(client)
    host, token = made["host_token"], made["seats"][0]["token"]
    record = client.get(f"/api/tables/{tid}/record").json()
    before = client.get(f"/api/tables/{tid}", headers=auth(token)).json()
    assert record["players"] == ["human", "bot:random", "bot:random"]
    r = client.post(f"/api/tables/{tid}/seats/0/bot", json={"bot": "random"}, headers=auth(host))
    assert r.status_code == 409
    assert r.json()["error"] == "finished" and "the game is over" in r.json()["detail"]
    assert client.get(f"/api/tables/{tid}/record").json() == record
    after = client.get(f"/api/tables/{tid}", headers=auth(token)).json()
    assert after["seat"] == 0 and after["replaced_by_bot"] is False
    assert after["seats"] == before["seats"] and after["revision"] == before["revision"]


# ---------------------------------------------------------------------------------------- 16: error bodies
@pytest.mark.parametrize("method, path, status, error", [
    ("GET", "/api/rules/..%2F..", 404, "not found"),
    ("GET", "/api/nothing-here", 404, "not found"),
    ("GET", "/static/no-such-file.js", 404, "not found"),
    ("DELETE", "/api/tables/x", 405, "method not allowed"),
    ("PUT", "/api/tables", 405, "method not allowed"),
])
def test_every_error_body_has_error_and_detail(client, method, path, status, error):
    r = client.request(method, path)
    assert r.status_code == status
    body = r.json()
    assert body["error"] == error and isinstance(body["detail"], str) and body["detail"]


def test_a_405_still_names_the_allowed_methods(client):
    r = client.put("/api/tables")
    assert r.status_code == 405 and "POST" in r.headers["allow"].replace(" ", "").split(",")


# ---------------------------------------------------------------------------------------- 15: roses serve
def serve(*args: str):
    from roses.cli import app

    return CliRunner().invoke(app, ["serve", *args])


def test_serve_refuses_a_folder_it_cannot_create_in_one_line():
    r = serve("--data-dir", "/proc/nope")
    assert r.exit_code == 2
    assert r.output.strip().splitlines() == [
        "error: --data-dir '/proc/nope': cannot create this folder (No such file or directory)"]


@pytest.mark.parametrize("url, says", [("garbage", "not a database URL"),
                                       ("nosuchdialect://x/y", "not a database URL")])
def test_serve_refuses_a_malformed_database_url_in_one_line(url, says, tmp_path):
    r = serve("--database-url", url, "--data-dir", str(tmp_path / "data"))
    assert r.exit_code == 2
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --database-url:") and says in lines[0]
    assert "Traceback" not in r.output


def test_serve_on_a_busy_port_fails_before_migrating_or_printing_the_address(tmp_path):
    data = tmp_path / "data"
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        r = serve("--port", str(port), "--data-dir", str(data))
    assert r.exit_code == 2
    assert r.output.strip().splitlines() == [
        f"error: port {port} on 127.0.0.1 is already in use (another roses serve?); choose another with --port"]
    assert "open http" not in r.output
    assert not (data / "roses.sqlite").exists()  # no database opened, no migration applied


def test_serve_reports_an_unreachable_database_in_one_line(tmp_path):
    with socket.socket() as s:  # a port nobody listens on (for the database and for the server)
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    r = serve("--database-url", f"postgresql+psycopg://roses@127.0.0.1:{port}/roses", "--port", str(port))
    if "driver is not installed" in r.output:
        pytest.skip("psycopg is not installed")
    assert r.exit_code == 1
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: cannot connect to the database:")


# ---------------------------------------------------------------------------------------- 22: closing
def test_the_host_closes_an_abandoned_table(client):
    """Closed: status ``closed`` in the view, gone from the lobby list, and nothing more is played
    (actions, chat, seat changes: 409); only the host may close; closing again changes nothing."""
    needs(RT)
    # Seat 1 starts: a human, so the bot never moves (when the bot started, its first move could
    # still be on its way to the store when the view below was read).
    r = client.post("/api/tables", json={"game": RT, "params": {"start_player": 0}, "seats": humans_and_bots(2, 1)})
    made = r.json()
    tid, host = made["table_id"], made["host_token"]
    toks = {s["seat"]: s["token"] for s in made["seats"] if s["kind"] == "human"}
    made_other = client.post("/api/tables", json={"game": RT, "seats": humans_and_bots(1, 2)}).json()
    other = made_other["table_id"]
    # Its player opens it, so the lobby lists it whoever starts (a table nobody joined is listed
    # only once it moved; without a seed the start player, hence a bot's first move, is random).
    other_token = next(s["token"] for s in made_other["seats"] if s["kind"] == "human")
    assert client.get(f"/api/tables/{other}", headers=auth(other_token)).status_code == 200
    v = client.get(f"/api/tables/{tid}").json()
    mover = v["current_player"]
    assert mover in toks  # a human seat is to move: the table waits for it
    mine = client.get(f"/api/tables/{tid}", headers=auth(toks[mover])).json()
    assert mine["legal_actions"]

    r = client.post(f"/api/tables/{tid}/close", json={})
    assert r.status_code == 401 and r.json()["error"] == "unauthorized"
    r = client.post(f"/api/tables/{tid}/close", headers=auth(toks[mover]), json={})
    assert r.status_code == 403 and r.json()["detail"] == "only the table's host may close it"
    assert client.get(f"/api/tables/{tid}").json()["status"] in ("waiting", "playing")
    r = client.post("/api/tables/nope/close", headers=auth(host), json={})
    assert r.status_code == 404 and r.json()["error"] == "not found"

    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        assert ws.receive_json()["status"] != "closed"
        r = client.post(f"/api/tables/{tid}/close", headers=auth(host), json={})
        assert r.status_code == 200
        assert r.json()["status"] == "closed" and r.json()["host"] is True
        pushed = ws.receive_json()
        while pushed["status"] != "closed":  # a connect/seat push may come first
            pushed = ws.receive_json()
        assert pushed["version"] == v["version"]
    assert [t["table_id"] for t in client.get("/api/tables").json()] == [other]
    store = client.app.state.store
    assert store.load(tid).status == "closed" and tid not in store.unfinished()

    closed = client.get(f"/api/tables/{tid}", headers=auth(toks[mover])).json()
    assert closed["status"] == "closed" and closed["legal_actions"] == [] and closed["turn_deadline"] is None
    r = client.post(f"/api/tables/{tid}/actions", headers=auth(toks[mover]),
                    json={"action": mine["legal_actions"][0], "version": mine["version"]})
    assert r.status_code == 409 and r.json()["error"] == "closed"
    r = client.post(f"/api/tables/{tid}/chat", headers=auth(toks[mover]), json={"text": "anyone?"})
    assert r.status_code == 409 and r.json()["error"] == "closed"
    r = client.post(f"/api/tables/{tid}/seats/{mover}/bot", headers=auth(host), json={"bot": "random"})
    assert r.status_code == 409 and r.json()["error"] == "closed"
    r = client.post(f"/api/tables/{tid}/close", headers=auth(host), json={})  # again: no change
    assert r.status_code == 200 and r.json()["revision"] == closed["revision"]
    after = client.get(f"/api/tables/{tid}").json()
    assert after["version"] == v["version"] and after["chat"] == [] and after["seats"][mover]["kind"] == "human"
    r = client.get(f"/api/tables/{tid}/record")  # closed before the end: no record, and it says why
    assert r.status_code == 409 and r.json()["error"] == "closed"


def test_a_closed_table_stops_its_bots_and_a_finished_one_cannot_be_closed(client):
    needs(RT)
    store = client.app.state.store
    made = client.post("/api/tables", json={"game": RT, "seats": humans_and_bots(0, 3), "bot_delay_ms": 200}).json()
    tid = made["table_id"]
    r = client.post(f"/api/tables/{tid}/close", headers=auth(made["host_token"]), json={})
    assert r.status_code == 200
    at = store.load(tid).version
    service, end = client.app.state.service, time.monotonic() + 90
    while tid in service.runner.runners and time.monotonic() < end:  # the table's bot task sees "closed"
        time.sleep(0.01)
    assert tid not in service.runner.runners
    # A control: the same table left open. Once its bots have made five moves (five bot delays,
    # and the runner's polls for due tables between them), the closed one would have moved too.
    control = client.post("/api/tables", json={"game": RT, "seats": humans_and_bots(0, 3), "bot_delay_ms": 200}).json()
    start, end = store.load(control["table_id"]).version, time.monotonic() + 90
    while store.load(control["table_id"]).version < start + 5:
        assert time.monotonic() < end, "the open control table's bots did not move"
        time.sleep(0.01)  # polling; the deadline alone decides a failure
    assert store.load(tid).version == at and client.get(f"/api/tables/{tid}/record").status_code == 409
    # The compare-and-set itself refuses a closed table (a bot of another process, mid-thought).
    from roses.server.store import StaleVersion

    with pytest.raises(StaleVersion):
        store.append_actions(tid, at, [(0, "x")], status=None, current_player=0, returns=None)

    tid, made = play_quick_game(client)
    r = client.post(f"/api/tables/{tid}/close", headers=auth(made["host_token"]), json={})
    assert r.status_code == 409 and r.json()["error"] == "finished"
    assert store.load(tid).status == "finished"
    assert tid in [t["table_id"] for t in client.get("/api/tables").json()]


# ---------------------------------------------------------------------------------------- 17: WebSocket frames
def test_a_real_server_limits_websocket_messages_and_answers_413_on_the_wire(tmp_path):
    """``roses serve`` (uvicorn): a client's WebSocket message over WS_MAX_BYTES closes that
    connection (1009) while pings still work; an oversized HTTP body announced by Content-Length
    gets the 413 JSON answer through the real server."""
    import http.client
    import json

    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    from roses.server import WS_MAX_BYTES

    from .browser_fixtures import ServerProcess, api

    server = ServerProcess(tmp_path).start()
    try:
        status, made = api(server.base, "POST", "/api/tables", {"game": RT, "seats": humans_and_bots(1, 2)})
        assert status == 201, made
        with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{made['table_id']}") as ws:
            assert json.loads(ws.recv(timeout=60))["type"] == "view"
            ws.send(json.dumps({"type": "ping"}))
            # A bot to move first (400 ms, the server's default delay) may push its move before the
            # pong when the machine is slow: skip views until the pong.
            while (msg := json.loads(ws.recv(timeout=60)))["type"] == "view":
                pass
            assert msg == {"type": "pong"}
            ws.send("x" * (WS_MAX_BYTES + 1))
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=60)
            assert closed.value.rcvd.code == 1009
        # Only the headers are sent: the server answers before any byte of the body arrives.
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        conn.putrequest("POST", "/api/replay")
        conn.putheader("Content-Type", "application/json")
        conn.putheader("Content-Length", str(30 * 1024 * 1024))
        conn.endheaders()
        answer = conn.getresponse()
        assert answer.status == 413 and json.loads(answer.read())["error"] == "too large"
        conn.close()
        assert api(server.base, "GET", "/api/health")[0] == 200
    finally:
        server.stop()


# ------------------------------------------------------------------------ unexpected errors: 500
def test_an_unexpected_error_is_answered_as_json_without_the_traceback(tmp_path, monkeypatch):
    """An uncaught exception (a bug) is answered 500 ``{error: "internal", detail}`` like every
    other error, not Starlette's plain text; the exception's text (paths, SQL, hidden cards) is not
    in the body (docs/server-api.md, "Errors")."""
    from fastapi.testclient import TestClient

    from roses.server.service import TableService

    secret = "Traceback: /srv/roses/store.py line 3: hand=[thorn, rose]"

    async def broken(self, table_id, token):
        raise RuntimeError(secret)

    monkeypatch.setattr(TableService, "get_view", broken)
    app = app_module.create_app(database_url=f"sqlite:///{tmp_path / 'roses.sqlite'}", bot_delay_ms=0)
    with TestClient(app, raise_server_exceptions=False) as c:
        r = c.get("/api/tables/anything")
        assert r.status_code == 500
        assert r.headers["content-type"].startswith("application/json")
        assert r.json() == {"error": "internal", "detail": "an unexpected error on the server; it has been logged"}
        assert "Traceback" not in r.text and "store.py" not in r.text and "thorn" not in r.text
        # Everything else still answers as before.
        assert c.get("/api/games").status_code == 200
