"""The designers' and researchers' commands: ``roses simulate`` (batches and sweeps),
``report`` and ``tournament``."""
from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import Any, Callable, Optional

import typer
from rich.table import Table

from roses.agents import agent_names
from roses.core import (GameParameterError, RosesError, get_spec, load)
from roses.core.errors import quoted
from roses.core.words import counted

from .base import GameArg, ParamOpt, _fail, _load, _param_name, _params, _warn, _write_out, app, console, err


@app.command()
def simulate(
    game: str = GameArg,
    games_: int = typer.Option(100, "--games", "-g", min=1, help="Number of games."),
    players: Optional[int] = typer.Option(None, "--players", "-n", help="Number of seats."),
    bots: Optional[str] = typer.Option(None, help="Comma-separated bots, one per seat (the last repeats); "
                                       "default: the game's heuristic (random for a game without one)."),
    seed: int = typer.Option(0, help="Seed of the batch: same seed, same result."),
    param: list[str] = typer.Option([], "--param", "-p", help="Game parameter NAME=VALUE (repeatable); a sweep "
                                    "takes several values: players=3..6 or quick_game=true,false. NAME=@FILE reads a file "
                                    "(@a.json,@b.json: two); NAME.KEY=VALUE sets one entry (market_prices.rainbow=3)."),
    workers: int = typer.Option(1, min=1, help="Worker processes (results do not depend on it)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object on stdout."),
    plot: Optional[Path] = typer.Option(None, help="Also save a balance figure (seat advantage, game length): .png/.svg/.pdf. "
                                       "One batch only: a sweep's figures are in `roses report`."),
    out: Optional[Path] = typer.Option(None, help="Write one row per game to a .parquet or .csv file (a sweep)."),
    backend: str = typer.Option("process", help="Where a sweep runs: process (this machine) or ray."),
    address: Optional[str] = typer.Option(None, help="Ray cluster address for --backend ray (default: a local Ray)."),
    unpaired: bool = typer.Option(False, "--unpaired", help="A sweep whose cells play different game seeds. By default "
                                  "every cell plays the same seeds, so the report compares cells game by game."),
) -> None:
    """Play many bot games; print wins per seat with 95% confidence intervals and game length.

    With several values for a parameter or with --out, runs a sweep: every combination of the
    values (a cell), --games games each, one result row per game (see `roses report`). A shared
    win counts 1/k for each of its k winners."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

    from roses.sim.batch import run_batch
    from roses.sim.sweep import default_bot, parse_values

    try:
        axes = {k: parse_values(str(v))
                for k, v in _params(players, [p for p in param if not p.split("=", 1)[-1].startswith("@")]).items()}
    except ValueError as e:
        _fail(f"--param: {e}")
    files = _file_axes(param)
    if out is not None or any(len(v) > 1 for v in [*axes.values(), *files.values()]) or backend != "process":
        # a sweep has no one batch to draw or print: say so rather than ignore the option
        if plot is not None:
            _fail("--plot draws one batch; a sweep's figures are in its report: "
                  "--out results.parquet, then `roses report results.parquet`")
        if as_json:
            _fail("--json prints one batch; a sweep writes one row per game with --out (.parquet or .csv)")
        _sweep(game, axes, files, bots, games_, seed, workers, out, backend, address, paired=not unpaired)
        return
    if unpaired:
        _fail("--unpaired is for a sweep (several values of a parameter, or --out): one batch has one cell")
    g = _load(game, players, param)
    bots = bots or default_bot(g)
    if plot is not None:  # before the batch: a bad file name must not cost a finished run
        from roses.sim.plots import check_plot_path

        try:
            check_plot_path(plot)
        except ValueError as e:
            _fail(f"--plot {e}")
    names = [b.strip() for b in bots.split(",")]
    for b in names:
        if b not in agent_names(g):
            _fail(f"unknown bot {quoted(b)} for {g.name}; known: {', '.join(agent_names(g))}")
    progress = Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TimeRemainingColumn(), console=err)
    with progress:
        task = progress.add_task(f"{g.title}", total=games_)
        try:
            result = run_batch(g.name, dict(g.params), names, games_, seed, workers=workers,
                               progress=lambda k: progress.advance(task, k))
        except (GameParameterError, ValueError) as e:
            _fail(str(e))
    if as_json:
        print(json.dumps(result.to_json()))
        _save_plot(result, plot)
        return
    console.print(summary_table(result, g.spec))
    if result.wins_by_position is not None:
        console.print(position_table(result))
    if result.mean_scores is not None and result.players > 1:
        money = g.spec.score_format.startswith("$")  # Rare Roses scores are dollars
        console.print("Mean score per seat: " + ", ".join(
            f"{s + 1}: {'$' if money else ''}{m:.2f} (sd {d:.2f})"
            for s, (m, d) in enumerate(zip(result.mean_scores, result.sd_scores))))
    for tag, counts in sorted(result.outcomes.items(), key=lambda kv: kv[0] == "tie"):  # how won, then ties
        console.print(outcome_table(g.spec.describe_result, tag, counts, games_))
    console.print(f"Mean game length: {result.mean_actions:.1f} seat actions (sd {result.sd_actions:.1f}); "
                  f"{result.seconds:.1f} s, {rate(games_, result.seconds)} games/s")
    _save_plot(result, plot)


def _file_axes(pairs: list[str]) -> dict[str, dict[str, str]]:
    """The ``NAME=@FILE`` parameters: ``{name: {label: file text}}``, the label ``@FILE`` as
    typed. ``NAME=@a.json,@b.json`` gives two values, a sweep over the files (a deck each).
    Fails (exit 2) on a file that cannot be read."""
    out: dict[str, dict[str, str]] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        if not value.startswith("@"):
            continue
        for part in value.split(","):
            label = "@" + part.strip().lstrip("@")
            key = _param_name(name)  # as _params names it: market_prices.striped-dragon keeps its dash
            out.setdefault(key, {})[label] = _params(None, [f"{name}={label}"])[key]
    return out


def _sweep(game: str, axes: dict[str, list[str]], files: dict[str, dict[str, str]], bots: Optional[str],
           games_: int, seed: int, workers: int, out: Optional[Path], backend: str, address: Optional[str],
           paired: bool = True) -> None:
    """`simulate` over a grid of cells: progress bar with ETA, a line per cell, rows to ``out``.
    ``files``: the ``NAME=@FILE`` values (:func:`_file_axes`), labelled by file in the rows'
    ``param_NAME`` column and the cell table; ``paired``: the same game seeds in every cell."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

    from roses.sim.compare import row_credits
    from roses.sim.results import check_results_path, write_results
    from roses.sim.sweep import expand_grid, plan, run_sweep

    if backend not in ("process", "ray"):
        _fail(f"--backend {backend}: use process or ray")
    if out is not None:
        try:
            check_results_path(out)
        except ValueError as e:
            _fail(f"--out {e}")
    labelled = expand_grid({**axes, **{k: list(v) for k, v in files.items()}})  # files by label
    cells = [{k: files[k][v] if k in files else v for k, v in c.items()} for c in labelled]
    names = [b.strip() for b in bots.split(",")] if bots else None
    try:
        tasks = plan(game, cells, names, games_, paired=paired)
    except (RosesError, ValueError) as e:
        _fail(str(e))
    title = get_spec(game).title
    # said before the run: e.g. a rose's price changed while the order cards keep their values
    warned = [_warn(load(game, **params), f"cell {c} ({_cell_words(labelled[c], files)}): ")
              for c, params in enumerate(cells)]
    progress = Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TimeRemainingColumn(), console=err)
    start = time.perf_counter()
    with progress:
        task = progress.add_task(f"{title}: {counted(len(cells), 'cell')}", total=games_ * len(cells))
        try:
            rows = run_sweep(game, tasks, seed=seed, backend=backend, workers=workers, address=address,
                             progress=lambda k: progress.advance(task, k))
        except ImportError as e:
            _fail(str(e))
    seconds = time.perf_counter() - start
    for r in rows:  # a file's data stays in the record; the results name it by file
        for k in files:
            r[f"param_{k}"] = labelled[r["cell"]][k]
        r["warnings"] = warned[r["cell"]]  # for the report: a file's deck is named, not kept, in the row
    t = Table(title=f"{title}: {counted(len(rows), 'game')} in {counted(len(cells), 'cell')}, seed {seed}"
                    + ("" if paired else ", each cell its own game seeds"),
              caption="A shared win counts 1/k for each of its k winners.")
    for c in ("cell", "parameters", "first player wins", "mean length"):
        t.add_column(c, justify="right")
    for c, params in enumerate(labelled):
        rs = [r for r in rows if r["cell"] == c]
        first = sum(row_credits(r)[0] for r in rs) / len(rs) if rs[0]["players"] > 1 else 0.0
        t.add_row(str(c), _cell_words(params, files),
                  f"{first:.3f}" if rs[0]["players"] > 1 else "—",
                  f"{sum(r['actions'] for r in rs) / len(rs):.1f}")
    console.print(t)
    console.print(f"{seconds:.1f} s, {rate(len(rows), seconds)} games/s")
    if out is not None:
        write_results(rows, out)
        err.print(f"Results saved: {out} (open with `roses report {out}`)")


def _cell_words(params: dict[str, str], files: dict[str, dict[str, str]]) -> str:
    """A cell's settings as typed (``players=3, quick_game=true``), a file read for every cell
    left out; ``defaults`` for none."""
    return ", ".join(f"{k}={v}" for k, v in params.items() if k not in files or len(files[k]) > 1) or "defaults"


@app.command()
def report(
    results: Path = typer.Argument(..., help="Results of `roses simulate --out` (.parquet or .csv)."),
    out: Path = typer.Option(Path("report.html"), help="Report file: .html (figures embedded) or .md."),
    format_: Optional[str] = typer.Option(None, "--format", help="html or md (default: from --out's extension)."),
) -> None:
    """Write a balance report of a sweep: win rate by turn-order position, game length, scores and
    how games end, for every cell, each with a finding in plain words; and the differences between
    cells that differ in one setting, game by game, with paired 95% intervals."""
    from roses.sim.report import render_html, render_markdown
    from roses.sim.results import read_results

    fmt = (format_ or ("md" if out.suffix.lower() in (".md", ".markdown") else "html")).lower()
    if fmt not in ("html", "md"):
        _fail(f"--format {format_}: use html or md")
    try:
        rows = read_results(results)
    except (OSError, ValueError) as e:
        _fail(f"{results}: cannot read results ({getattr(e, 'strerror', None) or e})")
    if not rows:
        _fail(f"{results}: no games in the file")
    try:
        text = render_html(rows) if fmt == "html" else render_markdown(rows)
    except ValueError as e:  # a cell holding one seed twice: its games cannot be matched
        _fail(f"{results}: {e}")
    _write_out(out, text)
    err.print(f"Report saved: {out}")


def _save_plot(result: Any, plot: Path | None) -> None:
    """Write the balance figure after the figures are printed, so a failing save loses nothing."""
    if plot is None:
        return
    from roses.sim.plots import plot_batch

    try:
        err.print(f"Balance figure saved: {plot_batch(result, plot)}")
    except OSError as e:
        _fail(f"--plot {plot}: cannot write the figure ({e.strerror or e})")


def outcome_table(words: Callable[[str], str], tag: str, counts: dict[str, int], games: int) -> Table:
    """How the games ended for one result tag (``State.result_tags``): a row per value, most
    frequent first, in plain words (``words``: ``GameSpec.describe_result``) with its games, share
    and 95% Wilson interval."""
    from roses.sim.batch import wilson

    t = Table(title=words(tag), title_justify="left")
    t.add_column("")
    for c in ("games", "share", "95% CI"):
        t.add_column(c, justify="right", no_wrap=True)
    for v, c in sorted(counts.items(), key=lambda vc: -vc[1]):
        lo, hi = wilson(c, games)
        t.add_row(words(v), str(c), f"{c / games:.3f}", f"{lo:.3f}–{hi:.3f}")
    return t


def rate(count: float, seconds: float) -> str:
    """``count / seconds`` for people: whole numbers from 10 up, else two significant digits
    ("63", "6.3", "0.063"), so a slow bot's rate does not read 0."""
    r = count / max(seconds, 1e-9)
    return f"{r:.0f}" if r >= 10 else f"{r:.2g}"


def summary_table(result: Any, spec: Any) -> Table:
    """The table of a batch (:class:`~roses.sim.batch.BatchResult`): wins per seat (counted from 1,
    as players count them, a shared win 1/k) with 95% intervals
    (:func:`roses.sim.stats.credit_interval`); for a one-seat game (nobody to beat, so every game
    is a "win") the mean score with its standard deviation, range and 95% interval of the mean
    instead, and the game's yardstick (``GameSpec.solo_goal``) as the caption."""
    title = f"{spec.title}: {counted(result.games, 'game')}, {counted(result.players, 'player')}, seed {result.seed}"
    t = Table(title=title)
    if result.players == 1 and result.mean_scores is not None:
        scores = [r.scores[0] for r in result.results]
        m, sd = result.mean_scores[0], result.sd_scores[0]
        half = 1.96 * sd / math.sqrt(len(scores)) if scores else 0.0
        for c in ("seat", "bot", "mean score", "sd", "min–max", "95% CI of the mean"):
            t.add_column(c, justify="right")
        t.add_row("1", result.bots[0], f"{m:.1f}", f"{sd:.1f}",
                  f"{min(scores):g}–{max(scores):g}" if scores else "—", f"{m - half:.1f}–{m + half:.1f}")
        if spec.solo_goal:
            t.caption = spec.solo_goal
        return t
    for c in ("seat", "bot", "wins", "win rate", "95% CI"):
        t.add_column(c, justify="right")
    for s in range(result.players):
        lo, hi = result.ci95[s]
        t.add_row(str(s + 1), result.bots[s], f"{result.wins_per_seat[s]:.2f}".rstrip("0").rstrip("."),
                  f"{result.win_rate[s]:.3f}", f"{lo:.3f}–{hi:.3f}")
    return t


def position_table(result: Any) -> Table:
    """Wins by turn-order position (1 = the seat that started, a shared win 1/k), with 95%
    intervals (:func:`roses.sim.stats.credit_interval`) and the fair share: the start player is drawn each game, so the seats' table does not say whether
    starting helps (issue 45)."""
    fair = sum(result.wins_by_position) / (result.games * result.players)  # 1/players of the games won
    t = Table(title="By turn order (1 = started)", title_justify="left",
              caption=f"The start player is drawn each game; a shared win counts 1/k for each of its k "
                      f"winners. Fair share {fair:.3f}.")
    for c in ("position", "wins", "win rate", "95% CI"):
        t.add_column(c, justify="right")
    for p, (w, (lo, hi)) in enumerate(zip(result.wins_by_position, result.position_ci95)):
        t.add_row(str(p + 1), f"{w:.2f}".rstrip("0").rstrip("."), f"{w / result.games:.3f}", f"{lo:.3f}–{hi:.3f}")
    return t


@app.command()
def tournament(
    game: str = GameArg,
    bots: str = typer.Option(..., help="Comma-separated bots to compare (at least two, each once), e.g. heuristic,random,ismcts."),
    games_: int = typer.Option(100, "--games", "-g", min=1, help="Number of games (rounded up to a multiple of the number of bots)."),
    players: Optional[int] = typer.Option(None, "--players", "-n", help="Number of seats."),
    seed: int = typer.Option(0, help="Seed of the tournament: same seed, same result."),
    param: list[str] = ParamOpt,
    workers: Optional[int] = typer.Option(None, min=1, help="Worker processes (default: all local cores; results do not depend on it)."),
    csv_path: Optional[Path] = typer.Option(None, "--csv", help="Also write one CSV row per game (seed, line-up, returns, scores), each as soon as it is played."),
    resume: bool = typer.Option(False, "--resume", help="Keep the games already in the --csv file (an interrupted run of the same tournament) and play only the rest."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object on stdout."),
) -> None:
    """Bots against each other, every bot in every seat equally often: win rate per bot with 95%
    confidence intervals and an openskill rating."""
    import os

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

    from rich import box

    from roses.sim.tournament import RATING_PASSES, append_csv, balanced_games, read_csv, run_tournament, write_csv

    g = _load(game, players, param)
    names = [b.strip() for b in bots.split(",")]
    for b in names:
        if b not in agent_names(g):
            _fail(f"unknown bot {quoted(b)} for {g.name}; known: {', '.join(agent_names(g))}")
    if len(names) < 2 or len(set(names)) != len(names):
        _fail(f"--bots takes at least two different bots, got {quoted(bots)}")
    if g.num_players < 2:
        _fail(f"a tournament needs at least 2 seats ({g.title} with {counted(g.num_players, 'player')}); "
              "compare solo bots with `roses simulate`")
    if csv_path is not None and (csv_path.is_dir() or not csv_path.parent.is_dir()):
        _fail(f"--csv {csv_path}: not a file in an existing folder")  # before the run, not after it
    if resume and csv_path is None:
        _fail("--resume needs --csv: the file of the interrupted run")
    total = balanced_games(games_, len(names))
    if total != games_:
        err.print(f"{counted(games_, 'game')} rounded up to {total}: every bot in every seat equally often")
    done = []
    if resume:
        try:
            done = read_csv(csv_path, g.num_players)
            csv_path.write_text("")  # without a row an interruption cut short
            append_csv(sorted(done, key=lambda d: d.index), csv_path, g.num_players)
        except (OSError, ValueError) as e:
            _fail(f"--csv {csv_path}: cannot resume ({getattr(e, 'strerror', None) or e})")
        err.print(f"{counted(len(done), 'game')} already played in {csv_path}")
    elif csv_path is not None:
        try:
            csv_path.write_text("")  # this run's games are appended as they finish
        except OSError as e:
            _fail(f"--csv {csv_path}: cannot write ({e.strerror or e})")
    progress = Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TimeRemainingColumn(), console=err)
    with progress:
        task = progress.add_task(f"{g.title} tournament", total=total)
        try:
            progress.advance(task, sum(1 for d in done if d.index < total))
            result = run_tournament(
                g.name, dict(g.params), names, games_, seed=seed, workers=workers or os.cpu_count() or 1,
                progress=lambda k: progress.advance(task, k), done=done,
                on_games=None if csv_path is None else lambda part: append_csv(part, csv_path, g.num_players))
        except (GameParameterError, ValueError) as e:
            _fail(str(e))
    if as_json:
        print(json.dumps(result.to_json()))
    else:
        title = (f"{g.title} tournament: {counted(result.games, 'game')}, {counted(result.players, 'player')}, "
                 f"seed {result.seed}")
        scored = result.standings[0].mean_score is not None
        with_elo = result.standings[0].elo is not None
        each = {b.games for b in result.standings}
        same = len(each) == 1  # seats rotated: every bot plays as many games (said once, in the title)
        if same:
            title += f"; each bot played {counted(each.pop(), 'game')}"
        t = Table(title=title, box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), pad_edge=False)
        for c in ("bot",) + (() if same else ("games",)) + ("wins", "win rate", "95% CI") + (("score",) if scored else ()) + (
                "mu", "sigma", "ordinal") + (("Elo",) if with_elo else ()):
            # numbers never cut short ("0.342–1…" at 80 columns): the bot column wraps instead
            t.add_column(c, justify="left" if c == "bot" else "right", no_wrap=c != "bot",
                         overflow="fold" if c == "bot" else "ellipsis", min_width=9 if c == "95% CI" else None)
        for b in result.ranked():
            lo, hi = b.ci95
            t.add_row(b.bot, *(() if same else (str(b.games),)), f"{b.wins:.2f}".rstrip("0").rstrip("."), f"{b.win_rate:.3f}",
                      f"{lo:.2f}–{hi:.2f}", *((f"{b.mean_score:.2f}",) if scored else ()),
                      f"{b.mu:.1f}", f"{b.sigma:.1f}", f"{b.ordinal:.1f}", *((f"{b.elo:.0f}",) if with_elo else ()))
        console.print(t)
        console.print(f"Rating: openskill {result.model}, mean over {RATING_PASSES} orders of the games; "
                      "ordinal = mu − 3·sigma. A shared win counts 1/k."
                      + (" Elo: OpenSpiel's fit to every pair of bots at each table." if with_elo else "")
                      + (" Score: mean per seat." if scored else ""))
        console.print("Seats per bot: " + "; ".join(f"{b.bot} {'/'.join(map(str, b.seats))}" for b in result.standings)
                      + f"; {result.seconds:.1f} s")
    if csv_path is not None:
        try:
            err.print(f"CSV saved: {write_csv(result, csv_path)}")  # rewritten in game order
        except OSError as e:
            _fail(f"--csv {csv_path}: cannot write ({e.strerror or e})")

