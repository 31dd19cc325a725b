"""Seat names, who held each seat when, open seats and rematches (issue 14), through the API and
on every store (SQLite, memory, PostgreSQL when set up)."""
from __future__ import annotations

import threading

from roses.core import GameRecord
from roses.server.limits import Limits
from roses.server.seating import bot_level, bot_seat_name
from roses.server.store import SeatRow, TableRow, utcnow

from .test_server_api import auth, create, to_move, tokens, view

RT = "roses-and-thorns"
QUICK = {"quick_game": True}  # a single successful challenge wins: ~30 moves


def create_named(client, kinds: list[str], names: dict[int, str] | None = None, **extra) -> dict:
    """A Roses and Thorns table (quick game) with ``names`` given at creation."""
    seats = [{"kind": "human"} if k == "human" else {"kind": "bot", "bot": k} for k in kinds]
    for seat, name in (names or {}).items():
        seats[seat]["name"] = name
    r = client.post("/api/tables", json={"game": RT, "seats": seats, "params": QUICK, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def play(client, tid: str, toks: dict[int, str], before=None) -> dict:
    """Play the first legal move for each human seat of ``toks`` until the game ends (bots move by
    themselves); ``before(seat, view)`` may act first. Returns the final view."""
    while True:
        seat, tok, v = to_move(client, tid, toks)
        if seat == -4:
            return v
        if before is not None and before(seat, v):
            continue
        r = client.post(f"/api/tables/{tid}/actions", json={"action": v["legal_actions"][0], "version": v["version"]},
                        headers=auth(tok))
        assert r.status_code in (200, 409), r.text


def name_seat(client, tid: str, seat: int, token: str | None, name: str):
    return client.post(f"/api/tables/{tid}/seats/{seat}/name", json={"name": name}, headers=auth(token))


# ---------------------------------------------------------------------------------------- names
def test_bots_are_named_with_their_level_and_humans_count_from_one(client):
    created = create_named(client, ["human", "human", "ismcts:hard"], {0: "Ana"})
    assert [s["name"] for s in created["seats"]] == ["Ana", "Seat 2", "Ivy (hard bot)"]
    v = view(client, created["table_id"])
    assert [s["name"] for s in v["seats"]] == ["Ana", "Seat 2", "Ivy (hard bot)"]
    assert [bot_level(b) for b in ("heuristic", "random", "ismcts", "ismcts:easy", "search")] == [
        "standard", "random", "search", "easy", "search"]
    # a first name a human took is skipped
    assert bot_seat_name("heuristic", 0, ["hazel", "Rowan (random bot)"]) == "Ivy (standard bot)"


def test_a_player_names_its_seat_once_and_impostors_are_refused(client):
    created = create_named(client, ["human", "human", "random"], {0: "Ana"})
    tid, toks = created["table_id"], tokens(created)
    assert name_seat(client, tid, 1, None, "Bea").status_code == 401
    assert name_seat(client, tid, 1, toks[0], "Bea").status_code == 403  # not Ana's seat
    assert name_seat(client, tid, 7, toks[1], "Bea").status_code == 404
    for bad in ("Ana", "ana ", "Seat 1", "host", "Ivy", "Ivy (random bot)", "Bea (hard bot)", "\u200b", "x" * 41):
        r = name_seat(client, tid, 1, toks[1], bad)
        assert r.status_code == 422 and r.json()["param"] == "name", (bad, r.text)
    r = name_seat(client, tid, 1, toks[1], "  Bea\u200d ")
    assert r.status_code == 200, r.text
    assert r.json()["seats"][1]["name"] == "Bea" and r.json()["seats"][1]["joined"] is True


def test_names_reach_chat_and_the_record_keeps_who_held_each_seat_when(client):
    """Bea plays one move, then the host hands her seat to a bot: the record says Bea held seat 2
    from move 0 and the bot from the move after hers; the replay carries the same. Every seat is
    human until then, so a bot cannot end the game before the hand-over (a bot bidding 3 at once
    and winning did, in CI)."""
    created = create_named(client, ["human", "human", "human"], {0: "Ana", 2: "Cy"})
    tid, toks, host = created["table_id"], tokens(created), created["host_token"]
    assert name_seat(client, tid, 1, toks[1], "Bea").status_code == 200
    r = client.post(f"/api/tables/{tid}/chat", json={"text": "hello"}, headers=auth(toks[1]))
    assert r.json()["chat"][-1]["name"] == "Bea"
    handed = {}

    def hand_after_bea(seat, v):
        # Bea moved once: her seat goes to a bot at the next turn (it cannot be hers: seats take
        # turns laying their first card, and no bot can end the game before)
        if "at" in handed:
            return False
        if handed.get("moved"):
            handed["at"] = v["version"]
            r = client.post(f"/api/tables/{tid}/seats/1/bot", json={"bot": "random"}, headers=auth(host))
            assert r.status_code == 200, r.text
            del toks[1]
            return True
        if seat == 1:
            handed["moved"] = True
        return False

    final = play(client, tid, toks, hand_after_bea)
    assert "at" in handed and final["seats"][1]["name"] == "Rowan (random bot)"
    data = client.get(f"/api/tables/{tid}/record").json()
    record = GameRecord.from_json(data)
    assert record.players == ["human", "bot:random", "human"]
    assert record.holders == [
        [{"from": 0, "name": "Ana", "kind": "human", "bot": None}],
        [{"from": 0, "name": "Bea", "kind": "human", "bot": None},
         {"from": handed["at"], "name": "Rowan (random bot)", "kind": "bot", "bot": "random"}],
        [{"from": 0, "name": "Cy", "kind": "human", "bot": None}]]
    assert any(seat == 1 for seat, _ in record.actions[:handed["at"]])  # Bea's own move
    replayed = client.post("/api/replay", json=data).json()
    assert replayed["holders"] == record.holders
    assert "seat 0" not in str(view(client, tid)["seats"]).lower()


# ---------------------------------------------------------------------------------------- open seats
def test_an_open_seat_is_taken_once_and_the_loser_hears_why(client):
    created = create_named(client, ["human", "human", "random"], {0: "Ana"})
    tid, toks, host = created["table_id"], tokens(created), created["host_token"]
    url = f"/api/tables/{tid}/seats/1"
    take = lambda name: client.post(f"{url}/take", json={"name": name})  # noqa: E731
    assert take("Cy").status_code == 409  # not open yet
    assert client.post(f"{url}/open", json={"open": True}, headers=auth(toks[0])).status_code == 403
    assert client.post(f"/api/tables/{tid}/seats/2/open", json={"open": True}, headers=auth(host)).status_code == 409
    r = client.post(f"{url}/open", json={"open": True}, headers=auth(host))
    assert r.status_code == 200 and r.json()["seats"][1]["open"] is True
    assert [t["seats"][1]["open"] for t in client.get("/api/tables").json() if t["table_id"] == tid] in ([True], [])
    assert take("Ana").status_code == 422  # a taken name
    won = take("Cy")
    assert won.status_code == 200, won.text
    assert won.json()["seat"] == 1 and won.json()["table_id"] == tid
    lost = take("Dee")
    assert lost.status_code == 409 and "someone else took it first" in lost.json()["detail"]
    v = view(client, tid, won.json()["token"])
    assert v["seat"] == 1 and v["seats"][1] == {**v["seats"][1], "name": "Cy", "joined": True, "open": False}
    assert client.get(f"/api/tables/{tid}", headers=auth(toks[1])).status_code == 401  # the old invite
    assert client.post(f"{url}/open", json={"open": True}, headers=auth(host)).status_code == 409  # joined now


def test_takers_racing_for_one_open_seat_one_wins(client):
    created = create_named(client, ["human", "human", "random"], {0: "Ana"})
    tid, host = created["table_id"], created["host_token"]
    assert client.post(f"/api/tables/{tid}/seats/1/open", json={"open": True}, headers=auth(host)).status_code == 200
    codes: list[int] = []
    start = threading.Barrier(4)

    def taker(k: int) -> None:
        start.wait()
        codes.append(client.post(f"/api/tables/{tid}/seats/1/take", json={"name": f"Taker {k}"}).status_code)

    threads = [threading.Thread(target=taker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [200, 409, 409, 409]


def test_taking_seats_counts_against_the_join_limit(make_client):
    client = make_client(limits=Limits.off().with_(enabled=True, join="2/minute", create="100/minute"))
    created = create_named(client, ["human", "human", "random"], {0: "Ana"})
    url = f"/api/tables/{created['table_id']}/seats/1/take"
    assert [client.post(url, json={"name": "Cy"}).status_code for _ in range(3)] == [409, 409, 429]


# ---------------------------------------------------------------------------------------- rematch
def test_rematch_is_made_once_and_each_token_is_exchanged_once(client):
    service = client.app.state.service
    created = create_named(client, ["human", "human", "heuristic"], {0: "Ana"}, name="Friday")
    tid, toks, host = created["table_id"], tokens(created), created["host_token"]
    assert name_seat(client, tid, 1, toks[1], "Bea").status_code == 200
    assert client.post(f"/api/tables/{tid}/rematch", headers=auth(toks[0]), json={}).status_code == 409  # not over
    old_seed = service.store.load(tid).seed
    service.new_seed = lambda: old_seed + 1
    play(client, tid, dict(toks))
    assert client.post(f"/api/tables/{tid}/rematch", json={}).status_code == 401
    answers: list = []
    start = threading.Barrier(2)

    def click(token: str) -> None:
        start.wait()
        answers.append(client.post(f"/api/tables/{tid}/rematch", headers=auth(token), json={}))

    threads = [threading.Thread(target=click, args=(toks[s],)) for s in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
    new_ids = {a.json()["table_id"] for a in answers}
    assert len(new_ids) == 1
    new_id = new_ids.pop()
    new = {a.json()["seat"]: a.json()["token"] for a in answers}
    assert set(new) == {0, 1} and new[0] not in toks.values()
    old = view(client, tid)
    assert old["rematch"] == new_id and old["rematch_by"] in ("Ana", "Bea")
    again = client.post(f"/api/tables/{tid}/rematch", headers=auth(toks[0]), json={})
    assert again.status_code == 409 and "works once" in again.json()["detail"]
    hosted = client.post(f"/api/tables/{tid}/rematch", headers=auth(host), json={})
    assert hosted.status_code == 200 and hosted.json() == {**hosted.json(), "table_id": new_id, "seat": None, "host": True}
    for seat in (0, 1):
        v = view(client, new_id, new[seat])
        assert v["seat"] == seat
    assert [(s["name"], s["kind"], s.get("bot")) for s in v["seats"]] == [
        ("Ana", "human", None), ("Bea", "human", None), ("Ivy (standard bot)", "bot", "heuristic")]
    assert v["params"] == old["params"] and v["name"] == "Friday" and v["rematch"] is None and not v["terminal"]
    row = service.store.load(new_id)
    assert row.seed == old_seed + 1 and row.bot_delay_ms == service.store.load(tid).bot_delay_ms
    # the rematch's host token is the host's: it may close the new table, the old one may not
    assert client.post(f"/api/tables/{new_id}/close", headers=auth(host), json={}).status_code == 401
    assert client.post(f"/api/tables/{new_id}/close", headers=auth(hosted.json()["token"]), json={}).status_code == 200


# ---------------------------------------------------------------------------------------- stores
def _row(table_id: str, seats: list[SeatRow]) -> TableRow:
    now = utcnow()
    return TableRow(id=table_id, game=RT, params={"players": 3}, seed=1, name="", created=now, updated=now,
                    version=0, revision=0, status="waiting", current_player=0, returns=None,
                    turn_timer_seconds=None, bot_delay_ms=0, host_token_hash="", seats=seats)


def test_store_compare_and_sets_decide_every_race(store):
    """Two rematches of one table: the second returns the first's id and stores nothing; two claims
    of one seat or host token: one wins; a seat handed to a bot keeps its earlier holder."""
    seats = [SeatRow(0, "human", name="Ana"), SeatRow(1, "human", open=True), SeatRow(2, "bot", "random", "Ivy (random bot)", joined=True)]
    store.create_table(_row("old", seats), [])
    assert store.create_rematch("old", _row("new1", seats), [], "Ana") == "new1"
    assert store.create_rematch("old", _row("new2", seats), [], "Bea") == "new1"
    assert store.load("new2") is None
    old = store.load("old")
    assert (old.rematch, old.rematch_by) == ("new1", "Ana") and old.revision == 1
    assert store.claim_seat("new1", 0, "h1") is True and store.claim_seat("new1", 0, "h2") is False
    assert store.claim_seat("new1", 2, "h3") is False  # a bot's seat has no token to claim
    assert store.claim_host("new1", "hh") is True and store.claim_host("new1", "hx") is False
    assert store.load("new1").host_token_hash == "hh"
    assert store.claim_seat("old", 1, "t1", name="Cy", open_only=True) is True
    assert store.claim_seat("old", 1, "t2", name="Dee", open_only=True) is False
    s1 = store.load("old").seats[1]
    assert (s1.name, s1.token_hash, s1.open, s1.joined) == ("Cy", "t1", False, True)
    assert store.set_seat_open("old", 1, True) is False  # joined: no longer openable
    store.set_seat_bot("old", 0, "heuristic", "Hazel (standard bot)", 5)
    s0 = store.load("old").seats[0]
    assert (s0.kind, s0.name, s0.since) == ("bot", "Hazel (standard bot)", 5)
    assert s0.past == [{"from": 0, "name": "Ana", "kind": "human", "bot": None}]
    store.set_seat_name("new1", 1, "Bea")
    assert store.load("new1").seats[1].name == "Bea"
