"""The rollout search (roses.agents.rollout): candidates share their worlds and seeds, the guard
keeps the heuristic's move without evidence, and it plays legal, reproducible moves."""
import pytest

import roses
from roses.agents import Turn
from roses.agents.rollout import RolloutAgent
from roses.agents.tuning import search_tuning

from ..registry import SMALL_TABLES, every_table
from .test_ismcts import _positions


def _agent(game, seed=0, **kw):
    heuristic = game.spec.bots["heuristic"]
    return RolloutAgent(game, seed, base=heuristic(game, seed + 1),
                        playout_bot=game.spec.playout_bot or heuristic, **kw)


def test_every_candidate_is_played_out_in_the_same_worlds_with_the_same_seeds(monkeypatch):
    """Common random numbers: per world, each candidate starts from the same hidden cards (the
    world's history before the candidate's move) and its playout bot has the same seed."""
    game = roses.load("rose-ceremony", players=3)
    state = _positions(game, seed=2, every=3, limit=1)[0]
    seen: list[tuple] = []
    real = RolloutAgent._playout

    def spy(self, world, seed):
        seen.append((tuple(world.history[:-1]), seed, str(world.history[-1][1])))
        return real(self, world, seed)

    monkeypatch.setattr(RolloutAgent, "_playout", spy)
    agent = _agent(game, iterations=24)
    result = agent.search(Turn.of(state))
    tried = [m for m in result.moves if m.visits]
    assert len(tried) >= 2 and len({m.visits for m in tried}) == 1  # every candidate, as many worlds
    per_world = len(tried)
    assert len(seen) == agent.last_iterations == per_world * tried[0].visits
    for k in range(0, len(seen), per_world):
        group = seen[k:k + per_world]
        assert len({(h, s) for h, s, _ in group}) == 1  # one world and one seed for all candidates
        assert sorted(m for _, _, m in group) == sorted(str(m.action) for m in tried)
    assert len({s for _, s, _ in seen}) == len(seen) // per_world  # a fresh seed per world


def test_the_guard_keeps_the_heuristics_move_without_clear_evidence():
    """With an unreachable guard the search always plays its base policy's move; with no guard it
    plays the best mean, which the base's move does not always have."""
    game = roses.load("roses-and-thorns", players=4)
    heuristic = game.spec.bots["heuristic"]
    differ = 0
    for i, state in enumerate(_positions(game, seed=6, every=2, limit=6)):
        turn = Turn.of(state)
        base = str(heuristic(game, 100 + i + 1).act(turn))
        kept = _agent(game, 100 + i, iterations=16, guard=1e9).search(turn)
        assert str(kept.action) == base
        free = _agent(game, 100 + i, iterations=16, guard=0).search(turn)
        best = max((m.mean for m in free.moves if m.mean is not None))
        assert free.value == best and str(free.action) in [str(m.action) for m in free.moves if m.mean == best]
        differ += str(free.action) != base
    assert differ >= 1


@pytest.mark.parametrize("name,players", every_table(SMALL_TABLES))  # small: Rare Roses at 4 seats took 83 s
def test_legal_reproducible_and_the_state_left_alone(name, players):
    game = roses.load(name, players=players)
    for i, state in enumerate(_positions(game, seed=4, every=4, limit=2)):
        before = state.snapshot()
        a, b = _agent(game, i, iterations=8), _agent(game, i, iterations=8)
        ra, rb = a.analyse(Turn.of(state)), b.analyse(Turn.of(state))
        assert ra == rb and ra.action in state.legal_actions()
        assert state.snapshot() == before


def test_bad_budgets_are_refused():
    game = roses.load("rose-ceremony", players=2)
    for kw in ({"iterations": 0}, {"guard": -1}, {"time_ms": 0}):
        with pytest.raises(ValueError):
            _agent(game, **kw)


def test_world_returns_scores_each_move_in_the_same_worlds_on_any_scale():
    """``world_returns``: equal-length lists, one entry a world; the same ``rng`` seed gives the
    same returns; ``evaluate`` sets the scale (here the raw scores, Rare Roses solo money in
    dollars, which the default evaluation divides by ``SearchTuning.score_scale``, world by world); an
    illegal move raises and leaves the state alone."""
    import random

    from roses.core import IllegalActionError

    game = roses.load("rare-roses", players=1)
    state = _positions(game, seed=3, every=5, limit=1)[0]
    turn = Turn.of(state)
    before = state.snapshot()
    moves = [str(a) for a in turn.legal_actions][:2]
    money = _agent(game, evaluate=lambda w: w.scores())
    out = money.world_returns(turn, moves, 3, rng=random.Random(5))
    assert list(out) == moves and all(len(v) == 3 for v in out.values())
    again = _agent(game, evaluate=lambda w: w.scores()).world_returns(turn, moves, 3, rng=random.Random(5))
    assert again == {m: out[m] for m in moves}
    scale = search_tuning(game).score_scale
    assert max(max(v) for v in out.values()) > scale / 10  # dollars
    scaled = _agent(game).world_returns(turn, moves, 3, rng=random.Random(5))
    assert scaled == {m: [x / scale for x in out[m]] for m in moves}
    with pytest.raises(IllegalActionError):
        money.world_returns(turn, ["not a move"], 1, rng=random.Random(5))
    assert state.snapshot() == before
