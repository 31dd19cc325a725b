"""Search v2 (issue 10): levels, prior, belief-weighted worlds, time budgets and analysis.

The search returns only legal moves, keeps to its budget, is reproducible from its seed, and
chooses the same whatever the hidden parts of the true state; belief weights are 0 for worlds the
observations rule out and follow the evidence of the other seats' moves."""
import random

import pytest

import roses
from roses.agents import GENERIC_AGENTS, LEVELS, STRONGEST, Turn, agent_names, make_agent
from roses.agents import ismcts as ismcts_module
from roses.agents.belief import BeliefModel
from roses.agents.ismcts import ISMCTSAgent, SearchResult
from roses.agents.levels import level_iterations
from roses.agents.tuning import search_tuning
from roses.core import available_games

from ..registry import SMALL_TABLES, case, every_game, every_table, table
from .test_ismcts import _positions

SMALL = {"iterations": 8}


def _small(game, level: str, seed: int) -> ISMCTSAgent:
    """The level's agent with a test-sized budget (everything else as the level has it)."""
    agent = make_agent(level, game, seed)
    agent.iterations = SMALL["iterations"]
    if agent.belief is not None:
        agent.belief.pool = 4
    return agent


def test_every_level_is_a_registered_bot_name_for_every_game():
    for name in available_games():
        game = roses.load(name)
        names = agent_names(game)
        for level in LEVELS:
            assert f"ismcts:{level}" in names
            agent = make_agent(f"ismcts:{level}", game, 3)
            assert agent.name == f"ismcts:{level}"
            assert agent.iterations == level_iterations(game, LEVELS[level])
    assert STRONGEST in GENERIC_AGENTS


def test_levels_differ_in_budget_and_knowledge():
    game = roses.load("roses-and-thorns", players=4)
    easy, medium, hard, expert = (make_agent(f"ismcts:{lv}", game, 0) for lv in ("easy", "medium", "hard", "expert"))
    assert easy.prior is None and easy.belief is None and easy.iterations < medium.iterations
    assert medium.prior is not None and medium.belief is None
    assert hard.prior is not None and hard.belief is not None
    assert ismcts_module.random_policy is medium.playout_policy is not hard.playout_policy
    assert expert.iterations == 4 * hard.iterations and expert.belief.pool > hard.belief.pool


@pytest.mark.parametrize("name", available_games())
@pytest.mark.parametrize("level", ["ismcts:medium", "ismcts:hard"])
def test_levels_return_legal_moves_and_leave_the_state_alone(name, level):
    spec = roses.load(name).spec
    for players in sorted({spec.min_players, spec.max_players}):
        game = roses.load(name, players=players)
        for i, state in enumerate(_positions(game, seed=players, limit=2)):
            before = state.snapshot()
            agent = _small(game, level, i)
            action = agent.act(Turn.of(state))
            assert action in state.legal_actions()
            assert state.snapshot() == before
            assert agent.last_iterations == SMALL["iterations"]


# every game at a small table (Rare Roses' search is slow at its default 4 seats), and Blades &
# Rose's largest as well: at 8 seats the most roles are hidden (the Great Sword only joins at 7)
@pytest.mark.parametrize("name,players", [*every_table(SMALL_TABLES), case("blades-and-rose", 8)])
def test_hard_chooses_the_same_whatever_the_hidden_cards(name, players):
    """The true state is swapped for another world of the same information state: the search
    (prior, belief and playouts included) sees nothing of the difference."""
    game = roses.load(name, players=players)
    rng = random.Random(5)
    for i, state in enumerate(_positions(game, seed=3, every=5, limit=3)):
        seat = state.current_player()
        other = state.determinize(seat, rng)
        assert other.information_state_key(seat) == state.information_state_key(seat)
        a, b = _small(game, "ismcts:hard", 40 + i), _small(game, "ismcts:hard", 40 + i)
        ra, rb = a.search(Turn.of(state)), b.search(Turn.of(other))
        assert str(ra.action) == str(rb.action)
        assert [(str(m.action), m.visits) for m in ra.moves] == [(str(m.action), m.visits) for m in rb.moves]
        if a.belief is not None:  # Rare Roses weighs no worlds (SearchTuning.belief_window 0)
            assert a.belief.last_weights == b.belief.last_weights


def test_reproducible_with_a_seed():
    game = roses.load("rose-ceremony", players=3)
    for state in _positions(game, seed=2, every=4, limit=3):
        a, b = _small(game, "ismcts:hard", 9), _small(game, "ismcts:hard", 9)
        ra, rb = a.analyse(Turn.of(state)), b.analyse(Turn.of(state))
        assert ra == rb


def test_a_time_budget_stops_the_search(monkeypatch):
    """``time_ms`` ends the search when the clock passes it (a fake clock: 1 ms per reading)."""
    ticks = iter(range(10 ** 6))
    monkeypatch.setattr(ismcts_module.time, "perf_counter", lambda: next(ticks) / 1000.0)
    game = roses.load("roses-and-thorns", players=3)
    state = _positions(game, seed=1)[0]
    agent = ISMCTSAgent(game, seed=1, time_ms=5)
    assert agent.iterations > 10 ** 6  # no iteration cap unless one is given
    agent.act(Turn.of(state))
    assert agent.last_iterations == 5  # one reading to start, one after each iteration
    capped = ISMCTSAgent(game, seed=1, time_ms=10_000, iterations=3)
    capped.act(Turn.of(state))
    assert capped.last_iterations == 3
    with pytest.raises(ValueError):
        ISMCTSAgent(game, time_ms=0)


def test_a_budget_share_widens_narrows_or_skips_a_decisions_search():
    """``budget(observation) -> share``: ``round(share · iterations)`` iterations (at least 1); a
    share of 0 plays the own prior's move with no search; ``analyse`` always searches."""
    game = roses.load("roses-and-thorns", players=3)
    state = _positions(game, seed=1)[0]
    seen = []
    for share, expected in ((2.5, 15), (0.1, 1), (1.0, 6)):
        agent = ISMCTSAgent(game, seed=1, iterations=6, budget=lambda obs, share=share: seen.append(obs) or share)
        assert agent.act(Turn.of(state)) in state.legal_actions()
        assert agent.last_iterations == expected
    assert seen[-1] == state.observation(state.current_player())  # the deciding seat's view only
    twin = game.spec.bots["heuristic"](game, 4)  # the prior's twin: same seed, its own RNG
    agent = ISMCTSAgent(game, seed=1, iterations=6, prior=game.spec.bots["heuristic"](game, 4), budget=lambda obs: 0.0)
    assert agent.act(Turn.of(state)) == twin.act(Turn.of(state))
    assert agent.last_iterations == 0
    agent.analyse(Turn.of(state))
    assert agent.last_iterations == 6


def test_the_prior_move_is_tried_first_and_kept_without_evidence():
    """With a one-iteration budget the only move tried is the prior's; with no prior, any."""
    game = roses.load("rose-ceremony", players=2)
    heuristic = game.spec.bots["heuristic"]
    for i, state in enumerate(_positions(game, seed=4, every=3, limit=4)):
        turn = Turn.of(state)
        wanted = str(heuristic(game, 100 + i).act(turn))
        agent = ISMCTSAgent(game, seed=i, iterations=1, prior=heuristic(game, 100 + i))
        result = agent.search(turn)
        assert str(result.action) == wanted
        assert [m.visits for m in result.moves if str(m.action) == wanted] == [1]


def _roses_and_thorns_bid(bid: str):
    """3 players: everyone laid a first card and seat 0 a second; seat 1 (one card down) bids."""
    state = roses.load("roses-and-thorns", players=3, start_player=0).new_initial_state(1)
    for text in ["lay rose", "lay rose", "lay rose", "lay rose", bid]:
        state.apply(state.action_from_text(text))
    return state


def test_belief_weights_follow_the_bids():
    """Seat 1 bid 3 with one card of its own down: the heuristic never bids through its own
    thorn, so worlds where that card is its thorn weigh far less than worlds where it is a rose."""
    state = _roses_and_thorns_bid("bid 3")
    turn = Turn.of(state)
    belief = BeliefModel(state.game.spec.bots["heuristic"], pool=64)
    rng = random.Random(0)
    worlds = [turn.sample_state(rng) for _ in range(64)]
    weights = [belief.weight(turn, w, rng) for w in worlds]
    thorn = [w for w, x in zip(weights, worlds) if x.observation(1).stack[-1] == "thorn"]
    rose = [w for w, x in zip(weights, worlds) if x.observation(1).stack[-1] == "rose"]
    assert thorn and rose
    assert sum(rose) / len(rose) > 5 * sum(thorn) / len(thorn)
    assert all(w > 0 for w in weights)


def test_belief_weight_is_zero_for_a_world_the_observations_rule_out():
    state = _roses_and_thorns_bid("bid 3")
    turn = Turn.of(state)
    belief = BeliefModel(state.game.spec.bots["heuristic"])
    rng = random.Random(0)
    other = _roses_and_thorns_bid("bid 2")  # seat 2 saw a bid of 2, not 3
    other.apply(other.action_from_text("bid 3"))
    assert belief.weight(turn, other, rng) == 0.0
    assert belief.weight(turn, turn.sample_state(rng), rng) > 0.0
    sampler_rng = random.Random(1)
    draw = belief.sampler(turn, sampler_rng)
    assert len(belief.last_weights) == belief.pool and abs(sum(belief.last_weights) - 1) < 1e-9
    world = draw()
    assert world.information_state_key(turn.seat) == turn.information_state_key()
    with pytest.raises(ValueError):
        BeliefModel(state.game.spec.bots["heuristic"], epsilon=0)


def test_belief_worlds_play_fresh_futures():
    """Copies of one weighed world get their own future chance outcomes (State.reseeded)."""
    game = roses.load("rose-ceremony", players=2)
    state = _positions(game, seed=6)[0]
    turn = Turn.of(state)
    draw = BeliefModel(game.spec.bots["heuristic"], pool=1).sampler(turn, random.Random(2))
    futures = set()
    for _ in range(6):
        world = draw()
        while world.current_player() >= 0 and not world.is_chance_node():
            world.apply(world.legal_actions()[0])
        futures.add(str(world.sample_chance()) if world.is_chance_node() else None)
    assert len(futures) > 1


def test_analyse_reports_the_move_values():
    game = roses.load("roses-and-thorns", players=3)
    state = _positions(game, seed=2)[0]
    agent = ISMCTSAgent(game, seed=0, iterations=60)
    result = agent.analyse(Turn.of(state))
    assert isinstance(result, SearchResult) and result.iterations == 60
    assert [str(m.action) for m in result.moves] == [str(a) for a in state.legal_actions()]
    assert sum(m.visits for m in result.moves) == 60
    best = max(result.moves, key=lambda m: m.visits)
    assert result.action == best.action and result.value == best.mean
    assert 0.0 <= result.value <= 1.0


def test_a_solo_game_with_scores_is_searched_for_its_score():
    """Solo Rare Roses: every finished game returns 1, so the search plays for the money."""
    from roses.agents.playout import default_evaluate, equal_shares, score_shares
    solo = roses.load("rare-roses", players=1)
    evaluate = default_evaluate(solo)
    state = solo.new_initial_state(3)
    rng = random.Random(0)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance())
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert state.returns() == [1.0]
    assert evaluate(state) == [state.scores()[0] / search_tuning(solo).score_scale]
    assert default_evaluate(roses.load("roses-and-thorns")) is equal_shares
    shares = score_shares(20.0)
    duo = roses.load("rare-roses", players=2).new_initial_state(1)
    duo.resolve_chance()
    assert shares(duo) == [0.5, 0.5]  # equal money, equal shares, before the end


def test_reseeded_copies_replay_and_draw_fresh_futures():
    from roses.core import State
    for name in available_games():
        state = _positions(roses.load(name), seed=4, every=3, limit=1)[0]
        copy = state.reseeded(77)
        assert State.from_json(copy.to_json()) == copy
        assert copy.history == state.history and copy.seed == 77 and state.seed != 77
        assert copy.information_state_key(0) == state.information_state_key(0)


def test_a_horizon_stops_every_playout_at_its_stage_and_scores_it_there():
    """``ISMCTSAgent(horizon=(h, rounds))``: each playout ends once ``h.progress`` has risen by
    ``rounds`` from the decision's stage and is scored by ``h.value``, not played to the end."""
    from roses.core import Horizon
    from roses.games.roses_and_thorns.value import progress, win_chances

    game = roses.load("roses-and-thorns", players=4)
    state = _positions(game, seed=5, limit=1)[0]
    root = progress(state)
    seen: list[tuple[int, bool]] = []

    def value(world):
        seen.append((progress(world), world.is_terminal()))
        return win_chances(world)

    for rounds in (1, 2):
        seen.clear()
        agent = ISMCTSAgent(game, seed=2, iterations=30, horizon=(Horizon(progress, value), rounds))
        assert agent.act(Turn.of(state)) in state.legal_actions()
        assert 20 <= len(seen) <= 30  # a playout that reaches the end scores its returns instead
        assert all(stage >= root + rounds and not over for stage, over in seen)
        assert sum(stage == root + rounds for stage, _ in seen) >= 20  # stopped at the stage, not later


def test_a_level_with_rounds_stops_its_playouts_at_the_games_horizon():
    from dataclasses import replace

    from roses.agents.levels import make_level_agent

    game = roses.load("roses-and-thorns", players=4)
    assert make_agent("ismcts:hard", game, 0).horizon is None  # no level sets rounds today
    hard1 = make_level_agent(game, replace(LEVELS["hard"], rounds=1), 0)
    assert hard1.horizon[1] == 1 and hard1.horizon[0].value is game.spec.horizon(game).value
    assert hard1.name == "ismcts:hard"
    medium1 = make_level_agent(game, replace(LEVELS["medium"], rounds=1), 0)
    assert medium1.horizon is None  # random playouts are cheap: they go to the end
    br = roses.load("blades-and-rose", players=5)
    assert make_level_agent(br, replace(LEVELS["hard"], rounds=1), 0).horizon is None  # no horizon there


class _Listener:
    """A prior / belief model that plays the first legal move and records the talk it heard."""

    heard: list = []

    def __init__(self, game=None, seed: int = 0):
        pass

    def act(self, turn):
        _Listener.heard.append(turn.talk)
        return turn.legal_actions[0]

    def speak(self, turn, talk):
        return ("said", turn.seat, len(talk))


def test_search_hears_the_table_talk_and_speaks_through_its_prior():
    """Table talk (BR-9) reaches the prior at every node of the search, and the belief model at each
    past decision only the talk said before it (``Talk.at_move``); the search bot says what its
    prior says. Before, the search asked its prior and model with no talk and never spoke."""
    from roses.core.talk import Talk

    state = _roses_and_thorns_bid("bid 3")  # 5 steps of history, seat 2 to move
    early, late = Talk(0, "accuse", target=1, at_move=2), Talk(2, "vouch", target=0, at_move=5)
    turn = Turn.of(state, (early, late))
    _Listener.heard = []
    agent = ISMCTSAgent(state.game, seed=0, iterations=6, prior=_Listener(),
                        belief=BeliefModel(_Listener, pool=2, window=16))
    agent.act(turn)
    from_prior = [h for h in _Listener.heard if h == (early, late)]
    assert from_prior, "the prior never heard the talk"
    belief_heard = [h for h in _Listener.heard if h != (early, late)]
    # Seats 0 and 1 decided at steps 0, 1, 3, 4 in the replayed prefix: at steps 0 and 1 nothing
    # had been said, at 3 and 4 the accusation (at move 2) had; the vouch (at move 5) never before.
    assert () in belief_heard and (early,) in belief_heard and all(late not in h for h in belief_heard)
    assert agent.speak(turn, turn.talk) == ("said", 2, 2)
    assert ISMCTSAgent(state.game, seed=0).speak(turn, turn.talk) is None  # no prior: silent


def test_a_hard_blades_and_rose_bot_talks_as_its_heuristic():
    """The hard level speaks through its prior, the game's heuristic (seeded ``seed + 1``)."""
    game = roses.load("blades-and-rose", players=5)
    spoken = 0
    for state in _positions(game, seed=3, every=2, limit=6):
        turn = Turn.listening(state, state.current_player(), ())
        said = make_agent("ismcts:hard", game, 40).speak(turn, ())
        assert said == make_agent("heuristic", game, 41).speak(turn, ())  # nothing, at times (issue 42)
        spoken += said is not None
    assert spoken


class _Recorder:
    """A prior and playout bot that records the seats it is asked for and plays the first move."""

    def __init__(self):
        self.seats = set()

    def act(self, turn):
        self.seats.add(turn.seat)
        return turn.legal_actions[0]


def test_the_searching_seat_plays_its_own_prior_and_playouts_and_models_the_others():
    """``own_prior`` / ``own_playout_policy`` (``GameSpec.own_bot``): the deciding seat's moves in
    the tree and the playouts come from its own bot, every other seat's from the model, in the
    multi-observer and the single-observer search alike (single-observer: one tree, root seat 0,
    so the deciding seat must not be taken for seat 0)."""
    from roses.agents.playout import agent_policy

    game = roses.load("roses-and-thorns", players=4)
    state = next(s for s in _positions(game, seed=2, limit=6) if s.current_player() == 2)
    for single in (False, True):
        model, own, model_play, own_play = _Recorder(), _Recorder(), _Recorder(), _Recorder()
        agent = ISMCTSAgent(game, seed=1, iterations=12, prior=model, own_prior=own,
                            playout_policy=agent_policy(model_play), own_playout_policy=agent_policy(own_play),
                            single_observer=single)
        agent.act(Turn.of(state))
        assert own.seats == {2} and own_play.seats == {2}
        assert model.seats and 2 not in model.seats and model_play.seats == {0, 1, 3}


def test_hard_plays_its_own_seat_with_the_games_own_bot():
    """Roses and Thorns' ``hard`` plays its own seat with ``bots.OWN`` (``bold``'s thorn and bids,
    bids believed at 0.95, the bidding opened 6 times in 10, raises by one; prior and playouts) and
    models the others as the heuristic; ``medium`` keeps the heuristic for every seat; a game
    without an ``own_bot`` keeps one prior for all."""
    from roses.games.roses_and_thorns.bots import BOLD, OWN, OWN_SAMPLES, HeuristicAgent

    game = roses.load("roses-and-thorns", players=4)
    hard, medium = make_agent("ismcts:hard", game, 0), make_agent("ismcts:medium", game, 0)
    assert isinstance(hard.own_prior, HeuristicAgent) and hard.own_prior is not hard.prior
    assert (hard.own_prior.thorn_rate, hard.own_prior.bid_confidence) == (BOLD["thorn_rate"], BOLD["bid_confidence"])
    assert OWN == {**BOLD, "bid_trust": 0.95, "open_rate": 0.6, "jump": False}
    assert (hard.own_prior.bid_trust, hard.own_prior.open_rate, hard.own_prior.jump) == (0.95, 0.6, False)
    assert (hard.prior.thorn_rate, hard.prior.bid_confidence) == (0.6, 0.4)
    assert (hard.prior.bid_trust, hard.prior.open_rate, hard.prior.jump) == (0.8, 1.0, True)
    assert hard.own_playout_policy is not None
    # its own moves with more worlds than the heuristic's 48, its playouts from a 12-world twin
    assert (hard.own_prior.samples, OWN_SAMPLES) == (96, 96) and hard.prior.samples == 48
    own_playout = game.spec.own_playout_bot(game, 0)
    assert own_playout.samples == 12 and (own_playout.bid_trust, own_playout.open_rate, own_playout.jump) == (0.95, 0.6, False)
    assert medium.own_prior is medium.prior and medium.own_playout_policy is None
    other = make_agent("ismcts:hard", roses.load("blades-and-rose", players=6), 0)
    assert other.own_prior is other.prior and other.own_playout_policy is None


def test_rose_ceremony_hard_plays_its_own_seat_as_bold_but_at_three_players():
    """Rose Ceremony's ``own_bot``: ``bold`` (growth 0.25) at 2 and 4+ players, the heuristic with
    the 3-seat settings at 3 (growth 1.5, read 0.95: ``bold`` measured weaker there); the other
    seats stay the heuristic (growth 1, read 0.8)."""
    from roses.games.rose_ceremony.bots import BOLD, THREE_SEATS

    assert THREE_SEATS == {"growth": 1.5, "read": 0.95}
    for players, own in ((2, (BOLD["growth"], 0.8)), (3, (1.5, 0.95)), (4, (BOLD["growth"], 0.8)),
                         (6, (BOLD["growth"], 0.8))):
        hard = make_agent("ismcts:hard", roses.load("rose-ceremony", players=players), 0)
        assert hard.own_prior is not hard.prior and hard.own_playout_policy is not None
        assert (hard.own_prior.growth, hard.own_prior.read) == own
        assert (hard.prior.growth, hard.prior.read) == (1.0, 0.8)


def test_rare_roses_hard_plays_its_own_seat_as_the_trader():
    """Rare Roses' ``own_bot``: the ``trader`` (deals at the least the owner accepts, denial with up
    to four seats, the specialty bonus at half weight with others), in playouts without the
    haggling; the other seats stay the heuristic, and a seat known to be ``hard`` or ``trader`` is
    modelled as the trader."""
    from roses.agents.levels import seat_model
    from roses.games.rare_roses.bots import HeuristicAgent
    from roses.games.rare_roses.trader import TraderAgent

    for players in (1, 2, 4, 6):
        game = roses.load("rare-roses", players=players)
        hard = make_agent("ismcts:hard", game, 0)
        assert isinstance(hard.own_prior, TraderAgent) and hard.own_prior.haggle
        assert type(hard.prior) is HeuristicAgent
        for name in ("ismcts:hard", "trader"):
            prior, playout = seat_model(game, name)
            assert prior(game, 0).haggle and not playout(game, 0).haggle  # playouts: no haggling, for speed
        assert seat_model(game, "heuristic") is None


def test_roses_and_thorns_hard_keeps_its_own_bots_move_unless_clearly_beaten():
    """``SearchTuning.search_keep_margin``: Roses and Thorns' ``hard`` and ``expert`` keep ``bold``'s
    move unless another beats it by the margin; ``medium`` and the other games' levels play the most
    visited move."""
    for players in (3, 4, 10):
        game = roses.load("roses-and-thorns", players=players)
        margin = search_tuning(game).search_keep_margin
        assert margin is not None and 0 < margin < 1
        assert make_agent("ismcts:hard", game, 0).keep_margin == margin
        assert make_agent("ismcts:expert", game, 0).keep_margin == margin
        assert make_agent("ismcts:medium", game, 0).keep_margin is None
    for name in every_game():  # the other games
        if name != "roses-and-thorns":
            assert make_agent("ismcts:hard", roses.load(name, players=table(name)), 0).keep_margin is None


@pytest.mark.parametrize("name,players", every_table(SMALL_TABLES))  # small: Rare Roses took 25 s at 4 seats
def test_world_returns_compares_moves_in_the_same_sealed_worlds(name, players):
    """``ISMCTSAgent.world_returns`` (the analysis' second opinion): one return a world for each
    move (a move listed twice is played once), in [0, 1]; reproducible from the seed; the same
    whatever the hidden parts of the true state; an illegal move raises and the state is left
    alone."""
    from roses.core import IllegalActionError

    game = roses.load(name, players=players)
    rng = random.Random(7)
    for i, state in enumerate(_positions(game, seed=4, every=6, limit=2)):
        seat = state.current_player()
        before = state.snapshot()
        moves = [str(a) for a in state.legal_actions()][:2]
        out = _small(game, "ismcts:hard", 60 + i).world_returns(Turn.of(state), moves + moves[:1], 5)
        assert list(out) == moves and all(len(v) == 5 and all(0.0 <= x <= 1.0 for x in v) for v in out.values())
        assert _small(game, "ismcts:hard", 60 + i).world_returns(Turn.of(state), moves, 5) == out
        other = state.determinize(seat, rng)
        assert _small(game, "ismcts:hard", 60 + i).world_returns(Turn.of(other), moves, 5) == out
        assert state.snapshot() == before
        with pytest.raises(IllegalActionError):
            _small(game, "ismcts:hard", 1).world_returns(Turn.of(state), ["not a move"], 1)


def test_moves_narrow_the_root_and_a_lone_move_is_played_without_a_search():
    """``ISMCTSAgent(moves=…)``: only the moves it keeps are searched at the root (in every world);
    a lone one is played at once; keeping none of the legal moves searches them all. The levels
    with random playouts take the game's heuristic's ``search_moves`` where it has one (Rare
    Roses), the others none."""
    game = roses.load("rose-ceremony", players=3)
    state = next(s for s in _positions(game, seed=2, every=1, limit=40) if len(s.legal_actions()) >= 3)
    legal = state.legal_actions()
    kept = legal[1:3]
    agent = ISMCTSAgent(game, seed=1, iterations=20, moves=lambda turn: list(reversed(kept)))
    assert agent.act(Turn.of(state)) in kept
    assert set(agent.root_visits()) == {str(a) for a in kept} and agent.last_iterations == 20
    lone = ISMCTSAgent(game, seed=1, iterations=20, moves=lambda turn: [legal[-1]])
    assert lone.act(Turn.of(state)) == legal[-1] and lone.last_iterations == 0
    none = ISMCTSAgent(game, seed=1, iterations=20, moves=lambda turn: [])
    none.act(Turn.of(state))
    assert none.last_iterations == 20 and len(none.root_visits()) == min(len(legal), 20)
    rare = roses.load("rare-roses", players=3)
    levels = {lv: make_agent(f"ismcts:{lv}", rare, 0) for lv in LEVELS}
    assert levels["easy"].moves is not None and levels["medium"].moves is not None
    assert levels["hard"].moves is None and levels["expert"].moves is None
    assert make_agent("ismcts:easy", game, 0).moves is None  # Rose Ceremony's heuristic names none
