"""Browser tests (issue 10): the replay viewer's analysis (win-chance graph of one seat, the
biggest drops marked and listed; a click jumps the replay there), hints at a table that allows
them, and the bots' plain names in the lobby. The server runs the ``ismcts:easy`` level
(``ROSES_ANALYSIS_BOT``) so an analysis takes a moment. A screenshot of the graph is saved as
``artifacts/screenshots/replay-analysis.png``.
"""
from __future__ import annotations

import os

import pytest

import roses
from roses.core.plain import engine_syntax

from .helpers import real_choices

try:
    from .browser_fixtures import (  # noqa: F401 - fixtures are used by name
        ServerProcess, api, browser, create_table, finished_bot_table, game_available, new_page, open_replay, require_browser,
        screenshot,
    )
except ImportError:
    from browser_fixtures import (  # type: ignore[no-redef]  # noqa: F401
        ServerProcess, api, browser, create_table, finished_bot_table, game_available, new_page, open_replay, require_browser,
        screenshot,
    )

pytestmark = pytest.mark.browser

RC = "rose-ceremony"
RT = "roses-and-thorns"


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """A ``roses serve`` subprocess whose analyses and hints use the quick ``ismcts:easy`` level."""
    require_browser()
    old = os.environ.get("ROSES_ANALYSIS_BOT")
    os.environ["ROSES_ANALYSIS_BOT"] = "ismcts:easy"
    try:
        server = ServerProcess(tmp_path_factory.mktemp("roses-analysis-data")).start()
    finally:
        if old is None:
            del os.environ["ROSES_ANALYSIS_BOT"]
        else:
            os.environ["ROSES_ANALYSIS_BOT"] = old
    try:
        yield server.base
    finally:
        server.stop()


def finished_bots_table(base: str) -> tuple[str, dict]:
    return finished_bot_table(base, RC, 2, 3, timeout=60)





def test_the_replay_viewer_analyses_a_seat_and_draws_its_win_chance(live_server, browser):
    if game_available(RC):
        pytest.skip(game_available(RC))
    tid, rec = finished_bots_table(live_server)
    choices = real_choices(rec, 0)
    errors: list[str] = []
    page = new_page(browser, errors, width=1280, height=1000)
    open_replay(page, live_server, tid)
    assert page.locator("#analysis-seat option").all_inner_texts() == ["Hazel (standard bot)", "Rowan (standard bot)"]
    page.select_option("#analysis-seat", "0")
    page.click("#analyse")
    page.wait_for_selector("#analysis-graph svg.chance-graph", timeout=120_000)
    points = page.locator("#analysis-graph .pt")
    assert points.count() == len(choices)
    assert points.evaluate_all("els => els.map(e => Number(e.dataset.step))") == choices
    assert page.inner_text("#analysis-status") == f"{len(choices)} decisions of Hazel (standard bot) analysed."
    marked = page.locator("#analysis-graph .pt.marked")
    listed = page.locator("#analysis-marked li button")
    assert 1 <= marked.count() <= 3 and listed.count() == marked.count()
    texts = [" ".join(t.split()) for t in listed.all_inner_texts()]
    for k, t in enumerate(texts):
        assert t.startswith(f"{k + 1} Move ") and "Hazel (standard bot) played '" in t and "kept about" in t
    # every point sits inside the 0-100% band of the chart
    ys = points.evaluate_all("els => els.map(e => Number(e.querySelector('circle').getAttribute('cy')))")
    assert all(14 <= y <= 240 - 36 for y in ys)
    # a listed move jumps the replay to that step
    first_step = int(page.locator("#analysis-marked li").first.get_attribute("data-step"))
    listed.first.click()
    assert page.input_value("#slider") == str(first_step + 1)
    assert page.inner_text("#step-label").startswith(f"Step {first_step + 1} of ")
    assert page.locator(f'#analysis-graph .pt.current[data-step="{first_step}"]').count() == 1
    # so does a point of the graph
    points.nth(0).click()
    assert page.input_value("#slider") == str(choices[0] + 1)
    path = screenshot(page, "replay-analysis")
    page.locator("#analysis-panel").screenshot(path=str(path.with_name("replay-analysis-panel.png")))
    assert errors == []


def test_a_hint_at_a_table_that_allows_hints(live_server, browser):
    if game_available(RT):
        pytest.skip(game_available(RT))
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + "/")
    page.click(f'.game-card[data-game="{RT}"]')
    options = page.locator('select[name="seat-1-kind"] option').all_inner_texts()
    # each with its typical seconds a move (issue 41)
    assert "Bot — Standard (instant)" in options and "Bot — Random (instant)" in options
    assert any(o.startswith("Bot — Hard search (about ") and o.endswith(" s a move)") for o in options), options
    create_table(page, live_server, RT, ["human", "bot:heuristic", "bot:heuristic"],
                 params={"hints": True, "quick_game": True})
    page.click("#open-my-seat")
    page.wait_for_selector("#moves:not([hidden]) button.move:enabled")
    page.wait_for_selector("#hint:not([hidden]) #hint-button")
    assert page.inner_text("#players").count("bot · Standard") == 2
    page.click("#hint-button")
    page.wait_for_selector("#hint-text")
    text = page.inner_text("#hint-text")
    assert text.startswith("Suggested: ") or text.startswith("Only one move is possible: ")
    legal = page.locator("#moves button.move").evaluate_all("els => els.map(e => e.dataset.action)")
    # The move in plain words, as the menu names it ("Lay a rose", not "lay rose"; a bid's
    # "(of N cards on the table)" aside).
    words = [roses.load(RT).spec.describe_action({}, m).split(" (")[0] for m in legal]
    assert any(f"Suggested: {w}" in text or f"possible: {w}" in text for w in words), (text, words)
    assert engine_syntax(text) == [] and not any(f"Suggested: {m}." in text for m in legal)
    version = page.evaluate("() => document.getElementById('moves').dataset.version")
    page.click("#hint-play")
    page.wait_for_function("v => (document.getElementById('moves').dataset.version || '') !== v", arg=version)
    assert errors == []


def test_a_hint_asked_while_the_last_turns_hint_is_worked_out_waits_for_it(live_server, browser):
    """Regression: a player who moved while "Thinking…" (or pressed Play it) and asked again on
    their next turn was told "a hint for your seat is already being worked out; wait for it": the
    page sent the new ask at once, and the server works out one hint per seat at a time. The page
    now sends one hint request at a time. The first request is held in the browser until the next
    turn's Hint was pressed, so the test does not depend on how fast the search is."""
    if game_available(RT):
        pytest.skip(game_available(RT))
    errors: list[str] = []
    page = new_page(browser, errors)
    create_table(page, live_server, RT, ["human", "bot:heuristic", "bot:heuristic"],
                 params={"hints": True, "quick_game": True, "start_player": 0})
    page.click("#open-my-seat")
    events: list[str] = []
    held = []

    def on_hint(route):
        events.append("asked")
        if held:
            route.continue_()
        else:
            held.append(route)  # the first ask is answered only when the test lets it go

    page.route("**/api/tables/*/hint", on_hint)
    page.on("response", lambda r: events.append("answered") if r.url.endswith("/hint") else None)
    page.wait_for_selector('#moves:not([hidden]) button[data-action="lay rose"]:enabled')
    with page.expect_request("**/hint"):
        page.click("#hint-button")
    page.wait_for_selector("#hint-button:disabled")  # Thinking…
    version = page.evaluate("() => document.getElementById('moves').dataset.version")
    page.click('#moves button[data-action="lay rose"]')  # the player moves on without waiting
    page.wait_for_function("v => (document.getElementById('moves').dataset.version || '') !== v", arg=version)
    page.wait_for_selector("#moves:not([hidden]) button.move:enabled")  # the bots laid: our turn again
    page.click("#hint-button:enabled")
    page.wait_for_selector("#hint-button:disabled")
    held[0].continue_()
    page.wait_for_selector("#hint-text", timeout=120_000)
    assert page.locator("#hint .error").count() == 0
    assert events[:3] == ["asked", "answered", "asked"], events  # never two asks at once
    assert errors == []
