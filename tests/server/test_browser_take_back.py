"""The "Take back my last move" button at the browser table (issue 42): shown while nobody else
has acted since the seat's move, it takes the move back (the move panel is offered again, the
table reads who took a move back), and it is gone once a move stands."""
from __future__ import annotations

import pytest

try:
    from .browser_fixtures import api, browser, live_server, new_page  # noqa: F401
except ImportError:
    from browser_fixtures import api, browser, live_server, new_page  # type: ignore[no-redef]  # noqa: F401

pytestmark = pytest.mark.browser


def test_a_laid_card_is_taken_back_from_the_page(live_server, browser):
    # The bots wait a minute before their turn: the seat's move is the last one meanwhile.
    status, made = api(live_server, "POST", "/api/tables", {
        "game": "roses-and-thorns", "params": {"players": 3, "start_player": 0}, "seed": 5, "bot_delay_ms": 60000,
        "seats": [{"kind": "human", "name": "Ivy"}, {"kind": "bot", "bot": "heuristic"},
                  {"kind": "bot", "bot": "heuristic"}]})
    assert status == 201, made
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + made["seats"][0]["join_url"])
    page.wait_for_selector('#moves:not([hidden]) button[data-action="lay thorn"]:enabled')
    assert page.locator("#take-back").is_hidden()  # nothing of Ivy's to take back yet
    version = page.evaluate("() => window.rosesTable.view.version")
    page.click('#moves button[data-action="lay thorn"]')
    page.wait_for_selector("#take-back:not([hidden]) #take-back-button:enabled")
    assert page.evaluate("() => window.rosesTable.view.version") == version + 1
    page.click("#take-back-button")
    page.wait_for_function("v => window.rosesTable.view.version === v && window.rosesTable.view.takebacks === 1",
                           arg=version)
    page.wait_for_selector('#moves:not([hidden]) button[data-action="lay thorn"]:enabled')
    assert page.locator("#take-back").is_hidden()
    page.wait_for_function("() => document.body.innerText.includes('Ivy took back their last move.')")
    # A pushed view from before the take-back never replaces the newer one (views are ordered
    # by takebacks first): the page still shows the seat to move with its moves.
    status, stored = api(live_server, "GET", f"/api/tables/{made['table_id']}")
    assert status == 200 and stored["version"] == version and stored["takebacks"] == 1
    assert not errors, errors
