"""Confirm before moves that can't be taken back (issue 14): on by default for bids and plays, a
misclick is cancelled without a move; the setting turns it off; the tab title says "Your turn"."""
from __future__ import annotations

import pytest

try:
    from .browser_fixtures import api, browser, create_table, live_server, new_page  # noqa: F401
except ImportError:
    from browser_fixtures import api, browser, create_table, live_server, new_page  # type: ignore[no-redef]  # noqa: F401

pytestmark = pytest.mark.browser


def _my_seat(page, live_server):
    create_table(page, live_server, "roses-and-thorns", ["human", "bot:heuristic", "bot:heuristic"], seed=5,
                 params={"start_player": 0})
    page.click("#open-my-seat")
    page.wait_for_selector('#moves:not([hidden]) button[data-action="lay rose"]:enabled')


def test_confirm_blocks_a_misclick_then_plays(live_server, browser):
    errors: list[str] = []
    page = new_page(browser, errors, confirm=True)
    _my_seat(page, live_server)
    assert page.title().startswith("(Your turn)")
    version = page.evaluate("() => window.rosesTable.view.version")
    page.click('#moves button[data-action="lay rose"]')
    page.wait_for_selector("#confirm:not([hidden]) #confirm-no")
    assert "rose" in page.inner_text("#confirm-text") and "can't be taken back" in page.inner_text("#confirm")
    page.click("#confirm-no")
    assert page.locator("#confirm").is_hidden()
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.rosesTable.view.version") == version  # nothing was played
    page.click('#moves button[data-action="lay rose"]')
    page.press("#confirm-yes", "Enter")
    page.wait_for_function("v => window.rosesTable.view.version > v", arg=version)
    assert not errors, errors


def test_the_setting_turns_confirm_off(live_server, browser):
    errors: list[str] = []
    page = new_page(browser, errors, confirm=True)
    _my_seat(page, live_server)
    page.click("#settings > summary")
    page.uncheck("#setting-confirm")
    version = page.evaluate("() => window.rosesTable.view.version")
    page.click('#moves button[data-action="lay rose"]')
    page.wait_for_function("v => window.rosesTable.view.version > v", arg=version)
    assert page.locator("#confirm").is_hidden()
    assert page.evaluate("() => JSON.parse(localStorage.getItem('roses:settings')).confirm") is False
    assert not errors, errors


def test_the_confirm_names_the_card_offered_and_starts_with_a_capital(live_server, browser):
    """Regression: the confirm for a Rose Ceremony offer read "offer to Rowan (standard bot)?",
    in lower case and without saying which card."""
    errors: list[str] = []
    page = new_page(browser, errors, confirm=True)
    create_table(page, live_server, "rose-ceremony", ["human", "bot:heuristic", "bot:heuristic"], seed=5,
                 params={"start_player": 0})
    page.click("#open-my-seat")
    button = page.locator('#moves button[data-action^="offer "]:enabled').first
    button.wait_for()
    action, name = button.get_attribute("data-action"), button.inner_text().strip()
    roses, thorns = (int(x) for x in action.split()[1].split("/"))
    words = lambda k, noun: f"no {noun}s" if k == 0 else f"{k} {noun}{'' if k == 1 else 's'}"
    button.click()
    page.wait_for_selector("#confirm:not([hidden]) #confirm-no")
    assert page.inner_text("#confirm-text") == f"Offer a card of {words(roses, 'rose')} and {words(thorns, 'thorn')} to {name}?"
    page.click("#confirm-no")
    assert not errors, errors
