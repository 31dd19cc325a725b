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
