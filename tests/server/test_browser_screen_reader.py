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
try:
    from .test_browser_rr_deals import make_table
    from .test_browser_ux import rare_roses_to_purchase
except ImportError:
    from test_browser_rr_deals import make_table  # type: ignore[no-redef]
    from test_browser_ux import rare_roses_to_purchase  # type: ignore[no-redef]

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


def test_every_offer_and_deal_button_says_what_it_does(live_server, browser):
    """Regression: Rose Ceremony's offer buttons were named by the receiver alone, "Rowan
    (standard bot)" once per card in hand (a screen reader could not tell which card went), and
    Rare Roses' deal builder had buttons named "−" and "+"."""
    errors: list[str] = []
    page = new_page(browser, errors, confirm=True)
    create_table(page, live_server, "rose-ceremony", ["human", *BOTS], seed=5, params={"start_player": 0})
    page.click("#open-my-seat")
    page.wait_for_selector('#moves:not([hidden]) button[data-action^="offer "]:enabled')
    offers = page.locator('#moves button[data-action^="offer "]')
    names = offers.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    bots = page.evaluate("() => window.rosesTable.view.seats.filter(s => s.kind === 'bot').map(s => s.name)")
    assert len(set(names)) == len(names), names  # one name per card and receiver
    for name in names:
        assert re.fullmatch(r"Offer a card of (no roses|1 rose|\d+ roses) and (no thorns|1 thorn|\d+ thorns) to (.+)", name)
        assert name.split(" to ", 1)[1] in bots, name
    # the confirm reads the name once ("Offer a card of … to Rowan?"), not the verb twice
    offers.first.click()
    page.wait_for_selector("#confirm:not([hidden]) #confirm-no")
    assert page.inner_text("#confirm-text") == names[0] + "?"
    page.click("#confirm-no")

    page = new_page(browser, errors)
    made = make_table(live_server)
    rare_roses_to_purchase(page, live_server, made)
    page.click("#moves .deal-builder summary")
    steps = page.locator("#moves .deal-builder button.deal-step")
    assert steps.count() >= 2  # one tile to take at least: its − and +
    for name in steps.evaluate_all("els => els.map(e => e.getAttribute('aria-label') || e.textContent)"):
        assert re.fullmatch(r"One (more|fewer) (\w+( \w+)? bud|(fresh|mature) \w+( \w+)? bloom)", name), name
    assert not errors, errors
