"""The ``roses`` command line: play, replay, simulate, serve (Typer + Rich).

Everything here goes through the game core and the registry, so every registered game works the
same way; a game contributes only its ``SPEC.render`` for the terminal.
"""
from __future__ import annotations

import json
import math
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
from typer.core import TyperCommand, TyperGroup

from roses.agents import Turn, agent_names, make_agent, tell_table
from roses.core import (GameParameterError, GameRecord, IllegalActionError, RecordError, RosesError, State, available_games,
                        get_spec, load, to_jsonable)
from roses.core.errors import quoted
from roses.core.log import as_read_by
from roses.core.plain import NOT_A_MOVE, NOT_NOW, plain_line, refusal, seat_name
from roses.menu import Menu
from roses.core.talk import check_talk
from roses.say import is_say, parse_say, said_line, usage_line
from roses.core.record import initial_state, replay_steps, verify_result
from roses.core.words import counted


def _bare_flags(params: list[Any]) -> list[Any]:
    """Typer 0.29's Rich help prints a value type after every flag ("--watch <bool>", even
    "--help <bool>") though a flag takes no value; an empty metavar leaves the type column blank."""
    for p in params:
        if getattr(p, "is_flag", False) and p.metavar is None:
            p.metavar = ""
    return params


class _Command(TyperCommand):
    def get_params(self, ctx: Any) -> list[Any]:
        return _bare_flags(super().get_params(ctx))


class _Group(TyperGroup):
    def get_params(self, ctx: Any) -> list[Any]:
        return _bare_flags(super().get_params(ctx))


app = typer.Typer(add_completion=False, no_args_is_help=True, cls=_Group,
                  help="Play, study and playtest four rose-themed tabletop games.")
# emoji=False: a user's text such as ":x:" in a parameter or a file name must print as typed.
console = Console(emoji=False)
err = Console(stderr=True, soft_wrap=True, emoji=False)  # error lines stay whole (paths can be copied)

GameArg = typer.Argument(..., help="Game name, e.g. roses-and-thorns (see `roses games`).")
ParamOpt = typer.Option([], "--param", "-p",
                        help="Game parameter NAME=VALUE (repeatable), e.g. -p quick_game=true; NAME=@FILE reads the value from a file.")


def _fail(message: str) -> None:
    err.print(f"[bold red]error:[/] {escape(message)}")
    raise typer.Exit(2)


def _params(players: Optional[int], pairs: list[str]) -> dict[str, Any]:
    """The game parameters of ``--players`` and ``-p NAME=VALUE`` pairs (``NAME=@FILE``: the file's
    text). Fails (exit 2) on a malformed pair, an unreadable file, or ``--players`` and
    ``-p players=`` that disagree."""
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            _fail(f"--param takes NAME=VALUE, got {quoted(pair)}")
        k, v = pair.split("=", 1)
        if v.startswith("@"):  # NAME=@file: the file's text (e.g. a deck as JSON)
            try:
                v = Path(v[1:]).read_text()
            except (OSError, UnicodeDecodeError) as e:
                _fail(f"--param {k}: cannot read {quoted(v[1:])}: {getattr(e, 'strerror', None) or e}")
        out[k.strip().replace("-", "_")] = v
    if players is not None:
        given = out.get("players")
        if given is not None and str(given).strip().lstrip("+0") != str(players).lstrip("0"):
            _fail(f"--players {players} and -p players={quoted(given)[1:-1]} disagree: give the number of seats once")
        out["players"] = players
    return out


def _load(game: str, players: Optional[int], pairs: list[str]):
    try:
        return load(game, **_params(players, pairs))
    except RosesError as e:
        _fail(str(e))


def _seat_option(seat: int, n: int) -> int:
    """A ``--seat`` as players count seats (1..n) → the engine's seat index (0..n-1). 0, the
    numbering of older versions, still means the first seat (with a note). Exits 2 otherwise."""
    if not 0 <= seat <= n:
        _fail(f"--seat must be 1..{n} (seats count from 1)")
    if seat == 0:
        err.print("Note: seats count from 1 now; --seat 0 is read as seat 1.")
    return max(seat - 1, 0)


def _player_label(player: str) -> str:
    """A record's player ("human", "bot:heuristic", a name) as players read it."""
    from roses.server.views import bot_label

    if player == "human":
        return ""
    if player.startswith("bot:"):
        return f"({bot_label(player[4:])} bot)"
    return f"({player})"


def render(state: State, seat: Optional[int]):
    """The game's own renderer of ``seat``'s observation, or a generic pretty print."""
    obs = state.observation(seat)
    render = state.game.spec.renderer()
    if render is not None:
        return render(obs)
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
    bots: Optional[str] = typer.Option(None, help="Comma-separated bots for the other seats (last one repeats); default: heuristic."),
    seat: int = typer.Option(1, help="Your seat, counted from 1 as shown (0 still means the first seat)."),
    watch: bool = typer.Option(False, "--watch", help="Bots play every seat; you watch."),
    seed: Optional[int] = typer.Option(None, help="Seed of the game's RNG (default: random)."),
    param: list[str] = ParamOpt,
    records: Path = typer.Option(Path("records"), help="Folder where the game record is saved."),
    delay: float = typer.Option(0.0, min=0.0, help="Seconds to pause after each bot move."),
    confirm: Optional[bool] = typer.Option(None, "--confirm/--no-confirm",
                                           help="Ask before a bid or a play that can't be taken back (default: on in a terminal, off for piped input)."),
) -> None:
    """Play a game in the terminal against bots (or watch bots play)."""
    g = _load(game, players, param)
    try:  # before the game, so a bad folder never costs a finished game's record
        records.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        _fail(f"--records {records}: cannot use this folder ({e.strerror})")
    n = g.num_players
    if not watch:
        seat = _seat_option(seat, n)  # 0-based from here on
    humans = set() if watch else {seat}
    names = [b.strip() for b in (bots or "").split(",") if b.strip()] or ["heuristic"]
    if bots is not None and len(names) > n - len(humans):  # as `simulate` refuses more bots than seats
        _fail(f"{counted(len(names), 'bot')} given for {counted(n - len(humans), 'bot seat')}"
              + ("" if watch else f" ({counted(n, 'seat')}, one of them yours)"))
    # The k-th bot seat takes the k-th name (the last one repeats); a human seat's entry is unused.
    seat_bots = [names[0]] * n
    for k, s in enumerate(t for t in range(n) if t not in humans):
        seat_bots[s] = names[min(k, len(names) - 1)]
    try:
        agents = {s: make_agent(seat_bots[s], g, (seed or 0) * 100 + s) for s in range(n) if s not in humans}
    except ValueError as e:
        _fail(str(e))
    tell_table(agents, [None if s in humans else seat_bots[s] for s in range(n)])
    state = g.new_initial_state(seed)
    viewer = None if watch else seat
    console.rule(f"{g.title} — {n} player{'s' if n != 1 else ''}, seed {state.seed}")
    bot_list = ", ".join(f"{seat_name(s)} {_player_label('bot:' + b)}" for s, b in enumerate(seat_bots)
                         if s not in humans)  # "Seat 2 (Hard search bot)", not the engine's name
    console.print("You are " + ("watching." if watch else f"{seat_name(seat)}.") + (f" Bots: {bot_list}." if bot_list else ""))
    shown = 0
    menu = Menu()
    confirm = sys.stdin.isatty() if confirm is None else confirm
    talk: list = []  # table talk (roses.core.talk): the bots hear it, nothing enforces it
    try:
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance())
            elif state.current_player() in humans:
                shown = _print_log(state, viewer, shown)
                console.print(render(state, viewer))
                state.apply(_ask(state, menu, seat, confirm, talk))
            else:
                s = state.current_player()
                said = _bot_says(state, agents[s], talk)
                if said is not None:  # after what happened so far, before the bot's move
                    shown = _print_log(state, viewer, shown)
                    console.print(f"  [magenta]» {escape(said_line(said, g.spec.talk, viewer))}[/]")
                state.apply(agents[s].act(Turn.of(state, tuple(talk))))
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
        text = end_text(state, None if watch else seat)
        console.print("[bold green]Game over.[/]" + escape(text.removeprefix("Game over.")))
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    try:
        path = GameRecord.from_state(state, _names(n, humans, seat_bots)).save(
            _free_path(records, f"{g.name}-{stamp}-{state.seed}"))
    except OSError as e:
        _fail(f"could not save the record in {records}: {e.strerror}")
    console.print(f"Record saved: {path}   (replay it with `roses replay {path}`)", markup=False)


def end_text(state: State, seat: Optional[int]) -> str:
    """The end line of a finished game for ``seat`` (``None``: a spectator).

    With others: the winners, and whether ``seat`` won. Alone (a one-seat game has nobody to
    beat): the final score against the game's yardstick (``GameSpec.solo_goal``), never "you win".
    Games with their own score (``State.scores``) also list every seat's score."""
    spec = state.game.spec
    scores = state.scores()
    if state.num_players == 1:
        score = f"Final score: {spec.format_score(scores[0])}." if scores is not None else "The game is over."
        return f"Game over. {score}" + (f" {spec.solo_goal}." if spec.solo_goal else "")
    winners = [s for s, r in enumerate(state.returns()) if r > 0]
    text = (f"Game over. {'Winner' if len(winners) == 1 else 'Winners'}: "
            + ", ".join(f"seat {s}" for s in winners))
    if scores is not None:
        text += " (scores: " + ", ".join(f"seat {s} {spec.format_score(x)}" for s, x in enumerate(scores)) + ")"
    text = as_read_by(text, seat)  # seats counted from 1, the reader's own marked "(you)"
    if seat is not None:
        text += " — you win!" if seat in winners else " — you lose."
    return text


def _print_log(state: State, seat: Optional[int], shown: int) -> int:
    lines = state.log.view(seat)
    for line in lines[shown:]:
        line = plain_line(line)  # seats counted from 1, as the browser shows them
        console.print(f"  · {escape(line[:1].upper() + line[1:])}")  # a sentence, as the browser shows it
    return len(lines)


def _pending_input() -> bool:
    """Whether the player has typed ahead: a line waits on a terminal's standard input (never
    for piped input, which is a script answering each prompt in turn)."""
    try:
        if not sys.stdin.isatty():
            return False
        import select

        return bool(select.select([sys.stdin], [], [], 0)[0])
    except (OSError, ValueError):
        return False


def _bot_says(state: State, agent: Any, talk: list) -> Any:
    """The statement a bot with ``speak`` makes before it moves (added to ``talk``), or ``None``."""
    speak = getattr(agent, "speak", None)
    said = speak(Turn.of(state, tuple(talk)), tuple(talk)) if speak is not None else None
    if said is not None:
        talk.append(check_talk(state.game.spec.talk, state.num_players, said))
    return said


def _ask(state: State, menu: Menu, seat: int, confirm: bool = False, talk: Optional[list] = None):
    """Number the legal actions in plain words (with prices and values) and read a choice until
    one is legal: a number of this prompt (``roses.menu``: numbers typed for an earlier prompt are
    refused), or the move's text; with ``confirm``, a bid or a play only after "Play it?". With
    ``talk`` (a list), ``say …`` makes a table-talk statement (:mod:`roses.say`) and asks again."""
    legal = state.legal_actions()
    texts = [str(a) for a in legal]
    spec = state.game.spec
    obs = to_jsonable(state.observation(seat))
    labels = [spec.describe_action(obs, t) for t in texts]
    ahead = _pending_input()  # checked before the menu is shown: what waits was typed for another
    letter = menu.open(texts)
    console.print("[bold]Your move:[/] " + "   ".join(
        f"[cyan]{letter}{i}[/]) {escape(label)}" for i, label in enumerate(labels, 1)))
    hint = f"Type a number from 1 to {len(legal)} (or {menu.choices()}), the move's text, or q to stop."
    if talk is not None and spec.talk.kinds:
        hint += " Or say something: " + usage_line(spec.talk).removeprefix("Table talk: ")
        if menu.prompts == 1:  # once a game: how to talk
            console.print(f"[dim]{escape(usage_line(spec.talk))}[/]")
    while True:
        answer = console.input(f"[bold]{letter}> [/]").strip()
        if talk is not None and is_say(answer):
            try:
                said = parse_say(answer, spec.talk, state.num_players, seat, len(state.history))
            except RosesError as e:
                console.print(f"[red]{escape(getattr(e, 'message', str(e)))}[/]")
                continue
            talk.append(said)
            console.print(f"  [magenta]» {escape(said_line(said, spec.talk, seat))}[/]")
            continue
        meaning = menu.read(answer, ahead)
        ahead = False
        if meaning.quit:
            raise KeyboardInterrupt
        if meaning.message is not None:
            console.print(f"[red]{escape(meaning.message)}[/] {hint}")
            continue
        if meaning.index is not None:
            action = legal[meaning.index]
        else:
            try:
                action = state.action_from_text(answer)
            except IllegalActionError as e:
                console.print(f"[red]{escape(_refusal(answer, e))}[/] {hint}")
                continue
            except RosesError as e:
                console.print(f"[red]{escape(str(e))}[/]")
                continue
        if confirm and spec.irreversible(str(action)):
            label = spec.describe_action(obs, str(action))
            sure = console.input(f"{escape(label)}: this can't be taken back. Play it? [Y/n] ").strip().lower()
            if sure not in ("", "y", "yes"):
                console.print("Not played. " + hint)
                continue
        return action


def _refusal(answer: str, e: IllegalActionError) -> str:
    """Why a typed move is refused, in plain words: the typed text quoted once, then the game's
    reason (:func:`roses.core.plain.refusal`: no ruling id, no action syntax; the rule stays in
    ``e.rule``), unless it has none beyond "not possible now" (the legal moves are listed above)."""
    why = refusal(e)
    said = f"{quoted(answer)} is not a legal move."
    return said if why in (NOT_NOW, NOT_A_MOVE) else f"{said} {why}"


@app.command()
def replay(
    file: Path = typer.Argument(..., help="A game record (JSON) saved by `roses play`, the server or a simulation."),
    seat: Optional[int] = typer.Option(None, help="Show the game as this seat saw it, counted from 1 (default: spectator view)."),
    step: Optional[bool] = typer.Option(None, "--step/--no-step",
                                        help="Wait for Enter after each action (default: when run in a terminal)."),
    reveal: bool = typer.Option(False, "--reveal", help="Also print every seat's exact action (the full record, hidden cards included)."),
) -> None:
    """Step through a recorded game, action by action, and check that it replays to its result.

    Without --reveal you see what the chosen seat (or a spectator) saw: its own actions and the log."""
    try:
        record = GameRecord.load(file)
        steps = replay_steps(record)  # checks each step's seat and action (the core's one check)
        state = initial_state(record)  # the start, for the seat count and a record of no actions
    except RosesError as e:
        _fail(str(e))
    n = state.num_players
    if seat is not None:
        seat = _seat_option(seat, n)
    interactive = sys.stdin.isatty() if step is None else step
    console.rule(f"Replay of {state.game.title} — seed {record.seed}, {counted(len(record.actions), 'action')}, "
                 f"engine {record.engine_version}")
    shown = 0
    while True:
        try:
            i, who, text, state = next(steps)
        except StopIteration:
            break
        except RosesError as e:
            _fail(str(e))
        if who < 0 and not reveal:
            continue  # chance outcomes show through the log
        if who < 0:
            mover = "Chance"
        else:
            label = _player_label(record.players[who]) if who < len(record.players) else ""
            mover = f"{seat_name(who)} {label}".strip()
        if reveal or who == seat:
            console.print(f"[bold]{i:4d}[/] {escape(mover)}: [cyan]{escape(text)}[/]")
        else:
            console.print(f"[bold]{i:4d}[/] {escape(mover)} moves")
        shown = _print_log(state, seat, shown)
        if interactive:
            console.print(render(state, seat))
            if not _next_step():
                return
    console.print(render(state, seat))
    try:
        verify_result(record, state)
    except RecordError as e:
        _fail(str(e))
    ended = "" if state.is_terminal() else " (the game was stopped before its end)"
    console.print(f"[green]Replay verified:[/] returns {state.returns()}{ended}")


@app.command()
def analyse(
    file: Path = typer.Argument(..., help="A game record (JSON) saved by `roses play`, the server or a simulation."),
    seat: int = typer.Option(..., help="The seat whose decisions to analyse, counted from 1."),
    bot: str = typer.Option("ismcts:expert", help="The search bot that judges (ismcts:hard is quicker)."),
    seed: int = typer.Option(0, help="Seed of the search: same seed, same analysis."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object on stdout."),
) -> None:
    """The strongest bot's view of one seat's game: at each of its decisions, its estimated
    chance to win with the best move, the move the bot prefers and the chance after the move
    played; the moves that gave up the most are marked. The bot knows only what the seat knew."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

    from roses.sim.analysis import analyse_record, worst

    try:
        record = GameRecord.load(file)
        state = initial_state(record)
    except RosesError as e:
        _fail(str(e))
    n = state.num_players
    seat = _seat_option(seat, n)  # the engine's index from here on (--json "seat" too)
    if bot not in agent_names(state.game) or not bot.startswith("ismcts"):
        known = ", ".join(b for b in agent_names(state.game) if b.startswith("ismcts"))
        _fail(f"--bot must be a search bot; known: {known}")
    progress = Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TimeRemainingColumn(), console=err)
    with progress:
        task = progress.add_task(f"analysing {seat_name(seat)}", total=None)
        try:
            decisions = analyse_record(record, seat, bot=bot, seed=seed,
                                       progress=lambda k, total: progress.update(task, completed=k, total=total))
        except (RosesError, ValueError) as e:
            _fail(str(e))
    marked = worst(decisions)
    if as_json:
        print(json.dumps({"game": record.game, "seat": seat, "bot": bot, "seed": seed,
                          "decisions": [d.to_json() for d in decisions],
                          "worst": [d.step for d in marked]}))
        return
    label = _player_label(record.players[seat]) if seat < len(record.players) else ""
    t = Table(title=f"{state.game.title}: {escape(f'{seat_name(seat)} {label}'.strip())}, judged by {bot}", box=None)
    for c in ("move", "played", "chance", "after", "bot prefers", ""):
        t.add_column(c, justify="right" if c in ("move", "chance", "after") else "left")
    worst_steps = {d.step for d in marked}
    for d in decisions:
        after = "?" if d.played_chance is None else f"{d.played_chance:.0%}"
        t.add_row(str(d.step + 1), escape(d.played_words or d.played), f"{d.chance:.0%}", after,
                  "" if d.best == d.played else escape(d.best_words or d.best),
                  "[red]◀ biggest drops[/]" if d.step in worst_steps else "")
    console.print(t)
    if not decisions:
        console.print("This seat had no real choice in the game.")
    for d in marked:
        console.print(f"Move {d.step + 1}: played {quoted(d.played_words or d.played)}, about {d.played_chance:.0%} to win; "
                      f"{quoted(d.best_words or d.best)} kept about {d.chance:.0%}.")
    console.print("Chance: the seat's estimated chance to win (a shared win counts 1/k), by the "
                  "bot's search from what the seat knew then; 'after': with the move played.")


def _next_step() -> bool:
    """Wait for Enter (True: show the next step) or q (False: stop); other input gets a hint."""
    while True:
        answer = console.input("[dim]Enter: next · q: quit[/] ").strip().lower()
        if answer == "":
            return True
        if answer in ("q", "quit", "exit"):
            return False
        console.print("[yellow]Press Enter for the next step, or type q to quit.[/]")


@app.command()
def simulate(
    game: str = GameArg,
    games_: int = typer.Option(100, "--games", "-g", min=1, help="Number of games."),
    players: Optional[int] = typer.Option(None, "--players", "-n", help="Number of seats."),
    bots: Optional[str] = typer.Option(None, help="Comma-separated bots, one per seat (the last repeats); "
                                       "default: the game's heuristic (random for a game without one)."),
    seed: int = typer.Option(0, help="Seed of the batch: same seed, same result."),
    param: list[str] = typer.Option([], "--param", "-p", help="Game parameter NAME=VALUE (repeatable); a sweep "
                                    "takes several values: players=3..6 or quick_game=true,false. NAME=@FILE reads a file."),
    workers: int = typer.Option(1, min=1, help="Worker processes (results do not depend on it)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object on stdout."),
    plot: Optional[Path] = typer.Option(None, help="Also save a balance figure (seat advantage, game length): .png/.svg/.pdf."),
    out: Optional[Path] = typer.Option(None, help="Write one row per game to a .parquet or .csv file (a sweep)."),
    backend: str = typer.Option("process", help="Where a sweep runs: process (this machine) or ray."),
    address: Optional[str] = typer.Option(None, help="Ray cluster address for --backend ray (default: a local Ray)."),
) -> None:
    """Play many bot games; print wins per seat with 95% confidence intervals and game length.

    With several values for a parameter or with --out, runs a sweep: every combination of the
    values (a cell), --games games each, one result row per game (see `roses report`)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

    from roses.sim.batch import run_batch, wilson
    from roses.sim.sweep import default_bot, parse_values

    try:
        axes = {k: parse_values(str(v))
                for k, v in _params(players, [p for p in param if not p.split("=", 1)[-1].startswith("@")]).items()}
    except ValueError as e:
        _fail(f"--param: {e}")
    if out is not None or any(len(v) > 1 for v in axes.values()) or backend != "process":
        _sweep(game, axes, param, bots, games_, seed, workers, out, backend, address)
        return
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
    if result.mean_scores is not None and result.players > 1:
        console.print("Mean score per seat: " + ", ".join(
            f"{s}: {m:.2f} (sd {d:.2f})" for s, (m, d) in enumerate(zip(result.mean_scores, result.sd_scores))))
    for tag, counts in result.outcomes.items():
        console.print(f"{tag}: " + ", ".join(f"{v} {c} ({c / games_:.3f}, 95% CI {wilson(c, games_)[0]:.3f}–"
                                             f"{wilson(c, games_)[1]:.3f})" for v, c in counts.items()))
    console.print(f"Mean game length: {result.mean_actions:.1f} seat actions (sd {result.sd_actions:.1f}); "
                  f"{result.seconds:.1f} s, {games_ / max(result.seconds, 1e-9):.0f} games/s")
    _save_plot(result, plot)


def _sweep(game: str, axes: dict[str, list[str]], pairs: list[str], bots: Optional[str], games_: int, seed: int,
           workers: int, out: Optional[Path], backend: str, address: Optional[str]) -> None:
    """`simulate` over a grid of cells: progress bar with ETA, a line per cell, rows to ``out``."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

    from roses.sim.results import check_results_path, write_results
    from roses.sim.sweep import expand_grid, plan, run_sweep

    if backend not in ("process", "ray"):
        _fail(f"--backend {backend}: use process or ray")
    if out is not None:
        try:
            check_results_path(out)
        except ValueError as e:
            _fail(f"--out {e}")
    files = _params(None, [p for p in pairs if p.split("=", 1)[-1].startswith("@")])  # NAME=@FILE: one value
    cells = [{**c, **files} for c in expand_grid(axes)]
    names = [b.strip() for b in bots.split(",")] if bots else None
    try:
        tasks = plan(game, cells, names, games_)
    except (RosesError, ValueError) as e:
        _fail(str(e))
    title = get_spec(game).title
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
    t = Table(title=f"{title}: {counted(len(rows), 'game')} in {counted(len(cells), 'cell')}, seed {seed}")
    for c in ("cell", "parameters", "first player wins", "mean length"):
        t.add_column(c, justify="right")
    for c, params in enumerate(cells):
        rs = [r for r in rows if r["cell"] == c]
        first = sum(1 for r in rs if any(r["positions"][s] == 0 for s in r["winners"])) / len(rs)
        t.add_row(str(c), ", ".join(f"{k}={v}" for k, v in params.items() if not k in files) or "defaults",
                  f"{first:.3f}" if rs[0]["players"] > 1 else "—",
                  f"{sum(r['actions'] for r in rs) / len(rs):.1f}")
    console.print(t)
    console.print(f"{seconds:.1f} s, {len(rows) / max(seconds, 1e-9):.0f} games/s")
    if out is not None:
        write_results(rows, out)
        err.print(f"Results saved: {out} (open with `roses report {out}`)")


@app.command()
def report(
    results: Path = typer.Argument(..., help="Results of `roses simulate --out` (.parquet or .csv)."),
    out: Path = typer.Option(Path("report.html"), help="Report file: .html (figures embedded) or .md."),
    format_: Optional[str] = typer.Option(None, "--format", help="html or md (default: from --out's extension)."),
) -> None:
    """Write a balance report of a sweep: win rate by turn-order position, game length, scores and
    how games end, for every cell, each with a finding in plain words."""
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
    text = render_html(rows) if fmt == "html" else render_markdown(rows)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text)
    except OSError as e:
        _fail(f"--out {out}: cannot write there ({e.strerror or e})")
    err.print(f"Report saved: {out}")


def _free_path(folder: Path, stem: str) -> Path:
    """``folder/stem.json``, or ``stem-2.json``, ``stem-3.json``… when taken: two games saved in
    the same second with the same seed keep both records."""
    path, k = folder / f"{stem}.json", 1
    while path.exists():
        k += 1
        path = folder / f"{stem}-{k}.json"
    return path


def _save_plot(result: Any, plot: Path | None) -> None:
    """Write the balance figure after the figures are printed, so a failing save loses nothing."""
    if plot is None:
        return
    from roses.sim.plots import plot_batch

    try:
        err.print(f"Balance figure saved: {plot_batch(result, plot)}")
    except OSError as e:
        _fail(f"--plot {plot}: cannot write the figure ({e.strerror or e})")


def summary_table(result: Any, spec: Any) -> Table:
    """The table of a batch (:class:`~roses.sim.batch.BatchResult`): wins per seat with 95% Wilson
    intervals; for a one-seat game (nobody to beat, so every game is a "win") the mean score
    with its standard deviation, range and 95% interval of the mean instead, and the game's
    yardstick (``GameSpec.solo_goal``) as the caption."""
    title = f"{spec.title}: {counted(result.games, 'game')}, {counted(result.players, 'player')}, seed {result.seed}"
    t = Table(title=title)
    if result.players == 1 and result.mean_scores is not None:
        scores = [r.scores[0] for r in result.results]
        m, sd = result.mean_scores[0], result.sd_scores[0]
        half = 1.96 * sd / math.sqrt(len(scores)) if scores else 0.0
        for c in ("seat", "bot", "mean score", "sd", "min–max", "95% CI of the mean"):
            t.add_column(c, justify="right")
        t.add_row("0", result.bots[0], f"{m:.1f}", f"{sd:.1f}",
                  f"{min(scores):g}–{max(scores):g}" if scores else "—", f"{m - half:.1f}–{m + half:.1f}")
        if spec.solo_goal:
            t.caption = spec.solo_goal
        return t
    for c in ("seat", "bot", "wins", "win rate", "95% CI"):
        t.add_column(c, justify="right")
    for s in range(result.players):
        lo, hi = result.ci95[s]
        t.add_row(str(s), result.bots[s], f"{result.wins_per_seat[s]:.2f}".rstrip("0").rstrip("."),
                  f"{result.win_rate[s]:.3f}", f"{lo:.3f}–{hi:.3f}")
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
    csv_path: Optional[Path] = typer.Option(None, "--csv", help="Also write one CSV row per game (seed, line-up, returns, scores)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object on stdout."),
) -> None:
    """Bots against each other, every bot in every seat equally often: win rate per bot with 95%
    confidence intervals and an openskill rating."""
    import os

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

    from rich import box

    from roses.sim.tournament import RATING_PASSES, balanced_games, run_tournament, write_csv

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
    total = balanced_games(games_, len(names))
    if total != games_:
        err.print(f"{counted(games_, 'game')} rounded up to {total}: every bot in every seat equally often")
    progress = Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TimeRemainingColumn(), console=err)
    with progress:
        task = progress.add_task(f"{g.title} tournament", total=total)
        try:
            result = run_tournament(g.name, dict(g.params), names, games_, seed=seed,
                                    workers=workers or os.cpu_count() or 1,
                                    progress=lambda k: progress.advance(task, k))
        except (GameParameterError, ValueError) as e:
            _fail(str(e))
    if as_json:
        print(json.dumps(result.to_json()))
    else:
        title = (f"{g.title} tournament: {counted(result.games, 'game')}, {counted(result.players, 'player')}, "
                 f"seed {result.seed}")
        t = Table(title=title, box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), pad_edge=False)
        scored = result.standings[0].mean_score is not None
        with_elo = result.standings[0].elo is not None
        for c in ("bot", "games", "wins", "win rate", "95% CI") + (("score",) if scored else ()) + (
                "mu", "sigma", "ordinal") + (("Elo",) if with_elo else ()):
            t.add_column(c, justify="left" if c == "bot" else "right")
        for b in result.ranked():
            lo, hi = b.ci95
            t.add_row(b.bot, str(b.games), f"{b.wins:.2f}".rstrip("0").rstrip("."), f"{b.win_rate:.3f}",
                      f"{lo:.3f}–{hi:.3f}", *((f"{b.mean_score:.2f}",) if scored else ()),
                      f"{b.mu:.2f}", f"{b.sigma:.2f}", f"{b.ordinal:.2f}", *((f"{b.elo:.0f}",) if with_elo else ()))
        console.print(t)
        console.print(f"Rating: openskill {result.model}, mean over {RATING_PASSES} orders of the games; "
                      "ordinal = mu − 3·sigma. A shared win counts 1/k."
                      + (" Elo: OpenSpiel's fit to every pair of bots at each table." if with_elo else "")
                      + (" Score: mean per seat." if scored else ""))
        console.print("Seats per bot: " + "; ".join(f"{b.bot} {'/'.join(map(str, b.seats))}" for b in result.standings)
                      + f"; {result.seconds:.1f} s")
    if csv_path is not None:
        try:
            err.print(f"CSV saved: {write_csv(result, csv_path)}")
        except OSError as e:
            _fail(f"--csv {csv_path}: cannot write ({e.strerror or e})")


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Interface to listen on."),
    port: int = typer.Option(8000, min=1, max=65535, help="TCP port."),
    database_url: Optional[str] = typer.Option(
        None, help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db (default: SQLite in --data-dir); "
                   "memory:// keeps tables in memory only (lost when the server stops)."),
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


for _info in app.registered_commands:  # every command's help without "<bool>" after flags
    if _info.cls in (None, TyperCommand):
        _info.cls = _Command


def main() -> None:  # console-script entry point
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
