"""FAQ Q1–Q12 of the rulebook, each as the engine's answer."""
from __future__ import annotations

import pytest

from roses.core import IllegalActionError
from roses.games.blades_and_rose import effects as effects_module
from roses.games.blades_and_rose.actions import (
    ActivateEffect, ChooseTargets, DeclineEffect, GiveCoin, Pass, Play,
)
from roses.games.blades_and_rose.cards import (
    BELIEVER, BISHOP, BLOOD_BLADES_FACTION, DARK_KNIFE, DOUBLE_KNIFE, GHOST, GREAT_SWORD, WHITE_ROSE,
    WHITE_ROSE_FACTION,
)
from roses.games.blades_and_rose.effects import Effect
from roses.games.blades_and_rose.state import COIN, EFFECT, OVER

from .helpers import A, B, C, D, E, deal, play_round

FIVE = [WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE]


def test_q1_every_seat_may_pass():
    s = deal(FIVE, [6, 2, 3, 4, 5], coin=E)
    play_round(s, A, {})
    rnd = s.rounds[-1]
    assert rnd.played == [] and rnd.revealed == [] and rnd.passed == [B, C, D, E, A]
    assert s.sacrifice == s.death == s.sanctuary == [] and s.phase == COIN


def _to_the_end(s, rounds):
    for give_to, plays, extra in rounds:
        play_round(s, give_to, plays, **extra)


def test_q2_q12_white_rose_faction_wins_when_all_its_cards_are_out():
    # Sacrifice target raised so the game runs to the last crystal (BR-6 parameter).
    s = deal(FIVE, [6, 2, 7, 6, 2], coin=E, crystals=[2, 2, 6, 6, 7], sacrifice_target=9)
    _to_the_end(s, [
        (A, {A: WHITE_ROSE, B: BISHOP}, {}),
        (B, {A: BELIEVER, B: BELIEVER, C: BELIEVER}, {}),
        (C, {C: BELIEVER}, {"targets": (D,)}),
        (D, {}, {}),
        (E, {}, {}),
    ])
    assert s.phase == OVER and all(c is None for c in s.crystals)
    # The Blood Blades still hold Believers (D, E): that does not make them win (Q2).
    assert BELIEVER in s.hands[D] and BELIEVER in s.hands[E]
    assert s.winner == WHITE_ROSE_FACTION and "Q12" in s.end_reason
    assert s.returns() == [1.0, 1.0, 1.0, 0.0, 0.0]


def test_q12_blood_blades_win_when_a_bud_stays_in_hand():
    s = deal(FIVE, [6, 2, 7, 6, 2], coin=E, crystals=[2, 2, 6, 6, 7], sacrifice_target=9)
    _to_the_end(s, [
        (A, {A: WHITE_ROSE, B: BISHOP}, {}),
        (B, {A: BELIEVER, B: BELIEVER}, {}),
        (C, {C: BELIEVER}, {"targets": (D,)}),
        (D, {}, {}),
        (E, {}, {}),
    ])
    assert s.hands[C] == [BELIEVER, GHOST]  # the Believer seat still holds a Flower Bud
    assert s.winner == BLOOD_BLADES_FACTION and "Q12" in s.end_reason


def test_q3_effect_4_on_a_neighbour_without_cards_does_nothing():
    """C (Believer: Ghost, Believer, Believer) empties the hand; then B places #4 (left = C)."""
    s = deal(FIVE, [6, 4, 2, 6, 2], coin=E, crystals=[2, 2, 4, 6, 6])
    play_round(s, A, {C: GHOST})
    play_round(s, C, {C: BELIEVER})
    play_round(s, D, {C: BELIEVER})
    assert s.hands[C] == []
    play_round(s, B, {})
    rnd = s.rounds[-1]
    assert rnd.crystal == 4 and not rnd.effect_applied and rnd.random_seats == []
    assert "effect #4 cannot be applied: nothing happens (FAQ Q3)" in s.log.view(None)


def test_q4_bishop_is_a_flower_bud():
    s = deal(FIVE, [6, 2, 3, 4, 5], coin=E)
    play_round(s, A, {B: BISHOP})
    assert s.sacrifice == [BISHOP] and s.buds(s.sacrifice) == 1
    s2 = deal(FIVE, [6, 2, 3, 4, 5], coin=E)
    play_round(s2, A, {B: BISHOP, D: DOUBLE_KNIFE})
    assert s2.death == [BISHOP] and s2.observation(None).death_count == 1


def test_q5_white_rose_goes_to_the_sanctuary_and_is_no_bud():
    s = deal(FIVE, [6, 2, 3, 4, 5], coin=E)
    play_round(s, A, {A: WHITE_ROSE})
    assert s.sanctuary == [WHITE_ROSE] and s.sacrifice == []
    assert s.observation(None).sacrifice_count == 0


def test_q6_two_blades_kill_like_one():
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, BELIEVER, GREAT_SWORD, DOUBLE_KNIFE, DARK_KNIFE],
             [6, 2, 3, 4, 5, 7, 8], coin=6)
    play_round(s, A, {B: BISHOP, C: BELIEVER, E: GREAT_SWORD, 5: DOUBLE_KNIFE})
    assert s.death == [BISHOP, BELIEVER] and s.blades_revealed == [GREAT_SWORD, DOUBLE_KNIFE]
    assert s.winner is None


def test_q7_card_counts_and_crystals_are_public():
    s = deal(FIVE, [6, 7, 3, 4, 5], coin=E)
    play_round(s, A, {A: WHITE_ROSE, B: BELIEVER}, targets=None)
    s.apply(GiveCoin(B))
    s.apply(ChooseTargets(7, (C,)))
    for seat in (None, A, D):
        obs = s.observation(seat)
        assert obs.hand_counts == (2, 2, 4, 3, 3)
        assert obs.holds_crystal == (False, False, True, True, True)


def test_q8_a_believer_may_play_a_ghost_as_bait():
    s = deal(FIVE, [6, 2, 3, 4, 5], coin=E)
    s.apply(GiveCoin(C))  # C's #3 draws a random card from B: not relevant here
    s.apply(s.legal_actions()[0])  # the chance outcome for B's random card
    assert Play(GHOST) in s.legal_actions() and s.current_player() == C
    s.apply(Play(GHOST))
    while s.phase != COIN:
        s.apply(Pass())
    assert GHOST in s.removed_ghosts


def test_q9_the_game_waits_for_the_white_rose():
    s = deal(FIVE, [6, 2, 3, 4, 5], coin=E, sacrifice_target=2)
    play_round(s, A, {B: BISHOP, C: BELIEVER})
    assert s.buds(s.sacrifice) == 2 and s.winner is None and s.phase == COIN
    play_round(s, B, {A: WHITE_ROSE})
    assert s.winner == WHITE_ROSE_FACTION


def test_q9_the_white_rose_can_still_be_killed():
    s = deal(FIVE, [6, 2, 3, 4, 5], coin=E, sacrifice_target=2)
    play_round(s, A, {B: BISHOP, C: BELIEVER})
    play_round(s, B, {A: WHITE_ROSE, E: DARK_KNIFE})
    assert s.winner == BLOOD_BLADES_FACTION


def test_q10_no_action_shows_a_hand_and_nobody_sees_another_hand():
    s = deal(FIVE, [6, 2, 3, 4, 5], coin=E)
    s.apply(GiveCoin(A))
    for seat in range(5):
        obs = s.observation(seat)
        assert obs.hand == tuple(s.hands[seat])
        assert [r for i, r in enumerate(obs.roles) if i != seat] == [None] * 4
    assert all(str(a).startswith(("play", "pass")) for a in s.legal_actions())


def test_q11_effects_are_compulsory():
    s = deal(FIVE, [6, 1, 3, 4, 5], coin=E)
    s.apply(GiveCoin(B))
    assert s.phase == EFFECT
    assert all(isinstance(a, ChooseTargets) for a in s.legal_actions())
    with pytest.raises(IllegalActionError) as err:
        s.apply(DeclineEffect(1))
    assert "Q11" in err.value.rule


def test_q11_effect_10_may_be_declined(monkeypatch):
    """#10 is not printed (BR-4); a registered #10 is optional without touching the round logic."""

    class Blessing(Effect):
        def apply(self, state, placer, targets):
            state.rnd.must_play.append(placer)

    monkeypatch.setitem(effects_module.EFFECTS, 10, Blessing(10, "Test effect", "optional (Q11)"))
    s = deal(FIVE, [6, 10, 3, 4, 5], coin=E, crystals=[3, 4, 5, 6, 10])
    s.apply(GiveCoin(B))
    assert s.legal_actions() == [ActivateEffect(10), DeclineEffect(10)]
    declined = s.clone()
    declined.apply(DeclineEffect(10))
    assert Pass() in declined.legal_actions() and not declined.rnd.effect_applied
    s.apply(ActivateEffect(10))
    assert Pass() not in s.legal_actions() and s.rnd.must_play == [B]
