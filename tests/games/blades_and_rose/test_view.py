"""The terminal view draws the observation (and only it)."""
from __future__ import annotations

from rich.console import Console

from roses.games.blades_and_rose import SPEC
from roses.games.blades_and_rose.cards import BELIEVER, BISHOP, DARK_KNIFE, DOUBLE_KNIFE, WHITE_ROSE
from roses.games.blades_and_rose.view import render

from .helpers import A, B, E, deal, play_round


def _text(obs) -> str:
    console = Console(width=120, record=True)
    console.print(render(obs))
    return console.export_text()


def test_render_shows_own_secrets_and_the_board_only():
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6, 2, 3, 4, 5], coin=E)
    play_round(s, A, {B: BISHOP})
    assert SPEC.renderer() is render
    mine = _text(s.observation(B))
    assert "Bishop (White Rose Faction)" in mine and "Sacrifice (1 of 4 buds)" in mine
    other = _text(s.observation(A))
    assert "White Rose (White Rose Faction)" in other and "Dark Knife" not in other


def test_status_lines_name_the_own_seat_you_and_spectators_read_numbers():
    """The current round's line and the rounds' seat lists mark the reader's own seat as the seats
    table does ("1 (you)", "seat 1 (you)"); another seat and a spectator read plain numbers."""
    from roses.games.blades_and_rose.actions import GiveCoin

    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6, 2, 3, 4, 5], coin=E)
    play_round(s, A, {B: BISHOP})
    s.apply(GiveCoin(B))                     # round 2: seat 1 places its crystal #2 (Unshuffled)
    mine = _text(s.observation(B))
    # Seats counted from 1, as players count (the engine's seat 1 is "2").
    assert f"Round 2: Seat {B + 1} (you) placed #2 Unshuffled; order {B + 1} (you) 3 4 5 1" in mine
    assert f"R1: coin {E + 1}→{A + 1}, #6 Last to play; played: {B + 1} (you);" in mine
    theirs, spectator = _text(s.observation(A)), _text(s.observation(None))
    assert f"Round 2: Seat {B + 1} placed #2 Unshuffled; order {B + 1} 3 4 5 {A + 1} (you)" in theirs
    assert f"Round 2: Seat {B + 1} placed #2 Unshuffled; order {B + 1} 3 4 5 {A + 1}" in spectator
    assert f"R1: coin {E + 1}→{A + 1} (you), #6 Last to play; played: {B + 1};" in theirs
    assert f"R1: coin {E + 1}→{A + 1}, #6 Last to play; played: {B + 1};" in spectator and "(you)" not in spectator


def test_a_crystal_target_menu_keeps_the_effect_name_as_the_book_prints_it():
    """Regression: the menu read "Crystal 7 (ghost) on Seat 2" and "Crystal 5 (bind two players)
    on Seat 2, Seat 4": capitalising the line lowercased the effect's name after its first letter."""
    from roses.games.blades_and_rose.words import describe

    assert describe({}, "#7 on seat 1") == "Crystal 7 (Ghost) on Seat 2"
    assert describe({}, "#5 on seat 1 and seat 3") == "Crystal 5 (Bind two players) on Seat 2 and Seat 4"  # the engine's text
    assert describe({}, "#1 on seat 0") == "Crystal 1 (Must play) on Seat 1"


def test_the_header_says_what_the_table_does_not_the_engine_phase():
    """Regression: the header read "Blades & Rose — 5 players — phase play  |  you: seat 2, ..."
    (the engine's phase name, and "seat" in lower case where every other line says "Seat 2")."""
    s = deal([WHITE_ROSE, BISHOP, BELIEVER, DOUBLE_KNIFE, DARK_KNIFE], [6, 2, 3, 4, 5], coin=E)
    head = _text(s.observation(B)).splitlines()[1]
    assert "Blades & Rose — 5 players — the coin is given  |  you: Seat 2, Bishop (White Rose Faction)" in head
    assert "phase" not in head
