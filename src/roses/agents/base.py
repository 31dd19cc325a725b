"""What an agent sees and how it answers.

An agent is asked to act through a :class:`Turn`: its seat, its observation and the legal actions,
plus :meth:`Turn.sample_state` for search agents (a determinized copy of the state as the seat
sees it). Agents never read the true state, so no bot can peek at hidden cards.
"""
from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from roses.core import State
from roses.core.talk import Talk


class Turn:
    """One decision for one seat.

    Attributes:
        seat: the seat to move (int).
        legal_actions: the legal actions, in the game's stable order.
        game: the :class:`~roses.core.Game`.
        talk: the table talk so far (a tuple of :class:`~roses.core.talk.Talk`, oldest first):
            public statements outside the game state, never enforced; an agent may weigh them as
            evidence. Empty when the table has none (or the caller passes none).
    Properties:
        observation: ``observation(seat)`` (the game's observation dataclass), built on first use:
            a bot that never reads it (random play) costs nothing for it.

    The true state stays behind :meth:`sample_state` and :attr:`observation`, which give only what
    the seat may know; an agent reads nothing else of it (``tests/agents`` checks that no agent
    module touches a private hook or the state).
    """

    __slots__ = ("seat", "legal_actions", "game", "talk", "_observation", "_source")

    def __init__(self, seat: int, observation: Any, legal_actions: list[Any], _state: State,
                 talk: tuple[Talk, ...] = ()):
        self.seat = seat
        self.talk = tuple(talk)
        self.legal_actions = legal_actions
        self.game = _state.game
        self._observation = observation
        self._source = _state

    @classmethod
    def of(cls, state: State, talk: tuple[Talk, ...] = ()) -> "Turn":
        """The turn of the seat to move in ``state`` (its observation is built lazily), hearing
        ``talk``."""
        return cls(state.current_player(), None, state.legal_actions(), state, talk)

    @classmethod
    def listening(cls, state: State, seat: int, talk: tuple[Talk, ...] = ()) -> "Turn":
        """``seat``'s view of ``state`` when it may speak but not move (no legal actions unless it
        is to move): what a bot's :meth:`Speaker.speak` is given."""
        legal = state.legal_actions() if state.current_player() == seat else []
        return cls(seat, None, legal, state, talk)

    @property
    def observation(self) -> Any:
        if self._observation is None:
            self._observation = self._source.observation(self.seat)
        return self._observation

    @property
    def at_move(self) -> int:
        """How many steps (actions and chance outcomes) the game has taken: public, the position a
        statement made now is recorded at (:attr:`roses.core.talk.Talk.at_move`)."""
        return len(self._source.history)

    def sample_state(self, rng: random.Random) -> State:
        """A full state consistent with this seat's information (hidden parts drawn by ``rng``):
        :meth:`State.determinize`, whose world has its own seed, history and log, so neither its
        past nor its future chance outcomes say anything about the real game's."""
        return self._source.determinize(self.seat, rng)

    def information_state_key(self) -> tuple:
        """This seat's information-state key (:meth:`State.information_state_key`): what it knows,
        as a hashable; a world from :meth:`sample_state` has the same."""
        return self._source.information_state_key(self.seat)

    def __repr__(self) -> str:
        return f"Turn(seat={self.seat}, legal_actions={self.legal_actions!r})"


@runtime_checkable
class Agent(Protocol):
    """Anything with a ``name`` and ``act(turn) -> action`` (one of ``turn.legal_actions``)."""

    name: str

    def act(self, turn: Turn) -> Any: ...


@runtime_checkable
class Speaker(Protocol):
    """An agent that also talks: ``speak(turn, talk) -> Talk | None``, a statement for
    ``turn.seat`` given the talk so far (``None``: it says nothing). What it says is public and
    never enforced; the server's bot runner and a match may call it."""

    def speak(self, turn: Turn, talk: tuple[Talk, ...]) -> Talk | None: ...


class RandomAgent:
    """Uniformly random legal action, from its own seeded RNG."""

    name = "random"

    def __init__(self, game: Any = None, seed: int = 0):
        self.rng = random.Random(seed)

    def act(self, turn: Turn) -> Any:
        return self.rng.choice(turn.legal_actions)


def tell_table(agents: Any, table: Any) -> None:
    """Tell every agent in ``agents`` (a sequence, or a ``{seat: agent}`` mapping) who sits where:
    ``table[s]`` is seat ``s``'s bot name or ``None`` for a person, as every player at the table
    sees it. Agents that model the other seats by who they are (``meet(table)``, the strong search
    levels) hear it; the others ignore it."""
    for agent in (agents.values() if isinstance(agents, dict) else agents):
        meet = getattr(agent, "meet", None)
        if meet is not None:
            meet(tuple(table))
