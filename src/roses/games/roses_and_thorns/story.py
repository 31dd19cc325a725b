"""Roses and Thorns: a finished game's story (``roses.core.story``), from the spectator's view.

The deciding moment is the last challenge (§3.4): a successful one wins with a second marker, or
with the first in the quick game (§5, §7 RT-8); a failed one on the challenger's last card leaves
one seat with cards (§4, §5). The standings give each seat's markers, or that it is out.
"""
from __future__ import annotations

import re
from typing import Any, Sequence

from roses.core.plain import seat_name
from roses.core.story import listed, ordinal
from roses.core.words import counted

#: The log's line of a card turned up (``state.py``): "Seat 3 turns up a rose from Seat 1's stack."
_TURNED = re.compile(r"\bturns up an? (rose|thorn)\b")
_CHALLENGE = re.compile(r"is the challenger and must turn up")


def turned_in_last_challenge(log: Sequence[str]) -> int:
    """How many cards the last challenge turned up, counted in the public log."""
    start = max((i for i, line in enumerate(log) if _CHALLENGE.search(line)), default=None)
    if start is None:
        return 0
    return sum(1 for line in log[start:] if _TURNED.search(line))


def story(obs: dict[str, Any], names: Sequence[str] | None, tags: dict[str, str]) -> list[str]:
    def name(s: int) -> str:
        return seat_name(s, names)

    seats = obs["seats"]
    winner = obs.get("winner")
    challenger, bid, thorn = obs.get("challenger"), obs.get("high_bid"), obs.get("thorn_owner")
    how = tags.get("win_by", "")
    lines = []
    if how in ("second-challenge", "quick-game") and winner is not None:
        rule = ("one successful challenge wins the quick game" if how == "quick-game"
                else "a second successful challenge wins the game")
        lines.append(f"{name(winner)} bid {bid} and turned up {counted(bid or 0, 'rose')} without a thorn: {rule}")
    elif winner is not None:
        if challenger is not None and thorn is not None and not seats[challenger]["in_game"]:
            k = turned_in_last_challenge(obs.get("log") or [])
            whose = "their own thorn" if thorn == challenger else f"{name(thorn)}'s thorn"
            on = f" on the {ordinal(k)} card" if k else ""
            lines.append(f"{name(challenger)} bid {bid} and turned up {whose}{on}, "
                         f"lost their last card and is out")
        lines.append(f"{name(winner)} is the last player with cards and wins")
    order = sorted(range(len(seats)), key=lambda s: (not seats[s]["in_game"], -seats[s]["markers"], s))
    standing = [f"{name(s)} with {seats[s]['markers'] or 'none'}" for s in order if seats[s]["in_game"]]
    out = [name(s) for s in order if not seats[s]["in_game"]]
    text = "Markers: " + ", ".join(standing)
    if out:
        text += f"; out of cards: {listed(out)}"
    lines.append(text)
    return lines
