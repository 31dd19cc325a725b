"""One bot against a table of another, paired: any game, any of its bots or heuristic settings.

For each player count, game ``g`` (seed ``START + g``) seats the candidate in seat ``g % players``
and the baseline in every other seat; the same games are then played with the baseline in that
seat too (a paired control: same game seeds, same bot seeds ``1000 * (START + g) + seat``;
``--control`` seats another bot there instead, with the baseline still in every other seat). It
prints the candidate's mean return in its seat (its win rate; a shared win counts its share), the
baseline's in the same seats, the difference with a 95% interval from the paired games, and
chance. Bots are the game's own (``SPEC.bots``, e.g. ``heuristic``, ``bold``), optionally with
settings of the bot's constructor after ``@``: ``heuristic@growth=0.25,read=0.65``.

Two directions answer two questions:

- ``--candidate bold --baseline heuristic``: is ``bold`` a better reply to a table of heuristics
  (how ``ismcts:hard`` plays its own seat, ``GameSpec.own_bot``)?
- ``--candidate heuristic --baseline bold``: is a table of ``bold`` bots harder for a player who
  plays like the heuristic (what a player meets at a ``hard`` table)?

Example (Rose Ceremony figures in docs/lab/rose-ceremony-bots.md, "Rose Ceremony's own seat")::

    python3 bench/bot_pairs.py rose-ceremony --players 2,3,4,5,6 --games 1000 --start 7000 \\
        --candidate bold --baseline heuristic --jobs 2
"""
from __future__ import annotations

import argparse
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor


def settings(extra: str) -> dict:
    """``key=value,...`` (the part of a bot spec after ``@``) as a dict, values read as JSON
    numbers, else strings."""
    out = {}
    for kv in filter(None, extra.split(",")):
        key, _, value = kv.partition("=")
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


def _bot(game, spec: str, seed: int):
    """``name`` or ``name@key=value,...`` (:func:`settings`)."""
    name, _, extra = spec.partition("@")
    return game.spec.bots[name](game, seed, **settings(extra))


def _play(task) -> tuple[float, float]:
    """(candidate's return in seat m, baseline's return in seat m) for one game seed."""
    import roses
    from roses.sim.match import play_game

    name, players, seed, candidate, baseline, control, make = task
    game = roses.load(name, players=players)
    m = seed % players

    def agents(first: str):
        return [make(game, first if s == m else baseline, 1000 * seed + s) for s in range(players)]

    return (play_game(game, agents(candidate), seed).returns()[m],
            play_game(game, agents(control), seed).returns()[m])


def pair(name: str, players: int, games: int, start: int, candidate: str, baseline: str, jobs: int,
         make=_bot, control: str | None = None) -> dict:
    """The paired figures for one player count (see the module docstring). ``make(game, bot,
    seed) -> Agent`` builds a seat's bot from its name (default: the game's bots with settings;
    a module-level function, so that worker processes can load it). ``control`` is the bot in the
    candidate's seat in the paired games (default: ``baseline``)."""
    control = control or baseline
    tasks = [(name, players, seed, candidate, baseline, control, make) for seed in range(start, start + games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            res = list(pool.map(_play, tasks, chunksize=8))
    else:
        res = [_play(t) for t in tasks]
    return {"game": name, **paired(res, players)}


def paired(res: list[tuple[float, float]], players: int) -> dict:
    """Means of the (candidate, baseline) returns of paired games and their difference with a 95%
    interval (normal, from the per-game differences)."""
    games = len(res)
    cand = sum(a for a, _ in res) / games
    base = sum(b for _, b in res) / games
    diffs = [a - b for a, b in res]
    mean = sum(diffs) / games
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, games - 1))
    half = 1.96 * sd / math.sqrt(games)
    return {"players": players, "games": games, "candidate": round(cand, 3), "baseline": round(base, 3),
            "diff": round(mean, 3), "ci": (round(mean - half, 3), round(mean + half, 3)),
            "chance": round(1 / players, 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--players", type=str, default="4")
    ap.add_argument("--candidate", default="bold")
    ap.add_argument("--baseline", default="heuristic")
    ap.add_argument("--control", default=None, help="the bot in the candidate's seat in the paired games "
                    "(default: the baseline)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    if not args.json:
        print(f"{args.game}: candidate {args.candidate} in one seat, baseline {args.baseline} elsewhere; "
              f"paired control: {args.control or 'baseline'} in that seat")
        print("players | games | candidate wins | baseline wins (same seats) | difference (95% CI) | chance")
    for n in (int(x) for x in args.players.split(",")):
        t0 = time.time()
        r = pair(args.game, n, args.games, args.start, args.candidate, args.baseline, args.jobs,
                 control=args.control)
        rows.append(r)
        if not args.json:
            print(f"{n} | {r['games']} | {r['candidate']:.3f} | {r['baseline']:.3f} | "
                  f"{r['diff']:+.3f} ({r['ci'][0]:+.3f} to {r['ci'][1]:+.3f}) | {r['chance']:.3f}"
                  f"   [{time.time() - t0:.0f} s]", flush=True)
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
