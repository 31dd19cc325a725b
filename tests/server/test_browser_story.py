"""Issue 42 ("The game's story"), the parts that live in the page: the replay viewer names seats
in Roses and Thorns' "Last challenge" panel as the rest of the viewer does; table talk only where
the game has it (no Accuse or Vouch at Rare Roses, solo or not); Rose Ceremony says what its thorn
mark means; Blades & Rose's seat boxes show a bot's name whole; the host's invite panel drops a
seat someone took while it was open; on a phone the hand shows at first paint."""
from __future__ import annotations

import re

import pytest

try:
    from .browser_fixtures import (SIZES, api, browser, create_table, finished_bot_table,  # noqa: F401
                                   live_server, new_page, open_one_human_table, open_replay)
except ImportError:
    from browser_fixtures import (SIZES, api, browser, create_table, finished_bot_table,  # type: ignore[no-redef]  # noqa: F401
                                  live_server, new_page, open_one_human_table, open_replay)

pytestmark = pytest.mark.browser


def go_to(page, i: int) -> None:
    page.eval_on_selector("#slider", "(s, i) => { s.value = String(i); s.dispatchEvent(new Event('input')); }", i)
    page.wait_for_function("i => document.querySelector('#step-label').textContent.startsWith(`Step ${i} `)", arg=i)


def test_the_replays_last_challenge_names_seats_by_name(live_server, browser):
    """Regression: the replay's "Last challenge" panel showed the engine's lines as they are,
    seats counted from 0 ("Seat 3 is the challenger" for the 4th seat, Juniper), while the log
    panel beside it said "Juniper (standard bot)"."""
    table_id, record = finished_bot_table(live_server, "roses-and-thorns", 4, 5)
    names = [r[-1]["name"] for r in record["holders"]]
    status, replayed = api(live_server, "POST", "/api/replay", record)
    assert status == 200, replayed
    # the first step of a round laid after a challenge: the panel recalls that challenge
    seen, step = False, None
    for i, s in enumerate(replayed["steps"]):
        seen = seen or any("is the challenger" in line for line in s["log"])
        if seen and s["observation"]["phase"] in ("lay-first", "add"):
            step = i
            break
    assert step is not None
    errors: list[str] = []
    page = new_page(browser, errors)
    open_replay(page, live_server, table_id)
    go_to(page, step)
    page.wait_for_selector("#board .rt-recap li")
    recap = page.inner_text("#board .rt-recap")
    assert "last challenge" in recap.lower(), recap
    assert not re.search(r"\b[Ss]eats? \d", recap), recap
    assert any(name in recap for name in names), (names, recap)
    page.context.close()
    assert not errors, errors


@pytest.mark.parametrize("players", [1, 2])
def test_rare_roses_offers_no_accuse_or_vouch(live_server, browser, players):
    """Regression: the table talk panel offered Accuse and Vouch at Rare Roses, a game without
    hidden roles, even at the solo table."""
    errors: list[str] = []
    page = new_page(browser, errors)
    open_one_human_table(page, live_server, "rare-roses", players, seed=3)
    page.wait_for_selector("#log li")
    page.wait_for_timeout(1500)  # the talk rules (GET /api/games) have come back and been drawn
    assert page.locator("#talk-panel").is_hidden()
    assert page.locator("button[data-talk]").count() == 0
    page.context.close()
    assert not errors, errors


def test_rose_ceremony_says_what_the_thorn_mark_means(live_server, browser):
    """Regression: the cards marked thorns with a tiny "▲" and nothing said what it meant."""
    errors: list[str] = []
    page = new_page(browser, errors)
    open_one_human_table(page, live_server, "rose-ceremony", 3, seed=4)
    page.wait_for_selector("#board .hand .card.rc")
    legend = page.locator("#board .rc-legend")
    assert legend.is_visible()
    text = legend.inner_text()
    assert "▲" in text and "thorn" in text and "rose" in text, text
    # what a screen reader hears: words, not the marks
    spoken = legend.evaluate("""e => [...e.childNodes].filter(n => !(n.nodeType === 1 && n.getAttribute('aria-hidden') === 'true'))
      .map(n => n.textContent).join('')""")
    assert "green triangle is one thorn" in spoken and "▲" not in spoken and "✿" not in spoken, spoken
    page.context.close()
    assert not errors, errors


# Seat names drawn shorter than they are (an ending "…", or a line clamped away).
CUT_NAMES = """() => [...document.querySelectorAll('#board .seat-box .sname')]
  .filter(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1
    || [...e.children].some(c => c.scrollWidth > c.clientWidth + 1)).map(e => e.textContent)"""


def test_blades_and_rose_seat_boxes_show_a_bots_whole_name(live_server, browser):
    """Regression: a Blades & Rose seat box cut a bot's name ("Rowan (standard b…"); a bot's
    level now has a line of its own under its first name, never clamped, at 1280 and 390 px."""
    status, made = api(live_server, "POST", "/api/tables", {
        "game": "blades-and-rose", "params": {"players": 8}, "seed": 4, "bot_delay_ms": 60000,
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 7})
    assert status == 201, made
    errors: list[str] = []
    for width, height in SIZES:
        page = new_page(browser, errors, width=width, height=height)
        page.goto(live_server + made["seats"][0]["join_url"])
        page.wait_for_selector("#board .seat-box .sname")
        names = {s["seat"]: s["name"] for s in api(live_server, "GET", f"/api/tables/{made['table_id']}")[1]["seats"]}
        shown = page.eval_on_selector_all("#board .seat-box", """boxes => boxes.map(b => [Number(b.dataset.seat),
          b.querySelector('.sname').textContent, (b.querySelector('.sname-level') || {}).textContent || null])""")
        for seat, text, level in shown:
            assert text == names[seat], (width, text, names[seat])
            if seat:
                assert level == "(standard bot)", (width, text, level)  # on a line of its own
        assert page.evaluate(CUT_NAMES) == [], width
        page.context.close()
    assert not errors, errors


def test_the_hosts_invite_panel_drops_a_seat_taken_while_open(live_server, browser):
    """Regression: after a stranger took an open seat (a new token: the invite link no longer
    works), the host's "Invite links" still offered the old link."""
    errors: list[str] = []
    host = new_page(browser, errors)
    create_table(host, live_server, "roses-and-thorns", ["human", "human", "human", "bot:random"])
    host.click("#open-my-seat")
    host.wait_for_selector("#board .seat-box")
    host.wait_for_selector("#invites .invite", state="attached")
    assert host.locator("#invites .invite").count() == 2
    table = host.url.split("/t/", 1)[1].split("?")[0]
    host.click('#players .open-seat[data-seat="1"]')
    host.wait_for_selector('#players .open-seat[data-seat="1"]:has-text("Close to others")')
    status, taken = api(live_server, "POST", f"/api/tables/{table}/seats/1/take", {"name": "Bea"})
    assert status == 200, taken
    host.wait_for_function("() => document.getElementById('players').innerText.includes('Bea')")
    host.wait_for_function("() => document.querySelectorAll('#invites .invite').length === 1")
    assert "Bea" not in host.locator("#invites").text_content()
    # the seat still waiting for its friend keeps its link, after a reload too
    host.reload()
    host.wait_for_selector("#invites .invite", state="attached")
    assert host.locator("#invites .invite").count() == 1
    assert host.locator("#invites .invite .seat-no").text_content() == "Seat 3"
    host.context.close()
    assert not errors, errors


@pytest.mark.parametrize("game,players", [("roses-and-thorns", 3), ("rose-ceremony", 3)])
def test_on_a_phone_the_hand_shows_at_first_paint(live_server, browser, game, players):
    """Regression: on a phone (390×844) the hand was drawn under the seats, where the move panel
    stuck to the bottom of the screen covered it until the player scrolled."""
    errors: list[str] = []
    page = new_page(browser, errors, width=390, height=844)
    open_one_human_table(page, live_server, game, players, seed=4)
    page.wait_for_selector("#moves:not([hidden]) button.move")
    page.wait_for_selector("#board .my-area .hand .card")
    box = page.evaluate("""() => { const r = e => e.getBoundingClientRect();
      return {hand: r(document.querySelector('#board .my-area .hand')).toJSON(),
              moves: r(document.getElementById('moves')).toJSON(), scroll: scrollY, vh: innerHeight}; }""")
    assert box["scroll"] == 0, box
    assert 0 <= box["hand"]["top"] and box["hand"]["bottom"] <= box["moves"]["top"], box
    page.context.close()
    assert not errors, errors
