"""The thinking service as a user launches it (issue 41): ``python3 -m roses serve`` starts its
workers with the server, and a ``kill -9`` of the server ends them (anyio's workers kept
computing for 5–20 s after the server was gone)."""
from __future__ import annotations

import os
import sys
import time

import httpx
import pytest

from .launched import Launched

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as f:
        return [int(p) for p in f.read().split()]


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(") ", 1)[1][0] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False


def test_the_launched_server_starts_its_workers_and_a_kill_9_ends_them(tmp_path):
    server = Launched("python3 -m roses serve", tmp_path, "--think-workers", "2")
    try:
        thinking = server.health()["thinking"]
        assert thinking["backend"] == "process" and thinking["workers"] == 2
        deadline = time.monotonic() + 60
        while server.health()["thinking"]["workers_alive"] < 2:  # started with the server, no think asked
            assert time.monotonic() < deadline
            time.sleep(0.1)
        # a search in a worker when the server dies
        r = httpx.post(server.url + "/api/tables", timeout=30, json={
            "game": "rose-ceremony", "seed": 9, "seats": [{"kind": "bot", "bot": "ismcts:expert"}] * 2,
            "bot_delay_ms": 0})
        assert r.status_code == 201
        workers = children(server.proc.pid)
        assert len(workers) == 2 and all(alive(p) for p in workers)
        while server.health()["thinking"]["running"] == 0:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        server.proc.kill()
        server.proc.wait(30)
        deadline = time.monotonic() + 10
        while any(alive(p) for p in workers):
            assert time.monotonic() < deadline, [p for p in workers if alive(p)]
            time.sleep(0.05)
    finally:
        if server.proc.poll() is None:
            server.stop()
    assert os.getpid() not in workers
