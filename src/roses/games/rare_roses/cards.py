"""Rare Roses components: rose types, shop boxes, market prices and the order deck.

Rulebook "Components": 94 rose tiles (18 Rainbow, 18 Juliet, 16 Striped Dragon, 16 Osira, 14 Blue,
12 Black), 6 shop cards, 43 order cards. The rulebook prints neither the market prices (RR-2) nor
the order cards (RR-3); the product's order deck ships as ``order_deck.json`` beside this module
(design in ``docs/rules/rare-roses.md``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

#: Rose types in the rulebook's component order; their index is used in counts.
ROSES: tuple[str, ...] = ("rainbow", "juliet", "striped-dragon", "osira", "blue", "black")
#: A rose type's index in :data:`ROSES` (the counts' order).
ROSE_INDEX: dict[str, int] = {r: i for i, r in enumerate(ROSES)}
#: Each rose type's name as players read it ("striped-dragon" is its id in action texts).
ROSE_NAMES: dict[str, str] = {r: r.replace("-", " ").title() for r in ROSES}
#: Tiles of each type in the bag at setup ("Components").
TILE_COUNTS: tuple[int, ...] = (18, 18, 16, 16, 14, 12)
TOTAL_TILES = sum(TILE_COUNTS)  # 94

def and_list(items: list[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"`` (one item: itself; none: ``"nothing"``)."""
    if not items:
        return "nothing"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


#: Shop boxes, left to right ("Shop Board"): fresh buds, fresh blooms, mature blooms.
BUD, FRESH, MATURE = 0, 1, 2
BOXES: tuple[str, ...] = ("bud", "fresh", "mature")
#: A box's index in :data:`BOXES` (``BUD``, ``FRESH``, ``MATURE``).
BOX_INDEX: dict[str, int] = {b: i for i, b in enumerate(BOXES)}

#: Maturity printed on an order card for each rose: a bud or a bloom ("Order Cards").
MATURITIES: tuple[str, ...] = ("bud", "bloom")

#: RR-2: market price of a tile, in whole dollars.
DEFAULT_PRICES: dict[str, int] = {
    "rainbow": 2, "juliet": 2, "striped-dragon": 3, "osira": 3, "blue": 4, "black": 5,
}

START_MONEY = 20            # Setup: "$20 in coins"
SPECIALTY_BONUS = 50        # "The Specialty Bonus" (RR-4)
SPECIALTY_ORDERS = 4        # the 4th matching specialty order pays the bonus (RR-4)
PUSH_COSTS = (1, 3, 5)      # "Push The Market": 4th, 5th, 6th tile (RR-5)
SEED_DRAWS = 3              # "Seed The Market": three tiles
MAX_DRAWS = 6               # "No more than 6 tiles may be drawn on your turn"
MAX_RECEIVED = 6            # "Buy up to six roses" (RR-7: market and deals together)
MAX_FILLS = 3               # "fill up to three of the four orders"
QUEUE_SIZE = 4              # four orders face up
SOLO_QUEUE = 3              # RR-10: at most three active orders
CARDS_PER_DECK = 10         # "draw ten order cards from each" deck
SETUP_TILES_PER_PLAYER = 3  # "three Rose Tiles for each player"
SOLO_SETUP_TILES = 9        # "The Lone Florist": nine tiles

DEFAULT_DECK_PATH = Path(__file__).with_name("order_deck.json")


def rose_index(name: str) -> int:
    """Index of rose type ``name`` in :data:`ROSES`; raises ``ValueError`` for an unknown name."""
    try:
        return ROSES.index(name)
    except ValueError:
        raise ValueError(f"unknown rose {name!r}; roses: {', '.join(ROSES)}") from None


@dataclass(frozen=True)
class OrderCard:
    """One order card ("Order Cards", RR-3).

    Attributes:
        id: the card's number in the deck file (0..42 in the shipped deck).
        icon: whether the card has the icon on its back (the smaller orders, dealt on top).
        roses: the roses asked for, as ``(rose type, "bud" | "bloom")`` pairs.
        fill: dollars paid for filling it with roses of the right types (any maturity).
        match: dollars paid for matching type and maturity of every rose.
        specialty: the rose pictured in the upper right corner (a specialty order), or ``None``.
    """

    id: int
    icon: bool
    roses: tuple[tuple[str, str], ...]
    fill: int
    match: int
    specialty: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "icon": self.icon, "roses": [list(r) for r in self.roses],
                "fill": self.fill, "match": self.match, "specialty": self.specialty}

    def words(self) -> str:
        """The card's roses and values in plain words for the log (its number is said before):
        ``"Striped Dragon bud and Black bloom, fill $8 or match $12, a Striped Dragon specialty
        order"``."""
        roses = and_list([f"{ROSE_NAMES[r]} {m}" for r, m in self.roses])
        name = ROSE_NAMES[self.specialty] if self.specialty else ""
        spec = f", {'an' if name[:1] in 'AEIOU' else 'a'} {name} specialty order" if self.specialty else ""
        return f"{roses}, fill ${self.fill} or match ${self.match}{spec}"

    def __str__(self) -> str:
        roses = ", ".join(f"{r} {m}" for r, m in self.roses)
        spec = f" [specialty {self.specialty}]" if self.specialty else ""
        return f"#{self.id} ({roses}) fill ${self.fill} / match ${self.match}{spec}"


def parse_deck(data: Any) -> tuple[OrderCard, ...]:
    """Validate order-deck data (a list of card objects, or ``{"cards": [...]}``) and return the
    cards. Raises ``ValueError`` naming the first problem. Ids must be distinct ints; each card needs
    at least one rose; ``match`` and ``fill`` are whole dollars ≥ 0."""
    if isinstance(data, dict):
        data = data.get("cards")
    if not isinstance(data, list) or not data:
        raise ValueError("an order deck is a non-empty list of cards")
    if len(data) > 500:
        raise ValueError("an order deck has at most 500 cards")
    cards = []
    seen = set()
    for i, c in enumerate(data):
        if not isinstance(c, dict):
            raise ValueError(f"card {i} is not an object")
        try:
            cid = c["id"]
            roses = tuple((str(r), str(m)) for r, m in c["roses"])
            fill, match = c["fill"], c["match"]
            icon = c.get("icon", False)
            spec = c.get("specialty")
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"card {i}: missing or bad field ({e})") from None
        if not isinstance(cid, int) or isinstance(cid, bool) or cid < 0 or cid in seen:
            raise ValueError(f"card {i}: id must be a distinct int ≥ 0")
        seen.add(cid)
        if not roses or len(roses) > 12:
            raise ValueError(f"card {cid}: an order asks for 1 to 12 roses")
        for r, m in roses:
            rose_index(r)
            if m not in MATURITIES:
                raise ValueError(f"card {cid}: maturity {m!r} is not bud or bloom")
        for v in (fill, match):
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 10_000:
                raise ValueError(f"card {cid}: values are whole dollars from 0 to 10000")
        if spec is not None:
            rose_index(spec)
        if not isinstance(icon, bool):
            raise ValueError(f"card {cid}: icon is true or false")
        cards.append(OrderCard(cid, icon, roses, fill, match, spec))
    return tuple(cards)


def load_deck(value: Any = None) -> tuple[OrderCard, ...]:
    """The order deck from the ``order_deck`` parameter: ``None`` for the shipped deck, a path to a
    JSON file, or the data itself (RR-3)."""
    if value is None:
        value = str(DEFAULT_DECK_PATH)
    if isinstance(value, str):
        value = json.loads(Path(value).read_text())
    return parse_deck(value)


@lru_cache(maxsize=1)
def default_deck() -> tuple[OrderCard, ...]:
    """The shipped 43-card deck (read once: a package file, not game state)."""
    return load_deck(None)


@lru_cache(maxsize=16)
def _path_deck(path: str, mtime_ns: int) -> tuple[OrderCard, ...]:
    """The deck in the file ``path`` as it was at ``mtime_ns`` (read once per file version, the 16
    most recently used)."""
    return load_deck(path)


def deck_of(value: Any = None) -> tuple[OrderCard, ...]:
    """The order deck a game's ``order_deck`` parameter names (RR-3): the one place the rules
    (``rules.rules_of``) and the bots work it out. ``None``: the shipped deck (read once); a path:
    read once per path and file version (a cache, so building a bot per move reads no file); the
    deck data itself: parsed (no file)."""
    if value is None:
        return default_deck()
    if isinstance(value, (str, Path)):
        path = str(value)
        return _path_deck(path, Path(path).stat().st_mtime_ns)
    return parse_deck(value)
