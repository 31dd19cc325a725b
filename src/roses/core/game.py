"""A game: static rules information plus validated parameters (OpenSpiel's ``Game``).

Each game package defines one :class:`GameSpec` (name, player range, parameters, the state class,
action encoding, bots, renderer) and registers it; :func:`roses.load` turns a spec plus user values
into a :class:`Game`, from which states are created.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from .errors import GameParameterError
from .params import Param, resolve
from .talk import TalkRules

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

    from .state import Action, State


@dataclass(frozen=True)
class GameInfo:
    """Static facts about a game with its parameters fixed (OpenSpiel's ``GameType``/``GameInfo``).

    Facts only: how hard the search agents think in the game (budgets and their tuning) is the
    agents' own, declared by the game's package as ``SEARCH_TUNING``
    (:class:`roses.agents.tuning.SearchTuning`, issue 44).

    Attributes:
        information: ``"imperfect"`` or ``"perfect"``.
        chance_mode: ``"explicit"`` (chance nodes list their outcomes with probabilities) or
            ``"deterministic"``.
        utility: ``"zero-sum"``, ``"constant-sum"`` or ``"general-sum"``: how ``returns()`` add up.
        min_utility, max_utility: the range of one seat's return.
        max_game_length: a proven upper bound on the number of steps (seat actions and chance
            outcomes) of one game; the docstring of the game's ``info`` function gives the proof and
            a test plays toward it.
        num_distinct_actions: size of the fixed integer encoding of seat actions.
        score_unit: the unit of ``State.scores`` (``"dollars"``), or ``""`` for games scored by
            winning alone.
        max_chance_outcomes: a bound on the outcomes one chance node lists (OpenSpiel's
            ``MaxChanceOutcomes``); 0 for a game without chance. ``check_random_game`` proves
            it on every chance node it meets.
    """

    information: str
    chance_mode: str
    utility: str
    min_utility: float
    max_utility: float
    max_game_length: int
    num_distinct_actions: int
    score_unit: str = ""
    max_chance_outcomes: int = 0


@dataclass(frozen=True)
class Horizon:
    """Where a search playout may stop early and what the position is then worth.

    ``progress(state) -> int`` counts a public stage of the game that never goes down (the round
    number in Roses and Thorns); a playout that has advanced ``rounds`` stages stops there, and
    ``value(state) -> list[float]`` (one reward in [0, 1] per seat, summing to the game's total
    return) estimates each seat's winning chance from that stage's public facts alone (markers,
    cards), fitted to games of the game's heuristic bots. Both are the game's own functions, so
    they may read its state; they must not depend on anything hidden from every seat."""
    progress: Callable[["State"], int]
    value: Callable[["State"], list[float]]


@dataclass(frozen=True)
class GameSpec:
    """Everything static about one game.

    Attributes:
        name: registry id, kebab case (``"roses-and-thorns"``).
        title: display name.
        min_players, max_players: supported seat counts (inclusive).
        params: the typed parameters; one of them must be ``players``.
        state_class: ``state_class(game, seed)`` builds the initial state.
        rulebook: the rulebook file name in ``shared/seeds``.
        num_distinct_actions: ``f(game) -> int``, size of the fixed per-game action space.
        action_to_id / action_from_id: ``f(game, action) -> int`` and ``f(game, id) -> action``,
            the fixed integer encoding of seat actions (chance outcomes are not encoded).
        bots: game-specific agents by name: ``factory(game, seed) -> Agent``.
        render: optional ``f(observation) -> rich renderable`` for the terminal, or its dotted path
            ``"package.module:function"`` so that loading a game imports no terminal library
            (resolved on first use by :meth:`renderer`).
        summary: one paragraph for users.
        check_params: optional ``f(params)`` that raises :class:`GameParameterError` for values that
            are wrong together (e.g. a ``start_player`` seat beyond ``players``).
        score_format: for games with their own score (``State.scores``), how one score is written,
            a ``str.format`` pattern (``"${:.0f}"`` for Rare Roses dollars).
        solo_goal: for games playable alone, the rulebook's yardstick of a solo score, shown with
            the final score (a one-seat game has no winner to name).
        info: ``f(game) -> GameInfo``, the game's static facts for these parameters.
        rules_version: the version of the game's action texts (1 unless the game changed them);
            records and state JSON carry it, so an older history can be translated on replay.
        upgrade_history: optional ``f(steps, from_version) -> steps``: ``[seat, text]`` steps written
            with rules ``from_version`` (older than ``rules_version``) as steps of today's rules.
        playout_bot: optional ``factory(game, seed) -> Agent``: a cheaper version of the
            ``heuristic`` bot for search playouts (``ismcts:hard``), e.g. with fewer sampled
            worlds; not a bot name of its own. ``None``: the playouts use the heuristic.
        bot_playouts: ``{bot name: factory(game, seed) -> Agent}``: cheaper versions of other named
            bots (as ``playout_bot`` is of the heuristic) for the playouts of a seat known to be
            that bot (``roses.agents.levels.seat_model``); a bot not listed plays out as itself.
        own_bot: optional ``factory(game, seed) -> Agent``: how ``ismcts:hard`` and ``expert`` play
            their own seat (its prior and playouts) where that should differ from their model of
            the other seats (the ``heuristic``, which keeps the others' prior, playouts and belief):
            e.g. a heuristic tuned to beat the heuristic. ``None``: the heuristic for every seat.
        own_playout_bot: optional ``factory(game, seed) -> Agent``: a cheaper version of
            ``own_bot`` for the playouts of the searching seat (and of seats known to be a strong
            level); ``None``: ``own_bot`` itself.
        horizon: optional ``f(game) -> Horizon``: a stage at which ``ismcts:hard`` stops its
            playouts and scores the position (:class:`Horizon`); ``None``: the playouts go to the
            end (or to ``SearchTuning.strong_playout_depth``, :mod:`roses.agents.tuning`).
        words: optional dotted path of a module with ``describe(observation_json, text) -> str``
            (a legal move in plain words for menus, with prices and values) and
            ``confirm(observation_json, text) -> str | None`` (why a move that is irreversible and
            costly is worth a second look, in plain words; ``None`` for the others).
        reveals: optional dotted path of a module with ``latest(observation_json) -> dict | None``:
            the cards the seat saw turned face up last, in order (:mod:`roses.core.reveal`).
        story: optional dotted path of a module with ``story(observation_json, names, tags) ->
            list[str]``: a finished game's story in plain sentences, from the spectator's
            observation and the result tags only (:mod:`roses.core.story`); ``None``: the winners
            and scores (:func:`roses.core.story.generic`).
        figures: optional dotted path of a module with ``figures(observation) -> (rounds,
            dict)``: what a balance sweep records of a finished game, read from the spectator's
            observation only (:func:`roses.sim.figures.game_figures`); ``None``: nothing beyond the
            winners, length and scores.
        tensors: optional dotted path of a module with ``slices(game, observation, out)``: the
            game's fixed-shape observation tensor for the learning adapters
            (:mod:`roses.interop.tensors`); ``None``: the game has no tensors (the PettingZoo,
            Gymnasium and OpenSpiel adapters refuse it, saying so).
        talk: what the game's table talk allows (:class:`~roses.core.talk.TalkRules`: kinds,
            claims); default none (accusing and vouching fit a game of hidden roles only, issue
            42; a table of one seat has none whatever the game allows). Talk is never part of
            the state.
        bot_labels: players' names of the game's own bots where the agent's name would read as
            another bot's (Rare Roses' ``search`` is "Look-ahead": the generic ``ismcts`` reads
            "Search"); a bot left out reads as its name.
        param_warnings: optional ``f(params) -> list[str]``: warnings in plain words about values
            that are allowed but likely to mislead together (Rare Roses: market prices changed
            while the order cards' values were set for the default prices). The command line and
            the balance report show them; they never change a value.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    params: tuple[Param, ...]
    state_class: Callable[..., "State"]
    rulebook: str
    num_distinct_actions: Callable[["Game"], int]
    action_to_id: Callable[["Game", Any], int]
    action_from_id: Callable[["Game", int], Any]
    bots: Mapping[str, Callable[["Game", int], Any]] = field(default_factory=dict)
    render: Callable[[Any], Any] | str | None = None
    summary: str = ""
    check_params: Callable[[Mapping[str, Any]], None] | None = None
    score_format: str = "{:g}"
    solo_goal: str = ""
    info: Callable[["Game"], GameInfo] | None = None
    rules_version: int = 1
    upgrade_history: Callable[[Any, int], Any] | None = None
    playout_bot: Callable[["Game", int], Any] | None = None
    bot_playouts: dict[str, Callable[["Game", int], Any]] = field(default_factory=dict)
    own_bot: Callable[["Game", int], Any] | None = None
    own_playout_bot: Callable[["Game", int], Any] | None = None
    horizon: Callable[["Game"], Horizon] | None = None
    words: str | None = None
    reveals: str | None = None
    story: str | None = None
    figures: str | None = None
    tensors: str | None = None
    talk: TalkRules = field(default_factory=TalkRules)
    bot_labels: Mapping[str, str] = field(default_factory=dict)
    param_warnings: Callable[[Mapping[str, Any]], list[str]] | None = None

    def describe_action(self, observation: Any, text: str) -> str:
        """The legal move ``text`` in plain words for the seat whose observation (JSON form) is
        ``observation`` (the game's ``words`` module; the text itself for a game without one or
        when the module cannot word it)."""
        module = self._words()
        if module is None:
            return text
        try:
            return module.describe(observation, text)
        except (KeyError, ValueError, TypeError, IndexError, AttributeError):
            return text  # a menu never fails for want of a label

    def describe_outcome(self, text: str) -> str:
        """A chance outcome's text (``"deal 3/1 to 2"``) in plain words, seats by name (the game's
        ``words`` module's ``describe_outcome``; the text itself for a game without one or when
        it cannot word it). For a replay that shows every step."""
        module = self._words()
        describe = getattr(module, "describe_outcome", None) if module is not None else None
        if describe is None:
            return text
        try:
            return describe(text)
        except (KeyError, ValueError, TypeError, IndexError, AttributeError):
            return text

    def describe_result(self, key: str) -> str:
        """A result tag's name or value (``State.result_tags``: ``"win_by"``, ``"deck-out"``) in
        plain words for summaries (``roses simulate``, the balance report): the game's ``words``
        module's ``RESULT_WORDS`` entry, else the key with its dashes and underscores as spaces."""
        module = self._words()
        table = getattr(module, "RESULT_WORDS", {}) if module is not None else {}
        return table.get(key) or key.replace("_", " ").replace("-", " ")

    def confirm(self, observation: Any, text: str) -> str | None:
        """Why the legal move ``text`` is worth a second look before it is played (irreversible
        and costly), in plain words, for the seat whose observation (JSON form) is
        ``observation``; ``None`` for a move played without asking (the game's ``words`` module's
        ``confirm``; ``None`` for a game without one)."""
        module = self._words()
        ask = getattr(module, "confirm", None) if module is not None else None
        return None if ask is None else ask(observation, text)

    def latest_reveal(self, observation: Any) -> dict[str, Any] | None:
        """The latest group of cards turned face up that the seat whose observation (JSON form) is
        ``observation`` saw, in order (:mod:`roses.core.reveal`); ``None`` for a game without a
        ``reveals`` module or before its first reveal."""
        if self.reveals is None:
            return None
        import importlib

        return importlib.import_module(self.reveals).latest(observation)

    def tell_story(self, observation: Any, names: Sequence[str] | None, tags: Mapping[str, str]) -> list[str] | None:
        """A finished game's story from the spectator's observation (JSON form) and the result tags
        (the game's ``story`` module); ``None`` for a game without one (:mod:`roses.core.story`)."""
        if self.story is None:
            return None
        import importlib

        return list(importlib.import_module(self.story).story(observation, names, tags))

    def _words(self) -> Any:
        if self.words is None:
            return None
        import importlib

        return importlib.import_module(self.words)

    def renderer(self) -> Callable[[Any], Any] | None:
        """The terminal renderer ``f(observation) -> rich renderable``, importing it if ``render``
        is a dotted path; ``None`` for a game without one."""
        if isinstance(self.render, str):
            import importlib

            module, _, name = self.render.partition(":")
            return getattr(importlib.import_module(module), name)
        return self.render

    def upgrade_steps(self, steps: Any, from_version: int) -> list[list[Any]]:
        """``[seat, text]`` steps of a history written with rules ``from_version`` as steps of this
        version of the game (unchanged when the versions are equal). Raises
        :class:`~roses.core.errors.RecordError` naming both versions when they cannot be read: a
        newer version than this engine knows, or an older one the game cannot translate."""
        from .errors import RecordError

        if not isinstance(from_version, int) or isinstance(from_version, bool) or from_version < 1:
            raise RecordError(f"{self.title}: rules version {from_version!r} is not a version number")
        if from_version == self.rules_version:
            return [list(x) for x in steps]
        if from_version > self.rules_version:
            raise RecordError(f"{self.title}: the history is of rules version {from_version}; this engine "
                              f"knows version {self.rules_version} only")
        if self.upgrade_history is None:
            raise RecordError(f"{self.title}: a history of rules version {from_version} cannot be "
                              f"replayed by rules version {self.rules_version}")
        return [list(x) for x in self.upgrade_history(steps, from_version)]

    def own_page(self, kind: str) -> "Path | None":
        """The game's own ``<kind>.md`` (``"howto"``: how to play; ``"rules"``: the rules as
        implemented) in its package folder, or ``None``: a game outside this package brings its
        pages with it (the built-in games keep theirs in ``server/howto`` and ``docs/rules``)."""
        import sys
        from pathlib import Path

        module = sys.modules.get(self.state_class.__module__)
        path = Path(getattr(module, "__file__", "") or ".").parent / f"{kind}.md"
        return path if getattr(module, "__file__", None) and path.is_file() else None

    def format_score(self, score: float) -> str:
        """One score as the game writes it (see ``score_format``)."""
        return self.score_format.format(score)


@dataclass(frozen=True)
class Game:
    """A game with its parameter values fixed. Immutable; shared by all its states.

    Attributes:
        spec: the :class:`GameSpec`.
        params: read-only mapping of every parameter's validated value.
    """

    spec: GameSpec
    params: Mapping[str, Any]

    @classmethod
    def create(cls, spec: GameSpec, **given: Any) -> "Game":
        """Validate ``given`` against the spec's parameters and return the game.

        Raises :class:`GameParameterError` for an unknown parameter, a bad value, or a player count
        outside ``min_players..max_players``.
        """
        params = resolve(spec.params, given)
        n = params.get("players")
        if n is None or not spec.min_players <= n <= spec.max_players:
            raise GameParameterError(
                "players", f"{spec.title} is for {spec.min_players}–{spec.max_players} players, not {n}")
        if spec.check_params is not None:
            spec.check_params(params)
        return cls(spec, params)

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def num_players(self) -> int:
        return int(self.params["players"])

    def new_initial_state(self, seed: int | None = None) -> "State":
        """A new game. ``seed=None`` draws a fresh seed (kept on the state, so the game stays
        reproducible from its record)."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        return self.spec.state_class(self, seed)

    @property
    def info(self) -> GameInfo:
        """The game's :class:`GameInfo` for these parameters. Raises ``NotImplementedError`` for a
        game that declares none."""
        if self.spec.info is None:
            raise NotImplementedError(f"{self.title} declares no GameInfo")
        return self.spec.info(self)

    def num_distinct_actions(self) -> int:
        """Size of the fixed integer action space of seat actions."""
        return self.spec.num_distinct_actions(self)

    def action_to_id(self, action: "Action") -> int:
        return self.spec.action_to_id(self, action)

    def action_from_id(self, action_id: int) -> "Action":
        return self.spec.action_from_id(self, action_id)

    def __reduce__(self) -> tuple:
        # ``params`` is a read-only mappingproxy, which pickle refuses: a pickled game (and so a
        # pickled state, e.g. sent to a worker process or OpenSpiel's serialisation) is its name and
        # parameter values, loaded again on unpickling.
        return _load, (self.name, dict(self.params))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params.items() if k != "deck" and k != "order_deck")
        return f"Game({self.name!r}, {args})"


def _load(name: str, params: dict[str, Any]) -> Game:
    """``roses.load(name, **params)``: how :meth:`Game.__reduce__` rebuilds a pickled game."""
    from .registry import load

    return load(name, **params)


class ByIdentity:
    """An object as a ``functools.lru_cache`` argument, hashed and compared by identity: how a
    game package caches what a :class:`Game` fixes, per game (a Game compares by value and is not
    hashable): ``_rules(ByIdentity(game))`` with ``@lru_cache(maxsize=...) def _rules(key)``.

    The cache keeps its keys, and so their objects: while an entry lives no other object can have
    its object's id, and an entry is never another (later) object's.
    """

    __slots__ = ("obj",)

    def __init__(self, obj: Any) -> None:
        self.obj = obj

    def __hash__(self) -> int:
        return id(self.obj)

    def __eq__(self, other: object) -> bool:
        return type(other) is ByIdentity and other.obj is self.obj
