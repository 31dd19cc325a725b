"""Bots at the table are the bots we measured (issue 41).

Under the README's own ``python3 -m roses serve`` every search bot used to play random moves
(anyio's worker processes failed to start, and the server played a random legal move instead,
silently). Here a table of search bots plays a whole game of each game on a real server, started
both ways a user starts it, and every bot move is replayed offline: it must equal the move of
``make_agent(bot, game, bot_seed(table seed, version, seat))`` at the same position, hearing the
same table talk and told the same seating. The server must report no failed think and no fallback.
"""
from __future__ import annotations

import time

import httpx
import pytest

from roses.agents import Turn, make_agent, tell_table
from roses.core import CHANCE, GameRecord
from roses.core.record import initial_state, replay_steps
from roses.core.talk import Talk
from roses.server.runner import QUICK, bot_seed

from .launched import LAUNCHES, Launched

pytestmark = pytest.mark.slow

#: The tables: each game with search bots of several levels (and Blades & Rose's talk);
#: per-game facts, each game's own line-up.
TABLES = {
    "roses-and-thorns": ["ismcts:hard", "ismcts:easy", "ismcts:medium"],
    "rose-ceremony": ["ismcts:hard", "ismcts:easy"],
    "rare-roses": ["ismcts:easy", "ismcts:hard"],
    "blades-and-rose": ["ismcts:easy", "ismcts:hard", "ismcts:easy", "ismcts:medium", "heuristic"],
}


def heard_before(record: dict, step: int) -> tuple[Talk, ...]:
    """The table talk a bot heard when it thought about action ``step``: every statement made at
    an earlier move (at a table of bots, a statement at this move is the mover's own, made after
    it thought)."""
    return tuple(Talk(seat=t["seat"], kind=t["kind"], target=t.get("target"), claim=t.get("claim"),
                      at_move=int(t["at_move"] or 0))
                 for t in record.get("talk") or [] if int(t["at_move"] or 0) < step)


def offline_mismatches(record: dict, seed: int, bots: list[str]) -> tuple[int, list[str]]:
    """``(bot moves checked, the moves that differ from the offline agent's)``."""
    rec = GameRecord.from_json(record)
    before = initial_state(rec)
    table = tuple(bots)
    checked, wrong = 0, []
    for i, seat, text, after in replay_steps(rec):
        if seat != CHANCE and bots[seat] != "random":
            agent = make_agent(bots[seat], before.game, bot_seed(seed, i, seat))
            tell_table([agent], table)
            want = str(agent.act(Turn.of(before.clone(), heard_before(record, i))))
            checked += 1
            if want != text:
                wrong.append(f"move {i} seat {seat + 1} ({bots[seat]}): server {text!r}, offline {want!r}")
        before = after.clone()
    return checked, wrong


@pytest.mark.parametrize("command", list(LAUNCHES))
def test_every_bot_move_at_a_launched_server_is_the_offline_agents_move(command, tmp_path):
    server = Launched(command, tmp_path, "--think-workers", "2", "--bot-delay-ms", "0")
    try:
        made = {}
        for k, (game, bots) in enumerate(TABLES.items()):
            seed = 4100 + k
            r = httpx.post(server.url + "/api/tables", timeout=30, json={
                "game": game, "seed": seed, "params": {"players": len(bots)},
                "seats": [{"kind": "bot", "bot": b} for b in bots]})
            assert r.status_code == 201, r.text
            made[game] = (r.json()["table_id"], seed)
        records = {}
        deadline = time.monotonic() + 900
        while len(records) < len(made):
            assert time.monotonic() < deadline, f"games unfinished after 15 minutes: {server.log()}"
            for game, (table_id, _) in made.items():
                if game not in records:
                    r = httpx.get(f"{server.url}/api/tables/{table_id}/record", timeout=30)
                    if r.status_code == 200:
                        records[game] = r.json()
            time.sleep(0.5)
        health = server.health()
        thinking = health["thinking"]
    finally:
        server.stop()
    assert thinking["fallbacks"] == 0 and all(t["failed"] == 0 for t in thinking["jobs"].values()), thinking
    assert health["errors"]["count"] == 0, health["errors"]
    assert "Traceback" not in server.log() and "ERROR" not in server.log(), server.log()
    searched = 0
    for game, record in records.items():
        checked, wrong = offline_mismatches(record, made[game][1], TABLES[game])
        assert checked > 0 and wrong == [], f"{game}: {checked} bot moves checked; differ: {wrong[:5]}"
        searched += sum(1 for seat, _ in record["actions"] if seat >= 0 and TABLES[game][seat] not in QUICK)
    assert thinking["jobs"]["bot"]["done"] >= searched  # every search bot's move thought in a worker
