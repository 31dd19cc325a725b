"""Turn clocks and the bots' pace at the table (issue 41, "Bots at the table are the bots we
measured"): the turn-timer stand-in never moves for a seat nobody joined, and a seat that joins
gets its whole timer from then; a deadline resumes with the time left when every server was down;
a bot pays its delay once a turn; the host's fast-bots switch. Through the API and on every store
(SQLite, memory, PostgreSQL when set up). Time is driven (a turn's clock set back), never slept."""
from __future__ import annotations

import time
from datetime import datetime, timedelta

from sqlalchemy import select, update

from roses.server import models
from roses.server.clock import turn_start
from roses.server.memory_store import MemoryTableStore
from roses.server.runner import plan
from roses.server.store import SeatRow, TableRow, aware, utcnow

from .test_server_api import auth, true_state, view, wait_until

RC = "rose-ceremony"
RR = "rare-roses"
RT = "roses-and-thorns"


def made(client, game: str, kinds: list[str], names: tuple[str, ...] = (), **extra) -> dict:
    """A table of ``game``: each seat a human (``"human"``, named from ``names`` in order when
    given) or the named bot."""
    seats = [{"kind": "human"} if k == "human" else {"kind": "bot", "bot": k} for k in kinds]
    for seat, name in zip((s for s in seats if s["kind"] == "human"), names):
        seat["name"] = name
    r = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def seat_tokens(created: dict) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"] if s["kind"] == "human"}


def set_back(client, table_id: str, seconds: float) -> None:
    """As if ``seconds`` had passed since the table's turn began: its turn clock and last change
    moved that far into the past, in the store (the truth)."""
    store, by = client.app.state.store, timedelta(seconds=seconds)
    if isinstance(store, MemoryTableStore):
        t = store._tables[table_id]
        t.turn_started, t.updated = turn_start(t) - by, t.updated - by
        return
    t = models.tables
    with store.engine.begin() as conn:
        r = conn.execute(select(t.c.turn_started, t.c.updated).where(t.c.id == table_id)).one()
        conn.execute(update(t).where(t.c.id == table_id).values(
            turn_started=aware(r.turn_started) - by, updated=aware(r.updated) - by))


def kick(client, table_id: str) -> None:
    """Make the table's background task plan again now (as any change to the table does)."""
    service = client.app.state.service

    async def go() -> None:
        service.kick(table_id)

    client.portal.call(go)


def settle(client, table_id: str, timeout: float = 60.0) -> None:
    """Kick the table's background task and wait until it ended: the server has nothing to do at
    the table now (a bot, chance, or a timer whose time is up would keep it moving)."""
    kick(client, table_id)
    runner, end = client.app.state.service.runner, time.monotonic() + timeout
    while not runner.idle(table_id):
        assert time.monotonic() < end, "the table's background task did not settle"
        time.sleep(0.01)


# ---------------------------------------------------------------------------------------- unjoined seats
def test_the_stand_in_never_moves_for_a_seat_nobody_joined(client):
    """The case found: a 2-human Rose Ceremony table with a 1 s timer that nobody opened was
    played to the end by the stand-in. Now it waits, shows no deadline and says why."""
    tid = made(client, RC, ["human", "human"], turn_timer_seconds=1)["table_id"]
    v = view(client, tid)
    first = v["current_player"]
    assert first in (0, 1) and v["status"] == "waiting"
    assert v["turn_deadline"] is None and v["turn_note"] == f"Waiting for Seat {first + 1} to join"
    set_back(client, tid, 3600)  # an hour on a 1 s timer
    settle(client, tid)
    after = view(client, tid)
    assert (after["version"], after["status"], after["current_player"]) == (v["version"], "waiting", first)
    assert after["turn_deadline"] is None and after["turn_note"] == v["turn_note"]
    row = client.app.state.store.load(tid)
    assert plan(row, true_state(client, tid)) is None
    assert tid not in client.app.state.store.due_tables(utcnow())


def test_a_seat_that_joins_gets_its_whole_timer_from_then(client):
    """The seat to move joins an hour after its turn began: its deadline is the whole timer from
    the moment it joined (a seat named at creation is named in the note); the other seat joining
    later changes nothing; once the time is up the stand-in moves for it."""
    created = made(client, RC, ["human", "human"], names=("Ana", "Bea"), turn_timer_seconds=60)
    tid, toks = created["table_id"], seat_tokens(created)
    v = view(client, tid)
    first = v["current_player"]
    assert v["turn_note"] == f"Waiting for {('Ana', 'Bea')[first]} to join"
    set_back(client, tid, 3600)
    before = utcnow()
    mine = view(client, tid, toks[first])
    after = utcnow()
    deadline = datetime.fromisoformat(mine["turn_deadline"])
    assert before + timedelta(seconds=60) <= deadline <= after + timedelta(seconds=60)
    assert mine["turn_note"] is None and mine["legal_actions"]
    assert view(client, tid, toks[1 - first])["turn_deadline"] == mine["turn_deadline"]
    assert view(client, tid)["version"] == v["version"]
    set_back(client, tid, 61)  # the minute is up
    kick(client, tid)
    wait_until(client, tid, lambda w: w["version"] > v["version"], timeout=60)
    assert true_state(client, tid).history[v["version"]][0] == first  # the stand-in moved for the seat


def test_an_open_seat_taken_gets_its_whole_timer_from_then(client):
    """A seat the host opened and someone took (``…/take``) joins as a link's seat does."""
    created = made(client, RC, ["human", "human"], turn_timer_seconds=60)
    tid, host = created["table_id"], created["host_token"]
    first = view(client, tid)["current_player"]
    assert client.post(f"/api/tables/{tid}/seats/{first}/open", headers=auth(host), json={"open": True}).status_code == 200
    set_back(client, tid, 3600)
    before = utcnow()
    r = client.post(f"/api/tables/{tid}/seats/{first}/take", json={"name": "Cy"})
    assert r.status_code == 200, r.text
    deadline = datetime.fromisoformat(view(client, tid)["turn_deadline"])
    assert before + timedelta(seconds=60) <= deadline <= utcnow() + timedelta(seconds=60)


# ---------------------------------------------------------------------------------------- stores
def _row(table_id: str, timer: int | None, status: str = "playing") -> TableRow:
    now = utcnow()
    return TableRow(id=table_id, game=RT, params={"players": 3}, seed=1, name="", created=now, updated=now,
                    version=0, revision=0, status=status, current_player=0, returns=None,
                    turn_timer_seconds=timer, bot_delay_ms=0, host_token_hash="",
                    seats=[SeatRow(0, "human", joined=True), SeatRow(1, "human"), SeatRow(2, "human")])


def test_store_moves_timed_clocks_by_the_time_every_process_was_down(store):
    """``resume_clocks``: after a heartbeat within ``down_after`` (a process is live) nothing
    moves; after a longer gap every unfinished timed table's clock moves by the gap, untimed and
    finished tables' stay; a second process starting at the same moment moves nothing again."""
    for tid, timer, status in (("timed", 30, "playing"), ("untimed", None, "playing"), ("over", 30, "finished")):
        store.create_table(_row(tid, timer, status), [])
    start = {tid: turn_start(store.load(tid)) for tid in ("timed", "untimed", "over")}
    t0 = utcnow()
    assert store.resume_clocks(t0, timedelta(seconds=5)) == timedelta(0)  # no process ever beat
    store.heartbeat(t0 + timedelta(seconds=10))
    assert store.resume_clocks(t0 + timedelta(seconds=14), timedelta(seconds=5)) == timedelta(0)  # live
    assert turn_start(store.load("timed")) == start["timed"]
    back = t0 + timedelta(seconds=14 + 26)  # every process down for 26 s
    assert store.resume_clocks(back, timedelta(seconds=5)) == timedelta(seconds=26)
    assert turn_start(store.load("timed")) == start["timed"] + timedelta(seconds=26)
    assert turn_start(store.load("untimed")) == start["untimed"] and turn_start(store.load("over")) == start["over"]
    assert store.resume_clocks(back, timedelta(seconds=5)) == timedelta(0)
    assert turn_start(store.load("timed")) == start["timed"] + timedelta(seconds=26)


def test_store_starts_a_turn_clock_when_the_seat_to_move_joins(store):
    """``mark_joined`` of the seat to move starts its clock; another seat's joining leaves it;
    a stored move starts the next turn's."""
    store.create_table(_row("t", 30), [])
    old = utcnow() - timedelta(hours=1)
    store.create_table(TableRow(**{**_row("u", 30).__dict__, "id": "u", "created": old, "updated": old,
                                   "seats": [SeatRow(0, "human"), SeatRow(1, "human")]}), [])
    assert turn_start(store.load("u")) == old
    assert store.mark_joined("u", 1) and turn_start(store.load("u")) == old  # seat 1 is not to move
    before = utcnow()
    assert store.mark_joined("u", 0) and before <= turn_start(store.load("u")) <= utcnow()
    joined = turn_start(store.load("u"))
    row = store.append_actions("u", 0, [(0, "x")], status=None, current_player=1, returns=None)
    assert row.turn_started > joined and turn_start(store.load("u")) == row.turn_started


# ---------------------------------------------------------------------------------------- bot pace
def test_a_bot_pays_its_delay_once_a_turn(client):
    """Rare Roses bots at a 60 s bot delay: once the first turn's delay is over, the bot plays the
    whole of its turn (several moves) without waiting again; the next bot's turn waits 60 s."""
    created = made(client, RR, ["heuristic", "heuristic"], seed=5, bot_delay_ms=60000)
    tid = created["table_id"]
    v = view(client, tid)
    first, start = v["current_player"], v["version"]
    set_back(client, tid, 60)  # the first turn's delay is over
    kick(client, tid)
    now = wait_until(client, tid, lambda w: w["current_player"] != first, timeout=30)
    state = true_state(client, tid)
    moves = [s for s, _ in state.history[start:] if s >= 0]
    assert len(moves) >= 2 and set(moves) == {first}, moves
    row = client.app.state.store.load(tid)
    due, seat, bot = plan(row, state)
    assert (seat, bot) == (now["current_player"], "heuristic") and due == turn_start(row) + timedelta(seconds=60)


def test_plan_gives_a_bot_its_delay_only_when_its_turn_starts(client):
    """``plan`` at a bot's seat: the delay after the turn's start when the seat to move has just
    changed to it; at once (the turn's start) when its own move came last, chance aside."""
    created = made(client, RR, ["heuristic", "heuristic"], seed=5, bot_delay_ms=60000)
    tid = created["table_id"]
    row, state = client.app.state.store.load(tid), true_state(client, tid)
    cp = state.current_player()
    assert plan(row, state) == (turn_start(row) + timedelta(seconds=60), cp, "heuristic")
    state.apply(state.legal_actions()[0])
    while state.is_chance_node():
        state.apply(state.sample_chance())
    assert state.current_player() == cp, "the first move does not end this seed's first turn"
    assert plan(row, state) == (turn_start(row), cp, "heuristic")


# ---------------------------------------------------------------------------------------- fast bots
def test_the_host_switches_fast_bots_at_the_table(make_client):
    """``POST …/fast-bots`` (host token): fast is no pause (a bot waiting out 60 s moves at once),
    normal the server's default; stored, and pushed to the table's viewers."""
    client = make_client(bot_delay_ms=400)
    # The human at seat 2 keeps the game from ending while the test runs: three fast bots once
    # played a whole game before the switch back to normal (a 409 "finished" in CI).
    created = made(client, RT, ["heuristic", "heuristic", "human"], seed=3, bot_delay_ms=60000)
    tid, host = created["table_id"], created["host_token"]
    first = view(client, tid)
    start = first["version"]
    assert first["current_player"] in (0, 1), "this seed's first turn is a bot's"
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        assert ws.receive_json()["bot_delay_ms"] == 60000
        r = client.post(f"/api/tables/{tid}/fast-bots", headers=auth(host), json={"fast": True})
        assert r.status_code == 200, r.text
        assert r.json()["bot_delay_ms"] == 0 and r.json()["host"] is True
        pushed = ws.receive_json()
        assert pushed["type"] == "view" and pushed["bot_delay_ms"] == 0
    assert client.app.state.store.load(tid).bot_delay_ms == 0
    wait_until(client, tid, lambda w: w["version"] > start, timeout=30)  # no more waiting out the minute
    r = client.post(f"/api/tables/{tid}/fast-bots", headers=auth(host), json={"fast": False})
    assert r.status_code == 200, r.text
    assert r.json()["bot_delay_ms"] == 400
    assert client.app.state.store.load(tid).bot_delay_ms == 400


def test_fast_bots_refusals_change_nothing(client):
    """401 without a token, 403 a seat's token, 404 no table, 422 ``fast`` not a boolean, 409 a
    closed or finished table: each with a message, and the table as it was."""
    created = made(client, RT, ["human", "heuristic", "heuristic"], bot_delay_ms=60000)
    tid, host, seat_token = created["table_id"], created["host_token"], seat_tokens(created)[0]
    store = client.app.state.store
    before = store.load(tid)
    path = f"/api/tables/{tid}/fast-bots"
    cases = [(client.post(path, json={"fast": True}), 401, "unauthorized"),
             (client.post(path, headers=auth(seat_token), json={"fast": True}), 403, "forbidden"),
             (client.post("/api/tables/nope/fast-bots", headers=auth(host), json={"fast": True}), 404, "not found"),
             (client.post(path, headers=auth(host), json={"fast": "yes"}), 422, "invalid"),
             (client.post(path, headers=auth(host), json={}), 422, "invalid")]
    for r, status, error in cases:
        assert (r.status_code, r.json()["error"]) == (status, error), r.text
        assert r.json()["detail"]
    assert client.post(path, headers=auth(host), json={"fast": 1}).json()["detail"] == "fast: Input should be a valid boolean"
    after = store.load(tid)
    assert (after.bot_delay_ms, after.revision) == (before.bot_delay_ms, before.revision)
    assert client.post(f"/api/tables/{tid}/close", headers=auth(host), json={}).status_code == 200
    r = client.post(path, headers=auth(host), json={"fast": True})
    assert r.status_code == 409 and r.json()["error"] == "closed"
    assert store.load(tid).bot_delay_ms == 60000
    over = made(client, RT, ["random"] * 3, params={"quick_game": True}, bot_delay_ms=1)
    wait_until(client, over["table_id"], lambda w: w["terminal"], timeout=60)
    r = client.post(f"/api/tables/{over['table_id']}/fast-bots", headers=auth(over["host_token"]), json={"fast": True})
    assert (r.status_code, r.json()["error"]) == (409, "finished") and "game is over" in r.json()["detail"]
    assert store.load(over["table_id"]).bot_delay_ms == 1
