"""The rulebook's worked example (§3.5 "Example"): Anna, Ben and Carla.

Anna = seat 0 (Queens), Ben = seat 1 (7s), Carla = seat 2 (4s); Anna starts. Anna's two cards are
roses (Q♥, Q♦), Carla's one card a rose (4♣), Ben's top card his thorn (7♠).
"""
import pytest

from .helpers import new, obs_json, play

ANNA, BEN, CARLA = 0, 1, 2


@pytest.fixture
def before_loss():
    s = new(3, start=ANNA)
    play(s, "lay rose", "lay rose", "lay rose")          # each lays a card
    play(s, "lay rose", "lay thorn")                     # Anna adds a second card, Ben adds one
    assert s.current_player() == CARLA
    play(s, "bid 3")                                     # Carla says "3"
    assert s.phase == "bidding" and s.current_player() == ANNA
    play(s, "bid 4")                                     # Anna raises to "4"
    assert s.current_player() == BEN
    play(s, "pass")                                      # Ben and Carla pass
    assert s.current_player() == CARLA
    play(s, "pass")
    # Anna turns up her own stack: Q♥, Q♦ — two roses; two more needed.
    assert s.challenger == ANNA and s.phase == "flip" and s.current_player() == ANNA
    assert s.observation(None).seats[ANNA].revealed == ("rose", "rose")
    assert s.observation(ANNA).flips_left == 2
    play(s, f"flip {CARLA}")                             # 4♣, a rose
    assert s.observation(None).seats[CARLA].revealed == ("rose",)
    assert s.observation(ANNA).flips_left == 1
    play(s, f"flip {BEN}")                               # 7♠ — a thorn!
    return s


def test_thorn_fails_the_challenge_and_anna_loses_one_of_four(before_loss):
    s = before_loss
    assert s.phase == "lose" and s.thorn_owner == BEN
    assert s.is_chance_node()  # Ben draws without looking (RT-6)
    assert dict((str(a), p) for a, p in s.chance_outcomes()) == {"lose rose": 0.75, "lose thorn": 0.25}


@pytest.mark.parametrize("lost", ["rose", "thorn"])
def test_after_the_draw_anna_has_three_cards_and_ben_starts(before_loss, lost):
    s = play(before_loss, f"lose {lost}")
    assert s.cards_of(ANNA) == 3
    assert s.observation(ANNA).lost == (lost,)
    assert s.start_player == BEN and s.current_player() == BEN and s.round == 2
    assert "Seat 1 draws one of Seat 0's cards and puts it aside face down." in s.log.view(None)


def test_nobody_else_learns_what_anna_lost(before_loss):
    a = play(before_loss.clone(), "lose rose")
    b = play(before_loss.clone(), "lose thorn")
    for seat in (BEN, CARLA, None):
        assert obs_json(a, seat) == obs_json(b, seat)
    assert obs_json(a, ANNA) != obs_json(b, ANNA)
