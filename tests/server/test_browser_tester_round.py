"""Browser tests of a tester's findings on the table page: a table the host closed marks no seat
to move, says so in the "Now" box and turns chat off; chat lines keep the name they were sent
under after the seat is handed to a bot; the Rare Roses deal box says who takes whose rose; the
Rose Ceremony offer box shows no ruling id.

Run: ``python -m pytest -m browser tests/server/test_browser_tester_round.py`` (skipped without
/usr/bin/chromium).
"""
from __future__ import annotations

import time

import pytest

try:
    from .browser_fixtures import api, browser, game_available, live_server, new_page  # noqa: F401
except ImportError:
    from browser_fixtures import api, browser, game_available, live_server, new_page  # type: ignore[no-redef]  # noqa: F401

from ..registry import SMALL_TABLES, every_table

pytestmark = pytest.mark.browser


def needs(game: str) -> None:
    reason = game_available(game)
    if reason:
        pytest.skip(reason)


def make(base: str, game: str, seats: list[dict], **extra) -> dict:
    status, made = api(base, "POST", "/api/tables", {"game": game, "seats": seats, "bot_delay_ms": 0, **extra})
    assert status == 201, made
    return made


def mover(base: str, table_id: str, token: str) -> int:
    """The seat to move once the server has dealt (chance outcomes are the server's)."""
    deadline = time.monotonic() + 90
    while True:
        status, view = api(base, "GET", f"/api/tables/{table_id}", token=token)
        assert status == 200, view
        if view["current_player"] >= 0:
            return view["current_player"]
        assert time.monotonic() < deadline, "the server did not deal"
        time.sleep(0.05)


NOW = """() => Object.fromEntries([...document.querySelectorAll('#board .status-item')].map(x =>
  [x.querySelector('.status-label').textContent, x.querySelector('.status-value').textContent]))"""


@pytest.mark.parametrize("game,players", every_table(SMALL_TABLES))
def test_a_closed_table_marks_nobody_to_move_and_turns_chat_off(live_server, browser, game, players):
    needs(game)
    made = make(live_server, game, [{"kind": "human"} for _ in range(players)])
    table_id = made["table_id"]
    cp = mover(live_server, table_id, made["host_token"])
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + made["seats"][cp]["join_url"])  # the page of the seat to move
    page.wait_for_selector("#board .seat-box.to-move")
    status, _ = api(live_server, "POST", f"/api/tables/{table_id}/close", {}, token=made["host_token"])
    assert status == 200
    page.wait_for_function("() => document.querySelector('#turn').textContent === 'Closed'")
    assert page.locator("#board .seat-box.to-move").count() == 0
    assert page.locator("#board .pill.hot", has_text="to move").count() == 0
    assert page.locator("#board .chip.now").count() == 0  # Blades and Rose's round order
    assert page.evaluate(NOW)["Now"] == "The host closed the table"
    assert page.locator("#chat-input").is_disabled()
    assert page.locator("#chat-form button[type=submit]").is_disabled()
    assert page.get_attribute("#chat-input", "placeholder") == "Table closed: chat is off"
    assert not errors, errors


def test_chat_keeps_the_name_it_was_sent_under_after_the_seat_goes_to_a_bot(live_server, browser):
    needs("roses-and-thorns")
    made = make(live_server, "roses-and-thorns",
                [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Friend"}, {"kind": "bot"}])
    table_id, friend = made["table_id"], made["seats"][1]["token"]
    status, _ = api(live_server, "POST", f"/api/tables/{table_id}/chat", {"text": "hi from friend"}, token=friend)
    assert status == 200
    status, view = api(live_server, "POST", f"/api/tables/{table_id}/seats/1/bot", {"bot": "random"},
                       token=made["host_token"])
    assert status == 200
    # the bot has its own name (issue 14: "Rowan (random bot)"), the chat keeps Friend's
    assert view["seats"][1]["kind"] == "bot" and view["seats"][1]["name"] == "Rowan (random bot)"
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + made["seats"][0]["join_url"])
    page.wait_for_selector("#chat li")
    assert page.inner_text("#chat li") == "Friend: hi from friend"
    # The seat itself is now the bot's: the players list names it as the log does.
    assert "Rowan (random bot)" in page.inner_text("#players") and "Friend" not in page.inner_text("#players")
    assert not errors, errors


DEAL = """async ({views}) => {
  const m = await import("/static/games/rare-roses.js");
  return views.map(v => {
    const el = document.createElement("div");
    document.body.appendChild(el);
    m.render(v, el, { act() {}, busy: false, seat: v.seat, replay: true, legal: [], players: v.seats.length,
                      name: i => `Seat ${i}`, line: t => t });
    const box = el.querySelector(".rc-offer");
    const text = box ? box.textContent : null;
    el.remove();
    return text;
  });
}"""


def _view(state, seat):
    from roses.core import to_jsonable
    return {"observation": to_jsonable(state.observation(seat)), "seat": seat, "status": "playing",
            "current_player": state.current_player(), "terminal": state.is_terminal(),
            "params": dict(state.game.params),
            "seats": [{"seat": s, "kind": "human", "name": f"Seat {s}"} for s in range(state.num_players)]}


def test_the_rare_roses_deal_box_says_who_takes_whose_roses(live_server, browser):
    """The proposer takes the answering seat's tiles and pays (RR-7, rare_roses ``deals.settle``): the
    box says so to both seats (no more "Seat 0 proposes to Seat 1 (you): take ...")."""
    needs("rare-roses")
    from tests.games.rare_roses.helpers import do, new_game, set_shop, to_purchase
    s = new_game(2, seed=9)
    to_purchase(s)
    set_shop(s, 1, "bud", black=1)
    set_shop(s, 0, "fresh", blue=1)
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + "/")
    do(s, "offer 1 take black/bud pay 5")
    proposer, answerer = page.evaluate(DEAL, {"views": [_view(s, 0), _view(s, 1)]})
    assert proposer == "Seat 0 (you) proposes to take Seat 1's ● Black (bud) for $5"
    assert answerer == "Seat 0 proposes to take your ● Black (bud) for $5"
    do(s, "decline", "offer 1 take black/bud pay 0 give blue/fresh")  # paid in tiles only
    (answerer,) = page.evaluate(DEAL, {"views": [_view(s, 1)]})
    assert answerer == "Seat 0 proposes to take your ● Black (bud) for ✿ Blue (fresh)"
    assert not errors, errors


SHOWN = """async ({module, views}) => {
  const m = await import(module);
  return views.map(v => {
    const el = document.createElement("div");
    document.body.appendChild(el);
    m.render(v, el, { act() {}, busy: false, seat: v.seat, replay: true, legal: [], players: v.seats.length,
                      name: i => `Seat ${i}`, line: t => t });
    const offer = el.querySelector(".rc-offer");
    const shown = [el.innerText, ...[...el.querySelectorAll("[title]")].map(x => x.title)].join("\\n");
    el.remove();
    return { offer: offer ? offer.innerText : null, shown };
  });
}"""


def test_players_read_no_ruling_ids(live_server, browser):
    """The Rose Ceremony offer box said "You choose without seeing it (RC-3)" and a Rare Roses
    shop's specialty tooltip "(RR-4)": ruling ids stay in the code's comments."""
    needs("rose-ceremony")
    needs("rare-roses")
    import random
    import re

    import roses
    from tests.games.rare_roses.helpers import new_game, to_purchase
    rc = roses.load("rose-ceremony", players=3).new_initial_state(0)
    rng = random.Random(0)
    while rc.phase != "respond":
        rc.apply(rc.sample_chance() if rc.is_chance_node() else rng.choice(rc.legal_actions()))
    receiver = rc.current_player()
    rr = new_game(2, seed=9)
    to_purchase(rr)
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + "/")
    (mine,) = page.evaluate(SHOWN, {"module": "/static/games/rose-ceremony.js", "views": [_view(rc, receiver)]})
    assert "You choose without seeing it. Accept: it joins your bouquet. Refuse: it joins theirs." in mine["offer"]
    shops = page.evaluate(SHOWN, {"module": "/static/games/rare-roses.js", "views": [_view(rr, 0), _view(rr, None)]})
    assert "shop specialty" in shops[0]["shown"]
    for drawn in [mine, *shops]:
        assert not re.search(r"\b(RC|RR|RT|BR)-\d", drawn["shown"]), drawn["shown"]
    assert not errors, errors
