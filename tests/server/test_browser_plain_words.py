"""Plain words on the table page (issue 14): the page text of each game's table, mid-game and at
its end, with every log group opened, carries no engine syntax (``roses.core.plain.ENGINE_SYNTAX``:
ruling ids, "§", action syntax, raw fractions such as "2/0", seats counted from 0, ...); the log is
grouped by round or turn with the dealing folded; screenshots of each table go to ``docs/img/``.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

try:
    from .browser_fixtures import (  # noqa: F401 - fixtures are used by name
        api, browser, create_table, finished_bot_table, game_available, live_server, new_page, open_replay, open_one_human_table,
        play_to_end,
    )
except ImportError:
    from browser_fixtures import (  # type: ignore[no-redef]  # noqa: F401
        api, browser, create_table, finished_bot_table, game_available, live_server, new_page, open_replay, open_one_human_table,
        play_to_end,
    )

from roses.core.plain import engine_syntax

from ..registry import SMALL_TABLES, every_game, table

pytestmark = pytest.mark.browser

DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
#: game -> players: every registered game, at the small tables tests/registry.py keeps for browser tests.
GAMES = {name: table(name, SMALL_TABLES) for name in every_game()}
SEED = 20261201

OPEN_ALL = "() => { for (const d of document.querySelectorAll('#log details')) d.open = true; }"


def _scan(page) -> list[str]:
    """Engine syntax in the page's text and in its tooltips (the move buttons' tooltips once were
    their action texts: "offer 3/1 to 1")."""
    page.evaluate(OPEN_ALL)
    text = page.evaluate("() => document.body.innerText")
    tips = page.evaluate("() => [...document.querySelectorAll('[title]')].map(e => e.title)")
    return [f"{name}: {line.strip()[:140]}" for line in text.splitlines() + tips for name in engine_syntax(line)]


@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_reads_in_plain_words(game, live_server, browser):
    reason = game_available(game)
    if reason:
        pytest.skip(reason)
    players = GAMES[game]
    errors: list[str] = []
    page = new_page(browser, errors, width=1280, height=900)
    open_one_human_table(page, live_server, game, players, SEED)
    found: list[str] = []
    shot: dict[str, bool] = {}

    def before(p, moves):
        # The mid-game picture at the seat's 5th decision; also at its 1st, as a Blades & Rose seat
        # may decide only two or three times in a game.
        if moves in (0, 4):
            if not shot:
                found.extend(_scan(p))
            shot["mid"] = True
            p.screenshot(path=str(DOCS_IMG / f"{game}-table.png"), full_page=True)

    DOCS_IMG.mkdir(parents=True, exist_ok=True)
    play_to_end([page], random.Random(7), before_move=before)
    if not shot:
        found.extend(_scan(page))
    found.extend(_scan(page))
    assert not found, found
    # The log is grouped: the latest group open, a title per round or turn.
    titles = page.locator("#log li.log-group > details > summary .log-title").all_inner_texts()
    assert len(titles) >= 2, titles
    assert all(t == "Setup" or re.match(r"(Round \d+|.+'s turn|Your turn)$", t) for t in titles), titles
    page.evaluate("() => document.getElementById('end').hidden = true")  # the board under the end card
    page.screenshot(path=str(DOCS_IMG / f"{game}-end.png"), full_page=True)
    assert not errors, errors


def test_rose_ceremony_dealing_is_one_folded_line(live_server, browser):
    """The 12 "is dealt a card" lines of a 3-player start fold into one "Cards are dealt" line."""
    errors: list[str] = []
    page = new_page(browser, errors)
    create_table(page, live_server, "rose-ceremony", ["human", "bot:heuristic", "bot:heuristic"], seed=SEED)
    page.click("#open-my-seat")
    page.wait_for_selector("#log li.log-group")
    runs = page.locator("#log li.log-run > details > summary").all_text_contents()
    assert runs and runs[0] == "Cards are dealt (12 lines)", runs
    setup = page.locator("#log li.log-group").first
    assert setup.locator("summary .log-title").inner_text() == "Setup"
    # Folded: the dealt lines are not shown until opened.
    assert not page.locator("#log li.log-run li.log-line").first.is_visible()
    assert not errors, errors


def _replay_texts(page) -> tuple[list[str], list[str]]:
    """The replay's moves list, entry by entry, and the line above the board at every step (the
    viewer stepped from the first step to the last in the page)."""
    entries = [" ".join(t.split()) for t in page.locator("#steps li").all_inner_texts()]
    lines = page.evaluate("""() => {
      const out = [];
      document.getElementById("first").click();
      for (let i = 0; i < document.querySelectorAll("#steps li").length; i++) {
        out.push(document.getElementById("step-action").textContent);
        document.getElementById("next").click();
      }
      return out;
    }""")
    return entries, [" ".join(t.split()) for t in lines]


@pytest.mark.parametrize("game", list(GAMES))
def test_the_replay_lists_every_step_in_plain_words(game, live_server, browser):
    """The replay viewer's moves list and the line above its board showed the record's action
    texts ("chance: deal 4/1 to 0", "Alice: offer 0/0 to 1", seats counted from 0); each step now
    reads as the log does (its public lines, seats by name), or in its mover's menu words."""
    reason = game_available(game)
    if reason:
        pytest.skip(reason)
    tid, rec = finished_bot_table(live_server, game, GAMES[game], SEED)
    names = [h[0]["name"] for h in rec["holders"]]
    assert all(names) and not any(re.fullmatch(r"Seat \d+", n) for n in names), names
    errors: list[str] = []
    page = new_page(browser, errors)
    open_replay(page, live_server, tid)
    entries, lines = _replay_texts(page)
    actions = rec["actions"]
    assert len(entries) == len(lines) == len(actions) + 1
    assert entries[0] == "start of the game" and lines[0] == "Start of the game"
    found = [f"step {k}: {name}: {text}" for k, text in enumerate(entries + lines) for name in engine_syntax(text)]
    assert not found, found
    for k, (seat, text) in enumerate(actions, start=1):
        assert text not in (entries[k], lines[k])
        if seat >= 0:  # a seat's move names its mover (in bold when first), never "Name: accepts: …"
            assert names[seat] in entries[k] and not re.match(r"[^:]*: \w+:", entries[k]), (k, text, entries[k])
        if game == "rose-ceremony" and (m := re.fullmatch(r"offer \d+/\d+ to (\d+)", text)):
            # a sentence in the list as above the board (Roses and Thorns' lines always were)
            assert entries[k] == lines[k] == f"{names[seat]} offers a card face down to {names[int(m[1])]}."
        if game == "rose-ceremony" and (m := re.fullmatch(r"deal \d+/\d+ to (\d+)", text)):
            assert entries[k] == lines[k] == f"{names[int(m[1])]} is dealt a card."
        if game == "roses-and-thorns" and (m := re.fullmatch(r"bid (\d+)", text)):
            assert entries[k] == f"{names[seat]} bids {m[1]}."
        if game == "rare-roses" and text == "done buying":  # no log line: the menu's words
            assert entries[k] == f"{names[seat]}: Done buying" and lines[k] == f"{names[seat]}: Done buying."
    page.locator("#steps li button").nth(3).click()
    assert page.inner_text("#step-label") == f"Step 3 of {len(actions)}"
    assert not errors, errors


def test_move_buttons_tooltips_are_their_words_not_action_texts(live_server, browser):
    """A move button's tooltip was its action text ("offer 3/1 to 1"); it is now the button's own
    words in full (the name of the seat offered to, for a Rose Ceremony offer)."""
    game = "rose-ceremony"
    reason = game_available(game)
    if reason:
        pytest.skip(reason)
    errors: list[str] = []
    page = new_page(browser, errors)
    create_table(page, live_server, game, ["human", "bot:heuristic", "bot:heuristic"], params={"start_player": 0},
                 seed=SEED)
    page.click("#open-my-seat")
    page.wait_for_selector("#moves:not([hidden]) button.move:enabled")
    buttons = page.locator("#moves button.move").evaluate_all(
        "els => els.map(e => [e.dataset.action, e.title, e.innerText.replace(/\\s+/g, ' ').trim()])")
    offers = [b for b in buttons if b[0].startswith("offer ")]
    assert offers, buttons
    names = page.locator("#players .pname").all_inner_texts()
    for action, title, label in buttons:
        assert title == label and engine_syntax(title) == [], (action, title, label)
    for action, title, _ in offers:
        assert title == names[int(action.rsplit(" ", 1)[1])], (action, title, names)
    assert not errors, errors


STATUS = """() => Object.fromEntries([...document.querySelectorAll('#board .status-item')].map(
  e => [e.querySelector('.status-label').textContent, e.querySelector('.status-value').textContent]))"""


def test_blades_and_rose_counts_rounds_from_1_while_the_coin_is_given(live_server, browser):
    """Regression: before the first crystal the status strip read "Round 0" while the log said
    "Round 1: … gives the coin", and between rounds it showed the round just played. Five people
    (no bot moves for them): the coin waits at the start and after round 1."""
    seats = [{"kind": "human"}] * 5
    status, made = api(live_server, "POST", "/api/tables", {"game": "blades-and-rose", "seats": seats})
    assert status == 201, made
    tid, tokens = made["table_id"], [s["join_url"].split("token=")[1] for s in made["seats"]]
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + made["seats"][0]["join_url"])
    page.wait_for_selector("#board .status-item")
    assert page.evaluate("() => window.rosesTable.view.observation.phase") == "coin"
    assert page.evaluate(STATUS)["Round"] == "1"
    while True:  # the last legal move of each seat to move (no card, where it may), until round 1 is over
        _, v = api(live_server, "GET", f"/api/tables/{tid}", token=tokens[0])
        o = v["observation"]
        if v["terminal"] or (o["phase"] == "coin" and len(o["rounds"]) == 1):
            break
        seat = v["current_player"]
        _, mine = api(live_server, "GET", f"/api/tables/{tid}", token=tokens[seat])
        api(live_server, "POST", f"/api/tables/{tid}/actions",
            {"action": mine["legal_actions"][-1], "version": mine["version"]}, token=tokens[seat])
    page.wait_for_function("v => window.rosesTable.view.version >= v", arg=v["version"])
    assert not v["terminal"], "round 1 ended the game: no coin to give for round 2"  # the deal is fixed by the test's name
    assert page.evaluate(STATUS)["Round"] == "2"
    assert not errors, errors


def test_log_lines_cite_no_rulings(live_server, browser):
    """Regression: Blades & Rose's log read "Effect #3 cannot be applied: nothing happens (FAQ
    Q3)." and "… does not activate effect #10 (FAQ Q11)." (the rulebook's FAQ numbers). The log,
    the reveal captions and the screen-reader announcements all go through ``logText``."""
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + "/")
    said = page.evaluate("""async () => {
      const { logText } = await import('/static/common.js');
      const view = { seats: [{ seat: 0, name: 'Anna' }, { seat: 1, name: 'Bruno' }], seat: 1 };
      return ['effect #3 cannot be applied: nothing happens (FAQ Q3)',
              'seat 0 does not activate effect #10 (FAQ Q11)',
              'seat 1 (you) wins (FAQ Q9, Q12)'].map(line => logText(view, line));
    }""")
    assert said == ["Effect #3 cannot be applied: nothing happens.", "Anna does not activate effect #10.",
                    "Bruno (you) wins."], said
    assert not errors, errors
