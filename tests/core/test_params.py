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
    ({"players": "four"}, "not a valid int"),
    ({"players": True}, "not a valid int"),
    ({"quick_game": "maybe"}, "not a valid bool"),
    ({"mode": "c"}, "not one of"),
    ({"colour": "red"}, "unknown parameter"),
])
def test_bad_values_name_the_parameter(given, fragment):
    with pytest.raises(GameParameterError) as e:
        resolve(PARAMS, given)
    assert fragment in str(e.value)
    assert e.value.name == next(iter(given))
