"""Rematch (issue 14): two people finish a Roses and Thorns table with a bot; one clicks "Play
again" on the end screen, the other sees "Ana started a rematch" appear (live) and joins; both
reach the same new table with the same names and bot, each in their own seat, without a new link."""
from __future__ import annotations

import pytest

try:
    from .browser_fixtures import browser, create_table, live_server, screenshot  # noqa: F401
    from .seat_helpers import QUICK, RT, finish, person, table_of, token_of
except ImportError:
    from browser_fixtures import browser, create_table, live_server, screenshot  # type: ignore[no-redef]  # noqa: F401
    from seat_helpers import QUICK, RT, finish, person, table_of, token_of  # type: ignore[no-redef]

pytestmark = pytest.mark.browser


def test_two_browsers_rematch_to_one_new_table_with_the_same_names(live_server, browser):
    errors: list[str] = []
    ana, bea = person(browser, errors, "Ana"), person(browser, errors, "Bea")
    links = create_table(ana, live_server, RT, ["human", "human", "bot:random"], params=QUICK)
    ana.click("#open-my-seat")
    ana.wait_for_selector("#board .seat-box")
    bea.goto(links[1])
    bea.wait_for_selector("#board .seat-box")
    # Bea's browser remembers her name: her seat takes it without asking
    ana.wait_for_function("() => document.getElementById('players').innerText.includes('Bea')")
    old = table_of(ana.url)
    finish(live_server, old, {0: token_of(links[0]), 1: token_of(links[1])})
    for page in (ana, bea):
        page.wait_for_selector("#end:not([hidden]) #rematch-start")
    ana.click("#rematch-start")
    ana.wait_for_url(lambda url: "/t/" in url and table_of(url) != old)
    new = table_of(ana.url)
    # pushed to Bea's end screen: who started it, and a button to join
    bea.wait_for_selector("#rematch-join")
    assert bea.inner_text("#rematch-offer") == "Ana started a rematch."
    screenshot(bea, "rematch-offer")
    bea.click("#rematch-join")
    bea.wait_for_url(f"**/t/{new}")
    for page, me in ((ana, "Ana"), (bea, "Bea")):
        page.wait_for_selector("#board .seat-box")
        page.wait_for_function("() => window.rosesTable.view && window.rosesTable.view.table_id === "
                               f"{new!r}")
        assert page.inner_text("#subtitle").startswith(f"You are {me}")
        names = page.locator("#players .pname").all_inner_texts()
        assert names == ["Ana", "Bea", "Ivy (random bot)"]
        assert page.evaluate("() => window.rosesTable.view.terminal") is False
    assert ana.evaluate("() => window.rosesTable.seat") == 0 and bea.evaluate("() => window.rosesTable.seat") == 1
    # The host's token was exchanged too: the new table's host controls are Ana's
    assert ana.evaluate(f"() => !!JSON.parse(localStorage.getItem('roses:table:{new}')).host")
    assert not errors, errors
