"""Issue 43, finding 6: a Rare Roses deal draft's steps (RR-7) cannot be counted by the other
seats. Two declined deals, one drafted in one step and one in three, must look the same to a third
seat through every channel the server has: its view (log, version, revision, deadline), the views
pushed on its WebSocket, the chat's table talk, and the lobby. Before, its version moved by 4 for
one and by 6 for the other, and every step pushed it a view and restarted the turn's clock."""
from __future__ import annotations

from .test_server_api import auth, view
from .test_server_turn_clock import made, seat_tokens

RR = "rare-roses"


def act(client, tid: str, token: str, action: str) -> dict:
    v = view(client, tid, token)
    assert action in v["legal_actions"], (action, v["legal_actions"])
    r = client.post(f"/api/tables/{tid}/actions", headers=auth(token), json={"action": action, "version": v["version"]})
    assert r.status_code == 200, r.text
    return r.json()


def to_a_deal(client, tid: str, tokens: dict[int, str]) -> tuple[int, int, str]:
    """Play the first legal move that is no deal until a seat may draft a deal with another seat
    whose shop has a tile to take: ``(proposer, seller, first take step)`` (the draft dropped
    again in the look, which is no hidden step: everyone reads "drops the deal")."""
    for _ in range(400):
        v = view(client, tid, tokens[0])
        cp = v["current_player"]
        mine = view(client, tid, tokens[cp])["legal_actions"]
        for d in [a for a in mine if a.startswith("deal ")]:
            after = act(client, tid, tokens[cp], d)["legal_actions"]
            takes = [a for a in after if a.startswith("take ")]
            act(client, tid, tokens[cp], "cancel deal")
            if takes and any(a.startswith("pay +1") for a in after):
                return cp, int(d.split()[1]), takes[0]
        quiet = [a for a in view(client, tid, tokens[cp])["legal_actions"] if not a.startswith("deal ")]
        act(client, tid, tokens[cp], quiet[0])
    raise AssertionError("no deal could be drafted in 400 moves")


def the_conn(client, tid: str, seat: int):
    conns = client.app.state.service.updates.conns[tid]
    return next(c for c in conns if c.who.seat == seat)


def test_a_third_seat_cannot_count_a_declined_deals_draft_steps(client):
    created = made(client, RR, ["human"] * 3, ("Ana", "Ben", "Cy"), turn_timer_seconds=3600)
    tid, tokens = created["table_id"], seat_tokens(created)
    for t in tokens.values():
        view(client, tid, t)  # each player opens the table: the turn clock runs
    proposer, seller, take = to_a_deal(client, tid, tokens)
    third = ({0, 1, 2} - {proposer, seller}).pop()
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[third]}"):
        moved = {}
        for name, steps in (("short", [take]), ("long", [take, "pay +1", "pay +1"])):
            start = view(client, tid, tokens[third])
            act(client, tid, tokens[proposer], f"deal {seller}")
            seen, pushed = view(client, tid, tokens[third]), the_conn(client, tid, third).sent_view
            deadline = view(client, tid, tokens[proposer])["turn_deadline"]
            assert seen["turn_deadline"] == deadline is not None
            for step in steps:
                mover_view = act(client, tid, tokens[proposer], step)
                # the third seat's view is the same, byte for byte, and none was pushed to it
                assert view(client, tid, tokens[third]) == seen, step
                assert the_conn(client, tid, third).sent_view == pushed, step
                assert mover_view["turn_deadline"] == deadline, "the turn's clock restarted on a hidden step"
            stale = client.post(f"/api/tables/{tid}/actions", headers=auth(tokens[proposer]),
                                json={"action": "propose", "version": mover_view["version"] - 1})
            assert stale.status_code == 409  # a step still moves the mover's own version
            act(client, tid, tokens[proposer], "propose")
            act(client, tid, tokens[seller], "decline")
            end = view(client, tid, tokens[third])
            assert end["log_total"] - start["log_total"] == 3  # drafts, proposes, declines: public lines
            moved[name] = (end["version"] - start["version"], end["revision"] - start["revision"])
        assert moved["short"] == moved["long"] == (3, 3), moved  # deal, propose, decline
    listed = [t for t in client.get("/api/tables").json() if t["table_id"] == tid]
    assert listed and "version" not in listed[0]  # the lobby counted every step


def test_table_talk_in_the_live_chat_does_not_carry_the_step_count(client):
    """Every game's live chat: a statement's ``at_move`` (the true number of steps, which the
    game record keeps for replays and bots) is not sent to the table."""
    created = made(client, "blades-and-rose", ["human"] * 5, ("Ana", "Ben", "Cy", "Dee", "Eve"))
    tid, tokens = created["table_id"], seat_tokens(created)
    r = client.post(f"/api/tables/{tid}/talk", headers=auth(tokens[1]), json={"kind": "accuse", "target": 0})
    assert r.status_code == 200, r.text
    said = [c for c in view(client, tid, tokens[2])["chat"] if c.get("talk")]
    assert said and all("at_move" not in c["talk"] and "at_log" in c["talk"] for c in said)
