"""The Book of Magic: crystal effects as a registry (rulebook "Details on the Book of Magic
Effects", BR-4).

:data:`EFFECTS` maps an effect number to an :class:`Effect` object. The round logic in
``state.py`` only calls the three hooks below, so a new effect is one more subclass and one more
entry in the registry, with no change to the round logic:

- ``can_apply(state, placer) -> bool`` — can the effect be activated now? "The effect must be
  activated when the Crystal is placed, if it can be done" (FAQ Q3: otherwise nothing happens).
- ``choices(state, placer) -> list[tuple[int, ...]]`` — the target tuples the placer chooses from
  (sorted seats); ``[]`` for an effect without a choice.
- ``apply(state, placer, targets)`` — change the current round (``state.rnd``, a
  :class:`~roses.games.blades_and_rose.state.Round`) or the hands. Randomness is never drawn here:
  an effect that needs a random card appends the seat to ``state.rnd.pending_random`` and the state
  draws it as a chance node.

``optional`` marks an effect the placer may decline (FAQ Q11: only #10). The rulebook prints
effects #1–#8 (bullet k is effect #k, BR-4); #9–#12 are not printed, so they are not registered.
Seats: clockwise = increasing index; "left" = next seat clockwise, "right" = previous (RULINGS.md).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .state import BladesAndRoseState

#: Effect numbers the placer may choose not to activate (FAQ Q11).
OPTIONAL_EFFECTS = frozenset({10})


@dataclass(frozen=True)
class Effect:
    """One Book of Magic effect. Subclasses override the hooks (see the module docstring)."""

    number: int
    title: str
    text: str

    @property
    def optional(self) -> bool:
        """FAQ Q11: only effect #10 may be chosen not to be activated."""
        return self.number in OPTIONAL_EFFECTS

    def can_apply(self, state: "BladesAndRoseState", placer: int) -> bool:
        return True

    def choices(self, state: "BladesAndRoseState", placer: int) -> list[tuple[int, ...]]:
        return []

    def apply(self, state: "BladesAndRoseState", placer: int, targets: tuple[int, ...]) -> None:
        raise NotImplementedError


def _with_cards(state: "BladesAndRoseState") -> list[int]:
    return [s for s in range(state.num_players) if state.hands[s]]


class MustPlay(Effect):
    """#1: "Target player must play a card in this round. Select a player other than yourself ...
    This effect can only be used on players who still have cards in their hand." """

    def can_apply(self, state, placer):
        return bool(self.choices(state, placer))

    def choices(self, state, placer):
        return [(s,) for s in _with_cards(state) if s != placer]

    def apply(self, state, placer, targets):
        state.rnd.must_play.append(targets[0])


class Unshuffled(Effect):
    """#2: "The cards played this round are revealed without shuffling ... Everyone will know who
    played which card." """

    def apply(self, state, placer, targets):
        state.rnd.unshuffled = True


class RandomFromNeighbour(Effect):
    """#3 (right) and #4 (left): "must play a card from their hand randomly ... If they have no
    cards left, the effect is not activated" (FAQ Q3). The card is drawn at once, face down, as a
    chance node; nobody but its owner (who sees the hand shrink) learns which card it was."""

    def neighbour(self, state, placer) -> int:
        return state.right_of(placer) if self.number == 3 else state.left_of(placer)

    def can_apply(self, state, placer):
        return bool(state.hands[self.neighbour(state, placer)])

    def apply(self, state, placer, targets):
        state.rnd.pending_random.append(self.neighbour(state, placer))


class Bind(Effect):
    """#5: "Bind two players ... Select any two players who still have cards in their hands. Player
    A will be the one earlier in turn order. If Player A plays a card, Player B must also play a
    card. If Player A doesn't play, Player B cannot play either. If fewer than two players have
    cards left, the effect is not activated." Any two seats, the placer included."""

    def can_apply(self, state, placer):
        return len(_with_cards(state)) >= 2

    def choices(self, state, placer):
        return [pair for pair in combinations(_with_cards(state), 2)]

    def apply(self, state, placer, targets):
        order = state.rnd.order
        a, b = sorted(targets, key=order.index)
        state.rnd.bound = [a, b]


class PlacerLast(Effect):
    """#6: "You are the last player of this round, instead of going first." """

    def apply(self, state, placer, targets):
        state.rnd.order = [s for s in state.rnd.order if s != placer] + [placer]


class AddGhost(Effect):
    """#7: "Target player puts a Ghost card into their hand. Select a player other than yourself.
    They pick up a Ghost card from the table" (supply unlimited, BR-8)."""

    def choices(self, state, placer):
        return [(s,) for s in range(state.num_players) if s != placer]

    def apply(self, state, placer, targets):
        state.add_ghost(targets[0])


class Neighbours(Effect):
    """#8: "Both players on your left and right must play a card from their hand ... if they have
    any cards in their hands." Not activated when neither has a card (FAQ Q3)."""

    def seats(self, state, placer) -> list[int]:
        return [s for s in (state.right_of(placer), state.left_of(placer)) if state.hands[s]]

    def can_apply(self, state, placer):
        return bool(self.seats(state, placer))

    def apply(self, state, placer, targets):
        for s in self.seats(state, placer):
            if s not in state.rnd.must_play:
                state.rnd.must_play.append(s)


#: effect number -> effect (BR-4: bullet k of the Book of Magic is effect #k).
EFFECTS: dict[int, Effect] = {e.number: e for e in (
    MustPlay(1, "Must play", "Target player must play a card in this round."),
    Unshuffled(2, "Unshuffled", "The cards played this round are revealed without shuffling."),
    RandomFromNeighbour(3, "Random card from the right",
                        "The player on your right must play a card from their hand randomly."),
    RandomFromNeighbour(4, "Random card from the left",
                        "The player on your left must play a card from their hand randomly."),
    Bind(5, "Bind two players",
         "Bind two players. The first player to go may play a card, and the other must do the same."),
    PlacerLast(6, "Last to play", "You are the last player of this round, instead of going first."),
    AddGhost(7, "Ghost", "Target player puts a Ghost card into their hand."),
    Neighbours(8, "Both neighbours play",
               "Both players on your left and right must play a card from their hand."),
)}

#: BR-4: the default crystal pool, one crystal per printed effect.
DEFAULT_CRYSTALS: tuple[int, ...] = tuple(range(1, 9))


def effect(number: int) -> Effect:
    """The registered effect ``number``; ``KeyError`` if none is registered."""
    return EFFECTS[number]
