"""Tournaments: several bots of one game, every bot in every seat equally often, with win rates
(95% intervals of the mean win credit per game, :func:`roses.sim.stats.credit_interval`) and an
openskill rating per bot.

Schedule. With ``B`` bots and ``K`` seats the tournament is played in blocks of ``B`` games. Block
``j`` draws an order ``π`` of the bots from the seed, and its game ``r`` (``0 ≤ r < B``) seats
``π[(r + s) mod B]`` at seat ``s``: over one block every bot sits in every seat exactly once
(``B ≥ K``: each bot plays ``K`` of the ``B`` games; ``B < K``: every bot plays every game, in
several seats). The number of games is rounded up to a multiple of ``B`` so that the balance is
exact; :attr:`TournamentResult.games_requested` keeps the number asked for.

Seeds. Game ``i`` uses game seed ``seed + i`` and bot seeds ``hash_seed(seed, i, seat)`` exactly as
:func:`roses.sim.batch.run_batch`, and is played by the same code; results are identical whatever
the number of workers.

Wins. A seat's win in a game is its share of the returns (``r_s / Σ r``; ``0`` for everyone when
nobody scores a positive return), so a win shared by ``k`` seats (a tie, or a team in Blades &
Rose) counts ``1/k`` and the wins of a game add up to 1 (:func:`roses.sim.batch.win_shares`, the
rule of ``simulate`` and the balance report too). A bot's wins are the sum over its seats.

Rating. Each game is one openskill match (``PlackettLuce`` by default) between the bots at the
table, ranked by the sum of their seats' returns (equal sums tie). openskill updates online, so a
game rated late moves a rating more than one rated early: rated once in game order, a head to head
that ``ismcts:hard`` won 30 to 10 left both bots with the same ordinal (over 200 random orders of
the same 40 games, the gap in mu ran from 3 to 17). Bots do not change between games, so the order
carries no information: the tournament rates the games in :data:`RATING_PASSES` orders shuffled
from the seed and reports each bot's mean mu and sigma over them, which are reproducible and do
not hinge on which games came last. ``ordinal = mu - 3·sigma``.

Elo. With OpenSpiel installed (the ``interop`` or ``openspiel`` extra), each bot also gets an Elo
rating from ``pyspiel.elo.compute_ratings_from_matrices``: a maximum-likelihood fit over all games
at once (no order at all) to the pairwise results, where every two bots at a table meet once per
game and the one whose seats took more of the returns wins (equal: a draw).
"""
from __future__ import annotations

import csv
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from roses.agents import make_agent
from roses.core import load

from .batch import GameResult, play_range, hash_seed, mean_sd, win_shares
from .stats import credit_interval

#: The openskill models a tournament can rate with (``model=`` of :func:`run_tournament`).
MODELS = ("PlackettLuce", "BradleyTerryFull", "BradleyTerryPart", "ThurstoneMostellerFull", "ThurstoneMostellerPart")

_SCHEDULE_TAG = 0x5EA7  # keeps the schedule's RNG apart from the games' and bots' seeds
_RATING_TAG = 0x7A7E    # … and the rating orders' RNG
#: Orders of the games the openskill rating is averaged over (see the module docstring).
RATING_PASSES = 32


@dataclass(frozen=True)
class TournamentGame:
    """One game of a tournament: its index, line-up (one bot name per seat) and result."""

    index: int
    lineup: tuple[str, ...]
    result: GameResult

    @property
    def wins(self) -> tuple[float, ...]:
        """Each seat's share of the win (adds up to 1 unless nobody won)."""
        return win_shares(self.result.returns)


@dataclass(frozen=True)
class BotStanding:
    """One bot's figures over a tournament.

    Attributes:
        games: games it sat in; ``seats``: games it sat in, per seat (a bot sitting in two seats
            of one game counts in both); ``wins``: its share of the wins; ``win_rate`` =
            wins / games with ``ci95``, the 95% interval of its mean win credit per game.
        mean_score, sd_score: over its seats, for games with their own score; ``None`` otherwise.
        mu, sigma, ordinal: its openskill rating, mean over :data:`RATING_PASSES` orders of the
            games (``ordinal = mu - 3 sigma``).
        elo: its Elo rating from OpenSpiel (module docstring), ``None`` without OpenSpiel.
    """

    bot: str
    games: int
    seats: tuple[int, ...]
    wins: float
    win_rate: float
    ci95: tuple[float, float]
    mu: float
    sigma: float
    ordinal: float
    mean_score: float | None = None
    sd_score: float | None = None
    elo: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.bot, "games": self.games, "seats": list(self.seats), "wins": round(self.wins, 9),
                "win_rate": self.win_rate, "ci95": list(self.ci95), "mu": self.mu, "sigma": self.sigma,
                "ordinal": self.ordinal, "mean_score": self.mean_score, "sd_score": self.sd_score,
                "elo": self.elo}


@dataclass
class TournamentResult:
    """Summary of a tournament: the standings (in the order the bots were given) and every game."""

    game: str
    players: int
    params: dict[str, Any]
    bots: list[str]
    games: int
    games_requested: int
    seed: int
    model: str
    standings: list[BotStanding]
    seconds: float
    played: list[TournamentGame] = field(default_factory=list, repr=False)

    def ranked(self) -> list[BotStanding]:
        """The standings best first: by rating ordinal, then win rate, then name."""
        return sorted(self.standings, key=lambda b: (-b.ordinal, -b.win_rate, b.bot))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "players": self.players, "params": self.params, "bots": self.bots,
            "games": self.games, "games_requested": self.games_requested, "seed": self.seed,
            "rating_model": self.model, "seconds": self.seconds,
            "standings": [b.to_json() for b in self.standings],
        }


def schedule(bots: Sequence[str], players: int, games: int, seed: int) -> list[tuple[str, ...]]:
    """The line-up (one bot per seat) of each game: blocks of ``len(bots)`` games in which every
    bot sits in every seat once (see the module's docstring). ``games`` must be a multiple of
    ``len(bots)`` for the balance to be exact."""
    b = len(bots)
    out: list[tuple[str, ...]] = []
    for block in range((games + b - 1) // b):
        order = list(bots)
        random.Random(hash_seed(seed, _SCHEDULE_TAG, block)).shuffle(order)
        for r in range(b):
            out.append(tuple(order[(r + s) % b] for s in range(players)))
    return out[:games]


def balanced_games(games: int, bots: int) -> int:
    """``games`` rounded up to a multiple of the number of bots (one full rotation)."""
    return -(-games // bots) * bots


def _play_lineups(game_name: str, params: dict[str, Any], seed: int,
                  items: Sequence[tuple[int, tuple[str, ...]]]) -> list[TournamentGame]:
    # One game at a time through the batch's own player: same seeds, same code as `simulate`.
    return [TournamentGame(i, lineup, play_range(game_name, params, list(lineup), seed, [i])[0])
            for i, lineup in items]


def _model(name: str) -> Any:
    import openskill.models as models

    if name not in MODELS:
        raise ValueError(f"unknown rating model {name!r}; known: {', '.join(MODELS)}")
    return getattr(models, name)()


def _table_totals(g: TournamentGame) -> dict[str, float]:
    """Each bot at ``g``'s table and the sum of its seats' returns."""
    return {b: sum(r for s, r in enumerate(g.result.returns) if g.lineup[s] == b) for b in dict.fromkeys(g.lineup)}


def rate(played: Sequence[TournamentGame], bots: Sequence[str], model: str = "PlackettLuce",
         passes: int = RATING_PASSES, seed: int = 0) -> dict[str, tuple[float, float]]:
    """Each bot's openskill rating ``(mu, sigma)`` after ``played``: each game ranks the bots at the
    table by the sum of their seats' returns. The games are rated in ``passes`` orders shuffled by
    ``seed`` and mu and sigma are the means over the passes (module docstring: openskill is online,
    and the order of a tournament's games is noise). The orders are shuffles of the games sorted by
    their line-up and result, so the rating depends on the games played, not on their indices;
    ``passes=0`` rates once in game-index order (openskill's own online rating)."""
    m = _model(model)
    games = []
    for g in sorted(played, key=lambda g: g.index):
        total = _table_totals(g)
        if len(total) < 2:
            continue
        levels = sorted(set(total.values()), reverse=True)
        games.append((tuple(total), tuple(levels.index(v) + 1 for v in total.values())))
    orders = [games]
    if passes > 0:
        canonical = sorted(games)
        rng = random.Random(hash_seed(seed, _RATING_TAG, 0))
        orders = [rng.sample(canonical, len(canonical)) for _ in range(passes)]
    sums = {b: [0.0, 0.0] for b in bots}
    for order in orders:
        ratings = {b: m.rating(name=b) for b in bots}
        for at_table, ranks in order:
            new = m.rate([[ratings[b]] for b in at_table], ranks=list(ranks))
            for b, team in zip(at_table, new):
                ratings[b] = team[0]
        for b, r in ratings.items():
            sums[b][0] += r.mu
            sums[b][1] += r.sigma
    k = len(orders)
    return {b: (mu / k, sigma / k) for b, (mu, sigma) in sums.items()}


def elo(played: Sequence[TournamentGame], bots: Sequence[str]) -> dict[str, float] | None:
    """Each bot's Elo rating from OpenSpiel's maximum-likelihood fit
    (``pyspiel.elo.compute_ratings_from_matrices``) to the pairwise results of ``played`` (module
    docstring), or ``None`` when OpenSpiel is not installed."""
    try:
        from pyspiel import elo as spiel_elo
    except ImportError:
        return None
    index = {b: i for i, b in enumerate(bots)}
    n = len(bots)
    win = [[0] * n for _ in range(n)]
    draw = [[0] * n for _ in range(n)]
    for g in played:
        total = list(_table_totals(g).items())
        for x, (a, ra) in enumerate(total):
            for b, rb in total[x + 1:]:
                i, j = index[a], index[b]
                if ra > rb:
                    win[i][j] += 1
                elif rb > ra:
                    win[j][i] += 1
                else:
                    draw[i][j] += 1
                    draw[j][i] += 1
    return dict(zip(bots, spiel_elo.compute_ratings_from_matrices(win, draw)))


def run_tournament(game_name: str, params: dict[str, Any], bots: Sequence[str], games: int,
                   players: int | None = None, seed: int = 0, workers: int | None = None,
                   progress: Callable[[int], None] | None = None, model: str = "PlackettLuce",
                   chunk: int | None = None, done: Sequence[TournamentGame] = (),
                   on_games: Callable[[list[TournamentGame]], None] | None = None) -> TournamentResult:
    """Play a tournament of ``bots`` (distinct names, at least two) at ``game_name``.

    Args:
        params: game parameters; ``players`` (if given) sets the number of seats.
        games: games asked for, rounded up to a multiple of ``len(bots)`` (every bot in every seat
            equally often).
        workers: processes (default: all local cores); the results do not depend on it.
        progress: called with the number of games just finished.
        model: the openskill model rating the bots.
        done: games of this same tournament already played (e.g. read back by :func:`read_csv`
            after an interrupted run); they are not played again. Each must be the game the
            schedule puts at its index, else ``ValueError``.
        on_games: called with each finished chunk of games, as it finishes (e.g. to append them
            to a CSV file, so that an interrupted tournament keeps what it played).

    Raises :class:`~roses.core.errors.GameParameterError` / ``ValueError`` for bad parameters,
    bots or sizes.
    """
    if players is not None:
        params = {**params, "players": players}
    game = load(game_name, **params)
    bots = [b.strip() for b in bots if b.strip()]
    if len(bots) < 2:
        raise ValueError("a tournament needs at least two bots")
    if len(set(bots)) != len(bots):
        raise ValueError(f"each bot once, please: {', '.join(bots)}")
    if game.num_players < 2:
        raise ValueError(f"a tournament needs at least 2 seats ({game.title} has {game.num_players}); "
                         "compare solo bots with `roses simulate`")
    if games < 1:
        raise ValueError("a tournament needs at least one game")
    for b in bots:
        make_agent(b, game, 0)  # fail early on an unknown bot name
    _model(model)
    plain = dict(game.params)
    n = game.num_players
    total = balanced_games(games, len(bots))
    lineups = schedule(bots, n, total, seed)
    known = check_done(done, lineups, seed)
    todo = [i for i in range(total) if i not in known]
    workers = max(1, workers if workers is not None else (os.cpu_count() or 1))
    size = chunk or max(1, min(25, len(todo) // (workers * 4) or 1))
    chunks = [[(i, lineups[i]) for i in todo[k:k + size]] for k in range(0, len(todo), size)]
    start = time.perf_counter()
    played: list[TournamentGame] = [known[i] for i in sorted(known) if i < total]

    def finished(part: list[TournamentGame]) -> None:
        played.extend(part)
        if on_games:
            on_games(part)
        if progress:
            progress(len(part))

    if workers <= 1 or len(chunks) <= 1:
        for c in chunks:
            finished(_play_lineups(game.name, plain, seed, c))
    else:
        with ProcessPoolExecutor(max_workers=min(workers, len(chunks))) as pool:
            for f in [pool.submit(_play_lineups, game.name, plain, seed, c) for c in chunks]:
                finished(f.result())
    seconds = time.perf_counter() - start
    played.sort(key=lambda g: g.index)
    ratings = rate(played, bots, model, seed=seed)
    elos = elo(played, bots)
    standings = []
    for b in bots:
        mine = [g for g in played if b in g.lineup]
        credits = [sum(w for s, w in enumerate(g.wins) if g.lineup[s] == b) for g in mine]
        wins = sum(credits)
        seats = tuple(sum(1 for g in played if g.lineup[s] == b) for s in range(n))
        mean_score = sd_score = None
        if played and played[0].result.scores is not None:
            mean_score, sd_score = mean_sd([g.result.scores[s] for g in mine for s in range(n) if g.lineup[s] == b])
        mu, sigma = ratings[b]
        standings.append(BotStanding(
            bot=b, games=len(mine), seats=seats, wins=wins, win_rate=wins / len(mine) if mine else 0.0,
            ci95=credit_interval(credits), mu=mu, sigma=sigma, ordinal=mu - 3 * sigma,
            mean_score=mean_score, sd_score=sd_score, elo=None if elos is None else elos[b]))
    return TournamentResult(game=game.name, players=n, params=plain, bots=list(bots), games=total,
                            games_requested=games, seed=seed, model=model, standings=standings,
                            seconds=seconds, played=played)


def check_done(done: Sequence[TournamentGame], lineups: Sequence[tuple[str, ...]],
               seed: int) -> dict[int, TournamentGame]:
    """``done`` by index, after checking that each is the game this tournament's schedule plays at
    its index (same game seed, same line-up): ``ValueError`` otherwise, e.g. for a CSV file written
    by another tournament (other seed, bots or players)."""
    known: dict[int, TournamentGame] = {}
    for g in done:
        if g.index in known:
            raise ValueError(f"game {g.index} is listed twice")
        if g.index >= len(lineups):
            continue  # a longer run of the same tournament: its schedule starts the same way
        if g.result.seed != seed + g.index or tuple(g.lineup) != tuple(lineups[g.index]):
            raise ValueError(f"game {g.index} was played by another tournament (seed {g.result.seed}, "
                             f"line-up {', '.join(g.lineup)}); this one plays seed {seed + g.index} "
                             f"with {', '.join(lineups[g.index])}")
        known[g.index] = g
    return known


def csv_header(players: int) -> list[str]:
    return (["game", "seed"] + [f"bot_{s}" for s in range(players)] + [f"return_{s}" for s in range(players)]
            + [f"score_{s}" for s in range(players)] + ["actions"])


def _csv_row(g: TournamentGame, players: int) -> list[Any]:
    r = g.result
    scores = ["" for _ in range(players)] if r.scores is None else [repr(float(x)) for x in r.scores]
    return [g.index, r.seed, *g.lineup, *(repr(float(x)) for x in r.returns), *scores, r.actions]


def write_csv(result: TournamentResult, path: str | Path) -> Path:
    """One row per game: index, game seed, the line-up, each seat's return and score (empty for a
    game without scores) and the game's length in seat actions. Numbers are written exactly
    (``repr``), so that :func:`read_csv` gives back the same figures."""
    path = Path(path)
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(csv_header(result.players))
        for g in result.played:
            w.writerow(_csv_row(g, result.players))
    return path


def append_csv(games: Sequence[TournamentGame], path: str | Path, players: int) -> None:
    """Append ``games`` to the CSV file at ``path`` (its header first if the file is new or
    empty), flushed at once: what a run played survives its interruption."""
    path = Path(path)
    new = not path.exists() or path.stat().st_size == 0
    with path.open("a", newline="") as f:
        w = csv.writer(f)
        if new:
            w.writerow(csv_header(players))
        for g in games:
            w.writerow(_csv_row(g, players))
        f.flush()
        os.fsync(f.fileno())


def read_csv(path: str | Path, players: int) -> list[TournamentGame]:
    """The games of a tournament CSV file (:func:`write_csv` / :func:`append_csv`). A last row cut
    short by an interruption is dropped; a header for another number of seats is ``ValueError``."""
    path = Path(path)
    if not path.exists() or path.stat().st_size == 0:
        return []
    with path.open(newline="") as f:
        rows = list(csv.reader(f))
    if rows[0] != csv_header(players):
        raise ValueError(f"{path} is not a tournament CSV file for {players} seats")
    width = len(rows[0])
    out = []
    for row in rows[1:]:
        if len(row) != width or row[-1] == "":
            continue  # cut short by an interruption: that game is played again
        n = players
        scores = None if row[2 + 2 * n] == "" else tuple(float(x) for x in row[2 + 2 * n:2 + 3 * n])
        out.append(TournamentGame(int(row[0]), tuple(row[2:2 + n]), GameResult(
            seed=int(row[1]), returns=tuple(float(x) for x in row[2 + n:2 + 2 * n]),
            actions=int(row[-1]), scores=scores)))
    return out
