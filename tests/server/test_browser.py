"""Browser tests (issue 6): real ``roses serve`` + headless Chromium through Playwright.

- Two browser contexts (two people) join one Roses and Thorns table with two bots, chat, and play
  it to the end by clicking legal-move buttons; the end screen offers the game record, which the
  replay viewer then steps through.
- One game of each other game is played to the end with one human seat (see test_browser_games.py).
- Screenshots of each table go to ``artifacts/screenshots/<game>.png``.

Run: ``python -m pytest -m browser tests/server`` (skipped without /usr/bin/chromium).
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

# tests/ may or may not be a package (conftest rootdir import); support both.
try:
    from .browser_fixtures import (  # noqa: F401 - fixtures are used by name
        browser, create_table, game_available, is_over, live_server, my_turn_buttons, new_page,
        play_to_end, screenshot,
    )
except ImportError:
    from browser_fixtures import (  # type: ignore[no-redef]  # noqa: F401
        browser, create_table, game_available, is_over, live_server, my_turn_buttons, new_page,
        play_to_end, screenshot,
    )

pytestmark = pytest.mark.browser

GAME = "roses-and-thorns"


@pytest.fixture(scope="module", autouse=True)
def _needs_game():
    reason = game_available(GAME)
    if reason:
        pytest.skip(reason)


def test_two_browsers_and_two_bots_play_roses_and_thorns_to_the_end(live_server, browser, tmp_path):
    errors: list[str] = []
    host = new_page(browser, errors)
    links = create_table(host, live_server, GAME, ["human", "human", "bot:heuristic", "bot:heuristic"],
                         name="Browser test <b>table</b>")
    assert len(links) == 2 and all("/t/" in u and "token=" in u for u in links)
    assert links[0] != links[1]
    host.click("#open-my-seat")
    host.wait_for_selector("#board .seat-box")
    friend = new_page(browser, errors)
    friend.goto(links[1])
    friend.wait_for_selector("#board .seat-box")
    # The secret token leaves the address bar; each browser holds its own seat.
    assert "token=" not in friend.url
    assert "seat 1" in host.inner_text("#subtitle")
    assert "seat 2" in friend.inner_text("#subtitle")
    # The table's name is shown as text, never as markup.
    assert "<b>table</b>" in host.inner_text("#title")
    # Each seat sees only its own hand.
    assert host.locator("#board .my-area .hand .card").count() == 4
    assert friend.locator("#board .my-area .hand .card").count() == 4

    # Chat reaches the other browser, escaped.
    friend.fill("#chat-input", "<img src=x onerror=alert(1)> hello from seat 1")
    friend.press("#chat-input", "Enter")
    host.wait_for_function("() => document.getElementById('chat').innerText.includes('hello from seat 1')")
    assert host.locator("#chat img").count() == 0
    assert "<img src=x onerror=alert(1)>" in host.inner_text("#chat")

    shot = {}

    def before(page, moves):
        # One screenshot mid-game, on the host's turn with the moves offered.
        if not shot and page is host and moves >= 8:
            shot["path"] = screenshot(host, GAME)

    rng = random.Random(6)
    moves = play_to_end([host, friend], rng, before_move=before)
    assert moves > 4
    if not shot:
        shot["path"] = screenshot(host, GAME)
    screenshot(host, f"{GAME}-end")
    for page in (host, friend):
        assert page.locator("#end-title").is_visible()
        assert page.locator(".results li.winner").count() >= 1
        assert page.inner_text("#turn") == "Game over"
        assert page.locator("#moves button.move").count() == 0
        # one filled button: "Play again" (the download was filled too: two looked equally important)
        page.wait_for_selector("#rematch-start")
        assert page.locator("#end .primary").all_inner_texts() == ["Play again"]
    # The board shows the winner too.
    assert "winner" in host.inner_text("#board").lower()

    # The end screen's download is the game record; the replay viewer steps through it.
    with host.expect_download() as info:
        host.click("#download-record")
    path = tmp_path / "record.json"
    info.value.save_as(path)
    record = json.loads(path.read_text())
    assert record["game"] == GAME and record["result"]["terminal"] is True
    assert len(record["actions"]) >= moves

    viewer = new_page(browser, errors)
    viewer.goto(live_server + "/replay")
    viewer.set_input_files("#record-file", str(path))
    viewer.wait_for_selector("#viewer:not([hidden])")
    total = len(record["actions"])
    assert viewer.inner_text("#step-label") == f"Step 0 of {total}"
    viewer.click("#next")
    viewer.click("#next")
    assert viewer.inner_text("#step-label") == f"Step 2 of {total}"
    # The step in plain words, as the log says it (not the record's action text "lay rose").
    assert viewer.inner_text("#step-action").endswith(" lays a first card.")
    assert record["actions"][1][1] not in viewer.inner_text("#step-action")
    viewer.click("#prev")
    assert viewer.inner_text("#step-label") == f"Step 1 of {total}"
    viewer.click("#last")
    assert viewer.inner_text("#step-label") == f"Step {total} of {total}"
    assert "winner" in viewer.inner_text("#board").lower()
    # The end screen's replay link opens the same record straight from the table.
    table_id = host.url.rsplit("/t/", 1)[1].split("?")[0]
    viewer.goto(live_server + f"/replay?table={table_id}")
    viewer.wait_for_selector("#viewer:not([hidden])")
    assert viewer.inner_text("#step-label") == f"Step 0 of {total}"
    assert host.locator(f'#end a[href="/replay?table={table_id}"]').count() == 1
    # The lobby lists the finished table with its replay.
    viewer.goto(live_server + "/")
    viewer.click("details.finished > summary")
    viewer.wait_for_selector(f'details.finished a[href="/replay?table={table_id}"]')
    assert not errors, errors


def test_spectator_on_a_phone_sees_public_information_only(live_server, browser):
    errors: list[str] = []
    host = new_page(browser, errors)
    create_table(host, live_server, GAME, ["human", "bot:heuristic", "bot:heuristic"])
    host.click("#open-my-seat")
    host.wait_for_selector("#board .seat-box")
    table_url = host.url
    phone = new_page(browser, errors, width=390, height=844)
    phone.goto(table_url)
    phone.wait_for_selector("#board .seat-box")
    assert "Spectator" in phone.inner_text("#subtitle")
    # No hand and no peeks at face-down cards for a spectator, and no moves.
    assert phone.locator("#board .my-area").count() == 0
    assert phone.locator("#board .card.peek").count() == 0
    assert phone.locator("#moves button.move").count() == 0
    assert phone.locator("#chat-input").is_disabled()
    # The page fits the phone's width (no sideways scrolling).
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 392
    # The host plays a move; the spectator's view follows live over the WebSocket.
    host.wait_for_selector("#moves:not([hidden]) button.move:enabled")
    before = phone.inner_text("#log")
    my_turn_buttons(host).first.click()
    phone.wait_for_function("b => document.getElementById('log').innerText !== b", arg=before)
    screenshot(phone, f"{GAME}-phone")
    assert not errors, errors


def test_lobby_rules_and_refused_moves(live_server, browser):
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + "/")
    page.wait_for_selector(".game-card")
    cards = page.locator(".game-card").evaluate_all("els => els.map(e => e.dataset.game)")
    assert GAME in cards
    # A value out of range (past the form's own checks) is refused with the server's message.
    page.click(f'.game-card[data-game="{GAME}"]')
    page.evaluate("() => { document.getElementById('create-form').noValidate = true; }")
    page.fill("#players", "2")
    page.click("#create")
    page.wait_for_selector("#form-error:not([hidden])")
    assert "players" in page.inner_text("#form-error")
    # The how-to-play page renders each game's rules document (headings, lists, tables).
    for game in cards:
        page.goto(live_server + f"/rules/{game}")
        page.wait_for_selector("#rules h1, #rules .error")
        assert page.locator("#rules .error").count() == 0, f"no rules page for {game}"
        assert page.locator("#rules h1").count() == 1
        assert page.locator("#rules h2, #rules h3").count() >= 1
    page.goto(live_server + "/rules/no-such-game")
    page.wait_for_selector("#rules .error")
    # A table that does not exist says so.
    page.goto(live_server + "/t/no-such-table")
    page.wait_for_function("() => document.getElementById('title').textContent === 'Table not found'")

    # A typed illegal move gets the rule's message; the table is unchanged.
    create_table(page, live_server, GAME, ["human", "bot:heuristic", "bot:heuristic"])
    page.click("#open-my-seat")
    page.wait_for_selector("#moves:not([hidden]) button.move:enabled")
    version = page.evaluate("() => document.getElementById('moves').dataset.version")
    page.click(".typed-move summary")
    page.fill(".typed-move input", "bid 99")
    page.press(".typed-move input", "Enter")
    page.wait_for_selector("#banner.banner-error:not([hidden])")
    assert page.inner_text("#banner").strip()
    assert page.evaluate("() => document.getElementById('moves').dataset.version") == version
    screenshot(page, f"{GAME}-refused")
    assert not errors, errors
