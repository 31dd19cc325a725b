"""What one seat of Roses and Thorns may know (its information state, as data).

Fields of :class:`Observation` (JSON through ``roses.core.to_jsonable``):

- ``seat``: the observing seat, ``None`` for a spectator; ``players``; ``round`` (1-based);
- ``phase``: ``start`` | ``lay-first`` | ``add`` | ``bidding`` | ``flip`` | ``lose`` | ``over``;
- ``current_player``: seat to move, -1 chance, -4 game over; ``start_player``;
- ``seats``: one :class:`SeatView` per seat — public facts: ``in_game``, ``cards`` (hand + stack),
  ``hand_size``, ``stack_size``, ``revealed`` (this round's turned-up cards, top first),
  ``markers`` (0 once the seat is out: §4 "their marker no longer counts"), ``passed`` (during the
  bidding), ``thorn_held`` (the public chance that the seat still holds its thorn, from public
  events only: 1 while it has all four cards or since its thorn was last turned up, 0 once all its
  cards were turned up as roses, and × (k-1)/k at each loss drawn from its k cards, RT-6; never
  what the seat itself knows), ``bid`` (its highest bid this round, 0 = none; §3.3);
- ``cards_on_table``, ``high_bid`` (0 = none), ``high_bidder``, ``challenger``, ``flips_left``,
  ``thorn_owner`` (whose thorn stopped the challenge);
- private, only for the observing seat (``None`` for a spectator): ``hand`` (``{"rose": n,
  "thorn": n}``), ``stack`` (own stack bottom → top, kinds), ``lost`` (own lost cards);
- ``winner``; ``log``: the game log as this seat may read it.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SeatView:
    seat: int
    in_game: bool
    cards: int
    hand_size: int
    stack_size: int
    revealed: tuple[str, ...]
    markers: int
    passed: bool
    thorn_held: float
    bid: int


@dataclass(frozen=True)
class Observation:
    seat: int | None
    players: int
    round: int
    phase: str
    current_player: int
    start_player: int | None
    seats: tuple[SeatView, ...]
    cards_on_table: int
    high_bid: int
    high_bidder: int | None
    challenger: int | None
    flips_left: int
    thorn_owner: int | None
    hand: dict | None
    stack: tuple[str, ...] | None
    lost: tuple[str, ...] | None
    winner: int | None
    log: tuple[str, ...]
