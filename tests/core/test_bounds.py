"""Bad input stays small: parameter bounds (a web request must not build a huge game) and short
error messages. Regressions from a tester who froze the server with a 100-million-card deck."""
import pytest

import roses
from roses.core import GameParameterError, IllegalActionError


@pytest.mark.parametrize("game,params,name", [
    ("rose-ceremony", {"deck": [[5, 3, 100_000_000]]}, "deck"),
    ("rose-ceremony", {"deck": [[99, 1, 60]]}, "deck"),
    ("rare-roses", {"market_prices": {"rainbow": 10**30, "juliet": 2, "striped-dragon": 3, "osira": 3,
                                      "blue": 4, "black": 5}}, "market_prices"),
    ("rare-roses", {"order_deck": [{"id": i, "roses": [["blue", "bud"]], "fill": 1, "match": 2} for i in range(501)]},
     "order_deck"),
    ("blades-and-rose", {"death_limit": 10**9}, "death_limit"),
    ("blades-and-rose", {"sacrifice_target": 10**9}, "sacrifice_target"),
    ("blades-and-rose", {"crystals": [1] * 51}, "crystals"),
])
def test_oversized_parameters_are_refused(game, params, name):
    with pytest.raises(GameParameterError) as e:
        roses.load(game, **params)
    assert e.value.name == name


def test_illegal_action_messages_never_echo_huge_input():
    state = roses.load("roses-and-thorns", players=3).new_initial_state(1)
    with pytest.raises(IllegalActionError) as e:
        state.action_from_text("x" * 1_000_000)
    assert len(str(e.value)) < 2000 and e.value.action.endswith("…")
