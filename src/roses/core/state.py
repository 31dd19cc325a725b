"""The game-agnostic state contract, after OpenSpiel's ``State``.

A game's state class subclasses :class:`State` and fills in the hooks marked *game hook*. The base
class provides the checked ``apply``, chance sampling with the game's own seeded RNG, cloning,
snapshots for equality, and history-based JSON (de)serialisation.

Seats are ``0..n-1``; clockwise is increasing seat index (RULINGS.md, seating convention).
"""
from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING, Any, Sequence

from .errors import IllegalActionError, RecordError
from .log import EventLog
from .serial import to_jsonable

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

#: ``current_player()`` value while chance (the shuffle, a draw, a random pick) is to move.
CHANCE = -1
#: ``current_player()`` value once the game is over.
TERMINAL = -4

Action = Any  # a frozen dataclass defined by each game; ``str(action)`` is its stable text form


class State:
    """One position of a game, plus everything needed to continue it reproducibly.

    Attributes:
        game: the :class:`~roses.core.game.Game` (rules + validated parameters); shared, immutable.
        seed: the seed of this game's RNG (int).
        rng: the single ``random.Random`` used for every chance outcome of this game.
        history: ``(seat, action)`` pairs applied so far, chance outcomes as seat ``CHANCE``.
        log: the :class:`~roses.core.log.EventLog` of what happened, as each seat may read it.
    """

    def __init__(self, game: "Game", seed: int):
        self.game = game
        self.seed = int(seed)
        self.rng = random.Random(self.seed)
        self.history: list[tuple[int, Action]] = []
        self.log = EventLog()

    # ------------------------------------------------------------------ game hooks
    def current_player(self) -> int:
        """Seat to move (``0..n-1``), :data:`CHANCE`, or :data:`TERMINAL`. *Game hook.*"""
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:
        """Legal actions of the seat to move, in a stable order. *Game hook.*"""
        raise NotImplementedError

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        """``(outcome, probability)`` pairs at a chance node; probabilities sum to 1. *Game hook.*"""
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        """Apply an action already known to be legal. *Game hook.*"""
        raise NotImplementedError

    def observation(self, seat: int | None) -> Any:
        """What ``seat`` may know now, as a frozen dataclass of JSON-able values.

        ``seat=None`` is a spectator: public information only. *Game hook.*
        """
        raise NotImplementedError

    def returns(self) -> list[float]:
        """Per-seat result once terminal (zeros before): 1.0 for a sole winner or each member of a
        winning team, ``1/k`` for each of ``k`` players sharing a win, 0.0 otherwise. *Game hook.*"""
        raise NotImplementedError

    def determinize(self, seat: int, rng: random.Random) -> "State":
        """A copy of this state in which everything hidden from ``seat`` is re-drawn at random,
        consistently with what ``seat`` observes (TAG's "copy as one seat sees it"; the input to
        ISMCTS). ``observation(seat)`` of the copy equals this state's. *Game hook.*"""
        raise NotImplementedError

    def scores(self) -> list[float] | None:
        """The game's own score per seat (e.g. dollars in Rare Roses), or ``None`` for games
        scored by winning alone. Simulation summaries report their mean. *Game hook.*"""
        return None

    def result_tags(self) -> dict[str, str]:
        """Categorical labels of how a finished game ended, which simulation summaries count (e.g.
        ``{"winning_faction": "White Rose"}``). *Game hook;* default none."""
        return {}

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if the state breaks one of the game's invariants (e.g. cards
        are not conserved). *Game hook;* used by :mod:`roses.core.conformance`."""

    def explain_illegal(self, action: Action) -> IllegalActionError:
        """The typed error for an action that is not legal here, naming the rule. *Game hook;*
        the default names only the current phase."""
        return IllegalActionError("legal actions", f"{action} is not a legal action now", action)

    # ------------------------------------------------------------------ provided
    @property
    def num_players(self) -> int:
        return self.game.num_players

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def legal_actions(self) -> list[Action]:
        """Legal actions of the seat to move; at a chance node, the possible outcomes; ``[]`` once
        terminal."""
        p = self.current_player()
        if p == TERMINAL:
            return []
        if p == CHANCE:
            return [a for a, _ in self._chance_outcomes()]
        return self._legal_actions()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``(outcome, probability)`` pairs; ``[]`` when chance is not to move."""
        return self._chance_outcomes() if self.is_chance_node() else []

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    def apply(self, action: Action) -> None:
        """Apply ``action`` for the seat to move (or a chance outcome at a chance node).

        Raises :class:`IllegalActionError` naming the rule when ``action`` is not legal; the state
        is then unchanged.
        """
        seat = self.current_player()
        if seat == TERMINAL:
            raise IllegalActionError("end of the game", "the game is over; no action is legal", action)
        if not self.is_legal(action):
            raise self.explain_illegal(action)
        self._apply(action)
        if seat == CHANCE:
            self.rng.random()  # one draw per chance outcome, sampled or chosen (see sample_chance)
        self.history.append((seat, action))

    def sample_chance(self) -> Action:
        """The chance outcome that this game's RNG draws next (by the outcomes' probabilities).

        Pure: it peeks at the RNG's next number; applying any chance outcome consumes that number,
        so a state is fully determined by its seed and history (and replays exactly)."""
        peek = random.Random()
        peek.setstate(self.rng.getstate())
        r = peek.random()
        outcomes = self._chance_outcomes()
        acc = 0.0
        for a, p in outcomes:
            acc += p
            if r < acc:
                return a
        return outcomes[-1][0]

    def resolve_chance(self) -> None:
        """Apply sampled chance outcomes until a seat is to move or the game is over."""
        while self.is_chance_node():
            self.apply(self.sample_chance())

    def action_from_text(self, text: str) -> Action:
        """The legal action (or chance outcome) whose text form is ``text``.

        The text form itself matches; so does a typed variant of it that differs only in case and
        spacing (``"BID  2"`` for ``"bid 2"``, see :func:`normalize_action_text`), for the terminal
        and the server's typed moves alike. Raises :class:`IllegalActionError` when no legal
        action matches (or, should a game ever have two that differ only so, when the typed text
        does not say which)."""
        legal = self.legal_actions()
        for a in legal:
            if str(a) == text:
                return a
        key = normalize_action_text(text)
        matches = [a for a in legal if normalize_action_text(str(a)) == key]
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise IllegalActionError("legal actions", f"{text!r} could be any of: "
                                     + ", ".join(str(a) for a in matches[:12]), text)
        shown = ", ".join(str(a) for a in legal[:12])
        raise IllegalActionError("legal actions", f"{text!r} is not a legal action now; legal: {shown}", text)

    def clone(self) -> "State":
        """An independent copy. The game, the actions and the log entries are immutable and shared;
        everything else is deep-copied."""
        new = object.__new__(type(self))
        memo: dict[int, Any] = {id(self.game): self.game}
        for k, v in vars(self).items():
            if k == "rng":
                v = random.Random()
                v.setstate(self.rng.getstate())
            elif k == "history":
                v = list(v)
            elif k == "log":
                v = EventLog(list(v.entries))
            elif k != "game":
                v = copy.deepcopy(v, memo)
            setattr(new, k, v)
        return new

    def snapshot(self) -> dict[str, Any]:
        """Every field of the state as JSON data (for equality checks and debugging). Includes the
        hidden information: never send it to a player."""
        out = {}
        for k, v in vars(self).items():
            if k in ("game", "rng"):
                continue
            if k == "history":
                out[k] = [[s, str(a)] for s, a in v]
            elif k == "log":
                out[k] = [[e.public, e.private] for e in v.entries]
            else:
                out[k] = to_jsonable(v)
        out["rng"] = hash(self.rng.getstate())  # ints hash to themselves: stable across runs
        return out

    def to_json(self) -> dict[str, Any]:
        """JSON data from which :meth:`from_json` rebuilds an equal state: game, parameters, seed
        and the history of action texts (as OpenSpiel serialises states; the RNG's position follows
        from the seed and the number of chance outcomes)."""
        return {
            "game": self.game.name,
            "params": to_jsonable(dict(self.game.params)),
            "seed": self.seed,
            "history": [[s, str(a)] for s, a in self.history],
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> "State":
        """Rebuild a state from :meth:`to_json` data by replaying its history.

        Raises :class:`~roses.core.errors.RecordError` if the history is not legal.
        """
        from .registry import load

        game = load(data["game"], **data.get("params", {}))
        state = game.new_initial_state(data["seed"])
        return replay_history(state, data["history"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and type(other) is type(self) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]


def normalize_action_text(text: str) -> str:
    """``text`` as typed-move matching compares it: stripped, each run of whitespace made one
    space, lower case (``" BID   2 "`` → ``"bid 2"``). Input: any string; output: a string."""
    return " ".join(str(text).split()).lower()


def _mover(seat: Any) -> str:
    """Who moves, in words: "seat 2", "chance" (seat CHANCE), "nobody (the game is over)"."""
    if seat == CHANCE:
        return "chance"
    if seat == TERMINAL:
        return "nobody (the game is over)"
    return f"seat {seat}"


def apply_recorded(state: State, step: int, seat: int, text: str) -> Action:
    """Apply the recorded action ``[seat, text]`` (step ``step`` of a record or stored history) to
    ``state`` in place and return the action.

    The one check of a recorded step, shared by :func:`replay_history`, record replay
    (:mod:`roses.core.record`), the terminal's ``roses replay`` and the server. Raises
    :class:`RecordError` naming the step when ``seat`` is not the seat to move (chance is seat
    :data:`CHANCE`) or ``text`` is not a legal action there; ``state`` is then unchanged.
    """
    if state.current_player() != seat:
        raise RecordError(f"step {step}: the record says {_mover(seat)} moves, the state says {_mover(state.current_player())}")
    try:
        action = state.action_from_text(text)
        state.apply(action)
    except IllegalActionError as e:
        raise RecordError(f"step {step}: {e}") from None
    return action


def replay_history(state: State, history: Sequence[Sequence[Any]]) -> State:
    """Apply ``[seat, action_text]`` pairs to ``state`` in place and return it.

    Raises :class:`RecordError` at the first step whose seat or action does not fit (see
    :func:`apply_recorded`).
    """
    for i, (seat, text) in enumerate(history):
        apply_recorded(state, i, seat, text)
    return state
