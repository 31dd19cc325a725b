"""Input the server refuses or limits: a lone surrogate in any text (a name, chat, a parameter)
is refused and changes nothing while a surrogate pair is welcome; the per-minute limits on
replays, seat changes and reads (found by an adversarial round against ``roses serve``)."""
from __future__ import annotations

import pytest

from .helpers import loadable_games, second_while_first_is_held

GAMES = loadable_games()
RT = "roses-and-thorns"
JSON = {"Content-Type": "application/json"}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", **JSON}


@pytest.fixture(autouse=True)
def _needs_rt():
    if RT not in GAMES:
        pytest.skip(f"{RT} does not load")


def made_table(client) -> dict:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    r = client.post("/api/tables", json={"game": RT, "seats": seats, "bot_delay_ms": 60000})
    assert r.status_code == 201, r.text
    return r.json()


# ------------------------------------------------------------------ lone surrogates in JSON text
# JSON may escape a lone UTF-16 surrogate ("\ud800"); Python's parser takes it into a str that
# no UTF-8 encoder accepts. It reached the store (SQLite, PostgreSQL: 500 at the insert) or, in
# the in-memory store, was kept: from then on every view of the table and the lobby itself
# answered 500 (the JSON answer could not be encoded), and a parameter name made the 422's own
# body unencodable (500).
LONE = "\\ud800"


@pytest.mark.parametrize("path, body", [
    ("/api/tables", '{"game": "roses-and-thorns", "name": "T%s", "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]}'),
    ("/api/tables", '{"game": "roses-and-thorns", "seats": [{"kind": "human", "name": "A%s"}, {"kind": "bot"}, {"kind": "bot"}]}'),
    ("/api/tables", '{"game": "roses-and-thorns", "params": {"x%s": 1}, "seats": [{"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}]}'),
    ("/api/replay", '{"format": 1, "game": "g%s"}'),
])
def test_a_lone_surrogate_in_a_body_is_refused_as_invalid(client, path, body):
    r = client.post(path, content=body % LONE, headers=JSON)
    assert r.status_code == 422, r.text
    assert r.json()["error"] == "invalid" and "Unicode" in r.json()["detail"]
    assert client.get("/api/tables").status_code == 200


def test_a_lone_surrogate_in_chat_or_a_name_changes_nothing_and_the_table_stays_readable(client):
    made = made_table(client)
    tid, tok = made["table_id"], made["seats"][0]["token"]
    before = client.get(f"/api/tables/{tid}", headers=auth(tok)).json()
    for path, body in [(f"/api/tables/{tid}/chat", '{"text": "hi %s"}'),
                       (f"/api/tables/{tid}/seats/0/name", '{"name": "Ann%s"}'),
                       (f"/api/tables/{tid}/talk", '{"kind": "accuse", "target": 1, "claim": "%s"}')]:
        r = client.post(path, content=body % LONE, headers=auth(tok))
        assert r.status_code == 422, (path, r.text)
    after = client.get(f"/api/tables/{tid}", headers=auth(tok))
    assert after.status_code == 200, after.text
    assert after.json()["chat"] == before["chat"] == []
    assert after.json()["seats"][0]["name"] == before["seats"][0]["name"]
    assert client.get("/api/tables").status_code == 200


def test_a_surrogate_pair_is_one_character_and_welcome(client):
    made = made_table(client)
    tid, tok = made["table_id"], made["seats"][0]["token"]
    r = client.post(f"/api/tables/{tid}/chat", content='{"text": "a rose \\ud83c\\udf39"}', headers=auth(tok))
    assert r.status_code == 200, r.text
    assert r.json()["chat"][-1]["text"] == "a rose \U0001f339"


# ------------------------------------------------------------------ replays flooded
# POST /api/replay had no limit: a 20 kB record of a long Rare Roses game costs the server ~0.7 s
# of CPU and answers ~20 MB; 20 sent at once from one address took 16 s of the server's CPU and
# held a /api/health request for 2 s, every one answered 200.
def finished_record(client) -> dict:
    import roses
    from roses.core import GameRecord

    state = roses.load(RT, players=3).new_initial_state(seed=1)
    while not state.is_terminal():
        state.apply(state.sample_chance() if state.is_chance_node() else state.legal_actions()[0])
    return GameRecord.from_state(state).to_json()


def test_replays_are_rate_limited_per_address(make_client):
    from roses.server.limits import Limits

    client = make_client(limits=Limits().with_(replay="2/minute"))
    record = finished_record(client)
    for _ in range(2):
        assert client.post("/api/replay", json=record).status_code == 200
    r = client.post("/api/replay", json=record)
    assert r.status_code == 429, r.text
    assert r.json()["error"] == "too many requests" and "replays from your address" in r.json()["detail"]
    assert int(r.headers["Retry-After"]) >= 1


def test_one_replay_at_a_time_per_address(make_client, monkeypatch):
    from roses.server import routes_study as app_module
    from roses.server.limits import Limits

    client = make_client(limits=Limits())
    record = finished_record(client)
    first, r = second_while_first_is_held(monkeypatch, app_module, "replay_steps",
                                          lambda: client.post("/api/replay", json=record),
                                          lambda: client.post("/api/replay", json=record), timeout=10)
    assert r.status_code == 429, r.text
    assert r.json()["error"] == "busy" and "replay" in r.json()["detail"]
    assert first.status_code == 200
    assert client.post("/api/replay", json=record).status_code == 200  # the slot was given back


# ------------------------------------------------------------------ seat changes flooded
# Seat names, open seats and seats handed to bots had no limit, though each pushes a whole view to
# every viewer of the table: 300 renames and open/close toggles in 1.2 s pushed 6,020 views
# (10 MB) to 20 spectators, all answered 200 (chat was limited for the same reason, issue 13).
def test_seat_changes_are_rate_limited_per_token_and_per_address(make_client):
    from roses.server.limits import Limits

    client = make_client(limits=Limits().with_(seat_change="2/minute", seat_change_address="3/minute"))
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    made = client.post("/api/tables", json={"game": RT, "seats": seats, "bot_delay_ms": 60000}).json()
    tid, tok, host = made["table_id"], made["seats"][0]["token"], made["host_token"]
    name = lambda n: client.post(f"/api/tables/{tid}/seats/0/name", json={"name": n}, headers=auth(tok))
    assert name("Ann").status_code == name("Bea").status_code == 200
    r = name("Cy")
    assert r.status_code == 429, r.text
    assert "seat changes with this token" in r.json()["detail"] and int(r.headers["Retry-After"]) >= 1
    assert client.get(f"/api/tables/{tid}").json()["seats"][0]["name"] == "Bea"  # nothing changed
    assert client.post(f"/api/tables/{tid}/seats/1/open", json={"open": True}, headers=auth(host)).status_code == 200
    r = client.post(f"/api/tables/{tid}/seats/1/bot", json={"bot": "random"}, headers=auth(host))
    assert r.status_code == 429 and "seat changes from your address" in r.json()["detail"]
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["kind"] == "human"


# ------------------------------------------------------------------ reads flooded
# GET requests had no limit: 2,000 parallel GETs of one table from one client were all answered
# 200 and kept the server busy for 6.3 s.
def test_reads_are_rate_limited_per_address_and_health_is_not(make_client):
    from roses.server.limits import Limits

    client = make_client(limits=Limits().with_(read="4/minute"))
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    tid = client.post("/api/tables", json={"game": RT, "seats": seats, "bot_delay_ms": 60000}).json()["table_id"]
    paths = ["/api/games", "/api/tables", f"/api/tables/{tid}", f"/api/tables/{tid}/log"]
    assert [client.get(p).status_code for p in paths] == [200, 200, 200, 200]
    for path in [*paths, f"/api/rules/{RT}", f"/api/tables/{tid}/record"]:
        r = client.get(path)
        assert r.status_code == 429, (path, r.text)
        assert r.json()["error"] == "too many requests" and "requests from your address" in r.json()["detail"]
        assert int(r.headers["Retry-After"]) >= 1
    assert client.get("/api/health").status_code == 200  # a load balancer's check is never refused
    doc = client.get("/api/openapi.json").json()["paths"]  # documented: a 429 is in the schema
    assert "429" in doc["/api/tables/{table_id}"]["get"]["responses"] and "429" not in doc["/api/health"]["get"]["responses"]
