"""The game-agnostic state contract, after OpenSpiel's ``State``.

A game's state class subclasses :class:`State` and fills in the hooks marked *game hook*. The base
class provides the checked ``apply``, chance sampling with the game's own seeded RNG, cloning,
snapshots for equality, and history-based JSON (de)serialisation.

Seats are ``0..n-1``; clockwise is increasing seat index (RULINGS.md, seating convention).
"""
from __future__ import annotations

import copy
import operator
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


def whole_index(value: Any) -> int | None:
    """``value`` as an ``int`` when it is an integer of any type (``int``, numpy's: what a policy
    or an array gives), else ``None``: ``True``, ``1.0``, ``None`` and text are not indices.
    The one check behind a seat (:meth:`State.observation`, ``determinize``) and an adapter's
    action id."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


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
        self.num_players = game.num_players  # a plain attribute: read on every hot path
        self.seed = int(seed)
        self.rng = random.Random(self.seed)
        self._rng_shared = False  # copy-on-write: a clone shares the RNG until either draws
        self._peeked: float | None = None  # the next number, drawn by sample_chance, not yet used
        self._legal: list[Action] | None = None  # legal actions of this position, once asked for
        self.history: list[tuple[int, Action]] = []
        self.log = EventLog()

    # ------------------------------------------------------------------ game hooks
    def current_player(self) -> int:
        """Seat to move (``0..n-1``), :data:`CHANCE`, or :data:`TERMINAL`. *Game hook.*"""
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:
        """Legal actions of the seat to move, in a stable order. *Game hook* (called once per
        position: :meth:`legal_actions` caches it)."""
        raise NotImplementedError

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        """``(outcome, probability)`` pairs at a chance node; probabilities sum to 1. *Game hook.*"""
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        """Apply an action already known to be legal. *Game hook.*"""
        raise NotImplementedError

    def _sample_history(self, seat: int, rng: random.Random) -> list[tuple[int, Action]]:
        """A history of ``(seat, action)`` steps, chance outcomes included, drawn with ``rng`` among
        those that ``seat`` cannot tell apart from this state's own: the seat's own actions and
        everything public as they were, everything hidden from it re-drawn consistently. *Game hook*
        behind :meth:`determinize`; it must read only what ``seat`` may know (the conformance check
        :func:`roses.core.conformance.check_determinize` proves it)."""
        raise NotImplementedError

    def _observation(self, seat: int | None) -> Any:
        """What ``seat`` (``0..n-1``, or ``None``: a spectator) may know now, as a frozen dataclass
        of JSON-able values. *Game hook* behind :meth:`observation`, which checks the seat."""
        raise NotImplementedError

    def returns(self) -> list[float]:
        """Per-seat result once terminal (zeros before): 1.0 for a sole winner or each member of a
        winning team, ``1/k`` for each of ``k`` players sharing a win, 0.0 otherwise. *Game hook.*"""
        raise NotImplementedError

    def scores(self) -> list[float] | None:
        """The game's own score per seat (e.g. dollars in Rare Roses), or ``None`` for games
        scored by winning alone. Simulation summaries report their mean. *Game hook.*"""
        return None

    def result_tags(self) -> dict[str, str]:
        """Categorical labels of how a finished game ended, which simulation summaries count (e.g.
        ``{"winning_faction": "White Rose"}``). Public once the game is over: the server's views
        and replays carry them for the end screen, so a tag names nothing a seat could not learn
        by the end. *Game hook;* default none."""
        return {}

    def unseen_actions(self, seat: int | None) -> int:
        """How many actions of :attr:`history` ``seat`` (or a spectator, ``None``) cannot tell
        happened: not only their content but their number is hidden from it, and none of them
        changed its observation (e.g. the steps of another seat's deal draft in Rare Roses,
        RR-7). What a seat may count is part of what it may know: the server numbers each seat's
        views by :meth:`seen_actions`, so the count of such steps never reaches the seat.
        *Game hook;* default 0 (every action's occurrence is public). The conformance check
        :func:`roses.core.conformance.check_unseen` proves a game's answer sound."""
        return 0

    def _may_take_back(self, action: Action) -> bool:
        """Whether the seat that just made ``action`` (the last step of :attr:`history`; this state
        is the one after it) may take it back before anyone else acts (issue 42): a move that
        showed no seat anything it did not know, and that the rulebook does not make final (a
        bid that ends the bidding). *Game hook;* default never. :meth:`take_back_refusal` adds
        the checks every game shares."""
        return False

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if the state breaks one of the game's invariants (e.g. cards
        are not conserved). *Game hook;* used by :mod:`roses.core.conformance`."""

    def explain_illegal(self, action: Action) -> IllegalActionError:
        """The typed error for an action that is not legal here, naming the rule. *Game hook;*
        the default names only the current phase. Built only when an action is refused."""
        return IllegalActionError("legal actions", f"{action} is not a legal action now", action)

    # ------------------------------------------------------------------ provided
    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def legal_actions(self) -> list[Action]:
        """Legal actions of the seat to move; at a chance node, the possible outcomes; ``[]`` once
        terminal. A new list each call (the position's list is computed once and kept)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def _compute_legal(self) -> list[Action]:
        p = self.current_player()
        if p == TERMINAL:
            return []
        if p == CHANCE:
            return [a for a, _ in self._chance_outcomes()]
        return self._legal_actions()

    def seen_actions(self, seat: int | None) -> int:
        """The number of actions ``seat`` (``None``: a spectator) has seen happen: the history's
        length less :meth:`unseen_actions`. It grows by one with each action the seat sees and
        never with one it cannot tell happened; a seat's own action is always seen by it."""
        return len(self.history) - self.unseen_actions(seat)

    def take_back_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last move now, in plain words; ``None`` when it may
        (issue 42). It may when the game goes on, nothing has happened since that move (no other
        seat's move, no chance outcome: a card drawn after it could be drawn again), every seat
        saw it happen (a private step is undone by the game's own cancel), and the game lets such
        a move be taken back (:meth:`_may_take_back`, per game)."""
        if self.is_terminal():
            return "the game is over"
        mover, action = self.history[-1] if self.history else (None, None)
        if mover != seat:
            if all(s != seat for s, _ in self.history):
                return "you have not moved yet"
            return ("something has happened since your last move" if mover == CHANCE
                    else "another player has moved since your last move")
        if any(self.unseen_actions(s) for s in (None, *range(self.num_players)) if s != seat):
            return "this step is part of a deal you are drafting: cancel the deal instead"
        if not self._may_take_back(action):
            return "this move cannot be taken back in this game"
        return None

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``(outcome, probability)`` pairs; ``[]`` when chance is not to move."""
        return self._chance_outcomes() if self.is_chance_node() else []

    def is_legal(self, action: Action) -> bool:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return action in legal  # identity first: actions taken from the list cost a pointer compare

    def apply(self, action: Action) -> None:
        """Apply ``action`` for the seat to move (or a chance outcome at a chance node).

        Raises :class:`IllegalActionError` naming the rule when ``action`` is not legal; the state
        is then unchanged. The check is a look-up in this position's legal actions, computed once
        (and shared with :meth:`legal_actions`); identity first, so an action taken from the list
        costs a pointer compare. The history keeps the listed object: an equal look-alike written
        differently (``Start(0.0)`` for ``start 0``, ``Bid(True)``) is refused, so every step
        replays from its text. A game's own ``is_legal`` is asked only about actions not listed.
        """
        seat = self.current_player()
        if seat == TERMINAL:
            raise IllegalActionError("end of the game", "the game is over; no action is legal", action)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        try:
            listed = legal[legal.index(action)]
        except (ValueError, TypeError):
            listed = None
        if listed is None:
            if type(self).is_legal is State.is_legal or not self._accepts(action):
                raise self._refusal(action)
        elif listed is not action:
            if type(listed) is not type(action) or str(listed) != str(action):
                raise IllegalActionError("legal actions", f"{action!r} is not written as the legal "
                                         f"action {listed}: its fields have other types", action)
            action = listed
        self._legal = None
        self._apply(action)
        if seat == CHANCE:
            self._consume_draw()
        self.history.append((seat, action))

    def _accepts(self, action: Action) -> bool:
        """The game's own ``is_legal`` for an action its list does not hold; malformed input (a
        field of the wrong type) is simply not legal."""
        try:
            return bool(self.is_legal(action))
        except (TypeError, ValueError, AttributeError, KeyError, IndexError):
            return False

    def _refusal(self, action: Action) -> IllegalActionError:
        """The game's rule-naming refusal, or a plain one when the action is too malformed for the
        game's rules to read (a field of the wrong type)."""
        try:
            return self.explain_illegal(action)
        except (TypeError, ValueError, AttributeError, KeyError, IndexError):
            return IllegalActionError("legal actions", f"{action!r} is not a legal action now", action)

    def num_legal_actions(self) -> int:
        """How many legal actions (or chance outcomes) there are here: ``len(legal_actions())``
        without the copy."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return len(legal)

    def apply_legal(self, index: int) -> Action:
        """Apply the ``index``-th of :meth:`legal_actions` and return it: the fast path for playouts
        (no membership test and no list copy; an action chosen from the list is legal by
        construction). Raises ``IndexError`` for an index out of range, the state unchanged."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if not 0 <= index < len(legal):
            raise IndexError(f"legal action {index} of {len(legal)}")
        action = legal[index]
        seat = self.current_player()
        self._legal = None
        self._apply(action)
        if seat == CHANCE:
            self._consume_draw()
        self.history.append((seat, action))
        return action

    def _consume_draw(self) -> None:
        """One RNG number per chance outcome, sampled or chosen (see :meth:`sample_chance`)."""
        if self._peeked is not None:
            self._peeked = None
        else:
            self._own_rng().random()

    def _own_rng(self) -> random.Random:
        if self._rng_shared:  # copy on first draw after a clone
            rng = random.Random.__new__(random.Random)  # no seeding from the OS: setstate follows
            rng.setstate(self.rng.getstate())
            self.rng = rng
            self._rng_shared = False
        return self.rng

    def sample_chance(self) -> Action:
        """The chance outcome that this game's RNG draws next (by the outcomes' probabilities).

        Pure as far as the game goes: it draws the RNG's next number once and keeps it until a
        chance outcome is applied, which uses it up; so a state is fully determined by its seed and
        history (and replays exactly) whether or not anybody sampled."""
        if self.current_player() != CHANCE:
            raise IllegalActionError("chance", "chance is not to move: there is no outcome to sample")
        r = self._peeked
        if r is None:
            r = self._peeked = self._own_rng().random()
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
        does not say which): the game's own rule-naming refusal when the text names a well-formed
        action of the game that is illegal now (``parse_action`` hook), else a list of the legal
        ones."""
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
        if self.current_player() != TERMINAL:
            try:
                parsed = self.parse_action(key)
            except (TypeError, ValueError):
                parsed = None
            if parsed is not None:
                for a in legal:  # a variant spelling of a legal move ("bid 01") is that move
                    if a == parsed and str(a) == str(parsed):
                        return a
                raise self._refusal(parsed)
        shown = ", ".join(str(a) for a in legal[:12])
        raise IllegalActionError("legal actions", f"{text!r} is not a legal action now; legal: {shown}", text)

    def parse_action(self, text: str) -> Action | None:
        """The game's action object written ``text`` (normalised: lower case, single spaces), legal
        now or not, or ``None`` when ``text`` is no action of the game. *Game hook;* lets a typed
        move that is well formed but illegal get the rule-naming refusal of :meth:`explain_illegal`.
        Default: none."""
        return None

    def clone(self) -> "State":
        """An independent copy. The game, the actions and the log entries are immutable and shared
        (the RNG too, copied on its next draw); everything else is deep-copied."""
        new = object.__new__(type(self))
        memo: dict[int, Any] = {id(self.game): self.game}
        for k, v in vars(self).items():
            if k == "rng":
                pass
            elif k == "history":
                v = list(v)
            elif k == "log":
                v = v.copy()
            elif k != "game":
                v = copy.deepcopy(v, memo)
            setattr(new, k, v)
        self.share_rng_with(new)
        return new

    def reseeded(self, seed: int) -> "State":
        """A copy of this state as if the game had been started from ``seed``: the same history,
        position and log, but the RNG of ``new_initial_state(seed)`` advanced by one number per
        chance outcome in the history. Its future chance outcomes are thus drawn afresh, and
        ``from_json(copy.to_json())`` rebuilds it. (Search plays many futures of one world.)

        Args: ``seed`` (int). Returns a new state; this one is unchanged."""
        new = self.clone()
        fresh = self.game.new_initial_state(seed)
        new.seed = fresh.seed
        new.rng = fresh.rng
        new._rng_shared = False
        new._peeked = None
        draw = new.rng.random
        for s, _ in self.history:
            if s == CHANCE:
                draw()
        return new

    def share_rng_with(self, new: "State") -> None:
        """Give the copy ``new`` this state's RNG, copy-on-write (for games' own ``clone``)."""
        new.rng = self.rng
        new._peeked = self._peeked
        new._rng_shared = self._rng_shared = True

    # ------------------------------------------------------------------ hidden information
    def _seat_index(self, seat: Any, what: str) -> int:
        """``seat`` as an ``int`` in ``0..n-1`` (any integer type, e.g. numpy's), else ``ValueError``
        naming ``what`` needed it (``None``, ``True``, ``1.0`` and out-of-range seats refused)."""
        index = whole_index(seat)
        if index is None or not 0 <= index < self.num_players:
            raise ValueError(f"{what} needs a seat 0..{self.num_players - 1}, not {seat!r}")
        return index

    def observation(self, seat: int | None) -> Any:
        """What ``seat`` may know now, as a frozen dataclass of JSON-able values (the game's
        ``observation.py``). ``seat``: ``0..n-1`` (any integer type), or ``None`` for a spectator
        (public information only).

        *Final:* games provide :meth:`_observation`. Raises ``ValueError`` for any other seat: a
        game reads its seats' private cards by index, so ``-1`` (``CHANCE``, what
        ``current_player()`` says at a chance node) would be shown the last seat's hand."""
        return self._observation(None if seat is None else self._seat_index(seat, "observation"))

    def determinize(self, seat: int, rng: random.Random) -> "State":
        """A full state that ``seat`` cannot tell from this one, everything hidden from it re-drawn
        at random with ``rng`` (TAG's "copy as one seat sees it"; the input to ISMCTS).

        *Final:* games provide :meth:`_sample_history`; the world is that history replayed from a
        fresh initial state under a new seed drawn from ``rng``. So the world replays to itself from
        its own history (chance outcomes included), its log holds what its seats would read, and
        nothing in it (history, log, seed, RNG) depends on what ``seat`` cannot know. Its
        ``observation(seat)`` and ``information_state_key(seat)`` equal this state's.

        Args: ``seat`` (0..n-1: an ``int`` or any integer type, e.g. numpy's), ``rng`` (a
        ``random.Random``, advanced). Returns a new state. Raises ``ValueError`` for anything but a
        seat of this game (``None``: a spectator has no world; ``True``, ``1.0``).
        """
        seat = self._seat_index(seat, "determinize")
        steps = self._sample_history(seat, rng)
        world = self.game.new_initial_state(rng.getrandbits(63))
        world.replay_trusted(steps)
        return world

    def replay_trusted(self, steps: Sequence[tuple[int, Action]]) -> "State":
        """Apply ``(seat, action)`` steps known to be legal in order, without the membership check
        (worlds from :meth:`determinize`; the conformance checks replay them checked). Returns self."""
        history = self.history
        for seat, action in steps:
            self._legal = None
            self._apply(action)
            if seat == CHANCE:
                self._consume_draw()
            history.append((seat, action))
        self._legal = None
        return self

    def information_state_key(self, seat: int) -> tuple:
        """Hashable; equal for two states exactly when ``seat`` cannot tell them apart (perfect
        recall): the seat's own actions and everything it was shown, in order, as the raw log
        messages it read (:meth:`EventLog.seen_by`), never their wording. ISMCTS keys its trees on
        it, step by step (:meth:`step_key`). ``seat``: ``0..n-1``, else ``ValueError`` (``-1``,
        ``CHANCE``, would collect every chance outcome as its "own actions")."""
        seat = self._seat_index(seat, "information_state_key")
        return (seat, self.log.seen_by(seat), tuple(a for s, a in self.history if s == seat))

    def step_key(self, seat: int, log_start: int) -> tuple:
        """What ``seat`` learnt from the steps since the log had ``log_start`` entries: the
        increment of :meth:`information_state_key` (for search trees keyed on it)."""
        return self.log.seen_by(seat, log_start)

    # ------------------------------------------------------------------ equality and JSON
    #: Fields that are not part of a position: the shared game, the RNG (its position is compared
    #: instead) and caches. A game adds its own shared tables and caches.
    SNAPSHOT_SKIP = frozenset({"game", "rng", "_rng_shared", "_peeked", "_legal"})

    def snapshot(self) -> dict[str, Any]:
        """Every field of the state as JSON data (for equality checks and debugging), but those in
        :attr:`SNAPSHOT_SKIP`. Includes the hidden information: never send it to a player."""
        out = {}
        skip = self.SNAPSHOT_SKIP
        for k, v in vars(self).items():
            if k in skip:
                continue
            if k == "history":
                out[k] = [[s, str(a)] for s, a in v]
            elif k == "log":
                out[k] = to_jsonable(v.raw())
            else:
                out[k] = to_jsonable(v)
        out["rng"] = self.rng_position()
        return out

    def rng_position(self) -> int:
        """A stable hash of where the game's RNG stands, the same whether or not
        :meth:`sample_chance` has already drawn (and kept) the next number."""
        if self._peeked is not None:
            return hash((self.rng.getstate(), self._peeked))  # ints hash to themselves: stable
        twin = random.Random()
        twin.setstate(self.rng.getstate())
        r = twin.random()
        return hash((twin.getstate(), r))

    def to_json(self) -> dict[str, Any]:
        """JSON data from which :meth:`from_json` rebuilds an equal state: game, parameters, seed
        and the history of action texts (as OpenSpiel serialises states; the RNG's position follows
        from the seed and the number of chance outcomes). A game whose action texts changed
        (``GameSpec.rules_version`` above 1) adds ``rules_version``; absent, it is 1."""
        out = {
            "game": self.game.name,
            "params": to_jsonable(dict(self.game.params)),
            "seed": self.seed,
            "history": [[s, str(a)] for s, a in self.history],
        }
        if self.game.spec.rules_version != 1:
            out["rules_version"] = self.game.spec.rules_version
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> "State":
        """Rebuild a state from :meth:`to_json` data by replaying its history.

        Raises :class:`~roses.core.errors.RecordError` if the history is not legal. Data without
        ``rules_version`` is of version 1; an older version's history is translated first
        (``GameSpec.upgrade_steps``).
        """
        from .registry import load

        game = load(data["game"], **data.get("params", {}))
        state = game.new_initial_state(data["seed"])
        history = game.spec.upgrade_steps(data["history"], data.get("rules_version", 1))
        return replay_history(state, history)

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
