"""Table talk on the server (issue 14): POST /api/tables/{id}/talk stores a statement as a chat
message with a ``talk`` object; it changes no game state (BR-9, Q10), is refused in plain words
when malformed, rate-limited like chat, heard by bots, and kept in the record."""
from __future__ import annotations

import time

from ..registry import every_game
from .test_server_abuse import assert_429, limited
from .test_server_api import auth, create, tokens, true_state, view

BR = "blades-and-rose"


def one_human(client, delay: int = 60000, seed: int = 11) -> dict:
    return create(client, BR, ["human"] + ["heuristic"] * 4, seed=seed, bot_delay_ms=delay)


def say(client, tid: str, token: str | None, body) -> object:
    return client.post(f"/api/tables/{tid}/talk", json=body, headers=auth(token))


def test_a_claim_is_stored_as_chat_with_its_statement_and_changes_no_state(client):
    made = one_human(client)
    tid, tok = made["table_id"], tokens(made)[0]
    before = view(client, tid, tok)
    history = list(true_state(client, tid).history)
    r = say(client, tid, tok, {"kind": "claim", "claim": "White Rose"})
    assert r.status_code == 200, r.text
    last = r.json()["chat"][-1]
    assert (last["seat"], last["text"]) == (0, "claims White Rose")
    # live, without at_move (it would count steps a seat did not see; the record keeps it)
    assert last["talk"] == {"kind": "claim", "target": None, "claim": "White Rose", "at_log": before["log_total"]}
    r = say(client, tid, tok, {"kind": "accuse", "target": 3})
    # Seats by the names the table shows (a bot's name says its level: "Juniper (standard bot)").
    assert r.status_code == 200 and r.json()["chat"][-1]["text"] == f"accuses {before['seats'][3]['name']}"
    after = view(client, tid, tok)
    assert after["version"] == before["version"] and after["observation"] == before["observation"]
    assert list(true_state(client, tid).history) == history
    heard = client.portal.call(client.app.state.service.heard, tid)
    assert [(t.kind, t.at_move) for t in heard] == [("claim", before["version"]), ("accuse", before["version"])]


BAD = [
    ({"kind": "shout", "target": 1}, "kind", "unknown kind"),
    ({"kind": "claim", "claim": "Queen"}, "claim", "unknown claim"),
    ({"kind": "claim"}, "claim", "unknown claim"),
    ({"kind": "accuse", "target": 0}, "target", "cannot accuse itself"),
    ({"kind": "vouch", "target": 0}, "target", "cannot vouch for itself"),
    ({"kind": "accuse", "target": 9}, "target", "needs a seat"),
    ({"kind": "accuse"}, "target", "needs a seat"),
    ({"kind": "vouch", "target": True}, "target", "needs a seat"),
    ({"kind": ["claim"], "claim": "Bishop"}, "kind", "must be a string"),
    ({"kind": "claim", "claim": {"x": 1}}, "claim", "must be a string"),
    ({"kind": "accuse", "target": {"x": 1}}, "target", "needs a seat"),
]


def test_a_bad_statement_is_refused_naming_the_field_and_nothing_is_stored(client):
    made = one_human(client)
    tid, tok = made["table_id"], tokens(made)[0]
    revision = view(client, tid)["revision"]
    for body, param, says in BAD:
        r = say(client, tid, tok, body)
        assert r.status_code == 422, (body, r.text)
        # the body's shape is the model's (pydantic's words), what it means the service's
        detail = r.json()["detail"]
        assert r.json()["param"] == param and (says in detail or detail.startswith(f"{param}: ")), (body, r.json())
    assert view(client, tid)["revision"] == revision and view(client, tid)["chat"] == []


def test_talk_needs_a_seat_token_and_a_seat(client):
    made = one_human(client)
    tid = made["table_id"]
    assert say(client, tid, None, {"kind": "claim", "claim": "Bishop"}).status_code == 401
    assert say(client, tid, "not-a-token", {"kind": "claim", "claim": "Bishop"}).status_code == 401
    assert say(client, tid, made["host_token"], {"kind": "claim", "claim": "Bishop"}).status_code == 403
    r = client.post(f"/api/tables/{tid}/talk", content=b"[1]", headers={**auth(tokens(made)[0]),
                                                                         "Content-Type": "application/json"})
    assert r.status_code == 422
    assert say(client, "nope", tokens(made)[0], {"kind": "claim", "claim": "Bishop"}).status_code in (401, 404)
    assert view(client, tid)["chat"] == []


def test_only_a_game_of_hidden_roles_has_accusing_and_vouching(client):
    """Regression (issue 42): every game took the default talk, accuse and vouch: Rare Roses
    offered "Accuse" and the server stored it. Now a game declares its talk in its own package;
    where no seat has a hidden role, an accusation is refused in plain words and nothing is stored."""
    talk = {g["name"]: g["talk"]["kinds"] for g in client.get("/api/games").json()}
    assert sorted(talk) == sorted(every_game()), talk
    assert talk.pop(BR) == ["nominate", "claim", "accuse", "vouch"]
    assert all(kinds == [] for kinds in talk.values()), talk  # the other games: no hidden roles
    for game in ("roses-and-thorns", "rare-roses"):
        made = create(client, game, ["human", "human", "human"])
        tid, toks = made["table_id"], tokens(made)
        for body in ({"kind": "vouch", "target": 2}, {"kind": "accuse", "target": 0},
                     {"kind": "claim", "claim": "White Rose"}):
            r = say(client, tid, toks[1], body)
            assert r.status_code == 422 and r.json()["param"] == "kind", (game, body, r.text)
            detail = r.json()["detail"]
            assert detail.startswith("There is no ") and "hidden role" in detail and "'" not in detail, detail
        assert view(client, tid)["chat"] == []


def test_a_solo_table_has_no_table_talk(client):
    """Regression (issue 42): Accuse and Vouch were offered at Rare Roses' solo table."""
    made = create(client, "rare-roses", ["human"], params={"players": 1})
    tid, tok = made["table_id"], tokens(made)[0]
    r = say(client, tid, tok, {"kind": "accuse", "target": 0})
    assert r.status_code == 422 and r.json()["param"] == "kind", r.text
    assert "table of one" in r.json()["detail"]
    assert view(client, tid)["chat"] == []


def test_talk_is_rate_limited_per_token(make_client):
    client = limited(make_client, talk="2/minute")
    made = one_human(client)
    tid, tok = made["table_id"], tokens(made)[0]
    for claim in ("Bishop", "Believer"):
        assert say(client, tid, tok, {"kind": "claim", "claim": claim}).status_code == 200
    assert_429(say(client, tid, tok, {"kind": "claim", "claim": "White Rose"}), "table-talk statements with this seat's token")
    assert [c["talk"]["claim"] for c in view(client, tid)["chat"]] == ["Bishop", "Believer"]


def wait_for(client, tid: str, tok: str, done, timeout: float = 90.0) -> dict:
    # 90 s: bots' moves on a loaded 2-core machine (the callers' checks fail on a view that timed out)
    end = time.monotonic() + timeout
    while True:
        v = view(client, tid, tok)
        if done(v) or time.monotonic() > end:
            return v
        time.sleep(0.05)


def test_bots_speak_before_they_move_and_the_record_keeps_the_talk(client):
    made = one_human(client, delay=0, seed=3)
    tid, tok = made["table_id"], tokens(made)[0]
    v = wait_for(client, tid, tok, lambda v: v["terminal"] or v["legal_actions"])
    said = [c for c in v["chat"] if c.get("talk") and c["seat"] != 0]
    assert said, "no bot said anything before the human's turn"
    assert said[0]["talk"]["kind"] == "claim" and said[0]["text"].startswith("claims ")
    # The human claims and plays on; bots keep talking; the record keeps every statement.
    assert say(client, tid, tok, {"kind": "claim", "claim": "White Rose Faction"}).status_code == 200
    while not v["terminal"]:
        legal = v["legal_actions"]
        if legal:
            pick = next((a for a in legal if a == "pass"), legal[0])
            client.post(f"/api/tables/{tid}/actions", json={"action": pick, "version": v["version"]}, headers=auth(tok))
        v = wait_for(client, tid, tok, lambda w, ver=v["version"]: w["terminal"] or (w["legal_actions"] and w["version"] != ver))
    record = client.get(f"/api/tables/{tid}/record").json()
    talk = record["talk"]
    assert {t["kind"] for t in talk} >= {"claim"}
    assert any(t["seat"] == 0 and t["claim"] == "White Rose Faction" for t in talk)
    assert all(t["at_move"] <= len(record["actions"]) for t in talk)
    replay = client.post("/api/replay", json=record)
    assert replay.status_code == 200, replay.text
    assert [(t["seat"], t["kind"]) for t in replay.json()["talk"]] == [(t["seat"], t["kind"]) for t in talk]
    bad = {**record, "talk": [{"seat": 0, "kind": "accuse", "target": 0, "at_move": 0}]}
    r = client.post("/api/replay", json=bad)
    assert r.status_code == 422 and "cannot accuse itself" in r.json()["detail"]


def test_a_statement_travels_to_viewers_as_a_chat_event_with_its_talk(client):
    made = one_human(client)
    tid, tok = made["table_id"], tokens(made)[0]
    with client.websocket_connect(f"/ws/tables/{tid}") as watcher:
        assert watcher.receive_json()["type"] == "view"
        assert say(client, tid, tok, {"kind": "nominate", "target": 2}).status_code == 200
        event = watcher.receive_json()
        assert event["type"] == "chat" and event["message"]["talk"]["kind"] == "nominate"
        assert event["message"]["text"] == f"nominates {view(client, tid)['seats'][2]['name']} for the coin"


def test_migration_0006_adds_talk_to_chat_and_old_messages_stay_free_chat(tmp_path):
    """Chat stored at 0004 reads as free chat (no talk) after the upgrade; new talk is kept."""
    import sqlalchemy as sa

    from roses.server.store import SqlTableStore

    from .test_migrations import database_at

    url, engine = database_at(tmp_path, "0004")
    with engine.begin() as conn:
        assert "talk" not in {c["name"] for c in sa.inspect(conn).get_columns("roses_chat")}
        conn.execute(sa.text(
            "INSERT INTO roses_tables (id, game, params, seed, name, created, updated, version, revision, status, "
            "current_player, returns, turn_timer_seconds, bot_delay_ms, host_token_hash) VALUES "
            "('t1', 'rose-ceremony', '{\"players\": 2}', 1, 'old', :now, :now, 0, 0, 'playing', 0, NULL, "
            "NULL, 0, :h)"), {"now": "2026-12-01 00:00:00", "h": "x" * 64})
        conn.execute(sa.text("INSERT INTO roses_chat (table_id, seat, name, text, at) VALUES "
                             "('t1', 0, 'Ada', 'hello', '2026-12-01 00:00:01')"))
    engine.dispose()
    store = SqlTableStore(url)
    try:
        assert [(c.text, c.talk) for c in store.chat("t1")] == [("hello", None)]
        assert store.talk("t1") == []
        store.add_chat("t1", 1, "Bram", "accuses Ada", talk={"kind": "accuse", "target": 0, "claim": None,
                                                              "at_move": 0, "at_log": 0})
        assert [c.talk["target"] for c in store.talk("t1")] == [0]
        assert len(store.chat("t1")) == 2
    finally:
        store.dispose()


def test_the_turn_timer_stand_in_never_talks_for_a_person(client):
    """A human seat whose timer ran out is moved by the stand-in bot, which says nothing."""
    from roses.server.talk import bot_statement

    made = one_human(client)
    tid = made["table_id"]
    row = client.app.state.store.load(tid)
    state = true_state(client, tid)
    assert bot_statement(row, state, 0, "heuristic", ()) is None
    said = bot_statement(row, state, 1, "heuristic", ())
    assert said is not None and said.seat == 1 and said.kind == "claim"


def test_the_server_bot_hears_the_table_talk_when_it_moves(client):
    """runner.bot_action hands the talk to the bot (Turn.talk): its move is the one the bot makes
    hearing that talk, with the seed the server gives it (at a table where the talk changes it)."""
    import anyio

    from roses.agents import Turn, make_agent
    from roses.core.talk import Talk
    from roses.server import runner

    for seed in range(11, 60):
        made = one_human(client, seed=seed)
        row = client.app.state.store.load(made["table_id"])
        state = true_state(client, made["table_id"])
        holder = state.current_player()
        if holder == 0:
            continue
        others = [s for s in range(5) if s != holder]
        heard = (Talk(others[0], "claim", claim="Blood Blades Faction"), Talk(others[1], "nominate", target=others[0]))
        bot = lambda: make_agent("heuristic", state.game, runner.bot_seed(row.seed, row.version, holder))  # noqa: E731
        quiet, told = bot().act(Turn.of(state.clone())), bot().act(Turn.of(state.clone(), heard))
        if quiet != told:
            break
    else:
        raise AssertionError("no table where the talk changed the bot's coin")
    thinking = client.app.state.thinking
    assert client.portal.call(runner.bot_action, row, state.clone(), holder, "heuristic", (), thinking) == quiet
    assert client.portal.call(runner.bot_action, row, state.clone(), holder, "heuristic", heard, thinking) == told


def test_a_search_bot_hears_the_table_talk_in_its_worker_process(client, monkeypatch):
    """A search bot moves in the thinking service's worker (thinking.jobs.bot_choice); the talk
    travels with the position, so it hears what a heuristic bot hears (before: it was handed none)."""
    from roses.core.talk import Talk
    from roses.server import runner
    from roses.server.thinking import jobs

    from .helpers import spy_thinks

    heard_by: list = []

    class Listener:
        def act(self, turn):
            heard_by.append(turn.talk)
            return turn.legal_actions[0]

    thinks = spy_thinks(monkeypatch, client.app.state.thinking)
    made = one_human(client, seed=11)
    row = client.app.state.store.load(made["table_id"])
    state = true_state(client, made["table_id"])
    heard = (Talk(1, "claim", claim="Blood Blades Faction"), Talk(2, "nominate", target=1))
    action = client.portal.call(runner.bot_action, row, state.clone(), state.current_player(), "ismcts:easy", heard,
                                client.app.state.thinking)
    assert action in state.legal_actions()
    (_, fn, args), = thinks
    assert fn is jobs.bot_choice and args[3] == heard
    monkeypatch.setattr(jobs, "make_agent", lambda bot, game, seed: Listener())
    assert jobs.bot_choice(*args) == str(state.legal_actions()[0]) and heard_by == [heard]
