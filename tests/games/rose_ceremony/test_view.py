"""The terminal view and the observation's JSON form (what the browser table draws from)."""
from __future__ import annotations

import json

from rich.console import Console

import roses
from roses.core import to_jsonable
from roses.games.rose_ceremony.view import render

from .helpers import play, position


def _text(obs) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(render(obs))
    return console.export_text()


def test_view_shows_own_hand_bouquets_sums_points_deck_and_pending_offer():
    state = position(hands={0: "3/1 2/2 0/0 0/0"}, bouquets={1: "4/1 3/2"}, points={1: 2})
    play(state, "offer 3/1 to 2")
    mine = _text(state.observation(0))
    assert "3✿1♠ 2✿2♠" not in mine  # 3/1 left the hand face down
    assert "0✿0♠ 0✿0♠ 2✿2♠" in mine and "4✿1♠ 3✿2♠" in mine and "2 ♥♥" in mine  # no "3/1": plain words
    assert f"deck {len(state.deck)}" in mine and "discard 0" in mine
    # Status lines name the reader's own seat as the log does ("Seat 1 (you)", "your turn"),
    # seats counted from 1.
    assert "Offer pending: Seat 1 (you) offers 3✿1♠ to Seat 3\n" in mine
    # The header names the seat to move: the receiver answers the offer (it said "Seat 1's turn
    # (respond)" to the receiver, whose move it was, and "your turn (respond)" to the offerer).
    assert "Seat 3's turn: accept or refuse your card" in mine and "your turn" not in mine
    theirs = _text(state.observation(2))
    assert "Seat 1 offers a face-down card to Seat 3 (you)" in theirs and "3✿1♠" not in theirs
    assert "Your turn: accept or refuse Seat 1's card" in theirs and "Seat 1's turn" not in theirs
    spectator = _text(state.observation(None))
    assert "Offer pending: Seat 1 offers a face-down card to Seat 3\n" in spectator and "(you)" not in spectator
    assert "Seat 3's turn: accept or refuse Seat 1's card" in spectator
    assert "3 cards" in theirs  # seat 0's hand size, not its cards


def test_the_header_names_the_seat_to_move_and_what_it_does():
    state = position(3, hands={0: "3/1 2/2 0/0 0/0"}, bouquets={0: "4/1"})
    assert "\nYour turn: offer a card to another player\n" in _text(state.observation(0))
    assert "\nSeat 1's turn: offer a card to another player\n" in _text(state.observation(1))
    play(state, "offer 0/0 to 1", "accept")
    assert state.phase == "exchange"
    assert "\nYour turn: exchange the bouquet or keep it\n" in _text(state.observation(0))
    assert "\nSeat 1's turn: exchange the bouquet or keep it\n" in _text(state.observation(None))


def test_view_leaves_the_winners_to_the_end_line_once_over():
    state = position(hands={0: "0/0 0/0 0/0 0/0"}, bouquets={0: "5/2 5/2"})
    play(state, "offer 0/0 to 1", "accept", "exchange")
    # The winners are the end line's, said once under the table (the view said them too: twice).
    from roses.core.plain import end_text
    assert "Game over" not in _text(state.observation(None)) and "win" not in _text(state.observation(0))
    assert end_text(state, None) == "Game over. Winner: Seat 1"
    assert end_text(state, 0) == "Game over. Winner: Seat 1 (you) — you win!"
    assert end_text(state, 1) == "Game over. Winner: Seat 1 — you lose."
    # nobody is to move: no "▶ to move" legend once over (a tester saw it after the game)
    assert "to move" not in _text(state.observation(1))
    assert "▶ to move" in _text(roses.load("rose-ceremony", players=3).new_initial_state(1).observation(None))


def test_spec_render_and_json_observation():
    game = roses.load("rose-ceremony", players=3)
    state = game.new_initial_state(2)
    state.resolve_chance()
    data = json.loads(json.dumps(to_jsonable(state.observation(1))))
    assert data["seat"] == 1 and len(data["hand"]) == 4 and set(data["hand"][0]) == {"roses", "thorns"}
    assert data["deck_size"] == 42 and data["pending_offer"] is None and data["returns"] is None
    assert game.spec.renderer() is render


def test_the_discard_pile_says_when_it_shows_only_its_top_cards():
    """Regression: the header said "discard 24" and the line under the table "discard pile (top
    last): ..." listed 10 cards, with no word that 14 were left out."""
    state = position(deck="0/0 0/0")  # the cards neither dealt nor in the deck: the discard pile
    n = len(state.discard)
    assert n > 10
    line = next(x for x in _text(state.observation(0)).splitlines() if x.startswith("discard pile"))
    assert line.startswith(f"discard pile (the top 10 of {n}, top last): ")
    assert line.split(": ", 1)[1].split() == [f"{c.roses}✿{c.thorns}♠" for c in state.discard[-10:]]
    del state.discard[3:]  # a pile of 3 cards: all shown, nothing to say
    line = next(x for x in _text(state.observation(0)).splitlines() if x.startswith("discard pile"))
    assert line.startswith("discard pile (top last): ") and len(line.split(": ", 1)[1].split()) == 3
