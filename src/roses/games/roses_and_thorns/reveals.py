"""The cards of the latest challenge, in the order they were turned up (§3.4, RT-5: the
challenger's own stack first, top down, then the top cards of other stacks), read from the seat's
observation: the ``reveal`` of a table view (``roses.core.reveal``)."""
from __future__ import annotations

import re
from typing import Any

from roses.core.reveal import SEAT, card, latest_group, seat_of

#: The next round's first line (§3.4): the challenge's cards leave the board.
_ROUND = re.compile(r"^Round \d+:")
_CHALLENGE = re.compile(rf"^{SEAT} is the challenger and must turn up (\d+)\.")
# "Seat 0 turns up a rose from their own stack.", as read by seat 0: "... from your own stack.";
# "... from Seat 1's stack.", as read by seat 1: "... from your stack."
_UP = re.compile(rf"^{SEAT} turns up a (rose|thorn) from (?:(?:their|your) own stack|(your|{SEAT}'s) stack)\.")


def latest(obs: dict[str, Any]) -> dict[str, Any] | None:
    """The latest challenge's turned-up cards (each ``kind`` and ``face`` ``rose`` or ``thorn``,
    ``owner`` the stack's seat), titled "Seat N must turn up K" as the log words it; ``None`` before
    the first challenge. Input: an observation in JSON form (``log``, ``seat``)."""
    reader = obs.get("seat")

    def read(k: int, line: str):
        m = _UP.match(line)
        challenger, kind, whose = int(m.group(1)), m.group(2), m.group(3)
        owner = challenger if whose is None else seat_of(whose, reader)
        yield card(kind, kind, line, k, owner)

    def title(line: str, cards: list) -> str:
        m = _CHALLENGE.match(line)
        return line if m is None else f"{line.split(' is the challenger')[0]} must turn up {m.group(2)}"

    return latest_group(obs.get("log") or (), lambda line: _UP.match(line) is not None,
                        lambda line: _CHALLENGE.match(line) is not None, read, title,
                        ends=lambda line: _ROUND.match(line) is not None)
