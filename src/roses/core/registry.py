"""The registry of games: name -> :class:`~roses.core.game.GameSpec`.

Games live in ``roses.games.<module>``; each module exposes ``SPEC``. The list below names the
built-in ones, so the CLI, simulation, server and adapters stay game-agnostic. A game outside this
package joins the registry with no edit here, in one of three ways (docs/game-conventions.md):

- an installed distribution declares an entry point in the group ``roses.games``
  (``my-game = "mypackage.my_game"``);
- the environment variable ``ROSES_GAMES`` lists ``name=module`` pairs, comma-separated (read when
  the registry is asked, so a server or terminal started with it sees the game);
- :func:`register_game` adds one in-process (tests, notebooks).
"""
from __future__ import annotations

import functools
import importlib
import importlib.util
import os
from importlib.metadata import entry_points
from typing import Any

from .errors import UnknownGameError
from .game import Game, GameSpec

# name -> module holding SPEC. Imported lazily so a broken game cannot stop the others.
GAME_MODULES: dict[str, str] = {
    "roses-and-thorns": "roses.games.roses_and_thorns",
    "rose-ceremony": "roses.games.rose_ceremony",
    "rare-roses": "roses.games.rare_roses",
    "blades-and-rose": "roses.games.blades_and_rose",
}

#: Games added in-process by :func:`register_game`.
_REGISTERED: dict[str, str] = {}

#: The entry-point group an installed game package declares itself in.
ENTRY_POINT_GROUP = "roses.games"
#: The environment variable listing ``name=module`` pairs of further games.
ENV_VAR = "ROSES_GAMES"


def register_game(name: str, module: str) -> None:
    """Add game ``name``, whose ``SPEC`` is in ``module``, to this process's registry."""
    _REGISTERED[name] = module


def unregister_game(name: str) -> None:
    """Remove a game added by :func:`register_game` (a test's clean-up); no-op if absent."""
    _REGISTERED.pop(name, None)


@functools.lru_cache(maxsize=1)
def _installed() -> tuple[tuple[str, str], ...]:
    """The games installed distributions declare (entry points do not change while a process runs)."""
    return tuple((ep.name, ep.value) for ep in entry_points(group=ENTRY_POINT_GROUP))


def _from_env() -> dict[str, str]:
    out = {}
    for pair in os.environ.get(ENV_VAR, "").split(","):
        name, sep, module = pair.strip().partition("=")
        if sep and name.strip() and module.strip():
            out[name.strip()] = module.strip()
    return out


def game_modules() -> dict[str, str]:
    """Every registered game's name and module: the built-in games, then installed entry points,
    then ``ROSES_GAMES``, then :func:`register_game` (a later source cannot replace a built-in)."""
    out = dict(GAME_MODULES)
    extra = dict(_installed())
    extra.update(_from_env())
    extra.update(_REGISTERED)
    for name, module in extra.items():
        out.setdefault(name, module)
    return out


def _present(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a parent package that is not there
        return False


def available_games() -> list[str]:
    """Names of the registered games whose module is present, in registry order."""
    return [name for name, module in game_modules().items() if _present(module)]


def get_spec(name: str) -> GameSpec:
    """The spec of game ``name``. Raises :class:`UnknownGameError` listing the known names."""
    module = game_modules().get(name)
    if module is None or not _present(module):
        raise UnknownGameError(f"unknown game {name!r}; known games: {', '.join(available_games())}")
    return importlib.import_module(module).SPEC


def load(name: str, **params: Any) -> Game:
    """``roses.load("roses-and-thorns", players=4)``: the game with validated parameters.

    Raises :class:`UnknownGameError` or :class:`~roses.core.errors.GameParameterError`.
    """
    return Game.create(get_spec(name), **params)
