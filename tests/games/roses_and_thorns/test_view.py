"""The terminal view: status lines name the reader's own seat as the log does ("seat 0 (you)")."""
from rich.console import Console

from roses.games.roses_and_thorns.view import render

from .helpers import new, play


def _text(obs) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(render(obs))
    return console.export_text()


def _line(text: str, start: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(start))


def test_status_lines_name_the_own_seat_you_and_spectators_read_numbers():
    s = new(3, start=0)
    s.markers[0] = 1
    play(s, "lay rose", "lay rose", "lay rose", "bid 2")
    assert _line(_text(s.observation(0)), "Cards on the table") == "Cards on the table: 3   High bid: 2 by Seat 1 (you)"
    for reader in (1, None):
        assert _line(_text(s.observation(reader)), "Cards on the table") == "Cards on the table: 3   High bid: 2 by Seat 1"
    play(s, "pass", "pass", "flip 1")             # seat 0 turns up two roses: its second marker
    assert s.winner == 0
    # The winner is the end line's, said once under the table (the view said it too: twice).
    from roses.core.plain import end_text
    assert "wins" not in _text(s.observation(0)) and "wins" not in _text(s.observation(None))
    # A finished game shows no live bid (it read "High bid: 2 by Seat 1" under "Game over"), as
    # the browser table does not
    over = _text(s.observation(None))
    assert _line(over, "Cards on the table") == "Cards on the table: 3" and "high bid" not in over
    assert end_text(s, 0) == "Game over. Winner: Seat 1 (you) — you win!"  # seats counted from 1
    assert end_text(s, 2) == "Game over. Winner: Seat 1 — you lose." and end_text(s, None) == "Game over. Winner: Seat 1"


def test_the_title_says_what_the_table_does_not_the_engine_phase():
    """Regression: the title read "Roses and Thorns — round 1, lay-first" (then "add", "flip",
    "over"): the engine's phase names."""
    s = new(3, start=0)
    s.markers[0] = 1  # one more successful challenge wins
    assert "Roses and Thorns — round 1: everyone lays a first card" in _text(s.observation(0))
    play(s, "lay rose", "lay rose", "lay rose")
    assert "Roses and Thorns — round 1: add a card or bid" in _text(s.observation(0))
    play(s, "bid 2", "pass", "pass")
    flipping = _text(s.observation(0))
    assert "Roses and Thorns — round 1: turning up cards" in flipping and "flip" not in flipping
    play(s, "flip 1")
    assert s.winner == 0
    over = _text(s.observation(None))
    assert "Roses and Thorns — round 1: game over" in over
    for text in (flipping, over):
        assert ", lay-first" not in text and ", add" not in text and ", over" not in text


def test_a_60_column_terminal_shows_every_header_and_flag_whole():
    """Regression: at 60 columns, with six seats and a challenge under way, the table cut its
    "markers" header to "mark…" and the challenger's flags to "chall…": the stack is now one
    column (face-down cards, then the turned-up ones)."""
    s = new(6, start=0)
    s.markers[2] = 1
    play(s, *["lay rose"] * 6, "bid 6")  # the highest bid: the challenge starts, with its own stack
    console = Console(width=60, record=True, color_system=None)
    console.print(render(s.observation(0)))
    narrow = console.export_text()
    assert "…" not in narrow, narrow
    assert "┃ seat    ┃ cards ┃ hand ┃ stack  ┃ markers ┃" in narrow, narrow
    text = " ".join(narrow.replace("│", " ").split())
    assert "1 (you) 4 3 ♥ rose to move, high bid 6, challenger" in text, text
    assert "3 4 3 ▮ ★" in text, text  # a face-down card, and seat 2's marker
