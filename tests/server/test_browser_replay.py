"""The replay viewer's board at a step: a finished Roses and Thorns game shows no live bid (the
status strip's "High bid" belongs to the bidding and the challenge), on the replay's last step as
at the finished table, while a step in the bidding shows it."""
from __future__ import annotations

import pytest

try:
    from .browser_fixtures import api, browser, finished_bot_table, live_server, new_page, open_replay  # noqa: F401
except ImportError:
    from browser_fixtures import api, browser, finished_bot_table, live_server, new_page, open_replay  # type: ignore[no-redef]  # noqa: F401

pytestmark = pytest.mark.browser

STRIP = """() => Object.fromEntries([...document.querySelectorAll('#board .status-strip .status-item')]
  .map(i => [i.querySelector('.status-label').textContent, i.querySelector('.status-value').textContent]))"""


def test_a_finished_roses_and_thorns_game_shows_no_high_bid(live_server, browser):
    """Regression: the replay's last step (and the finished table) still showed "High bid 3 ·
    Rowan (standard bot)" beside "Game over". Seed 5, 3 heuristic bots: the game ends with the
    winning challenge's bid of 3 still in the observation."""
    table_id, record = finished_bot_table(live_server, "roses-and-thorns", 3, 5)
    status, replayed = api(live_server, "POST", "/api/replay", record)
    assert status == 200, replayed
    steps = replayed["steps"]
    assert steps[-1]["observation"]["phase"] == "over" and steps[-1]["observation"]["high_bid"] == 3
    bidding = max(i for i, s in enumerate(steps) if s["observation"]["phase"] == "bidding")
    bid = steps[bidding]["observation"]["high_bid"]
    errors: list[str] = []
    page = new_page(browser, errors)
    open_replay(page, live_server, table_id, last=True)
    strip = page.evaluate(STRIP)
    assert strip["Now"] == "Game over" and "Winner" in strip, strip
    assert "High bid" not in strip, strip
    # a step in the bidding still shows the bid (with the bidder's name)
    page.eval_on_selector("#slider", "(s, i) => { s.value = String(i); s.dispatchEvent(new Event('input')); }", bidding)
    page.wait_for_function("i => document.querySelector('#step-label').textContent.startsWith(`Step ${i} `)", arg=bidding)
    strip = page.evaluate(STRIP)
    assert strip["High bid"].startswith(f"{bid} · "), strip
    # the finished table, once its end screen is put aside
    page.goto(f"{live_server}/t/{table_id}")
    page.wait_for_selector("#end:not([hidden]) .results li")
    page.click("#end >> text=See the table")
    strip = page.evaluate(STRIP)
    assert strip["Now"] == "Game over" and "High bid" not in strip, strip
    page.context.close()
    assert not errors, errors


def test_the_first_step_says_nothing_has_happened_and_the_log_joins_the_steps(live_server, browser):
    """Regression: at step 0 (no set-up line in any game) the game log panel was blank. It now
    says "Nothing has happened yet."; and each step's log is the steps' lines joined (a step's
    observation no longer carries the log: POST /api/replay's answer grew with the square of the
    game's length), so the last step shows every line of the game."""
    table_id, record = finished_bot_table(live_server, "rose-ceremony", 3, 5)
    status, replayed = api(live_server, "POST", "/api/replay", record)
    assert status == 200 and all("log" not in s["observation"] for s in replayed["steps"])
    lines = sum(len(s["log"]) for s in replayed["steps"])
    errors: list[str] = []
    page = new_page(browser, errors)
    open_replay(page, live_server, table_id)
    assert page.inner_text("#step-label").startswith("Step 0 ")
    assert page.inner_text("#log").strip() == "Nothing has happened yet."
    page.click("#last")
    page.wait_for_function("() => !document.querySelector('#log .log-empty')")
    page.evaluate("() => { for (const d of document.querySelectorAll('#log details')) d.open = true; }")
    shown = page.locator("#log li.log-line:not(.log-run)").count()
    assert shown == lines > 50, (shown, lines)
    assert not errors, errors
