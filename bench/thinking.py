"""Benchmark of the thinking service (issue 41): search bots, analyses and ``/api/health`` on a real
server (``roses.server.run`` in a subprocess running this tree, rates off, on loopback).

Three figures, each a ratio to a baseline timed in the same run:

* ``moves``: bot moves per CPU second through the server (N tables of search bots, bot delay 0,
  for S seconds; moves from ``/api/health`` ``jobs.bot.done``, CPU from ``/proc``: the server
  process and its children, the worker processes), against the offline agent
  (``make_agent(bot, game, bot_seed(...))``, told the seating, ``.act(Turn.of(state))``) in this
  process on the very positions the server's bots met (each table's game replayed offline from its
  seed up to the version the table reached: the same games, the bots being exact). Also the cost
  of what a move carries between the processes (``jobs.state_payload``, pickling, ``state_of``).
  Issue 41's target: at least 0.8×.
* ``health``: ``GET /api/health`` latency (p50/p99, one keep-alive connection, requests spaced)
  idle, then while ``--busy-tables`` tables of search bots and ``--analyses`` analyses run at once
  (each analysis from its own loopback address, 127.0.0.2, .3, …, since the server runs one
  analysis at a time per address; the server's process-wide cap ``analysis.MAX_ANALYSES`` is set to
  ``--analyses`` for the benchmark's server). Target: loaded p99 at most 2× idle.
* ``scaling``: bot moves per wall second with ``--think-workers 1`` and ``2`` (the ``moves`` run is
  the 2-worker one), and their ratio; ``--ray`` adds a ``--think ray`` row when this tree has
  ``roses/server/thinking/ray_backend.py``.

``--profile PREFIX`` profiles each server's event loop (cProfile of its main thread) into
``PREFIX-<run>.prof`` and prints the hottest functions (it slows the web process: not with the
figures). ``--nice-workers 19`` renices the workers of the health run (an experiment). Usage::

    python3 bench/thinking.py                       # all three figures (about 3 minutes)
    python3 bench/thinking.py moves --seconds 20 --json
    python3 bench/thinking.py health --profile /tmp/think
"""
from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import pickle
import pstats
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from server import SRC, Conn, cpu_seconds, free_port, pct, start_server, stop_server, wait_ready  # noqa: E402

RAY_BACKEND = Path(SRC) / "roses" / "server" / "thinking" / "ray_backend.py"


# ---------------------------------------------------------------------- processes and CPU
def children(pid: int) -> list[int]:
    """The live child processes of ``pid`` (the server's thinking workers)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if ppid == pid:
                out.append(int(entry))
    return out


def tree_cpu(pid: int) -> dict[str, float]:
    """CPU seconds (user + system) of the server (its threads and reaped children included) and of
    its live children."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    reaped = (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")
    workers = 0.0
    for child in children(pid):
        try:
            workers += cpu_seconds(child)
        except OSError:  # ended meanwhile
            pass
    return {"server": cpu_seconds(pid), "workers": workers + reaped}


def settle(pid: int, quiet: float = 0.1, most: float = 60) -> None:
    """Wait until the server and its workers are idle (the workers have loaded the games)."""
    end = time.monotonic() + most
    last = sum(tree_cpu(pid).values())
    while time.monotonic() < end:
        time.sleep(1.0)
        now = sum(tree_cpu(pid).values())
        if now - last < quiet:
            return
        last = now


class Server:
    """A benchmark server: started on a free port, ready and idle, stopped on exit."""

    def __init__(self, workers: int, backend: str = "process", prelude: str = "", profile: str | None = None,
                 nice: int = 0):
        self.nice = nice  # the workers' niceness (an experiment: the web process before the searches)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.thinking = f"ThinkingOptions(workers={workers}, backend={backend!r}, eager=True)"
        self.prelude, self.profile = prelude, profile

    def __enter__(self) -> "Server":
        self.dir = tempfile.TemporaryDirectory(prefix="roses-bench-think-")
        self.proc = start_server(self.port, None, self.dir.name, self.thinking, self.prelude, self.profile)
        wait_ready(self.base, self.proc)
        settle(self.proc.pid)
        for child in children(self.proc.pid) if self.nice else ():
            os.setpriority(os.PRIO_PROCESS, child, self.nice)
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.profile:
            os.kill(self.proc.pid, signal.SIGUSR2)
            end = time.monotonic() + 20
            while time.monotonic() < end and not os.path.exists(self.profile):
                time.sleep(0.2)
            time.sleep(1.0)  # (written whole by then)
        t = time.monotonic()
        clean = stop_server(self.proc)
        self.stopped = (round(time.monotonic() - t, 1), clean)
        if not clean:
            print(f"the server did not stop within {self.stopped[0]} s of SIGTERM: killed", flush=True)
        self.dir.cleanup()
        if self.profile:
            print(profile_summary(self.profile), flush=True)

    def conn(self, local: str | None = None) -> Conn:
        return Conn("127.0.0.1", self.port, local)


def profile_summary(path: str, top: int = 18) -> str:
    """The hottest functions of the event loop's profile (own time, then with callees)."""
    if not os.path.exists(path):
        return f"profile: {path} was not written"
    out = io.StringIO()
    st = pstats.Stats(path, stream=out)
    st.sort_stats("tottime").print_stats(top)
    st.sort_stats("cumulative").print_stats(top)
    return f"profile of the server's event loop ({path}):\n" + out.getvalue()


# ---------------------------------------------------------------------- the server's side
def table_body(game: str, players: int, bot: str, seed: int) -> dict[str, Any]:
    return {"game": game, "seed": seed, "params": {"players": players},
            "seats": [{"kind": "bot", "bot": bot}] * players, "bot_delay_ms": 0}


async def open_tables(conn: Conn, game: str, players: int, bot: str, seeds: list[int]) -> list[str]:
    ids = []
    for seed in seeds:
        status, body = await conn.request("POST", "/api/tables", table_body(game, players, bot, seed))
        if status != 201:
            raise SystemExit(f"POST /api/tables answered {status}: {body}")
        ids.append(body["table_id"])
    return ids


async def health(conn: Conn) -> dict[str, Any]:
    status, body = await conn.request("GET", "/api/health")
    if status != 200:
        raise SystemExit(f"GET /api/health answered {status}: {body}")
    return body["thinking"]


def bot_jobs(thinking: dict[str, Any]) -> dict[str, float]:
    return thinking["jobs"].get("bot", {"done": 0, "failed": 0, "cpu_seconds": 0.0})


async def bot_run(server: Server, tables: int, seconds: float, game: str, players: int, bot: str,
                  seed: int) -> dict[str, Any]:
    """``tables`` tables of ``bot`` for ``seconds`` (timed from before they are opened, on an idle
    server): bot moves, wall and CPU seconds (the server, its workers, and the jobs' own CPU as the
    workers count it), and each table's seed and version at the end."""
    conn = server.conn()
    pid = server.proc.pid
    h0, cpu0, t0 = bot_jobs(await health(conn)), tree_cpu(pid), time.monotonic()
    seeds = [seed + i for i in range(tables)]
    ids = await open_tables(conn, game, players, bot, seeds)
    await conn.close()  # the server drops a keep-alive connection idle for 5 s
    await asyncio.sleep(max(0.0, seconds - (time.monotonic() - t0)))
    thinking, cpu1, t1 = await health(conn), tree_cpu(pid), time.monotonic()
    h1 = bot_jobs(thinking)
    versions = []
    for tid in ids:
        status, view = await conn.request("GET", f"/api/tables/{tid}")
        versions.append(view["version"] if status == 200 else 0)
    await conn.close()
    moves = h1["done"] - h0["done"]
    server_cpu, worker_cpu = cpu1["server"] - cpu0["server"], cpu1["workers"] - cpu0["workers"]
    wall = t1 - t0
    return {"tables": tables, "seconds": round(wall, 1), "moves": moves, "failed": h1["failed"] - h0["failed"],
            "fallbacks": thinking["fallbacks"], "moves_per_s": round(moves / wall, 3),
            "server_cpu_s": round(server_cpu, 2), "workers_cpu_s": round(worker_cpu, 2),
            "job_cpu_s": round(h1["cpu_seconds"] - h0["cpu_seconds"], 2),
            "moves_per_cpu_s": round(moves / max(1e-9, server_cpu + worker_cpu), 3),
            # the jobs running at the end spent CPU in the window on moves not counted: the true figure
            # lies between moves_per_cpu_s and this one (the workers' CPU outside the jobs counted
            # as theirs: no IPC cost at all)
            "in_flight": thinking["running"],
            "moves_per_cpu_s_upper": round(moves / max(1e-9, server_cpu + h1["cpu_seconds"] - h0["cpu_seconds"]), 3),
            "cores_used": round((server_cpu + worker_cpu) / wall, 2),  # what a shared machine left us
            "seeds": seeds, "versions": versions}


# ---------------------------------------------------------------------- the offline side
def offline(game_name: str, players: int, bot: str, seeds: list[int], versions: list[int]) -> dict[str, Any]:
    """The offline agent on the positions the server's tables met: each table's game from its seed
    (chance drawn from the state's RNG, as the server does; bot seeded by ``bot_seed(seed,
    version, seat)``) up to the version it reached. Times each move's CPU, and what a move carries
    to a worker and back: ``jobs.state_payload`` and the job's pickling in the web process, the
    unpickling and ``jobs.state_of`` in the worker (inside the job's CPU)."""
    from roses.agents import Turn, make_agent, tell_table
    from roses.core import load
    from roses.server.runner import bot_seed
    from roses.server.thinking import jobs

    game = load(game_name, players=players)
    table = (bot,) * players
    cpu, moves, ends = 0.0, 0, []
    carry: dict[str, list[float]] = {"state_payload_us": [], "pickle_us": [], "unpickle_us": [],
                                     "state_of_us": [], "job_bytes": []}
    for seed, version in zip(seeds, versions):
        state = game.new_initial_state(seed)
        while len(state.history) < version and not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance())
                continue
            seat = state.current_player()
            t = time.perf_counter()
            position = jobs.state_payload(state)
            t1 = time.perf_counter()
            msg = pickle.dumps((1, jobs.bot_choice, (position, bot, 0, (), table)), pickle.HIGHEST_PROTOCOL)
            t2 = time.perf_counter()
            pickle.loads(msg)
            t3 = time.perf_counter()
            jobs.state_of(position)
            t4 = time.perf_counter()
            for k, v in zip(carry, (t1 - t, t2 - t1, t3 - t2, t4 - t3)):
                carry[k].append(v * 1e6)
            carry["job_bytes"].append(len(msg))
            c0 = time.process_time()
            agent = make_agent(bot, game, bot_seed(seed, len(state.history), seat))
            tell_table([agent], table)
            action = agent.act(Turn.of(state.clone()))
            cpu += time.process_time() - c0
            moves += 1
            state.apply(action)
        ends.append(len(state.history))
    return {"moves": moves, "cpu_s": round(cpu, 2), "moves_per_cpu_s": round(moves / max(1e-9, cpu), 3),
            "same_versions": ends == list(versions),
            "carry": {k: round(statistics.median(v), 1) for k, v in carry.items() if v}}


def heuristic_record(game_name: str, players: int, seed: int) -> dict[str, Any]:
    """A finished game of heuristic bots, as the server's record (what an analysis is given)."""
    from roses.agents import Turn, make_agent
    from roses.core import GameRecord, load

    game = load(game_name, players=players)
    state = game.new_initial_state(seed)
    agents = [make_agent("heuristic", game, seed + s) for s in range(players)]
    while not state.is_terminal():
        state.apply(state.sample_chance() if state.is_chance_node()
                    else agents[state.current_player()].act(Turn.of(state)))
    return GameRecord.from_state(state, ["bot:heuristic"] * players).to_json()


# ---------------------------------------------------------------------- figures
async def health_latencies(conn: Conn, count: int, gap: float) -> tuple[list[float], list[dict[str, Any]]]:
    """``count`` health requests on ``conn``, ``gap`` seconds apart: latencies (s) and the figures."""
    lat, seen = [], []
    for _ in range(count):
        t = time.perf_counter()
        seen.append(await health(conn))
        lat.append(time.perf_counter() - t)
        await asyncio.sleep(gap)
    return lat, seen


def latency_row(lat: list[float]) -> dict[str, float]:
    return {"requests": len(lat), "p50_ms": round(pct(lat, 0.5) * 1000, 2),
            "p99_ms": round(pct(lat, 0.99) * 1000, 2), "max_ms": round(max(lat) * 1000, 2)}


async def analyse(server: Server, k: int, record: dict[str, Any], out: dict[str, Any]) -> None:
    """One analysis of seat 0 from loopback address 127.0.0.(k+2): its status and seconds."""
    conn = server.conn(f"127.0.0.{k + 2}")
    t = time.monotonic()
    try:
        status, body = await conn.request("POST", "/api/analysis", {"record": record, "seat": 0})
        out[k] = {"status": status, "seconds": round(time.monotonic() - t, 1),
                  "decisions": len(body.get("decisions", [])) if isinstance(body, dict) else None}
    finally:
        await conn.close()


async def health_figure(server: Server, args: argparse.Namespace, players: int) -> dict[str, Any]:
    conn = server.conn()
    idle, _ = await health_latencies(conn, args.health_requests, args.gap_ms / 1000)
    record = await asyncio.to_thread(heuristic_record, args.game, players, args.seed)
    done: dict[int, Any] = {}
    t0 = time.monotonic()
    await open_tables(conn, args.game, players, args.bot, [args.seed + 1000 + i for i in range(args.busy_tables)])
    tasks = [asyncio.create_task(analyse(server, k, record, done)) for k in range(args.analyses)]
    while True:  # measured once every analysis has queued its decisions (their replays done)
        seen = await health(conn)
        # (a table queues one think at a time: more than that many jobs are the analyses')
        if seen["jobs"].get("analysis", {}).get("done", 0) or seen["queued"] + seen["running"] > args.busy_tables \
                or time.monotonic() - t0 > 30:
            break
        await asyncio.sleep(0.2)
    busy, figures = await health_latencies(conn, args.health_requests, args.gap_ms / 1000)
    finished_during = len(done)
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await conn.close()
    last = figures[-1]
    idle_row, busy_row = latency_row(idle), latency_row(busy)
    return {"idle": idle_row, "busy": busy_row, "p99_ratio": round(busy_row["p99_ms"] / idle_row["p99_ms"], 2),
            "p50_ratio": round(busy_row["p50_ms"] / idle_row["p50_ms"], 2),
            "busy_tables": args.busy_tables, "analyses": args.analyses,
            "analyses_finished_while_measured": finished_during,
            "analysis_decisions_done": last["jobs"].get("analysis", {}).get("done", 0),
            "queued_median": statistics.median(f["queued"] for f in figures),
            "running_median": statistics.median(f["running"] for f in figures),
            "bot_moves_while_measured": bot_jobs(last)["done"] - bot_jobs(figures[0])["done"],
            "record_actions": len(record["actions"])}


def print_table(rows: list[tuple[str, str, str, str]]) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("figure", nargs="?", default="all", choices=["all", "moves", "health", "scaling"])
    ap.add_argument("--game", default="roses-and-thorns")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bot", default="ismcts:hard")
    ap.add_argument("--tables", type=int, default=6, help="tables of bots in the moves and scaling runs (default 6)")
    ap.add_argument("--seconds", type=float, default=30.0, help="seconds of each moves/scaling run (default 30)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes of the moves and health runs (default 2)")
    ap.add_argument("--busy-tables", type=int, default=20, help="tables of bots while health is measured (default 20)")
    ap.add_argument("--analyses", type=int, default=4, help="analyses at once while health is measured (default 4)")
    ap.add_argument("--health-requests", type=int, default=300, help="health requests idle and busy (default 300)")
    ap.add_argument("--gap-ms", type=float, default=20.0, help="milliseconds between health requests (default 20)")
    ap.add_argument("--ray", action="store_true", help="scaling: add a --think ray row (needs thinking/ray_backend.py)")
    ap.add_argument("--nice-workers", type=int, default=0, metavar="N",
                    help="health: renice the server's workers to N (an experiment: does the web process then "
                         "answer as fast as idle?)")
    ap.add_argument("--seed", type=int, default=4100)
    ap.add_argument("--profile", default=None, metavar="PREFIX",
                    help="cProfile each server's event loop into PREFIX-<run>.prof and print the hottest functions")
    ap.add_argument("--json", action="store_true", help="print one JSON object with every figure at the end")
    args = ap.parse_args()
    from roses.server.runner import QUICK

    if args.bot in QUICK:
        ap.error(f"--bot {args.bot} moves in a thread of the web process, not in the thinking service "
                 "(roses.server.runner.QUICK): there is nothing of the service to measure")
    out: dict[str, Any] = {"cpus": os.cpu_count(), "load_average_start": os.getloadavg(),
                           "game": args.game, "players": args.players, "bot": args.bot}
    prof = (lambda run: f"{args.profile}-{run}.prof") if args.profile else (lambda run: None)
    print(f"thinking benchmark: {args.game}, {args.players} seats of {args.bot}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f} at start", flush=True)

    runs: dict[str, dict[str, Any]] = {}
    if args.figure in ("all", "moves", "scaling"):
        with Server(args.workers, profile=prof(f"workers{args.workers}")) as server:
            runs[f"process x{args.workers}"] = asyncio.run(bot_run(
                server, args.tables, args.seconds, args.game, args.players, args.bot, args.seed))
        print(f"server, {args.workers} workers: {runs[f'process x{args.workers}']}", flush=True)
    if args.figure in ("all", "moves"):
        run = runs[f"process x{args.workers}"]
        base = offline(args.game, args.players, args.bot, run["seeds"], run["versions"])
        print(f"offline: {base}", flush=True)
        out["moves"] = {"server": run, "offline": base,
                        "ratio": round(run["moves_per_cpu_s"] / base["moves_per_cpu_s"], 3),
                        "ratio_upper": round(run["moves_per_cpu_s_upper"] / base["moves_per_cpu_s"], 3)}
    if args.figure in ("all", "scaling"):
        others = [(1, "process")] if args.workers != 1 else [(2, "process")]
        if args.ray:
            others.append((args.workers, "ray"))
        for workers, backend in others:
            name = f"{backend} x{workers}"
            if backend == "ray" and not RAY_BACKEND.exists():
                print(f"{name}: not measured: this tree has no {RAY_BACKEND.relative_to(Path(SRC).parent)}")
                runs[name] = {"not_measured": "no ray_backend.py in this tree"}
                continue
            with Server(workers, backend, profile=prof(f"{backend}{workers}")) as server:
                runs[name] = asyncio.run(bot_run(server, args.tables, args.seconds, args.game, args.players,
                                                 args.bot, args.seed))
            print(f"server, {name}: {runs[name]}", flush=True)
        one = runs["process x1"]["moves_per_s"]
        out["scaling"] = {name: {**r, "ratio_to_1_worker": round(r["moves_per_s"] / one, 2) if "moves" in r else None}
                          for name, r in runs.items()}
    if args.figure in ("all", "health"):
        prelude = f"import roses.server.analysis as _a; _a.MAX_ANALYSES = {args.analyses}"
        with Server(args.workers, prelude=prelude, profile=prof("health"), nice=args.nice_workers) as server:
            out["health"] = {**asyncio.run(health_figure(server, args, args.players)),
                             "workers_nice": args.nice_workers}
        print(f"health: {out['health']}", flush=True)
    out["load_average_end"] = os.getloadavg()

    rows = [("figure", "measured", "baseline", "ratio (target)")]
    if "moves" in out:
        m = out["moves"]
        rows.append(("bot moves per CPU-s", f"{m['server']['moves_per_cpu_s']:.3f} via server",
                     f"{m['offline']['moves_per_cpu_s']:.3f} offline",
                     f"{m['ratio']:.2f}-{m['ratio_upper']:.2f} (>= 0.8)"))
    if "health" in out:
        h = out["health"]
        rows.append(("/api/health p99 ms", f"{h['busy']['p99_ms']:.1f} busy", f"{h['idle']['p99_ms']:.1f} idle",
                     f"{h['p99_ratio']:.2f} (<= 2)"))
        rows.append(("/api/health p50 ms", f"{h['busy']['p50_ms']:.1f} busy", f"{h['idle']['p50_ms']:.1f} idle",
                     f"{h['p50_ratio']:.2f}"))
    if "scaling" in out:
        for name, r in out["scaling"].items():
            if name != "process x1":
                rows.append((f"bot moves/s, {name}", f"{r['moves_per_s']:.2f}" if "moves" in r else "not measured",
                             f"{out['scaling']['process x1']['moves_per_s']:.2f} (1 worker)",
                             f"{r['ratio_to_1_worker']}" if r.get("ratio_to_1_worker") else "-"))
    print()
    print_table(rows)
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
