"""API tests of ``roses serve`` (issue 6): lobby, joining, acting, refusals, hidden information,
bots, records, persistence — against SQLite and, when configured, PostgreSQL.

Everything is game-agnostic: the per-game tests iterate over every registered game that loads.
"""
from __future__ import annotations

import json
import random
import threading
import time

import pytest
from ..registry import every_game
from .conftest import STORES
from .helpers import loadable_games

from roses.core import GameRecord, get_spec, load, replay, to_jsonable
from roses.core.conformance import NONSENSE
from roses.core.state import replay_history
from roses.server import app as app_module
from roses.server.views import unseen

GAMES = loadable_games()
STORES_PG = STORES[1]
MAIN = "roses-and-thorns" if "roses-and-thorns" in GAMES else (GAMES[0] if GAMES else None)
pytestmark = pytest.mark.skipif(not GAMES, reason="no game is registered yet")


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def players_for(game: str) -> int:
    from roses.core import get_spec

    spec = get_spec(game)
    return max(2, spec.min_players)


def create(client, game: str, kinds: list[str], **extra) -> dict:
    """Create a table; a ``seed`` at a table of two or more human seats (which the API refuses)
    is given to the server's seed source instead, so the test stays repeatable."""
    seats = [{"kind": "human"} if k == "human" else {"kind": "bot", "bot": k} for k in kinds]
    service = client.app.state.service
    real = service.new_seed
    if extra.get("seed") is not None and kinds.count("human") > 1:
        seed = extra.pop("seed")
        service.new_seed = lambda: seed
    try:
        r = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    finally:
        service.new_seed = real
    assert r.status_code == 201, r.text
    return r.json()


def tokens(created: dict) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"] if s["kind"] == "human"}


def true_state(client, table_id: str):
    """The table's state rebuilt from the database alone (not the server's memory)."""
    store = client.app.state.store
    row = store.load(table_id)
    state = load(row.game, **row.params).new_initial_state(row.seed)
    replay_history(state, store.actions(table_id))
    return state


def shown(observation) -> dict:
    """An observation as a view carries it: JSON, its log cut to the newest lines (paged)."""
    from roses.server.views import windowed

    return windowed(to_jsonable(observation))[0]


def view(client, table_id: str, token: str | None = None) -> dict:
    r = client.get(f"/api/tables/{table_id}", headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()


def wait_until(client, table_id: str, pred, timeout: float = 60.0, token: str | None = None) -> dict:
    end = time.monotonic() + timeout
    while True:
        v = view(client, table_id, token)
        if pred(v):
            return v
        assert time.monotonic() < end, f"timed out; table at version {v['version']}"
        time.sleep(0.01)


def to_move(client, table_id: str, toks: dict[int, str]) -> tuple[int, str, dict]:
    """Wait until a human seat is to move; return (seat, token, its view)."""
    v = wait_until(client, table_id, lambda v: v["terminal"] or v["current_player"] in toks)
    if v["terminal"]:
        return -4, "", v
    seat = v["current_player"]
    return seat, toks[seat], view(client, table_id, toks[seat])


# ---------------------------------------------------------------------------------------- lobby
def test_games_lists_every_loadable_game_with_its_parameters(client):
    games = client.get("/api/games").json()
    assert [g["name"] for g in games] == GAMES
    for g in games:
        assert {"name", "title", "min_players", "max_players", "params", "bots", "summary"} <= set(g)
        assert "random" in g["bots"]
        assert "players" in [p["name"] for p in g["params"]]
        json.dumps(g)
    talk = {g["name"]: g["talk"] for g in games}["blades-and-rose"]  # claims by table size
    assert "Great Sword" in talk["claims"] and "Great Sword" not in talk["claims_at"]["5"]
    assert "Great Sword" in talk["claims_at"]["7"] and set(talk["claims_at"]) == {"5", "6", "7", "8"}


def test_create_table_returns_tokens_only_for_humans_and_once(client):
    n = players_for(MAIN)
    created = create(client, MAIN, ["human"] + ["random"] * (n - 1), name="Friday", seed=7)
    assert created["host_token"]
    human, *bots = created["seats"]
    assert human["kind"] == "human" and human["token"] and human["join_url"] == \
        f"/t/{created['table_id']}?token={human['token']}"
    assert all(b["kind"] == "bot" and "token" not in b and "join_url" not in b for b in bots)
    # No token or hash is ever sent back afterwards.
    secrets_ = [created["host_token"], human["token"]]
    listing = client.get("/api/tables").text
    spectator = client.get(f"/api/tables/{created['table_id']}").text
    seated = client.get(f"/api/tables/{created['table_id']}", headers=auth(human["token"])).text
    for text in (listing, spectator, seated):
        assert not any(s in text for s in secrets_)
    row = client.app.state.store.load(created["table_id"])
    assert human["token"] not in json.dumps([s.__dict__ for s in row.seats])  # stored hashed
    # The lobby lists it, with public seat info.
    entry = next(t for t in client.get("/api/tables").json() if t["table_id"] == created["table_id"])
    assert entry["name"] == "Friday" and entry["game"] == MAIN and len(entry["seats"]) == n


def test_joining_marks_the_seat_and_the_table_starts(client):
    n = players_for(MAIN)
    created = create(client, MAIN, ["human", "human"] + ["random"] * (n - 2))
    tid, toks = created["table_id"], tokens(created)
    assert view(client, tid)["status"] == "waiting"
    v0 = view(client, tid, toks[0])
    assert v0["seat"] == 0 and v0["seats"][0]["joined"] and not v0["seats"][1]["joined"]
    assert v0["status"] == "waiting"
    v1 = view(client, tid, toks[1])
    assert v1["seat"] == 1 and v1["status"] == "playing"
    # The token may come as ?token= too (join links).
    assert client.get(f"/api/tables/{tid}?token={toks[1]}").json()["seat"] == 1
    spectator = view(client, tid)
    assert spectator["seat"] is None and spectator["legal_actions"] == []


@pytest.mark.parametrize("body, param", [
    ({"game": "no-such-game", "seats": [{"kind": "human"}] * 3}, "game"),
    ({"game": "@", "params": {"players": 99}, "seats": [{"kind": "human"}] * 3}, "players"),
    ({"game": "@", "params": {"no_such_param": 1}, "seats": "@seats"}, "no_such_param"),
    ({"game": "@", "seats": []}, "seats"),
    ({"game": "@", "seats": [{"kind": "robot"}] * 3}, "seats[0].kind"),
    ({"game": "@", "seats": "@badbot"}, "seats[1].bot"),
    ({"game": "@", "seats": "@seats", "turn_timer_seconds": -1}, "turn_timer_seconds"),
    ({"game": "@", "seats": "@seats", "turn_timer_seconds": 2.5}, "turn_timer_seconds"),
    ({"game": "@", "seats": "@seats", "bot_delay_ms": -5}, "bot_delay_ms"),
])
def test_bad_table_requests_get_422_naming_the_parameter(client, body, param):
    from roses.core import get_spec

    n = players_for(MAIN)
    body = dict(body)
    if body["game"] == "@":
        body["game"] = MAIN
    if body.get("seats") == "@seats":
        body["seats"] = [{"kind": "human"}] * n
    if body.get("seats") == "@badbot":
        body["seats"] = [{"kind": "human"}, {"kind": "bot", "bot": "nobody"}] + [{"kind": "human"}] * (n - 2)
    if param == "players":
        body["params"] = {"players": get_spec(MAIN).max_players + 1}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 422, r.text
    data = r.json()
    assert data["param"] == param
    assert param in data["detail"]
    assert client.get("/api/tables").json() == []  # nothing was created


def test_seat_count_must_match_players(client):
    from roses.core import get_spec

    spec = get_spec(MAIN)
    n = players_for(MAIN)
    if n + 1 > spec.max_players:
        pytest.skip("no second player count")
    r = client.post("/api/tables", json={"game": MAIN, "params": {"players": n + 1},
                                         "seats": [{"kind": "human"}] * n})
    assert r.status_code == 422 and r.json()["param"] == "seats"


# ---------------------------------------------------------------------------------------- acting
def test_acting_and_every_refusal(client):
    n = players_for(MAIN)
    created = create(client, MAIN, ["human"] * n, seed=11)
    tid, toks = created["table_id"], tokens(created)
    v = view(client, tid)
    mover = v["current_player"]
    other = (mover + 1) % n
    mv = view(client, tid, toks[mover])
    assert mv["legal_actions"], "the seat to move is offered its legal actions"
    assert view(client, tid, toks[other])["legal_actions"] == []
    action = mv["legal_actions"][0]
    url = f"/api/tables/{tid}/actions"
    before = true_state(client, tid).snapshot()

    # 401: no token, unknown token.
    r = client.post(url, json={"action": action, "version": mv["version"]})
    assert r.status_code == 401 and r.json()["error"] == "unauthorized"
    r = client.post(url, json={"action": action, "version": mv["version"]}, headers=auth("forged"))
    assert r.status_code == 401
    assert client.get(f"/api/tables/{tid}", headers=auth("forged")).status_code == 401
    # 403: another seat's token (not its turn), the host token (holds no seat).
    r = client.post(url, json={"action": action, "version": mv["version"]}, headers=auth(toks[other]))
    assert r.status_code == 403 and "turn" in r.json()["detail"]
    r = client.post(url, json={"action": action, "version": mv["version"]}, headers=auth(created["host_token"]))
    assert r.status_code == 403
    # A token of another table is unknown here.
    elsewhere = create(client, MAIN, ["human"] * n)
    r = client.post(url, json={"action": action, "version": mv["version"]},
                    headers=auth(tokens(elsewhere)[mover]))
    assert r.status_code == 401
    # 422: illegal action, with the rule; nothing changes.
    r = client.post(url, json={"action": NONSENSE, "version": mv["version"]}, headers=auth(toks[mover]))
    assert r.status_code == 422
    assert r.json()["error"] == "illegal" and r.json()["rule"] and r.json()["message"]
    # 409: stale version.
    r = client.post(url, json={"action": action, "version": mv["version"] - 1}, headers=auth(toks[mover]))
    assert r.status_code == 409 and r.json() == {**r.json(), "error": "stale", "version": mv["version"]}
    assert true_state(client, tid).snapshot() == before
    assert view(client, tid)["version"] == mv["version"]

    # The action itself, then its retry: applied once.
    r = client.post(url, json={"action": action, "version": mv["version"]}, headers=auth(toks[mover]))
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["version"] > mv["version"] and after["seat"] == mover
    state = true_state(client, tid)
    assert [str(a) for s, a in state.history[mv["version"]:mv["version"] + 1]] == [action]
    assert len(state.history) == after["version"]
    r = client.post(url, json={"action": action, "version": mv["version"]}, headers=auth(toks[mover]))
    assert r.status_code == 409 and r.json()["version"] == after["version"]
    assert len(true_state(client, tid).history) == after["version"]
    # Bad bodies.
    r = client.post(url, json={"action": action}, headers=auth(toks[mover]))
    assert r.status_code == 422


def test_concurrent_duplicates_are_applied_once(client):
    n = players_for(MAIN)
    created = create(client, MAIN, ["human"] * n, seed=3)
    tid, toks = created["table_id"], tokens(created)
    seat = view(client, tid)["current_player"]
    v = view(client, tid, toks[seat])
    codes: list[int] = []

    def send():
        r = client.post(f"/api/tables/{tid}/actions", json={"action": v["legal_actions"][0], "version": v["version"]},
                        headers=auth(toks[seat]))
        codes.append(r.status_code)

    threads = [threading.Thread(target=send) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [200] + [409] * 7
    state = true_state(client, tid)
    assert sum(1 for s, _ in state.history if s == seat) == 1


def test_chat(client):
    n = players_for(MAIN)
    created = create(client, MAIN, ["human"] * n)
    tid, toks = created["table_id"], tokens(created)
    url = f"/api/tables/{tid}/chat"
    assert client.post(url, json={"text": "hi"}).status_code == 401
    assert client.post(url, json={"text": "x" * 501}, headers=auth(toks[0])).status_code == 422
    assert client.post(url, json={"text": "   "}, headers=auth(toks[0])).status_code == 422
    r = client.post(url, json={"text": "I offer 2 roses"}, headers=auth(toks[0]))
    assert r.status_code == 200
    client.post(url, json={"text": "welcome"}, headers=auth(created["host_token"]))
    chat = view(client, tid)["chat"]
    assert [(c["seat"], c["name"], c["text"]) for c in chat] == [(0, "Seat 1", "I offer 2 roses"), (None, "host", "welcome")]


def test_websocket_pushes_the_seat_own_view(client):
    n = players_for(MAIN)
    created = create(client, MAIN, ["human"] * n, seed=5)
    tid, toks = created["table_id"], tokens(created)
    with client.websocket_connect(f"/ws/tables/{tid}?token={toks[0]}") as ws0, \
            client.websocket_connect(f"/ws/tables/{tid}") as wspec:
        first = ws0.receive_json()
        assert first["type"] == "view" and first["seat"] == 0
        assert wspec.receive_json()["seat"] is None
        ws0.send_json({"type": "ping"})
        msg = ws0.receive_json()
        while msg["type"] != "pong":
            msg = ws0.receive_json()
        seat = first["current_player"]
        v = view(client, tid, toks[seat])
        r = client.post(f"/api/tables/{tid}/actions", json={"action": v["legal_actions"][0], "version": v["version"]},
                        headers=auth(toks[seat]))
        assert r.status_code == 200
        want = r.json()["version"]
        state = true_state(client, tid)
        for ws, who in ((ws0, 0), (wspec, None)):
            msg = ws.receive_json()
            while msg["version"] < want:
                msg = ws.receive_json()
            assert msg["seat"] == who
            assert msg["observation"] == shown(state.observation(who))
    with client.websocket_connect(f"/ws/tables/{tid}?token=forged") as ws:
        assert ws.receive_json()["status"] == 401


# ---------------------------------------------------------------------------------------- hidden information
@pytest.mark.parametrize("game", GAMES)
def test_no_view_holds_another_seats_hidden_information(make_client, game):
    """Every response and WebSocket message for a seat equals what the rules let that seat
    observe: ``state.observation(seat)``, unchanged when everything hidden from the seat is re-drawn
    (as in roses.core.conformance); the legal actions are offered only to the seat to move."""
    client = make_client()
    n = players_for(game)
    created = create(client, game, ["human"] * n, seed=2024)
    tid, toks = created["table_id"], tokens(created)
    rng = random.Random(1)

    def check(state, ws0_msg):
        for seat in [None, *range(n)]:
            v = view(client, tid, toks.get(seat))
            # numbered by the actions the seat saw (another seat's Rare Roses draft steps are not
            # counted while the game is played)
            assert v["seat"] == seat and v["version"] == len(state.history) - unseen(state, seat)
            assert v["observation"] == shown(state.observation(seat))
            if seat is not None:
                world = state.determinize(seat, rng)
                assert v["observation"] == shown(world.observation(seat)), "a hidden card leaks"
            mine = seat is not None and state.current_player() == seat
            assert v["legal_actions"] == ([str(a) for a in state.legal_actions()] if mine else [])
        assert ws0_msg["observation"] == shown(state.observation(0))
        assert ws0_msg["observation"] == shown(state.determinize(0, rng).observation(0))

    # Every step at first, then every 7th, up to the end (bounded): all phases of a game get seen.
    store = client.app.state.store
    state = true_state(client, tid)
    with client.websocket_connect(f"/ws/tables/{tid}?token={toks[0]}") as ws0:
        msg = ws0.receive_json()
        for step in range(400):
            replay_history(state, store.actions(tid, len(state.history)))  # catch up from the database
            while msg["version"] < len(state.history) - unseen(state, 0):
                msg = ws0.receive_json()
            if step < 20 or step % 7 == 0 or state.is_terminal():
                check(state, msg)
            if state.is_terminal():
                break
            mover = state.current_player()
            mv = view(client, tid, toks[mover])
            action = rng.choice(mv["legal_actions"])
            r = client.post(f"/api/tables/{tid}/actions", json={"action": action, "version": mv["version"]},
                            headers=auth(toks[mover]))
            assert r.status_code == 200, r.text
            replay_history(state, store.actions(tid, len(state.history)))
            assert r.json()["observation"] == shown(state.observation(mover))


# ---------------------------------------------------------------------------------------- bots and records
def play_out_with_bots(client, game: str, seed: int, bots: list[str]) -> dict:
    created = create(client, game, bots, seed=seed)
    tid = created["table_id"]
    v = wait_until(client, tid, lambda v: v["terminal"], timeout=90)
    assert v["status"] == "finished" and v["returns"] is not None and v["current_player"] == -4
    r = client.get(f"/api/tables/{tid}/record")
    assert r.status_code == 200
    return {"table_id": tid, "view": v, "record": r.json()}


@pytest.mark.parametrize("game", GAMES)
def test_bots_play_a_table_to_the_end_and_the_record_replays(client, game):
    n = players_for(game)
    out = play_out_with_bots(client, game, 99, ["heuristic"] + ["random"] * (n - 1))
    record = GameRecord.from_json(out["record"])
    assert record.players == ["bot:heuristic"] + ["bot:random"] * (n - 1)
    final = replay(record)
    assert final.is_terminal() and list(final.returns()) == out["view"]["returns"]
    assert len(record.actions) == out["view"]["version"]
    assert final == true_state(client, out["table_id"])
    r = client.post("/api/replay", json=out["record"])
    assert r.status_code == 200
    steps = r.json()["steps"]
    assert len(steps) == len(record.actions) + 1
    # each step's observation leaves its log out (every step repeated the whole log: an answer
    # growing with the square of the game's length); the steps' log lines, joined, are that log
    end = to_jsonable(final.observation(None))
    assert all("log" not in s["observation"] for s in steps)
    assert steps[-1]["observation"] == {k: v for k, v in end.items() if k != "log"}
    assert [line for s in steps for line in s["log"]] == end["log"] == list(final.log.view(None))


@pytest.mark.parametrize("game", GAMES)
def test_replay_steps_word_each_seats_move_as_its_menu_did(client, game):
    """``words`` of a replay step: the mover's move in its menu's words (seats "Seat N", counted
    from 1), for the replay viewer's steps that added no public log line; null for chance."""
    import re

    from roses.core.plain import engine_syntax
    from roses.core.record import initial_state

    n = players_for(game)
    out = play_out_with_bots(client, game, 7, ["heuristic"] * n)
    record = GameRecord.from_json(out["record"])
    r = client.post("/api/replay", json=out["record"])
    assert r.status_code == 200
    steps = r.json()["steps"]
    assert steps[0]["words"] is None and len(steps) == len(record.actions) + 1
    state = initial_state(record)
    worded = 0
    for step, (seat, text) in zip(steps[1:], record.actions):
        assert (step["seat"], step["action"]) == (seat, text)
        if seat < 0:
            assert step["words"] is None
        else:
            words = step["words"]
            assert words == state.game.spec.describe_action(to_jsonable(state.observation(seat)), text)
            assert engine_syntax(words) == [], (text, words)
            worded += 1
            if m := re.fullmatch(r"offer (\d+)/(\d+) to (\d+)", text):  # Rose Ceremony
                assert re.fullmatch(rf"Offer a card of .+ to Seat {int(m[3]) + 1}", words), words
            if m := re.fullmatch(r"bid (\d+)", text):  # Roses and Thorns
                assert words.startswith(f"Bid {m[1]} (of "), words
        state.apply(state.action_from_text(text))
    assert worded > 0


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_view_and_its_replay_carry_how_the_game_ended(client, game):
    """Regression: a view carried no result tags, so the Rose Ceremony page worked out a 10-rose
    win from the log's last line with a regex. A finished table's view (every seat's and a
    watcher's) and its replay carry the game's ``result_tags``; a game in play carries none (the
    result is public only once the game is over)."""
    n = players_for(game)
    playing = create(client, game, ["human"] * n)
    assert view(client, playing["table_id"])["result_tags"] is None
    assert view(client, playing["table_id"], tokens(playing)[0])["result_tags"] is None
    out = play_out_with_bots(client, game, 14, ["heuristic"] * n)
    tags = true_state(client, out["table_id"]).result_tags()
    assert tags and out["view"]["result_tags"] == tags
    r = client.post("/api/replay", json=out["record"])
    assert r.status_code == 200 and r.json()["result_tags"] == tags


def test_a_ten_rose_win_is_in_the_finished_view(client):
    """Seed 14, 3 heuristic bots: Seat 2 wins Rose Ceremony by exchanging a bouquet of 10 roses
    with 3 charm points (Seat 3 has 4); the end screen reads how from ``result_tags``."""
    if "rose-ceremony" not in GAMES:
        pytest.skip("rose-ceremony does not load")
    out = play_out_with_bots(client, "rose-ceremony", 14, ["heuristic"] * 3)
    assert out["view"]["result_tags"] == {"win_by": "ten-roses", "tie": "no"}
    assert out["view"]["observation"]["winners"] == [1] and out["view"]["observation"]["points"] == [3, 3, 4]


def test_record_is_refused_before_the_end_and_bad_records_are_refused(client):
    n = players_for(MAIN)
    created = create(client, MAIN, ["human"] * n)
    assert client.get(f"/api/tables/{created['table_id']}/record").status_code == 409
    assert client.post("/api/replay", json={"format": "nonsense"}).status_code == 422
    out = play_out_with_bots(client, MAIN, 4, ["random"] * n)
    tampered = dict(out["record"])
    tampered["result"] = {"returns": [0.0] * n, "terminal": True}
    assert client.post("/api/replay", json=tampered).status_code == 422


def test_same_seed_and_bots_give_the_same_game(make_client):
    """Chance and bot choices are derived from the stored seed: the basis of exact restarts."""
    n = players_for(MAIN)
    a = play_out_with_bots(make_client(), MAIN, 31, ["heuristic"] * n)["record"]
    b = play_out_with_bots(make_client(), MAIN, 31, ["heuristic"] * n)["record"]
    assert a["actions"] == b["actions"]


def test_host_hands_a_seat_to_a_bot(client):
    n = players_for(MAIN)
    created = create(client, MAIN, ["human"] + ["random"] * (n - 1), seed=8)
    tid, toks = created["table_id"], tokens(created)
    url = f"/api/tables/{tid}/seats/0/bot"
    assert client.post(url, json={"bot": "random"}).status_code == 401
    assert client.post(url, json={"bot": "random"}, headers=auth(toks[0])).status_code == 403
    assert client.post(url, json={"bot": "nobody"}, headers=auth(created["host_token"])).status_code == 422
    r = client.post(url, json={"bot": "random"}, headers=auth(created["host_token"]))
    assert r.status_code == 200 and r.json()["seats"][0]["kind"] == "bot"
    v = wait_until(client, tid, lambda v: v["terminal"])
    assert v["status"] == "finished"
    # The former player's token now only watches: a spectator's view, marked as replaced.
    old = view(client, tid, toks[0])
    assert old["seat"] is None and old["replaced_by_bot"] is True and old["replaced_seat"] == 0
    assert old["legal_actions"] == []


def test_the_host_changes_the_bot_of_a_bot_seat(client):
    """docs/server-api.md: on a seat a bot already plays, the named bot replaces it."""
    n = players_for(MAIN)
    created = create(client, MAIN, ["human"] + ["random"] * (n - 1), seed=8)
    tid = created["table_id"]
    r = client.post(f"/api/tables/{tid}/seats/1/bot", json={"bot": "heuristic"}, headers=auth(created["host_token"]))
    assert r.status_code == 200
    assert [(s["kind"], s.get("bot")) for s in r.json()["seats"][:2]] == [("human", None), ("bot", "heuristic")]


def test_a_seat_handed_to_a_bot_hides_its_cards_from_the_old_token(client):
    """Tester: the old token kept seat 1's hand and stack, could chat, and acting gave 409/403
    "not seat 1's turn". Now it is a spectator: no hidden cards, chat and actions refused (403,
    before the version check)."""
    created = create(client, "roses-and-thorns", ["human", "human", "human"], seed=8)
    tid, toks = created["table_id"], tokens(created)
    mine = view(client, tid, toks[1])
    assert mine["observation"]["hand"] is not None  # the seat's own cards, while it holds the seat
    assert mine["replaced_by_bot"] is False
    with client.websocket_connect(f"/ws/tables/{tid}?token={toks[1]}") as ws:
        assert ws.receive_json()["seat"] == 1
        r = client.post(f"/api/tables/{tid}/seats/1/bot", json={"bot": "random"},
                        headers=auth(created["host_token"]))
        assert r.status_code == 200
        pushed = ws.receive_json()
        while pushed["seats"][1]["kind"] != "bot":
            pushed = ws.receive_json()
        assert pushed["seat"] is None and pushed["replaced_by_bot"] is True
        assert pushed["observation"]["hand"] is None and pushed["observation"]["stack"] is None
    old = view(client, tid, toks[1])
    assert old["seat"] is None and old["replaced_by_bot"] is True and old["replaced_seat"] == 1
    assert old["observation"] == view(client, tid)["observation"]  # exactly a spectator's
    assert old["observation"]["hand"] is None and old["observation"]["stack"] is None
    for version in (old["version"], old["version"] + 5):  # refused before the version is looked at
        r = client.post(f"/api/tables/{tid}/actions", json={"action": "rose", "version": version},
                        headers=auth(toks[1]))
        assert r.status_code == 403, r.text
        assert r.json() == {"error": "forbidden", "detail": "your seat (seat 2) is now played by a bot"}
    r = client.post(f"/api/tables/{tid}/chat", json={"text": "still here"}, headers=auth(toks[1]))
    assert r.status_code == 403 and r.json()["detail"] == "your seat (seat 2) is now played by a bot"
    with client.websocket_connect(f"/ws/tables/{tid}?token={toks[1]}") as ws:
        first = ws.receive_json()
        assert first["seat"] is None and first["observation"]["hand"] is None


def test_search_bots_think_in_a_worker_process_and_choose_as_seeded(client):
    """An ``ismcts`` table plays to the end (the bot runs in worker processes); its moves are
    exactly the seeded choices of ``make_agent(bot, game, bot_seed(seed, version, seat))``."""
    from roses.agents import Turn, make_agent
    from roses.server.runner import bot_seed

    r = client.post("/api/tables", json={"game": "rare-roses", "params": {"players": 1},
                                         "seats": [{"kind": "bot", "bot": "ismcts"}], "seed": 21})
    assert r.status_code == 201, r.text
    tid = r.json()["table_id"]
    v = wait_until(client, tid, lambda v: v["terminal"], timeout=120)
    record = client.get(f"/api/tables/{tid}/record").json()
    final = replay(GameRecord.from_json(record))
    assert list(final.returns()) == v["returns"] and final == true_state(client, tid)
    # The same game, played here in one process with the server's seeds.
    state = load("rare-roses", players=1).new_initial_state(21)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance())
        else:
            seat = state.current_player()
            agent = make_agent("ismcts", state.game, bot_seed(21, len(state.history), seat))
            state.apply(agent.act(Turn.of(state)))
    assert [[s, str(a)] for s, a in state.history] == record["actions"]


def test_bot_choice_in_a_worker_equals_the_choice_in_process():
    from roses.agents import Turn, make_agent
    from roses.server.thinking.jobs import bot_choice, state_payload

    state = load("roses-and-thorns", players=3).new_initial_state(5)
    while state.is_chance_node() or len(state.history) < 8:
        state.apply(state.sample_chance() if state.is_chance_node() else state.legal_actions()[0])
    want = str(make_agent("ismcts", state.game, 77).act(Turn.of(state.clone())))
    assert bot_choice(state_payload(state), "ismcts", 77) == want


def test_view_carries_the_games_scores(client):
    r = client.post("/api/tables", json={"game": "rare-roses", "params": {"players": 1},
                                         "seats": [{"kind": "human"}], "seed": 3})
    tid, tok = r.json()["table_id"], r.json()["seats"][0]["token"]
    v = view(client, tid, tok)
    state = true_state(client, tid)
    assert state.scores() is not None and v["scores"] == list(state.scores())
    created = create(client, "roses-and-thorns", ["human"] * 3)
    assert view(client, created["table_id"])["scores"] is None  # won or lost, no score


@pytest.mark.needs_database
def test_turn_timer_lets_a_bot_move_for_a_slow_seat(client):
    from datetime import datetime

    from sqlalchemy import select

    from roses.server import models
    from roses.server.store import aware

    n = players_for(MAIN)
    created = create(client, MAIN, ["human"] * n, turn_timer_seconds=1, seed=12)
    tid = created["table_id"]
    to_move = view(client, tid)["current_player"]
    v = view(client, tid, tokens(created)[to_move])  # the seat joins: its timer runs (issue 41)
    assert v["turn_deadline"] is not None
    deadline = datetime.fromisoformat(v["turn_deadline"])
    start = v["version"]
    wait_until(client, tid, lambda v: v["version"] > start, timeout=60)  # a 1 s timer; a loaded machine is slow
    with client.app.state.store.engine.connect() as conn:
        at = conn.execute(select(models.actions.c.at).where(models.actions.c.table_id == tid,
                                                            models.actions.c.idx == start)).scalar()
    assert aware(at) >= deadline, "the stand-in bot moved before the seat's time ran out"


# ---------------------------------------------------------------------------------------- persistence
@pytest.mark.needs_database
def test_a_restarted_server_resumes_every_table_exactly(make_client, db_url):
    """Stop the app in the middle of a bot game, start a new one on the same database: the game
    ends exactly as an uninterrupted one with the same seed."""
    from fastapi.testclient import TestClient

    from roses.server import create_app

    n = players_for(MAIN)
    bots = ["heuristic"] + ["random"] * (n - 1)
    reference = play_out_with_bots(make_client(), MAIN, 77, bots)
    from roses.server.limits import Limits

    # no rates counted: wait_until polls a view every 10 ms (a test of restarts, not of limits)
    with TestClient(create_app(database_url=db_url, limits=Limits.off())) as first:
        # 200 ms a bot move: the app must stop before the last of ~40 moves, some 8 s after the
        # test sees version 6 (at 100 ms a loaded machine's 4 s stall would let the game end first)
        created = create(first, MAIN, bots, seed=77, bot_delay_ms=200)
        tid = created["table_id"]
        wait_until(first, tid, lambda v: v["version"] >= 6, timeout=60)
    # The server has stopped mid-game.
    with TestClient(create_app(database_url=db_url, limits=Limits.off())) as second:
        stopped_at = second.app.state.store.load(tid).version
        assert stopped_at < len(reference["record"]["actions"])
        v = wait_until(second, tid, lambda v: v["terminal"], timeout=60)
        record = second.get(f"/api/tables/{tid}/record").json()
    assert record["actions"] == reference["record"]["actions"]
    assert v["version"] == len(record["actions"])


@pytest.mark.needs_database
def test_two_processes_share_one_database(make_client):
    """Two apps on one database (as two ``roses serve`` processes): an action through one is seen by
    the other, pushed to its WebSocket viewers by polling, and a stale retry through the other is
    refused."""
    a = make_client(poll_interval=0.05)
    b = make_client(poll_interval=0.05)
    n = players_for(MAIN)
    created = create(a, MAIN, ["human"] * n, seed=21)
    tid, toks = created["table_id"], tokens(created)
    seat = view(b, tid)["current_player"]
    vb = view(b, tid, toks[seat])
    with b.websocket_connect(f"/ws/tables/{tid}") as ws:
        assert ws.receive_json()["version"] == vb["version"]
        r = a.post(f"/api/tables/{tid}/actions", json={"action": vb["legal_actions"][0], "version": vb["version"]},
                   headers=auth(toks[seat]))
        assert r.status_code == 200
        new = r.json()["version"]
        msg = ws.receive_json()
        while msg["version"] < new:
            msg = ws.receive_json()
        assert msg["version"] == new
    r = b.post(f"/api/tables/{tid}/actions", json={"action": vb["legal_actions"][0], "version": vb["version"]},
               headers=auth(toks[seat]))
    assert r.status_code == 409
    assert view(b, tid)["version"] == new


# ---------------------------------------------------------------------------------------- rules and pages
def test_rules_pages(client, tmp_path, monkeypatch):
    """The player-facing how-to page (docs/howto) in ``markdown``, the implementation notes
    (docs/rules) in ``implementation``; without a how-to page, the notes in both."""
    from roses.server import routes_study

    (tmp_path / "rules").mkdir()
    (tmp_path / "howto").mkdir()
    (tmp_path / "rules" / f"{MAIN}.md").write_text("# Implementation\n")
    monkeypatch.setattr(routes_study, "RULES_DIRS", (tmp_path / "rules",))
    monkeypatch.setattr(routes_study, "HOWTO_DIRS", (tmp_path / "howto",))
    r = client.get(f"/api/rules/{MAIN}")
    assert r.status_code == 200
    assert r.json()["markdown"] == "# Implementation\n" and r.json()["implementation"] == "# Implementation\n"
    (tmp_path / "howto" / f"{MAIN}.md").write_text("# How to play\n")
    r = client.get(f"/api/rules/{MAIN}")
    assert r.json()["markdown"] == "# How to play\n" and r.json()["implementation"] == "# Implementation\n"
    (tmp_path / "rules" / f"{MAIN}.md").unlink()
    r = client.get(f"/api/rules/{MAIN}")
    assert r.json()["markdown"] == "# How to play\n" and r.json()["implementation"] is None
    monkeypatch.setattr(routes_study, "HOWTO_DIRS", (tmp_path / "nowhere",))
    r = client.get(f"/api/rules/{MAIN}")
    assert r.status_code == 404 and r.json()["error"] == "no rules"
    assert client.get("/api/rules/no-such-game").status_code == 404


def test_howto_pages_ship_with_the_package():
    from pathlib import Path

    link = Path(app_module.__file__).parent / "howto"
    assert link.is_symlink() and link.resolve() == (Path(app_module.__file__).resolve().parents[3] / "docs" / "howto")


# ---------------------------------------------------------------------------------------- bad input
def test_replay_of_malformed_records_says_what_is_wrong_in_plain_words(client):
    out = play_out_with_bots(client, MAIN, 4, ["random"] * players_for(MAIN))
    good = out["record"]
    cases = [
        ([1, 2], "must be a JSON object"),
        ({**good, "actions": [[0]]}, "'actions' must be a list of [seat, action text] pairs"),
        ({**good, "actions": None}, "'actions' must be a list"),
        ({**good, "params": None}, "'params' must be an object"),
        ({**good, "params": [1, 2]}, "'params' must be an object"),
        ({**good, "result": None}, "'result' must be an object"),
        ({**good, "seed": "x"}, "'seed' must be a whole number"),
        ({**good, "game": None}, "'game' must be a string"),
        ({**good, "params": {**good["params"], "players": 99}}, "players"),
        ({**good, "game": "no-such-game"}, "no-such-game"),
    ]
    for data, words in cases:
        r = client.post("/api/replay", json=data)
        assert r.status_code == 422, (data, r.text)
        detail = r.json()["detail"]
        assert words in detail, detail
        for internal in ("unpack", "NoneType", "not iterable", "Traceback"):
            assert internal not in detail, detail


def test_missing_game_and_non_string_name(client):
    seats = [{"kind": "human"}] * players_for(MAIN)
    r = client.post("/api/tables", json={"seats": seats})
    assert r.status_code == 422 and r.json()["detail"] == "game: Field required"
    r = client.post("/api/tables", json={"game": MAIN, "seats": seats, "name": 7})
    assert r.status_code == 422 and r.json()["detail"] == "name: Input should be a valid string"
    r = client.post("/api/tables", json={"game": "x" * 100_000, "seats": seats})
    assert r.status_code == 422 and len(r.json()["detail"]) < 1000


def test_control_and_bidi_characters_are_stripped_from_chat_and_names(client):
    n = players_for(MAIN)
    seats = [{"kind": "human", "name": "Al\u202eice\x00"}] + [{"kind": "human"}] * (n - 1)
    r = client.post("/api/tables", json={"game": MAIN, "seats": seats, "name": "My\u2066 table\x07"})
    created = r.json()
    tid, toks = created["table_id"], tokens(created)
    v = view(client, tid)
    assert v["name"] == "My table" and v["seats"][0]["name"] == "Alice"
    r = client.post(f"/api/tables/{tid}/chat", json={"text": "a\x00b\u202dc\u2069\nd\te"}, headers=auth(toks[0]))
    assert r.status_code == 200
    assert view(client, tid)["chat"][-1]["text"] == "abc\nde"
    r = client.post(f"/api/tables/{tid}/chat", json={"text": "\x00\u202e"}, headers=auth(toks[0]))
    assert r.status_code == 422  # nothing left to say


def test_a_huge_action_text_is_not_echoed_in_full(client):
    n = players_for(MAIN)
    created = create(client, MAIN, ["human"] * n, seed=3)
    tid, toks = created["table_id"], tokens(created)
    v = view(client, tid)
    tok = toks[v["current_player"]]
    for size in (1_000_000, 5_000):
        r = client.post(f"/api/tables/{tid}/actions", json={"action": "z" * size, "version": v["version"]},
                        headers=auth(tok))
        assert r.status_code == 422, r.text[:300]
        assert len(r.text) < 1500 and ("…" in r.text or "z" * 100 not in r.text)  # cut short, or not echoed
    assert view(client, tid)["version"] == v["version"]


def test_post_bodies_must_be_json(client):
    n = players_for(MAIN)
    seats = [{"kind": "human"}] * n
    body = json.dumps({"game": MAIN, "seats": seats})
    r = client.post("/api/tables", content=body, headers={"Content-Type": "text/plain"})
    assert r.status_code == 415 and r.json()["error"] == "unsupported media type"
    r = client.post("/api/tables", content="game=x", headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 415
    r = client.post("/api/replay", content=b"{}", headers={"Content-Type": "multipart/form-data; boundary=x"})
    assert r.status_code == 415
    r = client.post("/api/tables", content=body, headers={"Content-Type": "application/json; charset=utf-8"})
    assert r.status_code == 201
    assert client.app.state.store.load(r.json()["table_id"]).game == MAIN


def test_pages_are_served(client):
    for path, page in (("/", "lobby.html"), ("/t/abc", "table.html"), ("/replay", "replay.html"),
                       (f"/rules/{MAIN}", "rules.html")):
        r = client.get(path)
        if (app_module.STATIC / page).is_file():
            assert r.status_code == 200 and "<html" in r.text.lower()
        else:
            assert r.status_code == 404


@pytest.mark.parametrize("db_url", [STORES_PG], indirect=True)
@pytest.mark.needs_database
def test_postgres_notify_carries_changes_between_processes_without_polling(make_client):
    """On PostgreSQL each commit NOTIFYs the other processes: a viewer on process B gets the view of
    an action taken through process A at once, though B polls only once a minute."""
    a = make_client(poll_interval=60)
    b = make_client(poll_interval=60)
    n = players_for(MAIN)
    created = create(a, MAIN, ["human"] * n, seed=22)
    tid, toks = created["table_id"], tokens(created)
    seat = view(a, tid)["current_player"]
    va = view(a, tid, toks[seat])
    with b.websocket_connect(f"/ws/tables/{tid}") as ws:
        assert ws.receive_json()["version"] == va["version"]
        t0 = time.monotonic()
        r = a.post(f"/api/tables/{tid}/actions", json={"action": va["legal_actions"][0], "version": va["version"]},
                   headers=auth(toks[seat]))
        assert r.status_code == 200
        msg = ws.receive_json()
        while msg["version"] < r.json()["version"]:
            msg = ws.receive_json()
        assert time.monotonic() - t0 < 10


@pytest.mark.needs_database
def test_two_processes_running_the_same_bots_store_each_move_once(make_client):
    """Both processes drive the bots of one table at once (as after a hand-over): the version
    compare-and-set lets exactly one move per turn through, and the game equals a lone run."""
    n = players_for(MAIN)
    bots = ["heuristic"] + ["random"] * (n - 1)
    reference = play_out_with_bots(make_client(), MAIN, 55, bots)["record"]
    a = make_client()
    b = make_client()
    created = create(a, MAIN, bots, seed=55, bot_delay_ms=0)
    tid = created["table_id"]
    b.portal.call(b.app.state.service.kick, tid)
    v = wait_until(b, tid, lambda v: v["terminal"])
    record = a.get(f"/api/tables/{tid}/record").json()
    assert record["actions"] == reference["actions"]
    assert v["version"] == len(record["actions"]) == len(a.app.state.store.actions(tid))


@pytest.mark.needs_database
def test_schema_is_managed_by_alembic(client):
    from sqlalchemy import inspect, text

    from roses.server.store import MIGRATIONS

    engine = client.app.state.store.engine
    names = set(inspect(engine).get_table_names())
    assert {"roses_tables", "roses_seats", "roses_actions", "roses_chat", "roses_alembic_version"} <= names
    with engine.connect() as conn:
        head = conn.execute(text("SELECT version_num FROM roses_alembic_version")).scalar()
    newest = sorted(p.name.split("_")[0] for p in (MIGRATIONS / "versions").glob("[0-9]*.py"))[-1]
    assert head == newest


@pytest.mark.needs_database
def test_another_process_takes_over_the_bots_of_a_stopped_one(make_client, db_url):
    """Process A runs a bot game and stops mid-game; process B, already running on the same
    database, notices the stalled bot turn (sweep of due tables) and finishes it exactly."""
    from fastapi.testclient import TestClient

    from roses.server import create_app

    n = players_for(MAIN)
    bots = ["heuristic"] + ["random"] * (n - 1)
    reference = play_out_with_bots(make_client(), MAIN, 66, bots)["record"]
    b = make_client(poll_interval=0.05)
    from roses.server.limits import Limits

    with TestClient(create_app(database_url=db_url, poll_interval=0.05, limits=Limits.off())) as a:
        # 200 ms a bot move: A must stop before the game ends (see the test above)
        tid = create(a, MAIN, bots, seed=66, bot_delay_ms=200)["table_id"]
        wait_until(a, tid, lambda v: v["version"] >= 5)
    stopped_at = view(b, tid)["version"]
    assert stopped_at < len(reference["actions"])
    v = wait_until(b, tid, lambda v: v["terminal"], timeout=60)
    assert b.get(f"/api/tables/{tid}/record").json()["actions"] == reference["actions"]
    assert v["version"] == len(reference["actions"])


def test_start_player_beyond_the_seats_is_a_422_naming_it(client):
    """Regression: a fixed start seat outside the table gave a 500 (found by the browser tests)."""
    r = client.post("/api/tables", json={"game": "roses-and-thorns", "params": {"players": 3, "start_player": 3},
                                         "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"},
                                                   {"kind": "bot", "bot": "random"}]})
    assert r.status_code == 422 and r.json()["param"] == "start_player"


@pytest.mark.parametrize("game", [g for g in every_game() if any(p.name == "start_player" for p in get_spec(g).params)])
def test_a_start_player_beyond_the_seats_is_refused_in_plain_words(client, game):
    """The lobby showed "parameter 'start_player': seat 8 does not exist with 3 players (seats
    0..2)" for its "Seat 9": the refusal now counts seats from 1, as the lobby's list does."""
    from roses.core.plain import engine_syntax

    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 2
    r = client.post("/api/tables", json={"game": game, "params": {"players": 3, "start_player": 8}, "seats": seats})
    assert r.status_code == 422
    body = r.json()
    assert body == {"error": "params", "param": "start_player",
                    "detail": "The start player must be one of the 3 seats: Seat 1 to Seat 3, given as 0 to 2."}
    assert engine_syntax(body["detail"]) == []
    out = play_out_with_bots(client, game, 3, ["random"] * 3)  # a record with a seat that is not there
    bad = {**out["record"], "params": {**out["record"]["params"], "start_player": 5}}
    r = client.post("/api/replay", json=bad)
    assert r.status_code == 422 and r.json()["param"] == "params.start_player"
    assert r.json()["detail"] == "record params: The start player must be one of the 3 seats: Seat 1 to Seat 3, given as 0 to 2."


def test_rare_roses_order_deck_path_from_the_web_is_refused(client, tmp_path):
    """Security regression: a string order deck is JSON only, never a file to open."""
    deck = tmp_path / "deck.json"
    deck.write_text("[]")
    r = client.post("/api/tables", json={"game": "rare-roses", "params": {"players": 1, "order_deck": str(deck)},
                                         "seats": [{"kind": "human"}]})
    assert r.status_code == 422 and r.json()["param"] == "order_deck"


def test_search_bots_leave_the_server_responsive(client, monkeypatch):
    """Tester: an ``ismcts`` table froze the server (health took 2–4 s) because the search held
    the GIL in a thread; each choice of a search bot is now made in the thinking service's worker
    processes (issue 41), and none in the web process."""
    import os

    from roses.server.thinking import jobs

    from .helpers import spy_thinks

    thinking = client.app.state.thinking
    calls = spy_thinks(monkeypatch, thinking)
    r = client.post("/api/tables", json={"game": "blades-and-rose", "seats": [{"kind": "bot", "bot": "ismcts"}] * 5,
                                         "seed": 1})
    tid = r.json()["table_id"]
    # No timing assertion (a loaded CI machine would make it flaky): what keeps the server
    # responsive is that every search runs in a worker process, which is what is checked.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        health = client.get("/api/health")
        assert health.status_code == 200
        if health.json()["thinking"]["jobs"].get("bot", {}).get("done", 0) >= 2:
            break
        time.sleep(0.05)
    figures = client.get("/api/health").json()["thinking"]
    assert figures["jobs"]["bot"]["done"] >= 2 and figures["jobs"]["bot"]["cpu_seconds"] > 0
    assert view(client, tid)["version"] >= 2  # the bots did play meanwhile
    assert calls and {fn for _, fn, _ in calls} == {jobs.bot_choice}
    assert thinking.worker_pids() and os.getpid() not in thinking.worker_pids()

def test_creating_a_table_builds_and_deals_off_the_event_loop(client, monkeypatch):
    from roses.server import service as service_module

    import asyncio

    on_loop = []
    real = service_module.deal

    def spy(game, seed):
        try:
            asyncio.get_running_loop()
            on_loop.append(True)
        except RuntimeError:  # a worker thread has no running event loop
            on_loop.append(False)
        return real(game, seed)

    monkeypatch.setattr(service_module, "deal", spy)
    created = create(client, MAIN, ["human"] * players_for(MAIN), seed=2)
    assert on_loop == [False]
    assert view(client, created["table_id"])["version"] > 0  # dealt


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_view_and_its_replay_tell_the_story(client, game):
    """Issue 42: the end screen said who won, not why (Blades & Rose, Roses and Thorns). A finished
    table's view carries ``story``, the game's plain sentences (``roses.core.story``) with the
    seats' names, the same for every seat and a watcher; its replay tells it too; a table in play
    carries none."""
    from roses.core.story import story

    n = players_for(game)
    playing = create(client, game, ["human"] * n)
    assert view(client, playing["table_id"])["story"] is None
    assert view(client, playing["table_id"], tokens(playing)[0])["story"] is None
    out = play_out_with_bots(client, game, 14, ["heuristic"] * n)
    names = [s["name"] for s in out["view"]["seats"]]
    told = out["view"]["story"]
    assert told and told == story(true_state(client, out["table_id"]), names)
    assert all(name in " ".join(told) for s, name in enumerate(names) if out["view"]["returns"][s] > 0 and n > 1)
    r = client.post("/api/replay", json=out["record"])
    assert r.status_code == 200 and r.json()["story"] == told


@pytest.mark.parametrize("game", GAMES)
def test_every_card_after_the_end_and_none_before(client, game):
    """Issue 42: the replay hid even the viewer's own cards after the game, while the record (a
    download) holds them all. ``POST /api/replay?cards=all`` gives, for a finished game's record
    only, each seat's own observation at every step, as what it adds to the spectator's; for a
    game not over it is 409, and no view of a table in play gains a card."""
    from roses.core.record import initial_state
    from roses.core.state import apply_recorded

    n = players_for(game)
    out = play_out_with_bots(client, game, 5, ["heuristic"] * n)
    record = GameRecord.from_json(out["record"])
    r = client.post("/api/replay?cards=all", json=out["record"])
    assert r.status_code == 200, r.text
    steps = r.json()["steps"]
    plain = client.post("/api/replay", json=out["record"]).json()["steps"]
    assert all("seats" not in s or s["seats"] is None for s in plain)
    state = initial_state(record)
    for i, step in enumerate(steps):
        if i:
            apply_recorded(state, i - 1, *record.actions[i - 1])
        assert len(step["seats"]) == n
        public = step["observation"]
        for k, own in enumerate(step["seats"]):
            merged = {**public, **own}
            want = {key: v for key, v in to_jsonable(state.observation(k)).items() if key != "log"}
            assert merged == want, (i, k)
    # a record of a game in play: refused, and its own seat's views unchanged
    playing = create(client, game, ["human"] * n)
    tid, toks = playing["table_id"], tokens(playing)
    unfinished = client.get(f"/api/tables/{tid}/record", headers=auth(toks[0]))
    if unfinished.status_code == 200:  # a record is given only after the end on this server
        r = client.post("/api/replay?cards=all", json=unfinished.json())
        assert r.status_code == 409 and "over" in r.json()["detail"]
    half = dict(out["record"], actions=out["record"]["actions"][: len(record.actions) // 2],
                result={"returns": [0.0] * n, "terminal": False})
    r = client.post("/api/replay?cards=all", json=half)
    assert r.status_code == 409, r.text
    assert r.json()["detail"].startswith("every seat's cards are shown only once the game is over")
    assert client.post("/api/replay", json=half).status_code == 200  # the public replay of it stays
    assert client.post("/api/replay?cards=some", json=out["record"]).status_code == 422
