"""The thinking service on Ray (``roses serve --think ray``; issue 41): the same answers as a local
worker, failures and cancels as with worker processes, CPU time counted, and a launched server
whose bots think on Ray.

Marked ``alone``: a local Ray's start-up has a fixed 30 s limit (scripts/test runs these after the
parallel suite). A launched server starts its own local Ray first; then the module starts one
(through the service) for the service tests.
"""
from __future__ import annotations

import asyncio
import os
import sys
import time

import httpx
import pytest

from roses import load
from roses.agents import Turn, make_agent
from roses.server.thinking import Thinking, ThinkCancelled, ThinkFailed, ThinkingOptions, jobs, ray_backend

from . import think_helpers as h
from .launched import Launched
from .test_server_exact_bots import offline_mismatches

pytest.importorskip("ray")
pytestmark = [pytest.mark.alone, pytest.mark.slow]


def children(pid: int) -> set[int]:
    """``pid``'s descendants (Linux)."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    kids = {int(k) for k in f.read().split()} - found
                found |= kids
                todo.extend(kids)
        except FileNotFoundError:
            pass
    return found


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[1][0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_launched_server_with_think_ray_plays_the_offline_agents_moves(tmp_path):
    """``roses serve --think ray``: a table with a search bot plays a whole game on a local Ray,
    every bot move is the offline agent's, /api/health shows the Ray backend and no failure, and
    the local Ray ends with the server."""
    bots, seed = ["ismcts:easy", "random", "random"], 4100
    server = Launched("roses serve", tmp_path, "--think", "ray", "--think-workers", "2", "--bot-delay-ms", "0")
    try:
        r = httpx.post(server.url + "/api/tables", timeout=30, json={
            "game": "roses-and-thorns", "seed": seed, "params": {"players": 3},
            "seats": [{"kind": "bot", "bot": b} for b in bots]})
        assert r.status_code == 201, r.text
        table_id = r.json()["table_id"]
        deadline = time.monotonic() + 120
        while (r := httpx.get(f"{server.url}/api/tables/{table_id}/record", timeout=30)).status_code != 200:
            assert time.monotonic() < deadline, f"the game did not finish in 2 minutes: {server.log()}"
            time.sleep(0.2)
        record = r.json()
        thinking = server.health()["thinking"]
        ray_processes = children(server.proc.pid)
    finally:
        server.stop()
    assert thinking["backend"] == "ray" and thinking["workers"] == thinking["workers_alive"] == 2, thinking
    assert thinking["fallbacks"] == 0 and thinking["jobs"]["bot"]["failed"] == 0, thinking
    assert "Traceback" not in server.log() and "ERROR" not in server.log(), server.log()
    checked, wrong = offline_mismatches(record, seed, bots)
    assert checked > 0 and wrong == [], f"{checked} bot moves checked; differ: {wrong[:5]}"
    assert thinking["jobs"]["bot"]["done"] >= checked and thinking["jobs"]["bot"]["cpu_seconds"] > 0
    assert ray_processes  # Ray's processes (GCS, raylet, workers) were the server's
    deadline = time.monotonic() + 30
    while any(alive(p) for p in ray_processes):
        assert time.monotonic() < deadline, f"Ray's processes outlived the server: {sorted(filter(alive, ray_processes))}"
        time.sleep(0.1)


@pytest.fixture(scope="module")
def on_ray():
    """``on_ray(coro_fn)``: ``coro_fn(thinking)`` on one service backed by a local Ray on 2 CPUs,
    started for the module (on its own event loop)."""
    loop = asyncio.new_event_loop()
    thinking = Thinking(ThinkingOptions(backend="ray", workers=2))
    loop.run_until_complete(thinking.start())
    assert thinking.ray.started  # its own local Ray, not one left by another test
    try:
        yield lambda coro_fn: loop.run_until_complete(coro_fn(thinking))
    finally:
        loop.run_until_complete(thinking.stop())
        loop.close()
    assert not thinking.ray.connected()


async def wait_for(check, what: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"{what}: not after {seconds} s"
        await asyncio.sleep(0.02)


def test_a_bot_move_on_ray_is_the_local_workers_and_the_offline_agents(on_ray):
    state = load("roses-and-thorns", players=3).new_initial_state(5)
    while state.is_chance_node() or len(state.history) < 8:
        state.apply(state.sample_chance() if state.is_chance_node() else state.legal_actions()[0])
    offline = str(make_agent("ismcts:easy", state.game, 77).act(Turn.of(state.clone())))
    args = (jobs.state_payload(state), "ismcts:easy", 77)

    async def go(t):
        local = Thinking(ThinkingOptions(workers=1))
        await local.start()
        try:
            in_worker = await local.think("t", "bot", jobs.bot_choice, *args)
        finally:
            await local.stop()
        return await t.think("t", "bot", jobs.bot_choice, *args), in_worker, t.figures()
    on_ray_move, in_worker, figures = on_ray(go)
    assert on_ray_move == in_worker == offline
    assert figures["backend"] == "ray" and figures["workers"] == figures["workers_alive"] == 2
    assert figures["jobs"]["bot"]["done"] == 1 and figures["jobs"]["bot"]["cpu_seconds"] > 0


def test_cpu_seconds_are_counted(on_ray):
    async def go(t):
        return await t.think("c", "cpu", h.spin_for, 0.3), t.figures()["jobs"]["cpu"]
    value, tally = on_ray(go)
    assert value == 0.3 and tally["done"] == 1 and 0.3 <= tally["cpu_seconds"] < 5


@pytest.mark.thinks_fail
def test_a_failing_job_and_a_dead_worker_give_think_failed(on_ray, caplog):
    async def go(t):
        with pytest.raises(ThinkFailed, match="^RuntimeError: boom on ray$"):
            await t.think("f", "failing", h.fail, "boom on ray")
        with pytest.raises(ThinkFailed, match="^WorkerCrashedError: "):
            await t.think("f", "failing", h.die)
        return await t.think("f", "failing", h.pid), t.figures()["jobs"]["failing"]
    pid, tally = on_ray(go)
    assert pid != os.getpid()  # Ray started another worker; the service goes on
    assert tally["failed"] == 2 and tally["done"] == 1
    errors = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
    assert any("failing job for f: RuntimeError: boom on ray" in e for e in errors)
    assert any("WorkerCrashedError" in e for e in errors)


def test_cancelling_a_running_job_stops_its_search_and_the_worker_goes_on(on_ray, tmp_path):
    mark = tmp_path / "started"

    async def go(t):
        job = asyncio.create_task(t.think("x", "cancel", h.hold_marked, str(mark), 30))
        await wait_for(mark.exists, "the job started in its Ray worker")
        start = time.monotonic()
        assert t.cancel("x") == 1
        with pytest.raises(ThinkCancelled):
            await job
        took = time.monotonic() - start
        cancelled = dict(t.figures()["jobs"]["cancel"])
        return took, cancelled, await t.think("y", "cancel", h.spin_for, 0.01), t.figures()
    took, cancelled, after, figures = on_ray(go)
    # the search stopped itself (KeyboardInterrupt) and said how long it ran; it was not killed
    assert took < ray_backend.FORCE_AFTER and cancelled["cancelled"] == 1 and cancelled["cpu_seconds"] > 0
    assert after == 0.01 and figures["running"] == 0 and figures["jobs"]["cancel"]["done"] == 1


def test_a_job_deaf_to_the_cancel_is_stopped_by_force(on_ray, tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(ray_backend, "FORCE_AFTER", 1.0)
    mark = tmp_path / "started"

    async def go(t):
        job = asyncio.create_task(t.think("s", "stubborn", h.stubborn, str(mark), 60))
        await wait_for(mark.exists, "the job started in its Ray worker")
        start = time.monotonic()
        t.cancel("s")
        with pytest.raises(ThinkCancelled):
            await job
        return time.monotonic() - start, t.figures()["jobs"]["stubborn"]
    took, tally = on_ray(go)
    assert 1.0 <= took < 30 and tally["cancelled"] == 1 and tally["failed"] == 0
    assert any("did not stop 1 s after it was cancelled" in r.getMessage() for r in caplog.records)


def test_a_service_joins_a_running_ray_and_leaves_it_running(on_ray):
    """A Ray this process did not start through the service is used, and not shut down."""
    async def go(t):
        other = Thinking(ThinkingOptions(backend="ray", workers=1))
        await other.start()
        try:
            answer = await other.think("o", "joined", h.spin_for, 0.01)
        finally:
            await other.stop()
        return answer, other.ray.started, t.ray.connected(), await t.think("o", "joined", h.spin_for, 0.02)
    answer, started_its_own, still_connected, after = on_ray(go)
    assert answer == 0.01 and not started_its_own and still_connected and after == 0.02
