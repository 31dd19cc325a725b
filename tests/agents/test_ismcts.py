"""The generic SO-ISMCTS agent (roses.agents.ismcts): legal for every game, reproducible, finds a
winning flip in Roses and Thorns, and beats ``random`` there."""
import random

import pytest

import roses
from roses.agents import GENERIC_AGENTS, Turn, make_agent
from roses.agents.ismcts import ISMCTSAgent
from roses.agents.playout import agent_policy
from roses.core import available_games, to_jsonable
from roses.sim.batch import run_batch


def _positions(game, seed: int, every: int = 7, limit: int = 4):
    """Up to ``limit`` seat decisions (with a real choice) of a random game, one every ``every`` steps."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    steps = 0
    found = []
    while not state.is_terminal() and len(found) < limit:
        if state.is_chance_node():
            state.apply(state.sample_chance())
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and steps % every == 0:
            found.append(state.clone())
        state.apply(rng.choice(legal))
        steps += 1
    return found


@pytest.mark.parametrize("name", available_games())
def test_returns_a_legal_action_for_every_game(name):
    spec = roses.load(name).spec
    for players in sorted({spec.min_players, spec.max_players}):
        game = roses.load(name, players=players)
        agent = ISMCTSAgent(game, seed=3, iterations=12)
        positions = _positions(game, seed=players)
        assert positions, f"{name} with {players} players offered no choice"
        for state in positions:
            before = state.snapshot()
            action = agent.act(Turn.of(state))
            assert action in state.legal_actions()
            assert state.snapshot() == before  # the search never touches the real state
            assert sum(agent.root_visits().values()) == 12


def test_registered_as_a_generic_agent():
    game = roses.load("rose-ceremony")
    assert GENERIC_AGENTS["ismcts"] is ISMCTSAgent
    assert make_agent("ismcts", game, 5).name == "ismcts"


def test_deterministic_for_a_fixed_seed():
    game = roses.load("roses-and-thorns", players=4)
    for state in _positions(game, seed=11, every=3):
        a, b = ISMCTSAgent(game, seed=9, iterations=60), ISMCTSAgent(game, seed=9, iterations=60)
        assert a.act(Turn.of(state)) == b.act(Turn.of(state))
        assert a.root_visits() == b.root_visits()


def _winning_flip_position():
    """3 players, quick game (RT-8: one successful challenge wins), seat 0 has one card left to
    turn up. (Reached by play: a world is the history replayed, so no field may be set by hand.)

    Seats 1 and 2 each laid their thorn first, then three roses (hands empty). Seat 0 bid 7: its
    own three roses turn up by themselves (RT-5), then it turned up seat 1's three roses. Seat 1
    holds all four cards, so its last face-down card is surely its thorn; seat 2's top card is a
    rose with chance 3/4 as far as seat 0 knows. ``flip 2`` is the only move that can win."""
    state = roses.load("roses-and-thorns", players=3, start_player=1, quick_game=True).new_initial_state(1)
    for text in (["lay thorn", "lay thorn", "lay rose"] + ["lay rose"] * 8
                 + ["bid 7", "pass", "pass", "flip 1", "flip 1", "flip 1"]):
        state.apply(state.action_from_text(text))
    state.check_invariants()
    return state


def test_turns_up_the_stack_that_can_win_the_game():
    state = _winning_flip_position()
    assert state.current_player() == 0 and [str(a) for a in state.legal_actions()] == ["flip 1", "flip 2"]
    for seed in range(3):
        agent = ISMCTSAgent(state.game, seed=seed, iterations=400)
        assert str(agent.act(Turn.of(state))) == "flip 2"
        visits = agent.root_visits()
        assert visits["flip 2"] > visits["flip 1"]
    # The estimated value of the winning flip is about 3/4 (the chance that seat 2's top is a rose).
    root = agent.last_root
    win = root.children[(0, "flip 2")]
    assert 0.6 < win.reward / win.visits <= 1.0
    lose = root.children[(0, "flip 1")]  # loses a card; the game goes on, so not quite 0
    assert lose.reward / lose.visits <= 0.5 < win.reward / win.visits  # ~4-16 visits: 0.0 to 0.53


def test_playout_policy_and_depth_limit_are_used():
    state = _winning_flip_position()
    calls = []

    def first_legal(world, legal, rng):
        calls.append(world.current_player())
        return legal[0]

    agent = ISMCTSAgent(state.game, seed=1, iterations=30, playout_policy=first_legal, max_playout_depth=5)
    assert agent.act(Turn.of(state)) in state.legal_actions()
    assert calls and all(0 <= s < 3 for s in calls)
    bot = agent_policy(make_agent("heuristic", state.game, 2))
    # 40 iterations: at 20, one seed in ten (of the search's own random stream) still picks flip 1.
    agent = ISMCTSAgent(state.game, seed=1, iterations=40, playout_policy=bot)
    assert str(agent.act(Turn.of(state))) == "flip 2"


def test_wide_nodes_are_capped():
    game = roses.load("roses-and-thorns", players=6)
    state = next(s for s in _positions(game, seed=4, every=1, limit=200) if len(s.legal_actions()) > 4)
    agent = ISMCTSAgent(game, seed=2, iterations=40, max_branching=3)
    assert agent.act(Turn.of(state)) in state.legal_actions()
    assert len(agent.root_visits()) <= len(state.legal_actions())


@pytest.mark.parametrize("players,at_least", [(3, 9), (4, 7)])
def test_beats_random_in_roses_and_thorns(players, at_least, monkeypatch):
    # One ISMCTS seat (30 iterations, to stay fast) against random ones, 20 games of batch seed 0.
    # Measured: 10 wins with 3 players, 8 with 4 (single observer: 11 and 8); chance alone is 6.7
    # and 5. The bar leaves a margin of one game. The default 200 iterations (single observer) won
    # 13 and 8 of the same games: random opponents are hard to model (docs/lab/agents-strength-history.md).
    monkeypatch.setitem(GENERIC_AGENTS, "ismcts-30", lambda g, s: ISMCTSAgent(g, s, iterations=30))
    result = run_batch("roses-and-thorns", {"players": players}, ["ismcts-30", "random"], games=20, seed=0)
    assert result.wins_per_seat[0] >= at_least
    assert result.win_rate[0] > 1 / players + 0.08


def _date_position():
    """Rose Ceremony, 2 players, seat 0 to go on a date. Both bouquets hold 4 thorns: seat 0's 7
    roses, seat 1's 9. Seat 0 holds 0/0, 0/0, 3/0 and 2/3. If refused, 3/0 makes seat 0's bouquet
    10 roses (seat 0 exchanges and wins at once), and if accepted it gives seat 1 12 roses; 2/3
    wilts seat 1's bouquet if accepted and seat 0's if refused; 0/0 changes nothing. Seat 1 answers
    without seeing the card (RC-3)."""
    from tests.games.rose_ceremony.helpers import position

    return position(2, hands={0: "0/0 0/0 3/0 2/3"}, bouquets={0: "3/2 4/2", 1: "5/2 4/2"}, seed=3)


def _accept_share(offer_node) -> float:
    """Share of the receiver's answers that were ``accept`` below one offer of seat 0's tree (keyed
    by the action text in the single-observer tree, by the log lines seat 0 reads otherwise)."""
    answers = {key[1] if isinstance(key[1], str) else " ".join(key[1]): child.visits
               for key, child in offer_node.children.items()}
    accepted = sum(v for text, v in answers.items() if "accept" in text)
    return accepted / sum(answers.values())


def test_the_receiver_answers_without_seeing_the_offered_card():
    # Regression: the single-observer tree keyed seat 1's answer under seat 0's offer of a given
    # card, so in the search seat 1 refused 2/3 and accepted 3/0 as if it saw them. With one tree
    # per seat, seat 1's tree reads every offer as "a card face down": one node, one answer policy
    # whatever the card.
    state = _date_position()
    agent = ISMCTSAgent(state.game, seed=0, iterations=400)
    agent.act(Turn.of(state))
    receiver_root = agent.last_trees[1]
    [(offerer, seen)] = receiver_root.children  # one child: seat 1's reading of seat 0's offer
    assert offerer == 0 and "face down" in " ".join(seen) and "/" not in " ".join(seen)
    offers = {key[1]: node for key, node in agent.last_root.children.items()}
    assert set(offers) == {"offer 0/0 to 1", "offer 2/3 to 1", "offer 3/0 to 1"}
    shares = {text: _accept_share(node) for text, node in offers.items() if node.visits >= 20}
    assert len(shares) >= 2 and max(shares.values()) - min(shares.values()) < 0.3, shares
    # The old behaviour, kept as an option: the answer follows the card.
    old = ISMCTSAgent(state.game, seed=0, iterations=400, single_observer=True)
    old.act(Turn.of(state))
    offers = {key[1]: node for key, node in old.last_root.children.items()}
    assert _accept_share(offers["offer 3/0 to 1"]) - _accept_share(offers["offer 2/3 to 1"]) > 0.4


def test_offers_a_card_the_receiver_cannot_answer_safely():
    # In _date_position seat 1 cannot tell 3/0 (refusing it loses at once) from 2/3 (accepting it
    # wilts 9 roses), so one of them is the offer; the 0/0 changes nothing and leaves seat 1's
    # 9-rose bouquet in play. With 400 iterations and seeds 0-7 the single-observer search, whose
    # seat 1 saw the card, offered the 0/0 six times; the multi-observer search never (the bar
    # leaves a margin of two).
    state = _date_position()
    offers = [str(ISMCTSAgent(state.game, seed=seed, iterations=400).act(Turn.of(state))) for seed in range(8)]
    assert offers.count("offer 0/0 to 1") <= 2, offers
    assert set(offers) <= {"offer 0/0 to 1", "offer 2/3 to 1", "offer 3/0 to 1"}


def _observed(state, seat: int) -> str:
    """``seat``'s observation as JSON text, without the log."""
    data = to_jsonable(state.observation(seat))
    data.pop("log", None)
    return repr(data)


@pytest.mark.parametrize("name", available_games())
def test_the_log_tells_each_seat_every_step_it_can_tell_apart(name):
    # The multi-observer trees key another seat's move (and chance outcomes) by the log lines the
    # tree's seat may read. That is sound only if two steps that leave a seat with different
    # observations also read differently in its log; checked here on a random game per game.
    spec = roses.load(name).spec
    game = roses.load(name, players=max(spec.min_players, 3) if spec.max_players >= 3 else spec.min_players)
    state, rng = game.new_initial_state(5), random.Random(5)
    compared = 0
    for _ in range(150):
        if state.is_terminal():
            break
        mover, options = state.current_player(), state.legal_actions()
        sample = options if len(options) <= 6 else rng.sample(options, 6)
        seen: dict[tuple[int, tuple[str, ...]], str] = {}
        for a in sample if len(options) > 1 else ():
            world = state.clone()
            start = len(world.log.entries)
            world.apply(a)
            for k in range(game.num_players):
                if k != mover:
                    reading = (k, tuple(e.text_for(k) for e in world.log.entries[start:]))
                    observed = _observed(world, k)
                    assert seen.setdefault(reading, observed) == observed, (a, reading)
                    compared += 1
        state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(options))
    assert compared > 50


class _FirstLegal:
    """A prior that always plays the first legal action (in the winning-flip position: ``flip 1``,
    the move that cannot win)."""

    def act(self, turn):
        return turn.legal_actions[0]


@pytest.mark.parametrize("margin, played", [(None, "flip 2"), (0.05, "flip 2"), (1.0, "flip 1")])
def test_the_prior_move_is_kept_unless_another_beats_it_by_the_margin(margin, played):
    state = _winning_flip_position()
    agent = ISMCTSAgent(state.game, seed=0, iterations=300, prior=_FirstLegal(), keep_margin=margin)
    result = agent.search(Turn.of(state))
    means = {str(m.action): m.mean for m in result.moves}
    assert means["flip 2"] - means["flip 1"] > 0.05  # the winning flip is clearly better...
    assert str(result.action) == played  # ...yet a margin above any gap keeps the prior's move
    assert result.value == means[played]
