"""Helpers of the browser tests of names, open seats and rematches (issue 14)."""
from __future__ import annotations

import json
import time
from urllib.parse import parse_qs, urlparse

try:
    from .browser_fixtures import api, new_page
except ImportError:  # pragma: no cover - tests/ imported without the package
    from browser_fixtures import api, new_page  # type: ignore[no-redef]

RT = "roses-and-thorns"
QUICK = {"quick_game": True}  # a single successful challenge wins: ~30 moves with first moves


def person(browser, errors: list[str], name: str | None = None):
    """A page in a new browser context (another person); ``name``: the name this browser
    remembers (as if typed at an earlier table)."""
    page = new_page(browser, errors)
    if name:
        page.context.add_init_script(f"try {{ localStorage.setItem('roses:name', {json.dumps(name)}); }} catch (e) {{}}")
    return page


def token_of(link: str) -> str:
    return parse_qs(urlparse(link).query)["token"][0]


def table_of(url: str) -> str:
    return urlparse(url).path.rsplit("/t/", 1)[1]


def finish(base: str, table_id: str, tokens: dict[int, str], timeout: float = 120.0) -> dict:
    """Play the first legal move for each human seat in ``tokens`` through the API until the game
    ends (the bots move by themselves; the pages follow by their live connections). Returns the
    final view."""
    end = time.monotonic() + timeout
    some = next(iter(tokens.values()))
    while True:
        _, v = api(base, "GET", f"/api/tables/{table_id}", token=some)
        if v["terminal"]:
            return v
        assert time.monotonic() < end, f"the game did not end in {timeout} s"
        seat = v["current_player"]
        if seat not in tokens:
            time.sleep(0.02)  # a bot or chance is to move: poll again
            continue
        _, mine = api(base, "GET", f"/api/tables/{table_id}", token=tokens[seat])
        if mine["legal_actions"]:
            api(base, "POST", f"/api/tables/{table_id}/actions", {"action": mine["legal_actions"][0],
                                                                  "version": mine["version"]}, token=tokens[seat])
