"""Plain words on the table page (issue 14): the page text of each game's table, mid-game and at
its end, with every log group opened, carries no engine syntax (``roses.core.plain.ENGINE_SYNTAX``:
ruling ids, "§", action syntax, raw fractions such as "2/0", seats counted from 0, ...); the log is
grouped by round or turn with the dealing folded; screenshots of each table go to ``docs/img/``.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

try:
    from .browser_fixtures import (  # noqa: F401 - fixtures are used by name
        browser, create_table, game_available, live_server, new_page, open_one_human_table, play_to_end,
    )
except ImportError:
    from browser_fixtures import (  # type: ignore[no-redef]  # noqa: F401
        browser, create_table, game_available, live_server, new_page, open_one_human_table, play_to_end,
    )

from roses.core.plain import engine_syntax

pytestmark = pytest.mark.browser

DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
GAMES = {"roses-and-thorns": 4, "rose-ceremony": 3, "rare-roses": 2, "blades-and-rose": 5}
SEED = 20261201

OPEN_ALL = "() => { for (const d of document.querySelectorAll('#log details')) d.open = true; }"


def _scan(page) -> list[str]:
    page.evaluate(OPEN_ALL)
    text = page.evaluate("() => document.body.innerText")
    return [f"{name}: {line.strip()[:140]}" for line in text.splitlines() for name in engine_syntax(line)]


@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_reads_in_plain_words(game, live_server, browser):
    reason = game_available(game)
    if reason:
        pytest.skip(reason)
    players = GAMES[game]
    errors: list[str] = []
    page = new_page(browser, errors, width=1280, height=900)
    open_one_human_table(page, live_server, game, players, SEED)
    found: list[str] = []
    shot: dict[str, bool] = {}

    def before(p, moves):
        # The mid-game picture at the seat's 5th decision; also at its 1st, as a Blades & Rose seat
        # may decide only two or three times in a game.
        if moves in (0, 4):
            if not shot:
                found.extend(_scan(p))
            shot["mid"] = True
            p.screenshot(path=str(DOCS_IMG / f"{game}-table.png"), full_page=True)

    DOCS_IMG.mkdir(parents=True, exist_ok=True)
    play_to_end([page], random.Random(7), before_move=before)
    if not shot:
        found.extend(_scan(page))
    found.extend(_scan(page))
    assert not found, found
    # The log is grouped: the latest group open, a title per round or turn.
    titles = page.locator("#log li.log-group > details > summary .log-title").all_inner_texts()
    assert len(titles) >= 2, titles
    assert all(t == "Setup" or re.match(r"(Round \d+|.+'s turn|Your turn)$", t) for t in titles), titles
    page.evaluate("() => document.getElementById('end').hidden = true")  # the board under the end card
    page.screenshot(path=str(DOCS_IMG / f"{game}-end.png"), full_page=True)
    assert not errors, errors


def test_rose_ceremony_dealing_is_one_folded_line(live_server, browser):
    """The 12 "is dealt a card" lines of a 3-player start fold into one "Cards are dealt" line."""
    errors: list[str] = []
    page = new_page(browser, errors)
    create_table(page, live_server, "rose-ceremony", ["human", "bot:heuristic", "bot:heuristic"], seed=SEED)
    page.click("#open-my-seat")
    page.wait_for_selector("#log li.log-group")
    runs = page.locator("#log li.log-run > details > summary").all_text_contents()
    assert runs and runs[0] == "Cards are dealt (12 lines)", runs
    setup = page.locator("#log li.log-group").first
    assert setup.locator("summary .log-title").inner_text() == "Setup"
    # Folded: the dealt lines are not shown until opened.
    assert not page.locator("#log li.log-run li.log-line").first.is_visible()
    assert not errors, errors
