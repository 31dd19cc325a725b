"""Issue 42 ("The game's story"), the parts the server answers: every game's bots have distinct
plain labels (Rare Roses had two "Search" bots in its seat menus)."""
from __future__ import annotations

from roses.core import available_games, get_spec
from roses.server.seating import bot_level
from roses.agents.labels import bot_label, bot_names

from .test_server_api import create, view


def test_every_games_bot_labels_are_distinct(client):
    """Regression: Rare Roses' seat menus (lobby and host) offered "Bot — Search" twice: the
    generic search bot (``ismcts``) and the game's own ``search``, labelled alike; its seats were
    both named "Hazel (search bot)"."""
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(games) == set(available_games())
    for name, g in games.items():
        labels = [g["bot_labels"][b] for b in g["bots"]]
        assert len(set(labels)) == len(labels), (name, labels)
        levels = [bot_level(b, name) for b in g["bots"]]  # "Hazel (look-ahead bot)"
        assert len(set(levels)) == len(levels), (name, levels)
        assert all(label and "_" not in label and ":" not in label for label in labels), (name, labels)
    rr = games["rare-roses"]["bot_labels"]
    assert rr["ismcts"] == "Search" and rr["search"] == "Look-ahead"
    assert bot_label("search", get_spec("rare-roses")) == "Look-ahead"
    assert [bot_label(b, get_spec(n)) for n in games for b in bot_names(get_spec(n))]  # every bot has one


def test_a_rare_roses_look_ahead_bot_is_named_so_at_the_table(client):
    made = create(client, "rare-roses", ["human", "search", "ismcts"], bot_delay_ms=60000)
    seats = view(client, made["table_id"])["seats"]
    assert seats[1]["name"].endswith("(look-ahead bot)") and seats[1]["bot_label"] == "Look-ahead", seats
    assert seats[2]["name"].endswith("(search bot)") and seats[2]["bot_label"] == "Search", seats
