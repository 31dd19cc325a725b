"""Roses and Thorns actions (rulebook §2–§5). ``str(action)`` is the stable text form.

Every action the engine lists is one of the interned objects at the end of this module (``BIDS[k]``,
``FLIPS[t]``, ``LAYS[kind]`` …), so legal lists are cheap to build and ``apply``'s membership test
hits on identity. Equal actions built anew (``Bid(3)``) still compare and hash equal."""
from __future__ import annotations

from dataclasses import dataclass

ROSE = "rose"
THORN = "thorn"  # RT-1: the spade of a player's rank
CARDS_PER_PLAYER = 4  # "three roses and one thorn" (§2)
KINDS = (ROSE, THORN)


@dataclass(frozen=True, slots=True)
class Start:
    """Chance outcome: the first start player (§3.2 "choose one at random", RT-3)."""

    seat: int

    def __str__(self) -> str:
        return f"start {self.seat}"


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay a card of kind ``card`` ("rose"/"thorn") from the hand face down on the own stack (§3.1, §3.2)."""

    card: str

    def __str__(self) -> str:
        return f"lay {self.card}"


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``count`` cards: start the bidding (§3.2) or raise (§3.3)."""

    count: int

    def __str__(self) -> str:
        return f"bid {self.count}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: out of the bidding for this round (§3.3)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Flip:
    """The challenger turns up the top face-down card of ``seat``'s stack (§3.4 step 2)."""

    seat: int

    def __str__(self) -> str:
        return f"flip {self.seat}"


@dataclass(frozen=True, slots=True)
class Lose:
    """The challenger loses a card of kind ``card`` after a thorn (§3.4). A chance outcome (RT-6),
    or the challenger's choice on an own thorn in the "original rule" variant (``own_thorn_choice``)."""

    card: str

    def __str__(self) -> str:
        return f"lose {self.card}"


#: The most seats (RT-7) and so the most cards on the table (4 a seat, §2).
MAX_SEATS = 10
MAX_CARDS = 4 * MAX_SEATS

STARTS = tuple(Start(s) for s in range(MAX_SEATS))
LAY_ROSE, LAY_THORN = Lay(ROSE), Lay(THORN)
LAYS = {ROSE: LAY_ROSE, THORN: LAY_THORN}
BIDS = tuple(Bid(k) for k in range(MAX_CARDS + 1))  # BIDS[k] is Bid(k); BIDS[0] is never legal
PASS = Pass()
FLIPS = tuple(Flip(t) for t in range(MAX_SEATS))
LOSE_ROSE, LOSE_THORN = Lose(ROSE), Lose(THORN)
LOSES = {ROSE: LOSE_ROSE, THORN: LOSE_THORN}
