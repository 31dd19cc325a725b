"""Jobs for the thinking service's tests, run in its worker processes (they import this module:
a spawned worker has the test run's ``sys.path``)."""
from __future__ import annotations

import os
import time


def spin_for(seconds: float) -> float:
    """Burns ``seconds`` of CPU time, then returns it."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
    return seconds


def hold(seconds: float) -> int:
    """Holds the worker for up to ``seconds`` of CPU (a long job to cancel); returns its pid."""
    spin_for(seconds)
    return os.getpid()


def pid() -> int:
    return os.getpid()


def fail(message: str) -> None:
    raise RuntimeError(message)


def die() -> None:
    os._exit(3)


def failing_choice(*args) -> str:
    """Stands for ``jobs.bot_choice`` when a test makes every think of a bot fail."""
    raise RuntimeError("this think fails on purpose (a test)")


def gated_agent(gate: str, game, seed: int):
    """An agent factory (``analysis.MAKE``) that says it started (``gate + '.started'``) and waits
    in the worker until the file ``gate`` exists (for up to a minute): a think held in its worker."""
    from pathlib import Path

    from roses.agents import ISMCTSAgent

    Path(gate + ".started").touch()
    end = time.monotonic() + 60
    while not Path(gate).exists() and time.monotonic() < end:
        time.sleep(0.01)
    return ISMCTSAgent(game, seed=seed, iterations=5)


def hold_marked(mark: str, seconds: float) -> int:
    """Creates the file ``mark`` (the job has started), then :func:`hold`s."""
    from pathlib import Path

    Path(mark).touch()
    return hold(seconds)


def stubborn(mark: str, seconds: float) -> int:
    """Creates ``mark``, then spins for ``seconds``, deaf to ``KeyboardInterrupt`` (a soft cancel
    on Ray): a job that only stops when its worker is killed."""
    from pathlib import Path

    Path(mark).touch()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            while time.monotonic() < end:
                pass
        except KeyboardInterrupt:
            pass
    return os.getpid()
