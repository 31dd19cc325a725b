"""Browser renderers (static/games/*.js) name the viewer's own seat "(you)" in their status lines,
as the game log does, and leave a spectator's unchanged; a Roses and Thorns seat that is out
shows no markers (§4 "Their marker no longer counts").

Each renderer module is imported in the page and drawn from a real observation of the engine
(``to_jsonable``), without a table: the status strip's values are compared as text.

Run: ``python -m pytest -m browser tests/server/test_browser_own_seat.py`` (skipped without
/usr/bin/chromium).
"""
from __future__ import annotations

import random

import pytest

import roses
from roses.core import to_jsonable

try:
    from .browser_fixtures import browser, game_available, live_server, new_page  # noqa: F401
except ImportError:
    from browser_fixtures import browser, game_available, live_server, new_page  # type: ignore[no-redef]  # noqa: F401

pytestmark = pytest.mark.browser

DRAW = """async ({module, views}) => {
  const m = await import(module);
  return views.map(v => {
    const el = document.createElement("div");
    document.body.appendChild(el);
    const ctx = { act() {}, busy: false, seat: v.seat, replay: true, legal: [], players: v.seats.length,
                  name: i => `Seat ${i}`, line: t => t };
    m.render(v, el, ctx);
    const status = Object.fromEntries([...el.querySelectorAll(".status-item")].map(x =>
      [x.querySelector(".status-label").textContent, x.querySelector(".status-value").textContent]));
    const boxes = [...el.querySelectorAll(".seat-box")].map(b => ({
      seat: Number(b.dataset.seat), text: b.innerText, markers: b.querySelectorAll(".marker:not(.empty)").length,
      slots: b.querySelectorAll(".marker").length }));
    const text = el.innerText;
    el.remove();
    return { status, boxes, text };
  });
}"""


def _view(state, seat):
    obs = state.observation(seat)
    return {"observation": to_jsonable(obs), "seat": seat, "current_player": state.current_player(),
            "terminal": state.is_terminal(), "params": dict(state.game.params),
            "seats": [{"seat": s, "kind": "human", "name": f"Seat {s}"} for s in range(state.num_players)]}


def _draw(page, game: str, state, seats):
    return page.evaluate(DRAW, {"module": f"/static/games/{game}.js", "views": [_view(state, s) for s in seats]})


def _first(game: str, players: int, want, seed: int = 0):
    """The first position of a random game (fixed seed) where ``want(state)`` holds."""
    g = roses.load(game, players=players)
    state = g.new_initial_state(seed)
    rng = random.Random(seed)
    while not want(state):
        assert not state.is_terminal(), f"{game}: no such position with seed {seed}"
        state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


# per-game facts: a phase of each game in which its status line names a seat
@pytest.mark.parametrize("game,players,phase", [
    ("roses-and-thorns", 3, "bidding"), ("rose-ceremony", 3, "offer"),
    ("rare-roses", 2, "purchase"), ("blades-and-rose", 5, "coin"), ("blades-and-rose", 5, "play"),
])
def test_the_now_line_names_the_own_seat_you(live_server, browser, game, players, phase):
    if game_available(game):
        pytest.skip(game_available(game))
    state = _first(game, players, lambda s: s.phase == phase and s.current_player() >= 0)
    # The seat the line names: the one to move, or (Roses and Thorns) the high bidder.
    mover = state.high_bidder if game == "roses-and-thorns" else state.current_player()
    other = (mover + 1) % players
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + "/")
    own, theirs, spectator = _draw(page, game, state, [mover, other, None])
    key = "Now" if game != "roses-and-thorns" else "High bid"
    assert f"Seat {mover} (you)" in own["status"][key], own["status"]
    assert f"Seat {mover}" in theirs["status"][key] and "(you)" not in theirs["status"][key]
    assert f"Seat {mover}" in spectator["status"][key] and "(you)" not in spectator["status"][key]
    assert not errors, errors


def test_rose_ceremony_pending_offer_names_the_own_seat(live_server, browser):
    state = _first("rose-ceremony", 3, lambda s: s.phase == "respond")
    offer = state.observation(None).pending_offer
    offerer, receiver = offer.offerer, offer.receiver
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + "/")
    mine, spectator = _draw(page, "rose-ceremony", state, [receiver, None])
    assert f"Seat {offerer} offers a card face down to Seat {receiver} (you)" in mine["text"]
    assert f"Seat {offerer} offers a card face down to Seat {receiver}\n" in spectator["text"] + "\n"
    assert f"Seat {receiver} (you) decides" in mine["status"]["Now"]
    assert not errors, errors


def test_an_out_roses_and_thorns_seat_shows_no_markers(live_server, browser):
    """Seat 2 had a marker and loses its last card: the views show it out, with no marker, while
    seat 0 keeps its marker (§4)."""
    g = roses.load("roses-and-thorns", players=4, start_player=2)
    s = g.new_initial_state(1)
    s.markers[0] = s.markers[2] = 1
    s.hands[2], s.lost[2] = [1, 0], ["rose", "rose", "thorn"]
    for t in ("lay rose", "lay thorn", "lay rose", "lay rose", "bid 2", "pass", "pass", "pass", "flip 3", "lose rose"):
        s.apply(s.action_from_text(t))
    assert s.out[2]
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + "/")
    for drawn in _draw(page, "roses-and-thorns", s, [None, 0, 2]):
        boxes = {b["seat"]: b for b in drawn["boxes"]}
        assert boxes[2]["markers"] == 0 and boxes[2]["slots"] == 0, boxes[2]
        assert "out of the game — no markers" in boxes[2]["text"]
        assert boxes[0]["markers"] == 1 and boxes[0]["slots"] == 2
    assert not errors, errors
