"""Per-game figures for sweep results, read from the *public* view of a finished game.

Everything here comes from ``State.observation(None)`` (what a spectator sees: the public log,
the board, the end-of-game reveal), ``State.returns``/``scores``/``result_tags`` and the history's
length, so a results file never holds what the sealing rules keep from the table. The start
player (or first coin holder in Blades & Rose) is public information: it is announced when drawn.
"""
from __future__ import annotations

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


def _count_log(obs: Any, word: str) -> int:
    return sum(1 for line in getattr(obs, "log", ()) if word in str(line))


def game_figures(state: State) -> tuple[int | None, dict[str, Any]]:
    """``(rounds, figures)`` of a finished game: the number of rounds when the game counts them
    (Roses and Thorns, Blades & Rose), and a flat dict of per-game figures (ints, strings, or lists with
    one value per seat) named by the game's own nouns."""
    obs = state.observation(None)
    name = state.game.name
    if name == "roses-and-thorns":
        return obs.round, {
            "markers": [s.markers for s in obs.seats],
            "seats_out": sum(1 for s in obs.seats if not s.in_game),
            "final_bid": obs.high_bid,
            "cards_on_table": obs.cards_on_table,
        }
    if name == "rose-ceremony":
        return None, {
            "points": list(obs.points),
            "bouquet_roses": list(obs.bouquet_roses),
            "bouquet_thorns": list(obs.bouquet_thorns),
            "wilts": _count_log(obs, " wilts"),
            "deck_left": obs.deck_size,
        }
    if name == "rare-roses":
        return None, {  # its turn counter is not a round count
            "money": [s.money for s in obs.shops],
            "orders_filled": [len(s.orders_filled) for s in obs.shops],
            "specialty_filled": [s.specialty_filled for s in obs.shops],
        }
    if name == "blades-and-rose":
        from roses.games.blades_and_rose.cards import faction_of

        roles = list(obs.roles or ())
        return len(obs.rounds), {
            "roles": roles,
            "factions": [faction_of(r) for r in roles],
            "sacrifice_count": obs.sacrifice_count,
            "death_count": obs.death_count,
            "death_limit": obs.death_limit,
            "sacrifice_target": obs.sacrifice_target,
            "end_reason": obs.end_reason or "",
        }
    return None, {}


__all__ = ["game_figures", "start_seat"]
