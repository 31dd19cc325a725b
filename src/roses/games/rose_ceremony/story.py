"""Rose Ceremony: a finished game's story (``roses.core.story``), from the spectator's view.

The three endings (End of the Game, RC-5): an exchange that reaches 5 charm points, an exchange of
a bouquet of 10 roses or more (either wins at once), or the deck running out, when the most charm
points win (a tie shares the win). The standings give each seat's charm points.
"""
from __future__ import annotations

import re
from typing import Any, Sequence

from roses.core.plain import seat_name
from roses.core.story import listed
from roses.core.words import counted

#: The log's line of an exchange (``state.py``): "seat 2 exchanges a bouquet of 6 roses ...".
_EXCHANGE = re.compile(r"exchanges a bouquet of (\d+) roses")


def last_exchange(log: Sequence[str]) -> int | None:
    """The roses of the game's last exchanged bouquet, read in the public log."""
    for line in reversed(log):
        m = _EXCHANGE.search(line)
        if m:
            return int(m.group(1))
    return None


def story(obs: dict[str, Any], names: Sequence[str] | None, tags: dict[str, str]) -> list[str]:
    def name(s: int) -> str:
        return seat_name(s, names)

    points = obs.get("points") or []
    winners = list(obs.get("winners") or [])
    how = tags.get("win_by", "")
    roses = last_exchange(obs.get("log") or [])
    lines = []
    if how == "ten-roses" and winners:
        lines.append(f"{name(winners[0])} exchanged a bouquet of {roses} roses: a bouquet of 10 roses or more "
                     f"wins at once")
    elif how == "charm-points" and winners:
        w = winners[0]
        lines.append(f"{name(w)} exchanged a bouquet of {roses} roses and reached {points[w]} charm points: "
                     f"5 charm points win at once")
    elif how == "deck-out":
        best = max(points) if points else 0
        if len(winners) > 1:
            lines.append(f"The deck ran out and {listed([name(s) for s in winners])} share the win "
                         f"with {counted(best, 'charm point')} each")
        elif winners:
            lines.append(f"The deck ran out and {name(winners[0])} wins with the most charm points, {best}")
    order = sorted(range(len(points)), key=lambda s: (-points[s], s))
    lines.append("Charm points: " + ", ".join(f"{name(s)} with {points[s] or 'none'}" for s in order))
    return lines
