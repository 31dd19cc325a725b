"""Rare Roses solo: would one move of rollout look-ahead improve the planner? Checked decision by decision.

Whole games are a poor judge of a solo change: once a push or a seeding differs, the tiles drawn
after it differ too, so two games of the same seed part ways and the paired difference of their
final money has a standard deviation near $25-30 a game (a one-dollar gain needs thousands of
games). This script judges the decisions instead. It plays solo games with the ``heuristic``
(the planner) and, at each decision of the chosen phases with more than one legal move:

1. **screens** every legal move: each is played in the same ``--screen`` worlds drawn from the
   seat's information state (``turn.sample_state``), with the same future chance outcomes
   (``State.reseeded``) and the same playout-bot seeds, the heuristic then playing to the end
   (common random numbers, as ``roses.agents.rollout.RolloutAgent`` does);
2. when the best mean is not the heuristic's move, **verifies** that move against the heuristic's
   on ``--verify`` fresh worlds drawn the same way, and records the mean difference of final
   money and its standard error: an unbiased estimate of what switching at that decision alone
   is worth (the screening's winner's curse does not reach it).

A rollout bot that switched whenever the screen's paired z-score is at least ``z`` would gain,
to first order, the sum of the verified differences of those decisions; the summary prints that
sum per game, with its standard error, for several ``z``. The game itself always follows the
heuristic, so every decision is a decision of the heuristic's own games.

``--paired N`` tests the finding out of sample instead: it plays seeds ``START … START+N-1`` with
the planner and with :class:`CloseCalls`, the planner whose push-or-stop close calls (planner gain
strictly between ``--band`` dollars) are decided by such playouts (``--screen`` worlds each for
push and stop, switching from the planner's choice at ``z`` ≥ ``--guard``;
``roses.agents.rollout.RolloutAgent``), and prints both means and the paired difference. Most
games never reach a switch and are the same game, so the difference is measured far more tightly
than either mean.

It reads only what the seat sees (``Turn`` and its sampled worlds); at a push decision it also
records the planner's own margin-adjusted gain of one more tile (``planner_gain``: it pushes when
that is above 0), to tell whether the helpful switches are the planner's close calls. Everything random comes from
``random.Random(7919 * seed + 1)`` per game, so the output is reproducible.

    python3 bench/lab/rare_roses_solo_oracle.py --start 1000 --games 20 --phases push,trash-or-seed
    python3 bench/lab/rare_roses_solo_oracle.py --start 2000 --games 10 --phases fill,purchase --share 0.25
    python3 bench/lab/rare_roses_solo_oracle.py --paired 1000 --start 0 --jobs 2   # the test on the row's seeds
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

import roses
from roses.agents import Turn, make_agent
from roses.agents.rollout import RolloutAgent
from roses.games.rare_roses.actions import Push, StopPushing
from roses.games.rare_roses.bots import HeuristicAgent
from roses.sim.match import play_game

THRESHOLDS = (0.0, 1.0, 1.5, 2.0)


def values(game, turn: Turn, moves: list[str], worlds: int, rng: random.Random) -> dict[str, list[float]]:
    """Final money (dollars) after each move (its text) in the same ``worlds`` sampled worlds and
    seeds, the heuristic playing out: :meth:`RolloutAgent.world_returns` scored by the money."""
    judge = RolloutAgent(game, base=None, playout_bot=HeuristicAgent, evaluate=lambda w: w.scores())
    return judge.world_returns(turn, moves, worlds, rng=rng)


def paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of the paired differences ``a - b``."""
    d = [x - y for x, y in zip(a, b)]
    mean = sum(d) / len(d)
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1)) if len(d) > 1 else 0.0
    return mean, sd / math.sqrt(len(d))


def decisions(start: int, games: int, screen: int, verify: int, phases: set[str], share: float):
    """Yield one record per checked decision and one ``{"seed", "final"}`` per finished game."""
    game = roses.load("rare-roses", players=1)
    for seed in range(start, start + games):
        rng = random.Random(seed * 7919 + 1)
        state = game.new_initial_state(seed)
        bot = make_agent("heuristic", game, seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance())
                continue
            turn = Turn.of(state)
            action = bot.act(turn)
            phase = turn.observation.phase
            if len(turn.legal_actions) > 1 and phase in phases and rng.random() < share:
                t0 = time.perf_counter()
                base = str(action)
                moves = [str(a) for a in turn.legal_actions]
                res = values(game, turn, moves, screen, rng)
                best = max(moves, key=lambda m: sum(res[m]))
                mean, se = paired(res[best], res[base]) if best != base else (0.0, 0.0)
                rec = {"seed": seed, "phase": phase, "moves": len(moves), "deck": turn.observation.deck_size,
                       "base": base, "best": best, "screen": round(mean, 2),
                       "z": round(mean / se, 2) if se > 0 else 0.0}
                if phase == "push" and turn.observation.next_push_cost is not None:
                    # the planner's own margin-adjusted gain of one more tile: it pushes when above 0
                    obs = turn.observation
                    rec["planner_gain"] = round(bot._push_gain(obs, turn.seat, obs.next_push_cost)
                                                + bot._push_margin(obs), 2)
                if best != base:
                    v = values(game, turn, [best, base], verify, rng)
                    vm, vse = paired(v[best], v[base])
                    rec.update(verify=round(vm, 3), verify_se=round(vse, 3))
                rec["seconds"] = round(time.perf_counter() - t0, 2)
                yield rec
            state.apply(action)
        yield {"seed": seed, "final": state.scores()[0]}


def summary(records: list[dict]) -> dict:
    """Per phase: decisions screened, disagreements, and for each z threshold the verified gain
    of switching there (sum, its standard error, and per game)."""
    games = sum(1 for r in records if "final" in r)
    by: dict[str, list[dict]] = defaultdict(list)
    for r in records:
        if "phase" in r:
            by[r["phase"]].append(r)
    out = {"games": games, "phases": {}}
    for phase, rs in by.items():
        dis = [r for r in rs if "verify" in r]
        rows = []
        for z in THRESHOLDS:
            sel = [r for r in dis if r["z"] >= z]
            total = sum(r["verify"] for r in sel)
            se = math.sqrt(sum(r["verify_se"] ** 2 for r in sel))
            rows.append({"z": z, "switches": len(sel), "gain": round(total, 2), "se": round(se, 2),
                         "gain_per_game": round(total / max(1, games), 2),
                         "se_per_game": round(se / max(1, games), 2)})
        out["phases"][phase] = {"screened": len(rs), "disagree": len(dis), "by_z": rows}
    return out


class CloseCalls(HeuristicAgent):
    """The planner, with solo push-or-stop decided by playouts when the planner's margin-adjusted
    gain of one more tile lies strictly inside ``band`` (dollars); measured, not shipped."""

    name = "close-calls"

    def __init__(self, game, seed: int = 0, worlds: int = 16, guard: float = 1.0,
                 band: tuple[float, float] = (-0.4, 1.0)):
        super().__init__(game, seed)
        self.band = band
        self.rollout = RolloutAgent(game, seed, base=HeuristicAgent(game, seed), playout_bot=HeuristicAgent,
                                    iterations=2 * worlds, min_worlds=worlds, guard=guard)

    def push_or_stop(self, turn):
        obs = turn.observation
        if not obs.solo or obs.next_push_cost is None or Push() not in turn.legal_actions:
            return super().push_or_stop(turn)
        gain = self._push_gain(obs, turn.seat, obs.next_push_cost) + self._push_margin(obs)
        if not self.band[0] < gain < self.band[1]:
            return Push() if gain > 0 else StopPushing()
        return self.rollout.act(turn)


def _pair(task) -> tuple[float, float]:
    """(planner's final money, :class:`CloseCalls`' final money) on game seed ``seed`` (bot seed
    the same)."""
    seed, worlds, guard, band = task
    game = roses.load("rare-roses", players=1)
    planner, close_calls = (play_game(game, [bot], seed).scores()[0]
                            for bot in (HeuristicAgent(game, seed), CloseCalls(game, seed, worlds, guard, band)))
    return planner, close_calls


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--start", type=int, default=1000)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--screen", type=int, default=16, help="worlds per move in the screen")
    ap.add_argument("--verify", type=int, default=100, help="fresh worlds per move in the check")
    ap.add_argument("--phases", default="push,trash-or-seed", help="observation phases to check")
    ap.add_argument("--share", type=float, default=1.0, help="chance that a decision is checked")
    ap.add_argument("--records", action="store_true", help="print each decision's record (JSON lines)")
    ap.add_argument("--summarise", nargs="*", metavar="FILE", help="summarise saved records instead")
    ap.add_argument("--paired", type=int, metavar="N", help="test CloseCalls against the planner on N seeds")
    ap.add_argument("--guard", type=float, default=1.0)
    ap.add_argument("--band", default="-0.4,1.0", help="low,high planner gains judged by playouts")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    if args.paired:
        band = tuple(float(x) for x in args.band.split(","))
        tasks = [(args.start + i, args.screen, args.guard, band) for i in range(args.paired)]
        with ProcessPoolExecutor(args.jobs) as pool:
            res = list(pool.map(_pair, tasks, chunksize=10))
        planner, close_calls = [a for a, _ in res], [b for _, b in res]
        mean, se = paired(close_calls, planner)
        print(json.dumps({"seeds": [args.start, args.start + args.paired - 1], "planner": round(sum(planner) / len(res), 2),
                          "close_calls": round(sum(close_calls) / len(res), 2), "diff": round(mean, 2),
                          "se": round(se, 2), "games_changed": sum(1 for a, b in res if a != b)}))
        return
    if args.summarise is not None:
        records = [json.loads(line) for f in args.summarise for line in open(f) if line.strip()]
        print(json.dumps(summary(records)))
        return
    records = []
    for rec in decisions(args.start, args.games, args.screen, args.verify, set(args.phases.split(",")),
                         args.share):
        records.append(rec)
        if args.records:
            print(json.dumps(rec), flush=True)
    print(json.dumps(summary(records)), file=sys.stdout if not args.records else sys.stderr)


if __name__ == "__main__":
    main()
