"""Benchmark of the browser table's server through its real HTTP/WebSocket API on loopback.

Starts ``roses serve`` (``roses.server.run``) as a subprocess on a free 127.0.0.1 port with a fresh
SQLite database (or ``--database-url``), then for each N in ``--tables`` keeps N tables busy at once
for ``--seconds``: every table has all seats human, played by this client as random bots
(GET the mover's view → POST one of its legal actions with the view's version), and one spectator
WebSocket per table receiving the pushes. A finished table is replaced by a new one.

Prints, per N: accepted actions per second, p50/p99 latency of POST /actions, WebSocket pushes
per second and errors. The client runs on the same machine and needs about as much CPU as the
server, so on a small or busy machine the figures are lower bounds. Usage::

    python bench/server.py                     # N = 10, 100, 500; ~20 s each
    python bench/server.py --tables 50 --seconds 10 --game rose-ceremony
"""
from __future__ import annotations

import argparse
import asyncio
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    pushes: int = 0
    tables_finished: int = 0
    errors: dict[str, int] = field(default_factory=dict)

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


def start_server(port: int, database_url: str | None, data_dir: str) -> subprocess.Popen:
    code = ("from roses.server import run; "
            f"run(host='127.0.0.1', port={port}, database_url={database_url!r}, data_dir={data_dir!r}, "
            "log_level='warning')")
    return subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=sys.stderr)


def wait_ready(base: str, proc: subprocess.Popen, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise SystemExit("the server exited at start")
        try:
            if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise SystemExit("the server did not start")


async def watch(ws_url: str, stats: Stats, stop: asyncio.Event) -> None:
    try:
        async with websockets.connect(ws_url, max_size=None, open_timeout=30) as ws:
            while not stop.is_set():
                try:
                    msg = await asyncio.wait_for(ws.recv(), 0.5)
                except asyncio.TimeoutError:
                    continue
                if msg.startswith('{"type":"view"') or msg.startswith('{"type": "view"'):  # no decode: spare the client's CPU
                    stats.pushes += 1
    except Exception:
        stats.error("websocket")


async def request(client: httpx.AsyncClient, stats: Stats, method: str, url: str, **kw) -> httpx.Response | None:
    """One request; a dropped keep-alive connection is retried (and counted) a few times."""
    for _ in range(3):
        try:
            return await client.request(method, url, **kw)
        except httpx.TransportError as e:
            stats.error(type(e).__name__)
    return None


async def play_tables(client: httpx.AsyncClient, base: str, game: str, players: int, deadline: float,
                      stats: Stats, rng: random.Random, max_actions: int = 5000) -> None:
    """Play tables one after another until ``deadline``."""
    while time.monotonic() < deadline:
        r = await request(client, stats, "POST", "/api/tables",
                          json={"game": game, "seats": [{"kind": "human"}] * players, "seed": rng.randrange(2**62)})
        if r is None or r.status_code != 201:
            stats.error(f"create {r.status_code if r is not None else 'failed'}")
            return
        created = r.json()
        tid = created["table_id"]
        toks = {s["seat"]: s["token"] for s in created["seats"]}
        stop = asyncio.Event()
        watcher = asyncio.create_task(watch(f"{base.replace('http', 'ws', 1)}/ws/tables/{tid}", stats, stop))
        try:
            r = await request(client, stats, "GET", f"/api/tables/{tid}")
            if r is None:
                return
            view = r.json()
            for _ in range(max_actions):
                if view["terminal"] or time.monotonic() >= deadline:
                    break
                seat = view["current_player"]
                headers = {"Authorization": f"Bearer {toks[seat]}"}
                r = await request(client, stats, "GET", f"/api/tables/{tid}", headers=headers)
                if r is None:
                    return
                mine = r.json()
                if not mine["legal_actions"]:
                    view = mine
                    continue
                action = rng.choice(mine["legal_actions"])
                t0 = time.perf_counter()
                r = await request(client, stats, "POST", f"/api/tables/{tid}/actions", headers=headers,
                                  json={"action": action, "version": mine["version"]})
                dt = time.perf_counter() - t0
                if r is None or r.status_code != 200:
                    stats.error(f"action {r.status_code if r is not None else 'failed'}")
                    r = await request(client, stats, "GET", f"/api/tables/{tid}")
                    if r is None:
                        return
                    view = r.json()
                    continue
                stats.latencies.append(dt)
                stats.actions += 1
                view = r.json()
            if view["terminal"]:
                stats.tables_finished += 1
        finally:
            stop.set()
            await watcher


async def run_n(base: str, n: int, seconds: float, game: str, players: int, seed: int) -> Stats:
    stats = Stats()
    limits = httpx.Limits(max_connections=min(n, 200), max_keepalive_connections=min(n, 200))
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as client:
        deadline = time.monotonic() + seconds
        t0 = time.monotonic()
        await asyncio.gather(*(play_tables(client, base, game, players, deadline, stats, random.Random(seed + i))
                               for i in range(n)))
        stats.elapsed = time.monotonic() - t0  # type: ignore[attr-defined]
    return stats


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", default="10,100,500", help="comma-separated table counts (default 10,100,500)")
    ap.add_argument("--seconds", type=float, default=20.0, help="run time per table count (default 20)")
    ap.add_argument("--game", default="roses-and-thorns")
    ap.add_argument("--players", type=int, default=None, help="seats per table (default: the game's minimum, at least 2)")
    ap.add_argument("--database-url", default=None, help="SQLAlchemy URL (default: a fresh SQLite file)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    from roses.core import get_spec

    spec = get_spec(args.game)
    players = args.players or max(2, spec.min_players)
    counts = [int(x) for x in args.tables.split(",") if x.strip()]
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="roses-bench-") as data_dir:
        proc = start_server(port, args.database_url, data_dir)
        try:
            wait_ready(base, proc)
            db = args.database_url.split("://")[0] if args.database_url else "sqlite (WAL)"
            print(f"roses server benchmark: {spec.title}, {players} seats per table, {db}, "
                  f"{args.seconds:g} s per run, server pid {proc.pid} on {base}")
            print(f"{'tables':>7} {'actions':>8} {'actions/s':>10} {'p50 ms':>8} {'p99 ms':>8} "
                  f"{'pushes/s':>9} {'games':>6}  errors")
            for n in counts:
                stats = asyncio.run(run_n(base, n, args.seconds, args.game, players, args.seed * 100_003 + n))
                el = stats.elapsed  # type: ignore[attr-defined]
                print(f"{n:>7} {stats.actions:>8} {stats.actions / el:>10.1f} "
                      f"{pct(stats.latencies, 0.5) * 1000:>8.1f} {pct(stats.latencies, 0.99) * 1000:>8.1f} "
                      f"{stats.pushes / el:>9.1f} {stats.tables_finished:>6}  {stats.errors or '-'}", flush=True)
        finally:
            proc.terminate()
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()



if __name__ == "__main__":
    main()
