"""Rare Roses: which tiles fill an order (rulebook "Order Cards" and "Fill Orders"; ruling RR-8).

RR-8: the filler names the tiles. Match needs every tile's type and maturity (bud = fresh-bud box,
bloom = either bloom box); Fill needs the types only. An order is filled whole: one tile per rose on
the card. Here: whether a shop can fill an order (:func:`can_fill`, on the hot path of the legal
actions), the oldest fitting tiles (:func:`oldest_tiles`, the default choice), the tiles that can
still be named one by one (:func:`naming_actions`, rules_version 2, with the interned ``use``
actions), and why named tiles do not fill an order (:func:`tiles_problem`).

Each function takes the state (read only, never changed); the state fills the order (``state.py``),
and :mod:`.refusals` names the rule a refused fill breaks.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from roses.core.words import counted

from .actions import FILL, MATCH, Tile, UseTile, tiles_text
from .cards import BOX_INDEX, BOXES, BUD, FRESH, MATURE, ROSE_INDEX, ROSES

R = len(ROSES)
_ROSE_INDEX, _BOX_INDEX = ROSE_INDEX, BOX_INDEX

# Interned actions: equal actions are the identical object, so the core's membership test in the
# legal list is a pointer compare. USES[r][b]: name a tile, rose index r, box index b.
USES = tuple(tuple(UseTile((ROSES[r], BOXES[b])) for b in range(3)) for r in range(R))


def can_fill(state, seat: int, cid: int, value: str) -> bool:
    """Whether ``seat``'s shop holds tiles to fill order ``cid`` for ``value`` (RR-8: Match
    needs buds from the fresh-bud box and blooms from either bloom box; Fill the types only)."""
    bud, fresh, mature = state.shops[seat]
    if value == MATCH:
        for r, buds, blooms in state._rules.needs[cid]:
            if bud[r] < buds or fresh[r] + mature[r] < blooms:
                return False
        return True
    for r, buds, blooms in state._rules.needs[cid]:
        if bud[r] + fresh[r] + mature[r] < buds + blooms:
            return False
    return True


def _naming_left(state) -> list[tuple[int, int, int]]:
    """``(rose index, buds still needed, blooms still needed)`` of the order being filled with
    named tiles (for Fill, the whole count is in the second field: any box serves)."""
    cid, value, used = state.naming
    out = []
    for r, buds, blooms in state._rules.needs[cid]:
        rose = ROSES[r]
        ub = ul = 0
        for t in used:
            if t[0] == rose:
                if t[1] == "bud":
                    ub += 1
                else:
                    ul += 1
        if value == MATCH:
            out.append((r, buds - ub, blooms - ul))
        else:
            out.append((r, 0, buds + blooms - ub - ul))
    return out


def naming_actions(state, seat: int) -> list[Any]:
    """RR-8, tiles named one by one: every own tile (not named yet) that can still serve the
    order: for Match a bud from the fresh-bud box for a bud still needed, a bloom from either
    bloom box for a bloom; for Fill any tile of a type still needed. Each rose's needs are
    served by its own tiles only, so a named tile never makes the order impossible."""
    cid, value, used = state.naming
    shop = state.shops[seat]
    out = []
    for r, buds, blooms in _naming_left(state):
        if value == MATCH:
            boxes = ((BUD,) if buds > 0 else ()) + ((FRESH, MATURE) if blooms > 0 else ())
        else:
            boxes = (BUD, FRESH, MATURE) if blooms > 0 else ()
        for b in boxes:
            if shop[b][r] - used.count((ROSES[r], BOXES[b])) > 0:
                out.append(USES[r][b])
    return out


def has_tiles(state, seat: int, tiles: tuple[Tile, ...]) -> bool:
    """Whether ``seat``'s shop holds ``tiles`` (each ``(rose, box)``, repeats counted)."""
    shop = state.shops[seat]
    if len(tiles) == 1:
        r, b = tiles[0]
        return shop[_BOX_INDEX[b]][_ROSE_INDEX[r]] >= 1
    need = Counter(tiles)
    return all(shop[_BOX_INDEX[b]][_ROSE_INDEX[r]] >= k for (r, b), k in need.items())


def tiles_problem(state, seat: int, cid: int, value: str, tiles: tuple[Tile, ...]) -> str | None:
    """Why ``tiles`` cannot fill order ``cid`` for ``value`` from ``seat``'s shop, or ``None``.

    RR-8: Fill needs the types only; Match needs type and maturity (bud = fresh-bud box, bloom =
    either bloom box). The order is filled whole: one tile per rose on the card."""
    card = state.card(cid)
    if len(tiles) != len(card.roses):
        return f"order #{cid} needs {counted(len(card.roses), 'rose')}, {len(tiles)} named"
    if not has_tiles(state, seat, tiles):
        return f"your shop does not hold {tiles_text(tiles)}"
    if value == FILL:
        if Counter(r for r, _ in tiles) != Counter(r for r, _ in card.roses):
            return f"Fill needs the right types: {card}"
        return None
    have = Counter((r, "bud" if b == "bud" else "bloom") for r, b in tiles)
    if have != Counter(card.roses):
        return f"Match needs type and maturity of every rose (bud = fresh-bud box, bloom = a bloom box): {card}"
    return None


def oldest_tiles(state, seat: int, cid: int, value: str) -> tuple[Tile, ...] | None:
    """The oldest tiles of ``seat``'s shop that fill order ``cid`` for ``value`` (RR-8's default
    choice: mature blooms first, then fresh blooms, then buds), or ``None`` if it cannot.
    They fit whenever the shop holds enough tiles (:func:`can_fill`): each is taken for one
    rose of the card, of its type, and for Match from the box of its maturity."""
    shop = [row[:] for row in state.shops[seat]]
    out: list[Tile] = []
    card = state.card(cid)
    for rose, mat in card.roses:
        r = _ROSE_INDEX[rose]
        if value == MATCH:
            order = (BUD,) if mat == "bud" else (MATURE, FRESH)
        else:
            order = (MATURE, FRESH, BUD)
        for b in order:
            if shop[b][r] > 0:
                shop[b][r] -= 1
                out.append((rose, BOXES[b]))
                break
        else:
            return None
    return tuple(out)
