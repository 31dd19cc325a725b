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

try:
    from .browser_fixtures import (  # noqa: F401 - fixtures are used by name
        api, browser, create_table, game_available, live_server, new_page, screenshot,
    )
except ImportError:
    from browser_fixtures import (  # type: ignore[no-redef]  # noqa: F401
        api, browser, create_table, game_available, live_server, new_page, screenshot,
    )

pytestmark = pytest.mark.browser

RT, RC, RR, BR = "roses-and-thorns", "rose-ceremony", "rare-roses", "blades-and-rose"
LONG_TABLE = "W" * 200  # the API's longest table name, no spaces
LONG_SEAT = "M" * 100   # the API's longest seat name
OTHER_SEAT = "x" * 100


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


@pytest.mark.parametrize("game,players", [(RT, 3), (RC, 3), (RR, 3), (BR, 5)])
def test_long_unbroken_names_never_widen_the_page(game, players, live_server, browser):
    needs(game)
    made = make(live_server, game, [{"kind": "human", "name": LONG_SEAT}, {"kind": "human", "name": OTHER_SEAT},
                                    *bots(players - 2)], name=LONG_TABLE, params={"players": players})
    errors: list[str] = []
    for width, height in ((1280, 900), (390, 844)):
        page = new_page(browser, errors, width=width, height=height)
        page.goto(live_server + made["seats"][0]["join_url"])
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
        page.context.close()
    # The lobby lists the table (name 200 characters) without scrolling sideways.
    for width, height in ((1280, 900), (390, 844)):
        page = new_page(browser, errors, width=width, height=height)
        page.goto(live_server + "/")
        page.wait_for_selector(".table-item")
        sizes = page.evaluate(PAGE_WIDTH)
        assert sizes["page"] <= sizes["viewport"], (width, sizes)
        assert LONG_TABLE in page.inner_text("#tables")
        page.context.close()
    assert not errors, errors
