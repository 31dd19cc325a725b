"""Benchmark of the browser table's server through its real HTTP/WebSocket API on loopback.

Starts ``roses serve`` (``roses.server.run``) as a subprocess on a free 127.0.0.1 port with a fresh
SQLite database (or ``--database-url``), then for each N in ``--tables`` keeps N tables busy at once
for ``--seconds`` (the N tables are opened first, untimed): every table has all seats human, played by this client as random bots
(GET the mover's view → POST one of its legal actions with the view's version), and one spectator
WebSocket per table receiving the pushes. With ``--moves socket`` every seat has its WebSocket
instead and sends its moves on it when a pushed view says it is to move (what the table page
does; issue 43); ``--moves http,socket`` runs both at each N. A finished table is replaced by a
new one.

Prints, per N: accepted actions per second (and as a ratio to the server's bare round trips per
second, ``GET /api/health`` on one connection, timed in the same process), p50/p99 latency of POST
/actions, WebSocket pushes per second, the server's RSS at start and end of the run (sampled every
``--rss-every`` seconds; ``--json`` gives every sample) and errors. ``--soak S`` adds one long run
at the largest N. Each run also gives the CPU seconds the server and the client spent, and the
server's CPU per action (what one server core could carry: ``actions_per_server_core_s``). A run that creates no table or applies no action exits 1 (it measured nothing). The client runs on the same machine and needs about as much CPU as the
server, so on a small or busy machine the figures are lower bounds. Usage::

    python bench/server.py                     # N = 10, 100, 500; ~20 s each
    python bench/server.py --tables 500 --seconds 0 --soak 600 --json   # the 10-minute soak
    python bench/server.py --tables 50 --seconds 10 --game rose-ceremony
    python bench/server.py --tables 10,100 --seconds 20 --moves http,socket --json   # CPU per action, both ways
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
from typing import Any
import json
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


#: The ``src`` folder of the tree this benchmark lives in: the server it starts runs this tree.
SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")


def start_server(port: int, database_url: str | None, data_dir: str, thinking: str | None = None,
                 prelude: str = "", profile: str | None = None) -> subprocess.Popen:
    """``roses.server.run`` in a subprocess running this tree (``PYTHONPATH``: :data:`SRC`), rates
    off. ``thinking``: a :class:`ThinkingOptions` expression (default: the server's); ``prelude``:
    Python run before (e.g. a module setting for the benchmark); ``profile``: a path where the
    profile (cProfile) of the server's main thread, its event loop, is written on ``SIGUSR2``."""
    # Rates off: every table is played from this one address, far past what one person may do.
    call = (f"run(host='127.0.0.1', port={port}, database_url={database_url!r}, data_dir={data_dir!r}, "
            "log_level='warning', limits=Limits.off().with_(sockets_per_address=1_000_000)"
            + (f", thinking={thinking}" if thinking else "") + ")")
    if profile:  # written on SIGUSR2 (a server with work in hand may take long to stop)
        call = (f"import cProfile, signal; _p = cProfile.Profile()\n"
                f"signal.signal(signal.SIGUSR2, lambda *_: (_p.disable(), _p.dump_stats({profile!r})))\n"
                f"_p.enable()\n{call}")
    code = ("from roses.server import run; from roses.server.limits import Limits; "
            "from roses.server.thinking import ThinkingOptions\n" + (prelude + "\n" if prelude else "") + call)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [SRC, os.environ.get("PYTHONPATH")]))}
    return subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=sys.stderr, env=env)


def stop_server(proc: subprocess.Popen, timeout: float = 15) -> bool:
    """Stop the server as Ctrl+C would (SIGTERM: it shuts down cleanly), killed after ``timeout``;
    ``False`` when it had to be killed."""
    proc.terminate()
    try:
        proc.wait(timeout)
        return True
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        return False


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
    except Exception as e:
        stats.error(f"websocket {type(e).__name__}")


class Conn:
    """A minimal HTTP/1.1 keep-alive client on one loopback connection (httpx costs more CPU than
    the server per request; this benchmark measures the server)."""

    def __init__(self, host: str, port: int, local: str | None = None):
        self.host, self.port = host, port
        self.local = local  # the client's own address (another loopback one: another client)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            try:
                await self.writer.wait_closed()
            except Exception:
                pass
        self.reader = self.writer = None

    async def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(
                self.host, self.port, local_addr=(self.local, 0) if self.local else None)
        data = b"" if body is None else json.dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", f"Content-Length: {len(data)}"]
        if body is not None:
            head.append("Content-Type: application/json")
        if token:
            head.append(f"Authorization: Bearer {token}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        await self.writer.drain()
        raw = await self.reader.readuntil(b"\r\n\r\n")
        lines = raw.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        length = 0
        close = False
        for line in lines[1:]:
            k, _, v = line.partition(":")
            k = k.strip().lower()
            if k == "content-length":
                length = int(v)
            elif k == "connection" and v.strip().lower() == "close":
                close = True
        payload = await self.reader.readexactly(length) if length else b""
        if close:
            await self.close()
        return status, (json.loads(payload) if payload else None)


async def request(conn: Conn, stats: Stats, method: str, path: str, body: Any = None,
                  token: str | None = None) -> tuple[int, Any] | None:
    """One request; a dropped keep-alive connection is reopened and the request retried (counted)."""
    for _ in range(3):
        try:
            return await conn.request(method, path, body, token)
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError) as e:
            stats.error(type(e).__name__)
            await conn.close()
    return None


async def open_table(client: Conn, base: str, game: str, players: int, stats: Stats,
                     rng: random.Random) -> tuple[str, dict[int, str], asyncio.Event, asyncio.Task] | None:
    """Create an all-human table and open its spectator WebSocket. No seed is sent: the server
    refuses a fixed seed at a table of two or more human seats (it would reveal the deal), so the
    server draws the deal; the client's own choices stay seeded by ``rng``."""
    r = await request(client, stats, "POST", "/api/tables",
                      {"game": game, "seats": [{"kind": "human"}] * players})
    if r is None or r[0] != 201:
        stats.error(f"create {r[0] if r is not None else 'failed'}")
        return None
    created = r[1]
    tid = created["table_id"]
    toks = {s["seat"]: s["token"] for s in created["seats"]}
    stop = asyncio.Event()
    watcher = asyncio.create_task(watch(f"{base.replace('http', 'ws', 1)}/ws/tables/{tid}", stats, stop))
    return tid, toks, stop, watcher


async def play_tables(client: Conn, base: str, game: str, players: int, start: asyncio.Event,
                      clock: dict[str, float], stats: Stats, rng: random.Random, ready: list[int],
                      setup_slots: asyncio.Semaphore, max_actions: int = 5000) -> None:
    """Open a table, wait for the common start, then play tables one after another until the
    deadline (a finished table is replaced by a new one)."""
    async with setup_slots:
        table = await open_table(client, base, game, players, stats, rng)
    await client.close()  # the server drops keep-alive connections idle for 5 s: reconnect at the start
    ready.append(1)
    await start.wait()
    try:
        await _play(client, base, game, players, clock, stats, rng, table, max_actions)
    finally:
        await client.close()


async def _play(client: Conn, base: str, game: str, players: int, clock: dict[str, float], stats: Stats,
                rng: random.Random, table: Any, max_actions: int) -> None:
    deadline = clock["deadline"]
    while table is not None:
        tid, toks, stop, watcher = table
        try:
            r = await request(client, stats, "GET", f"/api/tables/{tid}")
            if r is None:
                return
            view = r[1]
            for _ in range(max_actions):
                if view["terminal"] or time.monotonic() >= deadline:
                    break
                seat = view["current_player"]
                r = await request(client, stats, "GET", f"/api/tables/{tid}", token=toks[seat])
                if r is None:
                    return
                mine = r[1]
                if not mine["legal_actions"]:
                    view = mine
                    continue
                action = rng.choice(mine["legal_actions"])
                t0 = time.perf_counter()
                r = await request(client, stats, "POST", f"/api/tables/{tid}/actions",
                                  {"action": action, "version": mine["version"]}, token=toks[seat])
                dt = time.perf_counter() - t0
                if r is None or r[0] != 200:
                    stats.error(f"action {r[0] if r is not None else 'failed'}")
                    r = await request(client, stats, "GET", f"/api/tables/{tid}")
                    if r is None:
                        return
                    view = r[1]
                    continue
                stats.latencies.append(dt)
                stats.actions += 1
                view = r[1]
            if view["terminal"]:
                stats.tables_finished += 1
        finally:
            stop.set()
            await watcher
        table = await open_table(client, base, game, players, stats, rng) if time.monotonic() < deadline else None


async def open_socket_table(client: Conn, base: str, game: str, players: int, stats: Stats) -> tuple[str, dict[int, str]] | None:
    """Create an all-human table (``--moves socket``): ``(table id, seat tokens)``."""
    r = await request(client, stats, "POST", "/api/tables", {"game": game, "seats": [{"kind": "human"}] * players})
    if r is None or r[0] != 201:
        stats.error(f"create {r[0] if r is not None else 'failed'}")
        return None
    return r[1]["table_id"], {s["seat"]: s["token"] for s in r[1]["seats"]}


async def seat_socket(ws_url: str, seat: int, stats: Stats, rng: random.Random, deadline: float,
                      over: asyncio.Event) -> None:
    """One seat of a ``--moves socket`` table: its WebSocket receives the seat's views, and the
    seat moves on it (a random legal action) whenever a view says it is to move, once a version.
    Sets ``over`` when the game ends (or the deadline passes)."""
    acted = -1
    sent_at = 0.0
    stage = "open"
    try:
        async with websockets.connect(ws_url, max_size=None, open_timeout=30) as ws:
            stage = "play"
            while not over.is_set():
                left = deadline - time.monotonic()
                if left <= 0:
                    over.set()
                    return
                try:
                    msg = await asyncio.wait_for(ws.recv(), min(left, 0.5))
                except asyncio.TimeoutError:
                    continue
                data = json.loads(msg)
                kind = data.get("type")
                if kind == "view":
                    stats.pushes += 1
                    if data["terminal"]:
                        stats.tables_finished += 1
                        over.set()
                        return
                    if data["legal_actions"] and data["current_player"] == seat and data["version"] > acted:
                        acted = data["version"]
                        sent_at = time.perf_counter()
                        await ws.send(json.dumps({"type": "act", "action": rng.choice(data["legal_actions"]),
                                                  "version": acted}))
                elif kind == "acted":
                    stats.latencies.append(time.perf_counter() - sent_at)
                    stats.actions += 1
                elif kind == "refused":
                    stats.error(f"action {data.get('status')}")
            stage = "close"
    except Exception as e:
        stats.error(f"websocket {stage} {type(e).__name__}")
        over.set()


async def play_socket_tables(client: Conn, base: str, game: str, players: int, start: asyncio.Event,
                             clock: dict[str, float], stats: Stats, rng: random.Random, ready: list[int],
                             setup_slots: asyncio.Semaphore, max_actions: int = 5000) -> None:
    """As :func:`play_tables`, with every move sent on its seat's WebSocket (``--moves socket``:
    what the table page does) instead of a GET and a POST."""
    async with setup_slots:
        table = await open_socket_table(client, base, game, players, stats)
    await client.close()
    ready.append(1)
    await start.wait()
    ws_base = base.replace("http", "ws", 1)
    try:
        while table is not None and time.monotonic() < clock["deadline"]:
            tid, toks = table
            over = asyncio.Event()
            await asyncio.gather(*(seat_socket(f"{ws_base}/ws/tables/{tid}?token={t}", s, stats, rng,
                                               clock["deadline"], over) for s, t in toks.items()))
            await client.close()  # idle while the game was played: the server closed it after 5 s
            table = (await open_socket_table(client, base, game, players, stats)
                     if time.monotonic() < clock["deadline"] else None)
    finally:
        await client.close()


def rss_mb(pid: int) -> float:
    """The resident set size of process ``pid`` in MB (Linux ``/proc``)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) process ``pid`` has used, in seconds (Linux ``/proc``)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def sample_rss(pid: int, every: float, out: list[tuple[float, float]], t0: float) -> None:
    while True:
        out.append((round(time.monotonic() - t0, 1), round(rss_mb(pid), 1)))
        await asyncio.sleep(every)


async def baseline(host: str, port: int, seconds: float = 2.0) -> float:
    """Bare round trips per second (GET /api/health, one keep-alive connection): the yardstick."""
    conn, count = Conn(host, port), 0
    end = time.monotonic() + seconds
    t0 = time.monotonic()
    while time.monotonic() < end:
        status, _ = await conn.request("GET", "/api/health")
        count += status == 200
    await conn.close()
    return count / (time.monotonic() - t0)


async def run_n(base: str, n: int, seconds: float, game: str, players: int, seed: int,
                pid: int | None = None, rss_every: float = 5.0, moves: str = "http") -> Stats:
    """Open ``n`` tables (not timed), then play them all at once for ``seconds`` (sampling the
    server's RSS every ``rss_every`` seconds when its ``pid`` is given)."""
    stats = Stats()
    stats.rss = []  # type: ignore[attr-defined]
    host, port = base.split("//")[1].split(":")
    if True:
        start = asyncio.Event()
        clock: dict[str, float] = {}
        ready: list[int] = []
        setup_slots = asyncio.Semaphore(50)
        play = play_socket_tables if moves == "socket" else play_tables
        tasks = [asyncio.create_task(play(Conn(host, int(port)), base, game, players, start, clock, stats,
                                          random.Random(seed + i), ready, setup_slots)) for i in range(n)]
        while len(ready) < n:
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)  # let the first WebSocket views arrive
        stats.pushes = 0
        clock["deadline"] = time.monotonic() + seconds
        t0 = time.monotonic()
        cpu0 = (cpu_seconds(pid), time.process_time()) if pid else None
        sampler = asyncio.create_task(sample_rss(pid, rss_every, stats.rss, t0)) if pid else None  # type: ignore[attr-defined]
        start.set()
        await asyncio.gather(*tasks)
        stats.elapsed = time.monotonic() - t0  # type: ignore[attr-defined]
        if cpu0 is not None:  # CPU the server and this client spent in the timed run
            stats.server_cpu = cpu_seconds(pid) - cpu0[0]  # type: ignore[attr-defined]
            stats.client_cpu = time.process_time() - cpu0[1]  # type: ignore[attr-defined]
        if sampler is not None:
            sampler.cancel()
            stats.rss.append((round(stats.elapsed, 1), round(rss_mb(pid), 1)))  # type: ignore[attr-defined]
    return stats


def start_profile(pid: int, out: str) -> subprocess.Popen:
    """py-spy sampling the server (all threads, idle frames left out) into collapsed stacks."""
    return subprocess.Popen(["py-spy", "record", "--pid", str(pid), "--format", "raw", "--rate", "200",
                             "--output", out, "--nonblocking"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def stop_profile(spy: subprocess.Popen, out: str, top: int = 25) -> str:
    """Stop py-spy and summarise ``out``: the share of samples in which each function is on the
    stack (inclusive) and on top of it (self), hottest first."""
    import signal

    spy.send_signal(signal.SIGINT)
    try:
        spy.wait(30)
    except subprocess.TimeoutExpired:
        spy.kill()
    return summarise_profile(out, top)


def summarise_profile(path: str, top: int = 25) -> str:
    """A text table of the hottest functions in a py-spy ``raw`` (collapsed stacks) file."""
    inclusive: dict[str, int] = {}
    own: dict[str, int] = {}
    total = 0
    try:
        lines = open(path).read().splitlines()
    except OSError as e:
        return f"profile: no samples ({e})"
    for line in lines:
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        n = int(count)
        total += n
        frames = [f.split(" (")[0] + " " + f.split(" (")[-1].rstrip(")").split(":")[0].split("/")[-1]
                  for f in stack.split(";")[1:]]  # drop the thread name
        for f in set(frames):
            inclusive[f] = inclusive.get(f, 0) + n
        if frames:
            own[frames[-1]] = own.get(frames[-1], 0) + n
    if not total:
        return "profile: no samples"
    rows = [f"profile ({total} samples; % of samples with the function on the stack / on top):"]
    for f, n in sorted(inclusive.items(), key=lambda kv: -kv[1])[:top]:
        rows.append(f"  {100 * n / total:5.1f}% {100 * own.get(f, 0) / total:5.1f}%  {f}")
    rows.append("  top of stack:")
    for f, n in sorted(own.items(), key=lambda kv: -kv[1])[:top]:
        rows.append(f"  {100 * n / total:5.1f}%  {f}")
    return "\n".join(rows)


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
    ap.add_argument("--soak", type=float, default=0.0, help="seconds of one more run at the largest N (0: none)")
    ap.add_argument("--rss-every", type=float, default=5.0, help="seconds between RSS samples (default 5)")
    ap.add_argument("--moves", default="http", help="how the client moves, comma-separated: http (GET the "
                    "mover's view, POST the action; a spectator WebSocket per table), socket (one WebSocket per "
                    "seat, the moves sent on it, as the table page does); default http")
    ap.add_argument("--json", action="store_true", help="print one JSON object with every figure at the end")
    ap.add_argument("--profile", default=None, metavar="PREFIX",
                    help="sample the server with py-spy during each run: PREFIX-<N>.txt (collapsed stacks) "
                         "and a summary of the hottest functions (needs py-spy; root or ptrace rights)")
    args = ap.parse_args()

    from roses.core import get_spec

    spec = get_spec(args.game)
    players = args.players or max(2, spec.min_players)
    counts = [int(x) for x in args.tables.split(",") if x.strip()]
    # Two sockets per table on each side: lift the soft open-files limit (the server inherits it).
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard if hard != resource.RLIM_INFINITY else 65536, 65536)
    if soft != resource.RLIM_INFINITY and soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="roses-bench-") as data_dir:
        proc = start_server(port, args.database_url, data_dir)
        try:
            wait_ready(base, proc)
            db = args.database_url.split("://")[0] if args.database_url else "sqlite (WAL)"
            print(f"roses server benchmark: {spec.title}, {players} seats per table, {db}, "
                  f"{args.seconds:g} s per run, server pid {proc.pid} on {base}")
            host = base.split("//")[1].split(":")[0]
            yard = asyncio.run(baseline(host, port))
            print(f"baseline: {yard:.0f} bare round trips/s (GET /api/health, one connection)")
            print(f"{'tables':>7} {'seconds':>8} {'actions':>8} {'actions/s':>10} {'ratio':>6} {'p50 ms':>8} "
                  f"{'p99 ms':>8} {'pushes/s':>9} {'games':>6} {'RSS MB':>13}  errors")
            ways = [w.strip() for w in args.moves.split(",") if w.strip()]
            if not ways or any(w not in ("http", "socket") for w in ways):
                raise SystemExit(f"--moves takes http and/or socket, not {args.moves!r}")
            runs = [(n, args.seconds, w) for n in counts for w in ways if args.seconds > 0]
            if args.soak > 0:
                runs.append((max(counts), args.soak, ways[-1]))
            results = []
            for n, seconds, way in runs:
                spy = start_profile(proc.pid, f"{args.profile}-{way}-{n}.txt") if args.profile else None
                stats = asyncio.run(run_n(base, n, seconds, args.game, players, args.seed * 100_003 + n,
                                          proc.pid, args.rss_every, way))
                if spy is not None:
                    print(stop_profile(spy, f"{args.profile}-{way}-{n}.txt"), flush=True)
                el = stats.elapsed  # type: ignore[attr-defined]
                rss = stats.rss  # type: ignore[attr-defined]
                row = {"tables": n, "moves": way, "seconds": round(el, 1), "actions": stats.actions,
                       "actions_per_s": round(stats.actions / el, 1), "ratio_to_baseline": round(stats.actions / el / yard, 3),
                       "p50_ms": round(pct(stats.latencies, 0.5) * 1000, 1),
                       "p99_ms": round(pct(stats.latencies, 0.99) * 1000, 1),
                       "pushes_per_s": round(stats.pushes / el, 1), "games": stats.tables_finished,
                       "rss_mb": rss, "errors": stats.errors,
                       "server_cpu_s": round(stats.server_cpu, 1),  # type: ignore[attr-defined]
                       "client_cpu_s": round(stats.client_cpu, 1),  # type: ignore[attr-defined]
                       "server_cpu_ms_per_action": round(1000 * stats.server_cpu / max(1, stats.actions), 2),  # type: ignore[attr-defined]
                       "actions_per_server_core_s": round(stats.actions / max(1e-9, stats.server_cpu), 1)}  # type: ignore[attr-defined]
                results.append(row)
                print(f"{n:>7} {el:>8.0f} {stats.actions:>8} {row['actions_per_s']:>10.1f} {row['ratio_to_baseline']:>6.3f} "
                      f"{row['p50_ms']:>8.1f} {row['p99_ms']:>8.1f} {row['pushes_per_s']:>9.1f} {stats.tables_finished:>6} "
                      f"{rss[0][1]:>6.0f}→{rss[-1][1]:<6.0f}  {stats.errors or '-'}", flush=True)
                print(f"{'':>7} moves by {way}: server CPU {row['server_cpu_s']:.1f} s ({row['server_cpu_ms_per_action']:.2f} ms an action: "
                      f"{row['actions_per_server_core_s']:.0f} actions/s per server core), client CPU {row['client_cpu_s']:.1f} s, "
                      f"wall {el:.1f} s", flush=True)
            if args.json:
                print(json.dumps({"game": args.game, "players": players, "database": db,
                                  "baseline_round_trips_per_s": round(yard, 1), "runs": results}))
            if any(r["actions"] == 0 for r in results):
                print("no action was applied in a run: the benchmark measured nothing", file=sys.stderr)
                raise SystemExit(1)
        finally:
            stop_server(proc)



if __name__ == "__main__":
    main()
