"""Issue 43, finding 5: when the database cannot write (a read-only file, a full disk), a request
that must write gets 503 with ``Retry-After`` and a plain message, reads go on from the cache, a
seat that has not joined yet can still see its table, and nothing is lost once it writes again.
Before, each of these answered a bare 500 "internal"."""
from __future__ import annotations

import contextlib

import pytest
from sqlalchemy import event, text

from .test_server_abuse import auth, made_table


@contextlib.contextmanager
def storage(client, pragma: str):
    """Every connection of the app's SQLite store runs ``pragma`` while the block runs."""
    engine = getattr(client.app.state.store, "engine", None)
    if engine is None or engine.dialect.name != "sqlite":
        pytest.skip("a SQLite store's pragmas make it read-only or full")

    def on_connect(dbapi_connection, _record):
        dbapi_connection.execute(pragma)

    event.listen(engine, "connect", on_connect)
    engine.dispose()
    try:
        yield engine
    finally:
        event.remove(engine, "connect", on_connect)
        engine.dispose()


def assert_503(r) -> None:
    assert r.status_code == 503, r.text
    body = r.json()
    assert body["error"] == "unavailable" and "nothing was changed" in body["detail"]
    assert int(r.headers["Retry-After"]) == body["retry_after"] > 0


def test_a_read_only_database_gives_503_reads_go_on_and_nothing_is_lost(client):
    made = made_table(client, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tid, (one, two) = made["table_id"], [s["token"] for s in made["seats"][:2]]
    v = client.get(f"/api/tables/{tid}", headers=auth(one)).json()
    mover = one if v["current_player"] == 0 else two
    mine = client.get(f"/api/tables/{tid}", headers=auth(mover)).json()
    errors_before = client.get("/api/health").json()["errors"]
    with storage(client, "PRAGMA query_only = ON"):
        r = client.post(f"/api/tables/{tid}/actions", headers=auth(mover),
                        json={"action": mine["legal_actions"][0], "version": mine["version"]})
        assert_503(r)
        assert_503(client.post(f"/api/tables/{tid}/chat", headers=auth(one), json={"text": "hello"}))
        made2 = client.post("/api/tables", json={"game": "roses-and-thorns", "seats": [{"kind": "human"}] * 3})
        assert_503(made2)
        # reads go on: the lobby, a spectator, and a seat that never joined
        assert client.get(f"/api/tables/{tid}").status_code == 200
        other = two if mover == one else one
        seen = client.get(f"/api/tables/{tid}", headers=auth(other))
        assert seen.status_code == 200 and seen.json()["version"] == mine["version"]
    assert client.get("/api/health").json()["errors"] != errors_before  # logged at ERROR, counted
    after = client.get(f"/api/tables/{tid}", headers=auth(mover)).json()
    assert after["version"] == mine["version"] and after["chat"] == []  # nothing changed meanwhile
    r = client.post(f"/api/tables/{tid}/actions", headers=auth(mover),
                    json={"action": mine["legal_actions"][0], "version": mine["version"]})
    assert r.status_code == 200 and r.json()["version"] > mine["version"]


def test_a_full_database_gives_503_and_the_table_plays_on_afterwards(client):
    made = made_table(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}])
    tid, tok = made["table_id"], made["seats"][0]["token"]
    with storage(client, "PRAGMA max_page_count = 1") as engine:
        with engine.connect() as c:  # the file is already longer: no page may be added
            assert c.execute(text("PRAGMA page_count")).scalar() > 1
        codes = []
        for i in range(200):
            r = client.post(f"/api/tables/{tid}/chat", headers=auth(tok), json={"text": f"{i} " + "x" * 400})
            codes.append(r.status_code)
            if r.status_code != 200:
                assert_503(r)
                break
        assert codes[-1] == 503, codes
        stored = len(client.get(f"/api/tables/{tid}").json()["chat"])
    r = client.post(f"/api/tables/{tid}/chat", headers=auth(tok), json={"text": "back"})
    assert r.status_code == 200
    chat = client.get(f"/api/tables/{tid}").json()["chat"]
    assert len(chat) == stored + 1 and chat[-1]["text"] == "back"


def test_a_bot_whose_move_cannot_be_saved_waits_and_tries_again(client, monkeypatch):
    # Before, the runner's "another process moved first" branch would have taken the 503 too and
    # planned again at once: a bot thinking and failing in a tight loop while the disk was full.
    import time

    from sqlalchemy.exc import OperationalError

    store = client.app.state.store
    real = store.append_actions
    tries: list[float] = []

    def failing_twice(*args, **kw):
        tries.append(time.monotonic())
        if len(tries) <= 2:
            raise OperationalError("INSERT", {}, Exception("database or disk is full"))
        return real(*args, **kw)

    monkeypatch.setattr(store, "append_actions", failing_twice)
    made = client.post("/api/tables", json={"game": "roses-and-thorns", "bot_delay_ms": 0,
                                            "seats": [{"kind": "bot", "bot": "random"}] * 3}).json()
    tid = made["table_id"]
    deadline = time.monotonic() + 60
    start = client.get(f"/api/tables/{tid}").json()["version"]
    while len(tries) < 3 or client.get(f"/api/tables/{tid}").json()["version"] == start:
        assert time.monotonic() < deadline, tries
        time.sleep(0.05)  # polling until the move is saved; the deadline alone decides a failure
    assert client.get(f"/api/tables/{tid}").json()["version"] > start  # saved once the store wrote again
    assert tries[2] - tries[0] >= 0.9 + 1.8  # waited 1 s, then 2 s: no tight loop
    assert client.get("/api/health").json()["errors"]
