"""Confirm before moves that can't be taken back (issue 14; issue 42: only where a move is
irreversible and costly, chosen per game, by default): a misclick is cancelled without a move;
the setting asks before every move or never; the tab title says "Your turn"."""
from __future__ import annotations

import json

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
    page.select_option("#setting-confirm", "never")
    version = page.evaluate("() => window.rosesTable.view.version")
    page.click('#moves button[data-action="lay rose"]')
    page.wait_for_function("v => window.rosesTable.view.version > v", arg=version)
    assert page.locator("#confirm").is_hidden()
    assert page.evaluate("() => JSON.parse(localStorage.getItem('roses:settings')).confirm") == "never"
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


def test_by_default_only_a_costly_move_asks_and_says_why(live_server, browser):
    """Issue 42: 15 of 21 moves of one Roses and Thorns game asked "Play it?". By default (a
    player who never opened the settings) laying a card and an ordinary bid are played at once;
    a bid that ends the bidding (as many as the cards on the table) asks, with the game's reason;
    the view carries that reason for exactly that move."""
    errors: list[str] = []
    page = new_page(browser, errors, confirm="costly")
    _my_seat(page, live_server)
    version = page.evaluate("() => window.rosesTable.view.version")
    page.click('#moves button[data-action="lay rose"]')  # asked nothing
    page.wait_for_function("v => window.rosesTable.view.version > v", arg=version)
    assert page.locator("#confirm").is_hidden()
    page.wait_for_selector('#moves:not([hidden]) button[data-action^="bid "]:enabled')
    view = page.evaluate("() => window.rosesTable.view")
    on_table = view["observation"]["cards_on_table"]
    top = f"bid {on_table}"
    assert top in view["legal_actions"] and list(view["confirm"]) == [top], view["confirm"]
    assert view["confirm"][top].startswith(f"Bid {on_table} ends the bidding")
    page.click(f'#moves button[data-action="{top}"]')
    page.wait_for_selector("#confirm:not([hidden]) #confirm-no")
    assert page.inner_text("#confirm-why") == view["confirm"][top]
    page.click("#confirm-no")
    version = page.evaluate("() => window.rosesTable.view.version")
    page.click('#moves button[data-action="bid 1"]')  # an ordinary bid: played at once
    page.wait_for_function("v => window.rosesTable.view.version > v", arg=version)
    assert page.locator("#confirm").is_hidden()
    assert not errors, errors


def test_a_setting_saved_before_the_three_choices_still_reads(live_server, browser):
    """``{confirm: true}`` (saved by the page before issue 42) reads as the default, "costly";
    ``{confirm: false}`` as "never"."""
    errors: list[str] = []
    for saved, mode in ((True, "costly"), (False, "never")):
        page = new_page(browser, errors, confirm="costly")  # nothing saved: then the old value
        page.context.add_init_script("localStorage.setItem('roses:settings', JSON.stringify({confirm: %s}))"
                                     % json.dumps(saved))
        create_table(page, live_server, "roses-and-thorns", ["human", "bot:heuristic", "bot:heuristic"], seed=5)
        page.click("#open-my-seat")
        page.wait_for_selector("#settings")
        page.click("#settings > summary")
        assert page.eval_on_selector("#setting-confirm", "s => s.value") == mode
        page.context.close()
    assert not errors, errors
