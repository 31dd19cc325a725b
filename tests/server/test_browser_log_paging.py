"""A long game's log in the browser (issue 13, large logs are paged): the table shows the newest
lines, and "Show earlier lines" fetches the rest, page by page, back to the first line."""
from __future__ import annotations

import pytest

try:
    from .browser_fixtures import api, browser, finished_bot_table, live_server, new_page  # noqa: F401
except ImportError:
    from browser_fixtures import api, browser, finished_bot_table, live_server, new_page  # type: ignore[no-redef]  # noqa: F401

pytestmark = pytest.mark.browser


def test_earlier_log_lines_are_fetched_on_request(live_server, browser):
    tid, _record = finished_bot_table(live_server, "roses-and-thorns", 6, 7)
    status, v = api(live_server, "GET", f"/api/tables/{tid}")
    total, start = v["log_total"], v["log_start"]
    assert start > 0  # a log longer than a view holds

    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(f"{live_server}/t/{tid}")
    leaves = "#log li.log-line:not(.log-run)"
    page.wait_for_selector("#log .log-earlier button")
    page.click("#end button:has-text('See the table')")
    assert page.locator(leaves).count() == total - start
    assert page.inner_text("#log .log-earlier button") == f"Show earlier lines ({start} more)"
    page.click("#log .log-earlier button")
    page.wait_for_function(f"() => document.querySelectorAll('{leaves}').length === {total}")
    assert page.locator("#log .log-earlier").count() == 0  # back to the first line: no button
    assert page.locator("#log .log-title").first.inner_text() in ("Setup", "Round 1")
    assert not errors, errors
