"""Decision time of the generic ISMCTS agent, multi-observer (default) against single-observer.

For each game and player count, takes seat decisions with a real choice from random games (fixed
seeds), times ``ISMCTSAgent.act`` with the default budget (``ITERATIONS_BY_GAME``) in both modes
on the same positions, interleaved so that machine load hits both alike, and prints the medians.

    python3 bench/ismcts.py                 # every game, 12 positions each
    python3 bench/ismcts.py rose-ceremony 30
"""
from __future__ import annotations

import random
import statistics
import sys
import time

import roses
from roses.agents import Turn
from roses.agents.ismcts import ISMCTSAgent

CASES = [("roses-and-thorns", 3), ("roses-and-thorns", 4), ("rose-ceremony", 2), ("rose-ceremony", 4),
         ("rare-roses", 2), ("blades-and-rose", 5)]


def positions(game, count: int, seed: int = 0) -> list:
    """``count`` seat decisions with at least two legal actions, from random games."""
    found = []
    while len(found) < count:
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply(state.sample_chance())
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < 0.2:
                found.append(state.clone())
            state.apply(rng.choice(legal))
        seed += 1
    return found


def main(argv: list[str]) -> None:
    cases = [c for c in CASES if not argv or c[0] == argv[0]]
    count = int(argv[1]) if len(argv) > 1 else 12
    for name, players in cases:
        game = roses.load(name, players=players)
        times: dict[bool, list[float]] = {False: [], True: []}
        for i, state in enumerate(positions(game, count)):
            for single in (False, True):
                agent = ISMCTSAgent(game, seed=i, single_observer=single)
                t = time.process_time()
                agent.act(Turn.of(state))
                times[single].append(time.process_time() - t)
        multi, single = statistics.median(times[False]), statistics.median(times[True])
        print(f"{name:17} {players} players  {agent.iterations:4} iterations  median CPU s per decision: "
              f"multi-observer {multi:.3f}  single-observer {single:.3f}  ratio {multi / single:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
