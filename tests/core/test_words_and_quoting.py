"""Messages: counted nouns ("1 player", "3 players") and parameter values quoted only in part."""
import pytest

import roses
from roses.core import GameParameterError, get_spec
from roses.core.errors import quoted
from roses.core.words import counted

from ..registry import case, every_table


def test_counted_pluralises_unless_one():
    assert [counted(k, "order") for k in (0, 1, 2)] == ["0 orders", "1 order", "2 orders"]
    assert counted(1, "player") == "1 player" and counted(2.5, "point") == "2.5 points"
    assert counted(1000000, "card") == "1000000 cards" and counted(2, "ox", "oxen") == "2 oxen"


def test_quoted_cuts_long_values():
    assert quoted("abc") == "'abc'"
    long = quoted("x" * 1000)
    assert len(long) == 81 and long.endswith("…") and long.startswith("'xxx")


def test_a_huge_bad_parameter_value_is_quoted_in_part():
    with pytest.raises(GameParameterError) as e:
        roses.load("roses-and-thorns", start_player="root:x:0:0\n" + "y" * 5000)
    assert str(e.value).startswith("parameter 'start_player': 'root:x:0:0\\nyyy")
    assert str(e.value).endswith("… is not a whole number") and len(str(e.value)) < 130


def test_rose_ceremony_deck_size_message_counts_one_card():
    with pytest.raises(GameParameterError, match="the deck has 1 card; dealing needs at least 8"):
        roses.load("rose-ceremony", players=3, deck=[[1, 0, 1]])


def test_score_format_and_solo_goal():
    rr = get_spec("rare-roses")
    assert rr.format_score(87.0) == "$87" and "a good score is around $90" in rr.solo_goal
    rt = get_spec("roses-and-thorns")
    assert rt.format_score(2.0) == "2" and rt.solo_goal == ""


@pytest.mark.parametrize("roses_in_bouquet,words", [
    (4, "Exchange your bouquet of 4 roses for 1 charm point"),  # was "1 charm points"
    (1, "Exchange your bouquet of 1 rose for 0 charm points"),  # was "1 roses"
    (7, "Exchange your bouquet of 7 roses for 2 charm points"),
])
def test_rose_ceremony_exchange_words_count_roses_and_charm_points(roses_in_bouquet, words):
    spec = get_spec("rose-ceremony")
    obs = {"seat": 1, "bouquet_roses": [0, roses_in_bouquet, 0]}
    assert spec.describe_action(obs, "exchange") == words


def test_menu_words_count_one_card_and_one_rose():
    rt = get_spec("roses-and-thorns")
    assert rt.describe_action({"cards_on_table": 1}, "bid 1") == "Bid 1 (of 1 card on the table)"
    assert rt.describe_action({"cards_on_table": 4}, "bid 2") == "Bid 2 (of 4 cards on the table)"
    assert rt.describe_action({}, "bid 2") == "Bid 2 (of ? cards on the table)"


# every game at its default table, and Rare Roses solo as well: the solo game (the Lone Florist)
# has rules of its own (RR-10), so its own chance outcomes
@pytest.mark.parametrize("name,players", [*every_table(), case("rare-roses", 1)])
def test_every_chance_outcome_is_worded_with_seats_by_name(name, players):
    """`roses replay --reveal` printed chance outcomes as engine text ("Chance: start 3", "deal 3/1
    to 2"), seats counted from 0; each game words them now, seats counted from 1."""
    import random
    import re

    import roses

    game = roses.load(name, players=players)
    kinds = set()
    for seed in range(4):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance()
                text = str(action)
                words = game.spec.describe_outcome(text)
                assert words != text and words[:1].isupper(), (text, words)
                assert not re.search(r"\bseat \d", words) and not re.search(r"\d+/\d+", words), words
                for seat in re.findall(r"(?:seat |to |for |start )(\d+)$|seat (\d+)", text):
                    n = int(next(s for s in seat if s))
                    assert f"Seat {n + 1}" in words, (text, words)
                kinds.add(text.split()[0])
                state.apply(action)
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
    assert kinds  # every game has chance outcomes
