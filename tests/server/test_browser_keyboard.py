"""Keyboard-only play: focus is never dropped on <body> by the page itself. After creating a table
it is on "Sit down"; the confirm dialog keeps Tab inside and gives focus back to the move on
Escape; after a move and the bots' replies it comes back to the moves when the turn does; the end
screen takes focus, keeps Tab inside and closes on Escape; in the replay viewer Space on a focused
button is that button's key, and stepping on a phone leaves the page where it was.

Run: ``python -m pytest -m browser tests/server/test_browser_keyboard.py`` (skipped without
/usr/bin/chromium).
"""
from __future__ import annotations

import random

import pytest

try:
    from .browser_fixtures import (  # noqa: F401 - fixtures are used by name
        browser, create_table, finished_bot_table, live_server, new_page, open_replay, play_to_end,
    )
except ImportError:
    from browser_fixtures import (  # type: ignore[no-redef]  # noqa: F401
        browser, create_table, finished_bot_table, live_server, new_page, open_replay, play_to_end,
    )

pytestmark = pytest.mark.browser

FOCUS = "() => { const e = document.activeElement; return e ? (e.id || e.dataset.action || e.tagName) : null; }"


def focused(page, selector: str) -> bool:
    return page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector)


def test_creating_a_table_puts_focus_on_sit_down(live_server, browser):
    """Regression: the Create button hid under focus, which fell to <body>."""
    errors: list[str] = []
    page = new_page(browser, errors, width=390, height=844)
    create_table(page, live_server, "rose-ceremony", ["human", "bot:heuristic", "bot:heuristic"], seed=3)
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'open-my-seat'")
    assert not errors, errors


def test_confirm_traps_tab_and_escape_gives_focus_back_then_the_turn_brings_it_to_the_moves(live_server, browser):
    """Regressions: Escape in the confirm dialog left focus on <body>, Tab walked out of the dialog
    to the page behind, and after a move focus stayed on <body> (the next Tab began at the page
    header) even when the turn came back."""
    errors: list[str] = []
    page = new_page(browser, errors, confirm=True)
    create_table(page, live_server, "roses-and-thorns", ["human", "bot:heuristic", "bot:heuristic"], seed=5,
                 params={"start_player": 0})
    page.click("#open-my-seat")
    lay = page.locator('#moves:not([hidden]) button[data-action="lay rose"]:enabled')
    lay.wait_for()
    lay.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#confirm:not([hidden]) #confirm-yes")
    assert focused(page, "#confirm-yes")
    for _ in range(5):  # Tab and Shift+Tab stay on the dialog's two buttons
        page.keyboard.press("Tab")
        assert focused(page, "#confirm button"), page.evaluate(FOCUS)
    page.keyboard.press("Shift+Tab")
    assert focused(page, "#confirm button"), page.evaluate(FOCUS)
    page.keyboard.press("Escape")
    page.wait_for_selector("#confirm", state="hidden")
    assert focused(page, '#moves button[data-action="lay rose"]'), page.evaluate(FOCUS)

    version = page.evaluate("() => window.rosesTable.view.version")
    page.keyboard.press("Enter")
    page.wait_for_selector("#confirm:not([hidden]) #confirm-yes")
    page.keyboard.press("Enter")  # Play it
    page.wait_for_function("v => window.rosesTable.view.version > v", arg=version)
    # The bots answer (no delay) and the turn comes back: focus is on a move, one key from playing.
    page.wait_for_function("() => document.activeElement && document.activeElement.matches('#moves button.move:enabled')")
    assert not errors, errors


def test_the_end_screen_takes_focus_keeps_tab_and_closes_on_escape(live_server, browser):
    """Regression: the end screen opened with focus on <body>; Tab went through the log behind it
    and Escape did nothing."""
    errors: list[str] = []
    page = new_page(browser, errors, width=390, height=844)
    create_table(page, live_server, "rose-ceremony", ["human", "bot:heuristic", "bot:heuristic"], seed=7)
    page.click("#open-my-seat")
    page.wait_for_selector("#board > *")
    play_to_end([page], random.Random(7))
    page.wait_for_function("() => document.getElementById('end').contains(document.activeElement)")
    for _ in range(8):
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.getElementById('end').contains(document.activeElement)"), page.evaluate(FOCUS)
    for _ in range(8):
        page.keyboard.press("Shift+Tab")
        assert page.evaluate("() => document.getElementById('end').contains(document.activeElement)"), page.evaluate(FOCUS)
    page.keyboard.press("Escape")
    page.wait_for_selector("#end", state="hidden")
    assert focused(page, "#board"), page.evaluate(FOCUS)
    assert not errors, errors


def test_replay_space_on_a_button_is_its_own_key_and_steps_leave_the_phone_page_still(live_server, browser):
    """Regressions: Space on the focused "Next step" button started the autoplay instead of
    stepping once; each step scrolled the page (the moves list under the board on a phone was
    scrolled into view), carrying the board and the step buttons off the screen."""
    errors: list[str] = []
    table_id, _ = finished_bot_table(live_server, "rose-ceremony", 3, seed=11)
    page = new_page(browser, errors, width=390, height=844)
    open_replay(page, live_server, table_id)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.focus("#next")
    page.keyboard.press("Space")
    page.wait_for_function("() => document.querySelector('#step-label').textContent.startsWith('Step 1 ')")
    assert page.inner_text("#play").strip() == "Play"  # not playing
    assert page.evaluate("() => window.scrollY") == 0
    for k in range(2, 6):
        page.keyboard.press("ArrowRight")
        page.wait_for_function("k => document.querySelector('#step-label').textContent.startsWith(`Step ${k} `)", arg=k)
    assert page.evaluate("() => window.scrollY") == 0
    assert page.get_by_role("button", name="Next step").is_visible()
    assert not errors, errors
