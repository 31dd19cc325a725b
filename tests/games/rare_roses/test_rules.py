"""One test per rule of the Rare Roses turn, with the rulebook's values (rulings RR-4…RR-11)."""
from __future__ import annotations

import pytest

from roses.core import IllegalActionError
from roses.games.rare_roses.actions import (Buy, DrawOrder, FillOrder, Offer, Push, StopPushing,
                                            Trash, parse_action)

from .helpers import card, do, draw, new_game, set_market, set_shop, shop, small_deck, to_purchase


def refused(state, text, fragment=""):
    before = state.snapshot()
    with pytest.raises(IllegalActionError) as e:
        state.apply(parse_action(text))
    assert state.snapshot() == before
    assert fragment in str(e.value), str(e.value)
    return e.value


# ---------------------------------------------------------------- Rotate Stock / Rose Tiles
def test_tiles_age_one_box_per_own_turn_and_are_lost_on_the_fourth():
    """"On the turn you bought them they can be used as buds … next turn … Fresh Blooms … The next
    turn … Mature Blooms … on the fourth turn … you lose them and they are returned to the Market Bag"."""
    s = new_game(2)
    to_purchase(s)
    set_market(s, juliet=2)
    do(s, "buy juliet", "done buying", "end turn")
    assert shop(s, 0, "bud") == {"juliet": 1}
    to_purchase(s)                      # seat 1's turn: seat 0's shop does not age
    do(s, "done buying", "end turn")
    assert shop(s, 0, "bud") == {} and shop(s, 0, "fresh") == {"juliet": 1}   # seat 0's 2nd turn
    to_purchase(s)
    do(s, "done buying", "end turn")
    to_purchase(s)
    do(s, "done buying", "end turn")
    assert shop(s, 0, "fresh") == {} and shop(s, 0, "mature") == {"juliet": 1}  # 3rd turn
    to_purchase(s)
    do(s, "done buying", "end turn")
    to_purchase(s)
    do(s, "done buying")
    bag_before = s.bag[1]
    do(s, "end turn")
    assert sum(map(sum, s.shops[0])) == 0                                        # 4th turn: gone
    assert s.bag[1] == bag_before + 1                                            # back in the bag
    assert s.log.entries[-1].public == "seat 0's turn: stock rotated, 1 mature bloom back to the bag"


LIFE_DECK = [card(0, [("blue", "bud")], 4, 6), card(1, [("blue", "bloom")], 4, 6)] + \
            [card(i, [("black", "bloom")], 5, 7, icon=i < 10) for i in range(2, 24)]


def _fills_open_to_seat_0(s):
    """Which of the two blue orders (0: a bud, 1: a bloom) seat 0 could fill now, and for which
    value; the two cards are put face up only for the question (the queue is put back)."""
    queue = s.queue
    s.queue = [0, 1, None, None]
    out = {(c, v) for c in (0, 1) for v in ("match", "fill") if s.is_legal(FillOrder(c, v))}
    s.queue = queue
    return out


def test_a_bought_tile_fills_as_a_bud_then_as_a_bloom_for_two_turns_then_is_gone():
    """"Rose Tiles": "On the turn you bought them they can be used as buds to fill orders. On your
    next turn … they … become Fresh Blooms and can be used to fill orders as blooms. The next turn
    they … become Mature Blooms and can still be used to fill orders as Blooms. However, on the
    fourth turn … you lose them" (bud = fresh-bud box, bloom = either bloom box, RR-8)."""
    s = new_game(2, seed=3, order_deck=LIFE_DECK)
    to_purchase(s)
    set_market(s, blue=1)
    do(s, "buy blue", "done buying")
    assert _fills_open_to_seat_0(s) == {(0, "match"), (0, "fill"), (1, "fill")}   # a bud
    do(s, "end turn")
    as_bloom = {(0, "fill"), (1, "match"), (1, "fill")}
    for box in ("fresh", "mature"):                  # seat 0's 2nd and 3rd turns
        to_purchase(s)
        do(s, "done buying", "end turn")             # seat 1
        to_purchase(s)
        do(s, "done buying")
        assert shop(s, 0, box) == {"blue": 1} and _fills_open_to_seat_0(s) == as_bloom
        do(s, "end turn")
    to_purchase(s)
    do(s, "done buying", "end turn")                 # seat 1
    to_purchase(s)
    do(s, "done buying")
    assert _fills_open_to_seat_0(s) == set() and sum(map(sum, s.shops[0])) == 0   # 4th turn


def test_how_to_example_fill_or_match():
    """docs/howto/rare-roses.md "Fill or Match" (the shipped deck's card 0: a Rainbow bloom and an
    Osira bud, Fill $5, Match $9): a Rainbow in a bloom box and an Osira in the fresh-bud box earn
    $9; once the Osira has bloomed, only the Fill price of $5."""
    from roses.games.rare_roses.cards import default_deck

    example = default_deck()[0]
    assert (example.roses, example.fill, example.match) == (
        (("rainbow", "bloom"), ("osira", "bud")), 5, 9)
    deck = [card(i, [("rainbow", "bloom"), ("osira", "bud")], 5, 9, icon=i < 12) for i in range(24)]
    s = new_game(2, seed=1, order_deck=deck)
    to_purchase(s, "trash")
    do(s, "done buying")
    first, second = [c for c in s.queue if c is not None][:2]
    set_shop(s, 0, "mature", rainbow=1)
    set_shop(s, 0, "bud", osira=1)
    do(s, f"fill {first} match")
    assert s.money[0] == 20 + 9
    set_shop(s, 0, "fresh", rainbow=1, osira=1)     # the Osira has bloomed
    refused(s, f"fill {second} match", "cannot match")
    do(s, f"fill {second} fill")
    assert s.money[0] == 29 + 5


# ---------------------------------------------------------------- Phase order ("Starting the Game")
def test_phases_run_in_order_and_never_go_back():
    """"each of the phases … must be completed before moving on to the next phase. For example, you
    cannot go back and buy more roses once you have started filling orders"; trash OR seed, "not
    both"; pushing only "If you chose to Seed The Market"."""
    s = new_game(3, seed=3)
    set_shop(s, 1, "fresh", juliet=1)
    assert s.phase == "trash-or-seed"
    for text in ("buy juliet", "push", "done buying", "end turn", "offer 1 take juliet/fresh pay 2"):
        refused(s, text, "[Turn phases]")
    do(s, "trash")
    assert s.phase == "purchase"
    for text in ("seed", "trash", "push", "stop"):   # trashed: no seeding, no pushing
        refused(s, text, "[Turn phases]")
    set_market(s, juliet=2)
    do(s, "buy juliet", "done buying")
    assert s.phase == "fill"
    for text in ("buy juliet", "offer 1 take juliet/fresh pay 2", "done buying", "seed"):
        refused(s, text, "[Turn phases]")
    assert [str(a) for a in s.legal_actions()] == ["end turn"]


# ---------------------------------------------------------------- Seed / Push (RR-5, RR-11)
def test_seeding_draws_three_and_pushing_costs_1_3_5_and_stops_at_six():
    s = new_game(2, seed=4)
    market0 = sum(s.market)
    do(s, "seed")
    assert s.phase == "push" and sum(s.market) == market0 + 3 and s.counted == 3
    for cost, money in ((1, 19), (3, 16), (5, 11)):
        assert s.push_cost() == cost
        do(s, "push")
        assert s.money[0] == money
    assert sum(s.market) == market0 + 6 and s.counted == 6
    assert s.phase == "purchase"          # no 7th tile: the push phase ends by itself
    assert s.bank_in == 9                 # "Drawing all 3 additional rose tiles will cost you $9"
    refused(s, "push", "phase")


def test_push_refused_without_the_money_and_stop_ends_drawing():
    s = new_game(2, seed=4)
    s.money[0] = 2
    do(s, "seed", "push")                 # $1 for the 4th tile
    assert s.money[0] == 1 and s.phase == "purchase"   # $3 for the 5th: cannot pay, phase skipped
    s = new_game(2, seed=4)
    do(s, "seed")
    s.money[0] = 0
    refused(s, "push", "the next tile costs $1")
    do(s, "stop")
    assert s.phase == "purchase" and s.counted == 3


@pytest.mark.parametrize("players", [4, 6])
def test_first_turn_extra_tiles_for_players_2_to_6(players):
    """NOTE: "Player 2: 1 extra … Player 6: 5 extra"; free and not counted toward 6 (RR-5)."""
    s = new_game(players, seed=7)
    for seat in range(players):
        assert s.turn == seat
        before = sum(s.market)
        money = s.money[seat]
        do(s, "seed")
        assert sum(s.market) == before + 3 + seat and s.money[seat] == money
        assert s.counted == 3 and s.push_cost() == 1   # extras do not count toward the 6
        do(s, "stop", "done buying", "end turn")
    before = sum(s.market)                              # second time round: three tiles only
    do(s, "seed")
    assert sum(s.market) == before + 3
    do(s, "stop", "done buying", "end turn")
    before = sum(s.market)
    do(s, "seed")
    assert s.turn == 1 and sum(s.market) == before + 3


def test_first_turn_extras_follow_the_turn_order_from_the_start_player_and_need_seeding():
    s = new_game(3, seed=2, start_player=2)
    assert s.turn == 2
    do(s, "seed", "stop", "done buying", "end turn")
    assert s.turn == 0
    before = sum(s.market)
    do(s, "seed")                          # seat 0 is "Player 2" here
    assert sum(s.market) == before + 4
    do(s, "stop", "done buying", "end turn")
    before = sum(s.market)
    do(s, "trash")                         # seat 1 (Player 3) trashes: no extra tiles
    assert sum(s.market) == before
    do(s, "done buying", "end turn")
    do(s, "seed", "stop", "done buying", "end turn")   # seat 2
    do(s, "seed", "stop", "done buying", "end turn")   # seat 0
    assert s.turn == 1
    before = sum(s.market)
    do(s, "seed")                          # "the first turn only": no extras on a later turn
    assert sum(s.market) == before + 3 and s.first_turn_extras(1) == 0


def test_trash_or_seed_one_of_them_rr11():
    s = new_game(2, seed=1)
    oldest = s.queue[0]
    do(s, "trash")
    assert oldest in s.discarded and s.phase == "purchase"
    assert len([c for c in s.queue if c is not None]) == 4    # refilled to four
    do(s, "done buying", "end turn")
    s.discarded += [c for c in s.queue if c is not None]
    s.queue = [None] * 4
    s.check_invariants()
    refused(s, "trash", "no order in the queue")
    assert [str(a) for a in s.legal_actions()] == ["seed"]
    s = new_game(2, seed=1)
    for r in range(6):
        s.market[r] += s.bag[r]
        s.bag[r] = 0
    s.check_invariants()
    refused(s, "seed", "bag is empty")
    assert [str(a) for a in s.legal_actions()] == ["trash"]


def test_nothing_to_trash_and_empty_bag_skips_the_phase():
    # empty the bag into the market and take the orders away before seat 1's turn begins
    s2 = new_game(2, seed=1)
    do(s2, "seed", "stop", "done buying")
    for r in range(6):
        s2.market[r] += s2.bag[r]
        s2.bag[r] = 0
    s2.discarded += [c for c in s2.queue if c is not None]
    s2.queue = [None] * 4
    empty_deck_but(s2, 0)                            # and the deck
    s2.check_invariants()
    do(s2, "end turn")
    assert s2.turn == 1 and s2.phase == "purchase"   # neither possible: straight on (RR-11)


# ---------------------------------------------------------------- Refill (multi-player)
def test_refill_slides_orders_down_and_draws_up_to_four():
    s = new_game(3, seed=5, order_deck=small_deck())
    q = list(s.queue)
    s.phase = "fill"
    set_shop(s, 0, "bud", juliet=1)
    set_shop(s, 0, "mature", osira=1)
    do(s, f"fill {q[1]} match")
    assert s.queue == [q[0], None, q[2], q[3]]     # a gap until the next refill
    do(s, "end turn")
    s.apply(parse_action("trash"))
    assert s.queue == [q[2], q[3], None, None] and s.phase == "refill"
    s.resolve_chance()
    assert s.queue[:2] == [q[2], q[3]] and None not in s.queue


# ---------------------------------------------------------------- Purchase Roses (RR-2, RR-7)
def test_buying_more_than_six_or_beyond_ones_money_is_refused():
    s = new_game(2, seed=3)
    to_purchase(s)
    set_market(s, rainbow=10, black=2)
    s.money[0] = 100
    for _ in range(6):
        do(s, "buy rainbow")
    assert shop(s, 0, "bud") == {"rainbow": 6} and s.money[0] == 88 and s.market[0] == 4
    refused(s, "buy rainbow", "more than 6 roses")
    s = new_game(2, seed=3)
    to_purchase(s)
    set_market(s, black=1, juliet=1)
    s.money[0] = 4
    refused(s, "buy black", "Black costs $5; you have $4")
    do(s, "buy juliet")
    assert s.money[0] == 2 and s.bank_in == 2
    refused(s, "buy juliet", "no Juliet in the market")


def test_a_tile_bought_from_another_shop_keeps_its_box_and_counts_toward_six():
    s = new_game(3, seed=3)
    to_purchase(s)
    set_shop(s, 1, "fresh", juliet=2)
    set_shop(s, 1, "mature", black=1)
    set_shop(s, 0, "bud", blue=1)
    do(s, "offer 1 take juliet/fresh pay 3 give blue/bud")
    assert s.phase == "respond" and s.current_player() == 1
    # RR-7: the deal is seen by the two seats in it, not by the third
    assert s.observation(0).pending_offer["text"] == "offer 1 take juliet/fresh pay 3 give blue/bud"
    assert s.observation(1).pending_offer["pay"] == 3
    assert s.observation(2).pending_offer is None and s.observation(None).pending_offer is None
    do(s, "accept")
    assert shop(s, 0, "fresh") == {"juliet": 1} and shop(s, 0, "bud") == {}
    assert shop(s, 1, "bud") == {"blue": 1} and shop(s, 1, "fresh") == {"juliet": 1}
    assert s.money[:2] == [17, 23] and s.received == 1
    assert "seat 1 accepts: seat 0 takes fresh Juliet bloom and gives $3 and Blue bud" in s.log.view(2)[-1]
    # all tiles received count toward the 6
    s.received = 5
    refused(s, "offer 1 take juliet/fresh,black/mature pay 0", "more than 6 roses")
    do(s, "offer 1 take juliet/fresh,black/mature pay 0".replace(",black/mature", ""))
    do(s, "decline")
    assert s.received == 5 and shop(s, 1, "fresh") == {"juliet": 1}
    assert s.log.view(2)[-1] == "seat 1 declines seat 0's deal"
    assert s.log.view(1)[-1] == "you decline seat 0's deal: take fresh Juliet bloom for $0"  # plain words
    assert s.log.view(0)[-1] == "seat 1 declines your deal: take fresh Juliet bloom for $0"


def test_deals_must_be_well_formed():
    s = new_game(3, seed=3)
    to_purchase(s)
    set_shop(s, 1, "fresh", juliet=1)
    refused(s, "offer 0 take juliet/fresh pay 1", "one other player")
    refused(s, "offer 1 take juliet/mature pay 1", "does not hold")
    refused(s, "offer 1 take juliet/fresh pay 21", "you offer $21")
    refused(s, "offer 1 take juliet/fresh pay 1 give osira/bud", "your shop does not hold")
    for _ in range(3):                                  # max_offers (default 3) a turn
        do(s, "offer 1 take juliet/fresh pay 1", "decline")
    refused(s, "offer 1 take juliet/fresh pay 1", "at most 3 deals")


# ---------------------------------------------------------------- Fill Orders (RR-8)
DECK = [card(0, [("juliet", "bud"), ("osira", "bloom")], 7, 11, specialty="osira")] + \
       [card(i, [("juliet", "bud"), ("osira", "bloom")], 7, 11, specialty="osira") for i in range(1, 5)] + \
       [card(i, [("black", "bloom")], 6, 8, icon=False) for i in range(5, 30)]


def fill_phase(players=2, deck=DECK, **specialty):
    s = new_game(players, seed=1, order_deck=deck, specialties=["osira", "juliet"][:players])
    to_purchase(s, "trash")
    do(s, "done buying")
    assert s.phase == "fill"
    return s


def test_match_needs_type_and_maturity_fill_only_type_one_value_paid():
    s = fill_phase()
    cid = next(c for c in s.queue if c is not None and c < 5)
    set_shop(s, 0, "bud", juliet=1)
    set_shop(s, 0, "mature", osira=1)
    bag = sum(s.bag)
    do(s, f"fill {cid} match")
    assert s.money[0] == 20 + 11             # the Match value only, not Fill + Match
    assert sum(map(sum, s.shops[0])) == 0 and sum(s.bag) == bag + 2 and cid in s.filled[0]
    cid = next(c for c in s.queue if c is not None and c < 5)
    set_shop(s, 0, "fresh", juliet=1, osira=1)   # a bloom where the card asks for a bud
    refused(s, f"fill {cid} match", "cannot match")
    refused(s, f"fill {cid} match with juliet/fresh,osira/fresh", "Match needs type and maturity")
    do(s, f"fill {cid} fill")
    assert s.money[0] == 31 + 7


def test_an_order_is_filled_whole_or_not_at_all():
    s = fill_phase()
    cid = next(c for c in s.queue if c is not None and c < 5)
    set_shop(s, 0, "bud", juliet=1)
    refused(s, f"fill {cid} fill", "filled completely or not at all")
    refused(s, f"fill {cid} fill with juliet/bud", "needs 2 roses")
    assert FillOrder(cid, "fill") not in s.legal_actions()


def test_the_filler_names_the_tiles_rr8():
    s = fill_phase()
    cid = next(c for c in s.queue if c is not None and c < 5)
    set_shop(s, 0, "fresh", osira=1)
    set_shop(s, 0, "mature", osira=1)
    set_shop(s, 0, "bud", juliet=1)
    # default (legal_actions): oldest first, the mature bloom
    assert s.oldest_tiles(0, cid, "match") == (("juliet", "bud"), ("osira", "mature"))
    do(s, f"fill {cid} match with osira/fresh,juliet/bud")
    assert shop(s, 0, "mature") == {"osira": 1} and shop(s, 0, "fresh") == {}


def test_at_most_three_orders_a_turn():
    deck = [card(i, [("rainbow", "bud")], 3, 4) for i in range(24)]
    s = new_game(2, seed=1, order_deck=deck)
    to_purchase(s, "trash")
    do(s, "done buying")
    set_shop(s, 0, "bud", rainbow=4)
    ids = [c for c in s.queue if c is not None]
    do(s, *(f"fill {c} match" for c in ids[:3]))
    assert s.money[0] == 20 + 12
    refused(s, f"fill {ids[3]} match", "up to three orders")
    assert [str(a) for a in s.legal_actions()] == ["end turn"]


def test_specialty_bonus_pays_once_on_the_fourth_matching_order():
    """"if you fill 4 specialty orders that match the rose pictured at the bottom of your Shop Card,
    you get a $50 bonus" — once (RR-4)."""
    s = fill_phase()
    s.queue = [0, 1, 2, 3]      # four osira specialty orders face up
    s.fills = 0
    set_shop(s, 0, "bud", juliet=5)
    set_shop(s, 0, "mature", osira=5)
    do(s, "fill 0 match", "fill 1 match", "fill 2 match")
    assert s.money[0] == 20 + 33 and not s.bonus_paid[0]
    s.fills = 0
    do(s, "fill 3 match")
    assert s.money[0] == 20 + 44 + 50 and s.bonus_paid[0] and s.bank_out == 94
    s.queue[0] = 4
    do(s, "fill 4 fill")
    assert s.money[0] == 114 + 7 and s.specialty_filled(0) == 5   # no second bonus


def test_specialty_orders_of_another_rose_do_not_count():
    s = fill_phase()
    assert s.specialty[1] == "juliet"
    assert s.specialty_filled(1) == 0
    s.filled[1] = [0, 1, 2, 3]
    assert s.specialty_filled(1) == 0 and s.specialty_filled(0) == 0


# ---------------------------------------------------------------- End of the game (RR-9)
def empty_deck_but(s, k):
    """Leave ``k`` cards in the order deck: the others are drawn and discarded (cards conserved)."""
    r = s.rules
    while s.deck_size() > k:
        if len(s.drawn_icon) < r.n_icon:
            c = next(c for c in r.icon_ids if c not in s.drawn_icon)
            s.drawn_icon.append(c)
        else:
            c = next(c for c in r.plain_ids if c not in s.drawn_plain)
            s.drawn_plain.append(c)
        s.discarded.append(c)


def test_the_end_trigger_gives_every_other_player_exactly_one_more_turn():
    s = new_game(3, seed=2)
    do(s, "seed", "stop", "done buying", "end turn")    # seat 0
    empty_deck_but(s, 1)
    s.check_invariants()
    do(s, "trash")                                      # seat 1 turns over the last order card
    assert s.end_trigger == 1 and s.deck_size() == 0
    do(s, "done buying", "end turn")
    turns = []
    while s.phase != "over":
        turns.append(s.turn)
        if s.phase == "trash-or-seed":
            do(s, "seed")
        if s.phase == "push":
            do(s, "stop")
        do(s, "done buying", "end turn")
    assert turns == [2, 0]                              # seat 1 does not play again
    assert s.is_terminal() and s.observation(None).result["money"] == s.money


def test_solo_game_ends_with_the_turn_that_draws_the_last_card():
    s = new_game(1, seed=3)
    turns = 0
    while not s.is_terminal():
        to_purchase(s)
        do(s, "done buying", "end turn")
        turns += 1
    assert turns == 19 and s.deck_size() == 0   # 1 card at setup + one a turn = 20


# ---------------------------------------------------------------- Solo (RR-10)
def test_solo_orders_advance_and_the_one_pushed_to_the_fourth_space_is_lost():
    s = new_game(1, seed=5)
    c0 = s.queue[2]
    assert s.queue[:2] == [None, None]
    to_purchase(s)
    c1 = s.queue[2]
    assert s.queue == [None, c0, c1]
    do(s, "done buying", "end turn")
    to_purchase(s)
    c2 = s.queue[2]
    assert s.queue == [c0, c1, c2]
    do(s, "done buying", "end turn")
    to_purchase(s)
    assert s.queue[:2] == [c1, c2] and c0 in s.discarded
    assert any("lost" in line for line in s.log.view(0))
    do(s, "done buying", "end turn")
    do(s, "trash")                     # trashing stays allowed: the oldest (c1) goes
    assert c1 in s.discarded and s.queue[0] == c2 and s.phase == "purchase"


def test_solo_gap_left_by_a_filled_order_advances_too():
    s = new_game(1, seed=5, order_deck=DECK)
    to_purchase(s)
    do(s, "done buying")
    a, b = s.queue[1], s.queue[2]
    set_shop(s, 0, "bud", juliet=1)
    set_shop(s, 0, "mature", osira=1)
    do(s, f"fill {b} match", "end turn")
    assert s.queue == [None, a, None]
    to_purchase(s)
    assert s.queue[:2] == [a, None] and s.queue[2] is not None


# ---------------------------------------------------------------- Tie-breaks (RR-9)
def over(s, money, shops=None, filled=None):
    s.phase = "over"
    s.money = list(money)
    for seat, tiles in (shops or {}).items():
        set_shop(s, seat, "fresh", **tiles)
    for seat, ids in (filled or {}).items():
        s.filled[seat] = ids
    return s.returns()


def test_most_money_wins():
    assert over(new_game(3), [30, 45, 44]) == [0.0, 1.0, 0.0]


def test_tie_broken_by_market_value_of_shop_tiles_then_orders_filled_then_shared():
    s = new_game(3)
    assert over(s, [40, 40, 12], shops={0: {"black": 1}, 1: {"rainbow": 2}}) == [1.0, 0.0, 0.0]  # $5 > $4
    s = new_game(3)
    assert over(s, [40, 40, 12], shops={0: {"blue": 1}, 1: {"rainbow": 2}}, filled={1: [3]}) == [0.0, 1.0, 0.0]
    s = new_game(3)
    assert over(s, [40, 40, 40]) == [pytest.approx(1 / 3)] * 3


def test_result_tag_says_how_the_winner_was_decided():
    """Regression: Rare Roses had no result tag, so a balance report read "Games end: score 100%"
    and `simulate` could not say how many games a tie-break decided (RR-9)."""
    s = new_game(3)
    over(s, [30, 45, 44])
    assert s.result_tags() == {"win_by": "money"}
    s = new_game(3)
    over(s, [40, 40, 12], shops={0: {"black": 1}, 1: {"rainbow": 2}})
    assert s.result_tags() == {"win_by": "tiles"}
    s = new_game(3)
    over(s, [40, 40, 12], shops={0: {"blue": 1}, 1: {"rainbow": 2}}, filled={1: [3]})
    assert s.result_tags() == {"win_by": "orders"}
    s = new_game(3)
    over(s, [40, 40, 40])
    assert s.result_tags() == {"win_by": "shared"}
    assert new_game(3).result_tags() == {}  # not over yet
    solo = new_game(1)
    over(solo, [120])
    assert solo.result_tags() == {}  # alone, money is the measure: nothing to decide
    assert s.game.spec.describe_result("tiles") == "a tie on money, broken by the roses in the shop"


def test_actions_text_round_trip_and_any_deal_is_accepted_by_text():
    for text in ("trash", "seed", "push", "stop", "buy striped-dragon", "done buying", "end turn",
                 "offer 2 take juliet/fresh,black/mature pay 4 give blue/bud", "fill 12 match",
                 "fill 3 fill with osira/mature,juliet/bud", "draw black", "order 7", "start 1",
                 "specialty osira", "accept", "decline"):
        a = parse_action(text)
        assert parse_action(str(a)) == a
    assert str(parse_action("fill 3 fill with osira/mature,juliet/bud")) == "fill 3 fill with juliet/bud,osira/mature"
    with pytest.raises(ValueError):
        parse_action("buy tulip")
    s = new_game(3, seed=3)
    with pytest.raises(IllegalActionError) as e:
        s.action_from_text("offer x")
    assert e.value.rule == "action text"


# ---------------------------------------------------------------- edge cases (audit)
def _bag_holds_only(s, **counts):
    """Move every tile of the bag to the market, then put ``counts`` back in the bag."""
    for r in range(6):
        s.market[r] += s.bag[r]
        s.bag[r] = 0
    for name, k in counts.items():
        r = ["rainbow", "juliet", "striped-dragon", "osira", "blue", "black"].index(name)
        s.market[r] -= k
        s.bag[r] += k
    s.check_invariants()


def test_seeding_a_nearly_empty_bag_draws_what_is_left_and_no_push_follows():
    """RR-6: "an empty bag draws nothing"; Player 2 asks for 3 + 1 first-turn tile (RR-5) from a bag
    of two, gets two, and cannot push (nothing left to draw), so no money is spent."""
    s = new_game(3, seed=1)
    do(s, "seed", "stop", "done buying", "end turn")      # seat 0
    _bag_holds_only(s, osira=2)
    market = s.market[3]
    do(s, "seed")
    assert s.market[3] == market + 2 and sum(s.bag) == 0
    assert s.phase == "purchase" and s.money[1] == 20 and s.bank_in == 0


def test_refill_that_turns_over_the_last_card_leaves_the_other_spaces_empty_and_ends_the_game():
    """"Draw enough orders to fill the Order Queue back up to four", but the deck holds one card:
    that card is drawn, the other spaces stay empty, and drawing it triggers the end (RR-9): every
    other player takes exactly one more turn."""
    s = new_game(3, seed=5, order_deck=small_deck())
    to_purchase(s, "seed")
    do(s, "done buying")
    set_shop(s, 0, "bud", juliet=2)
    set_shop(s, 0, "mature", osira=2)
    q = list(s.queue)
    do(s, f"fill {q[0]} match", f"fill {q[1]} match", "end turn")
    empty_deck_but(s, 1)
    s.check_invariants()
    do(s, "trash")                                          # seat 1 trashes q[2], then refills
    assert s.queue[0] == q[3] and s.queue[1] is not None and s.queue[2:] == [None, None]
    assert s.deck_size() == 0 and s.end_trigger == 1 and s.turns_left == 3
    do(s, "done buying", "end turn")
    turns = []
    while not s.is_terminal():
        turns.append(s.turn)
        to_purchase(s, "seed")
        do(s, "done buying", "end turn")
    assert turns == [2, 0]


def test_trash_discards_the_oldest_order_past_an_empty_space():
    """"discard the oldest order … the order furthest away from the order deck": the farthest space
    may be empty after the previous seat filled its order (gaps close only at "Refill")."""
    s = new_game(2, seed=5, order_deck=small_deck())
    to_purchase(s)
    do(s, "done buying")
    set_shop(s, 0, "bud", juliet=1)
    set_shop(s, 0, "mature", osira=1)
    q = list(s.queue)
    do(s, f"fill {q[0]} match", "end turn")
    assert s.queue == [None, q[1], q[2], q[3]]
    do(s, "trash")
    assert s.discarded[-1] == q[1] and s.queue[:2] == [q[2], q[3]]


def test_specialty_bonus_counts_an_order_filled_for_its_fill_value():
    """"if you fill 4 specialty orders that match the rose … you get a $50 bonus": filling an order
    for its Fill value fills it too (RR-4: paid on the 4th)."""
    s = fill_phase()
    s.queue = [0, 1, 2, 3]
    s.fills = 0
    set_shop(s, 0, "bud", juliet=3)
    set_shop(s, 0, "mature", osira=3)
    do(s, "fill 0 match", "fill 1 match", "fill 2 match")
    s.fills = 0
    set_shop(s, 0, "fresh", juliet=1, osira=1)             # a bloomed Juliet: Fill only
    do(s, "fill 3 fill")
    assert s.money[0] == 20 + 33 + 7 + 50 and s.bonus_paid[0]


def test_a_bud_bought_from_another_shop_matches_as_a_bud():
    """"Roses purchased from other players will go onto the same section that they were in on the
    seller's Shop Card": a bud from the seller's fresh-bud box is a bud for a Match (RR-8)."""
    s = new_game(2, seed=1, order_deck=DECK, specialties=["osira", "juliet"])
    to_purchase(s, "trash")
    set_shop(s, 1, "bud", juliet=1)
    set_shop(s, 0, "fresh", osira=1)
    do(s, "offer 1 take juliet/bud pay 2", "accept", "done buying")
    cid = next(c for c in s.queue if c is not None and c < 5)
    do(s, f"fill {cid} match")
    assert s.money[0] == 20 - 2 + 11 and s.money[1] == 22


def test_market_buys_and_deals_share_the_six():
    """"you can't purchase or trade for any more than 6 roses on your turn" (RR-7: market and deals
    together): five from the market leave room for a deal of one tile, not two."""
    s = new_game(2, seed=3)
    to_purchase(s)
    set_market(s, rainbow=6)
    set_shop(s, 1, "fresh", juliet=2)
    s.money[0] = 100
    for _ in range(5):
        do(s, "buy rainbow")
    refused(s, "offer 1 take juliet/fresh,juliet/fresh pay 2", "more than 6 roses")
    do(s, "offer 1 take juliet/fresh pay 2", "accept")
    assert s.received == 6
    refused(s, "buy rainbow", "more than 6 roses")
    assert [str(a) for a in s.legal_actions()] == ["done buying"]


def test_the_shop_tiles_break_only_a_tie_on_money():
    """"If there is a tie, add the value of the rose tiles": more money wins however many tiles the
    other shop holds ($40 beats $38 with $10 of Black blooms)."""
    s = new_game(2)
    assert over(s, [40, 38], shops={1: {"black": 2}}) == [1.0, 0.0]
    assert s.result_tags() == {"win_by": "money"}


def test_the_fourth_tile_can_be_pushed_with_the_last_dollar():
    s = new_game(2, seed=4)
    s.money[0] = 1
    do(s, "seed")
    assert s.phase == "push" and [str(a) for a in s.legal_actions()] == ["push", "stop"]
    market = sum(s.market)
    do(s, "push")
    assert s.money[0] == 0 and sum(s.market) == market + 1 and s.phase == "purchase"
