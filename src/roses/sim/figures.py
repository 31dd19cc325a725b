"""Per-game figures for sweep results, read from the *public* view of a finished game.

Everything here comes from ``State.observation(None)`` (what a spectator sees: the public log,
the board, the end-of-game reveal), ``State.returns``/``scores``/``result_tags`` and the history's
length, so a results file never holds what the sealing rules keep from the table. The start
player (or first coin holder in Blades & Rose) is public information: it is announced when drawn.
"""
from __future__ import annotations

from importlib import import_module
from typing import Any

from roses.core import State


def start_seat(state: State) -> int | None:
    """The seat that takes the first turn, read from the public observation of a state where a
    seat is to act (the start player; in Blades & Rose the holder of the coin); ``None`` if the
    game has neither."""
    obs = state.observation(None)
    for name in ("start_player", "coin"):
        seat = getattr(obs, name, None)
        if isinstance(seat, int):
            return seat
    return None


def game_figures(state: State) -> tuple[int | None, dict[str, Any]]:
    """``(rounds, figures)`` of a finished game: the number of rounds when the game counts them
    (Roses and Thorns, Blades & Rose), and a flat dict of per-game figures (ints, strings, or lists with
    one value per seat) named by the game's own nouns: the game's ``figures`` module
    (``GameSpec.figures``); ``(None, {})`` for a game without one."""
    module = state.game.spec.figures
    if module is None:
        return None, {}
    return import_module(module).figures(state.observation(None))


__all__ = ["game_figures", "start_seat"]
