"""Regression tests of issue 13 ("The server under attack and load"): each fault an attacker or an
unlucky user found, held as a kind (docs/reliability.md lists them with the commands)."""
from __future__ import annotations

import json

import pytest

from ..registry import every_game
from .helpers import loadable_games

GAMES = loadable_games()
RT = "roses-and-thorns"


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def one_human(name: str | None = None) -> list[dict]:
    human = {"kind": "human"} if name is None else {"kind": "human", "name": name}
    return [human, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


@pytest.fixture(autouse=True)
def _needs_rt():
    if RT not in GAMES:
        pytest.skip(f"{RT} does not load")


def made_table(client, seats=None) -> dict:
    r = client.post("/api/tables", json={"game": RT, "seats": seats or one_human(), "bot_delay_ms": 60000})
    assert r.status_code == 201, r.text
    return r.json()


# ------------------------------------------------------------------ fault 1: a 4,301-digit integer
HUGE = "1" * 5000


@pytest.mark.parametrize("path", ["/api/tables", "/api/replay", "/api/analysis"])
def test_a_json_number_of_thousands_of_digits_is_refused_as_invalid(client, path):
    """Python's int-digit limit raised a plain ValueError inside json.loads: a 500 on every JSON
    body. Now it is 422 ``{error:"invalid"}`` naming the limit, and nothing is created."""
    body = '{"game": "%s", "seed": %s, "seats": []}' % (RT, HUGE)
    r = client.post(path, content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 422, r.text
    assert r.json()["error"] == "invalid" and "more than 100 digits" in r.json()["detail"]
    r = client.post(path, content='{"x": %s.5}' % HUGE, headers={"Content-Type": "application/json"})
    assert r.status_code == 422 and r.json()["error"] == "invalid"
    assert client.get("/api/tables").json() == []


def test_a_huge_number_on_the_websocket_is_ignored_and_the_socket_lives(client):
    made = made_table(client)
    with client.websocket_connect(f"/ws/tables/{made['table_id']}") as ws:
        assert ws.receive_json()["type"] == "view"
        ws.send_text('{"type": "ping", "n": %s}' % HUGE)
        ws.send_text('{"type": "ping"}')
        assert ws.receive_json() == {"type": "pong"}


# ------------------------------------------------------------------ fault 2: a binary frame
def test_a_binary_websocket_frame_is_ignored_and_the_socket_lives(client):
    """A binary frame raised ``KeyError: 'text'`` and closed the socket; the docs say non-JSON
    messages are ignored."""
    made = made_table(client)
    with client.websocket_connect(f"/ws/tables/{made['table_id']}") as ws:
        assert ws.receive_json()["type"] == "view"
        ws.send_bytes(b"\x00\xff binary")
        ws.send_bytes(json.dumps({"type": "ping"}).encode())
        ws.send_text('{"type": "ping"}')
        assert ws.receive_json() == {"type": "pong"}


# ------------------------------------------------------------------ fault 3: memory per unknown id
def service_of(client):
    return client.app.state.service


def per_table_entries(svc) -> dict[str, int]:
    return {"locks": len(svc.tables.locks), "wakers": len(svc.runner.wakers), "runners": len(svc.runner.runners),
            "known_revision": len(svc.updates.known_revision), "conns": len(svc.updates.conns),
            "cache": len(svc.tables.tables)}


def test_requests_for_unknown_tables_leave_nothing_behind(client):
    """6,000 GETs of unknown ids grew the process by 48 MB for good: a lock (and a waker and
    revision entry) per id asked for. Now nothing per id outlives its request."""
    svc = service_of(client)
    before = per_table_entries(svc)
    for i in range(200):
        assert client.get(f"/api/tables/nope{i}").status_code == 404
        assert client.post(f"/api/tables/nope{i}/actions", json={"action": "x", "version": 0},
                           headers=auth("t")).status_code == 404
    for i in range(20):
        with client.websocket_connect(f"/ws/tables/gone{i}") as ws:
            assert ws.receive_json()["status"] == 404
    assert per_table_entries(svc) == before


def test_a_finished_bot_table_leaves_no_runner_or_waker(client):
    import time

    svc = service_of(client)
    r = client.post("/api/tables", json={"game": RT, "seats": [{"kind": "bot", "bot": "random"}] * 3})
    tid = r.json()["table_id"]
    for _ in range(1500):  # generous: a loaded CI machine
        if client.get(f"/api/tables/{tid}").json()["terminal"]:
            break
        time.sleep(0.02)
    assert client.get(f"/api/tables/{tid}").json()["terminal"]
    for _ in range(500):  # the background task ends just after its last commit
        if not svc.runner.runners:
            break
        time.sleep(0.01)
    entries = per_table_entries(svc)
    assert entries["locks"] == entries["wakers"] == entries["runners"] == entries["known_revision"] == 0


# ------------------------------------------------------------------ fault 9: names that deceive
@pytest.mark.parametrize("typed, shown", [
    ("Al\u200bice", "Alice"),          # zero-width space
    ("\u200eBob\u200f", "Bob"),        # left-to-right and right-to-left marks
    ("Ca\u2060rol\ufeff", "Carol"),    # word joiner, byte-order mark
    ("Dave\u061c", "Dave"),            # Arabic letter mark
    ("Eve\u00ad", "Eve"),              # soft hyphen
])
def test_format_characters_are_stripped_from_names_and_chat(client, typed, shown):
    made = made_table(client, one_human(typed))
    view = client.get(f"/api/tables/{made['table_id']}").json()
    assert view["seats"][0]["name"] == shown
    r = client.post(f"/api/tables/{made['table_id']}/chat", json={"text": f"hi {typed}"},
                    headers=auth(made["seats"][0]["token"]))
    assert r.status_code == 200
    assert r.json()["chat"][-1]["text"] == f"hi {shown}"


@pytest.mark.parametrize("name", ["host", "HOST", "Ｈost", "Seat 1", "seat  0", "Seat #2", "Standard bot",
                                  "Hard search bot", "bot", "h\u200bost", "server"])
def test_a_seat_cannot_take_a_name_that_reads_as_someone_else(client, name):
    r = client.post("/api/tables", json={"game": RT, "seats": one_human(name)})
    assert r.status_code == 422, r.text
    assert r.json()["param"] == "seats[0].name" and "pick a name of your own" in r.json()["detail"]
    assert client.get("/api/tables").json() == []


def test_two_seats_cannot_share_a_name(client):
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": " ann "}, {"kind": "bot"}]
    r = client.post("/api/tables", json={"game": RT, "seats": seats})
    assert r.status_code == 422 and r.json()["param"] == "seats[1].name"
    assert "reads as another seat's name" in r.json()["detail"]
    seats[1]["name"] = "Annie"
    assert client.post("/api/tables", json={"game": RT, "seats": seats}).status_code == 201


# ------------------------------------------------------------------ fault 8: security headers
@pytest.mark.parametrize("path", ["/", "/t/abc123?token=secret", "/replay", "/static/table.js", "/api/games",
                                  "/api/tables/nope"])
def test_every_answer_carries_the_security_headers(client, path):
    r = client.get(path)
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"  # the join link's token stays out of Referer
    assert r.headers["x-frame-options"] == "DENY"
    csp = r.headers["content-security-policy"]
    assert "script-src 'self';" in csp and "frame-ancestors 'none'" in csp and "object-src 'none'" in csp


def test_the_pages_have_no_inline_script_the_policy_would_block():
    from pathlib import Path
    import re

    from roses.server.app import STATIC

    for page in Path(STATIC).glob("*.html"):
        html = page.read_text()
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, f"{page.name}: inline <script> would be blocked by script-src 'self'"
        assert not re.search(r"\son[a-z]+\s*=", html), f"{page.name}: inline handler"


# ------------------------------------------------------------------ faults 4, 5: limits
def limited(make_client, poll_interval: float = 0.05, **kw):
    from roses.server.limits import Limits

    return make_client(limits=Limits().with_(**kw), poll_interval=poll_interval)


def assert_429(r, says: str) -> None:
    assert r.status_code == 429, r.text
    body = r.json()
    assert body["error"] == "too many requests" and says in body["detail"]
    assert int(r.headers["Retry-After"]) == body["retry_after"] >= 1


def test_table_creation_is_rate_limited_per_address(make_client):
    client = limited(make_client, create="3/minute")
    for _ in range(3):
        made_table(client)
    r = client.post("/api/tables", json={"game": RT, "seats": one_human()})
    assert_429(r, "tables created from your address (3 per minute)")
    assert len(client.app.state.store.unfinished()) == 3  # the refused one was not created


def test_actions_are_rate_limited_per_token(make_client):
    client = limited(make_client, action="2/minute")
    made = made_table(client)
    tid, tok = made["table_id"], made["seats"][0]["token"]
    for _ in range(2):  # refused moves count too: each is work for the server
        v = client.get(f"/api/tables/{tid}", headers=auth(tok)).json()["version"]
        assert client.post(f"/api/tables/{tid}/actions", json={"action": "nonsense", "version": v},
                           headers=auth(tok)).status_code in (403, 422)
    version = client.get(f"/api/tables/{tid}").json()["version"]
    r = client.post(f"/api/tables/{tid}/actions", json={"action": "x", "version": version}, headers=auth(tok))
    assert_429(r, "moves with this seat's token")
    assert client.get(f"/api/tables/{tid}").json()["version"] == version
    other = made_table(client)  # another seat's token has its own allowance
    r = client.post(f"/api/tables/{other['table_id']}/actions", json={"action": "x", "version": 0},
                    headers=auth(other["seats"][0]["token"]))
    assert r.status_code != 429


def test_chat_is_rate_limited_per_token_and_per_address(make_client):
    client = limited(make_client, chat="2/minute", chat_address="3/minute")
    a, b = made_table(client), made_table(client)
    say = lambda m, i: client.post(f"/api/tables/{m['table_id']}/chat", json={"text": f"hi {i}"},
                                   headers=auth(m["seats"][0]["token"]))
    assert say(a, 1).status_code == say(a, 2).status_code == 200
    assert_429(say(a, 3), "chat messages with this seat's token")
    assert say(b, 1).status_code == 200
    assert_429(say(b, 2), "chat messages from your address")
    assert [c["text"] for c in client.get(f"/api/tables/{a['table_id']}").json()["chat"]] == ["hi 1", "hi 2"]


def test_websockets_are_capped_per_table_and_per_address(make_client):
    client = limited(make_client, sockets_per_table=2, sockets_per_address=3, join="100/minute")
    a, b = made_table(client), made_table(client)
    with client.websocket_connect(f"/ws/tables/{a['table_id']}") as w1, \
            client.websocket_connect(f"/ws/tables/{a['table_id']}") as w2:
        assert w1.receive_json()["type"] == w2.receive_json()["type"] == "view"
        with client.websocket_connect(f"/ws/tables/{a['table_id']}") as w3:
            refused = w3.receive_json()
            assert refused["type"] == "error" and refused["status"] == 429
        with client.websocket_connect(f"/ws/tables/{b['table_id']}") as w4:
            assert w4.receive_json()["type"] == "view"
            with client.websocket_connect(f"/ws/tables/{b['table_id']}") as w5:
                assert w5.receive_json()["status"] == 429
    svc = service_of(client)
    assert svc.updates.by_address == {} and svc.updates.conns == {}  # every socket closed, nothing counted


def test_websocket_connections_are_rate_limited_per_address(make_client):
    client = limited(make_client, join="2/minute")
    a = made_table(client)
    for _ in range(2):
        with client.websocket_connect(f"/ws/tables/{a['table_id']}") as ws:
            assert ws.receive_json()["type"] == "view"
    with client.websocket_connect(f"/ws/tables/{a['table_id']}") as ws:
        refused = ws.receive_json()
        assert refused["status"] == 429 and "connections from your address" in refused["detail"]


def test_the_lobby_lists_only_tables_someone_joined_or_that_moved(client):
    """201 anonymous creations pushed every real table off the lobby: an unjoined, unmoved table
    is not listed; joining (its token used) lists it."""
    real = made_table(client)
    client.get(f"/api/tables/{real['table_id']}", headers=auth(real["seats"][0]["token"]))
    for _ in range(5):
        made_table(client)
    assert [t["table_id"] for t in client.get("/api/tables").json()] == [real["table_id"]]


def test_an_abandoned_table_leaves_the_lobby_but_its_link_still_opens_it(client, monkeypatch):
    """Regression: a joined table nobody touched again stayed in the lobby for ever as "Playing ·
    0 online". A table untouched for lobby_idle_seconds (a day) is not listed; its view still is."""
    from datetime import timedelta

    import roses.server.service as service_module

    real = made_table(client)
    token = real["seats"][0]["token"]
    client.get(f"/api/tables/{real['table_id']}", headers=auth(token))
    assert [t["table_id"] for t in client.get("/api/tables").json()] == [real["table_id"]]
    later = service_module.utcnow() + timedelta(days=1, seconds=1)
    monkeypatch.setattr(service_module, "utcnow", lambda: later)
    assert client.get("/api/tables").json() == []
    r = client.get(f"/api/tables/{real['table_id']}", headers=auth(token))
    assert r.status_code == 200 and r.json()["table_id"] == real["table_id"]
    monkeypatch.setattr(service_module, "utcnow", lambda: later - timedelta(hours=23))  # within a day
    assert [t["table_id"] for t in client.get("/api/tables").json()] == [real["table_id"]]


def test_a_table_nobody_joined_expires(make_client):
    client = limited(make_client, unjoined_ttl_seconds=0, poll_interval=3600)  # expired by hand here
    idle, used = made_table(client), made_table(client)
    client.get(f"/api/tables/{used['table_id']}", headers=auth(used["seats"][0]["token"]))
    svc = service_of(client)
    closed = client.portal.call(svc.expire_unjoined)
    assert closed == [idle["table_id"]]
    assert client.get(f"/api/tables/{idle['table_id']}").json()["status"] == "closed"
    assert client.get(f"/api/tables/{used['table_id']}").json()["status"] != "closed"


# ------------------------------------------------------------------ fault 5: pushes that scale
def drain(ws, timeout: float = 0.3) -> list[dict]:
    """Every message the socket receives within ``timeout`` seconds of quiet (a ping's pong ends it)."""
    ws.send_text('{"type": "ping"}')
    out = []
    while True:
        msg = ws.receive_json()
        if msg == {"type": "pong"}:
            return out
        out.append(msg)


def test_chat_travels_as_chat_events_not_whole_views(client):
    """Each chat message pushed the whole view (60 KB with 100 messages) to every viewer; now each
    viewer gets one small chat event, and views pushed carry no chat."""
    made = made_table(client)
    tid, tok = made["table_id"], made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}") as s1, \
            client.websocket_connect(f"/ws/tables/{tid}?token={tok}") as player:
        first = s1.receive_json()
        assert first["type"] == "view" and "chat" not in first
        assert player.receive_json()["seat"] == 0
        drain(s1), drain(player)
        for i in range(3):
            r = client.post(f"/api/tables/{tid}/chat", json={"text": f"hello {i}"}, headers=auth(tok))
            assert r.status_code == 200 and r.json()["chat"][-1]["text"] == f"hello {i}"  # the answer: a full view
        for ws in (s1, player):
            got = drain(ws)
            assert [m["type"] for m in got] == ["chat"] * 3
            assert [m["message"]["text"] for m in got] == ["hello 0", "hello 1", "hello 2"]
            assert all(m["message"]["name"] == "Seat 1" and m["message"]["seat"] == 0 for m in got)
            assert len(json.dumps(got[0])) < 300


def test_a_view_is_pushed_only_to_connections_whose_view_changed(client):
    """A spectator arriving changes no one's view (spectators are not listed): nothing is pushed to
    the 20 already watching; the player arriving changes every view (its seat is connected)."""
    made = made_table(client)
    tid, tok = made["table_id"], made["seats"][0]["token"]
    import contextlib

    with contextlib.ExitStack() as stack:
        watchers = [stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}")) for _ in range(20)]
        for ws in watchers:
            assert ws.receive_json()["type"] == "view"
        assert all(drain(ws) == [] for ws in watchers)
        player = stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}?token={tok}"))
        assert player.receive_json()["seat"] == 0
        for ws in watchers:
            got = drain(ws)
            assert len(got) == 1 and got[0]["seats"][0]["connected"] is True


def test_a_slow_reader_holds_a_bounded_queue():
    from roses.server.auth import Who
    from roses.server.pushes import MAX_QUEUED, Conn

    conn = Conn("t", Who(None))
    for i in range(500):
        conn.push_event(f"chat {i}")
        conn.push_view(f"view {i}", f"v{i}")
    queued = conn.take()
    assert len(queued) == MAX_QUEUED
    assert queued[-1] == "view 499" and sum(t.startswith("view") for t in queued) == 1
    assert queued[-2] == "chat 499"  # the newest chat kept, the oldest dropped


# ------------------------------------------------------------------ the RNG follows from seed and history
@pytest.mark.parametrize("game", every_game())
def test_a_table_rebuilt_from_seed_and_history_continues_chance_as_the_live_one(client, game):
    """The RNG state is not stored: every chance outcome uses up one draw of the state's RNG
    (``State.sample_chance``), so the state rebuilt from seed and stored actions holds the RNG
    where the live table's is, and chance after a restart continues the same stream."""
    import time

    from roses.core import get_spec
    from roses.server.cache import rebuild

    if game not in GAMES:
        pytest.skip(f"{game} does not load")
    spec = get_spec(game)
    players = max(spec.min_players, 2) if game != "rare-roses" else spec.min_players
    r = client.post("/api/tables", json={"game": game, "seed": 5, "params": {"players": players},
                                         "seats": [{"kind": "bot", "bot": "random"}] * players})
    assert r.status_code == 201, r.text
    tid = r.json()["table_id"]
    svc, store = service_of(client), client.app.state.store
    for _ in range(400):
        if store.load(tid).version >= 12 or store.load(tid).status == "finished":
            break
        time.sleep(0.01)
    svc.closing = True  # stop the bots: compare one position
    for _ in range(500):  # the table's background task ends after the move it is making
        if tid not in svc.runner.runners:
            break
        time.sleep(0.01)
    assert tid not in svc.runner.runners
    row = store.load(tid)
    history = store.actions(tid, 0, row.version)
    assert sum(seat == -1 for seat, _ in history) >= 1  # chance was sampled
    rebuilt = rebuild(row.game, row.params, row.seed, history)
    live = svc.tables.tables[tid]
    assert live.version == row.version
    assert rebuilt.rng.getstate() == live.state.rng.getstate()
    svc.closing = False
