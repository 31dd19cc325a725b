"""Book of Magic effects #1–#8 (rulebook "Details on the Book of Magic Effects", FAQ Q3, BR-4, BR-8)."""
from __future__ import annotations

import pytest

from roses.core import IllegalActionError
from roses.games.blades_and_rose.actions import ChooseTargets, GiveCoin, Pass, Play, RandomCard
from roses.games.blades_and_rose.cards import (
    BELIEVER, BISHOP, DARK_KNIFE, DOUBLE_KNIFE, GHOST, WHITE_ROSE,
)
from roses.games.blades_and_rose.effects import EFFECTS
from roses.games.blades_and_rose.state import PLAY

from .helpers import A, B, C, D, E, deal, play_round

FIVE = [WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE]


def test_registry_holds_the_eight_printed_effects():
    assert sorted(EFFECTS) == [1, 2, 3, 4, 5, 6, 7, 8]
    assert all(not e.optional for e in EFFECTS.values())


def test_effect_1_target_must_play():
    s = deal(FIVE, [6, 1, 3, 4, 5], coin=E)
    s.apply(GiveCoin(B))
    # Any other seat with cards; never the placer.
    assert s.legal_actions() == [ChooseTargets(1, (t,)) for t in (A, C, D, E)]
    s.apply(ChooseTargets(1, (D,)))
    s.apply(Pass())  # B
    s.apply(Pass())  # C
    assert s.current_player() == D and Pass() not in s.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        s.apply(Pass())
    assert "#1" in err.value.rule
    assert s.legal_actions() == [Play(BELIEVER), Play(DOUBLE_KNIFE)]


def test_effect_1_only_on_seats_with_cards():
    s = deal(FIVE, [6, 4, 2, 6, 1], coin=A, crystals=[1, 2, 4, 6, 6])
    play_round(s, C, {C: GHOST})          # C's #2
    play_round(s, A, {C: BELIEVER})       # A's #6
    play_round(s, D, {C: BELIEVER})       # D's #6
    assert s.hands[C] == []
    s.apply(GiveCoin(E))                  # E's #1
    assert ChooseTargets(1, (C,)) not in s.legal_actions()
    assert s.legal_actions() == [ChooseTargets(1, (t,)) for t in (A, B, D)]


def test_effect_2_unshuffled_reveals_who_played_what():
    s = deal(FIVE, [6, 2, 3, 4, 5], coin=E)
    play_round(s, B, {B: BISHOP, D: DOUBLE_KNIFE, A: GHOST})
    seen = s.observation(C).rounds[-1]
    assert seen.unshuffled and seen.attribution == ((B, BISHOP), (D, DOUBLE_KNIFE), (A, GHOST))
    assert "revealed: seat 1: Bishop, seat 3: Double Knife, seat 0: Ghost" in s.log.view(C)


def test_shuffled_round_hides_who_played_what():
    s = deal(FIVE, [6, 2, 3, 4, 5], coin=E)
    play_round(s, A, {B: BISHOP, D: DOUBLE_KNIFE})
    seen = s.observation(C).rounds[-1]
    assert seen.attribution is None and seen.revealed == (BISHOP, DOUBLE_KNIFE) and seen.my_card is None
    assert s.observation(B).rounds[-1].my_card == BISHOP


@pytest.mark.parametrize("number,placer,neighbour", [(3, C, B), (4, C, D)])
def test_effects_3_and_4_random_card_from_a_neighbour(number, placer, neighbour):
    """#3 takes from the right (previous seat), #4 from the left (next seat); the draw is a chance
    node over the neighbour's hand; the neighbour does not decide this round."""
    s = deal(FIVE, [6, 2, number, 7, 8], coin=E, crystals=[2, 6, 7, 8, number])
    s.apply(GiveCoin(placer))
    assert s.is_chance_node()
    hand = list(s.hands[neighbour])
    outcomes = dict(s.chance_outcomes())
    assert sorted(str(a) for a in outcomes) == sorted(f"random card from seat {neighbour}: {c}" for c in set(hand))
    assert sum(outcomes.values()) == pytest.approx(1.0)
    card = hand[0]
    s.apply(RandomCard(neighbour, card))
    assert s.rnd.plays == {neighbour: card} and s.rnd.played == [neighbour]
    assert len(s.hands[neighbour]) == 2
    # Nobody else learns the card; its owner sees it gone from the hand.
    assert s.observation(placer).current_round.my_card is None
    assert s.observation(neighbour).current_round.my_card == card
    order_left = []
    while s.phase == PLAY:
        order_left.append(s.current_player())
        s.apply(Pass())
    assert neighbour not in order_left


def test_effect_3_on_a_neighbour_without_cards_does_nothing():
    s = deal(FIVE, [6, 6, 3, 2, 2], coin=A, crystals=[2, 2, 3, 6, 6])
    play_round(s, D, {B: GHOST})   # D's #2
    play_round(s, E, {B: BELIEVER})  # E's #2
    play_round(s, B, {B: BISHOP})  # B's #6
    assert s.hands[B] == []
    s.apply(GiveCoin(C))           # C's #3: the right neighbour is B
    assert s.phase == PLAY and not s.is_chance_node() and s.current_player() == C
    assert s.rnd.crystal == 3 and not s.rnd.effect_applied and s.rnd.random_seats == []


def test_effect_5_bind_two_players():
    s = deal(FIVE, [6, 5, 3, 4, 1], coin=E)
    s.apply(GiveCoin(B))  # order B, C, D, E, A
    assert len(s.legal_actions()) == 10  # every pair of seats with cards, the placer included
    s.apply(ChooseTargets(5, (A, C)))
    assert s.rnd.bound == [C, A]  # Player A is the earlier in turn order: C before A
    s.apply(Pass())          # B
    s.apply(Play(GHOST))     # C plays, so A must play
    s.apply(Pass())          # D
    s.apply(Pass())          # E
    assert s.current_player() == A and Pass() not in s.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        s.apply(Pass())
    assert "#5" in err.value.rule


def test_effect_5_b_cannot_play_when_a_passes():
    s = deal(FIVE, [6, 5, 3, 4, 1], coin=E)
    s.apply(GiveCoin(B))
    s.apply(ChooseTargets(5, (A, C)))
    for _ in range(4):
        s.apply(Pass())  # B, C (Player A passes), D, E
    assert s.current_player() == A and s.legal_actions() == [Pass()]


def test_effect_5_needs_two_seats_with_cards():
    """Fewer than two seats with cards: not activated (FAQ Q3). Hands emptied directly: reaching
    that position by play takes more rounds than there are crystals."""
    s = deal(FIVE, [6, 5, 3, 4, 1], coin=E)
    for seat in (A, C, D, E):
        s.hands[seat] = []
    assert not EFFECTS[5].can_apply(s, B)
    s.hands[A] = [GHOST]
    assert EFFECTS[5].can_apply(s, B) and EFFECTS[5].choices(s, B) == [(A, B)]


def test_effect_6_placer_goes_last():
    s = deal(FIVE, [1, 2, 3, 6, 5], coin=A)
    s.apply(GiveCoin(D))
    assert s.rnd.order == [E, A, B, C, D] and s.current_player() == E


def test_effect_7_target_takes_a_ghost_from_the_supply():
    s = deal(FIVE, [1, 2, 7, 6, 5], coin=A)
    s.apply(GiveCoin(C))
    assert s.legal_actions() == [ChooseTargets(7, (t,)) for t in (A, B, D, E)]
    s.apply(ChooseTargets(7, (A,)))
    assert s.hands[A] == [WHITE_ROSE, BELIEVER, GHOST, GHOST]
    assert s.observation(None).hand_counts == (4, 3, 3, 3, 3) and s.ghosts_from_supply == 1
    s.check_invariants()


def test_effect_8_both_neighbours_must_play():
    s = deal(FIVE, [1, 2, 8, 6, 5], coin=A)
    s.apply(GiveCoin(C))  # no choice: applied at once
    assert s.phase == PLAY and s.rnd.must_play == [B, D] and s.rnd.effect_applied
    s.apply(Pass())  # C
    assert s.current_player() == D and Pass() not in s.legal_actions()
    s.apply(Play(BELIEVER))
    s.apply(Pass())  # E
    s.apply(Pass())  # A
    assert s.current_player() == B and Pass() not in s.legal_actions()


def test_effect_8_only_neighbours_with_cards_and_not_at_all_without():
    s = deal(FIVE, [1, 2, 8, 6, 5], coin=A)
    s.hands[B] = []  # direct: see test_effect_5_needs_two_seats_with_cards
    assert EFFECTS[8].can_apply(s, C) and EFFECTS[8].seats(s, C) == [D]
    s.hands[D] = []
    assert not EFFECTS[8].can_apply(s, C)


def test_effect_2_is_always_applied_and_6_too():
    s = deal(FIVE, [2, 6, 3, 4, 5], coin=E)
    s.apply(GiveCoin(A))
    assert s.rnd.unshuffled and s.rnd.effect_applied and s.phase == PLAY


# ---------------------------------------------------------------- neighbours across seat 0 (audit)
# RULINGS.md seating: clockwise = increasing seat index, wrapping; "left" = the next seat clockwise,
# so "right" = the previous one. Seat 0's right is the last seat; the last seat's left is seat 0.
@pytest.mark.parametrize("number,placer,neighbour", [(3, A, E), (4, E, A)])
def test_effects_3_and_4_wrap_around_the_table(number, placer, neighbour):
    drawn = [6, 6, 6, 6, 6]
    drawn[placer] = number
    s = deal(FIVE, drawn, coin=C, crystals=[6, 6, 6, 6, number])
    s.apply(GiveCoin(placer))
    assert s.is_chance_node() and s.rnd.pending_random == [neighbour]
    assert {a.seat for a, _ in s.chance_outcomes()} == {neighbour}


def test_effect_8_wraps_around_the_table():
    s = deal(FIVE, [8, 6, 6, 6, 6], coin=C, crystals=[6, 6, 6, 6, 8])
    s.apply(GiveCoin(A))
    assert sorted(s.rnd.must_play) == [B, E] and s.rnd.order == [A, B, C, D, E]
    s.apply(Pass())                                   # A, the placer, may pass
    assert s.current_player() == B and Pass() not in s.legal_actions()
