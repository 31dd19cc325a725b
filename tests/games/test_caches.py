"""The engine's module caches (issue 44): one utility, ``functools.lru_cache``, bounded, keyed on a
hashable value or, for what a game object fixes, on the object by identity
(:class:`roses.core.game.ByIdentity`), and each one right when an entry would be stale: a deck file
that changed, a game or rules object that died and whose id went to another.

The id-reuse tests make the situation a cache keyed on a bare ``id()`` gets wrong: a game (or
rules) object is dropped and the next one, made in the same way with other parameters, lands at the
same address (CPython reuses a freed block first), so has the same id. A cache that did not keep
its objects, or did not check them, would hand the second the first one's entry.
"""
from __future__ import annotations

import ast
import dataclasses
import json
import os
import random
from pathlib import Path

from types import MappingProxyType

import roses
from roses.core.game import ByIdentity, Game
from roses.games.rare_roses import observation as rr_observation
from roses.games.rare_roses import rules as rr_rules
from roses.games.rare_roses.cards import OrderCard, deck_of, default_deck
from roses.games.rose_ceremony import tables as rc_tables
from roses.games.rose_ceremony.cards import card_types
from roses.games.roses_and_thorns import state as rt_state
from roses.games.roses_and_thorns.observation import SeatView

SRC = Path(roses.__file__).parent


def test_by_identity_is_the_object_itself_and_no_other():
    a = roses.load("rare-roses", players=2)
    b = roses.load("rare-roses", players=2)
    assert a == b and a is not b  # a Game compares by value (and is not hashable)
    assert ByIdentity(a) == ByIdentity(a) and hash(ByIdentity(a)) == hash(ByIdentity(a))
    assert ByIdentity(a) != ByIdentity(b) and ByIdentity(a) != a
    assert len({ByIdentity(a), ByIdentity(a), ByIdentity(b)}) == 2


def test_seat_views_are_made_once_per_field_values_and_bounded():
    fields = (1, True, 4, 3, 1, ("rose",), 0, False, 1.0, 0)
    view = rt_state._seat_view(*fields)
    assert view == SeatView(*fields) and rt_state._seat_view(*fields) is view
    for i, other in enumerate((2, False, 3, 2, 2, ("thorn",), 1, True, 0.5, 2)):  # each field matters
        changed = fields[:i] + (other,) + fields[i + 1:]
        assert rt_state._seat_view(*changed) == SeatView(*changed) != view
    assert rt_state._seat_view.cache_info().maxsize == 50_000


def test_seat_views_of_an_observation_are_the_state_s():
    game = roses.load("roses-and-thorns", players=4)
    state, rng = game.new_initial_state(7), random.Random(7)
    while not state.is_terminal():
        seats = state.observation(None).seats
        for view in seats:  # a fresh SeatView of the same values: the cache gave the right one
            assert rt_state._seat_view(*dataclasses.astuple(view)) is view
        assert [v.seat for v in seats] == list(range(4))
        assert [v.markers for v in seats] == list(state.markers) and [v.bid for v in seats] == list(state.bids)
        state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))


def test_a_deck_file_is_read_again_when_it_changes(tmp_path):
    path = tmp_path / "deck.json"
    cards = [c.to_json() for c in default_deck()[:4]]
    path.write_text(json.dumps(cards))
    first = deck_of(str(path))
    assert deck_of(path) is first and [c.id for c in first] == [0, 1, 2, 3]
    path.write_text(json.dumps(cards[:3]))
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))  # a new file version
    second = deck_of(str(path))
    assert [c.id for c in second] == [0, 1, 2] and deck_of(str(path)) is second
    assert deck_of(None) is default_deck() and default_deck.cache_info().maxsize == 1


def _game(base: Game, **changes) -> Game:
    """``base`` with other parameter values, made as ``Game.create`` makes it but without its
    validation, so that the game object is the last thing made and lands where the last game
    dropped was (``roses.load`` makes and keeps other objects of its size first)."""
    return Game(base.spec, MappingProxyType({**base.params, **changes}))


def _id_reuse(make, check, rounds):
    """Make objects one at a time, each dropped before the next (so that ids come round again),
    checking each against its own parameters (enough rounds that the cache also drops some)."""
    for i in range(rounds):
        obj = make(i)
        check(obj, i)
        del obj  # freed at once unless a cache holds it


def test_rare_roses_rules_are_the_game_s_even_when_its_id_was_another_game_s():
    base = roses.load("rare-roses", players=2)

    def make(i):
        return _game(base, max_offers=1 + i % 3)

    def check(game, i):
        rules = rr_rules.rules_of(game)
        assert rules.max_offers == 1 + i % 3 and rr_rules.rules_of(game) is rules

    _id_reuse(make, check, rounds=2 * rr_rules._rules_of.cache_info().maxsize + 10)
    assert rr_rules._rules_of.cache_info().maxsize == 64


def test_rare_roses_card_views_are_the_rules_own_even_when_their_id_was_other_rules():
    rules = rr_rules.rules_of(roses.load("rare-roses", players=2))
    base = next(iter(rules.cards.values()))

    def make(i):  # rules with one card, whose fill value tells the rounds apart
        return dataclasses.replace(rules, cards={base.id: dataclasses.replace(base, fill=i)})

    def check(r, i):
        views = rr_observation._order_views(r)
        assert [v.fill for v in views.values()] == [i] and rr_observation._order_views(r) is views

    _id_reuse(make, check, rounds=2 * rr_observation._order_views.cache_info().maxsize + 10)
    assert isinstance(base, OrderCard) and rr_observation._order_views.cache_info().maxsize == 64


def test_rose_ceremony_tables_are_the_game_s_even_when_its_id_was_another_game_s():
    base = roses.load("rose-ceremony", players=2)
    full = [list(row) for row in base.params["deck"]]

    def deck(i):  # the deck less its first i % 5 rows: another set of cards each round
        return full[i % 5:]

    def make(i):
        return _game(base, deck=deck(i))

    def check(game, i):
        t = rc_tables.tables(game)
        assert t.cards == card_types(deck(i)) and rc_tables.tables(game) is t

    _id_reuse(make, check, rounds=2 * rc_tables._game_tables.cache_info().maxsize + 10)
    assert rc_tables._game_tables.cache_info().maxsize == 64


# -- no other hand-rolled module cache ---------------------------------------------------------

_MAPPINGS = {"dict", "OrderedDict", "defaultdict", "WeakKeyDictionary", "WeakValueDictionary"}

#: Hand-rolled caches known and left to their owners (path below src/roses: module-level names).
#: server/contract.py's schema cache is new work in progress (issue 44 follow-up): lru_cache keyed
#: on ``ByIdentity(spec)`` would do.
ALLOWED: dict[str, set[str]] = {}


def _module_mappings(tree: ast.Module) -> set[str]:
    names = set()
    for node in tree.body:
        target, value = ((node.targets[0], node.value) if isinstance(node, ast.Assign) and len(node.targets) == 1
                         else (node.target, node.value) if isinstance(node, ast.AnnAssign) else (None, None))
        if not isinstance(target, ast.Name) or value is None:
            continue
        if isinstance(value, ast.Dict) and not value.keys:
            names.add(target.id)
        elif isinstance(value, ast.Call) and getattr(value.func, "id", getattr(value.func, "attr", None)) in _MAPPINGS:
            names.add(target.id)
    return names


def hand_rolled_caches(tree: ast.Module) -> set[str]:
    """Module-level names that some function uses as a memo: a module-level mapping that one
    function both looks up (``.get``, ``[...]``, ``in``) and stores into (``[...] =``,
    ``.setdefault``), or a ``global`` that one function both reads and rebinds (a read-once value).
    A registry written in one function and read in others is not one."""
    mappings = _module_mappings(tree)
    found = set()
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        reads, writes, loads, rebinds, globals_ = set(), set(), set(), set(), set()
        for n in ast.walk(fn):
            if isinstance(n, ast.Global):
                globals_.update(n.names)
            elif isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name):
                (writes if isinstance(n.ctx, ast.Store) else reads).add(n.value.id)
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name):
                if n.func.attr == "get":
                    reads.add(n.func.value.id)
                elif n.func.attr == "setdefault":
                    reads.add(n.func.value.id)
                    writes.add(n.func.value.id)
            elif isinstance(n, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn)) for op in n.ops):
                reads.update(c.id for c in n.comparators if isinstance(c, ast.Name))
            elif isinstance(n, ast.Name):
                (rebinds if isinstance(n.ctx, ast.Store) else loads).add(n.id)
        found |= mappings & reads & writes
        found |= globals_ & loads & rebinds
    return found


def test_the_cache_finder_finds_the_shapes_issue_44_replaced():
    shapes = {
        "_SEAT_VIEWS = {}\ndef f(k):\n    v = _SEAT_VIEWS.get(k)\n    if v is None:\n"
        "        if len(_SEAT_VIEWS) >= 9:\n            _SEAT_VIEWS.clear()\n        v = _SEAT_VIEWS[k] = k\n    return v\n",
        "_BY_GAME: dict = {}\ndef f(g):\n    hit = _BY_GAME.get(id(g))\n    if hit is not None and hit[0]() is g:\n"
        "        return hit[1]\n    _BY_GAME[id(g)] = (g, 1)\n",
        "_D = None\ndef f():\n    global _D\n    if _D is None:\n        _D = 1\n    return _D\n",
        "_M = dict()\ndef f(k):\n    if k not in _M:\n        _M[k] = k\n    return _M[k]\n",
    }
    for source in shapes:
        assert hand_rolled_caches(ast.parse(source)), source
    registry = "_R = {}\ndef add(k, v):\n    _R[k] = v\ndef get(k):\n    return _R.get(k)\n"
    assert not hand_rolled_caches(ast.parse(registry))


def test_no_other_hand_rolled_module_cache_in_the_package():
    found = {}
    for path in sorted(SRC.rglob("*.py")):
        names = hand_rolled_caches(ast.parse(path.read_text(encoding="utf-8")))
        names -= ALLOWED.get(path.relative_to(SRC).as_posix(), set())
        if names:
            found[path.relative_to(SRC).as_posix()] = sorted(names)
    assert not found, f"hand-rolled module caches (use functools.lru_cache, issue 44): {found}"
