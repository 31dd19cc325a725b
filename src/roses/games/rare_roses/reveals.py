"""What the latest Rare Roses turn (or the setup) turned face up, in order, read from the seat's
observation: rose tiles drawn from the bag into the market ("Seed The Market", "Push The Market",
the setup) and order cards turned over ("Refill Order Queue"): the ``reveal`` of a table view
(``roses.core.reveal``). Stock rotation flips a seat's own buds, public already: no reveal."""
from __future__ import annotations

import re
from typing import Any

from roses.core.reveal import SEAT, card, latest_group

_DRAWN = re.compile(r"^(.+) drawn into the market$")
_ORDER = re.compile(r"^order #(\d+) turned over: (.+)$")
# "seat 1's turn: stock rotated"; read by seat 1: "Your turn: stock rotated".
_TURN = re.compile(rf"^(?:{SEAT}'s|Your) turn\b")
# The phase that draws or turns cards this turn opens a group of its own ("Trash The Oldest
# Order OR Seed The Market"; the pushes and the refill follow in it).
_OPENS = re.compile(rf"^{SEAT} (?:seeds the market|trashes the oldest order)")


def latest(obs: dict[str, Any]) -> dict[str, Any] | None:
    """The latest turn's tiles drawn (``kind`` ``tile``, ``face`` the rose) and orders turned over
    (``kind`` ``order``, ``face`` "Order N" counted as the card's id), in log order; ``None``
    before any. Input: an observation in JSON form (``log``)."""
    def is_reveal(line: str) -> bool:
        return _DRAWN.match(line) is not None or _ORDER.match(line) is not None

    def read(k: int, line: str):
        m = _DRAWN.match(line)
        if m:
            yield card(m.group(1), "tile", line, k)
        else:
            m = _ORDER.match(line)
            yield card(f"Order {m.group(1)}", "order", line, k)

    def opens(line: str) -> bool:
        return _TURN.match(line) is not None or _OPENS.match(line) is not None

    def title(line: str, cards: list) -> str:
        if _OPENS.match(line):
            return line.split(" #")[0]
        if _TURN.match(line):
            whose = line.split(" turn")[0]
            return f"Turned up on {'your' if whose == 'Your' else whose} turn"
        return "The market and the first orders"

    return latest_group(obs.get("log") or (), is_reveal, opens, read, title,
                        ends=lambda line: _TURN.match(line) is not None)
