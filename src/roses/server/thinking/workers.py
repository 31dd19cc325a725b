"""Worker processes of the thinking service (issue 41).

Each worker is a fresh interpreter started with :mod:`subprocess` (``python -c`` with
:func:`child_main`): it never inherits the server's event loop, threads or database connections,
and it never re-runs the server's ``__main__`` as :mod:`multiprocessing`'s ``spawn`` does (which
broke anyio's worker processes under ``python3 -m roses serve``), so it starts the same way under
``python3 -m roses serve``, ``roses serve``, uvicorn's worker processes, a test app or any script.
Jobs and answers travel pickled over a socket pair (:class:`multiprocessing.connection.Connection`).

A worker dies with the server:

* on Linux the kernel kills it when the thread that started it ends (``PR_SET_PDEATHSIG``), so a
  ``kill -9`` of the server leaves no search running;
* elsewhere, and as a second guard, a watchdog thread ends it once its parent is gone.

A running job is cancelled by writing its id to the worker's cancel pipe and sending ``SIGUSR1``:
the handler raises :class:`Cancelled` in the search if that job is still the one running.
"""
from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
import traceback
from multiprocessing.connection import Connection
from typing import Any

log = logging.getLogger("roses.server.thinking")

#: How much lower a worker's priority is than the server's (``os.nice``): with 2 cores and 2
#: busy workers, the web process waited for a core and /api/health's p99 rose 5× over idle; at
#: a lower priority it stays at idle (docs/performance.md, "Thinking service").
NICE = 10
#: How often the watchdog looks for the parent (seconds).
WATCHDOG_SECONDS = 0.5


class Cancelled(BaseException):
    """Raised inside a worker's job when the server cancels it (a BaseException, so a search's
    own ``except Exception`` never swallows it)."""


class WorkerDied(Exception):
    """The worker process ended while it held a job (killed, out of memory, a crash)."""


def _die_with_parent(parent: int) -> None:
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG = 1
        except (OSError, AttributeError):  # pragma: no cover - no prctl: the watchdog alone
            pass
    if os.getppid() != parent:  # the parent died before the guard was set
        os._exit(1)

    def watch() -> None:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})  # cancels go to the search's thread
        while os.getppid() == parent:
            time.sleep(WATCHDOG_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="roses-watchdog", daemon=True).start()


def error_text(e: BaseException) -> str:
    """A failed job's answer (call it in the ``except``): ``Type: message``, then the traceback."""
    return f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=8)}"


def child_main(fd: int, cancel_fd: int, parent: int) -> None:
    """A worker's life (its process's entry point): guard against outliving ``parent``, load the
    games, then run jobs from the connection on ``fd`` (``(id, fn, args)``; ``None`` ends it) and
    answer ``(id, status, value, cpu_seconds)`` with status ``ok``, ``error`` (``value``: the
    error and its traceback as text) or ``cancelled``. ``cancel_fd`` carries the ids of jobs to
    cancel (8 bytes each), with ``SIGUSR1`` as the knock."""
    _die_with_parent(parent)
    os.nice(NICE)  # the web process first: bench/thinking.py, /api/health p99 under load
    conn = Connection(fd)
    os.set_blocking(cancel_fd, False)
    current = [0]
    meant: set[int] = set()  # ids of jobs the server cancelled (read from cancel_fd)

    def on_cancel(_signum: int, _frame: Any) -> None:
        try:
            data = os.read(cancel_fd, 8 * 64)
        except BlockingIOError:
            data = b""
        meant.update(struct.unpack_from("q", data, i)[0] for i in range(0, len(data) - 7, 8))
        if current[0] and current[0] in meant:
            raise Cancelled()

    signal.signal(signal.SIGUSR1, on_cancel)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the server, which ends us
    from roses.core import available_games, get_spec

    for name in available_games():  # loaded once, so the first move pays no import
        try:
            get_spec(name)
        except Exception:  # a game still being written: the lobby leaves it out too
            pass
    conn.send(("ready", os.getpid()))  # the server knocks (SIGUSR1) only after this
    while True:
        try:  # (no job runs here, so on_cancel raises nothing here)
            msg = conn.recv()
        except (EOFError, OSError):  # the server is gone
            return
        if msg is None:
            return
        job_id, fn, args = msg
        start = time.process_time()
        try:
            current[0] = job_id
            try:
                if job_id in meant:  # cancelled as it came
                    raise Cancelled()
                out: tuple = (job_id, "ok", fn(*args))
            finally:
                current[0] = 0
                meant.difference_update([i for i in meant if i <= job_id])
        except Cancelled:
            out = (job_id, "cancelled", None)
        except BaseException as e:  # noqa: BLE001 - every failure goes back to the server, which logs it
            out = (job_id, "error", error_text(e))
        try:
            conn.send((*out, time.process_time() - start))
        except (BrokenPipeError, OSError):  # the server is gone
            return


#: The worker's command line (``{fd}``, ``{cancel}``, ``{parent}`` filled in).
CHILD = ("import sys; sys.path[:0] = {path!r}; from roses.server.thinking.workers import child_main; "
         "child_main({fd}, {cancel}, {parent})")


class Worker:
    """One worker process and the parent's end of its socket (used from the event loop only)."""

    def __init__(self, index: int):
        self.index = index
        mine, theirs = socket.socketpair()
        cancel_r, self.cancel_w = os.pipe()
        path = [p for p in sys.path if p]  # the server's imports (a test run's tests/ too)
        code = CHILD.format(path=path, fd=theirs.fileno(), cancel=cancel_r, parent=os.getpid())
        self.process = subprocess.Popen([sys.executable, "-c", code], pass_fds=(theirs.fileno(), cancel_r),
                                        stdin=subprocess.DEVNULL, close_fds=True)
        theirs.close()
        os.close(cancel_r)
        self.conn = Connection(mine.detach())
        self.job_id = 0  # the job it runs now (0: none)
        self.ready = False  # it said "ready": its cancel handler is in place

    @property
    def pid(self) -> int:
        return self.process.pid

    async def _recv(self) -> Any:
        """The next message from the worker, without blocking the event loop."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future = loop.create_future()
        fd = self.conn.fileno()

        def readable() -> None:
            if fut.done():
                return
            try:
                fut.set_result(self.conn.recv())
            except (EOFError, OSError) as e:
                fut.set_exception(WorkerDied(f"worker {self.index} (pid {self.pid}) ended: {e!r}"))

        loop.add_reader(fd, readable)
        try:
            return await fut
        finally:
            loop.remove_reader(fd)

    async def run(self, job: Any) -> tuple[str, Any, float]:
        """Run one job (a :class:`.queue.Job`): ``(status, value, cpu_seconds)``. Raises
        :class:`WorkerDied` when the process ends meanwhile (the caller starts a new one)."""
        job_id, fn, args = job.id, job.fn, job.args
        if not self.ready:  # its games still loading: a cancel now would find no handler
            hello = await self._recv()
            if not (isinstance(hello, tuple) and hello[:1] == ("ready",)):
                raise WorkerDied(f"worker {self.index} said {hello!r} instead of ready")
            self.ready = True
        if job.cancelled:  # while the worker was starting
            return "cancelled", None, 0.0
        try:
            self.conn.send((job_id, fn, args))
        except (BrokenPipeError, OSError) as e:
            raise WorkerDied(f"worker {self.index} (pid {self.pid}) is gone: {e!r}") from None
        self.job_id = job_id
        try:
            got_id, status, value, cpu = await self._recv()
        finally:
            self.job_id = 0
        if got_id != job_id:  # never: one job at a time on each socket
            raise WorkerDied(f"worker {self.index} answered job {got_id} for job {job_id}")
        return status, value, cpu

    def interrupt(self, job_id: int) -> None:
        """Cancel job ``job_id`` if this worker is running it (the worker answers ``cancelled``)."""
        if self.job_id != job_id or not self.alive():
            return
        try:
            os.write(self.cancel_w, struct.pack("q", job_id))
            os.kill(self.pid, signal.SIGUSR1)
        except (ProcessLookupError, BlockingIOError, BrokenPipeError):
            pass

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self, timeout: float = 2.0) -> None:
        """End the process: ask, then terminate, then kill (blocking: call it in a thread)."""
        try:
            self.conn.send(None)
        except (BrokenPipeError, OSError):
            pass
        for end in (None, self.process.terminate, self.process.kill):
            if end is not None and self.alive():
                end()
            try:
                self.process.wait(timeout)
                break
            except subprocess.TimeoutExpired:
                continue
        self.conn.close()
        os.close(self.cancel_w)


__all__ = ["Cancelled", "Worker", "WorkerDied", "child_main", "error_text"]
