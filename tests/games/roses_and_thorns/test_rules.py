"""One test per rule and ruling of Roses and Thorns (section numbers as in state.py)."""
import pytest

from roses.core import IllegalActionError
from roses.games.roses_and_thorns.actions import Bid, Flip, Lay, Lose, Pass

from .helpers import new, obs_json, play, set_cards


def test_each_player_holds_three_roses_and_one_thorn():  # §2, RT-1
    s = new(5)
    assert s.hands == [[3, 1]] * 5
    assert s.observation(2).hand == {"rose": 3, "thorn": 1}


def test_first_start_player_is_a_chance_event_unless_fixed():  # RT-3
    import roses
    s = roses.load("roses-and-thorns", players=4).new_initial_state(seed=3)
    assert s.is_chance_node()
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [(f"start {k}", 0.25) for k in range(4)]
    assert new(4, start=2).current_player() == 2


def test_first_cards_are_laid_in_seat_order_and_hidden():  # §3.1, RT-2
    s = new(3, start=1)
    play(s, "lay thorn")
    assert s.current_player() == 2
    assert s.observation(2).seats[1].stack_size == 1
    assert "lay" not in " ".join(s.observation(2).log).replace("lays a first card", "")
    assert s.observation(1).stack == ("thorn",)
    assert s.observation(2).stack == ()
    play(s, "lay rose", "lay rose")
    assert s.phase == "add" and s.current_player() == 1  # the start player adds first


def test_player_counts_are_3_to_10():  # §1 Overview, §7 "Bigger table", RT-7
    """3–6 is the standard table and 7–10 the bigger-table variant; 2 and 11 are refused."""
    import roses
    from roses.core import GameParameterError
    for n in (3, 6, 7, 10):
        assert roses.load("roses-and-thorns", players=n).num_players == n
    for n in (2, 11):
        with pytest.raises(GameParameterError):
            roses.load("roses-and-thorns", players=n)


def test_first_lay_only_lays():  # §3.1: no bid before everyone has a first card
    s = new(3)
    assert [str(a) for a in s.legal_actions()] == ["lay rose", "lay thorn"]
    with pytest.raises(IllegalActionError, match="§3.1"):
        s.apply(Bid(1))


def test_a_bid_above_the_cards_on_the_table_is_refused_and_changes_nothing():  # §3.2
    s = play(new(3), "lay rose", "lay rose", "lay rose")
    before = s.snapshot()
    with pytest.raises(IllegalActionError) as e:
        s.apply(Bid(4))
    assert "§3.2" in e.value.rule and "at most the 3 cards" in e.value.message
    assert s.snapshot() == before
    assert max(a.count for a in s.legal_actions() if isinstance(a, Bid)) == 3


def test_a_bid_equal_to_the_cards_on_the_table_ends_the_bidding_at_once():  # §3.3, RT-4
    s = play(new(3), "lay rose", "lay rose", "lay rose", "bid 3")
    # Anna's own rose flipped automatically (RT-5); no one else was asked to raise or pass.
    assert s.challenger == 0 and s.phase == "flip" and s.current_player() == 0
    assert s.high_bid == 3 and not any(s.passed)


def test_a_player_with_an_empty_hand_can_only_bid():  # §3.2
    s = new(3)
    set_cards(s, 0, 1, 0)  # one rose left
    play(s, "lay rose", "lay rose", "lay rose")
    assert s.current_player() == 0 and s.hands[0] == [0, 0]
    legal = s.legal_actions()
    assert legal and all(isinstance(a, Bid) for a in legal)
    with pytest.raises(IllegalActionError, match="no rose in your hand"):
        s.apply(Lay("rose"))


def test_no_card_is_added_once_somebody_has_bid():  # §3.3
    s = play(new(3), "lay rose", "lay rose", "lay rose", "bid 1")
    with pytest.raises(IllegalActionError, match="no more cards are added"):
        s.apply(Lay("rose"))


def test_a_raise_must_be_higher():  # §3.3
    s = play(new(3), "lay rose", "lay rose", "lay rose", "bid 2")
    with pytest.raises(IllegalActionError, match="higher number than 2"):
        s.apply(Bid(2))


def test_a_passed_player_cannot_bid_again_and_is_skipped():  # §3.3, RT-4
    s = play(new(4), *["lay rose"] * 4, "bid 1")   # seat 0 opens
    play(s, "pass")                                 # seat 1 passes
    play(s, "bid 2")                                # seat 2 raises
    play(s, "pass")                                 # seat 3 passes
    assert s.current_player() == 0                  # seat 1 is skipped
    play(s, "bid 3")
    assert s.current_player() == 2                  # 1 and 3 skipped
    play(s, "pass")
    assert s.phase == "flip" and s.challenger == 0  # everybody else has passed


def test_pass_is_not_an_opening_move():  # §3.2
    s = play(new(3), "lay rose", "lay rose", "lay rose")
    with pytest.raises(IllegalActionError, match="§3.2"):
        s.apply(Pass())


def test_a_bid_smaller_than_the_own_stack_flips_only_that_many_and_succeeds():  # §3.4, RT-5
    s = play(new(3), "lay thorn", "lay rose", "lay rose", *["lay rose"] * 6)
    assert s.stacks[0] == ["thorn", "rose", "rose"] and s.current_player() == 0
    play(s, "bid 2", "pass", "pass")
    # Only the two top roses were turned up; the thorn below was never touched.
    assert s.markers[0] == 1 and s.round == 2 and s.start_player == 0
    log = " ".join(s.log.view(None))
    assert log.count("turns up a rose from their own stack") == 2 and "thorn" not in log


def test_the_own_stack_comes_first_then_only_other_tops():  # §3.4 steps 1-2
    s = play(new(3), "lay rose", "lay rose", "lay rose", "bid 2", "pass", "pass")
    assert [str(a) for a in s.legal_actions()] == ["flip 1", "flip 2"]
    with pytest.raises(IllegalActionError, match="own stack"):
        s.apply(s.action_from_text("flip 1").__class__(0))


def test_other_stacks_in_any_order_the_same_stack_again_top_card_first():  # §3.4 step 2
    """"Choose any other player's stack and turn up its top card. Keep going – from any stacks in
    any order, always the top card that is still face down": Seat 1's stack may be chosen twice in
    a row, its cards come up top first, and a stack with nothing face down is no longer offered."""
    s = new(3, start=1)
    play(s, "lay rose", "lay rose", "lay rose")          # seats 1, 2, 0 lay a first card
    play(s, "lay rose", "lay thorn")                     # seat 1 adds a rose, seat 2 its thorn on top
    play(s, "bid 4", "pass", "pass")                     # seat 0 (one card) must turn up 3 more
    assert s.challenger == 0 and s.observation(None).seats[0].revealed == ("rose",)
    play(s, "flip 1")
    assert [str(a) for a in s.legal_actions()] == ["flip 1", "flip 2"]  # seat 1 again is allowed
    play(s, "flip 1")
    assert s.observation(None).seats[1].revealed == ("rose", "rose")
    assert [str(a) for a in s.legal_actions()] == ["flip 2"]           # seat 1 is all face up
    play(s, "flip 2")                                                  # seat 2's top card: its thorn
    assert s.phase == "lose" and s.thorn_owner == 2
    assert s.observation(None).seats[2].revealed == ("thorn",)         # the rose below stays down


def test_a_thorn_ends_the_challenge_at_once():  # §3.4 "A thorn?"
    s = play(new(3), "lay rose", "lay thorn", "lay rose", "bid 3", "flip 1")
    assert s.phase == "lose" and s.thorn_owner == 1
    assert s.observation(None).seats[2].revealed == ()  # Carla's card stays face down
    assert s.is_chance_node()


def test_own_thorn_the_left_neighbour_draws_skipping_eliminated_seats():  # §3.4, RT-6
    s = new(4)
    set_cards(s, 1, 0, 0)  # seat 1 is out
    play(s, "lay thorn", "lay rose", "lay rose", "bid 1", "pass", "pass")
    assert s.phase == "lose" and s.thorn_owner == 0 and s.is_chance_node()
    play(s, "lose rose")
    assert "Seat 2 draws one of Seat 0's cards" in s.log.view(None)[-2]
    assert s.start_player == 0  # the challenger turned up their own thorn (§3.5)


def test_variant_own_thorn_the_challenger_chooses():  # §7 original rule, RT-6 parameter
    s = new(3, own_thorn_choice=True)
    play(s, "lay thorn", "lay rose", "lay rose", "bid 1", "pass", "pass")
    assert s.current_player() == 0
    assert [str(a) for a in s.legal_actions()] == ["lose rose", "lose thorn"]
    play(s, "lose thorn")
    assert s.lost[0] == ["thorn"] and "Seat 0 chooses" in s.log.view(None)[-2]


def test_variant_other_thorn_is_still_drawn_by_chance():  # RT-6
    s = new(3, own_thorn_choice=True)
    play(s, "lay rose", "lay thorn", "lay rose", "bid 2", "pass", "pass", "flip 1")
    assert s.is_chance_node()


def test_the_lost_card_is_absent_from_every_other_seats_observation():  # §3.4, RT-6
    base = play(new(4), "lay rose", "lay thorn", "lay rose", "lay rose", "bid 2", "pass", "pass", "pass", "flip 1")
    a, b = play(base.clone(), "lose rose"), play(base.clone(), "lose thorn")
    for seat in (1, 2, 3, None):
        assert obs_json(a, seat) == obs_json(b, seat)
    assert a.observation(0).lost == ("rose",) and b.observation(0).lost == ("thorn",)


def test_elimination_skips_the_seat_and_its_marker_no_longer_counts():  # §4
    """"A player who has lost all four cards is out. Their marker no longer counts. The others play
    on, and everybody else keeps their markers." """
    s = new(4, start=2)  # seat 2 has one marker and one card left; seat 0 has a marker too
    s.markers[2] = 1
    s.markers[0] = 1
    set_cards(s, 2, 1, 0)
    play(s, "lay rose", "lay thorn", "lay rose", "lay rose")  # seats 2, 3, 0, 1
    play(s, "bid 2", "pass", "pass", "pass", "flip 3")        # seat 2 bids, everyone passes, hits 3's thorn
    play(s, "lose rose")
    assert s.out[2] and s.observation(None).seats[2].in_game is False
    assert not s.is_terminal() and s.winner is None           # the others play on
    assert s.markers[0] == 1                                  # ... and keep their markers
    assert s.start_player == 3 and s.current_player() == 3   # thorn owner starts
    play(s, "lay rose", "lay rose")                           # seats 3, 0 ...
    assert s.current_player() == 1                            # ... then 1
    play(s, "lay rose")
    assert s.phase == "add" and s.current_player() == 3       # seat 2 skipped in laying
    play(s, "bid 1")
    assert s.current_player() == 0
    play(s, "pass")
    assert s.current_player() == 1                            # seat 2 skipped in bidding
    play(s, "pass")
    assert s.markers[3] == 1 and s.round == 3 and not s.is_terminal()  # seat 3 succeeded
    play(s, "lay rose", "lay rose", "lay rose", "lay rose")   # round 3: seats 3, 0, 1; seat 3 adds
    play(s, "bid 1", "pass", "pass")                          # seat 0 bids 1 and succeeds ...
    assert s.winner == 0 and s.returns() == [1.0, 0.0, 0.0, 0.0]  # ... a second time: its kept marker


def test_the_last_player_with_cards_wins_even_with_no_marker():  # §5
    s = new(3)
    set_cards(s, 1, 0, 0)
    set_cards(s, 0, 1, 0)
    play(s, "lay rose", "lay thorn", "bid 2", "flip 2")  # an empty hand must bid; 2 = every card
    play(s, "lose rose")
    assert s.is_terminal() and s.winner == 2 and s.markers[2] == 0
    assert s.returns() == [0.0, 0.0, 1.0]


def test_a_second_successful_challenge_wins():  # §3.4, §5
    s = new(3)
    s.markers[0] = 1
    play(s, "lay rose", "lay rose", "lay rose", "bid 1", "pass", "pass")
    assert s.is_terminal() and s.winner == 0 and s.returns() == [1.0, 0.0, 0.0]


def test_quick_game_one_success_wins():  # §7, RT-8
    s = new(3, quick_game=True)
    play(s, "lay rose", "lay rose", "lay rose", "bid 1", "pass", "pass")
    assert s.is_terminal() and s.winner == 0


def test_everybody_takes_back_their_cards_for_the_next_round():  # §3.5 "Everybody takes back their cards"
    """After a success every stack returns to its owner's hand; after a failure too, less the
    challenger's lost card."""
    s = play(new(3), "lay rose", "lay thorn", "lay rose", "lay rose", "lay rose", "lay rose", "bid 2", "pass", "pass")
    assert s.markers[0] == 1 and s.round == 2                     # own stack, two roses: success
    assert s.stacks == [[], [], []] and s.hands == [[3, 1], [3, 1], [3, 1]]
    play(s, "lay rose", "lay thorn", "lay rose", "bid 2", "pass", "pass", "flip 1", "lose thorn")
    assert s.round == 3 and s.stacks == [[], [], []]
    assert s.hands == [[3, 0], [3, 1], [3, 1]] and s.lost[0] == ["thorn"]
    assert [v.hand_size for v in s.observation(None).seats] == [3, 4, 4]


def test_next_round_start_thorn_owner_or_challenger():  # §3.5
    s = play(new(3), "lay rose", "lay thorn", "lay rose", "bid 2", "pass", "pass", "flip 1", "lose rose")
    assert s.start_player == 1  # someone else's thorn: its owner starts
    s = play(new(3), "lay rose", "lay rose", "lay rose", "bid 2", "pass", "pass", "flip 2")
    assert s.start_player == 0  # success: the challenger starts


def test_next_start_skips_an_eliminated_challenger():  # §3.5 "If that player is out"
    s = new(4)
    set_cards(s, 0, 0, 1)  # seat 0 holds only its thorn
    play(s, "lay thorn", "lay rose", "lay rose", "lay rose", "bid 1", "pass", "pass", "pass")
    assert s.is_chance_node() and [str(a) for a in s.legal_actions()] == ["lose thorn"]
    play(s, "lose thorn")
    assert s.out[0] and s.start_player == 1


def test_illegal_pass_and_lay_name_the_rule_of_their_phase():  # §3.1, §3.2, §3.4
    """Regression: a pass while laying first cards or during the challenge, and a first card the
    hand lacks, were all refused as "§3.2 Adding cards" ("before anyone has bid ...")."""
    s = new(3)
    set_cards(s, 0, 3, 0)
    with pytest.raises(IllegalActionError) as e:
        s.apply(Pass())
    assert e.value.rule.startswith("§3.1")
    with pytest.raises(IllegalActionError) as e:
        s.apply(Lay("thorn"))
    assert e.value.rule.startswith("§3.1") and "no thorn in your hand" in e.value.message
    play(s, "lay rose", "lay rose", "lay rose")
    with pytest.raises(IllegalActionError) as e:
        s.apply(Pass())
    assert e.value.rule.startswith("§3.2")
    play(s, "bid 2", "pass", "pass")
    assert s.phase == "flip"
    with pytest.raises(IllegalActionError) as e:
        s.apply(Pass())
    assert e.value.rule.startswith("§3.4") and "bidding is over" in e.value.message


def test_impossible_losses_and_late_flips_name_their_rule():  # §3.4 "A thorn?", §7, RT-6
    """Regression: after a thorn (variant: the challenger to choose), a further flip was refused as
    "only the challenger turns up cards, after the bidding", a loss the challenger cannot suffer as "chance is to move: only a chance
    outcome applies" (it is one) and, in the variant, as "only the challenger loses a card"."""
    s = new(3)
    set_cards(s, 0, 0, 1)                                   # seat 0 holds only its thorn
    play(s, "lay thorn", "lay rose", "lay rose", "bid 1", "pass", "pass")  # its own thorn comes up
    assert s.phase == "lose" and s.is_chance_node()
    with pytest.raises(IllegalActionError) as e:
        s.apply(Lose("rose"))
    assert "lose rose is not a possible chance outcome" in e.value.message
    s = new(3, own_thorn_choice=True)
    set_cards(s, 0, 0, 1)
    play(s, "lay thorn", "lay rose", "lay rose", "bid 1", "pass", "pass")
    assert s.current_player() == 0 and [str(a) for a in s.legal_actions()] == ["lose thorn"]
    with pytest.raises(IllegalActionError) as e:
        s.apply(Lose("rose"))
    assert "RT-6" in e.value.rule and "no rose left to lose" in e.value.message
    with pytest.raises(IllegalActionError) as e:   # seats 1 and 2 still have a face-down card
        s.apply(Flip(1))
    assert e.value.rule.startswith("§3.4 A thorn?") and "stop at once" in e.value.message


def test_actions_of_other_games_and_garbage_are_refused():
    s = new(3)
    for bad in ("bid 1", None, 42, Lose("rose")):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
    with pytest.raises(IllegalActionError):
        s.action_from_text("bid 99")


# ---------------------------------------------------------------- edge cases (second rules audit)
def test_a_raise_to_every_card_on_the_table_ends_the_bidding_at_once():  # §3.3, RT-4
    """"The bidding ends … as soon as somebody bids the total number of cards on the table": a
    raise to the total ends it although seats 2 and 3 have not passed yet."""
    s = play(new(4), *["lay rose"] * 4, "bid 1", "bid 4")  # seat 0 opens, seat 1 raises to all 4
    assert s.phase == "flip" and s.challenger == 1 and s.high_bid == 4
    assert s.passed == [False] * 4                           # nobody was asked to pass
    assert s.observation(None).seats[1].revealed == ("rose",)  # its own stack first (RT-5)
    assert s.observation(1).flips_left == 3


def test_a_bid_equal_to_the_own_stack_succeeds_without_touching_other_stacks():  # §3.4 step 1, RT-5
    """The challenger's own stack is exactly the bid: all roses is a success at once, with no
    other stack turned up and no choice asked of the challenger."""
    s = play(new(3), "lay rose", "lay rose", "lay thorn", "lay rose", "lay rose", "lay rose", "bid 2")
    assert s.phase == "bidding"
    play(s, "pass", "pass")
    assert s.markers == [1, 0, 0] and s.round == 2 and s.start_player == 0
    assert "from Seat" not in " ".join(s.log.view(None))    # no other stack was touched


def test_a_challenger_with_an_empty_hand_loses_one_of_its_stack_cards():  # §3.4 "A thorn?", RT-6
    """"Collect all your cards (hand and stack)": a challenger who has laid its last two cards
    (its thorn, then a rose on top) and turns up its own thorn loses one of those two, each with
    chance 1/2, drawn by the player to its left; it keeps the other and starts the next round."""
    s = new(3)
    set_cards(s, 0, 1, 1)                                    # seat 0: one rose and its thorn left
    play(s, "lay thorn", "lay rose", "lay rose", "lay rose")  # seat 0 lays both: empty hand
    assert s.hands[0] == [0, 0] and s.stacks[0] == ["thorn", "rose"]
    play(s, "bid 1", "pass", "bid 2", "pass")               # seat 1 opens, seat 0 raises to 2
    assert s.phase == "lose" and s.thorn_owner == 0         # rose, then its own thorn
    assert {str(a): p for a, p in s.chance_outcomes()} == {"lose rose": 0.5, "lose thorn": 0.5}
    play(s, "lose rose")
    assert s.hands[0] == [0, 1] and s.cards_of(0) == 1 and not s.out[0]
    assert "Seat 1 draws one of Seat 0's cards" in " ".join(s.log.view(None))
    assert s.start_player == 0 and s.current_player() == 0


def test_next_start_skips_every_out_seat_to_the_left_of_an_eliminated_challenger():  # §3.5, §4
    """"If that player is out, the next player to their left starts": the challenger (seat 0) is
    out after its own thorn, and so is seat 1, its left neighbour; seat 2 draws the card and
    starts."""
    s = new(5)
    set_cards(s, 1, 0, 0)                                    # seat 1 is out
    set_cards(s, 0, 0, 1)                                    # seat 0 holds only its thorn
    play(s, "lay thorn", "lay rose", "lay rose", "lay rose", "bid 1", "pass", "pass", "pass")
    play(s, "lose thorn")
    assert s.out == [True, True, False, False, False]
    assert "Seat 2 draws one of Seat 0's cards" in " ".join(s.log.view(None))
    assert s.start_player == 2 and s.current_player() == 2 and s.round == 2


def test_with_two_players_left_an_own_thorn_on_the_last_card_makes_the_other_the_winner():  # §3.4, §4, §5
    """The last two players: the challenger turns up its own thorn, its only card; the player to
    its left (the only other one, across the out seat) draws it, the challenger is out, and the
    other player is the last with cards and wins, with no marker."""
    s = new(3)
    set_cards(s, 1, 0, 0)                                    # seat 1 is out
    set_cards(s, 0, 0, 1)                                    # seat 0 holds only its thorn
    s.markers[0] = 1                                         # its marker no longer counts (§4)
    play(s, "lay thorn", "lay rose", "bid 1", "pass")
    assert s.phase == "lose" and [str(a) for a in s.legal_actions()] == ["lose thorn"]
    play(s, "lose thorn")
    assert s.is_terminal() and s.winner == 2 and s.returns() == [0.0, 0.0, 1.0]
    assert "Seat 2 draws one of Seat 0's cards" in " ".join(s.log.view(None))
    assert s.result_tags() == {"win_by": "last-standing"}


def test_bigger_table_ten_players_lay_round_the_table_and_bid_up_to_the_cards_laid():  # §7, RT-7
    """"With 7 to 10 players, the game works the same way": first cards go clockwise from the
    start player (seat 7) round to seat 6, the bids run up to the cards on the table (10, then 11
    once seat 7 adds one), and a bid of all 11 ends the bidding at once."""
    s = new(10, start=7)
    order = []
    while s.phase == "lay-first":
        order.append(s.current_player())
        play(s, "lay rose")
    assert order == [7, 8, 9, 0, 1, 2, 3, 4, 5, 6]
    assert s.phase == "add" and s.current_player() == 7
    assert [str(a) for a in s.legal_actions()][-1] == "bid 10"
    with pytest.raises(IllegalActionError, match="at most the 10 cards"):
        s.apply(Bid(11))
    play(s, "lay rose")                                      # seat 7 adds a card: 11 on the table
    assert s.current_player() == 8 and [str(a) for a in s.legal_actions()][-1] == "bid 11"
    play(s, "bid 11")                                        # every card: no one else is asked
    assert s.phase == "flip" and s.challenger == 8 and s.observation(8).flips_left == 10
