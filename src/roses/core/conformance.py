"""Game-agnostic checks that every game must pass (the shared property tests).

``check_random_game`` plays one game with random legal actions and checks, at every step:
the state's own invariants (e.g. cards conserved), that each seat's observation is JSON data and
is unchanged when everything hidden from that seat is re-drawn (no hidden information leaks), that
determinized worlds are sealed (:func:`check_determinize`), that the action space is complete
and encoded (:func:`check_action_space`), that a search horizon reads only public facts
(:func:`check_horizon`), that a step hidden from a seat changes nothing it sees
(:func:`check_unseen`), that a
clone is independent of its original, and that illegal actions raise :class:`IllegalActionError`
and change nothing. At the end it checks that the game ended, that the returns are sane, that
its returns, scores and result tags are public (:func:`check_result_public`), and that the
record and the JSON form both replay to an equal state.

Tests call it from hypothesis with drawn seeds; a designer adding a game can call it directly.
"""
from __future__ import annotations

import json
import random
from typing import Any, Callable

from .errors import IllegalActionError
from .game import Game
from .record import GameRecord, replay
from .serial import to_jsonable
from .state import State

#: A string is never a legal action of any game.
NONSENSE = "not-an-action"


def check_observations(state: State, rng: random.Random) -> None:
    """Every seat's (and a spectator's) observation is JSON data; re-drawing what a seat cannot
    see leaves its observation equal (no leak)."""
    json.dumps(to_jsonable(state.observation(None)))
    for seat in range(state.num_players):
        obs = state.observation(seat)
        json.dumps(to_jsonable(obs))
        world = state.determinize(seat, rng)
        other = world.observation(seat)
        assert to_jsonable(other) == to_jsonable(obs), (
            f"seat {seat}'s observation changes when hidden information is re-drawn: a leak")
        assert world.current_player() == state.current_player()
        assert world.seen_actions(seat) == state.seen_actions(seat), (
            f"seat {seat} has seen another number of actions in its determinized world")
        # The game's RNG decides future chance outcomes (the next card drawn, the lost card):
        # a seat's copy must not share it, or sampling in the copy reveals them.
        if not state.is_terminal():
            assert world.rng is not state.rng and world.rng.getstate() != state.rng.getstate(), (
                f"seat {seat}'s determinized copy shares the game's RNG state: its chance outcomes leak")


def check_unseen(before: State, action: Any, after: State) -> None:
    """The game's :meth:`~roses.core.state.State.unseen_actions` is sound for one step, ``before``
    (a copy of the state before ``action``) to ``after``: each seat's (and a spectator's) count
    grows by 0 or 1; a seat that did not see the step is not the seat that took it, and the step
    changed neither what that seat observes nor who is to move. So a view numbered by
    :meth:`~roses.core.state.State.seen_actions` is the same before and after such a step.
    Raises ``AssertionError`` naming the seat."""
    actor = before.current_player()
    for seat in (None, *range(before.num_players)):
        grew = after.unseen_actions(seat) - before.unseen_actions(seat)
        assert grew in (0, 1), f"seat {seat}'s unseen actions grew by {grew} in one step"
        if not grew:
            continue
        assert seat != actor, f"seat {seat} did not see its own action {action!r} happen"
        assert after.current_player() == actor, (
            f"{action!r}, hidden from seat {seat}, changed the seat to move: the seat can tell it happened")
        assert to_jsonable(after.observation(seat)) == to_jsonable(before.observation(seat)), (
            f"{action!r}, hidden from seat {seat}, changed what the seat observes")


def check_take_back(before: State, action: Any, after: State) -> None:
    """A move its seat may take back (:meth:`~roses.core.state.State.take_back_refusal`, issue
    42), ``before`` (a copy of the state before ``action``) to ``after``: it showed no other seat
    anything private (what each other seat read of it in the log is what a spectator read) nor
    anything hidden (in a world of that seat's before the move, the move shows it the same), and
    taking it back is exact: the game rebuilt from every step but the last equals ``before``, its
    RNG position included. Raises ``AssertionError`` naming the seat."""
    actor = before.current_player()
    if actor < 0 or after.take_back_refusal(actor) is not None:
        return
    start = len(before.log)
    public = after.log.seen_by(None, start)
    for seat in range(after.num_players):
        if seat != actor:
            assert after.log.seen_by(seat, start) == public, (
                f"{action!r} may be taken back but showed seat {seat} something private")
    # Nor anything public that was hidden before (a card turned up): in a world of each other
    # seat's before the move, the same move shows that seat what it was shown.
    for seat in range(after.num_players):
        if seat == actor:
            continue
        world = before.determinize(seat, random.Random(len(before.history) * 31 + seat))
        if world.current_player() != actor or not world.is_legal(action):
            continue
        world.apply(action)
        assert to_jsonable(world.observation(seat)) == to_jsonable(after.observation(seat)), (
            f"{action!r} may be taken back but showed seat {seat} what it could not know before")
    rebuilt = before.game.new_initial_state(before.seed)
    rebuilt.replay_trusted(after.history[:-1])
    assert rebuilt == before, f"taking back {action!r} does not give the state before it"


def check_result_public(state: State, rng: random.Random) -> None:
    """At a finished ``state``, what the server and the terminal show every seat (and spectators)
    once the game is over: ``returns``, ``scores`` and ``result_tags`` (how the game was won, for
    the end screen and summaries) are public facts: every seat's determinized worlds of the end
    state give the same, so none of them reads a card or role the seat never saw. Raises
    ``AssertionError`` naming the seat and the field."""
    assert state.is_terminal(), "check_result_public needs a finished game"
    truth = (state.returns(), state.scores(), state.result_tags())
    for seat in range(state.num_players):
        world = state.determinize(seat, rng)
        for name, true, seen in zip(("returns", "scores", "result_tags"), truth,
                                    (world.returns(), world.scores(), world.result_tags())):
            assert seen == true, (
                f"seat {seat}'s worlds of the finished game give other {name} ({seen} against {true}): "
                f"the end screen would show what the seat never saw")


def check_determinize(state: State, seat: int, seed: int) -> None:
    """The sealed-determinization contract (:meth:`State.determinize`) for ``seat`` at ``state``:

    - the world agrees with the seat: the same observation, information-state key and seat to move;
    - the world replays to itself from its own history under its own seed (``from_json`` of its
      JSON form is equal to it: history, log, RNG position and every field);
    - nothing in it depends on what the seat cannot know: determinizing the real state and
      determinizing another world of it, with the same ``rng`` seed, give equal worlds;
    - its RNG is not the game's (future chance outcomes are re-drawn).
    Raises ``AssertionError`` naming the broken property.
    """
    world = state.determinize(seat, random.Random(seed))
    assert type(world).determinize is State.determinize, "determinize is final: games provide _sample_history"
    assert to_jsonable(world.observation(seat)) == to_jsonable(state.observation(seat)), (
        f"seat {seat}'s observation differs in its determinized world")
    assert world.information_state_key(seat) == state.information_state_key(seat), (
        f"seat {seat}'s information-state key differs in its determinized world")
    assert world.current_player() == state.current_player()
    assert State.from_json(json.loads(json.dumps(world.to_json()))) == world, (
        "a determinized world does not replay to itself from its own history")
    other = state.determinize(seat, random.Random(seed + 1))
    assert other.determinize(seat, random.Random(seed)) == world, (
        f"seat {seat}'s world depends on something it cannot know: determinizing another world of "
        "the same information state gave a different world")
    assert world.seed != state.seed or state.is_terminal() or not state.history


def check_action_space(state: State) -> None:
    """The action space is complete and encoded (issue 9, item 4): every seat action of the fixed
    integer encoding is accepted by ``apply`` exactly when ``legal_actions()`` lists it, and every
    listed action encodes to an id that decodes to it. Raises ``AssertionError``."""
    if state.is_chance_node() or state.is_terminal():
        return
    game = state.game
    legal = state.legal_actions()
    for a in legal:
        i = game.action_to_id(a)
        assert 0 <= i < game.num_distinct_actions() and game.action_from_id(i) == a, (
            f"legal action {a} is not in the integer encoding (id {i})")
    for i in range(game.num_distinct_actions()):
        a = game.action_from_id(i)
        twin = state.clone()
        try:
            twin.apply(a)
            accepted = True
        except IllegalActionError:
            accepted = False
        assert accepted == (a in legal), (
            f"{a} is {'accepted' if accepted else 'refused'} by apply but "
            f"{'not ' if accepted else ''}listed in legal_actions()")


def check_illegal(state: State, pool: list[Any], rng: random.Random) -> None:
    """Up to three actions from ``pool`` that are illegal here, plus a nonsense value, each raise
    :class:`IllegalActionError` and change nothing. The pool's actions are well formed (each was
    legal somewhere in the game), so the game's own refusal (``explain_illegal``) must explain them
    without raising: ``apply`` falls back to a plain refusal when it raises, which is meant for
    malformed input and would hide a bug in the game's refusal code."""
    before = state.snapshot()
    legal = state.legal_actions()
    candidates = [a for a in pool if a not in legal]
    rng.shuffle(candidates)
    for a in candidates[:3]:
        err = state.explain_illegal(a)
        assert isinstance(err, IllegalActionError) and err.rule and err.message, (
            f"explain_illegal({a!r}) gave {err!r}")
    for a in candidates[:3] + [NONSENSE]:
        try:
            state.apply(a)
        except IllegalActionError:
            pass
        else:  # pragma: no cover - a failing check
            raise AssertionError(f"illegal action {a!r} was accepted")
        assert state.snapshot() == before, f"refused action {a!r} changed the state"


def check_clone(state: State, action: Any) -> None:
    """Applying ``action`` to a clone leaves the original equal to its snapshot."""
    before = state.snapshot()
    twin = state.clone()
    assert twin == state
    twin.apply(action)
    assert state.snapshot() == before, "a clone shares mutable data with its original"


def check_horizon(state: State, rng: random.Random) -> None:
    """The game's search horizon (``GameSpec.horizon``), when it has one, reads only public facts:
    its ``progress`` and ``value`` are the same in every seat's determinized world, and the value
    is one reward in [0, 1] per seat. Nothing to check for a game without a horizon."""
    make = state.game.spec.horizon
    if make is None:
        return
    horizon = make(state.game)
    stage, value = horizon.progress(state), horizon.value(state)
    assert len(value) == state.num_players and all(0.0 <= v <= 1.0 for v in value), value
    for seat in range(state.num_players):
        world = state.determinize(seat, rng)
        assert horizon.progress(world) == stage, f"the horizon's progress reads what seat {seat} cannot see"
        assert all(abs(a - b) < 1e-9 for a, b in zip(horizon.value(world), value)), (
            f"the horizon's value reads what seat {seat} cannot see")


def check_random_game(game: Game, seed: int, max_steps: int = 20_000, deep: bool = True,
                      choose: Callable[[list[Any]], Any] | None = None) -> State:
    """Play one random game of ``game`` from ``seed`` with every check above; return the end state.

    ``deep=False`` skips the per-step observation, clone and illegal-action checks (for long games).
    ``choose(legal) -> action`` picks each seat action (default: uniformly at random from ``seed``);
    property tests pass one that draws from hypothesis (``st.data()``), so that a failure shrinks
    to the shortest game. Raises ``AssertionError`` describing the first broken property.
    """
    rng = random.Random(seed ^ 0x5EED)
    state = game.new_initial_state(seed)
    hides = type(state).unseen_actions is not State.unseen_actions  # a game that hides steps
    bound = game.info.max_chance_outcomes if game.spec.info is not None else None
    pool: list[Any] = []
    steps = 0
    while not state.is_terminal():
        assert steps < max_steps, f"{game.name} did not end within {max_steps} steps (seed {seed})"
        state.check_invariants()
        legal = state.legal_actions()
        assert legal, "a non-terminal state has no legal action"
        if state.is_chance_node():
            probs = [p for _, p in state.chance_outcomes()]
            assert abs(sum(probs) - 1.0) < 1e-9 and min(probs) > 0, "chance probabilities must sum to 1"
            assert bound is None or len(probs) <= bound, (
                f"{game.name}: a chance node lists {len(probs)} outcomes, past GameInfo.max_chance_outcomes {bound}")
            action = state.sample_chance()
        else:
            action = choose(legal) if choose is not None else rng.choice(legal)
            pool.extend(legal[:20])
            if len(pool) > 200:
                del pool[:100]
        # Every step early on, then every 7th: the checks cost O(history) each.
        if deep and (steps < 120 or steps % 7 == 0):
            check_observations(state, rng)
            if steps % 5 == 0 and not state.is_chance_node():
                check_determinize(state, rng.randrange(state.num_players), rng.randrange(2**31))
            if steps % 13 == 0:
                check_action_space(state)
            if steps % 11 == 0:
                check_horizon(state, rng)
            check_illegal(state, pool, rng)
            check_clone(state, action)
        deep_step = deep and (steps < 120 or steps % 7 == 0)
        before = state.clone() if hides or deep_step else None
        state.apply(action)
        if before is not None:
            if hides:
                check_unseen(before, action, state)
            if deep_step:
                check_take_back(before, action, state)
        steps += 1
    state.check_invariants()
    rets = state.returns()
    assert len(rets) == game.num_players and all(0.0 <= r <= 1.0 for r in rets), rets
    assert sum(rets) > 0, "a finished game has at least one winner"
    check_observations(state, rng)
    check_result_public(state, rng)
    record = GameRecord.from_json(json.loads(json.dumps(GameRecord.from_state(state).to_json())))
    assert replay(record) == state, "replaying the record does not give an equal state"
    assert State.from_json(json.loads(json.dumps(state.to_json()))) == state
    return state
