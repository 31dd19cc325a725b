"""Rose Ceremony: what is knowing a face-down offer worth, and how much of it can a belief recover?

``ismcts:hard`` with every hidden card seen (``bench/agents.py --bot 'ismcts:hard@sees=hands'``)
wins far more than ``hard`` at 4 players, and nearly all of it comes from its answers to offers
(``@sees=respond``). This script judges those answers one by one. It plays games with one
``bold`` seat (seat ``seed mod n``) among heuristics and, at each of that seat's answers (accept or
refuse a face-down card, RC-3):

1. **the truth**: the difference of the seat's return between accepting and refusing, over
   ``--truth`` playouts of the *true* state with fresh future draws (``State.reseeded``; common
   random numbers: the same futures and bot seeds for both answers; the seat plays ``bold``, the
   others the heuristic). Half of them pick the answer of a seat that sees the card ("seen"), the
   other half judge every answer, so the seen answer's gain carries no winner's curse;
2. **each belief's answer**: the same difference over ``--worlds`` worlds drawn from what the seat
   knows (``turn.sample_state``, or ``roses.agents.belief.BeliefModel`` with a pool, window and
   epsilon), i.e. a flat search with that belief; it answers by the sign.

The summary gives, for each answer rule, its gain over ``bold``'s own answer in returns a game
(a win is 1, shared wins split), with one standard error over the games: to first order what a
bot answering that way would add to ``bold``'s win rate. The game follows ``bold`` throughout.
A diagnostic that reads the true state, as ``@sees=hands`` does; never a bot.

    python3 bench/lab/rose_ceremony_answers.py --games 60 --start 0 --jobs 2
    python3 bench/lab/rose_ceremony_answers.py --summarise answers.jsonl   # records from --records
    python3 bench/lab/rose_ceremony_answers.py --mass 6    # how much weight each belief puts on the true card

``--mass N`` plays N games of heuristics (seeds ``--start`` …) and, at every answer of every seat,
draws 200 worlds from each belief and prints the mean share of them whose offered card is the
true card's kind (roses and thorns), and the mean log loss of that share (floored at 0.001).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

import roses
from roses.agents import Turn
from roses.agents.belief import BeliefModel
from roses.agents.rollout import RolloutAgent
from roses.games.rose_ceremony.actions import ACCEPT, REFUSE
from roses.games.rose_ceremony.bots import HeuristicAgent, bold_agent
from roses.sim.match import play_game

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # bench/: agents.py
from agents import HandsSeen  # noqa: E402  (bench/agents.py)

#: Beliefs compared: name -> (pool, window, epsilon), or None for uniform worlds
#: (``turn.sample_state``). "hard" is ``ismcts:hard``'s (pool 24, the default window 16, ε 0.25).
BELIEFS = {"uniform": None, "hard": (24, 16, 0.25), "pool200-w1": (200, 1, 0.05),
           "pool200-w4": (200, 4, 0.1), "pool500-w1": (500, 1, 0.05)}


class Table:
    """The playout bot of every seat: ``bold`` at seat ``me``, the heuristic elsewhere, seat ``s``
    seeded ``seed % 1_000_003 + s`` (one per playout: ``RolloutAgent``'s ``playout_bot``)."""

    name = "table"

    def __init__(self, game, seed: int, me: int):
        seed %= 1_000_003
        self.bots = [bold_agent(game, seed + s) if s == me else HeuristicAgent(game, seed + s)
                     for s in range(game.num_players)]

    def act(self, turn):
        return self.bots[turn.seat].act(turn)


class TrueTurn(HandsSeen):
    """``turn`` whose every world is the true state itself, not reseeded here:
    ``RolloutAgent.world_returns`` gives each world fresh future draws, and drawing no seed keeps
    the random stream (and the figures in docs/lab/rose-ceremony-bots.md) as recorded."""

    __slots__ = ()

    def sample_state(self, rng):
        return self.true.clone()


def differences(game, turn: Turn, me: int, rng: random.Random, k: int, belief=None) -> list[float]:
    """Per world of ``turn`` (through ``belief`` when given): ``me``'s return after accepting minus
    after refusing, the same futures and playout bots for both
    (:meth:`RolloutAgent.world_returns`, :class:`Table` playing out)."""
    judge = RolloutAgent(game, base=None, playout_bot=lambda g, seed: Table(g, seed, me), belief=belief,
                         evaluate=lambda w: w.returns())
    out = judge.world_returns(turn, [str(ACCEPT), str(REFUSE)], k, rng=rng)
    return [a - r for a, r in zip(out[str(ACCEPT)], out[str(REFUSE)])]


def game_records(task) -> list[dict]:
    """One game's records: one per answer of the ``bold`` seat, then ``{"seed", "final"}``."""
    seed, players, worlds, truth = task
    game = roses.load("rose-ceremony", players=players)
    rng = random.Random(7919 * seed + 3)
    heuristic = game.spec.bots["heuristic"]
    me = seed % players
    bots = [bold_agent(game, 100 * seed + s) if s == me else HeuristicAgent(game, 100 * seed + s)
            for s in range(players)]
    out = []

    def judge(state, _seat, _action):  # at each of the bold seat's answers, before it answers
        if state.is_terminal() or state.current_player() != me or state.observation(me).phase != "respond":
            return
        turn = Turn.of(state)
        true = differences(game, TrueTurn(state), me, rng, truth)
        half = len(true) // 2
        rec = {"seed": seed, "deck": turn.observation.deck_size, "bold": str(bots[me].act(turn)),
               "seen": round(sum(true[:half]) / half, 4), "true": round(sum(true[half:]) / (len(true) - half), 4)}
        for name, cfg in BELIEFS.items():
            belief = None if cfg is None else BeliefModel(heuristic, pool=cfg[0], window=cfg[1], epsilon=cfg[2])
            rec[name] = round(sum(differences(game, turn, me, rng, worlds, belief)) / worlds, 4)
        out.append(rec)

    state = play_game(game, bots, seed, on_step=judge)
    out.append({"seed": seed, "final": state.returns()[me]})
    return out


def card_mass(start: int, games: int, players: int) -> dict:
    """Per belief: mean share of drawn worlds whose pending offer is the true card, over every
    answer of ``games`` heuristic games, its mean log loss, and the answers counted."""
    game = roses.load("rose-ceremony", players=players)
    heuristic = game.spec.bots["heuristic"]
    rng = random.Random(start)
    answers = []

    def keep(state, _seat, _action):  # every answer, before it is given
        if not state.is_terminal() and not state.is_chance_node() and \
                state.observation(state.current_player()).phase == "respond":
            answers.append(state.clone())

    for seed in range(start, start + games):
        play_game(game, [HeuristicAgent(game, 100 * seed + s) for s in range(players)], seed, on_step=keep)

    def offered(world):
        offerer = world.observation(world.current_player()).pending_offer.offerer
        return world.observation(offerer).pending_offer.card

    out = {"answers": len(answers), "beliefs": {}}
    for name, cfg in BELIEFS.items():
        shares = []
        for st in answers:
            turn = Turn.of(st)
            draw = (lambda: turn.sample_state(rng)) if cfg is None else \
                BeliefModel(heuristic, pool=cfg[0], window=cfg[1], epsilon=cfg[2]).sampler(turn, rng)
            true = offered(st)
            shares.append(sum(offered(draw()) == true for _ in range(200)) / 200)
        out["beliefs"][name] = {"mass": round(sum(shares) / len(shares), 3),
                                "log_loss": round(sum(-math.log(max(x, 1e-3)) for x in shares) / len(shares), 2)}
    return out


def summary(records: list[dict]) -> dict:
    """Per answer rule: gain over ``bold``'s answer a game (returns), its standard error, and how
    many answers it changed. Only games with their final record count."""
    games = sorted({r["seed"] for r in records if "final" in r})
    answers = [r for r in records if "true" in r and r["seed"] in set(games)]
    rules = ["seen"] + list(BELIEFS) + ["always accept"]
    out = {"games": len(games), "answers": len(answers),
           "bold_win_rate": round(sum(r["final"] for r in records if "final" in r) / max(1, len(games)), 3), "rules": {}}
    for rule in rules:
        per: dict[int, float] = defaultdict(float)
        changed = 0
        for r in answers:
            answer = "accept" if rule == "always accept" or r[rule] > 0 else "refuse"
            if answer != r["bold"]:
                changed += 1
                per[r["seed"]] += r["true"] if answer == "accept" else -r["true"]
        xs = [per[g] for g in games]
        mean = sum(xs) / max(1, len(xs))
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
        out["rules"][rule] = {"gain_per_game": round(mean, 4), "se": round(sd / math.sqrt(max(1, len(xs))), 4),
                              "changed": changed}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--worlds", type=int, default=32, help="worlds a belief's answer is judged on")
    ap.add_argument("--truth", type=int, default=64, help="true-state playouts (half pick, half judge)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--records", action="store_true", help="print every answer's record (JSON lines)")
    ap.add_argument("--summarise", nargs="*", metavar="FILE", help="summarise saved records instead")
    ap.add_argument("--mass", type=int, metavar="N", help="weight each belief puts on the true card, N games")
    args = ap.parse_args()
    if args.mass:
        print(json.dumps(card_mass(args.start, args.mass, args.players)))
        return
    if args.summarise is not None:
        print(json.dumps(summary([json.loads(line) for f in args.summarise for line in open(f) if line.strip()])))
        return
    tasks = [(s, args.players, args.worlds, args.truth) for s in range(args.start, args.start + args.games)]
    records = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for recs in pool.map(game_records, tasks):
            records += recs
            if args.records:
                for r in recs:
                    print(json.dumps(r), flush=True)
    print(json.dumps(summary(records)), file=sys.stderr if args.records else sys.stdout)


if __name__ == "__main__":
    main()
