"""What one seat of Rose Ceremony sees (RC-3): the :class:`RoseCeremonyObservation` dataclass.

Fields (all JSON data through ``roses.core.to_jsonable``; a card is ``{"roses": r, "thorns": t}``):

``seat``            the observing seat, ``None`` for a spectator.
``players``         number of seats.
``current_player``  seat to move, ``-1`` while chance moves (deal, start, draw), ``-4`` once over.
``phase``           ``"deal"``, ``"start"``, ``"offer"`` (the turn player chooses a card and a
                    receiver), ``"respond"`` (the receiver accepts or refuses), ``"exchange"`` (the
                    turn player may exchange the bouquet, RC-4), ``"draw"`` (drawing back to 4),
                    ``"over"``.
``turn_player``     whose turn it is (``None`` before the start player is known).
``start_player``    the round's first player (``None`` until drawn); rounds end after the seat
                    before it has played (RC-5).
``hand``            the observing seat's own cards, sorted (``()`` for a spectator). Hidden from
                    every other seat (RC-3).
``hand_sizes``      number of cards in each seat's hand (public).
``bouquets``        each seat's bouquet, face up, in the order the cards arrived (public).
``bouquet_roses``   roses in each bouquet (sum of rose values, RC-2).
``bouquet_thorns``  thorns in each bouquet (sum of thorn values); 5+ wilts it.
``points``          charm points (heart tokens) of each seat (public; RC-6 unlimited supply).
``deck_size``       cards left in the rose card deck.
``discard``         the discard pile, face up, oldest first.
``discard_count``   ``len(discard)``.
``pending_offer``   ``None``, or the offer waiting for the receiver's choice: ``offerer``,
                    ``receiver`` and ``card`` (the card only for the offerer; ``None`` for
                    everybody else, the receiver included, RC-3).
``last_round``      ``True`` once the deck has run out: the round is being finished without draws.
``log``             the game log as this seat may read it (``state.log.view(seat)``).
``returns``         per-seat result once over (``1/k`` for each of ``k`` winners), else ``None``.
``winners``         the winning seats once over, else ``()``.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import Card


@dataclass(frozen=True)
class PendingOffer:
    """A card offered on a date, waiting for the receiver's choice. ``card`` is ``None`` for every
    seat but the offerer (RC-3)."""

    offerer: int
    receiver: int
    card: Card | None


@dataclass(frozen=True)
class RoseCeremonyObservation:
    """One seat's view of a Rose Ceremony state; see the module docstring for every field."""

    seat: int | None
    players: int
    current_player: int
    phase: str
    turn_player: int | None
    start_player: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    bouquets: tuple[tuple[Card, ...], ...]
    bouquet_roses: tuple[int, ...]
    bouquet_thorns: tuple[int, ...]
    points: tuple[int, ...]
    deck_size: int
    discard: tuple[Card, ...]
    discard_count: int
    pending_offer: PendingOffer | None
    last_round: bool
    log: tuple[str, ...]
    returns: tuple[float, ...] | None
    winners: tuple[int, ...]
