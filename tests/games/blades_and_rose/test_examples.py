"""The rulebook's Round Examples and "Other examples", replayed (rulebook "Round Examples")."""
from __future__ import annotations

from roses.games.blades_and_rose.actions import ChooseTargets, GiveCoin, Pass, Play
from roses.games.blades_and_rose.cards import (
    BELIEVER, BISHOP, BLOOD_BLADES_FACTION, DARK_KNIFE, DOUBLE_KNIFE, GHOST, WHITE_ROSE,
    WHITE_ROSE_FACTION,
)
from roses.games.blades_and_rose.state import COIN, OVER

from .helpers import A, B, C, D, E, deal, play_round


def test_round_example_1():
    """A gives the coin to B, whose crystal is #7; B plays, C passes, D and E play, A passes.
    Revealed: one Believer and two Ghosts -> Ghosts removed, the Believer to the Sacrifice Area."""
    # D is the Double Knife: the Ghost B's #7 gives D is the Ghost D plays.
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [1, 7, 2, 3, 4], coin=A)
    s.apply(GiveCoin(B))
    assert s.placed == [[B, 7]]
    s.apply(ChooseTargets(7, (D,)))
    assert s.hands[D] == [BELIEVER, GHOST, DOUBLE_KNIFE, DOUBLE_KNIFE]
    assert s.rnd.order == [B, C, D, E, A]
    for seat, action in [(B, Play(BELIEVER)), (C, Pass()), (D, Play(GHOST)), (E, Play(GHOST)), (A, Pass())]:
        assert s.current_player() == seat
        s.apply(action)
    rnd = s.rounds[-1]
    assert rnd.revealed == [BELIEVER, GHOST, GHOST]
    assert s.removed_ghosts == [GHOST, GHOST]
    assert s.sacrifice == [BELIEVER] and s.death == [] and s.sanctuary == []
    assert s.phase == COIN and s.winner is None and s.coin == B
    obs = s.observation(C)
    assert obs.rounds[-1].revealed == (BELIEVER, GHOST, GHOST)
    assert obs.rounds[-1].played == (B, D, E) and obs.rounds[-1].attribution is None


def test_round_example_2_death_limit_4():
    """A gives the coin to D (#6): E passes, A plays, B passes, C plays, D plays last. Revealed:
    two Believers and one Double Knife -> both Believers to the Death Area; with the limit of 4
    reached, the Blood Blades win (BR-6: 5-player death limit 4)."""
    s = deal([BELIEVER, WHITE_ROSE, BISHOP, DOUBLE_KNIFE, DARK_KNIFE], [2, 5, 7, 6, 8], coin=E)
    # An earlier round (#2, unshuffled) already put two Flower Buds in the Death Area.
    play_round(s, A, {A: BELIEVER, C: BISHOP, D: DOUBLE_KNIFE})
    assert s.death == [BISHOP, BELIEVER] and s.winner is None and s.coin == A
    s.apply(GiveCoin(D))
    assert s.rnd.order == [E, A, B, C, D]
    for seat, action in [(E, Pass()), (A, Play(BELIEVER)), (B, Pass()), (C, Play(BELIEVER)),
                         (D, Play(DOUBLE_KNIFE))]:
        assert s.current_player() == seat
        s.apply(action)
    assert s.rounds[-1].revealed == [BELIEVER, BELIEVER, DOUBLE_KNIFE]
    assert s.buds(s.death) == 4 and s.death_limit == 4
    assert s.phase == OVER and s.winner == BLOOD_BLADES_FACTION
    assert s.returns() == [0.0, 0.0, 0.0, 1.0, 1.0]


def test_other_example_white_rose_believer_ghost():
    """Revealed White Rose, Believer and Ghost: the White Rose to the Sanctuary, the Believer to
    the Sacrifice Area."""
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6, 2, 3, 4, 5], coin=E)
    play_round(s, A, {A: WHITE_ROSE, B: BELIEVER, C: GHOST})
    assert s.rounds[-1].revealed == [WHITE_ROSE, BELIEVER, GHOST]
    assert s.sanctuary == [WHITE_ROSE] and s.sacrifice == [BELIEVER] and s.death == []
    assert s.removed_ghosts == [GHOST]
    assert s.winner is None  # 1 Flower Bud sacrificed, 4 needed


def test_other_example_white_rose_believer_dark_knife():
    """Revealed White Rose, Believer and Dark Knife: all cards are killed; the Blood Blades win at
    once because the White Rose was revealed with a blade."""
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6, 2, 3, 4, 5], coin=D)
    play_round(s, A, {A: WHITE_ROSE, C: BELIEVER, E: DARK_KNIFE})
    assert s.rounds[-1].revealed == [WHITE_ROSE, BELIEVER, DARK_KNIFE]
    assert s.sanctuary == [] and s.sacrifice == [] and s.death == [WHITE_ROSE, BELIEVER]
    assert s.winner == BLOOD_BLADES_FACTION and s.end_reason == "the White Rose was killed"
    assert s.returns() == [0.0, 0.0, 0.0, 1.0, 1.0]


def test_white_rose_faction_wins_with_sanctuary_and_sacrifice():
    """Victory: the White Rose safe in the Sanctuary and 4 Flower Buds sacrificed (5 players, BR-6)."""
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6, 2, 3, 4, 5], coin=E)
    play_round(s, A, {A: WHITE_ROSE, B: BISHOP, C: BELIEVER})
    assert s.winner is None and s.buds(s.sacrifice) == 2
    play_round(s, B, {B: BELIEVER, C: BELIEVER})
    assert s.buds(s.sacrifice) == 4 and s.winner == WHITE_ROSE_FACTION
    assert s.returns() == [1.0, 1.0, 1.0, 0.0, 0.0]


# ---------------------------------------------------------------- the last crystal's round (audit)
# "The game also ends when every player has placed their Crystals … and finishes the round"; FAQ
# Q12 decides only when "neither side has met the victory conditions". A win met in that last round
# comes first, even when the White Rose Faction has by then played every White Rose and Flower Bud
# card (which Q12 alone would count as its win).
SIXES = dict(crystals=[6, 6, 6, 6, 6])


def test_white_rose_killed_in_the_last_round_wins_for_the_blood_blades_not_q12():
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6] * 5, coin=E, **SIXES)
    play_round(s, A, {B: BISHOP, C: BELIEVER})
    play_round(s, B, {B: BELIEVER, C: BELIEVER})
    assert s.buds(s.sacrifice) == 4 and s.winner is None     # Q9: waits for the White Rose
    play_round(s, C, {})
    play_round(s, D, {A: BELIEVER})
    assert s.winner is None and s.crystals == [None, None, None, None, 6]
    play_round(s, E, {A: WHITE_ROSE, E: DARK_KNIFE})          # the last crystal's round
    assert [s.hands[seat] for seat in (A, B, C)] == [[GHOST]] * 3  # every faction card is out
    assert s.winner == BLOOD_BLADES_FACTION and s.end_reason == "the White Rose was killed"
    assert s.returns() == [0.0, 0.0, 0.0, 1.0, 1.0]


def test_death_limit_reached_in_the_last_round_wins_for_the_blood_blades_not_q12():
    """Round Example 2's limit of 4 (5 players, BR-6), reached in the last crystal's round by three
    White Rose Faction buds and a Blood Blades Believer (BR-7: a Flower Bud wherever it lands)."""
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6] * 5, coin=E, **SIXES)
    play_round(s, A, {A: WHITE_ROSE, B: BISHOP})
    play_round(s, B, {C: BELIEVER})
    play_round(s, C, {})
    play_round(s, D, {})
    assert s.sanctuary == [WHITE_ROSE] and s.buds(s.sacrifice) == 2 and s.winner is None
    play_round(s, E, {A: BELIEVER, B: BELIEVER, C: BELIEVER, D: BELIEVER, E: DARK_KNIFE})
    assert [s.hands[seat] for seat in (A, B, C)] == [[GHOST]] * 3
    assert s.buds(s.death) == 4 and s.winner == BLOOD_BLADES_FACTION
    assert s.end_reason == "4 Flower Buds in the Death Area (limit 4)"


def test_sanctuary_and_sacrifice_met_in_the_last_round_win_by_the_victory_condition():
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6] * 5, coin=E, **SIXES)
    play_round(s, A, {B: BISHOP, C: BELIEVER})
    play_round(s, B, {B: BELIEVER, C: BELIEVER})
    play_round(s, C, {})
    play_round(s, D, {})
    play_round(s, E, {A: WHITE_ROSE})
    assert s.hands[A] == [BELIEVER, GHOST]   # a Flower Bud still in hand: Q12 alone would lose
    assert s.winner == WHITE_ROSE_FACTION
    assert s.end_reason == "the White Rose is in the Sanctuary and 4 Flower Buds are sacrificed"
