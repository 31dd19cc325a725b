"""Running sweep tasks on Ray (optional extra ``roses[ray]``): one remote task per chunk of games.

``address=None`` starts a local Ray on this machine (``workers`` CPUs, or all when 0/1 is not
given); ``address="ray://host:10001"`` or ``"auto"`` joins a running cluster, whose nodes need
roses installed at the same version. Rows are the same as the process backend's: every game's
seeds come from the sweep seed, cell and game index only.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence


def run_on_ray(fn: Callable[..., list[dict[str, Any]]], game_name: str, seed: int, tasks: Sequence[Any],
               address: str | None = None, workers: int = 0,
               done: Callable[[list[dict[str, Any]]], None] = lambda part: None) -> None:
    """Run ``fn(game_name, seed, task)`` for every task on Ray, calling ``done(rows)`` as each
    finishes. Leaves a Ray it found running; shuts down a local Ray it started.

    Raises ``ImportError`` naming the extra when Ray is not installed."""
    try:
        import ray
    except ImportError:
        raise ImportError("the ray backend needs Ray: pip install 'roses[ray]'") from None
    started = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers if workers > 0 else None, include_dashboard=False,
                     log_to_driver=False)
        started = True
    try:
        remote = ray.remote(fn)
        pending = [remote.remote(game_name, seed, t) for t in tasks]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                done(ray.get(ref))
    finally:
        if started:
            ray.shutdown()
