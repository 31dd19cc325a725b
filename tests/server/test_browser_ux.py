"""Browser tests of a tester's UX findings on the table page and the lobby: long unbroken names
never widen the page (item 4), a friend's join link opened in a browser that already plays another
seat asks before turning the table into hot seat (item 5), hot-seat seats held here read "this
device" (item 19), the phone's move panel leaves the board visible (item 20), a refused typed move
keeps its text and shows the message verbatim (item 11), "New game" reopens the lobby on the same
game and the log keeps players' names as given (item 23), and Rare Roses offers no deal when every
other shop is empty (item 21).

Run: ``python -m pytest -m browser tests/server/test_browser_ux.py`` (skipped without
/usr/bin/chromium).
"""
from __future__ import annotations

import time

import pytest

from roses.server.schemas import MAX_NAME, MAX_TABLE_NAME

from ..registry import SMALL_TABLES, case, every_game, table

try:
    from .browser_fixtures import (  # noqa: F401 - fixtures are used by name
        SocketMoves, api, browser, create_table, game_available, live_server, new_page, pages_at_sizes, screenshot,
    )
except ImportError:
    from browser_fixtures import (  # type: ignore[no-redef]  # noqa: F401
        SocketMoves, api, browser, create_table, game_available, live_server, new_page, pages_at_sizes, screenshot,
    )

pytestmark = pytest.mark.browser

RT, RC, RR, BR = "roses-and-thorns", "rose-ceremony", "rare-roses", "blades-and-rose"
LONG_TABLE = "W" * MAX_TABLE_NAME  # the API's longest table name, no spaces
LONG_SEAT = "M" * MAX_NAME  # the API's longest seat name
OTHER_SEAT = "x" * MAX_NAME


def needs(game: str) -> None:
    reason = game_available(game)
    if reason:
        pytest.skip(reason)


def make(base: str, game: str, seats: list[dict], **extra) -> dict:
    """Create a table through the API. A fixed seed (repeatable deals) only with one human seat:
    the server refuses a known seed when two or more people play."""
    body = {"game": game, "seats": seats, "bot_delay_ms": 0, **extra}
    if sum(s["kind"] == "human" for s in seats) < 2:
        body.setdefault("seed", 7)
    status, made = api(base, "POST", "/api/tables", body)
    assert status == 201, made
    return made


def bots(n: int) -> list[dict]:
    return [{"kind": "bot", "bot": "heuristic"}] * n


# ---------------------------------------------------------------- item 4: long names
PAGE_WIDTH = """() => ({page: document.documentElement.scrollWidth, viewport: window.innerWidth,
  board: document.getElementById('board') ? [document.getElementById('board').scrollWidth,
                                             document.getElementById('board').clientWidth] : null})"""

# Each seat box's name stays inside its box, and no two seat names overlap.
NAMES_IN_BOXES = """() => {
  const out = [];
  const rects = [];
  for (const box of document.querySelectorAll('#board .seat-box')) {
    const b = box.getBoundingClientRect();
    const name = box.querySelector('.sname');
    if (!name) continue;
    const r = name.getBoundingClientRect();
    rects.push(r);
    if (r.right > b.right + 0.5 || r.left < b.left - 0.5) out.push(`${name.textContent.slice(0, 8)}…: ${r.left}-${r.right} outside ${b.left}-${b.right}`);
  }
  for (let i = 0; i < rects.length; i++) for (let j = i + 1; j < rects.length; j++) {
    const a = rects[i], c = rects[j];
    if (a.left < c.right && c.left < a.right && a.top < c.bottom && c.top < a.bottom) out.push(`names ${i} and ${j} overlap`);
  }
  return out;
}"""


# every game at a small table of 3 seats or more: two humans with long names and a bot
@pytest.mark.parametrize("game,players", [case(name, max(3, table(name, SMALL_TABLES))) for name in every_game()])
def test_long_unbroken_names_never_widen_the_page(game, players, live_server, browser):
    needs(game)
    made = make(live_server, game, [{"kind": "human", "name": LONG_SEAT}, {"kind": "human", "name": OTHER_SEAT},
                                    *bots(players - 2)], name=LONG_TABLE, params={"players": players})
    errors: list[str] = []
    for width, page in pages_at_sizes(browser, errors, live_server + made["seats"][0]["join_url"]):
        page.wait_for_selector("#board .seat-box")
        page.wait_for_function("() => document.getElementById('log').children.length > 0")
        sizes = page.evaluate(PAGE_WIDTH)
        assert sizes["page"] <= sizes["viewport"], (width, sizes)
        assert sizes["board"][0] <= sizes["board"][1] + 1, (width, sizes)
        assert page.evaluate(NAMES_IN_BOXES) == [], width
        # The whole name is still there to read (as text or a tooltip), not cut off in the data.
        first = page.locator("#board .seat-box .sname").first
        assert LONG_SEAT in (first.get_attribute("title") or "") + first.inner_text()
        if width == 390 or game == RC:
            screenshot(page, f"ux-long-names-{game}-{width}")
    # The lobby lists the table (name 200 characters) without scrolling sideways.
    for width, page in pages_at_sizes(browser, errors, live_server + "/"):
        page.wait_for_selector(".table-item")
        sizes = page.evaluate(PAGE_WIDTH)
        assert sizes["page"] <= sizes["viewport"], (width, sizes)
        assert LONG_TABLE in page.inner_text("#tables")
    assert not errors, errors


# ---------------------------------------------------------------- items 5 and 19: seats held here
STORED_SEATS = "id => Object.keys(JSON.parse(localStorage.getItem(`roses:table:${id}`) || '{}').seats || {}).sort()"


def player_tags(page) -> list[str]:
    return page.locator("#players li.player").evaluate_all(
        "els => els.map(e => Array.from(e.querySelectorAll('.tag')).map(t => t.textContent).join(','))")


def friends_link_in_the_hosts_browser(base: str, browser, errors: list[str]):
    """A Rose Ceremony table of two people and a bot; the host plays seat 0 in one tab, then opens
    the friend's (seat 1) link in another tab of the same browser, which asks before hot seat.
    Returns ``(host page, asking tab, join links, table id)``."""
    host = new_page(browser, errors)
    # Two people play (no fixed seed: the server refuses one then).
    links = create_table(host, base, RC, ["human", "human", "bot:heuristic"], seed=None)
    table_id = links[1].split("/t/")[1].split("?")[0]
    host.click("#open-my-seat")
    host.wait_for_selector("#board .seat-box")
    assert host.inner_text("#subtitle") == "You play seat 1"
    tab = host.context.new_page()
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.goto(links[1])
    tab.wait_for_selector("#join-ask:not([hidden])")  # asked, not switched
    return host, tab, links, table_id


def test_a_friends_link_in_a_browser_that_plays_another_seat_asks_before_hot_seat(live_server, browser):
    needs(RC)
    errors: list[str] = []
    host, tab, links, table_id = friends_link_in_the_hosts_browser(live_server, browser, errors)
    assert tab.inner_text("#join-ask-text") == ("This browser already plays seat 1 at this table. "
                                                "Also play seat 2 here (hot seat: both hands on this screen)?")
    assert tab.inner_text("#join-ask-no") == "No, keep seat 1 and don't store this link"
    screenshot(tab, "ux-join-link-asks")
    tab.click("#join-ask-no")
    tab.wait_for_selector("#board .seat-box")
    assert tab.inner_text("#subtitle") == "You play seat 1"
    assert tab.locator("#seat-switch").is_hidden()
    assert tab.evaluate(STORED_SEATS, table_id) == ["0"]
    assert "token=" not in tab.url
    tab.reload()
    tab.wait_for_selector("#board .seat-box")
    assert tab.inner_text("#subtitle") == "You play seat 1"
    # Asked again, the answer is yes: this browser now plays both seats (hot seat), knowingly.
    tab.goto(links[1])
    tab.click("#join-ask-yes")
    tab.wait_for_selector("#seat-switch:not([hidden])")
    assert tab.locator("#seat-switch .seat-btn").count() == 2
    assert tab.evaluate(STORED_SEATS, table_id) == ["0", "1"]
    # The first tab hears of it (no stale save of seat 0 alone later) and offers both seats too.
    host.wait_for_selector("#seat-switch:not([hidden])")
    assert host.locator("#seat-switch .seat-btn").count() == 2
    # Item 19: the held seat that is not active reads "this device", never "away".
    tab.wait_for_function("() => document.querySelectorAll('#players li.player').length === 3")
    tags = player_tags(tab)[:2]
    assert sorted(t.split(",")[0] for t in tags) == ["this device", "you"], tags
    assert not any("away" in t for t in tags), tags
    assert not errors, errors


def test_escape_closes_the_join_link_question_as_no(live_server, browser):
    """The question about a friend's link is a dialog: Escape cancels it, which is the safe "No"
    (keep seat 0, don't store the link)."""
    needs(RC)
    errors: list[str] = []
    _host, tab, _links, table_id = friends_link_in_the_hosts_browser(live_server, browser, errors)
    tab.keyboard.press("Escape")
    tab.wait_for_selector("#join-ask", state="hidden")
    tab.wait_for_selector("#board .seat-box")
    assert tab.inner_text("#subtitle") == "You play seat 1"
    assert tab.evaluate(STORED_SEATS, table_id) == ["0"]
    assert "token=" not in tab.url
    # Escape later (no question open) changes nothing.
    tab.keyboard.press("Escape")
    assert tab.inner_text("#subtitle") == "You play seat 1"
    assert not errors, errors


def test_hot_seat_lists_the_other_held_seat_as_this_device(live_server, browser):
    needs(RT)
    errors: list[str] = []
    page = new_page(browser, errors)
    create_table(page, live_server, RT, ["human", "human", "bot:heuristic"], hotseat=True, seed=None)
    page.wait_for_selector("#seat-switch:not([hidden])")
    page.wait_for_function("() => document.querySelectorAll('#players li.player').length === 3")
    active = page.evaluate("() => window.rosesTable.seat")
    tags = player_tags(page)
    other = 1 - active
    assert tags[active].split(",")[0] == "you", tags
    assert tags[other].split(",")[0] == "this device", tags
    assert "away" not in tags[other]
    assert page.locator("#players li.player").nth(other).locator(".dot.on").count() == 1
    screenshot(page, "ux-hot-seat-players")
    assert not errors, errors


def test_the_move_panel_follows_a_seat_handed_to_a_bot(live_server, browser):
    """Regression: the move panel is kept while the moves are the same (so a chat message does not
    close what is open in it); it was also kept when a seat it names (Rose Ceremony's "offer to
    Bea") was handed to a bot and renamed, without a new version, so it named a player gone."""
    needs(RC)
    names = ["Anna", "Bea", "Cleo"]
    made = make(live_server, RC, [{"kind": "human", "name": n} for n in names], params={"players": 3})
    table_id = made["table_id"]
    status, view = api(live_server, "GET", f"/api/tables/{table_id}")
    mover = view["current_player"]
    other = next(s for s in range(3) if s != mover)
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + made["seats"][mover]["join_url"])
    page.wait_for_selector("#moves:not([hidden]) button.move:enabled")
    offer = page.locator(f'#moves button.move[data-action$=" to {other}"]').first
    assert offer.inner_text() == names[other]
    status, _ = api(live_server, "POST", f"/api/tables/{table_id}/seats/{other}/bot", {"bot": "heuristic"},
                    token=made["host_token"])
    assert status == 200
    status, view = api(live_server, "GET", f"/api/tables/{table_id}")
    bot_name = view["seats"][other]["name"]
    assert bot_name.endswith(" (standard bot)")  # the bot's own name says its level (issue 14)
    page.wait_for_function("s => window.rosesTable.view.seats[s].kind === 'bot'", arg=other)
    page.wait_for_function("([s, name]) => document.querySelector(`#moves button.move[data-action$=' to ${s}']`).innerText === name",
                           arg=[other, bot_name])
    assert names[other] not in page.inner_text("#moves")
    assert not errors, errors


# ---------------------------------------------------------------- item 11: a refused typed move
def test_a_refused_typed_move_keeps_the_box_and_shows_the_message_verbatim(live_server, browser):
    needs(RT)
    made = make(live_server, RT, [{"kind": "human"}, *bots(2)], params={"players": 3})
    errors: list[str] = []
    page = new_page(browser, errors)
    moves = SocketMoves(page)
    page.goto(live_server + made["seats"][0]["join_url"])
    page.wait_for_selector("#moves:not([hidden]) button.move:enabled")
    moves.ready()
    version = page.evaluate("() => window.rosesTable.view.version")
    typed = "bid   99   please"  # never legal, with runs of spaces the message may quote
    page.click(".typed-move summary")
    page.fill(".typed-move input", typed)
    page.press(".typed-move input", "Enter")
    answer = moves.wait_for_answer(typed)
    assert answer["status"] == 422
    message = answer["message"]
    page.wait_for_selector("#banner.banner-error:not([hidden])")
    page.wait_for_selector(".typed-move .typed-error")
    # The message reads exactly as the server wrote it (HTML would collapse runs of spaces).
    assert page.inner_text("#banner .banner-text") == message
    assert page.evaluate("() => getComputedStyle(document.querySelector('#banner .banner-text')).whiteSpace") == "pre-wrap"
    # The box stays open with the text to correct, the refusal beside it, the cursor in it.
    assert page.evaluate("() => document.querySelector('#moves .typed-move').open") is True
    assert page.input_value(".typed-move input") == typed
    assert page.inner_text(".typed-move .typed-error").startswith(message)
    assert page.evaluate("() => document.activeElement === document.querySelector('.typed-move input')")
    assert page.evaluate("() => window.rosesTable.view.version") == version
    screenshot(page, "ux-typed-move-refused")
    # A legal move afterwards starts a fresh, closed box.
    page.locator("#moves button.move:enabled").first.click()
    page.wait_for_function("v => window.rosesTable.view.version > v", arg=version)
    page.wait_for_function("() => !document.querySelector('#moves .typed-move') || !document.querySelector('#moves .typed-move').open")
    assert not errors, errors


# ---------------------------------------------------------------- item 23: names and "New game"
def test_the_log_keeps_players_names_as_given(live_server, browser):
    needs(RC)
    made = make(live_server, RC, [{"kind": "human"}, {"kind": "human", "name": "élodie"}, {"kind": "human", "name": "xxx"}])
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + made["seats"][0]["join_url"])
    page.wait_for_function("() => document.querySelectorAll('#log li.log-line').length >= 3")
    # Every line, also those in folded groups (the log is grouped by turn, the dealing folded).
    lines = [t.strip() for t in page.locator("#log li.log-line:not(.log-run)").all_text_contents() if t.strip()]
    assert any(t.startswith("élodie ") for t in lines), lines
    assert any(t.startswith("xxx ") for t in lines), lines
    assert not any(t.startswith(("Élodie", "Xxx")) for t in lines), lines
    # Lines that do not start with a given name still start with a capital.
    assert all(t[0] == t[0].upper() for t in lines if not t.startswith(("élodie", "xxx"))), lines
    assert not errors, errors


def test_new_game_reopens_the_lobby_on_the_same_game(live_server, browser):
    needs(RC)
    made = make(live_server, RC, bots(3), params={"players": 3})
    table_id = made["table_id"]
    deadline = time.monotonic() + 180
    while True:  # the bots play to the end by themselves
        status, view = api(live_server, "GET", f"/api/tables/{table_id}")
        assert status == 200, view
        if view["terminal"]:
            break
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + f"/t/{table_id}")
    page.wait_for_selector("#end:not([hidden]) #new-game")
    assert page.get_attribute("#new-game", "href") == f"/?game={RC}"
    page.click("#new-game")
    page.wait_for_selector(".game-card[aria-checked=true]")
    assert page.url.endswith(f"/?game={RC}")
    assert page.get_attribute(".game-card[aria-checked=true]", "data-game") == RC
    assert page.inner_text("#create") == "Create a Rose Ceremony table"
    assert not errors, errors


# ---------------------------------------------------------------- item 21: Rare Roses deals
def rare_roses_to_purchase(page, base: str, made: dict) -> dict:
    """Open seat 0's join link and click through its turn (seed, stop pushing) until it buys."""
    page.goto(base + made["seats"][0]["join_url"])
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "seat 0 never reached its purchase phase"
        view = page.evaluate("() => window.rosesTable && window.rosesTable.view")
        if view and view["observation"]["phase"] == "purchase" and view["current_player"] == 0 \
                and page.locator("#moves:not([hidden]) button.move:enabled").count():
            return view
        for action in ("seed", "stop", "trash"):
            button = page.locator(f'#moves:not([hidden]) button.move:enabled[data-action="{action}"]')
            if button.count():
                button.first.click()
                break
        page.wait_for_timeout(100)


SHOP_TILES = "shop => ['bud', 'fresh', 'mature'].reduce((n, b) => n + Object.values(shop[b] || {}).reduce((a, c) => a + c, 0), 0)"


def test_rare_roses_offers_no_deal_when_every_other_shop_is_empty(live_server, browser):
    needs(RR)
    errors: list[str] = []
    page = new_page(browser, errors)
    # Seed 2: seat 0 starts, so the other shop is still empty when it buys.
    made = make(live_server, RR, [{"kind": "human"}, *bots(1)], params={"players": 2}, seed=2)
    view = rare_roses_to_purchase(page, live_server, made)
    assert page.evaluate(SHOP_TILES, view["observation"]["shops"][1]) == 0
    assert page.locator("#moves .deal-builder").count() == 0
    assert page.inner_text("#moves .deal-none") == "No deal to propose: every other shop is empty."
    assert "Propose a deal" not in page.inner_text("#moves")
    # Seed 7: seat 1 bought first, so there is something to ask for and the builder is there.
    made = make(live_server, RR, [{"kind": "human"}, *bots(1)], params={"players": 2}, seed=7)
    view = rare_roses_to_purchase(page, live_server, made)
    assert page.evaluate(SHOP_TILES, view["observation"]["shops"][1]) > 0
    assert page.inner_text("#moves .deal-builder summary").startswith("Propose a deal (")
    assert page.locator("#moves .deal-none").count() == 0
    assert not errors, errors


def test_rare_roses_deal_builder_proposes_a_deal_as_draft_steps(live_server, browser):
    """Rules_version 2 (RR-7): "Propose deal" sends the draft's steps one move at a time (deal,
    take, money, propose), each after the previous answer; the bot then answers the deal."""
    needs(RR)
    errors: list[str] = []
    page = new_page(browser, errors)
    made = make(live_server, RR, [{"kind": "human"}, *bots(1)], params={"players": 2}, seed=7)
    view = rare_roses_to_purchase(page, live_server, made)
    start = view["version"]
    page.click("#moves .deal-builder summary")
    page.locator("#moves .deal-builder .deal-cols > div").first.locator("button.deal-step").nth(1).click()
    page.fill("#moves .deal-builder input.deal-pay", "6")
    page.dispatch_event("#moves .deal-builder input.deal-pay", "change")
    assert page.inner_text("#moves .deal-builder .deal-text").startswith("Take ")
    assert " for $6" in page.inner_text("#moves .deal-builder .deal-text")
    page.click("#moves .deal-builder button.deal-propose")
    page.wait_for_function("""() => { const v = window.rosesTable.view;
        return v && v.observation.log.some(l => / (accepts|declines)/.test(l)); }""")  # the page's 60 s default: five moves and a bot's answer on a loaded machine
    view = page.evaluate("() => window.rosesTable.view")
    # deal, take, pay +5, pay +1, propose: five moves, then the bot's answer
    assert view["version"] >= start + 6
    log = view["observation"]["log"]
    assert any("proposes a deal to" in line or "you propose" in line.lower() for line in log), log
    assert not [e for e in errors], errors


# ---------------------------------------------------------------- item 20: the move panel on a phone
RECTS = """() => {
  const r = s => { const e = document.querySelector(s); if (!e) return null; const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, height: b.height}; };
  return {moves: r('#moves'), board: r('#board'), orders: r('#board .rr-orders'), vh: window.innerHeight,
          position: getComputedStyle(document.getElementById('moves')).position,
          overflow: getComputedStyle(document.getElementById('moves')).overflowY};
}"""


def test_the_phone_move_panel_leaves_the_board_in_sight(live_server, browser):
    needs(RR)
    errors: list[str] = []
    page = new_page(browser, errors, width=390, height=844)
    made = make(live_server, RR, [{"kind": "human"}, *bots(1)], params={"players": 2}, seed=7)
    rare_roses_to_purchase(page, live_server, made)
    page.wait_for_selector("#moves .deal-builder")  # the tester's case: buys, a deal, done buying
    page.evaluate("() => window.scrollTo(0, 0)")
    at = page.evaluate(RECTS)
    # Stuck to the bottom of the screen, a third of it at most (scrolling inside beyond that).
    assert at["position"] == "sticky" and at["overflow"] == "auto", at
    assert at["moves"]["height"] <= 0.35 * at["vh"] + 1, at
    assert abs(at["moves"]["bottom"] - at["vh"]) <= 1, at
    assert at["orders"]["top"] < at["moves"]["top"], at
    # Folded to its heading, the whole order queue is in sight above it.
    page.click("#moves .moves-fold")
    assert page.get_attribute("#moves .moves-fold", "aria-expanded") == "false"
    folded = page.evaluate(RECTS)
    assert folded["moves"]["height"] <= 60, folded
    assert folded["orders"]["bottom"] <= folded["moves"]["top"], folded
    assert page.locator("#moves button.move").first.is_hidden()
    screenshot(page, "ux-phone-moves-folded")
    page.click("#moves .moves-fold")
    assert page.locator("#moves button.move").first.is_visible()
    # Scrolled to the end, the panel sits right under the board: no empty gap between them.
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    end = page.evaluate(RECTS)
    assert 0 <= end["moves"]["top"] - end["board"]["bottom"] <= 13, end
    # On a wide screen the panel is an ordinary part of the page, without the fold button.
    page.set_viewport_size({"width": 1280, "height": 900})
    wide = page.evaluate(RECTS)
    assert wide["position"] == "static", wide
    assert page.locator("#moves .moves-fold").is_hidden()
    assert not errors, errors


# ---------------------------------------------------------------- closing a table (host)
def test_the_host_closes_a_table_and_everyone_sees_it_closed(live_server, browser):
    """POST /api/tables/{id}/close from the table page: the host confirms, the table leaves the
    lobby's list, the friend's page says so and offers no move."""
    needs(RC)
    errors: list[str] = []
    host = new_page(browser, errors)
    links = create_table(host, live_server, RC, ["human", "human", "bot:heuristic"], seed=None,
                         name="to be closed")
    host.click("#open-my-seat")
    host.wait_for_selector("#board .seat-box")
    friend = new_page(browser, errors)
    friend.goto(links[1])
    friend.wait_for_selector("#board .seat-box")
    screenshot(host, "ux-close-table")
    host.on("dialog", lambda d: d.accept())
    host.click("#close-table button")
    host.wait_for_function("() => !document.getElementById('notice').hidden")
    assert host.inner_text("#notice") == "The host closed this table: nobody can move any more."
    assert host.locator("#close-table").count() == 0
    # Nobody is "to move" any more, and the host's seat controls are gone (tester, second pass).
    assert host.inner_text("#turn") == "Closed"
    assert host.locator("#players .move-tag").count() == 0
    assert host.locator("#players details.host").count() == 0
    friend.wait_for_function("() => !document.getElementById('notice').hidden")
    assert "closed" in friend.inner_text("#notice")
    assert friend.locator("#moves:not([hidden]) button.move:enabled").count() == 0
    status, tables = api(live_server, "GET", "/api/tables")
    assert status == 200 and "to be closed" not in [t.get("name") for t in tables]
    assert not errors, errors
