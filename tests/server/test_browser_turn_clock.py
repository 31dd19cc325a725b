"""Browser tests of issue 41 on the table page: the table says in words that it waits for a seat
nobody joined, and the host switches fast bots from the Players panel.

Run: ``python -m pytest -m browser tests/server`` (skipped without /usr/bin/chromium).
"""
from __future__ import annotations

import pytest

try:
    from .browser_fixtures import api, browser, create_table, game_available, live_server, new_page  # noqa: F401
except ImportError:  # pragma: no cover - tests/ imported without the package
    from browser_fixtures import api, browser, create_table, game_available, live_server, new_page  # type: ignore[no-redef]  # noqa: F401

pytestmark = pytest.mark.browser

RC = "rose-ceremony"


def test_the_table_waits_in_words_for_a_seat_nobody_joined_and_the_host_switches_fast_bots(live_server, browser):
    """The host sits at seat 1 of a Rose Ceremony table (seat 2: a friend who never comes, seat
    3: a bot; the lobby's bot delay 0). When seat 2 is to move the page says "Waiting for Seat 2
    to join" where a timer would be; the host's "Fast bots" box is ticked (delay 0), unticking it
    gives the bots the server's pause (400 ms), ticking it again none."""
    reason = game_available(RC)
    if reason:
        pytest.skip(reason)
    errors: list[str] = []
    page = new_page(browser, errors)
    create_table(page, live_server, RC, ["human", "human", "bot:heuristic"])
    page.click("#open-my-seat")
    page.wait_for_selector("#board > *")
    for _ in range(40):  # the host plays its turns (first moves) until the friend's seat is to move
        page.wait_for_function("() => { const v = window.rosesTable.view; return v && (v.current_player === 1"
                               " || (v.legal_actions || []).length > 0 || v.terminal); }")
        if page.evaluate("() => window.rosesTable.view.current_player") == 1:
            break
        assert not page.evaluate("() => window.rosesTable.view.terminal")
        version = page.evaluate("() => window.rosesTable.view.version")
        page.locator("#moves:not([hidden]) button.move:enabled").first.click()
        page.wait_for_function("v => window.rosesTable.view.version > v", arg=version)
    page.wait_for_selector("#timer:not([hidden])")
    assert page.inner_text("#timer") == "Waiting for Seat 2 to join"

    box = page.locator("#fast-bots input[type=checkbox]")
    assert "Fast bots" in page.inner_text("#fast-bots") and box.is_checked()
    box.uncheck()
    page.wait_for_function("() => window.rosesTable.view.bot_delay_ms === 400")
    assert not box.is_checked()
    box.check()
    page.wait_for_function("() => window.rosesTable.view.bot_delay_ms === 0")
    assert box.is_checked()
    assert not errors, errors
