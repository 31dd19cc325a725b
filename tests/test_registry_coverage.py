"""The per-game tests run on the registry's games, not on hand-written lists (issue 44).

tests/registry.py gives a test its games (``every_game``, ``every_table``, ``table``). Here: that
helper's answers, and a scan of the tests tree for a literal list, tuple, set or dict naming every
built-in game, the pattern that left a game added to the registry untested.

A literal of game-specific facts (what each built-in game confirms, the phases a test looks for,
the seeds of the screenshots a document shows) is not a list of every game: it says so with a
comment holding ``per-game facts`` on the line above it or on its first line, and the comment says
why the registry cannot give it.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from roses.core import available_games, get_spec
from roses.core.registry import GAME_MODULES

from .registry import SMALL_TABLES, case, every_game, every_table, table

TESTS = Path(__file__).resolve().parent
BUILT_IN = frozenset(GAME_MODULES)
MARK = "per-game facts"


def _names(node: ast.AST, constants: dict[str, str]) -> set[str]:
    """The built-in game names a literal holds, at any depth: string constants and module-level
    names bound to one (``RT = "roses-and-thorns"``)."""
    found = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and sub.value in BUILT_IN:
            found.add(sub.value)
        elif isinstance(sub, ast.Name) and constants.get(sub.id) in BUILT_IN:
            found.add(constants[sub.id])
    return found


def _constants(tree: ast.Module) -> dict[str, str]:
    """Module-level ``NAME = "text"`` and ``A, B = "x", "y"`` bindings."""
    out = {}
    for node in tree.body:
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if isinstance(target, ast.Name) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                out[target.id] = node.value.value
            elif isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                for name, value in zip(target.elts, node.value.elts):
                    if isinstance(name, ast.Name) and isinstance(value, ast.Constant) and isinstance(value.value, str):
                        out[name.id] = value.value
    return out


def hand_written_lists(source: str) -> list[int]:
    """The first lines of the literals in ``source`` that name every built-in game, outermost
    only; those marked as per-game facts are left out, and so is the right-hand side of an
    unpacking (``RT, RC, RR, BR = "roses-and-thorns", ...`` names four constants, no list)."""
    tree = ast.parse(source)
    lines = source.splitlines()
    constants = _constants(tree)
    unpacked = {id(node.value) for node in ast.walk(tree)
                if isinstance(node, ast.Assign) and any(isinstance(t, ast.Tuple) for t in node.targets)}
    hits: list[int] = []
    inside: set[int] = set()
    for node in ast.walk(tree):  # breadth first: an outer literal comes before the ones inside it
        if id(node) in inside or id(node) in unpacked or isinstance(getattr(node, "ctx", None), ast.Store):
            continue
        if isinstance(node, (ast.List, ast.Tuple, ast.Set, ast.Dict)) and _names(node, constants) >= BUILT_IN:
            inside.update(id(sub) for sub in ast.walk(node))
            around = lines[max(node.lineno - 2, 0):node.lineno]
            if not any(MARK in line for line in around):
                hits.append(node.lineno)
    return sorted(hits)


def test_no_test_hand_writes_a_list_of_every_game():
    """A test about every game parametrizes over ``tests/registry.py`` (the registry), so a new
    game is tested with no edit; a hand-written list of the four built-in games is refused."""
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        for line in hand_written_lists(path.read_text()):
            found.append(f"{path.relative_to(TESTS.parent)}:{line}")
    assert found == [], ("hand-written lists of every game (use tests/registry.py's every_game()/every_table(), "
                         f"or mark game-specific facts with a '# {MARK}: why' comment): {found}")


def test_the_scan_finds_each_form_of_the_list():
    rt, rc, rr, br = (repr(name) for name in GAME_MODULES)
    source = f'''
import pytest
RT, RC, RR, BR = {rt}, {rc}, {rr}, {br}
ONE = {rr}
GAMES = [{rt}, {rc}, {rr}, {br}]
SIZES = {{{rt}: 3, {rc}: 3,
          {rr}: 2, {br}: 5}}

@pytest.mark.parametrize("name,players", [(RT, 3), (RC, 3), (ONE, 3), (BR, 5)])
def test_a(name, players):
    for game in ({rt}, {rc}, {rr}, {br}):
        pass
    three = [{rt}, {rc}, {rr}]

ASKED = {{  # {MARK}: each game's own answer
    {rt}: 1, {rc}: 2, {rr}: 3, {br}: 4,
}}
# {MARK}: each game's own seed
SEEDS = [({rt}, 1), ({rc}, 2), ({rr}, 3), ({br}, 4)]
'''
    assert hand_written_lists(source) == [5, 6, 9, 11]


def test_every_game_is_the_registry_and_every_table_its_default_table():
    assert every_game() == available_games() and set(BUILT_IN) <= set(every_game())
    for name in every_game():
        spec = get_spec(name)
        default = next(p.default for p in spec.params if p.name == "players")
        assert table(name) == default and spec.min_players <= table(name) <= spec.max_players
        assert table(name, {name: spec.min_players}) == spec.min_players
        assert table(name, SMALL_TABLES) == SMALL_TABLES.get(name, default)
        assert spec.min_players <= table(name, SMALL_TABLES) <= spec.max_players
    params = every_table()
    assert [p.values for p in params] == [(name, table(name)) for name in every_game()]
    assert [p.id for p in params] == [f"{name}-{table(name)}p" for name in every_game()]
    assert case("rare-roses", 1, "solo").values == ("rare-roses", 1, "solo")


@pytest.mark.parametrize("name,players", every_table())
def test_ids_read_as_the_game_and_its_seats(request, name, players):
    assert request.node.callspec.id == f"{name}-{players}p"
