"""What a screen reader says: cards drawn as glyphs have names in words ("Lay a rose", "2 roses,
1 thorn", not "A ♥ ✿" or "2✿ ▲"), the other seats' moves are said through a polite live region,
and icon buttons (the replay's « ◀ ▶ », the lobby's ↻) have names.

Run: ``python -m pytest -m browser tests/server/test_browser_screen_reader.py`` (skipped without
/usr/bin/chromium).
"""
from __future__ import annotations

import re

import pytest

try:
    from .browser_fixtures import (  # noqa: F401 - fixtures are used by name
        browser, create_table, finished_bot_table, live_server, new_page, open_replay,
    )
except ImportError:
    from browser_fixtures import (  # type: ignore[no-redef]  # noqa: F401
        browser, create_table, finished_bot_table, live_server, new_page, open_replay,
    )

pytestmark = pytest.mark.browser

BOTS = ["bot:heuristic", "bot:heuristic"]


def test_roses_and_thorns_cards_have_names_in_words(live_server, browser):
    """Regression: the hand's cards were buttons named "A ♥ ✿" and "A ♠ ♠"."""
    errors: list[str] = []
    page = new_page(browser, errors, width=390, height=844)
    create_table(page, live_server, "roses-and-thorns", ["human", *BOTS], seed=5, params={"start_player": 0})
    page.click("#open-my-seat")
    page.wait_for_selector('#moves:not([hidden]) button[data-action="lay rose"]:enabled')
    board = page.locator("#board")
    assert board.get_by_role("button", name="Lay a rose", exact=True).count() == 3
    assert board.get_by_role("button", name="Lay your thorn", exact=True).count() == 1
    # No button on the board or in the moves is named by glyphs alone.
    names = page.locator("#board button, #moves button").evaluate_all(
        "els => els.map(e => (e.getAttribute('aria-label') || e.textContent).trim())")
    assert all(re.search(r"[A-Za-z0-9]{2,}", n) for n in names), names
    assert not errors, errors


def test_rose_ceremony_cards_and_charm_say_their_values(live_server, browser):
    """Regression: a card read "2✿ ▲▲" and the charm points "♥♥♥♥♥"; roses and thorns were told
    apart by glyph and colour only."""
    errors: list[str] = []
    page = new_page(browser, errors)
    create_table(page, live_server, "rose-ceremony", ["human", *BOTS], seed=5, params={"start_player": 0})
    page.click("#open-my-seat")
    page.wait_for_selector("#moves:not([hidden]) button.move:enabled")
    hand = page.locator("#board .my-area").get_by_role("img")
    assert hand.count() == 4
    for name in hand.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))"):
        assert re.fullmatch(r"\d+ roses?, \d+ thorns?", name), name
    assert page.locator("#board").get_by_role("img", name=re.compile(r"^\d+ charm points? of the 5 that win$")).count() == 3
    assert not errors, errors


def test_the_other_seats_moves_are_announced(live_server, browser):
    """Regression: the log was redrawn silently; a screen-reader player heard "Your turn" but
    not what the bots had done."""
    errors: list[str] = []
    page = new_page(browser, errors)
    create_table(page, live_server, "roses-and-thorns", ["human", *BOTS], seed=5, params={"start_player": 0})
    page.click("#open-my-seat")
    page.wait_for_selector('#moves:not([hidden]) button[data-action="lay rose"]:enabled')
    live = page.locator("#announce")
    assert live.get_attribute("aria-live") == "polite"
    assert live.inner_text() == ""  # nothing is read out for the lines already there
    page.click('#moves button[data-action="lay rose"]')
    bots = page.evaluate("() => window.rosesTable.view.seats.filter(s => s.kind === 'bot').map(s => s.name)")
    page.wait_for_function("names => names.some(n => document.getElementById('announce').textContent.includes(n))",
                           arg=bots)
    assert "lays" in page.locator("#announce").text_content()
    assert not errors, errors


def test_icon_buttons_have_names(live_server, browser):
    """Regression: the replay's step buttons were named by their glyphs (« ◀ ▶ ») and the lobby's
    refresh button "↻"."""
    errors: list[str] = []
    table_id, _ = finished_bot_table(live_server, "rose-ceremony", 3, seed=11)
    page = new_page(browser, errors)
    open_replay(page, live_server, table_id)
    for name in ("First step", "Previous step", "Next step", "Last step"):
        assert page.get_by_role("button", name=name, exact=True).count() == 1, name
    page.goto(live_server + "/")
    assert page.get_by_role("button", name="Refresh the list of tables").count() == 1
    assert not errors, errors
