"""The games a per-game test runs on: the registry's, never a hand-written list (issue 44).

A test about "every game" parametrizes over these, so a game added to the registry
(``roses.core.registry``) is tested with no edit to the test; tests/test_registry_coverage.py fails
if a hand-written list of every built-in game comes back.

- :func:`every_game`: the registered games' names, in registry order.
- :func:`table`: a typical table size for a test, the game's default ``players`` parameter (the
  table ``roses.load(name)``, the terminal and the lobby deal when nobody asks for another size).
- :func:`every_table`: ``pytest.param(name, players)`` for every game, with ids such as
  ``roses-and-thorns-4p``; :func:`case` writes one more such case by hand (a game-specific extra,
  e.g. Rare Roses solo, kept beside the registry's cases with a comment saying why).

``sizes`` (a mapping of game name to players) overrides :func:`table` for the games it names; a
game it does not name keeps its default. The one shared override is :data:`SMALL_TABLES`.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from roses.core import available_games, get_spec

#: TEST SPEED CHOICES, not rules: smaller tables than the default for the tests that play whole
#: games slowly (the browser tests, where every move is a page update; the searches and whole
#: seeded games of tests/agents/test_rollout.py, test_search_levels.py, tests/test_plain_words.py
#: and tests/interop/test_openspiel.py). They are the sizes most of those tests hand-picked
#: before they were driven by the registry (Rare Roses at its default 4 seats took 2-3 times as
#: long); a game not named here plays at its default table.
SMALL_TABLES: Mapping[str, int] = {"roses-and-thorns": 3, "rose-ceremony": 3, "rare-roses": 2}


def every_game() -> list[str]:
    """Every registered game whose module is present, in registry order."""
    return list(available_games())


def table(name: str, sizes: Mapping[str, int] | None = None) -> int:
    """Players at a typical test table of game ``name``: ``sizes[name]`` where given, else the
    game's default ``players`` parameter (its smallest table if it declares no default)."""
    if sizes and name in sizes:
        return sizes[name]
    spec = get_spec(name)
    default = next((p.default for p in spec.params if p.name == "players"), None)
    return int(default) if default is not None else spec.min_players


def case(name: str, players: int, *more: Any) -> Any:
    """One test case ``(name, players, *more)`` with the id ``name-{players}p``."""
    return pytest.param(name, players, *more, id=f"{name}-{players}p")


def every_table(sizes: Mapping[str, int] | None = None) -> list[Any]:
    """``(name, players)`` for every registered game at :func:`table`'s size, as pytest params
    with ids ``name-{players}p``: ``@pytest.mark.parametrize("name,players", every_table())``."""
    return [case(name, table(name, sizes)) for name in every_game()]
