"""Game Setup, Night Phase, the coin and the parameters (BR-1…BR-6), encoding and returns."""
from __future__ import annotations

from collections import Counter

import pytest

import roses
from roses.core import GameParameterError, IllegalActionError
from roses.games.blades_and_rose.actions import DealRole, GiveCoin, KeepCoin
from roses.games.blades_and_rose.cards import (
    BELIEVER, BISHOP, BLOOD_BLADES_FACTION, DARK_KNIFE, DOUBLE_KNIFE, GHOST, GREAT_SWORD, WHITE_ROSE,
    WHITE_ROSE_FACTION, role_deck,
)
from roses.games.blades_and_rose.encoding import NUM_ACTIONS, action_from_id, action_to_id
from roses.games.blades_and_rose.state import COIN, SETUP

from .helpers import A, B, C, D, E, deal

FIVE = [WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE]


@pytest.mark.parametrize("players,expected", [
    (5, {WHITE_ROSE: 1, BISHOP: 1, BELIEVER: 1, DOUBLE_KNIFE: 1, DARK_KNIFE: 1}),
    (6, {WHITE_ROSE: 1, BISHOP: 1, BELIEVER: 2, DOUBLE_KNIFE: 1, DARK_KNIFE: 1}),
    (7, {WHITE_ROSE: 1, BISHOP: 1, BELIEVER: 2, GREAT_SWORD: 1, DOUBLE_KNIFE: 1, DARK_KNIFE: 1}),
    (8, {WHITE_ROSE: 1, BISHOP: 1, BELIEVER: 3, GREAT_SWORD: 1, DOUBLE_KNIFE: 1, DARK_KNIFE: 1}),
])
def test_setup_chart(players, expected):
    """The chart (8 players: BR-1); the first deal is a chance node over the whole deck."""
    assert Counter(role_deck(players)) == expected
    state = roses.load("blades-and-rose", players=players).new_initial_state(1)
    assert state.phase == SETUP and state.is_chance_node()
    outcomes = dict(state.chance_outcomes())
    assert outcomes == {DealRole(0, r): k / players for r, k in expected.items()}


def test_roles_are_dealt_from_the_remaining_deck():
    state = roses.load("blades-and-rose", players=5).new_initial_state(1)
    state.apply(DealRole(0, WHITE_ROSE))
    assert all(a.role != WHITE_ROSE for a in state.legal_actions())
    with pytest.raises(IllegalActionError):
        state.apply(DealRole(1, WHITE_ROSE))


def test_hands_and_the_double_knife_swap():
    """BR-2: Ghost, Believer and the own character; the Double Knife swaps its Ghost for the
    table's Double Knife at night (2 Double Knives + Believer); the Ghost stays beside the board."""
    s = deal(FIVE, [1, 2, 3, 4, 5], coin=A)
    assert s.hands == [[WHITE_ROSE, BELIEVER, GHOST], [BISHOP, BELIEVER, GHOST],
                       [BELIEVER, BELIEVER, GHOST], [BELIEVER, DOUBLE_KNIFE, DOUBLE_KNIFE],
                       [BELIEVER, GHOST, DARK_KNIFE]]
    assert s.table_double_knife == 0 and s.extra_ghosts == 1
    s.check_invariants()


def test_night_knowledge():
    """BR-3: the White Rose, Bishop, Double Knife and Great Sword learn the set of awake seats."""
    roles = [DARK_KNIFE, WHITE_ROSE, BELIEVER, GREAT_SWORD, BELIEVER, BISHOP, DOUBLE_KNIFE]
    s = deal(roles, [1, 2, 3, 4, 5, 6, 7], coin=A)
    for seat, role in enumerate(roles):
        obs = s.observation(seat)
        assert obs.role == role
        if role in (WHITE_ROSE, BISHOP, DOUBLE_KNIFE, GREAT_SWORD):
            assert obs.night_seen == (1, 3, 5, 6)
        else:
            assert obs.night_seen is None
    assert s.observation(None).night_seen is None
    assert s.observation(0).faction == BLOOD_BLADES_FACTION and s.observation(2).faction == WHITE_ROSE_FACTION


def test_crystals_are_hidden_until_placed():
    s = deal(FIVE, [3, 1, 4, 5, 2], coin=A)
    for seat in range(5):
        obs = s.observation(seat)
        assert obs.crystal == [3, 1, 4, 5, 2][seat] and obs.placed_crystals == ()
    s.apply(GiveCoin(C))
    assert s.observation(A).placed_crystals == ((C, 4),)
    assert s.observation(C).crystal is None


def test_crystal_pool_parameter():
    """BR-4: default #1–#8; a pool smaller than the players or with unknown effects is refused."""
    assert roses.load("blades-and-rose").params["crystals"] == [1, 2, 3, 4, 5, 6, 7, 8]
    with pytest.raises(GameParameterError):
        roses.load("blades-and-rose", crystals=[1, 2, 3, 4, 12])
    with pytest.raises(GameParameterError):
        roses.load("blades-and-rose", players=6, crystals=[1, 2, 3, 4, 5]).new_initial_state(0)
    state = roses.load("blades-and-rose", crystals="[2, 2, 2, 6, 6]").new_initial_state(0)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    assert {str(a): p for a, p in state.chance_outcomes()} == {
        "crystal #2 to seat 0": pytest.approx(0.6), "crystal #6 to seat 0": pytest.approx(0.4)}


def test_first_coin_holder_is_a_chance_node():
    state = roses.load("blades-and-rose", players=6).new_initial_state(0)
    while len(state.chance_outcomes()) and "coin" not in str(state.legal_actions()[0]):
        state.apply(state.sample_chance())
    assert [str(a) for a in state.legal_actions()] == [f"coin starts at seat {s}" for s in range(6)]


def test_coin_must_go_to_another_seat_with_a_crystal():
    """BR-5: never to oneself while another seat holds a crystal, never to a seat without one."""
    s = deal(FIVE, [1, 2, 3, 4, 5], coin=A)
    assert s.legal_actions() == [GiveCoin(t) for t in (B, C, D, E)]
    before = s.snapshot()
    for bad in (GiveCoin(A), KeepCoin()):
        with pytest.raises(IllegalActionError) as err:
            s.apply(bad)
        assert "BR-5" in err.value.rule
    assert s.snapshot() == before
    s.apply(GiveCoin(C))
    while s.phase != COIN:
        s.apply(s.legal_actions()[-1])
    assert s.coin == C and GiveCoin(C) not in s.legal_actions()


def test_keep_coin_only_when_nobody_else_holds_a_crystal():
    s = deal(FIVE, [1, 2, 3, 4, 5], coin=A)
    for seat in (B, C, D, E):
        s.crystals[seat] = None  # direct: with one crystal per seat this needs a last holder
    assert s.legal_actions() == [KeepCoin()]


@pytest.mark.parametrize("players,limit", [(5, 4), (6, 5), (7, 5), (8, 6)])
def test_thresholds_by_player_count(players, limit):
    """BR-6 defaults, and the parameters override them."""
    state = roses.load("blades-and-rose", players=players).new_initial_state(0)
    assert state.death_limit == limit and state.sacrifice_target == limit
    state = roses.load("blades-and-rose", players=players, death_limit=2, sacrifice_target=3).new_initial_state(0)
    assert state.death_limit == 2 and state.sacrifice_target == 3


def test_player_counts():
    with pytest.raises(GameParameterError):
        roses.load("blades-and-rose", players=4)
    with pytest.raises(GameParameterError):
        roses.load("blades-and-rose", players=9)


def test_blood_blades_believer_counts_as_a_flower_bud():
    """BR-7: a Believer played by a Blood Blades seat counts wherever it lands."""
    from .helpers import play_round

    s = deal(FIVE, [6, 2, 3, 4, 5], coin=E)
    play_round(s, A, {D: BELIEVER, E: BELIEVER})
    assert s.observation(None).sacrifice_count == 2


def test_encoding_round_trip():
    game = roses.load("blades-and-rose", players=8)
    assert game.num_distinct_actions() == NUM_ACTIONS == 473
    for i in range(NUM_ACTIONS):
        assert action_to_id(game, action_from_id(game, i)) == i
    texts = {str(action_from_id(game, i)) for i in range(NUM_ACTIONS)}
    assert len(texts) == NUM_ACTIONS  # text forms are unique


def test_faction_follows_the_character_card_after_it_is_played():
    """Note under the chart: "Even after the card is played, your faction does not change. Players
    who initially draw from the Blood Blades Faction remain in the Blood Blades Faction until the
    game ends." D (Double Knife) and E (Dark Knife) play their Believers, which count as Flower
    Buds for the White Rose Faction's win (BR-7), yet stay Blood Blades and lose with their faction."""
    from .helpers import play_round

    s = deal(FIVE, [6, 2, 3, 4, 5], coin=E)
    play_round(s, A, {A: WHITE_ROSE, B: BISHOP, D: BELIEVER})     # A's #6
    assert s.observation(A).faction == WHITE_ROSE_FACTION and s.hands[A] == [BELIEVER, GHOST]
    assert s.observation(D).faction == BLOOD_BLADES_FACTION and s.hands[D] == [DOUBLE_KNIFE, DOUBLE_KNIFE]
    play_round(s, B, {C: BELIEVER, E: BELIEVER})                  # B's #2
    assert s.buds(s.sacrifice) == 4 and s.winner == WHITE_ROSE_FACTION
    assert s.returns() == [1.0, 1.0, 1.0, 0.0, 0.0]
    assert [s.observation(seat).faction for seat in range(5)] == [WHITE_ROSE_FACTION] * 3 + [BLOOD_BLADES_FACTION] * 2
