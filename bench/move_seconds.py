"""Typical seconds a move for each bot of each game, as the lobby shows them (issue 41: "the lobby
shows each level's typical seconds per move").

For each game at its default number of players (the lobby's), plays ``--games`` games of the
game's heuristic from fixed seeds, samples ``--positions`` decisions with two or more legal moves,
and times every bot's move there (``make_agent(bot).act(Turn.of(state))``, CPU seconds of this
process, one core). Writes the median per bot to ``src/roses/server/move_seconds.json``
(``--out``), which ``GET /api/games`` serves as ``bot_seconds`` and the lobby prints beside each
bot ("about 0.4 s a move"). A server's worker does the same work per move, so this is what a
player waits for, plus the table's bot delay. Usage::

    python bench/move_seconds.py                       # every game, 8 positions each
    python bench/move_seconds.py --games-only rose-ceremony --positions 4
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from roses.agents import Turn, make_agent
from roses.core import available_games, get_spec, load
from roses.agents.labels import bot_names

OUT = Path(__file__).resolve().parents[1] / "src" / "roses" / "server" / "move_seconds.json"


def default_players(spec) -> int:
    for p in spec.params:
        if p.name == "players" and p.default is not None:
            return int(p.default)
    return spec.min_players


def positions(game: str, count: int, seed: int = 1) -> list:
    """``count`` decisions (two or more legal moves) from heuristic games of ``game``."""
    g = load(game, players=default_players(get_spec(game)))
    rng = random.Random(seed)
    found, s = [], 0
    while len(found) < count:
        state = g.new_initial_state(seed * 1000 + s)
        s += 1
        bots = [make_agent("heuristic", g, seed + i) for i in range(g.num_players)]
        seen = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance())
                continue
            if len(state.legal_actions()) > 1:
                seen.append(state.clone())
            state.apply(bots[state.current_player()].act(Turn.of(state.clone())))
        found += rng.sample(seen, min(len(seen), max(1, count // 2)))
    return found[:count]


def seconds_per_move(game: str, bot: str, states: list) -> float:
    times = []
    for k, state in enumerate(states):
        agent = make_agent(bot, state.game, 100 + k)
        t = time.process_time()
        agent.act(Turn.of(state.clone()))
        times.append(time.process_time() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--games-only", nargs="*", default=None, help="only these games (the file keeps the others)")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    table = json.loads(args.out.read_text()) if args.out.exists() else {}
    for game in args.games_only or available_games():
        states = positions(game, args.positions)
        row = {}
        for bot in bot_names(get_spec(game)):
            row[bot] = float(f"{seconds_per_move(game, bot, states):.2g}")
            print(f"{game:18} {bot:16} {row[bot]:>6} s a move", flush=True)
        table[game] = row
    args.out.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
