"""Browser test: a person plays Rare Roses to the end against the Trader and a Hard bot (issue 10's
"a new user picks hard opponents in the browser"). The bots haggle for the person's tiles (RR-7):
their offers reach the page in plain words (no engine syntax), the person answers them with
Accept / Decline, and the game ends with every shop's money on the end screen.

Run: ``python -m pytest -m browser tests/server/test_browser_rr_strong_bots.py`` (skipped without
/usr/bin/chromium).
"""
from __future__ import annotations

import random
import re

import pytest

try:
    from .browser_fixtures import (  # noqa: F401
        browser, create_table, game_available, live_server, new_page, play_to_end, screenshot,
    )
    from .test_browser_rr_deals import ENGINE_WORDS
except ImportError:
    from browser_fixtures import (  # type: ignore[no-redef]  # noqa: F401
        browser, create_table, game_available, live_server, new_page, play_to_end, screenshot,
    )
    from test_browser_rr_deals import ENGINE_WORDS  # type: ignore[no-redef]

pytestmark = pytest.mark.browser

RR = "rare-roses"
#: Engine syntax that must never reach a person: the deal tests' action texts and rulings, and
#: bot ids, seat numbers and Python reprs.
ENGINE = re.compile(ENGINE_WORDS.pattern + r"|ismcts|\bseat \d\b|Traceback|None\b|\{'|\[\(")


def test_a_person_plays_rare_roses_against_the_trader_and_hard(live_server, browser):
    reason = game_available(RR)
    if reason:
        pytest.skip(reason)
    errors: list[str] = []
    page = new_page(browser, errors)
    links = create_table(page, live_server, RR, ["human", "bot:trader", "bot:ismcts:hard"], seed=3)
    assert len(links) == 1
    page.click("#open-my-seat")
    page.wait_for_selector("#board > *")
    seats = page.evaluate("() => window.rosesTable.view.seats.map(s => s.name)")
    assert len(seats) == 3
    offers: list[str] = []  # what the page says when a bot offers the person a deal

    def before(p, moves):
        legal = p.evaluate("() => window.rosesTable.view.legal_actions")
        if "accept" in legal and "decline" in legal:
            text = p.inner_text("#moves")
            offers.append(text)
            if len(offers) == 1:
                screenshot(p, "rr-strong-bots-offer")

    def choose(texts, rng):
        # answer deals both ways; otherwise any move (the bots' play is what is under test)
        if "accept" in texts and "decline" in texts:
            return texts.index("accept" if len(offers) % 2 else "decline")
        return rng.randrange(len(texts))

    moves = play_to_end([page], random.Random(5), choose=choose, before_move=before, timeout=600)
    assert moves >= 1
    screenshot(page, "rr-strong-bots-end")
    assert page.inner_text("#turn") == "Game over"
    results = page.locator(".results li")
    assert results.count() == 3
    assert all("$" in results.nth(i).inner_text() for i in range(3))
    # the bots haggled with the person, in words
    assert offers, "no bot offered the person a deal in a whole game"
    for text in offers:
        assert not ENGINE.search(text), text
    assert not ENGINE.search(page.inner_text("#board")), page.inner_text("#board")
    log = page.inner_text("#log")  # the game log as the page shows it: seats by name
    assert log and not ENGINE.search(log), log
    assert not errors, errors
