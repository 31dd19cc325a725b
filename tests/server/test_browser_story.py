"""Issue 42 ("The game's story"), the parts that live in the page: the replay viewer names seats
in Roses and Thorns' "Last challenge" panel as the rest of the viewer does; table talk only where
the game has it (no Accuse or Vouch at Rare Roses, solo or not)."""
from __future__ import annotations

import re

import pytest

try:
    from .browser_fixtures import (api, browser, finished_bot_table, live_server, new_page,  # noqa: F401
                                   open_one_human_table, open_replay)
except ImportError:
    from browser_fixtures import (api, browser, finished_bot_table, live_server, new_page,  # type: ignore[no-redef]  # noqa: F401
                                  open_one_human_table, open_replay)

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
