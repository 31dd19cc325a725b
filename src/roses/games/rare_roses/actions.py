"""Rare Roses actions and chance outcomes. ``str(action)`` is the stable text form (records store
it; the terminal and the browser table send it); :func:`parse_action` reads it back.

A tile is named ``rose/box``: ``juliet/bud`` (fresh-bud box), ``juliet/fresh`` (fresh-bloom box),
``juliet/mature`` (mature-bloom box). Lists of tiles are comma separated, kept in a canonical order
(rose order of the components list, then box), so equal actions have equal text.

Text forms (rules_version 2):
    chance:  ``specialty ROSE`` · ``start SEAT`` · ``draw ROSE`` · ``order ID``
    seat:    ``trash`` · ``seed`` · ``push`` · ``stop`` · ``buy ROSE`` ·
             deal drafting (RR-7): ``deal SEAT`` then ``take ROSE/BOX`` · ``give ROSE/BOX`` ·
             ``pay +1`` · ``pay +5`` · ``pay +20`` · ``propose`` · ``cancel deal``;
             ``accept`` · ``decline`` · ``done buying`` ·
             ``fill ID match|fill`` (oldest tiles) · naming the tiles (RR-8):
             ``choose tiles for ID match|fill`` then ``use ROSE/BOX`` · ``end turn``

The compound forms of rules_version 1, ``offer SEAT take TILES pay N [give TILES]`` and
``fill ID match|fill with TILES``, are still parsed (:class:`Offer`, :class:`FillOrder` with tiles)
so that old records can be translated (:func:`upgrade_history`); they are no legal action any more.
"""
from __future__ import annotations

from dataclasses import dataclass

from roses.core.state import normalize_action_text

from .cards import BOXES, ROSE_NAMES, ROSES, and_list

Tile = tuple[str, str]  # (rose, box name)


def tile_key(t: Tile) -> tuple[int, int]:
    return ROSES.index(t[0]), BOXES.index(t[1])


def canonical_tiles(tiles) -> tuple[Tile, ...]:
    """Tiles as a sorted tuple of ``(rose, box)`` pairs (raises ``ValueError`` for unknown names)."""
    out = []
    for r, b in tiles:
        if r not in ROSES or b not in BOXES:
            raise ValueError(f"{r}/{b} is not a tile (roses: {', '.join(ROSES)}; boxes: {', '.join(BOXES)})")
        out.append((r, b))
    return tuple(sorted(out, key=tile_key))


def tiles_text(tiles: tuple[Tile, ...]) -> str:
    """Tiles as action text: ``"juliet/bud,osira/fresh"`` (engine syntax; players read
    :func:`tiles_words`)."""
    return ",".join(f"{r}/{b}" for r, b in tiles)


def tile_words(tile: Tile) -> str:
    """One tile in plain words: ``("juliet", "bud")`` -> ``"Juliet bud"``, ``("osira", "fresh")``
    -> ``"fresh Osira bloom"``, ``("black", "mature")`` -> ``"mature Black bloom"``."""
    r, b = tile
    return f"{ROSE_NAMES[r]} bud" if b == "bud" else f"{b} {ROSE_NAMES[r]} bloom"


def tiles_words(tiles: tuple[Tile, ...]) -> str:
    """Tiles in plain words: ``"Juliet bud and fresh Osira bloom"`` (none: ``"nothing"``)."""
    return and_list([tile_words(t) for t in tiles])


def parse_tiles(text: str) -> tuple[Tile, ...]:
    tiles = []
    for tok in text.split(","):
        tok = tok.strip()
        if not tok:
            continue
        if "/" not in tok:
            raise ValueError(f"{tok!r} is not a tile (write rose/box, e.g. juliet/fresh)")
        r, b = tok.split("/", 1)
        tiles.append((r.strip(), b.strip()))
    return canonical_tiles(tiles)


# ---------------------------------------------------------------------------- chance outcomes
@dataclass(frozen=True)
class Specialty:
    """Chance: the next seat without a shop is dealt the shop card of specialty ``rose`` (RR-4)."""

    rose: str

    def __str__(self) -> str:
        return f"specialty {self.rose}"


@dataclass(frozen=True)
class StartPlayer:
    """Chance: the starting player (Setup; drawn when the ``start_player`` parameter is unset)."""

    seat: int

    def __str__(self) -> str:
        return f"start {self.seat}"


@dataclass(frozen=True)
class DrawTile:
    """Chance: a tile of type ``rose`` drawn from the market bag into the market (RR-5, RR-6)."""

    rose: str

    def __str__(self) -> str:
        return f"draw {self.rose}"


@dataclass(frozen=True)
class DrawOrder:
    """Chance: order card ``card`` turned over from the order deck (Refill Order Queue)."""

    card: int

    def __str__(self) -> str:
        return f"order {self.card}"


# ---------------------------------------------------------------------------- seat actions
@dataclass(frozen=True)
class Trash:
    """Trash the oldest order in the queue ("Trash Oldest Order OR Seed The Market", RR-11)."""

    def __str__(self) -> str:
        return "trash"


@dataclass(frozen=True)
class Seed:
    """Seed the market: draw three tiles (plus the first-turn extra tiles, RR-5)."""

    def __str__(self) -> str:
        return "seed"


@dataclass(frozen=True)
class Push:
    """Push the market: pay $1/$3/$5 for the 4th/5th/6th tile ("Push The Market", RR-5)."""

    def __str__(self) -> str:
        return "push"


@dataclass(frozen=True)
class StopPushing:
    """Draw no more tiles this turn (ends seeding)."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True)
class Buy:
    """Buy one tile of type ``rose`` from the market at its market price (RR-2); it goes to the
    fresh-bud box ("Purchase Roses")."""

    rose: str

    def __str__(self) -> str:
        return f"buy {self.rose}"


@dataclass(frozen=True)
class Offer:
    """The terms of a deal with seat ``seat`` (RR-7): the active player takes ``take`` from that
    seat's shop (each tile keeps its box) and pays ``pay`` dollars and/or hands over ``give`` from
    the own shop (each tile keeps its box). Built by a draft's ``propose`` (the state's
    ``offer``); the other seat then accepts or declines. Its text is rules_version 1's compound
    action, no legal action any more (:func:`offer_steps` gives its draft)."""

    seat: int
    take: tuple[Tile, ...]
    pay: int = 0
    give: tuple[Tile, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "take", canonical_tiles(self.take))
        object.__setattr__(self, "give", canonical_tiles(self.give))

    def __str__(self) -> str:
        text = f"offer {self.seat} take {tiles_text(self.take)} pay {self.pay}"
        return text + (f" give {tiles_text(self.give)}" if self.give else "")


@dataclass(frozen=True)
class Accept:
    """The seat offered a deal accepts it (RR-7)."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True)
class Decline:
    """The seat offered a deal declines it (RR-7)."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True)
class DoneBuying:
    """End the Purchase Roses phase (no more buying this turn)."""

    def __str__(self) -> str:
        return "done buying"


FILL, MATCH = "fill", "match"


@dataclass(frozen=True)
class FillOrder:
    """Fill order ``card`` for its ``value`` (``"fill"`` or ``"match"``) with the oldest fitting
    tiles (``tiles=None``: mature blooms first, then fresh blooms, then buds). With ``tiles`` it
    is the fill that naming the tiles one by one completes (RR-8: :class:`ChooseTiles`,
    :class:`UseTile`); its text ``fill ID V with TILES`` is rules_version 1's, no legal action."""

    card: int
    value: str
    tiles: tuple[Tile, ...] | None = None

    def __post_init__(self) -> None:
        if self.tiles is not None:
            object.__setattr__(self, "tiles", canonical_tiles(self.tiles))

    def __str__(self) -> str:
        text = f"fill {self.card} {self.value}"
        return text + (f" with {tiles_text(self.tiles)}" if self.tiles is not None else "")


@dataclass(frozen=True)
class EndTurn:
    """Finish filling orders; the turn ends ("Fill Orders")."""

    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True)
class DealWith:
    """Open a deal draft with seat ``seat`` (RR-7, "Purchase Roses"): the steps that follow name the
    terms one at a time (:class:`DealTake`, :class:`DealGive`, :class:`DealPay`), then
    :class:`Propose` or :class:`CancelDeal`."""

    seat: int

    def __str__(self) -> str:
        return f"deal {self.seat}"


@dataclass(frozen=True)
class DealTake:
    """Draft step: ask for one more tile ``tile`` of the other seat's shop (it keeps its box)."""

    tile: Tile

    def __str__(self) -> str:
        return f"take {self.tile[0]}/{self.tile[1]}"


@dataclass(frozen=True)
class DealGive:
    """Draft step: add one own tile ``tile`` to what is handed over (it keeps its box)."""

    tile: Tile

    def __str__(self) -> str:
        return f"give {self.tile[0]}/{self.tile[1]}"


PAY_STEPS = (20, 5, 1)


@dataclass(frozen=True)
class DealPay:
    """Draft step: add ``amount`` dollars (20, 5 or 1) to the money offered."""

    amount: int

    def __str__(self) -> str:
        return f"pay +{self.amount}"


@dataclass(frozen=True)
class Propose:
    """End the draft: the other seat answers the drafted deal (accept or decline)."""

    def __str__(self) -> str:
        return "propose"


@dataclass(frozen=True)
class CancelDeal:
    """Drop the draft without proposing it (it still counts as one of the turn's deals)."""

    def __str__(self) -> str:
        return "cancel deal"


@dataclass(frozen=True)
class ChooseTiles:
    """Start filling order ``card`` for its ``value`` with tiles named one by one (RR-8):
    :class:`UseTile` steps follow until the order is complete, then it is filled."""

    card: int
    value: str

    def __str__(self) -> str:
        return f"choose tiles for {self.card} {self.value}"


@dataclass(frozen=True)
class UseTile:
    """Naming step: use own tile ``tile`` for the order being filled (RR-8)."""

    tile: Tile

    def __str__(self) -> str:
        return f"use {self.tile[0]}/{self.tile[1]}"


_SIMPLE = {str(a): a for a in (Trash(), Seed(), Push(), StopPushing(), Accept(), Decline(),
                               DoneBuying(), EndTurn(), Propose(), CancelDeal())}


def _one_tile(text: str) -> Tile:
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise ValueError(f"{text!r}: name one tile as rose/box, e.g. juliet/fresh")
    return tiles[0]


def pay_steps(amount: int) -> list[int]:
    """The draft's pay steps for ``amount`` dollars, in the one order the draft allows: +20s, then
    at most three +5s, then at most four +1s (so each amount has exactly one sequence)."""
    out = [20] * (amount // 20)
    rest = amount % 20
    return out + [5] * (rest // 5) + [1] * (rest % 5)


def offer_steps(o: "Offer") -> list:
    """The draft sequence (rules_version 2) of the compound deal ``o`` (rules_version 1):
    ``deal SEAT``, the takes, the gives, the pay steps (canonical orders), ``propose``."""
    return ([DealWith(o.seat)] + [DealTake(t) for t in o.take] + [DealGive(t) for t in o.give]
            + [DealPay(k) for k in pay_steps(o.pay)] + [Propose()])


def upgrade_history(steps, from_version: int):
    """``[seat, text]`` steps of a Rare Roses history written with rules ``from_version`` as
    rules_version 2 steps: an old compound deal ``offer SEAT take TILES pay N [give TILES]`` becomes
    its draft sequence (:func:`offer_steps`), an old ``fill ID V with TILES`` becomes
    ``choose tiles for ID V`` and one ``use`` per tile; everything else is unchanged."""
    if from_version >= 2:
        return [list(x) for x in steps]
    out = []
    for seat, text in steps:
        try:
            a = parse_action(text)
        except ValueError:
            a = None
        if isinstance(a, Offer):
            out += [[seat, str(x)] for x in offer_steps(a)]
        elif isinstance(a, FillOrder) and a.tiles is not None:
            out.append([seat, str(ChooseTiles(a.card, a.value))])
            out += [[seat, str(UseTile(t))] for t in a.tiles]
        else:
            out.append([seat, text])
    return out


def parse_action(text: str):
    """The action (or chance outcome) written ``text``; raises ``ValueError`` saying what is wrong.
    Case and spacing do not matter (the core's typed-move matching, :func:`normalize_action_text`)."""
    t = normalize_action_text(text)
    if t in _SIMPLE:
        return _SIMPLE[t]
    words = t.split(" ")
    head = words[0] if words else ""
    if head in ("specialty", "draw", "buy") and len(words) == 2:
        if words[1] not in ROSES:
            raise ValueError(f"unknown rose {words[1]!r}")
        return {"specialty": Specialty, "draw": DrawTile, "buy": Buy}[head](words[1])
    if head in ("start", "order") and len(words) == 2 and words[1].isdigit():
        return (StartPlayer if head == "start" else DrawOrder)(int(words[1]))
    if head == "offer":
        # offer SEAT take TILES [pay N] [give TILES]
        if len(words) < 4 or not words[1].isdigit() or words[2] != "take":
            raise ValueError("write: offer SEAT take TILES pay N [give TILES]")
        seat = int(words[1])
        rest = words[3:]
        fields = {"take": [], "pay": [], "give": []}
        key = "take"
        for w in rest:
            if w in ("pay", "give"):
                key = w
                continue
            fields[key].append(w)
        take = parse_tiles("".join(fields["take"]))
        give = parse_tiles("".join(fields["give"]))
        pay = 0
        if fields["pay"]:
            p = "".join(fields["pay"]).lstrip("$")
            if not p.isdigit():
                raise ValueError(f"pay {p!r} is not a whole number of dollars")
            pay = int(p)
        return Offer(seat, take, pay, give)
    if head == "deal" and len(words) == 2 and words[1].isdigit():
        return DealWith(int(words[1]))
    if head in ("take", "give", "use") and len(words) >= 2:
        return {"take": DealTake, "give": DealGive, "use": UseTile}[head](_one_tile("".join(words[1:])))
    if head == "pay" and len(words) == 2 and words[1] in ("+1", "+5", "+20"):
        return DealPay(int(words[1][1:]))
    if head == "choose" and len(words) == 5 and words[1:3] == ["tiles", "for"] and words[3].isdigit() \
            and words[4] in (FILL, MATCH):
        return ChooseTiles(int(words[3]), words[4])
    if head == "fill" and len(words) >= 3 and words[1].isdigit() and words[2] in (FILL, MATCH):
        tiles = None
        if len(words) > 3:
            if words[3] != "with":
                raise ValueError("write: fill ID match|fill [with TILES]")
            tiles = parse_tiles("".join(words[4:]))
        return FillOrder(int(words[1]), words[2], tiles)
    raise ValueError(f"{text!r} is not a Rare Roses action")
