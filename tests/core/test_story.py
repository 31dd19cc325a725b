"""A finished game's story (``roses.core.story``, each game's ``story`` module; issue 42): why the
game ended and the standings, in plain sentences, told from the spectator's observation only.
Every game of the registry, whole seeded games, and the worked endings of each game."""
from __future__ import annotations

import re

import pytest

from roses.agents import Turn, make_agent
from roses.core import available_games, get_spec, load
from roses.core.plain import engine_syntax
from roses.core.story import ordinal, story

NAMES = ["Ivy", "Rowan", "", "Juniper", "Hazel", "Willow", "Fern", "Moss", "Sage", "Wren"]


def finished(game: str, players: int, seed: int, bot: str = "random"):
    """A whole game of ``bot`` on every seat (seats' seeds ``seed * 7 + seat``)."""
    g = load(game, players=players)
    state = g.new_initial_state(seed)
    agents = [make_agent(bot, g, seed * 7 + s) for s in range(players)]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance())
        else:
            state.apply(agents[state.current_player()].act(Turn.of(state, ())))
    return state


def seat_counts(game: str) -> list[int]:
    spec = get_spec(game)
    return sorted({spec.min_players, min(spec.max_players, spec.min_players + 2)})


CASES = [(g, n, seed, bot) for g in available_games() for n in seat_counts(g)
         for seed, bot in ((0, "random"), (1, "random"), (2, "heuristic"))]


@pytest.mark.parametrize("game,players,seed,bot", CASES)
def test_every_story_is_plain_and_names_seats_by_name(game, players, seed, bot):
    """Every line is a plain sentence (no engine syntax); a named seat is always called by its
    name; "Seat N" is counted from 1 and only for the seat without a name (the 3rd); every
    winner is named in the story."""
    state = finished(game, players, seed, bot)
    names = NAMES[:players]
    lines = story(state, names)
    assert lines, (game, players, seed)
    for line in lines:
        assert line[:1].isupper() and line.endswith((".", "!", "?")), line
        assert engine_syntax(line) == [], (line, engine_syntax(line))
        for m in re.finditer(r"\b[Ss]eats? (\d+)", line):
            assert int(m.group(1)) == 3 and players >= 3, line  # only the unnamed 3rd seat
    text = " ".join(lines)
    for s, r in enumerate(state.returns()):
        if r > 0 and players > 1:
            assert (names[s] or f"Seat {s + 1}") in text, (s, lines)
    # without names, every seat is "Seat N" counted from 1
    for line in story(state, None):
        for m in re.finditer(r"\bSeat (\d+)", line):
            assert 1 <= int(m.group(1)) <= players, line


def test_no_story_before_the_end():
    state = load("roses-and-thorns", players=3).new_initial_state(0)
    assert story(state, NAMES[:3]) is None


def test_the_story_reads_only_the_spectators_view():
    """The game's story hook is given the spectator's observation (JSON) and the result tags, not
    the state: two finished games told apart only by hidden cards tell the same story."""
    state = finished("roses-and-thorns", 3, 0)
    spec = state.game.spec
    from roses.core import to_jsonable
    lines = spec.tell_story(to_jsonable(state.observation(None)), NAMES[:3], dict(state.result_tags()))
    assert [x if x.endswith(".") else x + "." for x in lines] == story(state, NAMES[:3])


def test_roses_and_thorns_last_player_standing():
    """3 random seats, seed 3: Seat 3 bids 2, turns up its own thorn first and, on its last card,
    is out; Rowan is the last with cards (§3.4, §4, §5)."""
    state = finished("roses-and-thorns", 3, 3)
    assert state.result_tags() == {"win_by": "last-standing"}
    assert story(state, NAMES[:3]) == [
        "Seat 3 bid 2 and turned up their own thorn on the 1st card, lost their last card and is out.",
        "Rowan is the last player with cards and wins.",
        "Markers: Rowan with none; out of cards: Ivy and Seat 3.",
    ]


def test_roses_and_thorns_second_challenge():
    state = finished("roses-and-thorns", 4, 0, "heuristic")
    assert state.result_tags() == {"win_by": "second-challenge"}
    assert story(state, NAMES[:4]) == [
        "Juniper bid 4 and turned up 4 roses without a thorn: a second successful challenge wins the game.",
        "Markers: Juniper with 2, Ivy with 1, Rowan with 1, Seat 3 with none.",
    ]


def test_rose_ceremony_endings():
    tie = finished("rose-ceremony", 3, 0, "heuristic")
    assert story(tie, NAMES[:3]) == [
        "The deck ran out and Ivy, Rowan and Seat 3 share the win with 4 charm points each.",
        "Charm points: Ivy with 4, Rowan with 4, Seat 3 with 4.",
    ]
    five = finished("rose-ceremony", 2, 0)
    assert story(five, NAMES[:2]) == [
        "Rowan exchanged a bouquet of 8 roses and reached 7 charm points: 5 charm points win at once.",
        "Charm points: Rowan with 7, Ivy with 2.",
    ]


def test_blades_and_rose_names_who_still_held_faction_cards_at_the_last_crystal():
    """FAQ Q12: when every crystal is placed, the White Rose Faction wins only if it has played all
    its White Rose and Flower Bud cards. The end screen said only "still hold ... cards"; the
    story names who held which (shown once the game is over: ``held_at_end``)."""
    state = finished("blades-and-rose", 6, 27)
    obs = state.observation(None)
    assert obs.held_at_end and state.winner == "Blood Blades"
    lines = story(state, NAMES[:6])
    assert lines[0].startswith("When the last crystal was placed, "), lines
    for seat, cards in obs.held_at_end:
        assert f"{NAMES[seat] or f'Seat {seat + 1}'} still held " in lines[0], lines
        assert state.roles[seat] in ("White Rose", "Bishop", "Believer")
    assert lines[0].endswith("so the Blood Blades win."), lines
    # before the end nobody's remaining cards are shown
    early = load("blades-and-rose", players=6).new_initial_state(27)
    assert early.observation(None).held_at_end == ()


def test_blades_and_rose_white_rose_killed_names_its_holder():
    state = finished("blades-and-rose", 5, 0, "heuristic")
    assert story(state, NAMES[:5])[0] == (
        "In round 5 the White Rose (Juniper) was revealed beside a Double Knife: the White Rose was killed "
        "and the Blood Blades win.")


def test_rare_roses_solo_and_seats():
    solo = finished("rare-roses", 1, 0, "heuristic")
    lines = story(solo, ["Ivy"])
    assert re.fullmatch(r"The last order card was drawn: the shop ends with \$\d+ from \d+ orders filled\.", lines[0])
    assert lines[1] == "With 20 orders, a good score is around $90 and a great one is over $120."
    shop = finished("rare-roses", 3, 0, "heuristic")
    money = [int(x) for x in shop.scores()]
    lines = story(shop, NAMES[:3])
    best = max(range(3), key=lambda s: money[s])
    assert lines[1] == f"{NAMES[best] or 'Seat 3'} has the most money, ${money[best]}, and wins."
    assert lines[2].startswith("Money: ") and all(f"${m}" in lines[2] for m in money)


def test_ordinal():
    assert [ordinal(k) for k in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st"]
