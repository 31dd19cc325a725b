"""Help at the point of decision (issue 14): Rare Roses marks the orders the seat can fill or match
now — exactly the engine's legal fills — with the tiles the fill would use, and the order lost
next; Roses and Thorns says how many cards are on the table and the most you can bid."""
from __future__ import annotations

import random
import re

import pytest

try:
    from .browser_fixtures import (api, browser, create_table, live_server, new_page,  # noqa: F401
                                   pages_at_sizes, play_to_end)
except ImportError:
    from browser_fixtures import (api, browser, create_table, live_server, new_page,  # type: ignore[no-redef]  # noqa: F401
                                  pages_at_sizes, play_to_end)

pytestmark = pytest.mark.browser

MARKS = """() => [...document.querySelectorAll('.rr-queue .order.can-fill')].map(o => ({
  id: Number(o.dataset.order),
  values: [...o.querySelectorAll('.fill-now')].map(f => f.dataset.value),
  tiles: [...o.querySelectorAll('.fill-now')].map(f => f.querySelectorAll('.tile').length),
  roses: o.querySelectorAll('.order-roses .tile').length }))"""


def test_rare_roses_marks_the_orders_the_engine_lets_you_fill(live_server, browser):
    errors: list[str] = []
    page = new_page(browser, errors)
    create_table(page, live_server, "rare-roses", ["human"], seed=3)
    page.click("#open-my-seat")
    page.wait_for_selector("#board > *")
    seen = {"marks": 0, "checks": 0}

    def check(p, moves):
        legal = p.evaluate("() => window.rosesTable.view.legal_actions")
        fills: dict[int, set[str]] = {}
        for t in legal:
            m = re.fullmatch(r"fill (\d+) (fill|match)", t)
            if m:
                fills.setdefault(int(m.group(1)), set()).add(m.group(2))
        marks = p.evaluate(MARKS)
        assert {m["id"]: set(m["values"]) for m in marks} == fills, (marks, legal)
        for m in marks:
            assert all(k == m["roses"] for k in m["tiles"]), m  # one tile per rose of the order
        seen["marks"] += len(marks)
        seen["checks"] += 1
        if p.locator(".rr-queue .order").first.count():
            assert p.locator(".rr-queue .expires-next").count() == 1

    def fill_first(texts, rng):  # fill when possible, so marks are seen; else random
        for k, t in enumerate(texts):
            if t.startswith("fill "):
                return k
        return rng.randrange(len(texts))

    play_to_end([page], random.Random(3), choose=fill_first, before_move=check, max_moves=600)
    assert seen["checks"] > 20 and seen["marks"] >= 1, seen
    assert not errors, errors


def test_roses_and_thorns_says_the_most_you_can_bid(live_server, browser):
    errors: list[str] = []
    page = new_page(browser, errors)
    create_table(page, live_server, "roses-and-thorns", ["human", "bot:heuristic", "bot:heuristic"], seed=5,
                 params={"start_player": 0})
    page.click("#open-my-seat")
    page.wait_for_selector('#moves button[data-action="lay rose"]:enabled')
    page.click('#moves button[data-action="lay rose"]')
    page.wait_for_selector("#bid-help", timeout=60_000)
    view = page.evaluate("() => window.rosesTable.view")
    bids = [int(t.split()[1]) for t in view["legal_actions"] if t.startswith("bid ")]
    cards = view["observation"]["cards_on_table"]
    assert page.inner_text("#bid-help").startswith(f"{cards} cards on the table · the most you can bid: {max(bids)}")
    assert not errors, errors


def test_rose_ceremony_shows_each_bouquets_wilt_risk(live_server, browser):
    """Each bouquet: roses, thorns and the share of the cards this seat has not seen that would
    wilt it (computed here from the view the page drew)."""
    errors: list[str] = []
    page = new_page(browser, errors)
    create_table(page, live_server, "rose-ceremony", ["human", "bot:heuristic", "bot:heuristic"], seed=4)
    page.click("#open-my-seat")
    page.wait_for_selector(".wilt-risk")
    for _ in range(6):  # a few moves in, some bouquets have thorns
        page.wait_for_selector("#moves:not([hidden]) button.move:enabled")
        page.locator("#moves button.move:enabled").first.click()
        page.wait_for_timeout(200)
    # The view and the risks drawn from it in one read: the bots may still be moving, and a view
    # pushed between two reads would pair one view's risks with another's cards.
    view, risks = page.evaluate("() => [window.rosesTable.view, [...document.querySelectorAll('.seat-box')].map(b => [Number(b.dataset.seat), Number(b.querySelector('.wilt-risk').dataset.risk)])]")
    o = view["observation"]
    left = {(r, t): k for r, t, k in view["params"]["deck"]}
    seen = o["hand"] + [c for b in o["bouquets"] for c in b] + o["discard"]
    if o.get("pending_offer") and o["pending_offer"].get("card"):
        seen.append(o["pending_offer"]["card"])
    for c in seen:
        left[(c["roses"], c["thorns"])] -= 1
    total = sum(left.values())
    for seat, risk in risks:
        need = 5 - o["bouquet_thorns"][seat]
        assert risk == int(100 * sum(k for (r, t), k in left.items() if t >= need) / total + 0.5), (seat, risk)  # JS Math.round
    assert len(risks) == 3
    assert not errors, errors


HOURGLASS = """() => { const e = document.querySelector('.rr-queue .expires-next'), g = e.querySelector('.hourglass');
  if (!g) return { text: e.textContent };
  const cs = getComputedStyle(g), box = g.getBoundingClientRect();
  return { text: e.textContent, role: g.getAttribute('role'), label: g.getAttribute('aria-label'), title: g.title,
           width: box.width, height: box.height, top: cs.borderTopColor, bottom: cs.borderBottomColor,
           side: cs.borderLeftColor, ink: getComputedStyle(e).color }; }"""


def test_rare_roses_order_lost_next_draws_its_hourglass_without_an_emoji_font(live_server, browser):
    """Regression: "⌛ oldest: lost next" showed an empty box in Debian's Chromium (no emoji font
    there). The hourglass is two CSS triangles in the text's colour, named in words for a screen
    reader and in its tooltip."""
    status, made = api(live_server, "POST", "/api/tables", {
        "game": "rare-roses", "params": {"players": 1}, "seed": 3, "bot_delay_ms": 0, "seats": [{"kind": "human"}]})
    assert status == 201, made
    errors: list[str] = []
    for width, page in pages_at_sizes(browser, errors, live_server + made["seats"][0]["join_url"]):
        page.wait_for_selector(".rr-queue .expires-next")
        g = page.evaluate(HOURGLASS)
        assert g["text"] == "oldest: lost next", g  # no character that needs an emoji font
        assert (g["role"], g["label"], g["title"]) == ("img", "time running out", "time running out"), g
        assert g["width"] >= 5 and g["height"] >= 8, (width, g)
        assert g["top"] == g["bottom"] == g["ink"] == "rgb(161, 16, 46)" and g["side"] == "rgba(0, 0, 0, 0)", g
    assert not errors, errors
