"""Engine contract of Blades & Rose: GameInfo (the proven game-length bound), typed moves with the
rule-naming refusal (parse_action), and exact, sealed determinization (_sample_history)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import roses
from roses.agents.tuning import search_tuning
from roses.core import IllegalActionError, State
from roses.core.conformance import check_determinize
from roses.games.blades_and_rose.actions import (
    ActivateEffect, ChooseTargets, DeclineEffect, GiveCoin, KeepCoin, Pass, Play,
)
from roses.games.blades_and_rose.cards import (
    BELIEVER, BISHOP, DARK_KNIFE, DOUBLE_KNIFE, GHOST, WHITE_ROSE,
)

from .helpers import A, B, C, D, E, deal, play_round

FIVE = [WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE]
F_SEAT = 5


# ---------------------------------------------------------------------- GameInfo
@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_random_games_stay_within_the_proven_length(players):
    game = roses.load("blades-and-rose", players=players)
    bound = game.info.max_game_length
    assert bound == players * players + 4 * players + 1
    rng = random.Random(players)
    for seed in range(40):
        s = game.new_initial_state(seed)
        while not s.is_terminal():
            s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
        assert len(s.history) <= bound


@pytest.mark.parametrize("players", [5, 8])
def test_the_length_bound_is_reached(players):
    """Every seat passes whenever it may and every crystal is #7 (an effect step each round):
    the game takes exactly max_game_length steps, so the bound is tight."""
    game = roses.load("blades-and-rose", players=players, crystals=[7] * players)
    s = game.new_initial_state(3)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(s.sample_chance())
        else:
            legal = s.legal_actions()
            s.apply(next((a for a in legal if isinstance(a, Pass)), legal[0]))
    assert len(s.history) == game.info.max_game_length


def test_game_info():
    info = roses.load("blades-and-rose", players=6).info
    assert (info.information, info.chance_mode, info.utility) == ("imperfect", "explicit", "general-sum")
    assert (info.min_utility, info.max_utility, info.score_unit) == (0.0, 1.0, "")
    assert search_tuning(roses.load("blades-and-rose", players=6)).search_iterations == 200
    assert info.num_distinct_actions == roses.load("blades-and-rose", players=6).spec.num_distinct_actions(None)


# ---------------------------------------------------------------------- typed moves
@pytest.mark.parametrize("text,action", [
    ("pass", Pass()), ("keep coin", KeepCoin()), ("give coin to seat 3", GiveCoin(3)),
    ("play white rose", Play(WHITE_ROSE)), ("play double knife", Play(DOUBLE_KNIFE)),
    ("#5 on seat 1 and seat 3", ChooseTargets(5, (1, 3))), ("#1 on seat 2", ChooseTargets(1, (2,))),
    ("activate #10", ActivateEffect(10)), ("decline #10", DeclineEffect(10)),
])
def test_parse_action_reads_every_text_form(text, action):
    s = deal(FIVE, [6, 2, 3, 4, 5], coin=E)
    assert s.parse_action(text) == action
    assert s.parse_action(str(action).lower()) == action
    assert s.parse_action("play the rose") is None and s.parse_action("give coin to seat x") is None


def test_a_typed_illegal_move_gets_the_rule_naming_refusal():
    s = deal(FIVE, [6, 2, 3, 4, 5], coin=E)
    for typed, action in (("KEEP  coin", KeepCoin()), ("give coin to seat 4", GiveCoin(E))):
        with pytest.raises(IllegalActionError) as typed_error:
            s.action_from_text(typed)
        with pytest.raises(IllegalActionError) as applied_error:
            s.apply(action)
        assert typed_error.value.rule == applied_error.value.rule == "round Step 1 (BR-5)"
    s.apply(GiveCoin(A))  # A's #6: A plays last; B is first
    with pytest.raises(IllegalActionError) as typed_error:
        s.action_from_text("play white rose")  # B holds no White Rose
    with pytest.raises(IllegalActionError) as applied_error:
        s.apply(Play(WHITE_ROSE))
    assert typed_error.value.rule == applied_error.value.rule == "round Step 2"


# ---------------------------------------------------------------------- sealed determinization
def test_determinize_is_the_core_one():
    s = deal(FIVE, [6, 2, 3, 4, 5], coin=E)
    assert type(s).determinize is State.determinize


def test_a_world_depends_only_on_the_information_state():
    """Two states the seat cannot tell apart (the other seats' roles swapped, the shuffled cards
    laid by other seats) give equal worlds for the same rng seed."""
    one = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6, 2, 3, 4, 5], coin=E)
    two = deal([WHITE_ROSE, BELIEVER, BISHOP, DOUBLE_KNIFE, DARK_KNIFE], [6, 2, 3, 4, 5], coin=E)
    play_round(one, A, {B: BISHOP, C: GHOST})
    play_round(two, A, {B: GHOST, C: BISHOP})
    assert one.information_state_key(E) == two.information_state_key(E)
    assert one.determinize(E, random.Random(5)) == two.determinize(E, random.Random(5))
    check_determinize(one, E, 11)
    check_determinize(one, A, 12)


def _tally(state, seat, draws, seed=0):
    rng = random.Random(seed)
    return Counter(tuple(state.determinize(seat, rng).roles) for _ in range(draws))


def test_roles_are_drawn_uniformly_among_those_that_fit():
    """Before any round a Believer knows only its own role: the 4! deals of the others are equally
    likely (each about 1/24 of 2400 draws)."""
    s = deal(FIVE, [6, 2, 3, 4, 5], coin=E)
    tally = _tally(s, C, 2400)
    assert len(tally) == 24 and all(r[C] == BELIEVER for r in tally)
    assert max(tally.values()) < 150 and min(tally.values()) > 50


def test_the_count_weighs_every_consistent_history():
    """Seat C (Believer) sees a round revealing White Rose and Bishop from seats A and B: A and B
    hold the White Rose and the Bishop in some order (2 deals, each with one way to lay the cards),
    D and E the two blades in some order: 4 consistent worlds, equally likely."""
    s = deal(FIVE, [6, 1, 3, 4, 5], coin=D)
    play_round(s, A, {A: WHITE_ROSE, B: BISHOP})  # A's #6: shuffled
    tally = _tally(s, C, 800, seed=3)
    assert set(tally) == {
        (WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE),
        (BISHOP, WHITE_ROSE, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE),
        (WHITE_ROSE, BISHOP, BELIEVER, DARK_KNIFE, DOUBLE_KNIFE),
        (BISHOP, WHITE_ROSE, BELIEVER, DARK_KNIFE, DOUBLE_KNIFE),
    }
    assert min(tally.values()) > 150


def test_a_random_card_weighs_its_copies():
    """#4 draws a random card of the placer's left neighbour: a Believer is twice as likely from a
    Believer's hand (Ghost, Believer, Believer) as from another (one Believer in three cards). The
    Bishop (seat B) sees C's card revealed as a Believer among A's and C's: the worlds in which C
    is the Believer weigh 2, the others 1."""
    roles = [WHITE_ROSE, BISHOP, BELIEVER, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE]
    s = deal(roles, [6, 4, 3, 1, 2, 5], coin=F_SEAT)
    play_round(s, B, {}, random_cards={C: BELIEVER})   # B's #4 takes a random card of C
    assert s.rounds[0].revealed == [BELIEVER] and s.rounds[0].random_seats == [C]
    rng = random.Random(9)
    believer = Counter(s.determinize(B, rng).roles[C] == BELIEVER for _ in range(1500))
    # The Bishop saw seats A, B, E awake, so the day seats C, D, F hold Believer, Believer, Dark
    # Knife: C is the Believer in 2 of the 3 deals, each weighing 2, the Dark Knife in 1 deal
    # weighing 1 (its hand has one Believer): P(C is a Believer) = 4/5.
    assert 0.74 < believer[True] / 1500 < 0.86


def test_no_fallback_mid_game_in_any_player_count():
    """Exact sampling: every world fits, for every seat, all along random games (no retries)."""
    for players in (5, 8):
        game = roses.load("blades-and-rose", players=players)
        rng = random.Random(players)
        s = game.new_initial_state(players)
        while not s.is_terminal():
            assert s.observation(None).phase in ("setup", "coin", "effect", "play")
            if not s.is_chance_node():
                for seat in range(players):
                    world = s.determinize(seat, rng)
                    assert world.observation(seat) == s.observation(seat)
                    world.check_invariants()
            s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))


def _brute_force_total(state, seat, limit):
    """The weighted number of hidden histories ``seat`` cannot tell from ``state``'s, by replaying
    every candidate (roles of the other seats; per round, the revealed cards laid by the other
    seats in every order, or any card in the round being played) and keeping those that replay
    legally to the same information-state key and observation. A history weighs the copies in
    hand of each card drawn at random (#3/#4). None when there are more than ``limit`` candidates."""
    from itertools import permutations, product

    from roses.games.blades_and_rose.actions import DealRole, GiveCoin, KeepCoin, RandomCard
    from roses.games.blades_and_rose.cards import CARDS, role_deck

    n = state.num_players
    others = [s for s in range(n) if s != seat]
    deck = role_deck(n)
    deck.remove(state.roles[seat])
    rounds = state.rounds + ([state.rnd] if state.rnd is not None else [])
    per_round = []
    for rnd in rounds:
        unknown = [s for s in rnd.played if s != seat]
        if rnd.resolved and rnd.unshuffled:
            per_round.append([{}])
        elif rnd.resolved:
            cards = list(rnd.revealed)
            if seat in rnd.plays:
                cards.remove(rnd.plays[seat])
            per_round.append([dict(zip(unknown, p)) for p in set(permutations(cards))])
        else:
            per_round.append([dict(zip(unknown, p)) for p in product(CARDS, repeat=len(unknown))])
    deals = set(permutations(deck))
    size = len(deals)
    for options in per_round:
        size *= len(options)
    if size > limit:
        return None
    want_key, want_obs = state.information_state_key(seat), state.observation(seat)
    total = 0
    for deal in deals:
        roles = dict(zip(others, deal))
        for choice in product(*per_round):
            world = state.game.new_initial_state(state.seed)
            weight, r = 1, -1
            try:
                for who, a in state.history:
                    t = type(a)
                    if t is DealRole and a.seat != seat:
                        a = DealRole(a.seat, roles[a.seat])
                    elif t in (GiveCoin, KeepCoin):
                        r += 1
                    elif t is Play and who != seat and who in choice[r]:
                        a = Play(choice[r][who])
                    elif t is RandomCard and a.seat != seat and a.seat in choice[r]:
                        a = RandomCard(a.seat, choice[r][a.seat])
                        weight *= world.hands[a.seat].count(a.card)
                    world.apply(a)
            except IllegalActionError:
                continue
            if world.information_state_key(seat) == want_key and world.observation(seat) == want_obs:
                total += weight
    return total


@pytest.mark.parametrize("seed", range(8))
def test_the_sampler_counts_exactly_the_histories_a_seat_cannot_tell_apart(seed):
    """The dynamic programme's weighted count equals a brute-force count by replay, for every seat,
    at every position of random 5-player games small enough to enumerate (crystals aside: they are
    drawn uniformly and independently), the end of the game included."""
    from roses.games.blades_and_rose.determinize import WorldSampler

    game = roses.load("blades-and-rose", players=5, crystals=[1, 2, 3, 4, 5, 6, 7, 8])
    rng = random.Random(seed)
    s = game.new_initial_state(seed)
    checked = 0
    while True:
        if not s.is_chance_node():
            for seat in range(5):
                expected = _brute_force_total(s, seat, limit=300)
                if expected is not None:
                    assert WorldSampler(s, seat).total == expected
                    checked += 1
        if s.is_terminal():
            break
        s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
    assert checked >= 5


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 6, 7])
def test_the_sampler_counts_exactly_at_the_end_of_the_crystals(seed):
    """Games where seats mostly pass end by FAQ Q12 (whether a White Rose Faction seat still holds
    such a card is part of what the seats learn): the count still equals the brute-force one."""
    from roses.games.blades_and_rose.determinize import WorldSampler

    game = roses.load("blades-and-rose", players=5, crystals=[1, 2, 3, 4, 5, 6, 7, 8])
    rng = random.Random(seed)
    s = game.new_initial_state(seed)
    while not s.is_terminal():
        legal = s.legal_actions()
        if s.is_chance_node():
            s.apply(s.sample_chance())
        elif Pass() in legal and rng.random() < 0.7:
            s.apply(Pass())
        else:
            s.apply(rng.choice(legal))
    assert "FAQ Q12" in s.end_reason
    checked = 0
    for seat in range(5):
        expected = _brute_force_total(s, seat, limit=400)
        if expected is not None:
            assert WorldSampler(s, seat).total == expected
            checked += 1
    assert checked


def test_the_sampler_counts_exactly_when_the_white_rose_faction_wins_by_q12():
    """The White Rose Faction plays all its White Rose and Flower Bud cards, thresholds out of
    reach: it wins by FAQ Q12, and every seat's count of worlds equals the brute-force one."""
    from roses.games.blades_and_rose.determinize import WorldSampler

    s = deal(FIVE, [6] * 5, coin=E, crystals=[6] * 5, sacrifice_target=30, death_limit=30)
    play_round(s, A, {A: WHITE_ROSE, B: BISHOP})
    play_round(s, B, {A: BELIEVER, B: BELIEVER})
    play_round(s, C, {C: BELIEVER})
    play_round(s, D, {C: BELIEVER})
    play_round(s, E, {})
    assert s.winner == "White Rose" and "FAQ Q12" in s.end_reason
    for seat in range(5):
        assert WorldSampler(s, seat).total == _brute_force_total(s, seat, limit=400)


def test_information_state_key_tells_finished_games_apart_by_their_roles():
    """The end reveals every role (observation ``roles``) without a log line: the key carries them."""
    from roses.core.conformance import check_random_game

    state = check_random_game(roses.load("blades-and-rose", players=5), 4, deep=False)
    assert state.is_terminal()
    for seat in range(5):
        key = state.information_state_key(seat)
        assert key[-1] == tuple(state.roles) == state.observation(seat).roles
        twin = state.clone()
        a, b = next((i, j) for i in range(5) for j in range(5) if twin.roles[i] != twin.roles[j])
        twin.roles[a], twin.roles[b] = twin.roles[b], twin.roles[a]
        assert twin.information_state_key(seat) != key
