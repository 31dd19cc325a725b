"""What every ``roses`` command shares: the Typer app, the consoles, the game and parameter
options, failing with a message (exit 2), and rendering a seat's view."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.pretty import Pretty
from typer.core import TyperCommand, TyperGroup

from roses.core import (RosesError, State, load, to_jsonable)
from roses.core.errors import quoted


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
                        help="Game parameter NAME=VALUE (repeatable), e.g. -p quick_game=true; NAME=@FILE reads the value from a file; "
                        "NAME.KEY=VALUE sets one entry, e.g. -p market_prices.rainbow=3.")


def _fail(message: str) -> None:
    err.print(f"[bold red]error:[/] {escape(message)}")
    raise typer.Exit(2)


def _write_out(out: Path, text: str) -> None:
    """Write ``text`` to the ``--out`` file ``out`` (its folder made); fails (exit 2) saying why not."""
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text)
    except OSError as e:
        _fail(f"--out {out}: cannot write there ({e.strerror or e})")


def _param_name(name: str) -> str:
    """A ``-p NAME=…`` name as the game reads it: ``max-offers`` is ``max_offers``; in ``NAME.KEY``
    (one entry, a rose's price) only ``NAME`` is changed, the key keeps its dashes
    (``market_prices.striped-dragon``)."""
    base, dot, key = name.strip().partition(".")
    return base.replace("-", "_") + dot + key


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
        out[_param_name(k)] = v
    if players is not None:
        given = out.get("players")
        if given is not None and str(given).strip().lstrip("+0") != str(players).lstrip("0"):
            _fail(f"--players {players} and -p players={quoted(given)[1:-1]} disagree: give the number of seats once")
        out["players"] = players
    return out


def _load(game: str, players: Optional[int], pairs: list[str]):
    """The game of ``--players`` and ``-p`` pairs, its warnings about them printed (:func:`_warn`);
    fails (exit 2) on a bad value."""
    try:
        g = load(game, **_params(players, pairs))
    except RosesError as e:
        _fail(str(e))
    _warn(g)
    return g


def param_warnings(game: Any) -> list[str]:
    """What ``game``'s parameters may get wrong together, in plain words (``GameSpec.param_warnings``:
    Rare Roses' order values set for other market prices); ``[]`` for a game without the hook."""
    hook = game.spec.param_warnings
    return list(hook(game.params)) if hook is not None else []


def _warn(game: Any, where: str = "") -> list[str]:
    """Print ``game``'s :func:`param_warnings` on stderr in yellow (``where``: the sweep's cell
    they are about), and return them. A warning, never a changed value."""
    said = param_warnings(game)
    for w in said:
        err.print(f"[bold yellow]warning:[/] {escape(where + w)}")
    return said


def _seat_option(seat: int, n: int) -> int:
    """A ``--seat`` as players count seats (1..n) → the engine's seat index (0..n-1). 0, the
    numbering of older versions, still means the first seat (with a note). Exits 2 otherwise."""
    if not 0 <= seat <= n:
        _fail(f"--seat must be 1..{n} (seats count from 1)")
    if seat == 0:
        err.print("Note: seats count from 1 now; --seat 0 is read as seat 1.")
    return max(seat - 1, 0)


def _player_label(player: str, game: str | None = None) -> str:
    """A record's player ("human", "bot:heuristic", a name) as players read it (a bot by the label
    ``game`` gives it, if any)."""
    from roses.agents.labels import bot_label, spec_of

    if player == "human":
        return ""
    if player.startswith("bot:"):
        return f"({bot_label(player[4:], spec_of(game) if game else None)} bot)"
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


def _free_path(folder: Path, stem: str) -> Path:
    """``folder/stem.json``, or ``stem-2.json``, ``stem-3.json``… when taken: two games saved in
    the same second with the same seed keep both records."""
    path, k = folder / f"{stem}.json", 1
    while path.exists():
        k += 1
        path = folder / f"{stem}-{k}.json"
    return path
