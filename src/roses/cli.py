"""The ``roses`` command line: play, replay, simulate, serve (Typer + Rich).

Everything here goes through the game core and the registry, so every registered game works the
same way; a game contributes only its ``SPEC.render`` for the terminal.
"""
from __future__ import annotations

import json
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.pretty import Pretty
from rich.table import Table

from roses.agents import Turn, agent_names, make_agent
from roses.core import (GameParameterError, GameRecord, IllegalActionError, RecordError, RosesError, State, available_games,
                        get_spec, load, to_jsonable)
from roses.core.record import initial_state

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Play, study and playtest four rose-themed tabletop games.")
console = Console()
err = Console(stderr=True, soft_wrap=True)  # error lines stay whole (paths can be copied)

GameArg = typer.Argument(..., help="Game name, e.g. roses-and-thorns (see `roses games`).")
ParamOpt = typer.Option([], "--param", "-p",
                        help="Game parameter NAME=VALUE (repeatable), e.g. -p quick_game=true; NAME=@FILE reads the value from a file.")


def _fail(message: str) -> None:
    err.print(f"[bold red]error:[/] {escape(message)}")
    raise typer.Exit(2)


def _params(players: Optional[int], pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            _fail(f"--param takes NAME=VALUE, got {pair!r}")
        k, v = pair.split("=", 1)
        if v.startswith("@"):  # NAME=@file: the file's text (e.g. a deck as JSON)
            try:
                v = Path(v[1:]).read_text()
            except OSError as e:
                _fail(f"--param {k}: cannot read {v[1:]!r}: {e.strerror}")
        out[k.strip().replace("-", "_")] = v
    if players is not None:
        out["players"] = players
    return out


def _load(game: str, players: Optional[int], pairs: list[str]):
    try:
        return load(game, **_params(players, pairs))
    except RosesError as e:
        _fail(str(e))


def render(state: State, seat: Optional[int]):
    """The game's own renderer of ``seat``'s observation, or a generic pretty print."""
    obs = state.observation(seat)
    if state.game.spec.render is not None:
        return state.game.spec.render(obs)
    data = to_jsonable(obs)
    data.pop("log", None)
    return Pretty(data)


def _names(n: int, humans: set[int], bots: list[str]) -> list[str]:
    return ["human" if s in humans else f"bot:{bots[s]}" for s in range(n)]


@app.command()
def games() -> None:
    """List the games and their parameters."""
    for name in available_games():
        spec = get_spec(name)
        t = Table(title=f"{spec.title} ({name}) — {spec.min_players}–{spec.max_players} players", title_justify="left")
        for c in ("parameter", "default", "meaning", "rule"):
            t.add_column(c)
        for p in spec.params:
            default = "(data)" if p.type is object else repr(p.default)
            t.add_row(p.name, escape(default), escape(p.help), escape(p.cite))
        console.print(t)
        console.print(f"  bots: {', '.join(agent_names(load(name)))}\n")


@app.command()
def rules(game: str = GameArg,
          implementation: bool = typer.Option(False, "--implementation",
                                              help="The rules as implemented (rulebook → ruling → code → test) instead.")) -> None:
    """How to play a game (or, with --implementation, how each rule is implemented)."""
    from rich.markdown import Markdown

    try:
        spec = get_spec(game)
    except RosesError as e:
        _fail(str(e))
    folder = "rules" if implementation else "howto"
    here = Path(__file__).resolve().parent
    for base in (here / "server" / folder, here.parents[1] / "docs" / folder):
        page = base / f"{spec.name}.md"
        if page.is_file():
            console.print(Markdown(page.read_text()))
            return
    _fail(f"no {folder} page for {spec.name}")


@app.command()
def play(
    game: str = GameArg,
    players: Optional[int] = typer.Option(None, "--players", "-n", help="Number of seats."),
    bots: str = typer.Option("heuristic", help="Comma-separated bots for the other seats (last one repeats)."),
    seat: int = typer.Option(0, help="Your seat (0-based)."),
    watch: bool = typer.Option(False, "--watch", help="Bots play every seat; you watch."),
    seed: Optional[int] = typer.Option(None, help="Seed of the game's RNG (default: random)."),
    param: list[str] = ParamOpt,
    records: Path = typer.Option(Path("records"), help="Folder where the game record is saved."),
    delay: float = typer.Option(0.0, min=0.0, help="Seconds to pause after each bot move."),
) -> None:
    """Play a game in the terminal against bots (or watch bots play)."""
    g = _load(game, players, param)
    try:  # before the game, so a bad folder never costs a finished game's record
        records.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        _fail(f"--records {records}: cannot use this folder ({e.strerror})")
    n = g.num_players
    if not watch and not 0 <= seat < n:
        _fail(f"--seat must be 0..{n - 1}")
    humans = set() if watch else {seat}
    names = [b.strip() for b in bots.split(",") if b.strip()] or ["heuristic"]
    # The k-th bot seat takes the k-th name (the last one repeats); a human seat's entry is unused.
    seat_bots = [names[0]] * n
    for k, s in enumerate(t for t in range(n) if t not in humans):
        seat_bots[s] = names[min(k, len(names) - 1)]
    try:
        agents = {s: make_agent(seat_bots[s], g, (seed or 0) * 100 + s) for s in range(n) if s not in humans}
    except ValueError as e:
        _fail(str(e))
    state = g.new_initial_state(seed)
    viewer = None if watch else seat
    console.rule(f"{g.title} — {n} player{'s' if n != 1 else ''}, seed {state.seed}")
    bot_list = ", ".join(f"seat {s} {b}" for s, b in enumerate(seat_bots) if s not in humans)
    console.print("You are " + ("watching." if watch else f"seat {seat}.") + (f" Bots: {bot_list}." if bot_list else ""))
    shown = 0
    try:
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance())
            elif state.current_player() in humans:
                shown = _print_log(state, viewer, shown)
                console.print(render(state, viewer))
                state.apply(_ask(state))
            else:
                s = state.current_player()
                state.apply(agents[s].act(Turn.of(state)))
                if delay:
                    shown = _print_log(state, viewer, shown)
                    time.sleep(delay)
            if watch and not delay:
                shown = _print_log(state, viewer, shown)
    except (KeyboardInterrupt, EOFError):
        console.print("\n[yellow]Game stopped.[/]")
    _print_log(state, viewer, shown)
    console.print(render(state, viewer))
    if state.is_terminal():
        rets = state.returns()
        winners = [s for s, r in enumerate(rets) if r > 0]
        console.print(f"[bold green]Game over.[/] Winner(s): {', '.join(f'seat {s}' for s in winners)}"
                      + ("" if watch else ("  — you win!" if seat in winners else "  — you lose.")))
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    try:
        path = GameRecord.from_state(state, _names(n, humans, seat_bots)).save(records / f"{g.name}-{stamp}-{state.seed}.json")
    except OSError as e:
        _fail(f"could not save the record in {records}: {e.strerror}")
    console.print(f"Record saved: {path}   (replay it with `roses replay {path}`)", markup=False)


def _print_log(state: State, seat: Optional[int], shown: int) -> int:
    lines = state.log.view(seat)
    for line in lines[shown:]:
        console.print(f"  · {line}")
    return len(lines)


def _ask(state: State):
    """Number the legal actions and read a choice (number or text form) until one is legal."""
    legal = state.legal_actions()
    console.print("[bold]Your move:[/] " + "   ".join(f"[cyan]{i}[/]) {a}" for i, a in enumerate(legal, 1)))
    while True:
        answer = console.input("[bold]> [/]").strip()
        if answer.lower() in ("q", "quit", "exit"):
            raise KeyboardInterrupt
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        try:
            return state.action_from_text(answer)
        except IllegalActionError as e:
            reason = "" if e.rule == "legal actions" else f" {e.message} [{e.rule}]."
            console.print(f"[red]{escape(repr(answer))} is not a legal move.[/]{escape(reason)} Type a number from 1 to "
                          f"{len(legal)}, the move's text, or q to stop.")
        except RosesError as e:
            console.print(f"[red]{escape(str(e))}[/]")


@app.command()
def replay(
    file: Path = typer.Argument(..., help="A game record (JSON) saved by `roses play`, the server or a simulation."),
    seat: Optional[int] = typer.Option(None, help="Show the game as this seat saw it (default: spectator view)."),
    step: Optional[bool] = typer.Option(None, "--step/--no-step",
                                        help="Wait for Enter after each action (default: when run in a terminal)."),
    reveal: bool = typer.Option(False, "--reveal", help="Also print every seat's exact action (the full record, hidden cards included)."),
) -> None:
    """Step through a recorded game, action by action, and check that it replays to its result.

    Without --reveal you see what the chosen seat (or a spectator) saw: its own actions and the log."""
    try:
        record = GameRecord.load(file)
        state = initial_state(record)
    except RosesError as e:
        _fail(str(e))
    n = state.num_players
    if seat is not None and not 0 <= seat < n:
        _fail(f"--seat must be 0..{n - 1}")
    interactive = sys.stdin.isatty() if step is None else step
    console.rule(f"Replay of {state.game.title} — seed {record.seed}, {len(record.actions)} actions, engine {record.engine_version}")
    shown = 0
    for i, (who, text) in enumerate(record.actions):
        try:
            state.apply(state.action_from_text(text))
        except RosesError as e:
            _fail(f"step {i}: {e}")
        if who < 0 and not reveal:
            continue  # chance outcomes show through the log
        label = record.players[who] if 0 <= who < len(record.players) else ("chance" if who < 0 else "")
        if reveal or who == seat:
            console.print(f"[bold]{i:4d}[/] seat {who} {escape(label)}: [cyan]{escape(text)}[/]")
        else:
            console.print(f"[bold]{i:4d}[/] seat {who} {escape(label)} moves")
        shown = _print_log(state, seat, shown)
        if interactive:
            console.print(render(state, seat))
            answer = console.input("[dim]Enter: next · q: quit[/] ").strip().lower()
            if answer == "q":
                return
    console.print(render(state, seat))
    got = {"returns": state.returns(), "terminal": state.is_terminal()}
    if got["returns"] != record.result.get("returns") or got["terminal"] != record.result.get("terminal"):
        _fail(f"replay gives {got}, the record says {record.result}")
    ended = "" if state.is_terminal() else " (the game was stopped before its end)"
    console.print(f"[green]Replay verified:[/] returns {got['returns']}{ended}")


@app.command()
def simulate(
    game: str = GameArg,
    games_: int = typer.Option(100, "--games", "-g", min=1, help="Number of games."),
    players: Optional[int] = typer.Option(None, "--players", "-n", help="Number of seats."),
    bots: str = typer.Option("random", help="Comma-separated bots, one per seat (the last repeats)."),
    seed: int = typer.Option(0, help="Seed of the batch: same seed, same result."),
    param: list[str] = ParamOpt,
    workers: int = typer.Option(1, min=1, help="Worker processes (results do not depend on it)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object on stdout."),
    plot: Optional[Path] = typer.Option(None, help="Also save a balance figure (seat advantage, game length): .png/.svg/.pdf."),
) -> None:
    """Play many bot games; print wins per seat with 95% confidence intervals and game length."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

    from roses.sim.batch import run_batch, wilson

    g = _load(game, players, param)
    names = [b.strip() for b in bots.split(",")]
    for b in names:
        if b not in agent_names(g):
            _fail(f"unknown bot {b!r} for {g.name}; known: {', '.join(agent_names(g))}")
    progress = Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TimeRemainingColumn(), console=err)
    with progress:
        task = progress.add_task(f"{g.title}", total=games_)
        try:
            result = run_batch(g.name, dict(g.params), names, games_, seed, workers=workers,
                               progress=lambda k: progress.advance(task, k))
        except (GameParameterError, ValueError) as e:
            _fail(str(e))
    if plot is not None:
        from roses.sim.plots import plot_batch

        err.print(f"Balance figure saved: {plot_batch(result, plot)}")
    if as_json:
        print(json.dumps(result.to_json()))
        return
    t = Table(title=f"{g.title}: {games_} games, {result.players} players, seed {seed}")
    for c in ("seat", "bot", "wins", "win rate", "95% CI"):
        t.add_column(c, justify="right")
    for s in range(result.players):
        lo, hi = result.ci95[s]
        t.add_row(str(s), result.bots[s], f"{result.wins_per_seat[s]:.2f}".rstrip("0").rstrip("."), f"{result.win_rate[s]:.3f}", f"{lo:.3f}–{hi:.3f}")
    console.print(t)
    if result.mean_scores is not None:
        console.print("Mean score per seat: " + ", ".join(
            f"{s}: {m:.2f} (sd {d:.2f})" for s, (m, d) in enumerate(zip(result.mean_scores, result.sd_scores))))
    for tag, counts in result.outcomes.items():
        console.print(f"{tag}: " + ", ".join(f"{v} {c} ({c / games_:.3f}, 95% CI {wilson(c, games_)[0]:.3f}–"
                                             f"{wilson(c, games_)[1]:.3f})" for v, c in counts.items()))
    console.print(f"Mean game length: {result.mean_actions:.1f} seat actions (sd {result.sd_actions:.1f}); "
                  f"{result.seconds:.1f} s, {games_ / max(result.seconds, 1e-9):.0f} games/s")


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Interface to listen on."),
    port: int = typer.Option(8000, min=1, max=65535, help="TCP port."),
    database_url: Optional[str] = typer.Option(
        None, help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db (default: SQLite in --data-dir)."),
    data_dir: Path = typer.Option(Path("data"), help="Folder for the SQLite database and records."),
    bot_delay_ms: int = typer.Option(400, min=0, help="Pause before each bot move, in milliseconds."),
) -> None:
    """Run the browser table (FastAPI on uvicorn)."""
    from roses.server import ServeError, run

    try:  # the options, the port and the database are checked before anything starts
        run(host=host, port=port, database_url=database_url, data_dir=data_dir, bot_delay_ms=bot_delay_ms)
    except ServeError as e:
        err.print(f"[bold red]error:[/] {escape(str(e))}")
        raise typer.Exit(e.exit_code) from None


def main() -> None:  # console-script entry point
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
