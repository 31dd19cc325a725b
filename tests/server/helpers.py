"""Helpers shared by the server API tests."""
from __future__ import annotations

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
