"""Open seats (issue 14): the host opens a seat nobody joined; a stranger takes it from the
lobby's "Open tables" list under their name and plays it; a second stranger who opened the same
seat from the table's public link a moment too late is told someone else took it first."""
from __future__ import annotations

import pytest

try:
    from .browser_fixtures import browser, create_table, live_server  # noqa: F401
    from .seat_helpers import QUICK, RT, person, table_of
except ImportError:
    from browser_fixtures import browser, create_table, live_server  # type: ignore[no-redef]  # noqa: F401
    from seat_helpers import QUICK, RT, person, table_of  # type: ignore[no-redef]

pytestmark = pytest.mark.browser


def test_an_open_seat_is_taken_from_the_lobby_and_a_late_taker_hears_why(live_server, browser):
    errors: list[str] = []
    ana, cy, dee = person(browser, errors, "Ana"), person(browser, errors, "Cy"), person(browser, errors, "Dee")
    create_table(ana, live_server, RT, ["human", "human", "bot:random"], params=QUICK)
    ana.click("#open-my-seat")
    ana.wait_for_selector("#board .seat-box")
    table = table_of(ana.url)
    # The table settles first: the live connection is up and a human seat is to move, so the bot
    # (which moves at once when the draw makes it start) moves no more and the players list keeps
    # its layout. In CI the click once landed while that list was redrawn, and nothing was sent.
    ana.wait_for_selector("#conn.conn-live")
    ana.wait_for_function("() => [0, 1].includes(window.rosesTable.view.current_player)")
    with ana.expect_response(lambda r: r.url.endswith(f"/api/tables/{table}/seats/1/open")) as opened:
        ana.click('#players .open-seat[data-seat="1"]')
    assert opened.value.status == 200
    ana.wait_for_selector('#players .open-seat[data-seat="1"]:has-text("Close to others")')
    # Dee watches by the public link and starts taking the seat ...
    dee.goto(f"{live_server}/t/{table}")
    dee.click('#players .take-seat[data-seat="1"]')
    dee.wait_for_selector("#name-ask #name-input")
    assert dee.input_value("#name-input") == "Dee"
    # ... but Cy takes it from the lobby first
    cy.goto(live_server + "/")
    cy.click(f'.take-seat[data-table="{table}"][data-seat="1"]')
    assert cy.input_value("#name-input") == "Cy"
    cy.click("#name-ok")
    cy.wait_for_url(f"**/t/{table}")
    cy.wait_for_selector("#board .seat-box")
    assert cy.inner_text("#subtitle").startswith("You are Cy")
    assert cy.locator("#name-ask").count() == 0  # named when taken: not asked again
    ana.wait_for_function("() => document.getElementById('players').innerText.includes('Cy')")
    assert ana.locator('#players .open-seat').count() == 0  # joined: no longer openable
    dee.click("#name-ok")
    dee.wait_for_selector("#name-error:not([hidden])")
    assert "someone else took it first" in dee.inner_text("#name-error")
    dee.click("#name-skip")
    assert dee.evaluate("() => window.rosesTable.seat") is None
    assert not errors, errors
