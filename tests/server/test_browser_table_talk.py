"""Table talk in the browser (issue 14): a player claims a role from the talk panel beside chat;
the statement is drawn by the seat on the board and appears in the game log in plain words; the
bots' statements appear there too. Talk changes nothing in the game (the version stays)."""
from __future__ import annotations

import random

import pytest

try:
    from .browser_fixtures import (SCREENSHOTS, api, browser, create_table, live_server, new_page, open_replay,  # noqa: F401
                                   pages_at_sizes, play_to_end)
except ImportError:
    from browser_fixtures import (SCREENSHOTS, api, browser, create_table, live_server, new_page, open_replay,  # type: ignore[no-redef]  # noqa: F401
                                  pages_at_sizes, play_to_end)

pytestmark = pytest.mark.browser

BOT_SAID = """() => [...document.querySelectorAll('#board .talk-badge')]
  .some(b => b.dataset.seat !== '0' && b.textContent.includes('claims'))"""


def test_a_claim_is_drawn_by_the_seat_and_logged_and_bots_talk_too(live_server, browser):
    errors: list[str] = []
    page = new_page(browser, errors)
    create_table(page, live_server, "blades-and-rose", ["human"] + ["bot:heuristic"] * 4, seed=4)
    page.click("#open-my-seat")
    page.wait_for_selector("#talk-panel:not([hidden]) button[data-talk=claim]")
    assert page.locator("#talk-panel button[data-talk]").all_inner_texts() == ["Nominate", "Claim", "Accuse", "Vouch for"]
    # the claims of a 5-player game's characters: no Great Sword (setup chart), which it offered
    claims = page.locator("#talk-panel select[data-talk=claim] option").all_inner_texts()
    assert claims == ["White Rose Faction", "Blood Blades Faction", "White Rose", "Bishop", "Believer",
                      "Double Knife", "Dark Knife"], claims
    page.wait_for_function("() => window.rosesTable.view && window.rosesTable.view.legal_actions.length > 0")
    version = page.evaluate("() => window.rosesTable.view.version")
    page.select_option("#talk-panel select[data-talk=claim]", "White Rose")
    page.click("#talk-panel button[data-talk=claim]")
    mine = page.locator('#board .seat-box[data-seat="0"] .talk-badge')
    mine.wait_for()
    assert "claims White Rose" in mine.inner_text()
    page.wait_for_function("() => document.querySelector('#log').textContent.includes('claims White Rose')")
    assert page.evaluate("() => window.rosesTable.view.version") == version  # talk is no move
    # Accuse a seat: drawn by the seat too, in plain words with the seat's name.
    page.select_option("#talk-panel select[data-talk=accuse]", "2")
    page.click("#talk-panel button[data-talk=accuse]")
    third = page.evaluate("() => window.rosesTable.view.seats[2].name")  # a bot's name: "Rowan (standard bot)"
    page.wait_for_function("name => document.querySelector('#board .seat-box[data-seat=\"0\"] .talk-badge')"
                           ".textContent.includes('accuses ' + name)", arg=third)
    # Play on (pass or the first move) until a bot has spoken; bots speak before they move.
    for _ in range(12):
        if page.evaluate(BOT_SAID):
            break
        page.wait_for_function("() => window.rosesTable.view.legal_actions.length > 0 || window.rosesTable.view.terminal")
        if page.evaluate("() => window.rosesTable.view.terminal"):
            break
        v = page.evaluate("() => window.rosesTable.view.version")
        buttons = page.locator("#moves button[data-action]")
        passing = page.locator('#moves button[data-action="pass"]')
        (passing if passing.count() else buttons.first).click()
        page.wait_for_function("v => window.rosesTable.view.version > v", arg=v)
        page.wait_for_timeout(200)
    page.wait_for_function(BOT_SAID)
    log = page.text_content("#log")
    assert "Talk — Seat 1 (you) claims White Rose" in log  # the reader's own, as the log marks it
    # a statement about the reader says "you" ("accuses Seat 1" was about you)
    said = page.evaluate("""async () => {
      const { verb } = await import('/static/talk.js');
      const v = window.rosesTable.view;
      return [verb(v, { kind: 'accuse', seat: 2, target: 0 }), verb(v, { kind: 'vouch', seat: 2, target: 0 }),
              verb(v, { kind: 'accuse', seat: 0, target: 2 })];
    }""")
    assert said == ["accuses you", "vouches for you", f"accuses {third}"], said
    bots = page.evaluate("() => window.rosesTable.view.seats.slice(1).map(s => s.name)")
    assert any(f"Talk — {name} claims" in log for name in bots), (bots, log[-500:])
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "blades-and-rose-talk.png"), full_page=True)
    # The replay of the finished table shows the talk in its log and by the seats.
    play_to_end([page], random.Random(4))
    table_id = page.url.rsplit("/t/", 1)[1].split("?")[0]
    open_replay(page, live_server, table_id, last=True)
    page.wait_for_selector('#board .talk-badge[data-seat="0"]')
    log = page.text_content("#log")  # the first round's group is folded by now
    assert "Talk — Seat 1 claims White Rose" in log  # the replay names seats as the table did
    assert "claims White Rose" in page.text_content('#board .talk-badge[data-seat="0"]')
    # styled as at the table, one statement a line (regression: the replay had no talk.css, and two
    # statements ran together: “claims White Rose””accuses Rowan”)
    assert page.eval_on_selector("#board .talk-badge", "b => getComputedStyle(b).flexDirection") == "column"
    assert not errors, errors


# Each talk list's chosen entry against the room its box has for text: [text, text width, room].
LIST_ROOM = """() => [...document.querySelectorAll('#talk-panel select')].map(s => {
  const c = document.createElement('canvas').getContext('2d'), cs = getComputedStyle(s);
  c.font = cs.font;
  const text = s.options[s.selectedIndex].text;
  const arrow = 20;  // the list's drop-down arrow
  return [text, c.measureText(text).width, s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - arrow];
})"""


def test_the_nominate_list_shows_a_long_name_whole(live_server, browser):
    """Regression: Blades & Rose's "Nominate [list] for the coin" squeezed the list beside its
    words, so a 20-letter name read "Maximilian-Alexande" at 1280 px and was cut on a phone; the
    words now follow the button and the list has a line of its own."""
    status, made = api(live_server, "POST", "/api/tables", {
        "game": "blades-and-rose", "seed": 4, "bot_delay_ms": 0,
        "seats": [{"kind": "human", "name": "Maximilian-Alexander"}] + [{"kind": "bot", "bot": "ismcts:expert"}] * 4})
    assert status == 201, made
    errors: list[str] = []
    for width, page in pages_at_sizes(browser, errors, live_server + made["seats"][0]["join_url"]):
        page.wait_for_selector("#talk-panel:not([hidden]) select[data-talk=nominate]")
        page.select_option("#talk-panel select[data-talk=nominate]", "0")  # the own name: listed last
        lists = page.evaluate(LIST_ROOM)
        assert lists[0][0] == "Maximilian-Alexander (you)", lists
        assert [t for t, need, room in lists if need > room] == [], (width, lists)
        row = page.locator(".talk-row:has(select[data-talk=nominate])").inner_text()
        assert " ".join(row.split()).startswith("Nominate for the coin"), row
    assert not errors, errors


OPTIONS = """() => Object.fromEntries([...document.querySelectorAll('#talk-panel select[data-talk]')]
  .map(s => [s.dataset.talk, [[...s.options].map(o => o.text), s.value]]))"""


def test_the_seat_lists_start_with_the_next_seat_and_end_with_your_own(live_server, browser):
    """Regression: "Nominate … for the coin" opened on the player's own name (the lists ran from
    seat 1), so a quick nomination asked the coin for oneself. The lists run in turn order from the
    next seat: for Ada at seat 2 of 5, Ivy, Juniper, Willow, Hazel, then "Ada (you)"."""
    status, made = api(live_server, "POST", "/api/tables", {
        "game": "blades-and-rose", "seed": 4, "bot_delay_ms": 0,
        "seats": [{"kind": "bot", "bot": "heuristic"}, {"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "heuristic"}] * 3})
    assert status == 201, made
    errors: list[str] = []
    for width, page in pages_at_sizes(browser, errors, live_server + made["seats"][1]["join_url"]):
        page.wait_for_selector("#talk-panel:not([hidden]) select[data-talk=nominate]")
        names = page.evaluate("() => window.rosesTable.view.seats.map(s => s.name)")
        assert names[1] == "Ada", names
        lists = page.evaluate(OPTIONS)
        others = [names[2], names[3], names[4], names[0]]
        assert lists["nominate"] == [others + ["Ada (you)"], "2"], (width, lists)  # opens on the next seat
        assert lists["accuse"] == [others, "2"] and lists["vouch"] == [others, "2"], (width, lists)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("#talk-panel").screenshot(path=str(SCREENSHOTS / f"blades-and-rose-talk-lists-{width}.png"))
    assert not errors, errors


def test_talk_during_the_coin_discussion_is_logged_in_its_round(live_server, browser):
    """Issue 42: Blades & Rose logs "Round 3: … gives the coin" when the coin is given, after the
    coin's discussion, so talk said during it was shown at the end of round 2, just before the
    "Round 3" heading. It is placed after the heading of the round it was said in; talk said
    within a round stays where it was said."""
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server + "/")
    out = page.evaluate("""async () => {
      const { talkLog } = await import('/static/talk.js');
      const view = { seat: null, seats: [{ seat: 0, name: 'Ana' }, { seat: 1, name: 'Bo' }], chat: [
        { id: 1, seat: 0, talk: { kind: 'accuse', seat: 0, target: 1, at_log: 1 } },
        { id: 2, seat: 1, talk: { kind: 'vouch', seat: 1, target: 0, at_log: 3 } }] };
      const texts = ['Round 2: Ana gives the coin to Bo.', 'Bo plays a card face down.',
                     'Round 2 ends: no winner yet.', 'Round 3: Bo gives the coin to Ana.', 'Ana passes.'];
      return talkLog(view, texts);
    }""")
    assert out == ["Round 2: Ana gives the coin to Bo.", "Talk — Ana accuses Bo", "Bo plays a card face down.",
                   "Round 2 ends: no winner yet.", "Round 3: Bo gives the coin to Ana.", "Talk — Bo vouches for Ana",
                   "Ana passes."], out
    assert not errors, errors
