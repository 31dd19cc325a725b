"""Browser tests (issue 6) of the table page's own features: hot-seat mode, the host handing a
seat to a bot, reconnecting after a server restart, and the Rare Roses deal builder's text.

Run: ``python -m pytest -m browser tests/server`` (skipped without /usr/bin/chromium).
"""
from __future__ import annotations

import json

import random
import re
import time
from urllib.parse import parse_qs, urlparse

import pytest

# tests/ may or may not be a package (conftest rootdir import); support both.
try:
    from .browser_fixtures import (  # noqa: F401 - fixtures are used by name
        ServerProcess, SocketMoves, api, browser, create_table, game_available, live_server, new_page, play_to_end,
        require_browser, screenshot,
    )
except ImportError:
    from browser_fixtures import (  # type: ignore[no-redef]  # noqa: F401
        ServerProcess, SocketMoves, api, browser, create_table, game_available, live_server, new_page, play_to_end,
        require_browser, screenshot,
    )

pytestmark = pytest.mark.browser

RT = "roses-and-thorns"


def needs(game: str) -> None:
    reason = game_available(game)
    if reason:
        pytest.skip(reason)


def test_hot_seat_plays_both_human_seats_in_one_browser(live_server, browser):
    needs(RT)
    errors: list[str] = []
    page = new_page(browser, errors)
    create_table(page, live_server, RT, ["human", "human", "bot:heuristic"], hotseat=True)
    page.wait_for_selector("#board .seat-box")
    # Both human seats are held here: a switcher offers them.
    page.wait_for_selector("#seat-switch:not([hidden])")
    assert page.locator("#seat-switch .seat-btn").count() == 2
    seen_seats = set()

    def before(p, moves):
        seen_seats.add(p.evaluate("() => window.rosesTable.seat"))

    # The page follows the seat to move; a cover hides the cards while the device changes hands.
    rng = random.Random(3)
    deadline = time.monotonic() + 120
    while True:  # until the cover shows (the bot moves in between, at its own pace)
        assert time.monotonic() < deadline, "the page never passed the device to the other seat"
        if page.locator("#cover:not([hidden])").count():
            break
        buttons = page.locator("#moves:not([hidden]) button.move:enabled")
        if buttons.count():
            before(page, 0)
            version = page.evaluate("() => window.rosesTable.view.version")
            buttons.nth(rng.randrange(buttons.count())).click()
            page.wait_for_function("v => window.rosesTable.view === null || window.rosesTable.view.version !== v", arg=version)
        else:
            page.wait_for_timeout(50)
    assert "Pass the device to" in page.inner_text("#cover")
    page.click("#cover #reveal")
    moves = play_to_end([page], rng, before_move=before)
    assert moves > 4
    assert seen_seats == {0, 1}, "the page moved for both hot seats"
    # Switching by hand works too.
    page.click("#end button:has-text('See the table')")
    page.click("#seat-switch .seat-btn:not(.active)")
    page.wait_for_function("() => document.querySelector('#seat-switch .seat-btn.active')")
    assert not errors, errors


def test_host_hands_a_seat_to_a_bot_and_finishes(live_server, browser):
    needs(RT)
    errors: list[str] = []
    page = new_page(browser, errors)
    links = create_table(page, live_server, RT, ["human", "human", "bot:heuristic"])
    assert len(links) == 2
    page.click("#open-my-seat")
    page.wait_for_selector("#board .seat-box")
    # The host can copy the friend's link again from the table page.
    page.click("#invites summary")
    assert page.locator("#invites input").input_value() == links[1]
    # The friend never comes: the host gives seat 1 to a bot.
    page.on("dialog", lambda d: d.accept())
    row = page.locator("#players li.player").nth(1)
    row.locator("details.host summary").click()
    row.locator("details.host select").select_option("heuristic")
    row.locator("details.host button").click()
    page.wait_for_function("() => window.rosesTable.view.seats[1].kind === 'bot'")
    assert "bot" in page.locator("#players li.player").nth(1).inner_text()
    assert page.locator("#invites").count() == 0  # nobody to invite any more
    moves = play_to_end([page], random.Random(4))
    assert moves >= 1
    assert page.locator("#end-title").is_visible()
    assert not errors, errors


def test_a_late_answer_never_takes_the_page_back_to_an_older_view(live_server, browser):
    """Regression (CI, 2026-11-29): after handing a seat to a bot the page fetches the table; a move
    pushed over the WebSocket before that fetch's answer arrived was overwritten by the older
    answer (it was applied "forced"), so the page never showed the human's next turn."""
    needs(RT)
    errors: list[str] = []
    page = new_page(browser, errors)
    links = create_table(page, live_server, RT, ["human", "human", "human"])
    tokens = [parse_qs(urlparse(link).query)["token"][0] for link in links]
    table_id = urlparse(links[0]).path.rsplit("/", 1)[-1]
    page.click("#open-my-seat")
    page.wait_for_selector("#board .seat-box")
    status, before = api(live_server, "GET", f"/api/tables/{table_id}")
    assert status == 200, before
    to_move = before["current_player"]
    spare = next(s for s in (1, 2) if s != to_move)  # a seat whose bot has nothing to do yet
    held: list = []

    def hold(route):
        if route.request.method == "GET":
            held.append((route, route.fetch()))  # the answer as it is now, delivered later
        else:
            route.continue_()

    page.route(f"**/api/tables/{table_id}", hold)
    page.on("dialog", lambda d: d.accept())
    row = page.locator("#players li.player").nth(spare)
    row.locator("details.host summary").click()
    row.locator("details.host button").click()
    deadline = time.monotonic() + 60
    while not held:
        assert time.monotonic() < deadline, "the page did not fetch the table after the hand-over"
        page.wait_for_timeout(20)
    stale = held[0][1].json()
    status, mover = api(live_server, "GET", f"/api/tables/{table_id}", token=tokens[to_move])
    status, moved = api(live_server, "POST", f"/api/tables/{table_id}/actions",
                        {"action": mover["legal_actions"][0], "version": mover["version"]}, token=tokens[to_move])
    assert status == 200, moved
    assert moved["version"] > stale["version"]
    page.wait_for_function("v => window.rosesTable.view.version >= v", arg=moved["version"])
    route, answer = held[0]
    with page.expect_event("requestfinished", lambda r: r.url.endswith(f"/api/tables/{table_id}")):
        route.fulfill(response=answer)
    page.unroute(f"**/api/tables/{table_id}")
    page.wait_for_timeout(200)  # margin for the page to read the late answer (already delivered)
    assert page.evaluate("() => window.rosesTable.view.version") >= moved["version"]
    assert not errors, errors


STORE = "id => JSON.parse(localStorage.getItem(`roses:table:${id}`) || '{}')"


def test_hot_seat_keeps_the_other_seat_when_the_active_one_goes_to_a_bot(live_server, browser):
    """Regression: in hot seat the host hands the active seat to a bot. The page drops that seat
    and fetches the other held seat's view; until that answer (and the new live connection) a
    message on the old seat's socket still says "replaced by a bot" — and was taken to be about
    the seat now active, so the page dropped the second seat too and was left watching. The
    fetch is held here, and the host's chat message makes the old socket speak meanwhile."""
    needs(RT)
    errors: list[str] = []
    page = new_page(browser, errors)
    frames: list[str] = []  # what the page's sockets receive
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    create_table(page, live_server, RT, ["human", "human", "bot:heuristic"], hotseat=True)
    page.wait_for_selector("#seat-switch:not([hidden])")
    page.wait_for_function("() => window.rosesTable.view !== null")
    table_id = page.url.split("/t/")[1].split("?")[0]
    stored = page.evaluate(STORE, table_id)
    active = page.evaluate("() => window.rosesTable.seat")
    other = 1 - active
    held: list = []

    def hold(route):
        if route.request.method == "GET":
            held.append(route)
        else:
            route.continue_()

    page.route(f"**/api/tables/{table_id}", hold)
    status, _ = api(live_server, "POST", f"/api/tables/{table_id}/seats/{active}/bot", {"bot": "heuristic"},
                    token=stored["host"])
    assert status == 200
    # The page has dropped the seat and asked for the other one's view (held).
    page.wait_for_function("s => window.rosesTable.seat === s", arg=other)
    deadline = time.monotonic() + 60
    while not held:
        assert time.monotonic() < deadline, "the page did not fetch the other seat's view"
        page.wait_for_timeout(20)
    # The old socket hears the host's chat message: its view still says "replaced by a bot".
    status, _ = api(live_server, "POST", f"/api/tables/{table_id}/chat", {"text": "late news"}, token=stored["host"])
    assert status == 200
    deadline = time.monotonic() + 60
    while not any("late news" in f for f in frames):
        assert time.monotonic() < deadline, "the chat message was not pushed"
        page.wait_for_timeout(20)
    page.wait_for_timeout(200)  # margin for the page to read it (the frame is already here)
    for route in held:
        route.continue_()
    page.unroute(f"**/api/tables/{table_id}")
    page.wait_for_function("() => window.rosesTable.view && window.rosesTable.view.chat.some(m => m.text === 'late news')")
    assert page.evaluate("() => window.rosesTable.seat") == other
    assert page.evaluate("() => window.rosesTable.view.seat") == other
    assert page.evaluate(STORE, table_id)["seats"] == {str(other): stored["seats"][str(other)]}
    assert page.inner_text("#subtitle") == f"You play seat {other + 1}"
    assert not errors, errors


def solo_rt_table(base: str) -> dict:
    """A Roses and Thorns table: seat 0 human, two heuristic bots without delay, seed 1."""
    status, made = api(base, "POST", "/api/tables", {
        "game": RT, "params": {"players": 3}, "bot_delay_ms": 0, "seed": 1,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "heuristic"}]})
    assert status == 201, made
    return made


ENABLED_MOVES = "#moves:not([hidden]) button.move:enabled"


def open_solo_rt(base: str, browser, errors: list[str]):
    """A :func:`solo_rt_table` and a new page on its seat 0's join link: ``(made, page)``."""
    made = solo_rt_table(base)
    page = new_page(browser, errors)
    page.goto(base + made["seats"][0]["join_url"])
    return made, page


def test_a_move_whose_answer_never_comes_does_not_lock_the_panel(live_server, browser):
    """Regression: the move panel stayed disabled until the answer to the page's move arrived.
    When the table moves past that position anyway (the same seat moved from another tab, or the
    turn timer let a bot move) the answer is old news, and a lost answer left the panel disabled
    for good. The move is held here on its way to the server (on the page's WebSocket) and never
    reaches it."""
    needs(RT)
    errors: list[str] = []
    made = solo_rt_table(live_server)
    page = new_page(browser, errors)
    moves = SocketMoves(page)
    page.goto(live_server + made["seats"][0]["join_url"])
    table, token = made["table_id"], made["seats"][0]["token"]
    page.wait_for_selector(ENABLED_MOVES)
    moves.ready()
    shown = page.evaluate("() => window.rosesTable.view.version")
    moves.hold = True
    page.locator(ENABLED_MOVES).first.click()
    page.wait_for_function("() => document.querySelectorAll('#moves button.move:enabled').length === 0")
    for _ in range(200):  # Playwright hands the routed message to the test while it waits
        if moves.held:
            break
        page.wait_for_timeout(50)
    assert len(moves.held) == 1
    # Seat 0 moves from elsewhere; the bots answer; it is seat 0's turn again, live over the socket.
    status, view = api(live_server, "GET", f"/api/tables/{table}", token=token)
    assert view["version"] == shown
    status, after = api(live_server, "POST", f"/api/tables/{table}/actions",
                        {"action": view["legal_actions"][0], "version": shown}, token=token)
    assert status == 200, after
    page.wait_for_function("v => window.rosesTable.view.version > v && window.rosesTable.view.legal_actions.length > 0", arg=shown)
    page.wait_for_selector(ENABLED_MOVES)  # the panel is usable although the answer never came
    now = page.evaluate("() => window.rosesTable.view.version")
    moves.hold = False  # the held move stays lost: its answer never comes
    page.locator(ENABLED_MOVES).first.click()
    page.wait_for_function("v => window.rosesTable.view.version > v", arg=now)
    assert page.locator("#banner").is_hidden()
    assert not errors, errors


def test_a_failed_move_and_a_failed_refresh_leave_the_panel_usable(live_server, browser):
    """Regression: when a move failed (500) and the refresh after it failed too (network), the
    buttons stayed disabled until some later view arrived. The failure is the answer to the move
    on the page's WebSocket, made here in the server's place."""
    needs(RT)
    errors: list[str] = []
    made = solo_rt_table(live_server)
    page = new_page(browser, errors)
    moves = SocketMoves(page)
    page.goto(live_server + made["seats"][0]["join_url"])
    table = made["table_id"]
    page.wait_for_selector(ENABLED_MOVES)
    moves.ready()
    shown = page.evaluate("() => window.rosesTable.view.version")
    moves.refuse = lambda data: {"status": 500, "error": "internal", "detail": "test"}
    page.route(f"**/api/tables/{table}", lambda route: route.abort())
    page.locator(ENABLED_MOVES).first.click()
    page.wait_for_selector("#banner:not([hidden])")
    page.wait_for_selector(ENABLED_MOVES)
    assert page.evaluate("() => window.rosesTable.view.version") == shown
    moves.refuse = None
    page.unroute(f"**/api/tables/{table}")
    page.locator(ENABLED_MOVES).first.click()
    page.wait_for_function("v => window.rosesTable.view.version > v", arg=shown)
    # The console names the failed request (aborted): expected here.
    assert not [e for e in errors if "ERR_FAILED" not in e and "500" not in e], errors


def test_the_chat_field_stays_disabled_until_its_message_is_answered(live_server, browser):
    """Regression: the chat message's own push (sent before the POST's answer) redrew the chat and
    enabled the field again; a second message typed then was wiped by the first one's answer."""
    needs(RT)
    errors: list[str] = []
    made, page = open_solo_rt(live_server, browser, errors)
    table = made["table_id"]
    page.wait_for_selector("#board .seat-box")
    held: list = []
    page.route(f"**/api/tables/{table}/chat", lambda route: held.append((route, route.fetch())))
    page.fill("#chat-input", "first message")
    page.press("#chat-input", "Enter")
    # The server has taken the message and pushed it; its answer to the page is held.
    page.wait_for_function("() => document.getElementById('chat').innerText.includes('first message')")
    assert len(held) == 1
    assert page.locator("#chat-input").is_disabled()
    assert page.locator("#chat-form button[type=submit]").is_disabled()
    route, answer = held[0]
    route.fulfill(response=answer)
    page.unroute(f"**/api/tables/{table}/chat")
    page.wait_for_selector("#chat-input:enabled")
    assert page.input_value("#chat-input") == ""
    page.fill("#chat-input", "second message")
    page.press("#chat-input", "Enter")
    page.wait_for_function("() => document.getElementById('chat').innerText.includes('second message')")
    page.wait_for_selector("#chat-input:enabled")
    status, view = api(live_server, "GET", f"/api/tables/{table}")
    assert [m["text"] for m in view["chat"]] == ["first message", "second message"]
    assert not errors, errors


def test_reconnects_after_a_server_restart_and_restores_the_view(browser, tmp_path):
    needs(RT)
    require_browser()
    server = ServerProcess(tmp_path).start()
    try:
        status, made = api(server.base, "POST", "/api/tables", {
            "game": RT, "params": {"players": 3}, "bot_delay_ms": 0,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "heuristic"}]})
        assert status == 201, made
        token = made["seats"][0]["token"]
        errors: list[str] = []
        page = new_page(browser, errors)
        page.goto(server.base + made["seats"][0]["join_url"])
        page.wait_for_selector("#conn.conn-live")
        page.wait_for_selector("#moves:not([hidden]) button.move:enabled")
        server.stop()
        page.wait_for_selector("#conn.conn-reconnecting")
        # A click while the server is down says so plainly (not "TypeError: Failed to fetch") ...
        page.locator("#moves button.move:enabled").first.click()
        page.wait_for_selector("#banner:not([hidden])")
        assert "Can't reach the server — retrying…" in page.inner_text("#banner")
        assert "Failed to fetch" not in page.inner_text("#banner")
        server.start()
        # While the page is still away, seat 0 moves through the API (e.g. from another tab).
        status, view = api(server.base, "GET", f"/api/tables/{made['table_id']}", token=token)
        assert status == 200 and view["legal_actions"], view
        status, after = api(server.base, "POST", f"/api/tables/{made['table_id']}/actions",
                            {"action": view["legal_actions"][0], "version": view["version"]}, token=token)
        assert status == 200, after
        # The page reconnects (backoff: its next try may be 15 s away) and shows the table as it is now.
        page.wait_for_selector("#conn.conn-live", timeout=90_000)
        # ... and the banner goes away once the page is live again.
        page.wait_for_selector("#banner", state="hidden")
        deadline = time.monotonic() + 60
        while page.evaluate("() => window.rosesTable.view.version") < after["version"]:
            assert time.monotonic() < deadline, "the view was not restored after reconnecting"
            page.wait_for_timeout(100)
        # Refused connections while the server was down are expected; nothing else.
        assert not [e for e in errors if "ERR_CONNECTION_REFUSED" not in e], errors
    finally:
        server.stop()


def test_rare_roses_deal_builder_writes_the_draft_steps(live_server, browser):
    """The deal builder sends a deal as the engine's draft steps (rules_version 2, RR-7): ``deal
    SEAT``, the takes and gives in tile order, the money in +20/+5/+1 steps, ``propose``."""
    needs("rare-roses")
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + "/")
    steps = page.evaluate("""async () => {
        const m = await import('/static/games/rare-roses.js');
        return [
            m.dealSteps({seat: 1, take: {'juliet/bud': 2, 'black/mature': 1}, give: {}, pay: 27}),
            m.dealSteps({seat: 2, take: {'osira/fresh': 1}, give: {'blue/bud': 1}, pay: 0}),
            m.dealSteps({seat: 1, take: {}, give: {'blue/bud': 1}, pay: 3}),
        ];
    }""")
    assert steps == [["deal 1", "take juliet/bud", "take juliet/bud", "take black/mature", "pay +20", "pay +5",
                      "pay +1", "pay +1", "propose"],
                     ["deal 2", "take osira/fresh", "give blue/bud", "propose"], None]
    # The engine drafts the same deals from these steps (the compound texts of rules_version 1).
    from roses.games.rare_roses.actions import offer_steps, parse_action

    for old, new in zip(["offer 1 take juliet/bud,juliet/bud,black/mature pay 27",
                         "offer 2 take osira/fresh pay 0 give blue/bud"], steps):
        assert [str(a) for a in offer_steps(parse_action(old))] == new
    assert not errors, errors


def test_turn_flashes_the_title_and_the_timer_lets_a_bot_move_for_a_late_seat(live_server, browser):
    needs(RT)
    status, made = api(live_server, "POST", "/api/tables", {
        "game": RT, "params": {"players": 3}, "bot_delay_ms": 0, "turn_timer_seconds": 3,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "heuristic"}]})
    assert status == 201, made
    errors: list[str] = []
    page = new_page(browser, errors)
    # The player looks at another window: their turn flashes the tab's title (no sound).
    page.add_init_script("document.hasFocus = () => false;")
    page.goto(live_server + made["seats"][0]["join_url"])
    page.wait_for_selector("#moves:not([hidden]) button.move:enabled")
    page.wait_for_function("() => document.title === '★ Your turn! ★'")
    page.wait_for_selector("#timer:not([hidden])")
    # words, not "⏱" (no glyph without an emoji font): "0:03 left"
    assert re.fullmatch(r"0:0[0-3] left", page.inner_text("#timer")), page.inner_text("#timer")
    version = page.evaluate("() => window.rosesTable.view.version")
    # Nobody clicks: when the time is up a bot moves for seat 0, and the page shows it.
    page.wait_for_function("v => window.rosesTable.view.version > v", arg=version)
    assert not errors, errors


def test_a_stale_click_is_refused_and_the_view_refreshed(live_server, browser):
    needs(RT)
    status, made = api(live_server, "POST", "/api/tables", {
        "game": RT, "params": {"players": 3}, "bot_delay_ms": 0,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "heuristic"}]})
    assert status == 201, made
    table, token = made["table_id"], made["seats"][0]["token"]
    errors: list[str] = []
    page = new_page(browser, errors)
    # This page hears nothing live (its WebSocket carries its moves and their answers, and
    # nothing else), so it falls behind.
    def deaf(ws):
        server = ws.connect_to_server()
        server.on_message(lambda m: ws.send(m) if json.loads(m).get("type") in ("acted", "refused") else None)
    page.route_web_socket("**/ws/**", deaf)
    page.goto(live_server + made["seats"][0]["join_url"])
    page.wait_for_selector("#moves:not([hidden]) button.move:enabled")
    # The socket is open and the view the page fetches when it opens has come: from now on the
    # page hears nothing (a socket that opened after the move below caught the page up: CI).
    page.wait_for_selector("#conn.conn-live")
    page.wait_for_load_state("networkidle")
    shown = page.evaluate("() => window.rosesTable.view.version")
    # Meanwhile the same seat moves from elsewhere (another tab).
    status, view = api(live_server, "GET", f"/api/tables/{table}", token=token)
    assert view["version"] == shown and view["legal_actions"]
    status, after = api(live_server, "POST", f"/api/tables/{table}/actions",
                        {"action": view["legal_actions"][0], "version": view["version"]}, token=token)
    assert status == 200
    # The bots answer; wait until they are done, so the page's refresh below sees the last version
    # (this page hears nothing live: a refresh between two bot moves would stay behind).
    deadline = time.monotonic() + 60
    while True:
        status, now = api(live_server, "GET", f"/api/tables/{table}", token=token)
        if now["terminal"] or now["current_player"] == 0:
            break
        assert time.monotonic() < deadline, "the bots did not move"
        time.sleep(0.05)
    # The stale click is refused (409), nothing is applied twice, and the page catches up.
    page.locator("#moves button.move:enabled").first.click()
    page.wait_for_selector("#banner.banner-info:not([hidden])")
    assert "moved on" in page.inner_text("#banner")
    page.wait_for_function("v => window.rosesTable.view.version > v", arg=shown)
    status, now = api(live_server, "GET", f"/api/tables/{table}", token=token)
    assert page.evaluate("() => window.rosesTable.view.version") == now["version"]
    assert not errors, errors
