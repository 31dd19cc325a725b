"""Names (issue 14): a friend who joins by link is asked for a name (the page stays usable), and
that name is what the log, the chat, the players list, the end table and the replay show; the
browser remembers it; the bot's name says its level."""
from __future__ import annotations

import pytest

try:
    from .browser_fixtures import api, browser, create_table, live_server, pages_at_sizes, screenshot  # noqa: F401
    from .seat_helpers import QUICK, RT, finish, person, table_of, token_of
except ImportError:
    from browser_fixtures import api, browser, create_table, live_server, pages_at_sizes, screenshot  # type: ignore[no-redef]  # noqa: F401
    from seat_helpers import QUICK, RT, finish, person, table_of, token_of  # type: ignore[no-redef]

pytestmark = pytest.mark.browser


def test_a_joiners_name_reaches_log_chat_end_table_and_replay(live_server, browser):
    errors: list[str] = []
    ana, bea = person(browser, errors, "Ana"), person(browser, errors)
    links = create_table(ana, live_server, RT, ["human", "human", "bot:random"], params=QUICK)
    ana.click("#open-my-seat")
    ana.wait_for_selector("#board .seat-box")
    assert ana.locator("#name-ask").count() == 0  # the lobby had her name
    bea.goto(links[1])
    bea.wait_for_selector("#name-slot #name-ask")
    assert bea.locator("#board .seat-box").count() > 0  # the question leaves the table usable
    screenshot(bea, "name-ask")
    bea.fill("#name-input", "Seat 1")
    bea.click("#name-ok")
    bea.wait_for_selector("#name-error:not([hidden])")
    assert "seat number" in bea.inner_text("#name-error")
    bea.fill("#name-input", "Bea")
    bea.click("#name-ok")
    bea.wait_for_selector("#name-ask", state="detached")
    assert bea.evaluate("() => localStorage.getItem('roses:name')") == "Bea"
    ana.wait_for_function("() => document.getElementById('players').innerText.includes('Bea')")
    assert ana.locator("#players .pname").all_inner_texts() == ["Ana", "Bea", "Ivy (random bot)"]
    bea.fill("#chat-input", "hello from Bea")
    bea.press("#chat-input", "Enter")
    ana.wait_for_function("() => document.getElementById('chat').innerText.includes('hello from Bea')")
    assert "Bea: hello from Bea" in ana.inner_text("#chat")
    table = table_of(ana.url)
    finish(live_server, table, {0: token_of(links[0]), 1: token_of(links[1])})
    ana.wait_for_selector("#end:not([hidden]) .results")
    results = ana.inner_text("#end .results")
    assert all(name in results for name in ("Ana", "Bea", "Ivy (random bot)")), results
    log = ana.inner_text("#log")
    assert "Bea" in log and "Ivy (random bot)" in log and "Seat 2" not in log, log[:500]
    ana.goto(f"{live_server}/replay?table={table}")
    ana.wait_for_selector("#viewer:not([hidden])")
    steps = ana.inner_text("#steps")
    movers = {line.split(" lays ")[0] for line in steps.splitlines() if " lays " in line}
    assert {"Bea", "Ana", "Ivy (random bot)"} <= movers, steps  # each move names its mover first
    ana.click("#last")
    assert "Bea" in ana.inner_text("#log")
    assert not errors, errors


def test_a_name_question_left_unanswered_goes_when_the_game_ends(live_server, browser):
    """A friend who plays without answering the name question did not see it at game over (it
    stayed beside the end of the game, asking to "Sit down" at a finished table); it goes as
    skipped, and the seat keeps its number."""
    errors: list[str] = []
    ana, bea = person(browser, errors, "Ana"), person(browser, errors)
    links = create_table(ana, live_server, RT, ["human", "human", "bot:random"], params=QUICK)
    bea.goto(links[1])
    bea.wait_for_selector("#name-slot #name-ask")
    table = table_of(bea.url)
    finish(live_server, table, {0: token_of(links[0]), 1: token_of(links[1])})
    bea.wait_for_selector("#end:not([hidden]) .results")
    bea.wait_for_selector("#name-ask", state="detached")
    assert "Seat 2 (you)" in bea.inner_text("#end .results")
    bea.reload()
    bea.wait_for_selector("#board .seat-box")
    assert bea.locator("#name-ask").count() == 0
    assert not errors, errors


# Seat names drawn shorter than they are (an ending "…", or a line clamped away).
CUT_NAMES = """() => [...document.querySelectorAll('#board .seat-box .sname')]
  .filter(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1).map(e => e.textContent)"""


@pytest.mark.parametrize("game,players", [("rose-ceremony", 4), (RT, 5)])
def test_seat_boxes_show_a_long_name_and_the_bots_levels_whole(game, players, live_server, browser):
    """Regression: a seat box cut "Maximilian-Alexander" to "Maximilian-Alexand…" on a 1280 px
    screen, and on a phone the bots' names too ("Rowan (expert …", "Juniper (bold b…"): a seat's
    name now wraps to a second line before it is cut."""
    bots = [{"kind": "bot", "bot": b} for b in ("ismcts:expert", "ismcts:medium", "bold", "heuristic")]
    status, made = api(live_server, "POST", "/api/tables", {
        "game": game, "params": {"players": players}, "seed": 3, "bot_delay_ms": 0,
        "seats": [{"kind": "human", "name": "Maximilian-Alexander"}] + bots[:players - 1]})
    assert status == 201, made
    errors: list[str] = []
    for width, page in pages_at_sizes(browser, errors, live_server + made["seats"][0]["join_url"]):
        page.wait_for_selector("#board .seat-box .sname")
        names = page.locator("#board .seat-box .sname").all_inner_texts()
        assert "Maximilian-Alexander" in names, names
        assert any("(expert bot)" in n for n in names), names
        assert page.evaluate(CUT_NAMES) == [], (width, names)
        screenshot(page, f"names-whole-{game}-{width}")
    assert not errors, errors
