"""Typed parameters: coercion from strings, bounds, unknown names."""
import pytest

from roses.core import GameParameterError, Param
from roses.core.params import resolve

PARAMS = (
    Param("players", int, 4, "seats", min=3, max=10),
    Param("quick_game", bool, False, "one challenge wins"),
    Param("start_player", int, None, "fixed first seat", min=0),
    Param("mode", str, "a", "a mode", choices=("a", "b")),
)


def test_defaults_fill_missing_values():
    assert dict(resolve(PARAMS, {})) == {"players": 4, "quick_game": False, "start_player": None, "mode": "a"}


@pytest.mark.parametrize("text,value", [("true", True), ("off", False), ("1", True)])
def test_bool_from_text(text, value):
    assert resolve(PARAMS, {"quick_game": text})["quick_game"] is value


def test_int_from_text_and_random_means_unset():
    assert resolve(PARAMS, {"players": "7"})["players"] == 7
    assert resolve(PARAMS, {"start_player": "random"})["start_player"] is None


@pytest.mark.parametrize("given,fragment", [
    ({"players": 11}, "above the maximum 10"),
    ({"players": 2}, "below the minimum 3"),
    ({"players": "four"}, "is not a whole number"),
    ({"players": True}, "is not a whole number"),
    ({"quick_game": "maybe"}, "is not true or false"),
    ({"mode": "c"}, "not one of"),
    ({"colour": "red"}, "unknown parameter"),
])
def test_bad_values_name_the_parameter(given, fragment):
    with pytest.raises(GameParameterError) as e:
        resolve(PARAMS, given)
    assert fragment in str(e.value)
    assert e.value.name == next(iter(given))


@pytest.mark.parametrize("game,seat", [("roses-and-thorns", 8), ("rose-ceremony", 3), ("rare-roses", -1)])
def test_a_start_player_not_at_the_table_is_refused_counting_seats_from_1_for_players(game, seat):
    """The lobby showed "parameter 'start_player': seat 8 does not exist with 3 players (seats
    0..2)" for its "Seat 9": a player reads the seats counted from 1 (``plain``); the command
    line, where the parameter is given counted from 0, reads what to give and what it means."""
    import roses

    with pytest.raises(GameParameterError) as e:
        roses.load(game, players=3, start_player=seat)
    assert e.value.name == "start_player"
    assert e.value.plain == e.value.for_player == "The start player must be one of the 3 seats: Seat 1 to Seat 3, given as 0 to 2."
    assert str(e.value) == (f"parameter 'start_player': {seat} is not a seat of a 3-player game: give 0 to 2 "
                            "(counted from 0: 0 is Seat 1)")
    assert roses.load(game, players=3, start_player=2).params["start_player"] == 2


def test_other_parameter_errors_are_for_players_as_they_are():
    with pytest.raises(GameParameterError) as e:
        resolve(PARAMS, {"players": 11})
    assert e.value.plain is None and e.value.for_player == str(e.value)


PRICES = (Param("players", int, 2, "seats"),
          Param("prices", object, {"rainbow": 2, "striped-dragon": 3}, "prices", check=lambda v: None
                if all(isinstance(p, int) and p >= 0 for p in v.values()) else "whole dollars"),
          Param("rounds", int, 3, "rounds"))


def test_name_dot_key_sets_one_entry_of_a_mapping_over_its_default_or_the_given_one():
    # a designer sweeps one rose's price: market_prices.rainbow=2..4
    assert resolve(PRICES, {"prices.rainbow": "4"})["prices"] == {"rainbow": 4, "striped-dragon": 3}
    assert resolve(PRICES, {"prices.striped-dragon": 5})["prices"] == {"rainbow": 2, "striped-dragon": 5}
    given = {"prices": '{"rainbow": 1, "striped-dragon": 1}', "prices.rainbow": "7"}
    assert resolve(PRICES, given)["prices"] == {"rainbow": 7, "striped-dragon": 1}
    assert PRICES[1].default == {"rainbow": 2, "striped-dragon": 3}  # the default is not changed


@pytest.mark.parametrize("given,name,fragment", [
    ({"prices.pink": "1"}, "prices.pink", "unknown entry; known: ['rainbow', 'striped-dragon']"),
    ({"rounds.first": "1"}, "rounds.first", "rounds has no named entries"),
    ({"seasons.first": "1"}, "seasons.first", "unknown parameter"),
    ({"prices.rainbow": "-1"}, "prices", "whole dollars"),  # the mapping's own check still runs
])
def test_name_dot_key_refusals_name_the_entry(given, name, fragment):
    with pytest.raises(GameParameterError) as e:
        resolve(PRICES, given)
    assert e.value.name == name and fragment in str(e.value)
