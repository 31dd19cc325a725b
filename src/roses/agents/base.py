"""What an agent sees and how it answers.

An agent is asked to act through a :class:`Turn`: its seat, its observation and the legal actions,
plus :meth:`Turn.sample_state` for search agents (a determinized copy of the state as the seat
sees it). Agents never read the true state, so no bot can peek at hidden cards.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from roses.core import EventLog, LogEntry, State


@dataclass
class Turn:
    """One decision for one seat.

    Attributes:
        seat: the seat to move (int).
        observation: ``state.observation(seat)`` (the game's observation dataclass).
        legal_actions: the legal actions, in the game's stable order.
    """

    seat: int
    observation: Any
    legal_actions: list[Any]
    _state: State = field(repr=False)

    @classmethod
    def of(cls, state: State) -> "Turn":
        seat = state.current_player()
        return cls(seat, state.observation(seat), state.legal_actions(), state)

    @property
    def game(self):
        return self._state.game

    def sample_state(self, rng: random.Random) -> State:
        """A full state consistent with this seat's information (hidden parts drawn by ``rng``).

        Its RNG is re-seeded from ``rng``, so future chance outcomes sampled in it tell nothing
        about the real game's; it has no past (empty history) and its log keeps only the wording
        this seat may read, since a game's determinize re-draws the present, not the record."""
        world = self._state.determinize(self.seat, rng)
        world.rng = random.Random(rng.getrandbits(64))
        world.history = []
        world.log = EventLog([LogEntry(e.public, tuple(p for p in e.private if p[0] == self.seat))
                              for e in world.log.entries])
        return world


@runtime_checkable
class Agent(Protocol):
    """Anything with a ``name`` and ``act(turn) -> action`` (one of ``turn.legal_actions``)."""

    name: str

    def act(self, turn: Turn) -> Any: ...


class RandomAgent:
    """Uniformly random legal action, from its own seeded RNG."""

    name = "random"

    def __init__(self, game: Any = None, seed: int = 0):
        self.rng = random.Random(seed)

    def act(self, turn: Turn) -> Any:
        return self.rng.choice(turn.legal_actions)
