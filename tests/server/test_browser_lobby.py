"""The lobby and the pages around a table, in the browser: the lobby's open-table list, its seat
and start-player options on a phone and a desktop; a seat that survives reopening /t/{id} (tokens
in localStorage), spectators and seats handed to bots told so; the solo Rare Roses end screen with
the rulebook's yardstick; the how-to-play page's collapsed rules-as-implemented; the replay
viewer's last-opened record.

Run: ``python -m pytest -m browser tests/server`` (skipped without /usr/bin/chromium).
"""
from __future__ import annotations

import random
import re
import time

import pytest

try:
    from .browser_fixtures import (  # noqa: F401 - fixtures are used by name
        api, browser, game_available, live_server, new_page, screenshot,
    )
except ImportError:
    from browser_fixtures import (  # type: ignore[no-redef]  # noqa: F401
        api, browser, game_available, live_server, new_page, screenshot,
    )

pytestmark = pytest.mark.browser

RT = "roses-and-thorns"
RR = "rare-roses"


def needs(game: str) -> None:
    reason = game_available(game)
    if reason:
        pytest.skip(reason)


def make(base: str, game: str, seats: list[dict], **extra) -> dict:
    body = {"game": game, "seats": seats, "bot_delay_ms": 0, **extra}
    if sum(s.get("kind") == "human" for s in seats) <= 1:  # the server refuses a seed for 2+ people
        body.setdefault("seed", 7)
    status, made = api(base, "POST", "/api/tables", body)
    assert status == 201, made
    humans = [s for s in made["seats"] if s.get("token")]
    if humans:  # the first person opens the table: the lobby lists only tables someone joined
        assert api(base, "GET", f"/api/tables/{made['table_id']}", token=humans[0]["token"])[0] == 200
    return made


def play_through_api(base: str, table_id: str, token: str, prefer: list[str], timeout: float = 90.0) -> dict:
    """Play seat ``token``'s moves (preferring the given action prefixes) until the game ends."""
    rng = random.Random(1)
    deadline = time.monotonic() + timeout
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        status, view = api(base, "GET", f"/api/tables/{table_id}", token=token)
        assert status == 200, view
        if view["terminal"]:
            return view
        legal = view.get("legal_actions") or []
        if not legal:
            time.sleep(0.05)
            continue
        action = next((rng.choice(c) for p in prefer if (c := [a for a in legal if a.startswith(p)])), rng.choice(legal))
        api(base, "POST", f"/api/tables/{table_id}/actions", {"action": action, "version": view["version"]}, token=token)


def test_solo_rare_roses_ends_with_the_score_and_the_rulebook_yardstick(live_server, browser):
    needs(RR)
    made = make(live_server, RR, [{"kind": "human"}], params={"players": 1})
    seat = made["seats"][0]
    view = play_through_api(live_server, made["table_id"], seat["token"],
                            ["fill", "buy", "done buying", "end turn", "stop", "seed", "trash"])
    money = view["observation"]["result"]["money"][0]
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + seat["join_url"])
    page.wait_for_selector("#end:not([hidden]) #end-title")
    # Not "You won!" at any score: the score itself ($, whole dollars) and the rulebook's yardstick.
    assert page.inner_text("#end-title") == f"Final score: ${money:g}"
    assert "good ≈ $90, great > $120" in page.inner_text("#end")
    # The log: one spelling of seat names, rose names rather than ids.
    log = page.inner_text("#log")
    assert not re.search(r"\bseat \d", log), log
    assert not re.search(r"striped-dragon|\bosira\b|\bjuliet\b|/bud\b", log), log
    screenshot(page, "rare-roses-solo-end")
    assert not errors, errors


def test_a_seat_survives_reopening_the_page_and_watchers_are_told_why_they_watch(live_server, browser):
    needs(RT)
    made = make(live_server, RT, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}])
    table_id = made["table_id"]
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + made["seats"][0]["join_url"])
    page.wait_for_selector("#board .seat-box")
    assert "token=" not in page.url
    # Reopened from the address bar / a bookmark (no token in the URL): still seat 0.
    page.goto(live_server + f"/t/{table_id}")
    page.wait_for_selector("#board .seat-box")
    assert "You play" in page.inner_text("#subtitle")
    assert page.locator("#notice").is_hidden()
    # Someone else's browser without a link: told how to play, and cannot chat.
    stranger = new_page(browser, errors, width=390, height=844)
    stranger.goto(live_server + f"/t/{table_id}")
    stranger.wait_for_selector("#notice:not([hidden])")
    assert stranger.inner_text("#notice") == "You are watching. To play your seat, open your private join link."
    assert stranger.locator("#chat-input").is_disabled()
    assert stranger.locator("#chat-form button[type=submit]").is_disabled()
    # The host hands seat 0 to a bot: that page says so and shows the spectator's view.
    status, _ = api(live_server, "POST", f"/api/tables/{table_id}/seats/0/bot", {"bot": "heuristic"},
                    token=made["host_token"])
    assert status == 200
    page.wait_for_selector("#notice:not([hidden])")
    assert "Your seat is now played by a bot" in page.inner_text("#notice")
    assert "Spectator" in page.inner_text("#subtitle")
    screenshot(page, "seat-handed-to-a-bot")
    assert not errors, errors


def test_rules_page_keeps_the_rules_as_implemented_collapsed(live_server, browser):
    needs(RR)
    status, rules = api(live_server, "GET", f"/api/rules/{RR}")
    assert status == 200
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + f"/rules/{RR}")
    page.wait_for_selector("#rules h1")
    if rules.get("implementation"):
        details = page.locator("details#implementation")
        assert details.count() == 1
        assert page.inner_text("details#implementation > summary") == "Rules as implemented (for designers)"
        assert details.evaluate("d => d.open") is False
    else:
        assert page.locator("details#implementation").count() == 0
    assert not errors, errors


def test_lobby_lists_the_20_newest_open_tables_and_folds_the_rest(live_server, browser):
    needs(RT)
    for i in range(22):
        make(live_server, RT, [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}], name=f"lobby list {i:02d}")
    status, tables = api(live_server, "GET", "/api/tables")
    open_count = len([t for t in tables if t["status"] != "finished"])
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + "/")
    page.wait_for_selector("#tables .table-item")
    assert page.locator("#tables > .table-item").count() == 20
    assert page.inner_text("details.more-open > summary") == f"{open_count - 20} more open tables"
    assert "lobby list 21" in page.inner_text("#tables > .table-item >> nth=0")
    # Checkboxes sit right beside their labels.
    page.click(f'.game-card[data-game="{RT}"]')
    box = page.locator('input[name="quick_game"]').bounding_box()
    label = page.locator('label[for="param-quick_game"]').bounding_box()
    assert box["width"] < 40 and box["x"] - label["x"] < 10, (box, label)
    assert not errors, errors


def test_the_lobby_watch_button_keeps_its_word_whole_on_a_phone(live_server, browser):
    """Regression: at 390 px a table of three people ("Playing · 3 humans, 0 bots · 0 online")
    squeezed its "Watch" button to "Watc" over "h"."""
    needs(RT)
    made = make(live_server, RT, [{"kind": "human"}] * 3)
    errors: list[str] = []
    page = new_page(browser, errors, width=390, height=844)
    page.goto(live_server + "/")
    item = page.locator(f'#tables .table-item:has(a[href="/t/{made["table_id"]}"])')
    item.wait_for()
    assert "3 humans, 0 bots" in item.inner_text()
    lines = item.locator("a.button").evaluate(
        "a => { const r = document.createRange(); r.selectNodeContents(a); return r.getClientRects().length; }")
    assert lines == 1, item.locator("a.button").inner_text()
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    assert not errors, errors


def test_a_late_answer_never_takes_a_new_table_off_the_lobby_list(live_server, browser):
    """Regression: the lobby's list requests overlap (every 5 s, the refresh button, after creating
    a table); an older answer arriving last drew the list as it was before, without the new table."""
    needs(RT)
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + "/")
    page.wait_for_selector("#tables li")
    held: list = []
    page.route("**/api/tables", lambda route: held.append((route, route.fetch())) if not held else route.continue_())
    page.click("#refresh")
    deadline = time.monotonic() + 60
    while not held:
        assert time.monotonic() < deadline, "the lobby did not ask for the list"
        page.wait_for_timeout(20)
    made = make(live_server, RT, [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}], name="late answer test")
    page.click("#refresh")
    page.wait_for_function("() => document.getElementById('tables').innerText.includes('late answer test')")
    route, answer = held[0]
    assert "late answer test" not in answer.text()  # asked before the table existed
    with page.expect_event("requestfinished", lambda r: r.url.endswith("/api/tables") and r.method == "GET"):
        route.fulfill(response=answer)
    page.wait_for_timeout(200)  # margin for the page to read the late answer (already delivered)
    page.unroute("**/api/tables")
    assert "late answer test" in page.inner_text("#tables")
    assert page.locator(f'#tables a[href="/t/{made["table_id"]}"]').count() == 1
    assert not errors, errors


def finished_record(game: str, players: int, seed: int, path) -> tuple[str, int]:
    """Play ``game`` with random legal actions from ``seed`` to the end and save its record at
    ``path``; returns the path and the number of actions."""
    import roses

    state = roses.load(game, players=players).new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    record = roses.GameRecord.from_state(state)
    record.save(path)
    return str(path), len(record.to_json()["actions"])


def test_the_replay_viewer_shows_the_last_record_opened_not_the_last_answer(live_server, browser, tmp_path):
    """Regression: two records opened one after the other were each shown when the server's
    answer came; a slow first answer replaced the second record (and its renderer) on the page."""
    needs(RT)
    needs("rose-ceremony")
    first, _ = finished_record(RT, 3, 1, tmp_path / "first.json")
    second, steps = finished_record("rose-ceremony", 3, 2, tmp_path / "second.json")
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + "/replay")
    held: list = []
    page.route("**/api/replay", lambda route: held.append((route, route.fetch())) if not held else route.continue_())
    page.set_input_files("#record-file", first)
    deadline = time.monotonic() + 60
    while not held:
        assert time.monotonic() < deadline, "the viewer did not send the first record"
        page.wait_for_timeout(20)
    page.set_input_files("#record-file", second)
    page.wait_for_selector("#viewer:not([hidden])")
    assert page.inner_text("#subtitle") == f"{steps} steps · second.json"
    route, answer = held[0]
    with page.expect_event("requestfinished", lambda r: r.url.endswith("/api/replay")):
        route.fulfill(response=answer)
    page.wait_for_timeout(200)  # margin for the page to read the late answer (already delivered)
    page.unroute("**/api/replay")
    assert page.inner_text("#subtitle") == f"{steps} steps · second.json"
    assert page.inner_text("#title") == "Replay · Rose Ceremony"
    page.click("#last")
    assert page.inner_text("#step-label") == f"Step {steps} of {steps}"
    assert not errors, errors


def _start_player_options(page) -> list[str]:
    return page.locator('select[name="start_player"] option').all_inner_texts()


@pytest.mark.parametrize("game", [RT, "rose-ceremony"])
def test_the_lobby_start_player_list_follows_the_player_count(live_server, browser, game):
    """The "Start player" list offered Seat 1 to Seat 10 (Rose Ceremony: 6) whatever the player
    count, and "Seat 9" at 3 players was refused as "seat 8 does not exist ... (seats 0..2)": the
    list now has the table's seats, rebuilt when the count changes, keeping a seat still there;
    a refused start player (past the list, through the API) is told in seats counted from 1."""
    needs(game)
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + "/")
    page.click(f'.game-card[data-game="{game}"]')
    page.fill("#players", "3")
    page.dispatch_event("#players", "input")
    assert _start_player_options(page) == ["Drawn at random", "Seat 1", "Seat 2", "Seat 3"]
    page.select_option('select[name="start_player"]', label="Seat 3")
    page.fill("#players", "5")
    page.dispatch_event("#players", "input")
    assert _start_player_options(page) == ["Drawn at random"] + [f"Seat {k}" for k in range(1, 6)]
    assert page.locator('select[name="start_player"] option:checked').inner_text() == "Seat 3"  # kept
    page.select_option('select[name="start_player"]', label="Seat 5")
    page.fill("#players", "4")
    page.dispatch_event("#players", "input")
    assert _start_player_options(page)[-1] == "Seat 4"
    assert page.input_value('select[name="start_player"]') == ""  # Seat 5 is gone: drawn at random
    # A seat the list no longer offers, sent anyway, is refused in plain words.
    page.fill("#players", "3")
    page.dispatch_event("#players", "input")
    page.evaluate("""() => { const s = document.querySelector('select[name="start_player"]');
      s.append(new Option("Seat 9", "8")); s.value = "8"; }""")
    page.click("#create")
    page.wait_for_selector("#form-error:not([hidden])")
    assert page.inner_text("#form-error") == "The start player must be one of the 3 seats: Seat 1 to Seat 3, given as 0 to 2."
    # The chosen seat starts: Seat 2 of 3 (the engine's seat 1).
    page.select_option('select[name="start_player"]', label="Seat 2")
    page.click("details.advanced > summary")
    page.fill("#bot-delay", "0")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    page.click("#open-my-seat")
    page.wait_for_url("**/t/*")
    _, view = api(live_server, "GET", "/api/tables/" + page.url.rsplit("/t/", 1)[1].split("?")[0])
    assert view["params"]["players"] == 3 and view["params"]["start_player"] == 1
    assert not errors, errors


def test_lobby_seat_options_one_a_line_and_talk_lists_show_whole_names(live_server, browser):
    """Regression: the lobby's "Hot seat" label ran into "Allow hints" on one line, and the table
    talk's seat lists cut bot names short ("Rowan (medium l"). Table talk is Blades & Rose's only
    (issue 42: the one game with hidden roles)."""
    needs(RT)
    needs("blades-and-rose")
    errors: list[str] = []
    page = new_page(browser, errors, width=1280, height=1000)
    page.goto(live_server + "/")
    page.wait_for_selector("#hotseat")
    hot = page.locator("label.check:has(#hotseat)").bounding_box()
    hints = page.locator("label.check:has(#hints)").bounding_box()
    assert hints["y"] >= hot["y"] + hot["height"] - 1  # below it, not beside it
    made = make(live_server, "blades-and-rose", [{"kind": "human"}, {"kind": "bot", "bot": "ismcts:medium"},
                                                 {"kind": "bot", "bot": "ismcts:hard"}] + [{"kind": "bot", "bot": "heuristic"}] * 2)
    page.goto(live_server + made["seats"][0]["join_url"])
    page.wait_for_selector(".talk-row select")
    selects = page.locator(".talk-row select")
    assert selects.count() >= 2
    for k in range(selects.count()):
        cut = selects.nth(k).evaluate("s => s.scrollWidth > s.clientWidth + 1 || "
                                      "s.getBoundingClientRect().width < 11 * parseFloat(getComputedStyle(s).fontSize)")
        assert not cut, selects.nth(k).inner_text()
    assert not errors, errors
