"""Analysis of a finished game (POST /api/analysis) and hints at a table (POST
/api/tables/{id}/hint), issue 10; bot labels in GET /api/games. A small-iteration search stands
in for the server's level so the tests are quick."""
from __future__ import annotations

import functools
import os
import threading
import time

import pytest

from .helpers import real_choices, second_while_first_is_held

from roses.agents.ismcts import ISMCTSAgent
import roses
from roses.core.plain import engine_syntax
from roses.server import analysis as analysis_module
from roses.server.service import HINTS_REFUSED
from roses.agents.labels import bot_label

RC = "rose-ceremony"
RT = "roses-and-thorns"


@pytest.fixture(autouse=True)
def fast_analyser(monkeypatch):
    # picklable: the factory travels to the thinking service's workers with each job
    monkeypatch.setattr(analysis_module, "MAKE", functools.partial(ISMCTSAgent, iterations=20))


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def finished_record(client, game: str = RC, seed: int = 3) -> dict:
    """The record of a finished 2-seat table of heuristic bots."""
    r = client.post("/api/tables", json={"game": game, "params": {"players": 2}, "seed": seed, "bot_delay_ms": 0,
                                         "seats": [{"kind": "bot", "bot": "heuristic"}] * 2})
    assert r.status_code == 201, r.text
    tid = r.json()["table_id"]
    end = time.monotonic() + 60
    while True:
        rec = client.get(f"/api/tables/{tid}/record")
        if rec.status_code == 200:
            return rec.json()
        assert time.monotonic() < end, "the bots' game did not end"
        time.sleep(0.02)





# ------------------------------------------------------------------------------------ analysis
def test_analysis_of_a_finished_game_has_one_decision_per_real_choice(client):
    data = finished_record(client)
    r = client.post("/api/analysis", json={"record": data, "seat": 0})
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["game"] == RC and out["seat"] == 0 and out["bot"] == "ismcts:hard"
    steps = [d["step"] for d in out["decisions"]]
    assert steps == real_choices(data, 0) and len(steps) >= 3
    for d in out["decisions"]:
        assert 0.0 <= d["chance"] <= 1.0
        assert d["played_chance"] is None or 0.0 <= d["played_chance"] <= 1.0
        assert d["played"] == data["actions"][d["step"]][1] and d["seat"] == 0
        assert d["move"] == d["step"] + 1 and d["legal"] >= 2
        assert d["drop"] >= 0.0
    assert len(out["marked"]) <= 3
    for m in out["marked"]:
        assert m["drop"] >= 0.05 and m["step"] in steps
        who = data["holders"][0][-1]["name"]  # the seat by its name at the table, not "you"
        assert m["text"].startswith(f"Move {m['step'] + 1}: {who} played '{m['played_words']}'; '{m['best_words']}' kept about ")
        assert not engine_syntax(m["text"]), m["text"]
    drops = [m["drop"] for m in out["marked"]]
    assert drops == sorted(drops, reverse=True)


def test_analysis_refuses_a_bad_seat_or_record(client):
    data = finished_record(client)
    for seat in (2, -1, "0", None, True):
        r = client.post("/api/analysis", json={"record": data, "seat": seat})
        assert r.status_code == 422 and r.json()["error"] == "seat", (seat, r.text)
        assert r.json()["detail"] == "seat must be a whole number from 0 to 1 (this game has 2 seats)"
    r = client.post("/api/analysis", json={"record": {"format": 1}, "seat": 0})
    assert r.status_code == 422 and r.json()["error"] == "record"
    bad = dict(data, actions=[list(a) for a in data["actions"]])
    i = next(i for i, (s, _) in enumerate(bad["actions"]) if s == 0)
    bad["actions"][i] = [0, "no such move"]
    r = client.post("/api/analysis", json={"record": bad, "seat": 0})
    assert r.status_code == 422 and r.json()["error"] == "record"
    r = client.post("/api/analysis", json={"seat": 0})
    assert r.status_code == 422 and r.json()["detail"] == "the body must be {record: <a game record>, seat: <int>}"


def test_analysis_refuses_an_oversize_body(client):
    data = finished_record(client)
    big = {"record": dict(data, padding="x" * analysis_module.MAX_ANALYSIS_BYTES), "seat": 0}
    r = client.post("/api/analysis", json=big)
    assert r.status_code == 413 and r.json()["error"] == "too large"
    assert r.json()["detail"] == "the body is larger than 256 kB (262144 bytes)"


def test_analysis_refuses_a_record_with_too_many_decisions(client, monkeypatch):
    data = finished_record(client)
    monkeypatch.setattr(analysis_module, "MAX_ANALYSIS_DECISIONS", 1)
    r = client.post("/api/analysis", json={"record": data, "seat": 0})
    assert r.status_code == 422 and r.json()["error"] == "record"
    assert "too long to analyse" in r.json()["detail"]


def test_a_second_analysis_from_the_same_client_is_refused_while_one_runs(client, monkeypatch):
    data = finished_record(client)
    monkeypatch.setattr(analysis_module, "MAKE", functools.partial(ISMCTSAgent, iterations=5))
    first, r = second_while_first_is_held(
        monkeypatch, analysis_module, "analysis_jobs",
        lambda: client.post("/api/analysis", json={"record": data, "seat": 0}),
        lambda: client.post("/api/analysis", json={"record": data, "seat": 1}))
    assert r.status_code == 429
    assert r.json() == {"error": "busy", "detail": "an analysis you asked for is still running; wait for it to finish"}
    assert first.status_code == 200
    # the slot is free again
    assert client.post("/api/analysis", json={"record": data, "seat": 1}).status_code == 200


def held_in_worker(monkeypatch, tmp_path, first, second, timeout: float = 120.0):
    """``(first's response, second's response)``: ``first()`` sent from a thread, its think held
    in the thinking service's worker (``analysis.MAKE`` waits there for a file), ``second()`` sent
    while it is held, then the first released."""
    from .think_helpers import gated_agent

    gate = str(tmp_path / "gate")
    monkeypatch.setattr(analysis_module, "MAKE", functools.partial(gated_agent, gate))
    out: dict = {}
    thread = threading.Thread(target=lambda: out.update(r=first()))
    thread.start()
    try:
        end = time.monotonic() + timeout
        while not os.path.exists(gate + ".started"):
            assert time.monotonic() < end, "the first think never started"
            time.sleep(0.01)
        answer = second()
    finally:
        open(gate, "w").close()
        thread.join(timeout)
    return out["r"], answer


# ------------------------------------------------------------------------------------ hints
def solo_table(client, hints: bool | None, humans: int = 1) -> dict:
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "bot": "heuristic"}] * (3 - humans)
    body = {"game": RT, "params": {"quick_game": True}, "bot_delay_ms": 0, "seats": seats}
    if hints is not None:
        body["hints"] = hints
    if humans <= 1:
        body["seed"] = 4
    return client.post("/api/tables", json=body)


def my_turn(client, tid: str, token: str) -> dict:
    end = time.monotonic() + 90
    while True:
        v = client.get(f"/api/tables/{tid}", headers=auth(token)).json()
        if v["legal_actions"]:
            return v
        assert time.monotonic() < end and not v["terminal"]
        time.sleep(0.02)


def test_hints_are_refused_at_a_table_of_two_humans(client):
    r = solo_table(client, True, humans=2)
    assert r.status_code == 422
    assert r.json() == {"error": "hints", "param": "hints", "detail": HINTS_REFUSED}
    assert client.get("/api/tables").json() == []
    r = solo_table(client, "yes")
    assert r.status_code == 422 and r.json()["detail"] == "hints: Input should be a valid boolean"


def test_no_hint_at_a_table_without_hints(client):
    made = solo_table(client, None).json()
    tid, token = made["table_id"], made["seats"][0]["token"]
    v = my_turn(client, tid, token)
    assert v["hints"] is False
    r = client.post(f"/api/tables/{tid}/hint", headers=auth(token), json={})
    assert r.status_code == 403 and r.json()["detail"] == "this table does not allow hints"


def test_a_hint_for_the_seat_to_move_and_for_no_one_else(client):
    made = solo_table(client, True).json()
    tid, token, host = made["table_id"], made["seats"][0]["token"], made["host_token"]
    v = my_turn(client, tid, token)
    assert v["hints"] is True
    r = client.post(f"/api/tables/{tid}/hint", headers=auth(token), json={})
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["seat"] == 0 and out["version"] == v["version"]
    assert out["move"] in v["legal_actions"]
    assert 0.0 <= out["chance"] <= 1.0
    assert out["text"].startswith("Suggested: ") or out["text"].startswith("Only one move")
    # the move as the player's menu names it, not its engine text ("lay rose" reads "Lay a rose")
    words = roses.load(RT).spec.describe_action(v["observation"], out["move"])
    assert words in out["text"] and words != out["move"] and engine_syntax(out["text"]) == []
    # nothing was played
    assert client.get(f"/api/tables/{tid}", headers=auth(token)).json()["version"] == v["version"]
    # the host (no seat), a spectator and a stranger get none
    r = client.post(f"/api/tables/{tid}/hint", headers=auth(host), json={})
    assert r.status_code == 403 and r.json()["detail"] == "only a player at the table can ask for a hint"
    assert client.post(f"/api/tables/{tid}/hint", json={}).status_code == 401
    assert client.post(f"/api/tables/{tid}/hint", headers=auth("nope"), json={}).status_code == 401


def test_a_hint_names_the_seats_as_the_table_does(client):
    """Regression: a hint said "Offer a card … to Seat 2" where the table shows the seat as
    "Rowan (standard bot)". Every seat a hint mentions is named as the table names it."""
    r = client.post("/api/tables", json={"game": RC, "params": {"players": 3}, "seed": 6, "bot_delay_ms": 0,
                                         "hints": True, "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 2})
    assert r.status_code == 201, r.text
    made = r.json()
    tid, token = made["table_id"], made["seats"][0]["token"]
    for _ in range(6):
        v = my_turn(client, tid, token)
        out = client.post(f"/api/tables/{tid}/hint", headers=auth(token), json={}).json()
        assert "Seat 2" not in out["text"] and "Seat 3" not in out["text"], out["text"]
        if out["move"].startswith("offer"):
            target = int(out["move"].rsplit(" ", 1)[1])
            name = next(s["name"] for s in v["seats"] if s["seat"] == target)
            assert name.endswith("(standard bot)") and f"to {name}" in out["text"], out["text"]
            return
        r = client.post(f"/api/tables/{tid}/actions", headers=auth(token), json={"action": out["move"], "version": v["version"]})
        assert r.status_code == 200, r.text
    raise AssertionError("no offer was hinted in six turns")


def test_no_hint_when_it_is_not_your_turn(client):
    # The human holds seat 2; the bots wait a minute before moving, so seat 0 stays to move.
    seats = [{"kind": "bot", "bot": "heuristic"}] * 2 + [{"kind": "human"}]
    made = client.post("/api/tables", json={"game": RT, "params": {"quick_game": True}, "bot_delay_ms": 60000,
                                            "seed": 4, "hints": True, "seats": seats}).json()
    tid, token = made["table_id"], made["seats"][2]["token"]
    v = client.get(f"/api/tables/{tid}", headers=auth(token)).json()
    assert v["current_player"] == 0 and v["legal_actions"] == []
    r = client.post(f"/api/tables/{tid}/hint", headers=auth(token), json={})
    assert r.status_code == 403 and r.json()["detail"] == "a hint is for your own turn: it is not your turn"
    # a seat handed to a bot asks no more
    client.post(f"/api/tables/{tid}/seats/2/bot", json={"bot": "random"}, headers=auth(made["host_token"]))
    r = client.post(f"/api/tables/{tid}/hint", headers=auth(token), json={})
    assert r.status_code == 403 and r.json()["detail"] == "your seat (seat 3) is now played by a bot"


def test_bot_labels_are_plain_names(client):
    games = {g["name"]: g for g in client.get("/api/games").json()}
    labels = games[RC]["bot_labels"]
    assert labels["heuristic"] == "Standard" and labels["random"] == "Random"
    assert labels["ismcts:hard"] == "Hard search" and labels["ismcts:easy"] == "Easy search"
    assert list(labels) == games[RC]["bots"]
    assert bot_label("search") == "Search"


def test_hints_worked_out_at_once_are_capped_for_the_whole_server(make_client, monkeypatch, tmp_path):
    """Regression: hints were one at a time per seat but unlimited in all, and each is a search of
    up to a second on a core: many tables asking at once starved the bots and the moves. Past
    ``analysis.MAX_HINTS`` at once (here 1), another table's hint is refused 429, and once the
    first is worked out it is answered."""
    monkeypatch.setattr(analysis_module, "MAX_HINTS", 1)
    client = make_client()
    tables = [solo_table(client, True).json() for _ in range(2)]
    for made in tables:
        my_turn(client, made["table_id"], made["seats"][0]["token"])
    ask = lambda made: client.post(f"/api/tables/{made['table_id']}/hint", headers=auth(made["seats"][0]["token"]), json={})
    first, r = held_in_worker(monkeypatch, tmp_path, lambda: ask(tables[0]), lambda: ask(tables[1]))
    assert r.status_code == 429
    assert r.json() == {"error": "busy", "detail": "the server is working out other players' hints; ask again in a moment"}
    assert first.status_code == 200
    assert ask(tables[1]).status_code == 200  # the slot was given back


# ------------------------------------------------------------------------------------ per-minute limits (issue 41)
def test_hints_are_rate_limited_per_token(make_client):
    """Beside one at a time per seat and MAX_HINTS at once, hints count per token and per address
    (before: no per-minute limit, and a client could keep a worker busy without pause)."""
    from roses.server.limits import Limits

    from .test_server_abuse import assert_429

    client = make_client(limits=Limits().with_(hint="2/minute", read="1000/second", create="1000/minute"))
    made = solo_table(client, True).json()
    tid, token = made["table_id"], made["seats"][0]["token"]
    my_turn(client, tid, token)
    for _ in range(2):
        assert client.post(f"/api/tables/{tid}/hint", headers=auth(token), json={}).status_code == 200
    assert_429(client.post(f"/api/tables/{tid}/hint", headers=auth(token), json={}), "hints with this seat's token")
    assert my_turn(client, tid, token)["legal_actions"]  # nothing changed at the table


def test_analyses_are_rate_limited_per_address(make_client):
    from roses.server.limits import Limits

    from .test_server_abuse import assert_429

    client = make_client(limits=Limits().with_(analysis="1/minute", read="1000/second", create="1000/minute"))
    data = finished_record(client)
    assert client.post("/api/analysis", json={"record": data, "seat": 0}).status_code == 200
    assert_429(client.post("/api/analysis", json={"record": data, "seat": 0}), "analyses from your address")


def test_the_lobby_has_each_bots_typical_seconds_a_move(client):
    """Issue 41: the lobby shows each level's typical seconds a move (bench/move_seconds.py)."""
    for game in client.get("/api/games").json():
        seconds = game["bot_seconds"]
        assert set(seconds) == set(game["bots"]), game["name"]
        assert seconds["ismcts:easy"] < seconds["ismcts:hard"] < seconds["ismcts:expert"]
        assert seconds["heuristic"] < 0.05  # "instant"


def test_a_hint_still_thinking_when_its_seat_moves_is_cancelled(make_client, monkeypatch, tmp_path):
    """Issue 41: a job is cancelled when its table moves on. The hint's think is held in its
    worker; the seat moves meanwhile: the hint answers 409 and its job is counted cancelled."""
    from .think_helpers import gated_agent

    client = make_client()
    made = solo_table(client, True).json()
    tid, token = made["table_id"], made["seats"][0]["token"]
    view = my_turn(client, tid, token)
    gate = str(tmp_path / "gate")  # never opened: only the cancel ends the think
    monkeypatch.setattr(analysis_module, "MAKE", functools.partial(gated_agent, gate))
    out: dict = {}
    thread = threading.Thread(target=lambda: out.update(r=client.post(f"/api/tables/{tid}/hint", headers=auth(token), json={})))
    thread.start()
    try:
        end = time.monotonic() + 60
        while not os.path.exists(gate + ".started"):
            assert time.monotonic() < end
            time.sleep(0.01)
        r = client.post(f"/api/tables/{tid}/actions", headers=auth(token),
                        json={"action": view["legal_actions"][0], "version": view["version"]})
        assert r.status_code == 200, r.text
    finally:
        thread.join(60)
    assert out["r"].status_code == 409, out["r"].text
    assert out["r"].json() == {"error": "moved on", "detail": "the turn ended before the hint was worked out"}
    assert client.get("/api/health").json()["thinking"]["jobs"]["hint"]["cancelled"] == 1
