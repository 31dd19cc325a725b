"""Taking back a move at the browser table (issue 42): ``POST /api/tables/{id}/take-back``.

A seat takes back its own last move while nobody else has acted: the table is as it was before
the move for every seat, the seat is to move again, a notice says so, and the record no longer
holds the move. Refused (409 with why, nothing changed) once anything happened since, for a move
the game keeps (a card turned up), at a timed table, for a stale version; 401 without a token.
"""
from __future__ import annotations

import pytest

from roses.server.cache import TableCache
from roses.server.store import StaleVersion

from .test_server_api import auth, create, tokens, true_state, view

RT = "roses-and-thorns"


def all_humans(client, **extra) -> tuple[str, dict[int, str]]:
    created = create(client, RT, ["human", "human", "human"], seed=11, **extra)
    return created["table_id"], tokens(created)


def to_move(client, tid: str, toks: dict[int, str]) -> tuple[int, dict]:
    seat = view(client, tid)["current_player"]
    return seat, view(client, tid, toks[seat])


def move(client, tid: str, token: str, v: dict, action: str) -> dict:
    r = client.post(f"/api/tables/{tid}/actions", headers=auth(token), json={"action": action, "version": v["version"]})
    assert r.status_code == 200, r.text
    return r.json()


def take_back(client, tid: str, token: str | None, version: int):
    return client.post(f"/api/tables/{tid}/take-back", headers=auth(token), json={"version": version})


def test_a_laid_card_is_taken_back_and_the_table_is_as_before(client):
    tid, toks = all_humans(client)
    seat, before = to_move(client, tid, toks)
    others = {s: view(client, tid, t) for s, t in toks.items() if s != seat}
    assert before["take_back"] is False  # nothing of this seat's to take back yet
    after = move(client, tid, toks[seat], before, "lay thorn")
    assert after["take_back"] is True and after["version"] == before["version"] + 1
    assert all(view(client, tid, t)["take_back"] is False for s, t in toks.items() if s != seat)

    r = take_back(client, tid, toks[seat], after["version"])
    assert r.status_code == 200, r.text
    back = r.json()
    assert back["version"] == before["version"] and back["current_player"] == seat
    assert back["observation"] == before["observation"] and back["legal_actions"] == before["legal_actions"]
    assert back["take_back"] is False
    assert back["chat"][-1]["name"] == "Server"
    assert back["chat"][-1]["text"] == f"{before['seats'][seat]['name']} took back their last move."
    for s, v in others.items():
        assert view(client, tid, toks[s])["observation"] == v["observation"]
    assert client.app.state.store.load(tid).takebacks == 1

    # The seat plays another card; the stored game has it, not the card taken back.
    again = move(client, tid, toks[seat], back, "lay rose")
    assert again["version"] == after["version"]
    state = true_state(client, tid)
    assert str(state.history[-1][1]) == "lay rose" and state.history[-1][0] == seat
    mine = view(client, tid, toks[seat])["observation"]
    assert mine == again["observation"]


def test_refusals_change_nothing(make_client):
    client = make_client()
    tid, toks = all_humans(client)
    seat, before = to_move(client, tid, toks)
    after = move(client, tid, toks[seat], before, "lay rose")
    other = next(s for s in toks if s != seat)
    stored = client.app.state.store.load(tid)
    cases = [
        (take_back(client, tid, None, after["version"]), 401, "unauthorized"),
        (take_back(client, tid, toks[other], after["version"]), 409, "cannot take back"),
        (take_back(client, tid, toks[seat], after["version"] - 1), 409, "stale"),
        (client.post(f"/api/tables/{tid}/take-back", headers=auth(toks[seat]), json={"version": "x"}), 422, "invalid"),
        (take_back(client, "nope", toks[seat], 1), 404, "not found"),
    ]
    for r, status, error in cases:
        assert r.status_code == status, r.text
        assert r.json()["error"] == error and r.json()["detail"], r.text
    assert client.app.state.store.load(tid).version == stored.version
    assert client.app.state.store.load(tid).revision == stored.revision

    # The next seat moves: the first seat's move stands.
    nxt, v = to_move(client, tid, toks)
    move(client, tid, toks[nxt], v, "lay rose")
    r = take_back(client, tid, toks[seat], view(client, tid, toks[seat])["version"])
    assert r.status_code == 409 and "another player has moved" in r.json()["detail"], r.text
    assert view(client, tid, toks[seat])["take_back"] is False


def test_a_timed_table_takes_no_move_back(client):
    tid, toks = all_humans(client, turn_timer_seconds=600)
    seat, before = to_move(client, tid, toks)
    after = move(client, tid, toks[seat], before, "lay rose")
    assert after["take_back"] is False
    r = take_back(client, tid, toks[seat], after["version"])
    assert r.status_code == 409 and "turn timer" in r.json()["detail"], r.text
    assert client.app.state.store.load(tid).version == after["version"]


def test_a_turned_card_is_not_taken_back(client):
    """The whole table lays, the first seat bids every card (ending the bidding) and turns up its
    own: neither move may be taken back (the bid started the challenge; the card was seen)."""
    tid, toks = all_humans(client)
    for _ in range(3):
        seat, v = to_move(client, tid, toks)
        move(client, tid, toks[seat], v, "lay rose")
    seat, v = to_move(client, tid, toks)
    after = move(client, tid, toks[seat], v, "bid 3")
    assert after["take_back"] is False
    r = take_back(client, tid, toks[seat], after["version"])
    assert r.status_code == 409 and "cannot be taken back" in r.json()["detail"], r.text
    legal = after["legal_actions"]
    flip = next(a for a in legal if a.startswith("flip"))
    turned = move(client, tid, toks[seat], after, flip)
    assert turned["take_back"] is False


def test_a_cache_built_before_a_take_back_is_not_used_after_it(client):
    """Another process's table cache, built after a move, must not serve the table once the move
    was taken back and another made at the same version: the state is rebuilt (``takebacks``)."""
    tid, toks = all_humans(client)
    seat, before = to_move(client, tid, toks)
    after = move(client, tid, toks[seat], before, "lay thorn")
    store = client.app.state.store

    async def db(fn, *a, **kw):
        return fn(*a, **kw)

    import asyncio
    other = TableCache(store, db)
    old = asyncio.run(other.live(store.load(tid)))
    assert str(old.state.history[-1][1]) == "lay thorn"
    back = take_back(client, tid, toks[seat], after["version"]).json()
    move(client, tid, toks[seat], back, "lay rose")
    row = store.load(tid)
    assert row.version == after["version"] and row.takebacks == 1
    live = asyncio.run(other.live(row))
    assert str(live.state.history[-1][1]) == "lay rose"


def test_a_move_checked_before_a_take_back_is_not_stored_after_it(store):
    """The store's compare-and-set: a move made on a row read before a take-back (a bot that
    chose at the same version) is refused even when a new move brought the version back."""
    from datetime import datetime, timezone

    from roses.server.store import SeatRow, TableRow
    now = datetime.now(timezone.utc)
    row = TableRow(id="t1", game=RT, params={"players": 3}, seed=1, name="", created=now, updated=now,
                   version=0, revision=0, status="playing", current_player=0, returns=None,
                   turn_timer_seconds=None, bot_delay_ms=0, host_token_hash="h",
                   seats=[SeatRow(s, "human", None, f"P{s}", None, True, False, 0, []) for s in range(3)])
    store.create_table(row, [])
    first = store.load("t1")
    moved = store.append_actions("t1", 0, [(0, "a")], status=None, current_player=1, returns=None, row=first)
    seen = store.load("t1")  # a bot reads the row here, at version 1
    back = store.take_back("t1", moved.version, moved.revision, 0)
    assert (back.version, back.takebacks) == (0, 1) and store.actions("t1") == []
    store.append_actions("t1", 0, [(0, "b")], status=None, current_player=1, returns=None, row=back)
    with pytest.raises(StaleVersion):
        store.append_actions("t1", 1, [(1, "c")], status=None, current_player=2, returns=None, row=seen)
    assert [a[-1] for a in store.actions("t1")] == ["b"]
    with pytest.raises(StaleVersion):  # a take-back checked on an old revision
        store.take_back("t1", 1, seen.revision, 0)
