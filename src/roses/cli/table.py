"""The terminal table: ``roses games``, ``rules``, ``play``, ``replay`` and ``analyse`` (a person
at the keyboard, seats by name, the game's own renderer)."""
from __future__ import annotations

import json
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Optional

import typer
from rich.markup import escape
from rich.table import Table

from roses.agents import Turn, agent_names, make_agent, tell_table
from roses.core import (GameRecord, IllegalActionError, RecordError, RosesError, State, available_games, get_spec,
                        load, to_jsonable)
from roses.core.errors import quoted
from roses.core.plain import NOT_A_MOVE, NOT_NOW, end_text, log_sentence, plain_line, refusal, seat_name
from roses.core.story import story
from roses.menu import Menu
from roses.core.talk import check_talk
from roses.say import is_say, parse_say, said_line, talk_example, usage_line
from roses.core.record import initial_state, replay_steps, verify_result
from roses.core.words import counted

from .base import (GameArg, ParamOpt, _fail, _free_path, _load, _names, _player_label, _seat_option, app,
                   console, err, render)


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
            # -p takes the engine's seat index, unlike --seat: say so where the parameter is chosen
            meaning = p.help + (" A seat counted from 0: 0 is Seat 1." if p.seat else "")
            t.add_row(p.name, escape(default), escape(meaning), escape(p.cite))
        console.print(t)
        data = [p.name for p in spec.params if p.type is object]
        if data:  # where a designer finds a deck to edit
            console.print(escape(f"  data ({', '.join(data)}): `roses param {name} NAME --out NAME.json` writes its "
                                 "default to edit; play the file with -p NAME=@NAME.json"))
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
    here = Path(__file__).resolve().parents[1]  # the roses package
    own = spec.own_page(folder)
    for page in ([own] if own else []) + [base / f"{spec.name}.md" for base in (here / "server" / folder, here.parents[1] / "docs" / folder)]:
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
                                           help="Ask before a move that can't be taken back and costs much, such as a bid that ends the bidding (default: on in a terminal, off for piped input)."),
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
    bot_list = ", ".join(f"{seat_name(s)} {_player_label('bot:' + b, g.name)}" for s, b in enumerate(seat_bots)
                         if s not in humans)  # "Seat 2 (Hard search bot)", not the engine's name
    console.print("You are " + ("watching." if watch else f"{seat_name(seat)}.") + (f" Bots: {bot_list}." if bot_list else ""))
    shown = 0
    menu = Menu()
    confirm = sys.stdin.isatty() if confirm is None else confirm
    # table talk (roses.core.talk): the bots hear it, nothing enforces it; alone (solo) nobody hears it
    talk: Optional[list] = [] if n > 1 else None
    try:
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance())
            elif state.current_player() in humans:
                shown = _print_log(state, viewer, shown)
                console.print(render(state, viewer))
                chosen = _ask(state, menu, seat, confirm, talk)
                if chosen is TAKE_BACK:  # rebuilt from the seed and every step but the last
                    state = g.new_initial_state(state.seed).replay_trusted(state.history[:-1])
                    shown = len(state.log.view(viewer))
                    console.print("[yellow]You took back your last move.[/]")
                else:
                    state.apply(chosen)
            else:
                s = state.current_player()
                said = _bot_says(state, agents[s], talk if talk is not None else [])
                if said is not None:  # after what happened so far, before the bot's move
                    shown = _print_log(state, viewer, shown)
                    console.print(f"  [magenta]» {escape(said_line(said, g.spec.talk, viewer))}[/]")
                state.apply(agents[s].act(Turn.of(state, tuple(talk or ()))))
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
        _print_story(state, None if watch else seat)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    try:
        path = GameRecord.from_state(state, _names(n, humans, seat_bots)).save(
            _free_path(records, f"{g.name}-{stamp}-{state.seed}"))
    except OSError as e:
        _fail(f"could not save the record in {records}: {e.strerror}")
    console.print(f"Record saved: {path}   (replay it with `roses replay {path}`)", markup=False)


def _print_log(state: State, seat: Optional[int], shown: int) -> int:
    lines = state.log.view(seat)
    for line in lines[shown:]:
        line = log_sentence(plain_line(line))  # seats counted from 1, a sentence: as the browser shows it
        console.print(f"  · {escape(line)}")
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


#: What :func:`_ask` returns when the player takes back their last move (typed ``undo``).
TAKE_BACK = object()


def _ask(state: State, menu: Menu, seat: int, confirm: bool = False, talk: Optional[list] = None):
    """Number the legal actions in plain words (with prices and values) and read a choice until
    one is legal: a number of this prompt (``roses.menu``: numbers typed for an earlier prompt are
    refused), or the move's text; with ``confirm``, a move the game calls irreversible and costly
    (``GameSpec.confirm``) only after "Play it?"; ``undo`` returns :data:`TAKE_BACK` while the
    seat may take back its last move (``State.take_back_refusal``: nothing happened since). With
    ``talk`` (a list), ``say …`` makes a table-talk statement (:mod:`roses.say`) and asks again."""
    legal = state.legal_actions()
    texts = [str(a) for a in legal]
    spec = state.game.spec
    obs = to_jsonable(state.observation(seat))
    labels = [spec.describe_action(obs, t) for t in texts]
    ahead = _pending_input()  # checked before the menu is shown: what waits was typed for another
    letter = menu.open(texts)
    _print_moves(letter, labels)
    numbers = f"a number from 1 to {len(legal)}" if len(legal) > 1 else "1"  # not "from 1 to 1"
    can_take_back = state.take_back_refusal(seat) is None  # issue 42: nothing happened since
    hint = (f"Type {numbers} (or {menu.choices()}), the move's text, "
            + ("undo to take back your last move, " if can_take_back else "") + "or q to stop.")
    if can_take_back:
        console.print("[dim]Type undo to take back your last move.[/]")
    if talk is not None and spec.talk.offered(state.num_players):
        # one example, not the whole talk line (Blades & Rose's lists every claim), after each refusal
        hint += f" Or say something, e.g. {talk_example(spec.talk, seat, state.num_players)}."
        if menu.prompts == 1:  # once a game: how to talk
            console.print(f"[dim]{escape(usage_line(spec.talk, state.num_players))}[/]")
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
        if answer.lower() in ("undo", "take back"):
            if can_take_back:
                return TAKE_BACK
            why = state.take_back_refusal(seat) or ""
            console.print(f"[red]You cannot take your last move back: {escape(why)}.[/] {hint}")
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
        why = spec.confirm(obs, str(action)) if confirm else None
        if why:
            sure = console.input(f"{escape(why)} Play it? [Y/n] ").strip().lower()
            if sure not in ("", "y", "yes"):
                console.print("Not played. " + hint)
                continue
        return action


def _print_moves(letter: str, labels: list[str]) -> None:
    """"Your move: a1) … a2) …", a move never cut over two lines ("Bid 4 (of 4 | cards on the
    table)", "… to Seat | 2"): the moves are packed into lines of the console's width, and one that
    does not fit on the line starts the next (only a move longer than a line is wrapped)."""
    from rich.cells import cell_len

    width = console.width
    lines: list[list[str]] = [[]]  # each line: its moves' markup; the first follows "Your move: "
    used = len("Your move: ")
    for i, label in enumerate(labels, 1):
        size = cell_len(f"{letter}{i}) {label}")
        if used + (3 if lines[-1] else 0) + size > width and (lines[-1] or len(lines) == 1):
            lines.append([])  # (the first move too long to follow "Your move:": from the next line)
            used = 0
        used += (3 if lines[-1] else 0) + size
        lines[-1].append(f"[cyan]{letter}{i}[/]) {escape(label)}")
    for k, line in enumerate(lines):
        console.print(("[bold]Your move:[/]" + (" " if line else "") if k == 0 else "") + "   ".join(line))


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
    spec = state.game.spec
    while True:
        # The mover's view before its move words the move as its menu did ("Offer a card of 2 roses
        # and 2 thorns to Seat 2", not the action text "offer 2/2 to 1", whose seat counts from 0).
        before = state.current_player() if not state.is_terminal() else -1
        seen = to_jsonable(state.observation(before)) if before >= 0 and (reveal or before == seat) else None
        try:
            i, who, text, state = next(steps)
        except StopIteration:
            break
        except RosesError as e:
            _fail(str(e))
        if who < 0 and not reveal:
            continue  # chance outcomes show through the log
        if who < 0:
            mover, text = "Chance", spec.describe_outcome(text)  # "Seat 3 is dealt …", not "deal 3/1 to 2"
        else:
            label = _player_label(record.players[who], record.game) if who < len(record.players) else ""
            mover = f"{seat_name(who)} {label}".strip()
            if seen is not None and who == before:
                text = spec.describe_action(seen, text)
        # Steps counted from 1, as `roses analyse` numbers the moves it judges
        if reveal or who == seat:
            console.print(f"[bold]{i + 1:4d}[/] {escape(mover)}: [cyan]{escape(text)}[/]")
        else:
            console.print(f"[bold]{i + 1:4d}[/] {escape(mover)} moves")
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
    if state.is_terminal():
        console.print(escape(end_text(state, seat)))
        _print_story(state, seat)
    ended = "" if state.is_terminal() else " (the game was stopped before its end)"
    console.print(f"[green]Replay verified:[/] the record replays to its result{ended}.")


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

    from roses.sim.analysis import COMPARE_WORLDS, analyse_record, worst

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
    label = _player_label(record.players[seat], record.game) if seat < len(record.players) else ""
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
                  "bot's search from what the seat knew then; 'after': with the move played. Where the "
                  f"bot prefers another move, both were played out in the same {COMPARE_WORLDS} sampled games; "
                  "a drop is marked only when it is at least 5 points and clear of their noise.")


def _next_step() -> bool:
    """Wait for Enter (True: show the next step) or q (False: stop); other input gets a hint."""
    while True:
        answer = console.input("[dim]Enter: next · q: quit[/] ").strip().lower()
        if answer == "":
            return True
        if answer in ("q", "quit", "exit"):
            return False
        console.print("[yellow]Press Enter for the next step, or type q to quit.[/]")


def _print_story(state: Any, seat: int | None) -> None:
    """The finished game's story (``roses.core.story``: why it ended, the standings), one
    sentence a line, the reader's own seat marked "(you)"."""
    names = [f"Seat {s + 1} (you)" if s == seat else "" for s in range(state.num_players)]
    for line in story(state, names) or []:
        console.print(f"  {escape(line)}")
