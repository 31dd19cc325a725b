"""Bot strength and speed: the tables of docs/agents.md ("How strong"), reported, never asserted.

Rows (``--rows``, comma-separated; default all):

- ``rt3, rt4, rt6`` / ``rc3, rc4, rc6``: one ``--bot`` seat (default ``ismcts:hard``) against
  ``--opponents`` bots (default ``heuristic``) in every other seat, Roses and Thorns / Rose Ceremony at 3, 4, 6 players. Game
  ``i`` (seed ``--seed + i``) puts the search at seat ``i mod n``, so it sits in every seat equally
  often. Fair share ``1/n``; a shared win counts 1/k.
- ``rc2``: Rose Ceremony 2 players, head to head against the heuristic (fair share 0.5).
- ``rr4``: Rare Roses, 4 players, search against three heuristics.
- ``br5 .. br8``: Blades & Rose, per faction: the faction's win rate with the search bot on every
  seat of that faction against heuristics on the other, next to heuristics on both sides (each
  seat's faction is read from its own observation: every seat knows its own). ``--factions
  "Blood Blades"`` plays only that faction's search games (the baseline games always).
- ``timing``: every level's median and p99 seconds per move (CPU time of ``act``) on
  ``--positions`` decisions with a real choice from random games (``bench/ismcts.py``'s), per game
  at the player counts of ``TIMING_CASES``.
- ``solo``: Rare Roses solo, mean final money (dollars) of every bot of ``--solo-bots`` over the
  same ``--solo-games`` seeds of the shipped deck (the rulebook's "great" is $120 and up).

Each row prints win rate (or dollars) with its 95% interval, games, and the search seat's median
and p99 seconds per move (CPU time of ``act``), also as a ratio to a fixed pure-Python baseline
workload timed in the same process (``bench/engine.py``). Games run on ``--workers`` processes
(default all cores); results depend only on the seeds.

    python3 bench/agents.py --games 200 [--rows rt4,rc2] [--bot ismcts:hard] [--json]
    python3 bench/agents.py --rows rt4 --games 60 --bot 'ismcts:hard@rounds=1,iterations=300'
    python3 bench/agents.py --rows rt4,rc4 --games 100 --bot heuristic --opponents ismcts:hard
    python3 bench/agents.py --rows rt4 --games 100 --bot rollout     # the rollout search (an experiment)
    python3 bench/agents.py --rows rc4 --games 200 --bot 'ismcts:hard@sees=hands'   # a bound, not a bot

The last is a player's view of a level: a heuristic seat (a stand-in for a player) against the
level in every other seat; it wins less than the fair share when the level is harder to beat than
the heuristic (which, against copies of itself, wins exactly the fair share on average).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import roses
from roses.agents import Turn, make_agent, tell_table
from roses.core import CHANCE
from roses.sim.batch import hash_seed, mean_sd, wilson

sys.path.insert(0, os.path.dirname(__file__))
from engine import baseline_ops_per_second  # noqa: E402

SEAT_ROWS = {"rt3": ("roses-and-thorns", 3), "rt4": ("roses-and-thorns", 4), "rt6": ("roses-and-thorns", 6),
             "rc2": ("rose-ceremony", 2), "rc3": ("rose-ceremony", 3), "rc4": ("rose-ceremony", 4),
             "rc6": ("rose-ceremony", 6), "rr4": ("rare-roses", 4)}
FACTION_ROWS = {f"br{n}": n for n in (5, 6, 7, 8)}
ALL_ROWS = list(SEAT_ROWS) + list(FACTION_ROWS) + ["solo", "timing"]
TIMING_CASES = [("roses-and-thorns", 4), ("rose-ceremony", 2), ("rose-ceremony", 4), ("rare-roses", 1),
                ("rare-roses", 4), ("blades-and-rose", 6)]
LEVEL_NAMES = ["ismcts:easy", "ismcts:medium", "ismcts:hard", "ismcts:expert"]


def timing_case(args):
    """Seconds per move of one level on one position: (game, players, level, position index,
    positions, the other seats' bot as the agent is told the table)."""
    from ismcts import positions
    name, players, level, k, count, opponents = args
    game = roses.load(name, players=players)
    state = positions(game, count)[k]
    agent = bench_agent(level, game, k)
    me = state.current_player()
    tell_table([agent], [agent.name if s == me else opponents for s in range(players)])
    t = time.process_time()
    agent.act(Turn.of(state))
    return time.process_time() - t


class HandsSeen(Turn):
    """A turn whose worlds are the true state with fresh future chance outcomes
    (``State.reseeded``): every hand and face-down card seen, the deck's order not. Handed by
    :func:`_play` only to a bench agent marked ``sees_hands`` (``@sees=hands``): the same search
    with perfect beliefs, a diagnostic of what a model of the hidden cards could add, never a bot."""

    __slots__ = ("true",)

    def __init__(self, state):
        super().__init__(state.current_player(), None, state.legal_actions(), state)
        self.true = state

    def sample_state(self, rng):
        return self.true.reseeded(rng.getrandbits(63))


def _sees(agent, state, seat: int) -> bool:
    """Whether ``agent`` is handed the true state (:class:`HandsSeen`) at this decision: at every
    one (``sees_hands`` True) or at those of the observation phases it names."""
    sees = getattr(agent, "sees_hands", None)
    return bool(sees) and (sees is True or state.observation(seat).phase in sees)


def _play(game, pick, seed: int):
    """Play one game; ``pick(state) -> [agent per seat]`` after the first seat decision can be
    made (Blades & Rose reads factions after the setup). Returns (state, {seat: [cpu s per move]})."""
    state = game.new_initial_state(seed)
    state.resolve_chance()
    agents, timed = pick(state)
    tell_table(agents, [a.name for a in agents])  # who sits where, as at a table
    times: dict[int, list[float]] = {s: [] for s in timed}
    while not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            state.apply(state.sample_chance())
            continue
        t = time.process_time()
        a = agents[p].act(HandsSeen(state) if _sees(agents[p], state, p) else Turn.of(state))
        if p in times:
            times[p].append(time.process_time() - t)
        state.apply(a)
    return state, times


def bench_agent(bot: str, game, seed: int):
    """``make_agent(bot, game, seed)``, where ``bot`` may carry settings of a search level after
    ``@`` for experiments: ``ismcts:hard@rounds=1,iterations=300`` (``rounds``: the game's horizon,
    docs/lab/search-experiments.md "Horizon"; ``iterations``: the budget a move; ``own=heuristic``: the searching
    seat plays as the heuristic, not the game's ``own_bot``, as ``hard`` did before 2026-12-03;
    ``prior_weight``: the prior's bias, ``ISMCTSAgent.prior_weight``;
    ``margin``: ``ISMCTSAgent.keep_margin``, the prior's move kept unless another beats it by more
    (``margin=none``: the most visited move, as ``hard`` played Roses and Thorns before 2026-12-04);
    ``own_prior=NAME``: the searching seat's prior is the bot ``NAME`` (e.g. ``bold``);
    ``model=own``: the other seats are modelled as the game's ``own_bot`` instead of the heuristic;
    ``model=heuristic``: every other seat modelled as the heuristic whatever bot it is, as before
    ``meet`` (2026-12-03); ``sees=hands``: the search's worlds are the true state, every hidden
    card seen but not the deck's order (:class:`HandsSeen`; no belief needed): the same search
    with perfect beliefs, a diagnostic, not a bot; ``pool``, ``window``, ``epsilon``: the belief's
    (``roses.agents.belief.BeliefModel``); ``sees=PHASE+PHASE``: only at decisions of
    those observation phases, e.g. ``sees=respond`` in Rose Ceremony, the belief kept for the
    rest)."""
    name, _, extra = bot.partition("@")
    settings = dict(kv.split("=") for kv in extra.split(",")) if extra else {}
    if name == "rollout":
        return rollout_agent(game, seed, settings)
    if not extra:
        return make_agent(name, game, seed)
    from dataclasses import replace

    from roses.agents.levels import LEVELS, make_level_agent
    level = replace(LEVELS[name.split(":")[1]], rounds=int(settings.get("rounds", 0)) or None)
    agent = make_level_agent(game, level, seed)
    if "iterations" in settings:
        agent.iterations = int(settings["iterations"])
    if "prior_weight" in settings:
        agent.prior_weight = float(settings["prior_weight"])
    if "margin" in settings:
        agent.keep_margin = None if settings["margin"] == "none" else float(settings["margin"])
    if "own_prior" in settings:  # the searching seat's prior: another bot by name
        agent.own_prior = make_agent(settings["own_prior"], game, seed + 3)
    if settings.get("own") == "heuristic":
        agent.own_prior, agent.own_playout_policy = agent.prior, None
    if settings.get("model") == "heuristic":
        agent.seat_model = None
    if settings.get("model") == "own" and game.spec.own_bot is not None:
        # the other seats modelled as the game's own_bot (prior, playouts, belief), as at a table
        # of hard bots, instead of the heuristic
        from roses.agents.belief import BeliefModel
        from roses.agents.playout import agent_policy
        own = game.spec.own_bot
        agent.prior = own(game, seed + 1)
        agent.playout_policy = agent_policy(own(game, seed + 2))
        if agent.belief is not None:
            agent.belief = BeliefModel(own, pool=agent.belief.pool, window=agent.belief.window)
    if agent.belief is not None and {"pool", "window", "epsilon"} & set(settings):
        from roses.agents.belief import BeliefModel
        b = agent.belief
        agent.belief = BeliefModel(b.model, pool=int(settings.get("pool", b.pool)),
                                   window=int(settings.get("window", b.window)),
                                   epsilon=float(settings.get("epsilon", b.epsilon)))
        agent.belief.seat_models = b.seat_models
    if settings.get("sees") == "hands":
        agent.belief, agent.sees_hands = None, True
    elif "sees" in settings:
        agent.sees_hands = frozenset(settings["sees"].split("+"))
    return agent


def rollout_agent(game, seed: int, settings: dict):
    """``rollout`` (docs/lab/search-experiments.md, "Rollout search"): :class:`roses.agents.rollout.RolloutAgent`
    over the game's heuristic with ``ismcts:hard``'s budget, worlds, belief and playout bot
    (``rollout@iterations=N,guard=Z`` to change the budget or the guard). An experiment, not a
    level: at the same budget it measured level with ``hard``."""
    from roses.agents.belief import BeliefModel
    from roses.agents.levels import LEVELS, level_iterations
    from roses.agents.rollout import DEFAULT_GUARD, RolloutAgent
    from roses.agents.tuning import search_tuning
    heuristic, hard, tuning = game.spec.bots["heuristic"], LEVELS["hard"], search_tuning(game)
    return RolloutAgent(game, seed, base=heuristic(game, seed + 1), playout_bot=game.spec.playout_bot or heuristic,
                        iterations=int(settings.get("iterations", level_iterations(game, hard))),
                        belief=BeliefModel(heuristic, pool=hard.pool, window=tuning.belief_window)
                        if tuning.belief_window else None,
                        max_playout_depth=tuning.strong_playout_depth,
                        guard=float(settings.get("guard", DEFAULT_GUARD)), name="rollout")


def seat_game(args):
    """One game of a seat row: the search bot at seat ``i mod n``. Returns (share, [s per move])."""
    name, players, bot, i, seed, opponents = args
    game = roses.load(name, players=players)
    me = i % players

    def pick(state):
        return [bench_agent(bot if s == me else opponents, game, hash_seed(seed, i, s))
                for s in range(players)], [me]
    state, times = _play(game, pick, seed + i)
    return state.returns()[me], times[me]


def faction_game(args):
    """One Blades & Rose game: ``search_faction`` (or none) plays ``bot``, the rest heuristic.
    Returns ({faction: won 0/1}, [s per search move])."""
    players, bot, search_faction, i, seed = args
    game = roses.load("blades-and-rose", players=players)

    def pick(state):
        factions = [state.observation(s).faction for s in range(players)]
        searchers = [s for s in range(players) if factions[s] == search_faction]
        return [make_agent(bot if s in searchers else "heuristic", game, hash_seed(seed, i, s))
                for s in range(players)], searchers
    state, times = _play(game, pick, seed + i)
    winner = state.result_tags().get("winning_faction")
    return winner, [t for ts in times.values() for t in ts]


def solo_game(args):
    bot, i, seed = args
    game = roses.load("rare-roses", players=1)
    state, times = _play(game, lambda st: ([make_agent(bot, game, hash_seed(seed, i, 0))], [0]), seed + i)
    return state.scores()[0], times[0]


def _timing(times: list[float], base: float) -> dict:
    if not times:
        return {"median_s": None, "p99_s": None}
    times = sorted(times)
    med, p99 = statistics.median(times), times[min(len(times) - 1, int(0.99 * len(times)))]
    return {"median_s": med, "p99_s": p99, "moves": len(times),
            "median_baseline_ops": med * base, "p99_baseline_ops": p99 * base}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per row (per faction for br rows)")
    ap.add_argument("--rows", default=",".join(ALL_ROWS))
    ap.add_argument("--bot", default="ismcts:hard")
    ap.add_argument("--opponents", default="heuristic",
                    help="the other seats' bot in seat rows (and the table a timed move is told)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--solo-bots", default="random,heuristic,search,ismcts:medium,ismcts:hard")
    ap.add_argument("--solo-games", type=int, default=1000)
    ap.add_argument("--positions", type=int, default=8, help="decisions per game and level (timing row)")
    ap.add_argument("--timing-cases", default="", help="GAME:PLAYERS,... for the timing row (default TIMING_CASES)")
    ap.add_argument("--levels", default=",".join(LEVEL_NAMES), help="levels for the timing row")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--factions", default="",
                    help="br rows: the factions whose search games to play (comma-separated faction names, "
                         "default both); the heuristics-on-both-sides games are always played")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from roses.games.blades_and_rose.cards import BLOOD_BLADES_FACTION, WHITE_ROSE_FACTION
    factions = [f.strip() for f in args.factions.split(",") if f.strip()] or [WHITE_ROSE_FACTION, BLOOD_BLADES_FACTION]
    for fac in factions:  # before any game is played
        if fac not in (WHITE_ROSE_FACTION, BLOOD_BLADES_FACTION):
            raise SystemExit(f"unknown faction {fac!r}; known: {WHITE_ROSE_FACTION}, {BLOOD_BLADES_FACTION}")
    base = statistics.median(baseline_ops_per_second(0.5) for _ in range(3))
    rows = []
    out = (lambda r: None) if args.json else (lambda r: print(_line(r), flush=True))
    with ProcessPoolExecutor(args.workers) as pool:
        for row in [r for r in args.rows.split(",") if r]:
            t0 = time.time()
            if row in SEAT_ROWS:
                name, n = SEAT_ROWS[row]
                res = list(pool.map(seat_game, [(name, n, args.bot, i, args.seed, args.opponents)
                                                      for i in range(args.games)]))
                wins = sum(r for r, _ in res)
                lo, hi = wilson(wins, len(res))
                r = {"row": row, "game": name, "players": n, "bot": args.bot, "opponents": args.opponents,
                     "games": len(res),
                     "win_rate": wins / len(res), "ci95": [lo, hi], "fair_share": 1 / n,
                     **_timing([t for _, ts in res for t in ts], base)}
            elif row in FACTION_ROWS:
                n = FACTION_ROWS[row]
                r = {"row": row, "game": "blades-and-rose", "players": n, "bot": args.bot, "games": args.games}
                base_res = list(pool.map(faction_game, [(n, args.bot, None, i, args.seed) for i in range(args.games)]))
                times = []
                for fac in factions:
                    res = list(pool.map(faction_game, [(n, args.bot, fac, i, args.seed) for i in range(args.games)]))
                    times += [t for _, ts in res for t in ts]
                    won = sum(w == fac for w, _ in res)
                    won0 = sum(w == fac for w, _ in base_res)
                    r[fac] = {"search": won / args.games, "search_ci95": list(wilson(won, args.games)),
                              "heuristic": won0 / args.games, "heuristic_ci95": list(wilson(won0, args.games))}
                r.update(_timing(times, base))
            elif row == "timing":
                r = {"row": "timing", "positions": args.positions, "cases": []}
                cases = [(c.split(":")[0], int(c.split(":")[1])) for c in args.timing_cases.split(",") if c] \
                    or TIMING_CASES
                for name, n in cases:
                    for level in args.levels.split(","):
                        ts = list(pool.map(timing_case, [(name, n, level, k, args.positions, args.opponents)
                                                         for k in range(args.positions)]))
                        r["cases"].append({"game": name, "players": n, "level": level, **_timing(ts, base)})
            elif row == "solo":
                r = {"row": "solo", "game": "rare-roses", "players": 1, "games": args.solo_games, "bots": {}}
                for bot in args.solo_bots.split(","):
                    res = list(pool.map(solo_game, [(bot, i, args.seed) for i in range(args.solo_games)]))
                    money = [m for m, _ in res]
                    mean, sd = mean_sd(money)
                    half = 1.96 * sd / len(money) ** 0.5
                    r["bots"][bot] = {"mean_dollars": mean, "ci95": [mean - half, mean + half],
                                      **_timing([t for _, ts in res for t in ts], base)}
            else:
                raise SystemExit(f"unknown row {row!r}; known: {', '.join(ALL_ROWS)}")
            r["seconds"] = time.time() - t0
            rows.append(r)
            out(r)
    if args.json:
        print(json.dumps({"baseline_ops_per_s": base, "seed": args.seed, "rows": rows}))


def _ms(r: dict) -> str:
    if r.get("median_s") is None:
        return ""
    return f"  {r['median_s']:.3f} s/move median, {r['p99_s']:.3f} p99"


def _line(r: dict) -> str:
    if r["row"] == "timing":
        return "\n".join(f"timing {c['game']:17} {c['players']}p {c['level']:14}{_ms(c)}" for c in r["cases"])
    if r["row"] == "solo":
        return "\n".join(f"solo rare-roses {b:14} ${v['mean_dollars']:.1f} ({v['ci95'][0]:.1f}–{v['ci95'][1]:.1f})"
                         f" over {r['games']} seeds{_ms(v)}" for b, v in r["bots"].items())
    if r["game"] == "blades-and-rose":
        parts = [f"{fac}: {v['search']:.3f} ({v['search_ci95'][0]:.3f}–{v['search_ci95'][1]:.3f}) "
                 f"vs heuristic {v['heuristic']:.3f} ({v['heuristic_ci95'][0]:.3f}–{v['heuristic_ci95'][1]:.3f})"
                 for fac, v in r.items() if isinstance(v, dict)]
        return f"blades-and-rose {r['players']}p {r['bot']} {r['games']} games: " + "; ".join(parts) + _ms(r)
    lo, hi = r["ci95"]
    return (f"{r['game']} {r['players']}p {r['bot']} vs {r['opponents']}: {r['win_rate']:.3f} ({lo:.3f}–{hi:.3f}) "
            f"over {r['games']} games, fair {r['fair_share']:.2f}{_ms(r)}")


if __name__ == "__main__":
    main()
