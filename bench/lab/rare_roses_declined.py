"""Rare Roses: deals proposed again after being declined in the same turn, bots built per move.

Issue 10 ("the bot proposed the same deal, just declined, three times in a row"). Plays ``--games``
games (game ``g`` seed ``g``) of ``--players`` heuristic seats, every move by a bot made afresh as
the server's bot runner does (``make_agent("heuristic", game, 1000 * g + move)``), and counts the
proposals, those repeating a deal declined earlier that turn, and the mean money a seat.

    PYTHONPATH=src python bench/lab/rare_roses_declined.py --players 3 --games 60
"""
from __future__ import annotations

import argparse


def count(players: int, games: int) -> tuple[int, int, float]:
    import roses
    from roses.agents import Turn, make_agent

    game = roses.load("rare-roses", players=players)
    proposals = repeats = 0
    money = 0.0
    for g in range(games):
        s = game.new_initial_state(g)
        declined: set = set()
        i = 0
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance())
                continue
            turn = Turn.of(s)
            a = make_agent("heuristic", game, 1000 * g + i).act(turn)
            i += 1
            before = turn.observation
            s.apply(a)
            after = s.observation(s.turn)
            if after.phase == "respond" and before.phase != "respond":
                proposals += 1
                repeats += (after.turn, after.deck_size, after.pending_offer["text"]) in declined
            if before.phase == "respond" and str(a) == "decline":
                declined.add((before.turn, before.deck_size, before.pending_offer["text"]))
        money += sum(s.observation(None).result["money"]) / players
    return proposals, repeats, money / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=60)
    args = ap.parse_args()
    p, r, m = count(args.players, args.games)
    print(f"{args.players} players, {args.games} games: {p} proposals, {r} repeating a deal declined "
          f"that turn; mean money a seat ${m:.1f}")


if __name__ == "__main__":
    main()
