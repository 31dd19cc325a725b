"""A move is checked on the table's row as this process last read or wrote it, without reading it
again (issue 43: one read fewer a move). Such a row may be behind another process's change; these
tests make that change in the store behind the service's back, as another process would, and check
that the row in memory only ever says yes to what the stored row allows."""
from __future__ import annotations

import pytest

from roses.server.store import StaleVersion

from .test_server_api import auth, true_state, view
from .test_server_turn_clock import made, seat_tokens

RC = "rose-ceremony"


def a_table(client):
    created = made(client, RC, ["human", "human"], ("Ana", "Ben"))
    tid, tokens = created["table_id"], seat_tokens(created)
    seat = view(client, tid, tokens[0])["current_player"]
    mine = view(client, tid, tokens[seat])  # the process now knows the table's row
    assert client.app.state.service.tables.known_row(tid) is not None
    return tid, tokens, seat, mine


def post(client, tid, token, action, version):
    return client.post(f"/api/tables/{tid}/actions", headers=auth(token), json={"action": action, "version": version})


def test_a_seat_handed_to_a_bot_by_another_process_cannot_move(client):
    tid, tokens, seat, mine = a_table(client)
    before = true_state(client, tid).snapshot()
    client.app.state.store.set_seat_bot(tid, seat, "random", "Robo", mine["version"])  # another process
    r = post(client, tid, tokens[seat], mine["legal_actions"][0], mine["version"])
    assert r.status_code == 403 and "played by a bot" in r.json()["detail"], r.text
    assert true_state(client, tid).snapshot() == before


def test_a_table_closed_by_another_process_takes_no_move(client):
    tid, tokens, seat, mine = a_table(client)
    assert client.app.state.store.close(tid)
    r = post(client, tid, tokens[seat], mine["legal_actions"][0], mine["version"])
    assert r.status_code == 409 and r.json()["error"] == "closed", r.text
    assert len(true_state(client, tid).history) == mine["version"]


def test_a_chat_from_another_process_does_not_refuse_the_move(client):
    tid, tokens, seat, mine = a_table(client)
    client.app.state.store.add_chat(tid, 1 - seat, "Ben", "hello")  # moves the row's revision only
    r = post(client, tid, tokens[seat], mine["legal_actions"][0], mine["version"])
    assert r.status_code == 200, r.text
    assert len(true_state(client, tid).history) >= mine["version"] + 1
    assert [c["text"] for c in r.json()["chat"]] == ["hello"]
    again = post(client, tid, tokens[seat], mine["legal_actions"][0], mine["version"])
    assert again.status_code == 409  # applied once


def test_a_move_stored_by_another_process_makes_the_same_move_stale(client):
    tid, tokens, seat, mine = a_table(client)
    store = client.app.state.store
    state = true_state(client, tid)
    state.apply(state.action_from_text(mine["legal_actions"][0]))
    store.append_actions(tid, mine["version"], [(seat, mine["legal_actions"][0])], status=None,
                         current_player=state.current_player(), returns=None)
    r = post(client, tid, tokens[seat], mine["legal_actions"][0], mine["version"])
    assert r.status_code == 409 and r.json()["version"] == mine["version"] + 1, r.text
    assert len(true_state(client, tid).history) == mine["version"] + 1


@pytest.mark.parametrize("revision_moved", [False, True])
def test_the_store_stores_a_move_only_on_the_revision_it_was_checked_on(client, revision_moved):
    tid, tokens, seat, mine = a_table(client)
    store = client.app.state.store
    row = store.load(tid)
    if revision_moved:
        store.add_chat(tid, None, "Server", "meanwhile")
    call = lambda: store.append_actions(tid, row.version, [(seat, mine["legal_actions"][0])], status=None,  # noqa: E731
                                        current_player=1 - seat, returns=None, expected_revision=row.revision)
    if revision_moved:
        with pytest.raises(StaleVersion):
            call()
        assert store.load(tid).version == row.version
    else:
        assert call().version == row.version + 1
