"""Helpers shared by the server API tests."""
from __future__ import annotations

import threading
from typing import Any, Callable

from roses.core import available_games, get_spec


def loadable_games() -> list[str]:
    """Every registered game whose module loads (a game being written may not yet)."""
    out = []
    for name in available_games():
        try:
            get_spec(name)
        except Exception:
            continue
        out.append(name)
    return out


def real_choices(data: dict, seat: int) -> list[int]:
    """The indices of ``seat``'s actions in the record JSON ``data`` where it had two or more
    legal moves (the decisions an analysis covers)."""
    from roses.core import GameRecord
    from roses.core.record import initial_state, replay_steps

    record = GameRecord.from_json(data)
    before = initial_state(record)
    out = []
    for i, s, _, after in replay_steps(record):
        if s == seat and len(before.legal_actions()) > 1:
            out.append(i)
        before = after.clone()
    return out


def second_while_first_is_held(monkeypatch: Any, module: Any, name: str, first: Callable[[], Any],
                               second: Callable[[], Any], then: Callable[..., Any] | None = None,
                               timeout: float = 120.0) -> tuple[Any, Any]:
    """``(first's response, second's response)``: ``first()`` sent from a thread and held inside
    ``module.name`` (wrapped: it says it has started, then waits), ``second()`` sent while it is
    held, then the first released. The wrapper goes on with ``then`` (default the function it
    wraps); ``module.name`` is put back afterwards. For the one-at-a-time limits (analyses, hints,
    replays: 429 "busy")."""
    started, release = threading.Event(), threading.Event()
    real = getattr(module, name)
    go_on = then or real

    def held(*args: Any, **kw: Any) -> Any:
        started.set()
        release.wait(timeout)
        return go_on(*args, **kw)

    monkeypatch.setattr(module, name, held)
    out: dict = {}
    thread = threading.Thread(target=lambda: out.update(r=first()))
    thread.start()
    try:
        assert started.wait(timeout)
        answer = second()
    finally:
        release.set()
        thread.join(timeout)
    monkeypatch.setattr(module, name, real)
    return out["r"], answer


def spy_thinks(monkeypatch: Any, thinking: Any) -> list[tuple]:
    """Every think sent to the app's thinking service from now on, as ``(kind, fn, args)``; the
    thinks still run in its worker processes."""
    calls: list[tuple] = []
    real = thinking.think

    async def spy(key: str, kind: str, fn: Callable[..., Any], *args: Any) -> Any:
        calls.append((kind, fn, args))
        return await real(key, kind, fn, *args)

    monkeypatch.setattr(thinking, "think", spy)
    return calls
