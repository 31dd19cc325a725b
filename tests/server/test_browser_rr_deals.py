"""Browser tests of a tester's findings on the Rare Roses deals (drafted step by step, RR-7): the
deal builder keeps the money within what the player has (a whole number, at least 0) and the takes
within the turn's tiles, so Propose never sends a deal the engine refuses half-way; a step refused
half-way anyway cancels the open draft and says so plainly; outside a draft there are no
"deal step by step" buttons (the builder is the way to propose); inside one the page explains the
order and shows only steps that can still lead to a proposal, Cancel first in sight; the builder and
the Cancel button say that a deal proposed or cancelled uses one of the turn's offers.

Run: ``python -m pytest -m browser tests/server/test_browser_rr_deals.py`` (skipped without
/usr/bin/chromium).
"""
from __future__ import annotations

import json
import re

import pytest

try:
    from .browser_fixtures import SocketMoves, api, browser, game_available, live_server, new_page, screenshot  # noqa: F401
except ImportError:
    from browser_fixtures import SocketMoves, api, browser, game_available, live_server, new_page, screenshot  # type: ignore[no-redef]  # noqa: F401
try:
    from .test_browser_ux import rare_roses_to_purchase as to_purchase
except ImportError:
    from test_browser_ux import rare_roses_to_purchase as to_purchase  # type: ignore[no-redef]

pytestmark = pytest.mark.browser

RR = "rare-roses"
ENGINE_WORDS = re.compile(r"\bpay \+\d|\b(take|give) [a-z-]+/(bud|fresh|mature)\b|\bdeal \d|\bRR-\d")


def needs(game: str) -> None:
    reason = game_available(game)
    if reason:
        pytest.skip(reason)


def make_table(base: str, seed: int = 7) -> dict:
    status, made = api(base, "POST", "/api/tables", {
        "game": RR, "params": {"players": 2}, "bot_delay_ms": 0, "seed": seed,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]})
    assert status == 201, made
    return made


def open_builder_with_one_take(page) -> None:
    page.click("#moves .deal-builder summary")
    page.locator("#moves .deal-builder .deal-cols > div").first.locator("button.deal-step").nth(1).click()


def test_the_builder_keeps_the_money_within_what_the_player_has(live_server, browser):
    """The tester typed $30 with $21: Propose stayed enabled, ``pay +20`` went through, ``pay +5``
    was refused and a half-built draft was left with the offer spent. Now the field and the deal's
    text hold at most the player's money, nothing is sent while typing, and Propose sends a deal
    whose every step is accepted."""
    needs(RR)
    errors: list[str] = []
    page = new_page(browser, errors)
    made = make_table(live_server)
    moves = SocketMoves(page)
    view = to_purchase(page, live_server, made)
    moves.ready()
    money = view["observation"]["shops"][0]["money"]
    assert money > 0
    moves.sent.clear()
    sent = moves.sent
    # No "deal step by step" buttons outside a draft: the builder is the one way to propose.
    assert any(t.startswith("deal ") for t in view["legal_actions"])
    assert page.locator('#moves button[data-action^="deal "]').count() == 0
    assert "step by step" not in page.inner_text("#moves")
    summary = page.inner_text("#moves .deal-builder summary")
    left = view["observation"]["offers_left"]
    assert summary.startswith(f"Propose a deal ({left} left this turn)")
    assert f"a deal proposed or cancelled uses one of your {left} offers this turn" in summary
    open_builder_with_one_take(page)
    field = "#moves .deal-builder input.deal-pay"
    page.fill(field, str(money + 9))
    assert page.input_value(field) == str(money)
    assert page.inner_text("#moves .deal-builder .deal-text").endswith(f" for ${money}")
    assert page.inner_text("#moves .deal-builder .deal-why") == f"You have ${money}: that is the most you can pay."
    screenshot(page, "rr-builder-money-capped")
    page.fill(field, "-4")
    page.dispatch_event(field, "change")
    assert page.input_value(field) == "0"
    assert page.inner_text("#moves .deal-builder .deal-text").endswith(" for $0")
    page.fill(field, "2.7")
    page.dispatch_event(field, "change")
    assert page.input_value(field) == "2"
    assert page.inner_text("#moves .deal-builder .deal-text").endswith(" for $2")
    page.fill(field, str(money + 9))
    assert sent == []  # typing sends nothing
    assert page.locator("#moves .deal-builder button.deal-propose").is_enabled()
    page.click("#moves .deal-builder button.deal-propose")
    moves.wait_for_answer("propose")
    page.wait_for_function("""() => { const v = window.rosesTable.view;
        return v && v.observation.log.some(l => / (accepts|declines)/.test(l)); }""")
    assert sent and all(status == 200 for _, status in sent), sent
    actions = [t for t, _ in sent]
    assert actions[0] == "deal 1" and actions[-1] == "propose", actions
    assert sum(int(t[5:]) for t in actions if t.startswith("pay +")) == money, actions
    assert page.locator("#banner:not([hidden])").count() == 0
    assert not errors, errors


def test_a_step_refused_half_way_cancels_the_draft_and_says_so_plainly(live_server, browser):
    """When a step of the builder's deal is refused (here: the server's answer to the take is
    made a refusal on the page's WebSocket), the open draft is cancelled with ``cancel deal`` and the banner says what
    happened in plain words, not the engine's rule text."""
    needs(RR)
    errors: list[str] = []
    page = new_page(browser, errors)
    made = make_table(live_server)
    moves = SocketMoves(page)
    to_purchase(page, live_server, made)
    moves.ready()
    moves.sent.clear()
    sent = moves.sent

    def refuse_takes(data):
        action = data.get("action", "")
        if action.startswith("take "):
            return {"status": 422, "error": "illegal", "rule": "Purchase Roses (RR-7)",
                    "message": f"{action} is not possible now: at most 6 roses are received a turn",
                    "detail": f"{action} is not possible now: at most 6 roses are received a turn"}
        return None
    moves.refuse = refuse_takes
    open_builder_with_one_take(page)
    page.click("#moves .deal-builder button.deal-propose")
    moves.wait_for_answer("cancel deal")
    page.wait_for_function("""() => { const v = window.rosesTable.view;
        return v && v.observation.log.some(l => /drops the deal/.test(l)); }""")
    page.wait_for_selector("#banner:not([hidden])")
    actions = [t for t, _ in sent]
    assert actions[0] == "deal 1" and actions[1].startswith("take ") and actions[-1] == "cancel deal", actions
    banner = page.inner_text("#banner .banner-text")
    assert banner == "The deal could not be sent, so it was cancelled. It still counts as one of your offers this turn."
    assert page.locator("#banner .rule").count() == 0
    assert not ENGINE_WORDS.search(page.inner_text("#banner")), page.inner_text("#banner")
    view = page.evaluate("() => window.rosesTable.view")
    assert view["observation"]["phase"] == "purchase" and view["observation"]["draft"] is None
    page.wait_for_selector("#moves .deal-builder")  # the builder is back for the next offer
    screenshot(page, "rr-deal-refused-cancelled")
    assert not errors, errors


# ---------------------------------------------------------------- drawn from positions
PANEL = """async ({view, clicks}) => {
  const m = await import("/static/games/rare-roses.js");
  const el = document.createElement("div");
  el.id = "panel-under-test";
  document.body.appendChild(el);
  const acted = [];
  const ctx = { act: t => { acted.push(t); return Promise.resolve(true); },
                actAll: ts => { acted.push(...ts); return Promise.resolve(true); },
                busy: false, seat: view.seat, replay: false, legal: view.legal_actions,
                players: view.seats.length, name: i => `Seat ${i}`, line: t => t };
  m.renderActions(view, el, ctx);
  for (const sel of clicks) el.querySelector(sel).click();
  const buttons = [...el.querySelectorAll("button.move")].map(b =>
    ({action: b.dataset.action, label: b.textContent, title: b.title, main: b.classList.contains("main")}));
  const out = { text: el.innerText, buttons, acted,
    room: (el.querySelector(".deal-room") || {}).textContent || null,
    plus: [...el.querySelectorAll(".deal-builder .deal-cols > div:first-child button.deal-step")].map(b => b.disabled),
    propose: el.querySelector(".deal-propose") ? el.querySelector(".deal-propose").disabled : null,
    order: (el.querySelector(".rr-draft-order") || {}).textContent || null };
  el.remove();
  return out;
}"""


def _view(state, seat=0, version=1):
    from roses.core import to_jsonable
    return {"observation": to_jsonable(state.observation(seat)), "seat": seat, "status": "playing",
            "version": version, "current_player": state.current_player(), "terminal": state.is_terminal(),
            "params": dict(state.game.params), "legal_actions": [str(a) for a in state.legal_actions()],
            "seats": [{"seat": s, "kind": "human", "name": f"Seat {s}"} for s in range(state.num_players)]}


def _position():
    from tests.games.rare_roses.helpers import new_game, set_shop, to_purchase as rules_to_purchase
    s = new_game(2, seed=9)
    rules_to_purchase(s)
    set_shop(s, 1, "bud", black=2)
    set_shop(s, 0, "fresh", blue=1)
    return s


def test_the_builder_takes_no_more_tiles_than_the_turn_allows(live_server, browser):
    """With 5 of the turn's 6 tiles received, the builder lets one tile be taken (the old one let
    both of the other shop's tiles be asked for, and the second take was refused half-way)."""
    needs(RR)
    s = _position()
    s.received = 5
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + "/")
    view = _view(s)
    assert "deal 1" in view["legal_actions"]
    # [−, +] of Black (bud) ×2: after one "+", the "+" is off.
    out = page.evaluate(PANEL, {"view": view, "clicks": [".deal-builder .deal-cols > div:first-child button.deal-step:nth-of-type(2)"]})
    assert out["plus"] == [False, True], out
    assert out["room"] == "You can receive 1 more tile this turn."
    assert out["propose"] is False
    assert not [b for b in out["buttons"] if (b["action"] or "").startswith("deal ")]
    problems = page.evaluate("""async () => {
        const m = await import('/static/games/rare-roses.js');
        const legal = ['deal 1'];
        return [
          m.dealProblem({seat: 1, take: {'black/bud': 2}, give: {}, pay: 0}, {room: 1, money: 21, legal}),
          m.dealProblem({seat: 1, take: {'black/bud': 1}, give: {}, pay: 30}, {room: 6, money: 21, legal}),
          m.dealProblem({seat: 1, take: {}, give: {}, pay: 0}, {room: 6, money: 21, legal}),
          m.dealProblem({seat: 1, take: {'black/bud': 1}, give: {}, pay: 21}, {room: 6, money: 21, legal}),
          m.clampPay('30', 21), m.clampPay('-3', 21), m.clampPay('2.9', 21), m.clampPay('', 21), m.clampPay('abc', 21),
        ];
    }""")
    assert problems == ["You can receive only 1 more tile this turn: take fewer.", "You have only $21.",
                        "Choose at least one tile to take.", "", 21, 0, 2, 0, 0]
    assert not errors, errors


def test_a_draft_explains_the_order_and_offers_no_dead_ends(live_server, browser):
    """A draft opened by typing ``deal 1``: the panel says the order in plain words and, before a
    tile is taken, offers only takes and Cancel (giving or paying first could never be proposed);
    after a take, gives and money too. A draft that can no longer take says to cancel it. Cancel is
    prominent and its tooltip says the offer is used up anyway."""
    needs(RR)
    from tests.games.rare_roses.helpers import do
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + "/")
    s = _position()
    do(s, "deal 1")
    out = page.evaluate(PANEL, {"view": _view(s), "clicks": []})
    assert out["order"] == "Take the tiles first, then give yours, then add money — in that order."
    actions = [b["action"] for b in out["buttons"]]
    assert actions == ["take black/bud", "cancel deal"], actions
    cancel = out["buttons"][-1]
    assert cancel["main"] and cancel["label"] == "Cancel the deal"
    left = s.observation(0).offers_left
    assert cancel["title"] == f"Cancelling still uses up this deal's offer: you have {left} more offer{'' if left == 1 else 's'} this turn."
    for b in out["buttons"]:
        assert not ENGINE_WORDS.search(b["label"] + " " + b["title"]), b
    assert not ENGINE_WORDS.search(out["text"]), out["text"]

    do(s, "take black/bud")
    out = page.evaluate(PANEL, {"view": _view(s, version=2), "clicks": []})
    actions = [b["action"] for b in out["buttons"]]
    assert "give blue/fresh" in actions and "pay +1" in actions and "propose" in actions, actions
    assert "Money goes in largest first: $20s, then up to three $5s, then up to four $1s." in out["text"]
    assert not ENGINE_WORDS.search(out["text"]), out["text"]

    # Given first (typed): no take can follow, so only Cancel is offered.
    s = _position()
    do(s, "deal 1", "give blue/fresh")
    out = page.evaluate(PANEL, {"view": _view(s), "clicks": []})
    assert out["order"] == "This deal takes no tiles, so it can't be proposed: cancel it."
    assert [b["action"] for b in out["buttons"]] == ["cancel deal"], out["buttons"]
    assert not errors, errors


def test_a_typed_draft_on_the_table_shows_the_order_and_cancel(live_server, browser):
    """On the live page: a draft opened by typing ``deal 1`` shows the plain explanation, only the
    takes and a prominent Cancel; after a take, the gives and money; Cancel ends the draft."""
    needs(RR)
    errors: list[str] = []
    page = new_page(browser, errors)
    made = make_table(live_server)
    to_purchase(page, live_server, made)
    page.click("#moves .typed-move summary")
    page.fill("#moves .typed-move input", "deal 1")
    page.press("#moves .typed-move input", "Enter")
    page.wait_for_selector("#moves .rr-draft-order")
    assert page.inner_text("#moves .rr-draft-order") == "Take the tiles first, then give yours, then add money — in that order."
    assert page.locator('#moves button[data-action^="take "]').count() > 0
    assert page.locator('#moves button[data-action^="give "], #moves button[data-action^="pay "]').count() == 0
    assert page.locator('#moves button.main[data-action="cancel deal"]').count() == 1
    assert page.locator("#moves .deal-builder").count() == 0
    screenshot(page, "rr-draft-typed")
    page.locator('#moves button[data-action^="take "]').first.click()
    page.wait_for_selector('#moves button[data-action="propose"]')
    assert page.locator('#moves button[data-action^="pay "]').count() > 0
    screenshot(page, "rr-draft-after-take")
    page.click('#moves button[data-action="cancel deal"]')
    page.wait_for_selector("#moves .deal-builder")
    assert page.evaluate("() => window.rosesTable.view.observation.phase") == "purchase"
    assert not errors, errors
