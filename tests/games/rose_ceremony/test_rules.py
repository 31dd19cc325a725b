"""One test per rule of the Rose Ceremony rulebook and rulings RC-1…RC-6, values from the rulebook."""
from __future__ import annotations

import json

import pytest

import roses
from roses.core import CHANCE, TERMINAL, GameParameterError, IllegalActionError, to_jsonable
from roses.games.rose_ceremony.actions import ACCEPT, EXCHANGE, KEEP, REFUSE, Deal, Offer, Start
from roses.games.rose_ceremony.cards import DEFAULT_DECK, Card, deck_counter
from roses.games.rose_ceremony.tables import exchange_points

from .helpers import cards, play, position


# ---------------------------------------------------------------- Components, RC-2 deck
def test_default_deck_is_the_54_cards_of_rc2():
    deck = deck_counter(DEFAULT_DECK)
    assert sum(deck.values()) == 54
    assert sum(c.roses * k for c, k in deck.items()) == 120
    assert sum(c.thorns * k for c, k in deck.items()) == 64
    assert deck[Card(1, 0)] == 6 and deck[Card(2, 3)] == 1 and deck[Card(5, 3)] == 2
    assert all(0 <= c.roses <= 5 and 0 <= c.thorns <= 3 for c in deck)


@pytest.mark.parametrize("bad,fragment", [
    ("[]", "non-empty list"),
    ([[1, 0]], "not a [roses, thorns, count] row"),
    ([[1, "x", 3]], "three integers"),
    ([[-1, 0, 20]], "cannot be negative"),
    ([[1, 0, 0], [2, 0, 20]], "count must be at least 1"),
    ([[1, 0, 10], [1, 0, 10]], "listed twice"),
    ([[1, 0, 7]], "dealing needs at least 8"),
    ("not json", "is not JSON data"),
])
def test_bad_deck_is_a_clear_parameter_error(bad, fragment):
    with pytest.raises(GameParameterError) as e:
        roses.load("rose-ceremony", deck=bad)
    assert e.value.name == "deck" and fragment in str(e.value)


def test_deck_too_small_for_the_table_is_refused():
    game = roses.load("rose-ceremony", players=6, deck=[[2, 1, 20]])
    with pytest.raises(GameParameterError, match="needs 24"):
        game.new_initial_state(0)


def test_deck_as_json_text_and_custom_cards():
    game = roses.load("rose-ceremony", players=2, deck="[[5, 0, 10], [0, 3, 4]]")
    state = game.new_initial_state(0)
    assert len(state.deck) == 14
    assert [(str(a), p) for a, p in state.chance_outcomes()] == [("deal 0/3 to 0", 4 / 14), ("deal 5/0 to 0", 10 / 14)]


# ---------------------------------------------------------------- RC-1 players
def test_players_2_to_6_default_4():
    assert roses.load("rose-ceremony").num_players == 4
    for n in (2, 6):
        assert roses.load("rose-ceremony", players=n).num_players == n
    for n in (1, 7):
        with pytest.raises(GameParameterError):
            roses.load("rose-ceremony", players=n)


def test_start_player_must_be_a_seat():
    with pytest.raises(GameParameterError, match="3 is not a seat of a 3-player game"):
        roses.load("rose-ceremony", players=3, start_player=3).new_initial_state(0)


# ---------------------------------------------------------------- Setup and start
def test_deal_is_chance_one_outcome_per_card_value_count_over_remaining():
    state = roses.load("rose-ceremony").new_initial_state(0)
    assert state.current_player() == CHANCE
    outcomes = dict((str(a), p) for a, p in state.chance_outcomes())
    assert len(outcomes) == 18 and outcomes["deal 1/0 to 0"] == pytest.approx(6 / 54)
    state.apply(Deal(Card(1, 0), 0))
    outcomes = dict((str(a), p) for a, p in state.chance_outcomes())
    assert outcomes["deal 1/0 to 1"] == pytest.approx(5 / 53)  # dealt round the table
    assert outcomes["deal 2/3 to 1"] == pytest.approx(1 / 53)


def test_four_cards_each_then_the_start_player_is_drawn():
    state = roses.load("rose-ceremony", players=3).new_initial_state(5)
    for _ in range(12):
        state.apply(state.sample_chance())
    assert [len(h) for h in state.hands] == [4, 4, 4] and len(state.deck) == 42
    assert state.chance_outcomes() == [(Start(0), 1 / 3), (Start(1), 1 / 3), (Start(2), 1 / 3)]
    state.apply(Start(2))
    assert state.current_player() == 2 and state.start_player == 2


def test_start_player_parameter_fixes_the_first_seat():
    state = roses.load("rose-ceremony", players=3, start_player=1).new_initial_state(5)
    state.resolve_chance()
    assert state.current_player() == 1 and state.start_player == 1 and state.phase == "offer"


# ---------------------------------------------------------------- Go on a Date
def test_offers_are_distinct_cards_to_every_other_seat():
    state = position(hands={0: "1/0 1/0 2/1 3/3"})
    legal = [str(a) for a in state.legal_actions()]
    assert len(legal) == 9 and legal[:3] == ["offer 1/0 to 1", "offer 1/0 to 2", "offer 1/0 to 3"]
    assert "offer 1/0 to 0" not in legal


def test_offer_to_self_or_of_a_missing_card_is_refused_naming_the_rule():
    state = position(hands={0: "1/0 1/0 2/1 3/3"})
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="another player") as e:
        state.apply(Offer(Card(1, 0), 0))
    assert "Go on a Date" in e.value.rule
    with pytest.raises(IllegalActionError, match="you do not hold a card of 5 roses and 3 thorns"):
        state.apply(Offer(Card(5, 3), 1))
    assert state.snapshot() == before


def test_accepted_card_lands_face_up_in_the_receivers_bouquet():
    state = position(hands={0: "3/1 0/0 0/0 0/0"}, bouquets={2: "1/0"})
    play(state, "offer 3/1 to 2")
    assert state.current_player() == 2 and state.legal_actions() == [ACCEPT, REFUSE]
    play(state, "accept")
    assert state.bouquets[2] == cards("1/0 3/1") and state.bouquets[0] == []
    assert all(state.observation(s).bouquet_roses[2] == 4 for s in (0, 1, 2, 3, None))
    assert "seat 2 accepts: a card of 3 roses and 1 thorn" in state.log.view(1)[-2]


def test_refused_card_goes_into_the_offerers_bouquet():
    state = position(hands={0: "3/1 0/0 0/0 0/0"})
    play(state, "offer 3/1 to 2", "refuse")
    assert state.bouquets[0] == cards("3/1") and state.bouquets[2] == []


def test_bouquet_at_4_thorns_receiving_a_thorn_wilts_whole_new_card_too():
    state = position(hands={0: "1/1 0/0 0/0 0/0"}, bouquets={2: "3/3 2/1"})
    play(state, "offer 1/1 to 2", "accept")
    assert state.bouquets[2] == []
    assert state.discard == cards("3/3 2/1 1/1")  # face up, the new card too
    assert state.observation(1).discard_count == 3


def test_bouquet_reaching_exactly_4_thorns_stays():
    state = position(hands={0: "1/1 0/0 0/0 0/0"}, bouquets={2: "3/3"})
    play(state, "offer 1/1 to 2", "accept")
    assert state.bouquets[2] == cards("3/3 1/1") and state.discard == []
    assert state.observation(None).bouquet_thorns[2] == 4


def test_refused_card_is_checked_on_the_offerers_bouquet():
    # the receiver's bouquet is at 4 thorns too; only the offerer's (which got the card) is checked
    state = position(hands={0: "2/2 0/0 0/0 0/0"}, bouquets={0: "3/3", 2: "4/3 0/1"})
    play(state, "offer 2/2 to 2", "refuse")
    assert state.bouquets[0] == [] and state.discard == cards("3/3 2/2")
    assert state.bouquets[2] == cards("4/3 0/1")


def test_receiver_does_not_see_the_offered_card_before_the_choice():
    state = position(hands={0: "5/3 0/0 0/0 0/0"})
    play(state, "offer 5/3 to 2")
    assert state.observation(0).pending_offer.card == Card(5, 3)
    for seat in (1, 2, 3, None):
        obs = state.observation(seat)
        assert obs.pending_offer.offerer == 0 and obs.pending_offer.receiver == 2
        assert obs.pending_offer.card is None
        assert "5/3" not in json.dumps(to_jsonable(obs))  # no 5/3 is visible anywhere else here
    play(state, "accept")
    for seat in (0, 1, 2, 3, None):
        assert state.observation(seat).bouquets[2] == (Card(5, 3),)  # face up after the choice


# ---------------------------------------------------------------- drawing back to 4
def test_turn_player_draws_back_to_4_then_play_passes_clockwise():
    state = position(hands={0: "1/0 0/0 0/0 0/0"})
    play(state, "offer 1/0 to 1", "accept")
    assert state.current_player() == CHANCE and len(state.hands[0]) == 3
    outcomes = dict((str(a), p) for a, p in state.chance_outcomes())
    assert sum(outcomes.values()) == pytest.approx(1)
    assert all(t.startswith("draw ") and t.endswith(" for 0") for t in outcomes)
    state.apply(state.sample_chance())
    assert len(state.hands[0]) == 4 and len(state.hands[1]) == 4 and state.current_player() == 1


# ---------------------------------------------------------------- Exchange, RC-4
@pytest.mark.parametrize("roses_,points", [(3, 0), (4, 1), (5, 1), (6, 2), (7, 2), (8, 3), (9, 3)])
def test_exchange_table(roses_, points):
    assert exchange_points(roses_) == points


def test_exchange_with_3_roses_is_refused():
    state = position(hands={0: "1/0 0/0 0/0 0/0"}, bouquets={0: "2/0"})
    play(state, "offer 1/0 to 1", "refuse")
    assert state.bouquets[0] == cards("2/0 1/0")  # 3 roses: no exchange offered
    assert state.current_player() == CHANCE
    with pytest.raises(IllegalActionError, match="needs 4 or more roses; the bouquet has 3") as e:
        state.apply(EXCHANGE)
    assert "RC-4" in e.value.rule


def test_exchange_of_4_roses_pays_1_point_and_empties_the_bouquet():
    state = position(hands={0: "1/0 0/0 0/0 0/0"}, bouquets={0: "2/0 1/1"})
    play(state, "offer 1/0 to 1", "refuse")
    assert state.legal_actions() == [EXCHANGE, KEEP]
    play(state, "exchange")
    assert state.points == [1, 0, 0, 0] and state.bouquets[0] == []
    assert state.discard == cards("2/0 1/1 1/0")
    assert state.current_player() == CHANCE  # then the draw back to 4


@pytest.mark.parametrize("bouquet,points", [("3/1 3/0", 2), ("3/0 4/1 1/0", 3)])
def test_exchange_6_roses_pays_2_and_8_pays_3(bouquet, points):
    state = position(hands={0: "0/0 0/0 0/0 0/0"}, bouquets={0: bouquet})
    play(state, "offer 0/0 to 1", "accept", "exchange")
    assert state.points[0] == points and state.bouquets[0] == []


def test_exchange_of_10_roses_wins_at_once():
    state = position(hands={0: "0/0 0/0 0/0 0/0"}, bouquets={0: "5/2 5/2"}, points={1: 4})
    play(state, "offer 0/0 to 1", "accept", "exchange")
    assert state.current_player() == TERMINAL and state.returns() == [1.0, 0.0, 0.0, 0.0]
    assert state.observation(2).winners == (0,)
    assert state.result_tags() == {"win_by": "ten-roses", "tie": "no"}


def test_reaching_5_charm_points_wins_at_once():
    state = position(hands={0: "0/0 0/0 0/0 0/0"}, bouquets={0: "3/1 3/0"}, points={0: 3, 2: 4})
    play(state, "offer 0/0 to 1", "accept", "exchange")
    assert state.points[0] == 5 and state.is_terminal() and state.returns() == [1.0, 0.0, 0.0, 0.0]
    assert state.result_tags() == {"win_by": "charm-points", "tie": "no"}


def test_keep_declines_the_exchange():
    state = position(hands={0: "0/0 0/0 0/0 0/0"}, bouquets={0: "3/1 3/0"})
    play(state, "offer 0/0 to 1", "accept", "keep")
    assert state.points[0] == 0 and state.bouquets[0] == cards("3/1 3/0")


def test_exchange_only_for_the_turn_player_once_after_the_date():
    state = position(hands={0: "0/0 0/0 0/0 0/0"}, bouquets={0: "3/1 3/0", 1: "5/2 5/2"})
    with pytest.raises(IllegalActionError, match="after the date") as e:  # before the date
        state.apply(EXCHANGE)
    assert "RC-4" in e.value.rule
    play(state, "offer 0/0 to 1")
    assert state.legal_actions() == [ACCEPT, REFUSE]  # the receiver (10 roses) cannot exchange
    with pytest.raises(IllegalActionError, match="only the turn player"):
        state.apply(EXCHANGE)
    play(state, "accept")
    assert state.current_player() == 0 and state.legal_actions() == [EXCHANGE, KEEP]
    play(state, "keep")
    with pytest.raises(IllegalActionError, match="at most once"):  # the chance of it has passed
        state.apply(EXCHANGE)
    state.apply(state.sample_chance())
    assert state.current_player() == 1 and EXCHANGE not in state.legal_actions()  # seat 1: date first


# ---------------------------------------------------------------- End of the Game, RC-5
def test_deck_running_out_finishes_the_round_without_draws_then_most_points_wins():
    state = position(hands={1: "0/0 0/0 0/0 0/0"}, turn=1, start=0, deck="1/0",
                     points={0: 2, 1: 1, 2: 3, 3: 0})
    play(state, "offer 0/0 to 0", "accept", "draw 1/0 for 1")
    assert state.deck == [] and state.last_round and state.observation(None).last_round
    play(state, f"offer {state.hands[2][0]} to 0", "refuse")  # seat 2 plays, no draw
    assert len(state.hands[2]) == 3 and state.current_player() == 3
    play(state, f"offer {state.hands[3][0]} to 0", "refuse")  # seat 3, before the start player
    assert state.is_terminal() and state.returns() == [0.0, 0.0, 1.0, 0.0]


def test_tie_on_most_points_makes_every_tied_player_a_winner():
    state = position(hands={3: "0/0 0/0 0/0 0/0"}, turn=3, start=0, deck="1/0",
                     points={0: 2, 1: 4, 2: 1, 3: 4})
    play(state, "offer 0/0 to 0", "accept", "draw 1/0 for 3")  # seat 3 drew the last card: round over
    assert state.is_terminal() and state.returns() == [0.0, 0.5, 0.0, 0.5]
    assert state.observation(0).winners == (1, 3)
    assert state.result_tags() == {"win_by": "deck-out", "tie": "yes"}


def test_exchange_in_the_last_round_still_counts():
    # the deck is already empty; seat 2 (before start player 0) plays the round's last turn
    state = position(players=3, hands={2: "0/0 0/0 0/0"}, bouquets={2: "2/0 2/0"}, turn=2, start=0,
                     deck="", points={0: 1})
    play(state, "offer 0/0 to 1", "accept", "exchange")
    assert state.is_terminal() and state.returns() == [0.5, 0.0, 0.5]


# ---------------------------------------------------------------- text forms and encoding
def test_text_forms_are_stable_and_unique_among_legal_actions():
    state = roses.load("rose-ceremony", players=5).new_initial_state(11)
    state.resolve_chance()
    texts = [str(a) for a in state.legal_actions()]
    assert len(texts) == len(set(texts))
    for t in texts:
        assert str(state.action_from_text(t)) == t


def test_encoding_round_trips_every_id():
    game = roses.load("rose-ceremony", players=4)
    assert game.num_distinct_actions() == 18 * 4 + 4
    for i in range(game.num_distinct_actions()):
        assert game.action_to_id(game.action_from_id(i)) == i
    assert game.action_to_id(Offer(Card(0, 0), 1)) == 1
    assert game.action_from_id(72) == ACCEPT and game.action_from_id(75) == KEEP
    with pytest.raises(ValueError):
        game.action_from_id(76)


# ---------------------------------------------------------------- Setup edge, RC-5
def test_a_deck_dealt_out_in_the_setup_makes_the_first_round_the_last():
    """RC-5 "When the last card is drawn, the current round is finished … with no further draws":
    a custom deck of exactly 4 × players cards is used up by the Setup, so each seat plays one turn
    from the start player round to the seat before it, nobody draws, and the charm-point tie (0–0)
    makes both players winners."""
    state = roses.load("rose-ceremony", players=2, deck=[[1, 0, 8]]).new_initial_state(0)
    for _ in range(8):
        state.apply(state.sample_chance())
    assert state.deck == [] and state.last_round and state.phase == "start"
    play(state, "start 1", "offer 1/0 to 0", "accept")
    assert state.current_player() == 0 and [len(h) for h in state.hands] == [4, 3]  # no draw
    play(state, "offer 1/0 to 1", "refuse")
    assert state.is_terminal() and [len(h) for h in state.hands] == [3, 3]
    assert state.returns() == [0.5, 0.5]
    assert state.result_tags() == {"win_by": "deck-out", "tie": "yes"}


# ---------------------------------------------------------------- docs/howto/rose-ceremony.md "Example"
def test_howto_example_anna_trades_six_roses_and_carlas_bouquet_wilts():
    """The how-to page's example (the rulebook has none), replayed: Anna = seat 0, Ben = 1, Carla = 2.

    Anna's bouquet 2/1 1/2 (3 roses, 3 thorns); Ben's has 4 thorns and he refuses her card, 3/0,
    which lands in her bouquet: 6 roses, 3 thorns, traded for 2 charm points, then she draws back to
    4. Ben offers Carla 2/3; she accepts, her bouquet goes from 3 thorns to 6 and wilts, all its
    cards to the discard pile."""
    state = position(3, hands={0: "3/0 0/0 0/0 0/0", 1: "2/3 0/0 1/0 1/0"},
                     bouquets={0: "2/1 1/2", 1: "3/3 0/1", 2: "3/3"}, turn=0, start=0)
    assert state.observation(None).bouquet_thorns == (3, 4, 3)
    play(state, "offer 3/0 to 1", "refuse")
    assert state.bouquets[0] == cards("2/1 1/2 3/0")
    assert state.observation(None).bouquet_roses[0] == 6 and state.observation(None).bouquet_thorns[0] == 3
    play(state, "exchange")
    assert state.points == [2, 0, 0] and state.bouquets[0] == []
    state.apply(state.sample_chance())                       # draws back up to 4 cards
    assert len(state.hands[0]) == 4 and state.current_player() == 1
    play(state, "offer 2/3 to 2", "accept")
    assert state.bouquets[2] == [] and state.discard[-2:] == cards("3/3 2/3")
    assert state.current_player() == CHANCE                  # Ben (3 roses) cannot exchange: he draws


# ---------------------------------------------------------------- edge cases (second rules audit)
def test_deck_running_out_on_the_start_players_draw_leaves_the_whole_round_to_play():  # RC-5
    """"The players finish the round": the start player (seat 0) draws the last card, so seats 1, 2
    and 3 each still play one turn, without drawing, and the game ends after seat 3 (the seat
    before the start player); most charm points (seat 1, 3) wins."""
    state = position(hands={0: "0/0 0/0 0/0 0/0"}, turn=0, start=0, deck="1/0", points={1: 3, 2: 2})
    play(state, "offer 0/0 to 1", "accept", "draw 1/0 for 0")
    assert state.last_round and state.deck == [] and state.current_player() == 1
    for seat in (1, 2, 3):
        assert state.current_player() == seat and not state.is_terminal()
        play(state, f"offer {state.hands[seat][0]} to 0", "refuse")
        assert len(state.hands[seat]) == 3                  # no draw from the empty deck
    assert state.is_terminal() and state.returns() == [0.0, 1.0, 0.0, 0.0]
    assert state.result_tags() == {"win_by": "deck-out", "tie": "no"}


def test_five_charm_points_in_the_last_round_win_at_once_before_the_round_ends():  # End of the Game
    """"One of the players reaches 5 or more charm points. This player is immediately declared the
    winner": in the last round (deck empty), seat 1 exchanges 4 roses for its 5th point and wins
    at once, ahead of seat 0 (4 points); seats 2 and 3 do not play out the round."""
    state = position(hands={1: "0/0 0/0 0/0 0/0"}, bouquets={1: "2/0 2/0"}, turn=1, start=0, deck="",
                     points={0: 4, 1: 4})
    play(state, "offer 0/0 to 2", "accept", "exchange")
    assert state.is_terminal() and state.points == [4, 5, 0, 0]
    assert state.returns() == [0.0, 1.0, 0.0, 0.0]
    assert state.result_tags() == {"win_by": "charm-points", "tie": "no"}


def test_a_refused_card_that_wilts_the_offerers_bouquet_leaves_nothing_to_exchange():  # Go on a Date, RC-4
    """The date comes first, then its bouquet check, then the exchange: seat 0's bouquet had 4 roses
    (and 4 thorns); its refused 1/1 brings 5 thorns and wilts it, so no exchange is offered and
    seat 0 goes straight to the draw."""
    state = position(hands={0: "1/1 0/0 0/0 0/0"}, bouquets={0: "4/3 0/1"})
    play(state, "offer 1/1 to 1", "refuse")
    assert state.bouquets[0] == [] and state.discard == cards("4/3 0/1 1/1")
    assert state.current_player() == CHANCE and state.phase == "draw"
    with pytest.raises(IllegalActionError, match="needs 4 or more roses; the bouquet has 0"):
        state.apply(EXCHANGE)


def test_exchange_of_more_than_10_roses_wins_at_once_without_points():  # Exchange "10 or more roses"
    state = position(hands={0: "0/0 0/0 0/0 0/0"}, bouquets={0: "5/2 5/2 1/0"})
    assert state.observation(None).bouquet_roses[0] == 11
    play(state, "offer 0/0 to 1", "accept", "exchange")
    assert state.is_terminal() and state.returns() == [1.0, 0.0, 0.0, 0.0] and state.points == [0, 0, 0, 0]
    assert state.result_tags() == {"win_by": "ten-roses", "tie": "no"}


@pytest.mark.parametrize("bouquet,points", [("3/0 2/0", 1), ("4/1 3/0", 2), ("5/2 4/1", 3)])
def test_exchange_at_the_top_of_each_band_5_7_9_roses(bouquet, points):  # Exchange table
    """"4-5 roses: 1 … 6-7 roses: 2 … 8-9 roses: 3": the top of each band, played."""
    state = position(hands={0: "0/0 0/0 0/0 0/0"}, bouquets={0: bouquet})
    play(state, "offer 0/0 to 1", "accept", "exchange")
    assert state.points == [points, 0, 0, 0] and state.bouquets[0] == [] and not state.is_terminal()
