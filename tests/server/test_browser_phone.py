"""On a phone: Blades & Rose card names are readable, and the small controls are big enough to tap.

Regressions: the role and hand cards' names were 7 px capitals (``.br-name``); the host's ⚙ menu
was 14×30 px and named only "⚙", "Close table" and "Hide ▾" were 30 px tall and the replay's step
entries 19 px.

Run: ``python -m pytest -m browser tests/server/test_browser_phone.py`` (skipped without
/usr/bin/chromium).
"""
from __future__ import annotations

import re

import pytest

try:
    from .browser_fixtures import (  # noqa: F401 - fixtures are used by name
        SIZES, browser, create_table, finished_bot_table, live_server, new_page, open_one_human_table, open_replay,
    )
except ImportError:
    from browser_fixtures import (  # type: ignore[no-redef]  # noqa: F401
        SIZES, browser, create_table, finished_bot_table, live_server, new_page, open_one_human_table, open_replay,
    )

pytestmark = pytest.mark.browser

TAP = 40  # CSS px: the least height of a control tapped with a finger

# Each role and hand card: its name's font size, the boxes of the card, its glyph and its name.
CARDS = """() => [...document.querySelectorAll('.br-secret .card.br')].map(c => {
  const n = c.querySelector('.br-name'), box = e => { const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  return {name: n.textContent, size: parseFloat(getComputedStyle(n).fontSize), card: box(c),
          pip: box(c.querySelector('.pip')), label: box(n), cut: n.scrollWidth > n.clientWidth};
})"""


def test_blades_and_rose_card_names_are_readable_on_a_phone_and_a_desktop(live_server, browser):
    errors: list[str] = []
    page = new_page(browser, errors, width=390, height=844)
    open_one_human_table(page, live_server, "blades-and-rose", 5, seed=4)
    page.wait_for_selector(".br-secret .hand .card.br")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("w => innerWidth === w", arg=width)
        cards = page.evaluate(CARDS)
        assert len(cards) >= 2, cards  # the role and at least one hand card
        for c in cards:
            where = (width, c["name"])
            assert c["size"] >= 11, (where, c["size"])
            assert not c["cut"], where  # no word wider than the card
            card, pip, label = c["card"], c["pip"], c["label"]
            assert card["left"] <= label["left"] and label["right"] <= card["right"] + 0.5, (where, c)
            assert label["bottom"] <= card["bottom"] + 0.5, (where, c)  # the name stays on the card
            assert pip["bottom"] <= label["top"] + 0.5, (where, c)  # and off the glyph
        heights = {round(c["card"]["bottom"] - c["card"]["top"]) for c in cards}
        assert len(heights) == 1, heights  # a two-line name does not make its card taller
        # The hand fits its panel and the page is no wider than the screen.
        right = page.evaluate("() => document.querySelector('.br-secret').getBoundingClientRect().right")
        assert max(c["card"]["right"] for c in cards) <= right, width
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert not errors, errors


def height(page, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    assert box, selector
    return box["height"]


def test_the_hosts_controls_and_the_move_panels_fold_are_big_enough_to_tap(live_server, browser):
    errors: list[str] = []
    page = new_page(browser, errors, width=390, height=844)
    # Two humans: the host's ⚙ menu is on the other human seat; seat 1 moves first (Hide ▾ shown).
    create_table(page, live_server, "roses-and-thorns", ["human", "human", "bot:heuristic"], params={"start_player": 0})
    page.click("#open-my-seat")
    page.wait_for_selector("#moves:not([hidden]) .moves-fold")
    page.wait_for_selector("#close-table button")
    gear = page.locator(".host summary").first
    name = gear.evaluate("e => e.getAttribute('aria-label') || e.textContent")
    assert re.search(r"[a-z]{3}", name) and "⚙" not in name, name  # said in words, not "gear"
    box = gear.bounding_box()
    assert box["height"] >= TAP and box["width"] >= TAP, box
    assert height(page, "#close-table button") >= TAP
    assert height(page, "#moves .moves-fold") >= TAP
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    # The menu still opens and offers its bots.
    gear.click()
    page.wait_for_selector(".host[open] select")
    assert not errors, errors


def test_the_replays_step_list_is_big_enough_to_tap(live_server, browser):
    table_id, _ = finished_bot_table(live_server, "roses-and-thorns", 3, seed=2)
    errors: list[str] = []
    page = new_page(browser, errors, width=390, height=844)
    open_replay(page, live_server, table_id)
    heights = page.locator("#steps li button").evaluate_all(
        "els => els.slice(0, 30).map(e => e.getBoundingClientRect().height)")
    assert len(heights) >= 10 and min(heights) >= TAP, heights
    # A tap on an entry still goes to that step.
    page.locator("#steps li button").nth(5).click()
    page.wait_for_function("() => document.querySelector('#step-label').textContent.startsWith('Step 5 ')")
    assert not errors, errors
