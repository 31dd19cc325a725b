"""Rose Ceremony actions and chance outcomes; ``str(action)`` is the stable text form.

Seat actions:
    ``offer 3/1 to 2``  go on a date with seat 2, offering a 3-rose 1-thorn card face down
                        ("Go on a Date"). Cards of equal value are interchangeable, so the card's
                        value plus the receiver identify the action among the legal ones.
    ``accept``/``refuse`` the receiver's choice, made without seeing the card (RC-3).
    ``exchange``        exchange the whole bouquet for charm points (RC-4).
    ``keep``            decline the optional exchange; the turn ends.
Chance outcomes:
    ``deal 3/1 to 2``   Setup: one card dealt face down to seat 2.
    ``start 2``         seat 2 starts (the rulebook's "most recently pricked" is not computable).
    ``draw 3/1 for 2``  seat 2 draws back to 4 cards at the end of its turn.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import Card


@dataclass(frozen=True)
class Offer:
    """Offer ``card`` face down to seat ``to`` (Go on a Date, mandatory)."""

    card: Card
    to: int

    def __str__(self) -> str:
        return f"offer {self.card} to {self.to}"


@dataclass(frozen=True)
class Accept:
    """The receiver adds the offered card to their own bouquet."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True)
class Refuse:
    """The receiver refuses; the offerer adds the card to their own bouquet."""

    def __str__(self) -> str:
        return "refuse"


@dataclass(frozen=True)
class Exchange:
    """Exchange the whole bouquet for charm points (RC-4)."""

    def __str__(self) -> str:
        return "exchange"


@dataclass(frozen=True)
class Keep:
    """Decline the optional exchange and end the turn."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True)
class Deal:
    """Chance (Setup): ``card`` is dealt face down to ``seat``."""

    card: Card
    seat: int

    def __str__(self) -> str:
        return f"deal {self.card} to {self.seat}"


@dataclass(frozen=True)
class Start:
    """Chance: ``seat`` is the start player."""

    seat: int

    def __str__(self) -> str:
        return f"start {self.seat}"


@dataclass(frozen=True)
class Draw:
    """Chance: ``seat`` draws ``card`` from the rose card deck at the end of its turn."""

    card: Card
    seat: int

    def __str__(self) -> str:
        return f"draw {self.card} for {self.seat}"


ACCEPT = Accept()
REFUSE = Refuse()
EXCHANGE = Exchange()
KEEP = Keep()
