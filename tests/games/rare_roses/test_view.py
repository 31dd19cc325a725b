"""The terminal view: status lines name the reader's own seat as the log does ("your turn",
"seat 0 (you)"); a spectator's are unchanged."""
from __future__ import annotations

from rich.console import Console

from roses.games.rare_roses.view import render

from .helpers import do, new_game, set_shop, to_purchase


def _text(obs) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(render(obs))
    return console.export_text()


def test_status_lines_name_the_own_seat_you_and_spectators_read_numbers():
    s = new_game(3, seed=9)
    to_purchase(s)
    set_shop(s, 2, "fresh", black=1)
    do(s, "offer 2 take black/fresh pay 5")       # seat 0 proposes a deal to seat 2
    mine, theirs, spectator = (_text(s.observation(t)) for t in (0, 2, None))
    assert "Rare Roses — phase respond · your turn · you are seat 0" in mine
    assert "deal on the table: seat 0 (you) proposes to seat 2: offer 2 take black/fresh pay 5" in mine
    assert "phase respond · seat 0's turn · you are seat 2" in theirs
    assert "deal on the table: seat 0 proposes to seat 2 (you): offer 2 take black/fresh pay 5" in theirs
    assert "phase respond · seat 0's turn" in spectator and "(you)" not in spectator
    assert "│ ▶ 0 (you) " in mine and "│ 2 (you) " in theirs   # the shops table
