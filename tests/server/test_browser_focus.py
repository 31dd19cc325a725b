"""Keyboard players see where they are and pick a game like any radio group.

Regressions: the focus ring was a pale pink outline (#e890a8, 2.3:1 on the light panels, under
the 3:1 a focus indicator needs) and links had the browser's own ring (dark on the rose header);
the lobby's game picker, marked as a radio group, was four Tab stops and the arrow keys did
nothing.

Run: ``python -m pytest -m browser tests/server/test_browser_focus.py`` (skipped without
/usr/bin/chromium).
"""
from __future__ import annotations

import pytest

try:
    from .browser_fixtures import api, browser, create_table, live_server, new_page  # noqa: F401
except ImportError:
    from browser_fixtures import api, browser, create_table, live_server, new_page  # type: ignore[no-redef]  # noqa: F401

pytestmark = pytest.mark.browser

# The focused element's ring: its outline (colour, style, width) and its contrast with the colours
# behind it (the nearest ancestor with an opaque background colour, or every colour of the nearest
# background gradient: the felt board, the rose header). Half-transparent tints are passed over.
RING = """sel => {
  const el = document.querySelector(sel);
  el.focus();
  const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = c => { const [r, g, b] = rgb(c).slice(0, 3).map(v => { v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const opaque = c => { const v = rgb(c); return v.length === 3 || v[3] === 1; };
  let behind = ['rgb(255, 255, 255)'];
  for (let e = el.parentElement; e; e = e.parentElement) {
    const cs = getComputedStyle(e);
    const stops = (cs.backgroundImage.match(/rgba?\\([^)]*\\)/g) || []).filter(opaque);
    if (stops.length) { behind = stops; break; }
    if (opaque(cs.backgroundColor) && rgb(cs.backgroundColor).length) { behind = [cs.backgroundColor]; break; }
  }
  const cs = getComputedStyle(el), ring = cs.outlineColor;
  const ratio = c => { const [a, b] = [lum(ring), lum(c)].sort((x, y) => y - x); return (a + 0.05) / (b + 0.05); };
  return {visible: el.matches(':focus-visible'), focused: document.activeElement === el, style: cs.outlineStyle,
          width: parseFloat(cs.outlineWidth), colour: ring, behind, contrast: Math.min(...behind.map(ratio))};
}"""

LOBBY = {
    "a link on the rose header": "header.site nav a",
    "a game card": ".game-card[aria-checked=true]",
    "a text field": "#table-name",
    "a menu": 'select[name="seat-0-kind"]',
    "a summary": "details.advanced > summary",
    "a button": "#create",
    "a small button": "#refresh",
}
TABLE = {
    "a card on the felt board": '#board button.card[aria-label="Lay a rose"]',
    "a move button": '#moves button[data-action="lay rose"]',
    "a summary in the side panel": "#players-panel summary",
    "a link on the page": ".links a",
}


def rings(page, targets: dict[str, str]) -> dict[str, dict]:
    """The ring of each of ``targets`` (what: selector) when it has the keyboard focus."""
    page.keyboard.press("Shift")  # a key press: later focus() calls show the ring, as Tab would
    found = {}
    for what, sel in targets.items():
        page.wait_for_selector(sel)
        found[what] = r = page.evaluate(RING, sel)
        assert r["focused"] and r["visible"], (what, r)
    return found


def test_the_focus_ring_is_clear_on_every_surface(live_server, browser):
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + "/")
    page.wait_for_selector(".game-card")
    found = rings(page, LOBBY)
    create_table(page, live_server, "roses-and-thorns", ["human", "bot:heuristic", "bot:heuristic"], seed=5,
                 params={"start_player": 0})
    page.click("#open-my-seat")
    page.wait_for_selector('#moves:not([hidden]) button[data-action="lay rose"]:enabled')
    found.update(rings(page, TABLE))
    said = {what: f'{r["style"]} {r["width"]}px {r["colour"]} {r["contrast"]:.2f}:1' for what, r in found.items()}
    faint = [what for what, r in found.items() if r["style"] in ("none", "auto") or r["contrast"] < 3]
    assert not faint, {what: said[what] for what in faint}
    # One ring: the same style and width everywhere (its colour light on the dark surfaces).
    assert len({(r["style"], r["width"]) for r in found.values()}) == 1, said
    assert all(r["width"] >= 2 for r in found.values()), said
    assert not errors, errors


def focused(page, selector: str) -> bool:
    return page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector)


def checked(page) -> list[str]:
    return page.locator(".game-card[aria-checked=true]").evaluate_all("els => els.map(e => e.dataset.game)")


def test_the_game_picker_is_one_tab_stop_and_the_arrow_keys_choose(live_server, browser):
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + "/")
    page.wait_for_selector("#create-form #players")
    cards = page.locator(".game-card").evaluate_all("els => els.map(e => e.dataset.game)")
    assert len(cards) == 4, cards
    assert checked(page) == [cards[0]]
    # One Tab stop: into the group on the chosen game, out of it with the next Tab.
    page.focus("header.site nav a:last-child")
    for _ in range(10):
        page.keyboard.press("Tab")
        if focused(page, ".game-card"):
            break
    assert focused(page, f'.game-card[data-game="{cards[0]}"]')
    page.keyboard.press("Tab")
    assert not focused(page, ".game-card"), "Tab went to the next game card"
    page.keyboard.press("Shift+Tab")
    assert focused(page, f'.game-card[data-game="{cards[0]}"]')

    # The arrows move and choose (and wrap round); the form follows the chosen game.
    for key, at in (("ArrowRight", 1), ("ArrowDown", 2), ("ArrowLeft", 1), ("End", 3), ("ArrowRight", 0),
                    ("ArrowUp", 3), ("Home", 0), ("ArrowRight", 1)):
        page.keyboard.press(key)
        game = cards[at]
        page.wait_for_function("g => document.activeElement && document.activeElement.dataset.game === g", arg=game)
        assert checked(page) == [game], key
        tabbable = page.locator(".game-card").evaluate_all("els => els.filter(e => e.tabIndex === 0).map(e => e.dataset.game)")
        assert tabbable == [game], (key, tabbable)
    _, games = api(live_server, "GET", "/api/games")
    most = {g["name"]: g["max_players"] for g in games}[cards[1]]
    page.wait_for_function("m => document.querySelector('#players').max === String(m)", arg=most)
    # Tab leaves the group from the chosen game, Shift+Tab comes back to it.
    page.keyboard.press("Tab")
    assert not focused(page, ".game-card")
    page.keyboard.press("Shift+Tab")
    assert focused(page, f'.game-card[data-game="{cards[1]}"]')
    # A click still chooses.
    page.click(f'.game-card[data-game="{cards[2]}"]')
    assert checked(page) == [cards[2]]
    assert not errors, errors
