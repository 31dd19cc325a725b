"""Fixtures and helpers of the browser tests: a real ``roses serve`` process on a free loopback
port, headless Debian Chromium through Playwright, and page helpers that create tables from the
lobby and play them to the end by clicking legal-move buttons.

The tests skip (with the reason) when ``/usr/bin/chromium`` or Playwright is missing;
``scripts/test`` installs Chromium.
"""
from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Callable, Iterator

import pytest

CHROMIUM = os.environ.get("ROSES_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-dev-shm-usage"]  # containers often have a tiny /dev/shm
REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "artifacts" / "screenshots"

try:
    from playwright.sync_api import Page, sync_playwright
except ImportError:  # pragma: no cover - the test extra installs it
    sync_playwright = None
    Page = object


def require_browser() -> None:
    """Skip the calling test when Chromium or Playwright is not available."""
    if sync_playwright is None:
        pytest.skip("playwright is not installed (pip install -e '.[test]')")
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium; scripts/test does it)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


DEALS_FILE = "deals-for"
SERVERS: dict[str, "ServerProcess"] = {}  # base URL -> its process, for deal_for_test

# The server's seeds for tables created without one (every table with two or more human seats,
# which refuse a fixed seed): drawn from the name in the deals file, so a deal that breaks a test
# breaks it on every run, not now and then in CI (random deals did, server tests first).
SERVE = """
import pathlib, random
import roses.server.app as app_module
from roses.server import run
from roses.server.limits import Limits
from roses.server.service import TableService

deals, counts = pathlib.Path({deals!r}), {{}}

def new_seed():
    name = deals.read_text() if deals.exists() else ""
    counts[name] = counts.get(name, 0) + 1
    return random.Random(f"{{name}}#{{counts[name]}}").randrange(2**63)

app_module.TableService = lambda *args, **kw: TableService(*args, new_seed=new_seed, **kw)
# The default limits, but for table creation and reads: a test module creates dozens of tables
# from one address within a minute, and its helpers poll views in tight loops (a page does not).
run(host='127.0.0.1', port={port}, data_dir={data_dir!r}, log_level='warning',
    limits=Limits().with_(create='1000/minute', read='1000/second'))
"""


def deal_for_test(base: str, test: str) -> None:
    """:meth:`ServerProcess.deal_for` of the server at ``base`` (no-op for another server)."""
    if base in SERVERS:
        SERVERS[base].deal_for(test)


class ServerProcess:
    """``roses serve`` (through ``roses.server.run``, independent of the CLI's shape) as a
    subprocess on 127.0.0.1:``port`` with the SQLite database in ``data_dir``; can be stopped and
    started again on the same database."""

    def __init__(self, data_dir: Path, port: int | None = None):
        self.data_dir = Path(data_dir)
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.log_path = self.data_dir / "server.log"
        self.deals_path = self.data_dir / DEALS_FILE
        SERVERS[self.base] = self

    def deal_for(self, test: str) -> None:
        """Tables created from now on without a seed get seeds drawn from ``test`` (a test's node
        id) and their count so far under that name: each test deals the same on every run,
        whichever tests ran on this server before it (pytest-xdist splits a module between
        workers as it likes)."""
        part = self.deals_path.with_suffix(".part")
        part.write_text(test)
        part.replace(self.deals_path)  # atomic: the server never reads half a name

    def start(self, timeout: float = 120.0) -> "ServerProcess":
        code = SERVE.format(port=self.port, data_dir=str(self.data_dir), deals=str(self.deals_path))
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen([sys.executable, "-c", code], stdout=log, stderr=subprocess.STDOUT,
                                     cwd=str(self.data_dir))
        log.close()
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(self.base + "/api/games", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                pytest.fail("roses serve did not start:\n" + self.log_path.read_text(errors="replace")[-3000:])
            time.sleep(0.2)

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """Base URL of a ``roses serve`` subprocess on 127.0.0.1 with its own data directory."""
    require_browser()
    server = ServerProcess(tmp_path_factory.mktemp("roses-browser-data")).start()
    try:
        yield server.base
        # No silent fallback (issue 41): no think failed and no bot fell back in the whole module.
        status, health = api(server.base, "GET", "/api/health")
        thinking = health["thinking"]
        failed = {kind: t["failed"] for kind, t in thinking["jobs"].items() if t["failed"]}
        assert thinking["fallbacks"] == 0 and not failed, f"the server's thinking failed: {thinking}"
    finally:
        server.stop()


def api(base: str, method: str, path: str, body=None, token: str | None = None):
    """A JSON API call from the test itself: ``(status, data)``."""
    headers = {"Accept": "application/json"}
    data = None
    if body is None and method == "POST":
        body = {}  # every POST is JSON (roses.server.guards)
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=60) as r:  # a loaded CI machine answers slowly
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def finished_bot_table(base: str, game: str, players: int, seed: int, timeout: float = 90) -> tuple[str, dict]:
    """A table of ``players`` heuristic bots (no delay) played to its end through the API:
    ``(table id, its record)``."""
    status, made = api(base, "POST", "/api/tables", {
        "game": game, "params": {"players": players}, "seed": seed, "bot_delay_ms": 0,
        "seats": [{"kind": "bot", "bot": "heuristic"}] * players})
    assert status == 201, made
    tid = made["table_id"]
    end = time.monotonic() + timeout
    while True:
        status, rec = api(base, "GET", f"/api/tables/{tid}/record")
        if status == 200:
            return tid, rec
        assert time.monotonic() < end, "the bots' game did not end"
        time.sleep(0.05)


@pytest.fixture(scope="module")
def browser():
    """A headless Chromium (Debian's) driven by Playwright."""
    require_browser()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


def new_page(browser, errors: list[str], width: int = 1280, height: int = 900, *,
             confirm: bool | str = False) -> "Page":
    """A page in a fresh browser context (own sessionStorage, like another person's browser);
    JavaScript errors are collected into ``errors``. ``confirm``: the table's "Before a move"
    setting: ``False`` "never" (so that the tests that click through whole games are not stopped
    by the confirm dialog), ``True`` "every" (every move asks: the tests of the dialog itself), or
    a setting's value (``"costly"``, the players' default)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    mode = {False: "never", True: "every"}.get(confirm, confirm) if isinstance(confirm, bool) else confirm
    if mode != "costly":
        context.add_init_script("try { localStorage.setItem('roses:settings', JSON.stringify({confirm: %s})); } catch (e) {}"
                                % json.dumps(mode))
    page = context.new_page()
    page.set_default_timeout(60_000)  # generous: CI runs other suites beside these on 2 cores
    page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}"))
    # A refused request (409/422) is logged by Chromium as a failed resource: expected, not an error.
    page.on("console", lambda m: errors.append(f"{page.url}: console {m.text}")
            if m.type == "error" and "Failed to load resource" not in m.text else None)
    return page


#: A desktop screen and a phone, (width, height) in CSS pixels: the sizes a layout test tries.
SIZES = ((1280, 900), (390, 844))


def pages_at_sizes(browser, errors: list[str], url: str) -> Iterator[tuple[int, "Page"]]:
    """``url`` opened in a fresh page (:func:`new_page`) at each of :data:`SIZES`: yields
    ``(width, page)`` and closes the page's context before the next size."""
    for width, height in SIZES:
        page = new_page(browser, errors, width=width, height=height)
        try:
            page.goto(url)
            yield width, page
        finally:
            page.context.close()


def open_replay(page: "Page", base: str, table_id: str, *, last: bool = False) -> None:
    """The replay viewer of table ``table_id`` open in ``page``; with ``last``, at its last step
    (the step label has reached the slider's end, so the board drawn is the last step's)."""
    page.goto(f"{base}/replay?table={table_id}")
    page.wait_for_selector("#viewer:not([hidden])")
    if last:
        page.click("#last")
        page.wait_for_function("() => document.querySelector('#step-label').textContent"
                               ".startsWith(`Step ${document.querySelector('#slider').max} `)")


def game_available(name: str) -> str | None:
    """``None`` when game ``name`` loads, else the reason to skip."""
    from roses.core import available_games, get_spec

    if name not in available_games():
        return f"{name} is not in the registry yet"
    try:
        get_spec(name)
    except Exception as e:  # a game still being written
        return f"{name} does not load yet: {e}"
    return None


def create_table(page: "Page", base: str, game: str, seats: list[str], *, players: int | None = None,
                 params: dict[str, object] | None = None, name: str = "", hotseat: bool = False,
                 seed: int | None | str = "auto") -> list[str]:
    """Fill the lobby form for ``game`` (``seats``: ``"human"`` or ``"bot:<name>"`` per seat, bot
    delay 0; ``seed`` fixes the deal and the bots' choices, so a run is repeatable; ``None``
    leaves the server to pick one; ``"auto"``: seed 1 when at most one seat is human, else
    ``None``, as the server refuses a fixed seed at a table of two or more people) and create the
    table. Returns the join URLs shown for the human seats, in seat order; the page is left on the
    "table ready" panel (or on the table page in hot-seat mode)."""
    if seed == "auto":
        seed = 1 if seats.count("human") <= 1 else None
    page.goto(base + "/")
    page.click(f'.game-card[data-game="{game}"]')
    page.fill("#players", str(players or len(seats)))
    page.dispatch_event("#players", "input")
    for i, kind in enumerate(seats):
        page.select_option(f'select[name="seat-{i}-kind"]', kind)
    if name:
        page.fill("#table-name", name)
    for key, value in (params or {}).items():
        field = page.locator(f'[name="{key}"]')
        if isinstance(value, bool):
            field.set_checked(value)
        elif field.evaluate("e => e.tagName") == "SELECT":  # e.g. start_player: "Seat 1" is 0
            field.select_option(json.dumps(value))
        else:
            field.fill(str(value))
    page.click("details.advanced > summary")
    page.fill("#bot-delay", "0")
    if seed is not None:
        page.fill("#seed", str(seed))
    if hotseat:
        page.check("#hotseat")
    page.click("#create")
    if hotseat:
        page.wait_for_url("**/t/*")
        return []
    page.wait_for_selector("#created:not([hidden])")
    return page.locator(".join-link input").evaluate_all("els => els.map(e => e.value)")


def open_one_human_table(page: "Page", base: str, game: str, players: int, seed: int, name: str = "") -> None:
    """Create a ``game`` table of ``players`` seats, seat 1 human and the rest heuristic bots, with
    ``seed``, open the human's seat and wait for its board (seats are counted from 1 in the
    subtitle). The human seat's join link is the only one shown."""
    links = create_table(page, base, game, ["human"] + ["bot:heuristic"] * (players - 1), name=name, seed=seed)
    assert len(links) == 1
    page.click("#open-my-seat")
    page.wait_for_selector("#board > *")
    assert "seat 1" in page.inner_text("#subtitle")


def my_turn_buttons(page: "Page"):
    return page.locator("#moves:not([hidden]) button.move:enabled")


def is_over(page: "Page") -> bool:
    return page.locator("#end:not([hidden]) #end-title").count() > 0


Chooser = Callable[[list[str], random.Random], int]


def random_choice(texts: list[str], rng: random.Random) -> int:
    return rng.randrange(len(texts))


def play_to_end(pages: list["Page"], rng: random.Random, *, choose: Chooser = random_choice,
                max_moves: int = 2000, timeout: float = 300.0,
                before_move: Callable[["Page", int], None] | None = None) -> int:
    """Click legal-move buttons on whichever page has its turn until every page shows the end
    screen. Returns the number of moves made. Fails when the game does not end in time."""
    moves = 0
    deadline = time.monotonic() + timeout
    while True:
        if all(is_over(p) for p in pages):
            return moves
        assert time.monotonic() < deadline, f"the game did not end within {timeout} s ({moves} moves)"
        assert moves < max_moves, f"the game did not end within {max_moves} moves"
        progressed = False
        for page in pages:
            if is_over(page):
                continue
            if page.locator("#cover:not([hidden]) #reveal").count():
                page.click("#cover #reveal")  # hot seat: the next player takes the device
            buttons = my_turn_buttons(page)
            n = buttons.count()
            if not n:
                continue
            texts = buttons.evaluate_all("els => els.map(e => e.dataset.action)")
            if len(texts) != n:
                continue
            version = page.evaluate("() => document.getElementById('moves').dataset.version || ''")
            if before_move:
                before_move(page, moves)
            try:
                buttons.nth(choose(texts, rng)).click(timeout=3000)
            except Exception:  # re-rendered under the click: look again
                continue
            moves += 1
            progressed = True
            # Wait for the move to be answered (the panel is redrawn for a new version).
            try:
                page.wait_for_function(
                    "v => (document.getElementById('moves').dataset.version || '') !== v", arg=version, timeout=5000)
            except Exception:
                pass
        if not progressed:
            pages[0].wait_for_timeout(40)


def screenshot(page: "Page", name: str) -> Path:
    """Save a full-page screenshot as ``artifacts/screenshots/<name>.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


__all__ = ["CHROMIUM", "SCREENSHOTS", "ServerProcess", "api", "browser", "create_table", "game_available", "is_over",
           "live_server", "my_turn_buttons", "new_page", "play_to_end", "random_choice",
           "require_browser", "screenshot"]


class SocketMoves:
    """The moves a page sends on its table's WebSocket (issue 43: the page moves on the socket it
    holds), seen through Playwright's WebSocket routing: ``sent`` lists ``(action, status)`` as the
    answers arrive (200: accepted). ``hold = True`` keeps the page's next moves from the server
    (``held``: their messages); ``refuse(data)`` (``data``: the move's message) may return a body
    ``{status, error, detail, …}`` to answer a move in the server's place. Make it before the page
    opens the table: routing covers the sockets opened after it."""

    def __init__(self, page: "Page"):
        self.page = page
        self.sent: list[tuple[str, int]] = []
        self.answers: list[tuple[str, dict]] = []
        self.held: list[str] = []
        self.hold = False
        self.refuse: Callable[[dict], dict | None] | None = None
        self._asked: dict = {}  # a move's id -> its action, until answered
        page.route_web_socket("**/ws/tables/**", self._route)

    @staticmethod
    def _json(message) -> dict:
        try:
            data = json.loads(message)
        except (TypeError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _route(self, ws) -> None:
        server = ws.connect_to_server()

        def from_page(message) -> None:
            data = self._json(message)
            if data.get("type") == "act":
                self._asked[data.get("id")] = data.get("action")
                if self.hold:
                    self.held.append(message)
                    return
                body = self.refuse(data) if self.refuse else None
                if body is not None:
                    answer = {"type": "refused", "id": data.get("id"), **body}
                    self._answered(answer)
                    ws.send(json.dumps(answer))
                    return
            server.send(message)

        def from_server(message) -> None:
            self._answered(self._json(message))
            ws.send(message)

        ws.on_message(from_page)
        server.on_message(from_server)

    def _answered(self, data: dict) -> None:
        if data.get("type") in ("acted", "refused") and data.get("id") in self._asked:
            action = self._asked.pop(data.get("id"))
            status = 200 if data["type"] == "acted" else int(data.get("status", 0))
            self.sent.append((action, status))
            self.answers.append((action, {**data, "status": status}))

    def ready(self) -> None:
        """Wait until the page's socket is open (its badge says "live"): the page's moves go on it
        from then on (before, they are posted, and this test would not see them)."""
        self.page.wait_for_selector("#conn.conn-live")

    def wait_for_answer(self, action: str, timeout: float = 30.0) -> dict:
        """The first answer to the move ``action`` (waiting for it), with its ``status``."""
        end = time.monotonic() + timeout
        while True:
            for text, answer in self.answers:
                if text == action:
                    return answer
            assert time.monotonic() < end, f"no answer to {action!r} in {timeout} s: {self.sent}"
            self.page.wait_for_timeout(20)  # Playwright delivers the routed messages meanwhile
