"""Actions of Blades & Rose. ``str(action)`` is the stable text form (records, terminal, server).

Seat actions: :class:`GiveCoin`, :class:`KeepCoin` (round Step 1, BR-5), :class:`ChooseTargets`,
:class:`DeclineEffect`, :class:`ActivateEffect` (the placed crystal's effect, Book of Magic),
:class:`Play` and :class:`Pass` (round Step 2).
Chance outcomes: :class:`DealRole`, :class:`DealCrystal`, :class:`FirstCoin` (Game Setup, BR-4,
BR-5) and :class:`RandomCard` (effects #3/#4).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .cards import CARDS


@dataclass(frozen=True, order=True)
class DealRole:
    """Chance: ``seat`` draws character card ``role`` from the shuffled deck (Game Setup)."""
    seat: int
    role: str

    def __str__(self) -> str:
        return f"deal {self.role} to seat {self.seat}"


@dataclass(frozen=True, order=True)
class DealCrystal:
    """Chance: ``seat`` draws crystal ``number`` from the pool (Game Setup, BR-4)."""
    seat: int
    number: int

    def __str__(self) -> str:
        return f"crystal #{self.number} to seat {self.seat}"


@dataclass(frozen=True, order=True)
class FirstCoin:
    """Chance: ``seat`` holds the coin first (BR-5)."""
    seat: int

    def __str__(self) -> str:
        return f"coin starts at seat {self.seat}"


@dataclass(frozen=True, order=True)
class RandomCard:
    """Chance: the random card taken from ``seat``'s hand by effect #3/#4 is ``card``."""
    seat: int
    card: str

    def __str__(self) -> str:
        return f"random card from seat {self.seat}: {self.card}"


@dataclass(frozen=True, order=True)
class GiveCoin:
    """The coin holder gives the coin to ``seat``, who places their crystal (round Step 1, BR-5)."""
    seat: int

    def __str__(self) -> str:
        return f"give coin to seat {self.seat}"


@dataclass(frozen=True, order=True)
class KeepCoin:
    """The holder keeps the coin and places their own crystal: only when nobody else holds one (BR-5)."""

    def __str__(self) -> str:
        return "keep coin"


@dataclass(frozen=True, order=True)
class ChooseTargets:
    """The placer chooses the seats of effect ``effect`` (e.g. #1's target, #5's pair, #7's
    target). ``seats`` is sorted; the effect gives their roles (e.g. #5's Player A/B by turn order)."""
    effect: int
    seats: tuple[int, ...]

    def __str__(self) -> str:
        return f"#{self.effect} on " + " and ".join(f"seat {s}" for s in self.seats)


@dataclass(frozen=True, order=True)
class ActivateEffect:
    """Activate an optional effect that needs no target (FAQ Q11: only #10 is optional)."""
    effect: int

    def __str__(self) -> str:
        return f"activate #{self.effect}"


@dataclass(frozen=True, order=True)
class DeclineEffect:
    """Do not activate an optional effect (FAQ Q11: only #10)."""
    effect: int

    def __str__(self) -> str:
        return f"decline #{self.effect}"


@dataclass(frozen=True, order=True)
class Play:
    """Play ``card`` from the hand face down (round Step 2)."""
    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, order=True)
class Pass:
    """Declare not playing a card this round (round Step 2)."""

    def __str__(self) -> str:
        return "pass"


#: Interned actions, so that equal actions listed as legal are the identical object (``apply``
#: checks membership by identity first).
PASS = Pass()
KEEP_COIN = KeepCoin()
GIVE_COIN: tuple[GiveCoin, ...] = tuple(GiveCoin(s) for s in range(8))

SEAT_ACTIONS = (GiveCoin, KeepCoin, ChooseTargets, ActivateEffect, DeclineEffect, Play, Pass)
CHANCE_OUTCOMES = (DealRole, DealCrystal, FirstCoin, RandomCard)
#: card -> its (interned) Play action.
PLAY_ACTION = {c: Play(c) for c in CARDS}

_CARD_BY_TEXT = {c.lower(): c for c in CARDS}
_TARGETS_TEXT = re.compile(r"#(\d+) on (seat \d+(?: and seat \d+)*)")


def parse_seat_action(text: str) -> Any:
    """The seat action whose normalised text form is ``text`` (see ``parse_action``), or None."""
    if text == "pass":
        return PASS
    if text == "keep coin":
        return KEEP_COIN
    if text.startswith("give coin to seat "):
        seat = text[len("give coin to seat "):]
        return GiveCoin(int(seat)) if seat.isdigit() else None
    if text.startswith("play "):
        card = _CARD_BY_TEXT.get(text[len("play "):])
        return PLAY_ACTION[card] if card else None
    for prefix, kind in (("activate #", ActivateEffect), ("decline #", DeclineEffect)):
        if text.startswith(prefix):
            number = text[len(prefix):]
            return kind(int(number)) if number.isdigit() else None
    m = _TARGETS_TEXT.fullmatch(text)
    if m:
        seats = tuple(int(part[len("seat "):]) for part in m.group(2).split(" and "))
        return ChooseTargets(int(m.group(1)), seats)
    return None
