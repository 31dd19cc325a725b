"""What one seat of Blades & Rose may know: :class:`BladesAndRoseObservation`.

Fields (the browser table and ``view.py`` draw from these; all JSON data via ``to_jsonable``):

- ``seat``: the observing seat (``None``: a spectator); ``current_player``: seat to move, -1 chance,
  -4 over; ``phase``: ``setup`` | ``coin`` | ``effect`` | ``play`` | ``over``; ``log``: the event
  log as this seat may read it; ``players``: the number of seats.
- Own secrets: ``role`` (character card), ``faction`` (``"White Rose"`` | ``"Blood Blades"``),
  ``hand`` (own cards, canonical order), ``crystal`` (own crystal number until placed, else None),
  ``night_seen`` (BR-3: the seats that had their eyes open at night, for the White Rose, Bishop,
  Double Knife and Great Sword; None for everyone else).
- Public board: ``coin`` (coin holder), ``hand_counts`` (cards per seat, Q7), ``holds_crystal``
  (per seat, Q7), ``placed_crystals`` ((seat, number) in placing order; effects are public once
  placed), ``sacrifice_area``, ``death_area``, ``sanctuary``, ``removed_ghosts`` (count),
  ``blades_revealed`` (blade cards revealed so far), ``sacrifice_count`` / ``death_count``
  (Flower Buds in each area), ``sacrifice_target`` / ``death_limit`` (BR-6), ``crystals_left``.
- Rounds: ``rounds`` (completed, oldest first) and ``current_round`` (or None), each a
  :class:`RoundView`: who gave the coin to whom, the crystal and its effect, the effect's targets
  and constraints, the turn order, who played a card face down and who passed, the revealed cards
  as a sorted multiset (a shuffled round says nothing about who played which card), and
  ``attribution`` (seat, card) pairs only for a resolved round under effect #2. ``my_card`` is the
  card this seat itself played that round.
- End: ``winner`` (faction), ``end_reason``, ``returns`` (per seat) and ``roles`` (own role only
  while the game runs; every seat's role once it is over); ``held_at_end``: at an end by FAQ Q12
  won by the Blood Blades, the White Rose Faction seats that still held faction cards, with those
  cards (empty otherwise, and always before the end).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RoundView:
    """One round as a seat sees it (see the module docstring)."""

    number: int
    giver: int
    receiver: int
    crystal: int
    effect: str
    effect_applied: bool
    targets: tuple[int, ...]
    must_play: tuple[int, ...]
    bound: tuple[int, ...] | None
    unshuffled: bool
    order: tuple[int, ...]
    random_seats: tuple[int, ...]
    played: tuple[int, ...]
    passed: tuple[int, ...]
    revealed: tuple[str, ...]
    attribution: tuple[tuple[int, str], ...] | None
    outcome: str
    my_card: str | None


@dataclass(frozen=True)
class BladesAndRoseObservation:
    """One seat's view of a Blades & Rose game (fields: see the module docstring)."""

    seat: int | None
    current_player: int
    phase: str
    log: tuple[str, ...]
    players: int
    role: str | None
    faction: str | None
    hand: tuple[str, ...]
    crystal: int | None
    night_seen: tuple[int, ...] | None
    coin: int | None
    hand_counts: tuple[int, ...]
    holds_crystal: tuple[bool, ...]
    placed_crystals: tuple[tuple[int, int], ...]
    rounds: tuple[RoundView, ...]
    current_round: RoundView | None
    sacrifice_area: tuple[str, ...]
    death_area: tuple[str, ...]
    sanctuary: tuple[str, ...]
    removed_ghosts: int
    blades_revealed: tuple[str, ...]
    sacrifice_count: int
    death_count: int
    sacrifice_target: int
    death_limit: int
    crystals_left: int
    winner: str | None
    end_reason: str
    returns: tuple[float, ...] | None
    roles: tuple[str | None, ...]
    held_at_end: tuple[tuple[int, tuple[str, ...]], ...] = ()
