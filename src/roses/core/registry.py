"""The registry of games: name -> :class:`~roses.core.game.GameSpec`.

Games live in ``roses.games.<module>``; each module exposes ``SPEC``. The list below is the one
place that names them, so the CLI, simulation, server and adapters stay game-agnostic.
"""
from __future__ import annotations

import importlib
import importlib.util
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


def available_games() -> list[str]:
    """Names of the registered games whose module is present, in registry order."""
    names = []
    for name, module in GAME_MODULES.items():
        if importlib.util.find_spec(module) is not None:
            names.append(name)
    return names


def get_spec(name: str) -> GameSpec:
    """The spec of game ``name``. Raises :class:`UnknownGameError` listing the known names."""
    module = GAME_MODULES.get(name)
    if module is None or importlib.util.find_spec(module) is None:
        raise UnknownGameError(f"unknown game {name!r}; known games: {', '.join(available_games())}")
    return importlib.import_module(module).SPEC


def load(name: str, **params: Any) -> Game:
    """``roses.load("roses-and-thorns", players=4)``: the game with validated parameters.

    Raises :class:`UnknownGameError` or :class:`~roses.core.errors.GameParameterError`.
    """
    return Game.create(get_spec(name), **params)
