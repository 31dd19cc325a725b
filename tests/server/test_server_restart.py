"""Kill a real ``roses serve`` process (SIGKILL) in the middle of a bot game, restart it on the
same database, and check the game finishes with nothing lost or doubled (issue 6, Persistence)."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import httpx
import pytest
from .helpers import loadable_games

from roses.core import GameRecord, replay
from roses.server.store import SqlTableStore

GAMES = loadable_games()
MAIN = "roses-and-thorns" if "roses-and-thorns" in GAMES else (GAMES[0] if GAMES else None)
pytestmark = [pytest.mark.slow, pytest.mark.skipif(not GAMES, reason="no game is registered yet")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_command() -> list[str]:
    """``roses serve`` as a module call (a Typer app with one command takes no command name)."""
    from roses.cli import app

    return [sys.executable, "-m", "roses.cli"] + (["serve"] if len(app.registered_commands) > 1 else [])


class Server:
    """``python -m roses.cli serve`` on a free loopback port."""

    def __init__(self, tmp: Path, db_args: list[str]):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(tmp / f"serve-{self.port}.log", "w")
        self.proc = subprocess.Popen(
            [*serve_command(), "--host", "127.0.0.1", "--port", str(self.port), *db_args],
            stdout=self.log, stderr=subprocess.STDOUT)
        end = time.monotonic() + 120  # a loaded 2-core machine starts a server slowly (30 s was missed once)
        while True:
            assert self.proc.poll() is None, (tmp / f"serve-{self.port}.log").read_text()
            try:
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < end, "the server did not start"
            time.sleep(0.1)

    def kill9(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)
        self.log.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:  # pragma: no cover
                self.proc.kill()
        if not self.log.closed:
            self.log.close()


def wait_view(url: str, table_id: str, pred, timeout: float = 60) -> dict:
    end = time.monotonic() + timeout
    while True:
        r = httpx.get(f"{url}/api/tables/{table_id}", timeout=10)
        assert r.status_code == 200, r.text
        v = r.json()
        if pred(v):
            return v
        assert time.monotonic() < end, f"timed out at version {v['version']}"
        # 20 views a second: inside the server's read limit (50/second, 2000/minute per address)
        # for the few seconds each wait lasts, and 4 looks at each 200 ms bot move
        time.sleep(0.05)


def database_args(db_url: str, tmp_path: Path) -> tuple[list[str], str]:
    """``roses serve``'s options for the test's database, and the database's URL (SQLite: a data
    directory in ``tmp_path``)."""
    if db_url.startswith("sqlite"):
        data_dir = tmp_path / "data"
        return ["--data-dir", str(data_dir)], f"sqlite:///{(data_dir / 'roses.sqlite').resolve()}"
    return ["--database-url", db_url], db_url


@pytest.mark.needs_database
def test_kill_9_mid_game_then_restart_finishes_the_game_exactly(db_url, tmp_path, make_client):
    from roses.core import get_spec

    spec = get_spec(MAIN)
    n = max(2, spec.min_players)
    bots = ["heuristic"] + ["random"] * (n - 1)
    seats = [{"kind": "bot", "bot": b} for b in bots]
    seed = 4242
    # The same game uninterrupted, in-process: what the restarted server must end with.
    ref_client = make_client()
    tid = ref_client.post("/api/tables", json={"game": MAIN, "seats": seats, "seed": seed}).json()["table_id"]
    end = time.monotonic() + 60
    while not ref_client.get(f"/api/tables/{tid}").json()["terminal"]:
        assert time.monotonic() < end
        time.sleep(0.01)
    reference = ref_client.get(f"/api/tables/{tid}/record").json()
    total = len(reference["actions"])
    assert total > 12, "the reference game is too short to be killed in the middle"

    db_args, url = database_args(db_url, tmp_path)
    server = Server(tmp_path, db_args)
    try:
        r = httpx.post(server.url + "/api/tables",
                       json={"game": MAIN, "seats": seats, "seed": seed, "bot_delay_ms": 200}, timeout=10)
        assert r.status_code == 201, r.text
        table_id = r.json()["table_id"]
        host_token = r.json()["host_token"]
        assert httpx.get(f"{server.url}/api/tables/{table_id}?token={host_token}", timeout=10).json()["host"]
        # Killed at a quarter; 200 ms a bot move leaves some 7 s before the game would end (at
        # 100 ms a loaded machine's stall of the test for 4 s would let it end unkilled).
        wait_view(server.url, table_id, lambda v: v["version"] >= total // 4, timeout=60)
        server.kill9()
    finally:
        server.stop()
    log_text = (tmp_path / f"serve-{server.port}.log").read_text()
    assert f"/api/tables/{table_id}" in log_text and host_token not in log_text, "a token reached the log"

    store = SqlTableStore(url, run_migrations=False)
    try:
        row = store.load(table_id)
        stored = store.actions(table_id)
    finally:
        store.dispose()
    assert total // 4 <= row.version < total, "killed in the middle"
    assert len(stored) == row.version
    assert [list(a) for a in stored] == reference["actions"][:row.version]

    server = Server(tmp_path, db_args)
    try:
        v = wait_view(server.url, table_id, lambda v: v["terminal"], timeout=90)
        record = httpx.get(f"{server.url}/api/tables/{table_id}/record", timeout=10).json()
    finally:
        server.stop()
    assert record["actions"] == reference["actions"], "an action was lost, doubled or changed"
    assert v["version"] == total
    final = replay(GameRecord.from_json(record))
    assert list(final.returns()) == v["returns"]


def set_clocks_back(url: str, table_id: str, by: timedelta) -> None:
    """As if every server had been down ``by`` longer: the last heartbeat and the table's turn
    clock moved that far into the past."""
    from sqlalchemy import select, update

    from roses.server import models
    from roses.server.store import aware

    store = SqlTableStore(url, run_migrations=False)
    try:
        with store.engine.begin() as conn:
            beat = conn.execute(select(models.clock.c.beat)).scalar_one()
            started = conn.execute(select(models.tables.c.turn_started).where(models.tables.c.id == table_id)).scalar_one()
            conn.execute(update(models.clock).values(beat=aware(beat) - by))
            conn.execute(update(models.tables).where(models.tables.c.id == table_id)
                         .values(turn_started=aware(started) - by))
    finally:
        store.dispose()


@pytest.mark.needs_database
def test_a_timed_turn_resumes_with_the_time_it_had_left_when_every_server_was_down(db_url, tmp_path):
    """Issue 41: after 26 s of downtime the stand-in played a person's move within a second of the
    restart. A seat with a 90 s timer; ``roses serve`` killed (SIGKILL) mid-turn, and the downtime
    made ten minutes longer (heartbeat and turn clock set back): the restarted server shows the
    time that was left at the kill, and nothing was played for the seat."""
    from roses.server.clock import HEARTBEAT

    db_args, url = database_args(db_url, tmp_path)
    server = Server(tmp_path, db_args)
    try:
        r = httpx.post(server.url + "/api/tables", json={"game": "rose-ceremony", "turn_timer_seconds": 90,
                                                         "seats": [{"kind": "human"}, {"kind": "human"}]}, timeout=10)
        assert r.status_code == 201, r.text
        table_id, tokens = r.json()["table_id"], {s["seat"]: s["token"] for s in r.json()["seats"]}
        first = httpx.get(f"{server.url}/api/tables/{table_id}", timeout=10).json()["current_player"]
        mine = httpx.get(f"{server.url}/api/tables/{table_id}?token={tokens[first]}", timeout=10).json()
        deadline = datetime.fromisoformat(mine["turn_deadline"])
        killed = datetime.now(timezone.utc)
        server.kill9()
    finally:
        server.stop()
    left_at_kill = deadline - killed
    assert timedelta(seconds=80) < left_at_kill <= timedelta(seconds=90)
    set_clocks_back(url, table_id, timedelta(minutes=10))

    restarted = datetime.now(timezone.utc)
    server = Server(tmp_path, db_args)
    try:
        v = httpx.get(f"{server.url}/api/tables/{table_id}", timeout=10).json()
        seen = datetime.now(timezone.utc)
    finally:
        server.stop()
    assert v["version"] == mine["version"] and v["current_player"] == first, "the stand-in moved for the seat"
    left = datetime.fromisoformat(v["turn_deadline"]) - seen
    # What was left at the kill: less the moments the server took to start and answer, plus at
    # most a heartbeat (the clock stopped at the last heartbeat before the kill).
    assert left_at_kill - (seen - restarted) <= left <= left_at_kill + HEARTBEAT + timedelta(seconds=1), left
