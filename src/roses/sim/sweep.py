"""Parameter sweeps: a grid of cells (one game parameter set each), ``N`` games per cell, one
result row per game.

Seeds. Cells are paired by default (common random numbers): game ``i`` of every cell of a sweep
with seed ``S`` uses game seed ``hash_seed(S, i)`` and bot seeds ``hash_seed(game_seed, seat)``,
so a difference between two cells is measured game by game on the same deals and draws, and the
report's comparisons match games on their seed (:mod:`roses.sim.compare`). ``paired=False``
(``simulate --unpaired``) gives each cell its own games instead, ``hash_seed(S, c, i)``. Either
way every row depends only on ``(S, c, i)``: the same sweep gives the same rows on 1 or many
worker processes, on Ray or not, whatever the chunking.

Rows (one dict per game; see :data:`ROW_COLUMNS`): the cell's parameters as ``param_<name>``
(the game's parsed values; lists and dicts as JSON text), the seed, bots by seat, winners,
returns, scores, length in seat actions and rounds, how it ended (``end``: the game's main result
tag), the start seat and each seat's turn-order position counted from it, and the game's own
figures (:mod:`roses.sim.figures`) as ``fig_<name>``.
"""
from __future__ import annotations

import itertools
import json
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from roses.agents import make_agent
from roses.core import load

from .batch import expand_bots, hash_seed
from .figures import game_figures, start_seat
from .match import play_game, seat_actions

#: Columns every results row has (``param_*`` and ``fig_*`` columns come on top).
ROW_COLUMNS = ("game", "cell", "game_index", "seed", "players", "bots", "start_seat", "positions",
               "winners", "returns", "scores", "actions", "rounds", "end", "tags")

#: The result tag that says how a game ended, by preference.
_END_TAGS = ("win_by", "winning_faction")
#: The ``end`` of a game with none of those tags (e.g. Rare Roses solo, scored by money alone).
NO_END = "score"


def parse_values(text: str) -> list[str]:
    """The values of one ``--param NAME=VALUES``: ``3..6`` (an inclusive integer range), a comma
    list ``true,false``, or one value. Values stay text; the game parses them.

    Raises ``ValueError`` for a range whose ends are not integers or run backwards."""
    text = text.strip()
    if ".." in text and not text.startswith(("[", "{", "@")):
        lo, hi = text.split("..", 1)
        try:
            a, b = int(lo), int(hi)
        except ValueError:
            raise ValueError(f"a range takes two whole numbers, like 3..6; got {text!r}") from None
        if b < a:
            raise ValueError(f"the range {text!r} runs backwards")
        return [str(v) for v in range(a, b + 1)]
    if text.startswith(("[", "{")):  # JSON values (a deck, prices) are one value
        return [text]
    return [v.strip() for v in text.split(",")] if "," in text else [text]


def expand_grid(axes: dict[str, list[str]]) -> list[dict[str, str]]:
    """Every combination of the axes' values, the first axis varying slowest (cell order)."""
    names = list(axes)
    return [dict(zip(names, combo)) for combo in itertools.product(*(axes[n] for n in names))]


def game_seed(sweep_seed: int, cell: int, index: int, paired: bool = True) -> int:
    """The seed of game ``index`` of cell ``cell`` (independent of workers and backend): the same
    in every cell when ``paired`` (module docstring), the cell's own otherwise."""
    return hash_seed(sweep_seed, index) if paired else hash_seed(sweep_seed, cell, index)


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return json.dumps(value, sort_keys=True, default=list)


def play_cell(game_name: str, params: dict[str, Any], bots: Sequence[str], sweep_seed: int, cell: int,
              indices: Sequence[int], paired: bool = True) -> list[dict[str, Any]]:
    """The result rows of games ``indices`` of one cell (``params``: game parameters as given on
    the command line or parsed; ``bots``: one name per seat; ``paired``: :func:`game_seed`)."""
    game = load(game_name, **params)
    n = game.num_players
    plain = {f"param_{k}": _plain(v) for k, v in dict(game.params).items()}
    for k in params:  # NAME.KEY (one rose's price): its own column, the label of its cells
        base, dot, key = k.partition(".")
        if dot:
            plain[f"param_{k}"] = _plain(game.params[base][key])
    rows = []
    for i in indices:
        seed = game_seed(sweep_seed, cell, i, paired)
        agents = [make_agent(b, game, hash_seed(seed, s)) for s, b in enumerate(bots)]
        first: list[int | None] = []

        def on_step(state, seat, action, first=first):
            if not first and not state.is_chance_node() and not state.is_terminal():
                first.append(start_seat(state))

        state = play_game(game, agents, seed, on_step=on_step)
        start = first[0] if first else None
        returns = [float(r) for r in state.returns()]
        best = max(returns) if returns else 0.0
        tags = state.result_tags()
        scores = state.scores()
        rounds, figs = game_figures(state)
        rows.append({
            "game": game_name, "cell": cell, "game_index": i, "seed": seed, "players": n,
            "bots": list(bots), "start_seat": start,
            "positions": [(s - start) % n if start is not None else s for s in range(n)],
            "winners": [s for s, r in enumerate(returns) if best > 0 and r == best],
            "returns": returns, "scores": None if scores is None else [float(x) for x in scores],
            "actions": seat_actions(state), "rounds": rounds,
            "end": next((tags[t] for t in _END_TAGS if t in tags), NO_END),
            "tags": json.dumps(tags, sort_keys=True),
            **plain, **{f"fig_{k}": v for k, v in figs.items()},
        })
    return rows


@dataclass(frozen=True)
class Task:
    """One unit of work: games ``indices`` of cell ``cell`` (``paired``: :func:`game_seed`)."""
    cell: int
    params: dict[str, str]
    bots: tuple[str, ...]
    indices: tuple[int, ...]
    paired: bool = True


def plan(game_name: str, cells: list[dict[str, str]], bots: Sequence[str] | None, games: int,
         chunk: int = 20, paired: bool = True) -> list[Task]:
    """The tasks of a sweep, checking every cell's parameters and bots before any game is played.

    ``bots``: names (the last repeats, :func:`~roses.sim.batch.expand_bots`); ``None`` or empty:
    :func:`default_bot` of the game. ``paired``: the same game seeds in every cell (default; see
    :func:`game_seed`). Raises ``GameParameterError``/``ValueError`` for a bad cell."""
    tasks = []
    for c, params in enumerate(cells):
        game = load(game_name, **params)
        seat_bots = expand_bots(list(bots) if bots else [default_bot(game)], game.num_players)
        for b in set(seat_bots):
            make_agent(b, game, 0)  # unknown bot names fail now, not in a worker
        for start in range(0, games, chunk):
            tasks.append(Task(c, dict(params), tuple(seat_bots), tuple(range(start, min(games, start + chunk))),
                              paired))
    return tasks


def default_bot(game: Any) -> str:
    """The strongest bot a sweep of thousands of games can afford: the game's ``heuristic``
    (milliseconds a game) when it has one, else ``random``. The ISMCTS levels play ~1 s a move
    (docs/agents.md), far too slow for thousands of games; pass ``--bots ismcts:easy`` to check
    a finding against a search bot on a few hundred games."""
    return "heuristic" if "heuristic" in game.spec.bots else "random"


def _run_task(game_name: str, seed: int, task: Task) -> list[dict[str, Any]]:
    return play_cell(game_name, task.params, task.bots, seed, task.cell, task.indices, task.paired)


def run_sweep(game_name: str, tasks: Sequence[Task], seed: int = 0, backend: str = "process",
              workers: int = 1, address: str | None = None,
              progress: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """Play every task and return the rows sorted by (cell, game index).

    Args:
        backend: ``process`` (this machine, ``workers`` processes; 1: in this process) or ``ray``
            (``ray.init(address=address)``: a cluster, or a local Ray when ``address`` is None;
            needs the ``roses[ray]`` extra).
        progress: called with the number of games of each finished task.

    Raises ``ValueError`` for an unknown backend; ``ImportError`` naming the extra without Ray.
    """
    rows: list[dict[str, Any]] = []

    def done(part: list[dict[str, Any]]) -> None:
        rows.extend(part)
        if progress:
            progress(len(part))

    if backend == "process":
        if workers <= 1:
            for t in tasks:
                done(_run_task(game_name, seed, t))
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                for f in as_completed([pool.submit(_run_task, game_name, seed, t) for t in tasks]):
                    done(f.result())
    elif backend == "ray":
        from .ray_backend import run_on_ray

        run_on_ray(_run_task, game_name, seed, tasks, address=address, workers=workers, done=done)
    else:
        raise ValueError(f"unknown backend {backend!r}; use process or ray")
    rows.sort(key=lambda r: (r["cell"], r["game_index"]))
    return rows


__all__ = ["ROW_COLUMNS", "Task", "default_bot", "expand_grid", "game_seed", "parse_values", "plan",
           "play_cell", "run_sweep"]
