"""Multi-observer Information Set Monte Carlo Tree Search (MO-ISMCTS) for any registered game.

After P. I. Cowling, E. J. Powley and D. Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE Transactions on Computational Intelligence and AI in Games 4(2):120–143, 2012
(doi:10.1109/TCIAIG.2012.2200894), its multiple-observer variant MO-ISMCTS; the
single-observer SO-ISMCTS stays available as ``single_observer=True``. It uses only the core
contract through a :class:`~roses.agents.Turn`: the seat, its legal actions and
``sample_state(rng)`` (a sealed determinized world: :meth:`~roses.core.State.determinize`), and
in the worlds only public methods (``legal_actions``, ``apply``, ``sample_chance``, ``step_key``).

Why several trees: a single tree keyed by the actions' text, as the deciding seat sees them, lets
every other seat choose *knowing the sampled world*: in Rose Ceremony the receiver of a face-down
offer answered under the node of the offered card, so the search "learnt" that bad cards are
refused and good ones accepted, which no real receiver can do (RC-3). So one search grows one tree
per seat, all descended together. In seat ``k``'s tree a step is keyed by what ``k`` learns from it:
its own action by its text ``(k, action text)``; another seat's action or a chance outcome by
``(mover, what k learnt from it)``, the step's increment of ``k``'s information-state key
(:meth:`~roses.core.State.step_key`: the raw log messages ``k`` reads, never their wording) — a card
laid, offered or drawn face down by another seat reads the same whatever it was, so all such moves
share one node of ``k``'s tree. A node of ``k``'s tree thus stands for one information state of
``k``: the root's key plus the increments on the path. A seat chooses
its moves in its own tree, so its choice depends on the moves as it saw them and not on cards it
cannot see. (The trees start from the deciding seat's information set, so the other seats' choices
do not depend on their own hidden cards either: the paper's approximation.) Each iteration:

1. **Determinize**: draw a world with ``turn.sample_state`` and play it *in place* (it is thrown
   away afterwards, so no clone per step).
2. **Select**: at a seat's turn, in *that seat's* tree, among the actions legal *in this world*,
   take the child with the highest UCB1 score ``W/N + c·sqrt(ln A / N)`` where ``A`` (the
   availability count) is how often that child was legal when its parent was visited — the paper's
   fix for actions that exist only in some worlds. Every other tree follows the move into the child
   keyed by what its seat saw (created if new). At a chance node, the world draws the outcome by its
   own probabilities (its RNG is the fresh one), and every tree descends into the child keyed by what
   its seat saw of it; chance outcomes are thus part of the trees (``chance_in_tree=True``). With
   ``chance_in_tree=False`` chance outcomes are sampled but skipped in the keys ("open loop").
3. **Expand** one untried action of the seat to move (chosen at random), then
4. **Play out** with the playout policy (uniformly random legal actions by default) until the end,
   or for at most ``max_playout_depth`` seat actions, after which ``evaluate(world)`` scores the
   position (default: the returns if terminal, else equal shares ``1/n``; in a one-seat game
   with scores, the score over ``SearchTuning.score_scale``: its returns are always 1).
5. **Back-propagate** the per-seat returns: every node of seat ``k``'s tree on the path adds
   ``k``'s reward, so every seat maximises its own return (the paper's multi-player rule).

The action played is the most visited child of the deciding seat's root among
``turn.legal_actions`` (among those the ``moves`` hook keeps, when it is given: the levels with
random playouts take the game's heuristic's ``search_moves``, which in Rare Roses makes a deal one
decision instead of a draft searched step by step). With ``single_observer=True`` there is one tree keyed ``(seat, action
text)`` for every move and ``(CHANCE, outcome text)`` for chance, each node scoring the reward of
the seat that moved into it (SO-ISMCTS, the behaviour before multi-observer trees).

The multi-observer keys rely on each game's log recording every step so that two steps a seat can
tell apart give it different messages (checked for every game by ``tests/agents/test_ismcts.py``
and by the conformance check that a world's information-state key equals the real state's).

Branching cap: when more than ``max_branching`` actions are legal at a node, a random subset of that
size is considered at that visit (and only it counts as available). Different visits see different
subsets, so every action is still tried; the cap keeps a wide node (Rare Roses' buying and deals)
from eating the whole budget in expansions.

Determinism: everything random comes from the agent's ``random.Random(seed)`` (the worlds' RNGs are
re-seeded from it by ``sample_state``), so a fixed seed and the same turn give the same action.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from roses.core import CHANCE, State

from .base import Turn
from .playout import Evaluate, PlayoutPolicy, agent_policy, common_world_returns, default_evaluate, random_policy
from .tuning import search_tuning

#: Iterations per decision without a game (each game declares its own default budget,
#: ``SearchTuning.search_iterations``).
DEFAULT_ITERATIONS = 200
#: UCB1 exploration constant for returns in [0, 1] (≈ 0.7 is the usual choice for ISMCTS).
DEFAULT_EXPLORATION = 0.7
#: Most legal actions considered at one visit of a node (see the module docstring).
DEFAULT_MAX_BRANCHING = 32
#: Bias for the prior's move: ``prior_weight · sqrt(P) / (1 + N)`` (``P`` the parent's visits,
#: ``N`` the move's) is added to its UCB1 score, a progressive bias (Chaslot et al., "Progressive
#: strategies for Monte-Carlo tree search", 2008) in the PUCT form that keeps it in proportion as
#: the visits grow, so the prior's move is tried first and kept unless the returns clearly favour
#: another: with noisy playouts a good heuristic's move is the safer bet.
DEFAULT_PRIOR_WEIGHT = 0.5


@dataclass(frozen=True)
class MoveEstimate:
    """One root move of a search: ``action``, ``visits`` (iterations that tried it) and ``mean``
    (the deciding seat's mean return after it, in [0, 1]; ``None`` when never tried)."""
    action: Any
    visits: int
    mean: float | None


@dataclass(frozen=True)
class SearchResult:
    """What one search concluded: the ``action`` it plays (most visited), ``value`` (the deciding
    seat's expected return after it, in [0, 1]: its winning chance in a game one seat wins),
    ``moves`` (a :class:`MoveEstimate` per legal action, in the game's order) and ``iterations``
    (how many were run)."""
    action: Any
    value: float
    moves: list
    iterations: int


class Node:
    """One node of a search tree (one seat's tree, or the single observer's).

    Attributes:
        seat: the seat that moved into this node (``CHANCE`` for a chance outcome, ``None`` at the root).
        visits: N, how many iterations passed through this node.
        reward: W, the sum of rewards over those iterations: of the tree's seat (multi-observer),
            of ``seat`` (single observer).
        available: A, how many times this node's move was legal when its parent was visited (kept
            for the moves of the tree's own seat, which it chooses by UCB1).
        children: child nodes keyed by ``(seat, action text)`` for the tree seat's own actions
            (every action with a single observer), ``(seat or CHANCE, what the tree's seat learnt:
            State.step_key)`` for the other steps (``(CHANCE, outcome text)`` with a single observer).
        action: the action object that first created this node (the root's children map back to
            one of ``turn.legal_actions`` by their text).
    """

    __slots__ = ("seat", "action", "visits", "reward", "available", "children", "prior")

    def __init__(self, seat: int | None, action: Any):
        self.seat = seat
        self.action = action
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.children: dict[tuple[int, Any], Node] = {}
        # The prior agent's move here (its text), kept for the deciding seat's own nodes only
        # (see ISMCTSAgent._preferred).
        self.prior: str | None = None


def _chance_step(world: State) -> Any:
    """Apply and return a chance outcome drawn by the outcomes' probabilities with the world's own
    (fresh) RNG."""
    action = world.sample_chance()
    world.apply(action)
    return action


def _seen(world: State, start: int, seats: int) -> list[tuple]:
    """What each seat learnt from the last step: the raw log messages from entry ``start`` on, as
    that seat reads them (:meth:`~roses.core.State.step_key`, the increment of its information-state
    key). A face-down card offered, laid or drawn by another seat reads the same whatever it was,
    so in a seat's tree such moves share one node."""
    new = world.log.entries[start:]
    if not any(e.private_messages for e in new):  # public messages only: the same for every seat
        return [tuple(e.message for e in new)] * seats
    return [world.step_key(k, start) for k in range(seats)]


class ISMCTSAgent:
    """MO-ISMCTS agent for any game (see the module docstring for the algorithm and its source).

    ``ISMCTSAgent(game, seed)`` is the registered ``"ismcts"`` factory; ``act(turn) -> action``.

    Args:
        game: the :class:`~roses.core.Game` (for the default budget and evaluation).
        seed: seed of the agent's own RNG (worlds, expansions, random playouts).
        iterations: determinized iterations per decision; default the game's
            ``search_iterations`` (:func:`~roses.agents.tuning.search_tuning`), else
            :data:`DEFAULT_ITERATIONS`.
        exploration: UCB1 constant ``c`` (rewards are in [0, 1]).
        playout_policy: ``policy(world, legal, rng) -> action``; ``None`` = uniformly random.
            :func:`~roses.agents.playout.agent_policy` turns a bot into one.
        max_playout_depth: seat actions per playout before ``evaluate`` scores the world;
            ``None`` = play to the end.
        evaluate: ``evaluate(world) -> per-seat rewards``; default
            :func:`~roses.agents.playout.default_evaluate` (the returns; shares of the score in a
            game with scores; the score in a solo game).
        max_branching: most legal actions considered at one visit of a node.
        chance_in_tree: key chance outcomes into the trees (True) or sample them open-loop (False).
        single_observer: one tree for every seat, keyed by action texts (SO-ISMCTS, the earlier
            behaviour, whose other seats choose as if they saw the sampled world); default one
            tree per seat (MO-ISMCTS).
        time_ms: also stop after this many milliseconds a decision (at least one iteration; the
            choice then depends on the machine's speed); alone it lifts the iteration cap.
        prior: an agent (``act(turn)``, e.g. the game's heuristic) whose move at a node is expanded
            first and gets the bias ``prior_weight · sqrt(P) / (1 + N)`` (:data:`DEFAULT_PRIOR_WEIGHT`).
        belief: a :class:`~roses.agents.belief.BeliefModel` weighing the worlds by the other seats'
            moves; ``None`` = worlds straight from ``turn.sample_state``.
        widening: progressive widening: a node whose seat has ``k`` moves tried adds an untried one
            only while ``k < 1 + widening·sqrt(N)`` (``N`` its visits), so a small budget is spent
            on a few moves (the prior's first) instead of one visit to each; ``None`` = always expand.
        own_prior: the prior for the deciding seat's own moves (an agent like ``prior``) where the
            search plays its own seat otherwise than it models the others; ``None`` = ``prior``.
        own_playout_policy: the playout policy of the deciding seat (as ``playout_policy``);
            ``None`` = ``playout_policy``. The other seats keep ``prior`` and ``playout_policy``,
            their model.
        seat_model: ``seat_model(name) -> (prior_factory, playout_factory) | None``: how to model a
            seat played by ``name`` (a bot's name, ``None`` for a person) once :meth:`meet` tells
            who sits where; ``None`` (or a ``None`` answer) = ``prior`` and ``playout_policy``.
        keep_margin: play the deciding seat's prior move (``own_prior``) unless the most visited
            move's mean return beats the prior move's by more than this (returns in [0, 1]): the
            search overrules a good bot only on clear evidence, not on playout noise; ``None`` =
            the most visited move, whatever the prior said.
        horizon: a :class:`~roses.core.Horizon` and a number of stages ``(horizon, rounds)``: a
            playout stops once ``horizon.progress`` has risen by ``rounds`` from where the playout
            began and ``horizon.value`` scores the position (terminal positions score their
            returns), ``rounds`` counted from the decision's stage (so a playout that starts
            beyond it is scored at once); ``None`` = no such stop.
        moves: ``moves(turn) -> actions``: the deciding seat's moves worth a search at a decision
            (some of ``turn.legal_actions``, in their order), for a search that knows nothing of a
            move the game plays in steps: it searches only those at its root (in every world), and
            plays a single one without a search (an empty answer or one with no legal move: every
            legal move). Deeper nodes and playouts keep every legal move. ``None`` = every legal
            move. The levels with random playouts take the game's heuristic's ``search_moves``
            (Rare Roses: a deal draft is played as the deal the heuristic would propose).
        budget: ``budget(observation) -> share``: a decision gets ``round(share · iterations)``
            iterations (at least 1), for games whose playouts shorten as the game goes on, so a
            move late in the game searches more for the same time; a share of 0 plays
            ``own_prior``'s move without a search (one iteration without a prior; :meth:`analyse`
            searches every decision, with at least ``iterations``); ``None`` = ``iterations``
            every decision. Measured in Rose Ceremony (``bench/lab/late_search.py``), not a level's.
        name: the agent's name (the levels set ``ismcts:<level>``).

    Raises:
        ValueError: ``iterations`` below 1, ``time_ms`` not above 0.
    """

    name = "ismcts"

    def __init__(self, game: Any = None, seed: int = 0, iterations: int | None = None,
                 exploration: float = DEFAULT_EXPLORATION, playout_policy: PlayoutPolicy | None = None,
                 max_playout_depth: int | None = None, evaluate: Evaluate | None = None,
                 max_branching: int = DEFAULT_MAX_BRANCHING, chance_in_tree: bool = True,
                 single_observer: bool = False, time_ms: float | None = None,
                 prior: Any = None, prior_weight: float = DEFAULT_PRIOR_WEIGHT,
                 belief: Any = None, widening: float | None = None, horizon: tuple[Any, int] | None = None,
                 own_prior: Any = None, own_playout_policy: PlayoutPolicy | None = None,
                 seat_model: Callable[[str | None], tuple[Any, Any] | None] | None = None,
                 keep_margin: float | None = None, budget: Callable[[Any], float] | None = None,
                 moves: Callable[[Turn], Sequence[Any]] | None = None, name: str = "ismcts"):
        if iterations is None:
            iterations = (search_tuning(game).search_iterations if game is not None else DEFAULT_ITERATIONS) \
                if time_ms is None else 10 ** 9
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        if time_ms is not None and not time_ms > 0:
            raise ValueError("time_ms must be above 0")
        self.name = name
        self.time_ms = time_ms
        self.prior = prior
        self.prior_weight = prior_weight
        self.own_prior = own_prior if own_prior is not None else prior
        self.own_playout_policy = own_playout_policy
        self.seat_model = seat_model
        self.keep_margin = keep_margin
        self.budget = budget
        self.moves = moves
        # The deciding seat's moves at the root of the search under way (their texts), when
        # ``moves`` narrows them; ``None``: every legal move.
        self._root_moves: frozenset[str] | None = None
        self._narrowed_for: tuple[Any, list] = (None, [])  # (turn, its narrowed moves): the last asked
        # The model of particular seats (from meet): their prior and playout policy, overriding
        # prior and playout_policy.
        self.seat_priors: dict[int, Any] = {}
        self.seat_playout_policies: dict[int, PlayoutPolicy] = {}
        self.seed = seed
        self.belief = belief
        self.widening = widening
        self.game = game
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.exploration = exploration
        self.playout_policy = playout_policy or random_policy
        self.max_playout_depth = max_playout_depth
        self.horizon = horizon
        self.evaluate = evaluate or default_evaluate(game)
        self.max_branching = max_branching
        self.chance_in_tree = chance_in_tree
        self.single_observer = single_observer
        # The trees of the last decision (one per seat, or one), and the deciding seat's: for tests
        # and debugging.
        self.last_trees: list[Node] = []
        self.last_root: Node | None = None
        self.last_iterations = 0
        self._root_seat = 0
        self._seat = 0
        self._stage: int | None = None
        self._modelled: dict[int, PlayoutPolicy] = {}  # the other seats' own playout policies
        self._talk: tuple = ()  # the table talk of the decision searched: public, heard by the prior

    def meet(self, table: Sequence[str | None]) -> None:
        """Hear who sits where: ``table[s]`` is seat ``s``'s bot name (``"ismcts:hard"``,
        ``"bold"``…) or ``None`` for a person, as any player at the table sees it. Each seat gets
        the model ``seat_model`` gives for its name (prior, playouts and belief), a person or an
        unknown name the default model (``prior``, ``playout_policy``). The deciding seat keeps
        ``own_prior`` and ``own_playout_policy``. Without ``seat_model`` nothing changes.

        Raises ``ValueError`` when ``table`` does not have one entry per seat."""
        if self.game is not None and len(table) != self.game.num_players:
            raise ValueError(f"a table of {self.game.num_players} seats, got {len(table)} names")
        self.seat_priors, self.seat_playout_policies = {}, {}
        beliefs: dict[int, Any] = {}
        for s, name in enumerate(table):
            model = self.seat_model(name) if self.seat_model is not None else None
            if model is None:
                continue
            prior, playout = model  # seeded apart from the agent's other models, per seat
            self.seat_priors[s] = prior(self.game, self.seed + 101 + 2 * s)
            self.seat_playout_policies[s] = agent_policy(playout(self.game, self.seed + 102 + 2 * s))
            beliefs[s] = prior
        if self.belief is not None:
            self.belief.seat_models = beliefs

    # ------------------------------------------------------------------ decision
    def act(self, turn: Turn) -> Any:
        """The most visited root action after the budget (``iterations``, and ``time_ms`` when
        given); one of ``turn.legal_actions`` (returned at once when it is the only one, or the
        only one ``moves`` keeps)."""
        legal = turn.legal_actions
        if len(legal) == 1:
            return legal[0]
        narrowed = self._narrowed(turn)
        if len(narrowed) == 1:
            self.last_iterations = 0
            return narrowed[0]  # the one move worth a search: no search
        share = self._share(turn)
        if share <= 0 and self.own_prior is not None:
            self.last_iterations = 0
            return self.own_prior.act(turn)  # the budget is kept for decisions a search changes
        return self.search(turn, share).action

    def speak(self, turn: Turn, talk: tuple = ()) -> Any:
        """Table talk (``roses.agents.Speaker``): what the prior agent says (the game's heuristic
        at the levels: in Blades & Rose it claims, accuses, vouches and nominates, BR-9), so a
        search bot talks as its heuristic does; ``None`` (nothing) when the prior does not talk."""
        speak = getattr(self.prior, "speak", None)
        return speak(turn, talk) if speak is not None else None

    def analyse(self, turn: Turn) -> "SearchResult":
        """Search ``turn`` even when only one action is legal, and say what the search thinks:
        a :class:`SearchResult` (the move it plays, the seat's expected return after it, and every
        root move's visits and mean return). Returns are in [0, 1]: in a game won by one seat,
        the chance of winning."""
        return self.search(turn, max(1.0, self._share(turn)))

    def _narrowed(self, turn: Turn) -> list:
        """The legal moves of ``turn`` that ``moves`` keeps (all of them without ``moves``, or when
        it keeps none of them), in the game's order."""
        legal = turn.legal_actions
        if self.moves is None:
            return list(legal)
        if self._narrowed_for[0] is turn:  # act() asks, then search() again: ask ``moves`` once
            return self._narrowed_for[1]
        keep = {str(a) for a in self.moves(turn)}
        out = [a for a in legal if str(a) in keep] or list(legal)
        self._narrowed_for = (turn, out)
        return out

    def _share(self, turn: Turn) -> float:
        """This decision's share of ``iterations`` (``budget``; 1 without one)."""
        return 1.0 if self.budget is None else self.budget(turn.observation)

    def search(self, turn: Turn, share: float = 1.0) -> "SearchResult":
        """Run the search for ``turn`` within the budget and return its :class:`SearchResult`.

        Budget: ``round(share · iterations)`` iterations (at least 1), or fewer when ``time_ms``
        is given and that much time (``time.perf_counter``) has passed (at least one iteration).
        With a time budget the number of iterations, hence the choice, depends on the machine's
        speed: only iteration budgets are reproducible from the seed."""
        legal = turn.legal_actions
        seat = turn.seat
        narrowed = self._narrowed(turn)
        self._root_moves = None if len(narrowed) == len(legal) else frozenset(str(a) for a in narrowed)
        n = 1 if self.single_observer else turn.game.num_players
        roots = [Node(None, None) for _ in range(n)]
        self._root_seat = 0 if self.single_observer else seat
        self._seat = seat  # the deciding seat: its own prior and playout policy
        self._modelled = {s: p for s, p in self.seat_playout_policies.items() if s != seat}
        draw = self.belief.sampler(turn, self.rng) if self.belief is not None else \
            (lambda: turn.sample_state(self.rng))
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000.0
        self._stage = None  # where the playouts stop (horizon), counted from the decision's stage
        self._talk = turn.talk
        done, budget = 0, max(1, round(self.iterations * share))
        while done < budget:
            self._iterate(roots, draw())
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_trees = roots
        self.last_root = roots[self._root_seat]
        self.last_iterations = done
        moves = []
        for a in legal:  # ties go to the first in the game's stable order
            child = self.last_root.children.get((seat, str(a)))
            visits = child.visits if child is not None else 0
            mean = child.reward / child.visits if visits else None
            moves.append(MoveEstimate(a, visits, mean))
        pref = self.last_root.prior
        # Most visited; among equals the prior's move, then the first in the game's order.
        best = max(moves, key=lambda m: (m.visits, pref is not None and str(m.action) == pref))
        if self.keep_margin is not None and pref is not None and str(best.action) != pref:
            kept = next((m for m in moves if str(m.action) == pref and m.mean is not None), None)
            if kept is not None and best.mean - kept.mean <= self.keep_margin:
                best = kept  # not clearly better than the prior's move: keep the prior's
        root = self.last_root
        value = best.mean if best.mean is not None else \
            (root.reward / root.visits if root.visits else 1.0 / turn.game.num_players)
        return SearchResult(best.action, value, moves, done)

    def world_returns(self, turn: Turn, moves: Sequence[str], worlds: int) -> dict[str, list[float]]:
        """A second opinion on a few root moves, free of the tree's selection: each move's return
        for ``turn.seat`` in each of the same sampled worlds (as
        :meth:`roses.agents.rollout.RolloutAgent.world_returns`; analysis and hints compare the
        bot's move with another by it, :mod:`roses.sim.analysis`).

        Each world is drawn as the search draws its worlds (:attr:`belief`, else
        ``turn.sample_state``), so only from what the seat knows. Each move is played in
        ``world.reseeded(seed)`` (the same future chance outcomes for every move) and played out by
        the search's own playout models (the seat's own policy, the seats it models, the rest)
        drawing from ``random.Random(seed)`` (common random numbers), then scored by
        :attr:`evaluate`.

        Args:
            turn: the decision (its seat, legal actions, sealed worlds and table talk).
            moves: legal moves as text (``str(action)``).
            worlds: how many worlds (an int ≥ 1).

        Returns: ``{move text: [return in world 1, world 2, …]}``, lists of equal length, on the
        search's scale (in [0, 1] by default).
        Raises: :class:`~roses.core.IllegalActionError` for a move that is not legal in ``turn``.
        """
        seat = turn.seat
        self._seat = seat
        self._modelled = {s: p for s, p in self.seat_playout_policies.items() if s != seat}
        self._talk = turn.talk
        self._stage = None
        outer = self.rng
        sample = self.belief.sampler(turn, outer) if self.belief is not None else (lambda: turn.sample_state(outer))

        def draw() -> State:
            world = sample()
            if self.horizon is not None and self._stage is None:  # public, so any world tells
                self._stage = self.horizon[0].progress(world) + self.horizon[1]
            return world

        def play(world: State, seed: int) -> float:
            self.rng = random.Random(seed)  # _playout draws from self.rng
            try:
                return self._playout(world)[seat]
            finally:
                self.rng = outer

        return common_world_returns(draw, outer, moves, worlds, play)

    def root_visits(self) -> dict[str, int]:
        """Visits per root action text in the last decision (for tests and debugging)."""
        if self.last_root is None:
            return {}
        return {key[1]: c.visits for key, c in self.last_root.children.items()}

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, roots: list[Node], world: State) -> None:
        if self.horizon is not None and self._stage is None:  # public, so any world tells
            self._stage = self.horizon[0].progress(world) + self.horizon[1]
        rng = self.rng
        single = self.single_observer
        trees = range(len(roots))
        nodes = list(roots)  # the current node of every seat's tree
        paths = [[r] for r in roots]
        root_moves = self._root_moves  # the first seat step is the deciding seat's, at its root
        # Selection and expansion.
        while True:
            seat = world.current_player()
            if seat == CHANCE:
                before = len(world.log.entries)
                outcome = _chance_step(world)
                if self.chance_in_tree:
                    seen = _seen(world, before, len(roots)) if not single else None
                    for k in trees:  # each tree tells apart only the outcomes its seat sees
                        key = (CHANCE, str(outcome)) if single else (CHANCE, seen[k])
                        child = nodes[k].children.get(key)
                        if child is None:
                            child = nodes[k].children[key] = Node(CHANCE, outcome)
                        nodes[k] = child
                        paths[k].append(child)
                continue
            if seat < 0:  # terminal
                break
            legal = world.legal_actions()
            if root_moves is not None:  # the root: only the moves worth a search (``moves``)
                legal = [a for a in legal if str(a) in root_moves] or legal
                root_moves = None
            own = 0 if single else seat  # the mover chooses in its own tree, by its own statistics
            pref = self._preferred(nodes[own], seat, legal, world) if self.prior is not None else None
            if len(legal) > self.max_branching:
                full = legal
                legal = rng.sample(legal, self.max_branching)
                if pref is not None and all(str(a) != pref for a in legal):
                    legal.append(next(a for a in full if str(a) == pref))
            children = nodes[own].children
            untried = []
            candidates = []
            for a in legal:
                key = (seat, str(a))
                child = children.get(key)
                if child is None:
                    untried.append((key, a))
                else:
                    child.available += 1
                    candidates.append((child, a))
            if untried and candidates and self.widening is not None and \
                    len(candidates) >= 1 + int(self.widening * math.sqrt(nodes[own].visits)):
                untried = []  # progressive widening: choose among the moves tried so far
            if untried:
                key, a = untried[rng.randrange(len(untried))]
                if pref is not None:  # the prior's move is expanded first
                    key, a = next(((k, b) for k, b in untried if k[1] == pref), (key, a))
                chosen = children[key] = Node(seat, a)
                chosen.available = 1
            else:
                c = self.exploration
                w = self.prior_weight * math.sqrt(nodes[own].visits)
                chosen, best_score, a = None, -math.inf, None
                for child, b in candidates:
                    score = child.reward / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                    if pref is not None and str(b) == pref:
                        score += w / (1 + child.visits)
                    if score > best_score:
                        chosen, best_score, a = child, score, b
            before = len(world.log.entries)
            world.apply(a)
            nodes[own] = chosen
            paths[own].append(chosen)
            seen = _seen(world, before, len(roots)) if not single else None
            for k in trees:  # the other seats' trees follow the move as each of them sees it
                if k != own:
                    key = (seat, seen[k])
                    child = nodes[k].children.get(key)
                    if child is None:
                        child = nodes[k].children[key] = Node(seat, a)
                    nodes[k] = child
                    paths[k].append(child)
            if untried:
                break  # one new action node per iteration; chance after it belongs to the playout
        # Playout.
        rewards = self._playout(world)
        # Back-propagation. Single observer: each node scores the reward of the seat that moved
        # into it. Multiple observers: tree k scores seat k's reward everywhere (only its own
        # moves are ever compared).
        if single:
            for n in paths[0]:
                n.visits += 1
                if n.seat is not None and n.seat >= 0:
                    n.reward += rewards[n.seat]
        else:
            for k in trees:
                r = rewards[k]
                for n in paths[k]:
                    n.visits += 1
                    n.reward += r

    def _preferred(self, node: Node, seat: int, legal: list, world: State) -> str:
        """The prior agent's move (its text) for ``seat`` in ``world``. In the deciding seat's own
        tree a node is one of its information states, which the prior reads through the seat's
        observation alone, so it is asked once per node; the other seats' nodes mix worlds that
        differ in their own hidden cards, so the prior is asked in each world, with those cards.
        Every seat's prior hears the decision's table talk (public; nothing is said inside the
        search)."""
        cache = seat == self._root_seat and not self.single_observer
        if cache and node.prior is not None:
            return node.prior
        prior = self.own_prior if seat == self._seat else self.seat_priors.get(seat, self.prior)
        pref = str(prior.act(Turn(seat, None, legal, world, self._talk)))
        if cache:
            node.prior = pref
        return pref

    def _playout(self, world: State) -> Sequence[float]:
        rng = self.rng
        policy = self.playout_policy
        own, own_policy = self._seat, self.own_playout_policy
        modelled = self._modelled
        limit = self.max_playout_depth
        horizon = self.horizon[0] if self.horizon is not None else None
        stage = self._stage
        steps = 0
        while True:
            seat = world.current_player()
            if seat == CHANCE:
                _chance_step(world)
                continue
            if seat < 0 or (limit is not None and steps >= limit):  # terminal, or deep enough
                break
            if horizon is not None and horizon.progress(world) >= stage:
                return horizon.value(world)
            if own_policy is not None and seat == own:
                world.apply(own_policy(world, world.legal_actions(), rng))
            elif seat in modelled:
                world.apply(modelled[seat](world, world.legal_actions(), rng))
            elif policy is random_policy:  # the same draw as random_policy, without the list copy
                world.apply_legal(rng.randrange(world.num_legal_actions()))
            else:
                world.apply(policy(world, world.legal_actions(), rng))
            steps += 1
        return self.evaluate(world)


__all__ = ["ISMCTSAgent", "MoveEstimate", "Node", "SearchResult", "DEFAULT_ITERATIONS", "DEFAULT_EXPLORATION", "DEFAULT_MAX_BRANCHING"]
