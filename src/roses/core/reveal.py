"""The cards a seat just saw turned face up, in order: the ``reveal`` field of a table view.

A game's ``reveals`` module (``GameSpec.reveals``, e.g. ``roses.games.roses_and_thorns.reveals``)
reads one seat's observation, JSON form, and names its latest *reveal group*: the cards turned in
one event (a Roses and Thorns challenge, a Blades & Rose round's reveal, a Rose Ceremony date's
card, a Rare Roses turn's draws), in the order they were turned. It reads only the observation,
so it says nothing the seat may not know. The browser table animates the cards of a group it has
not shown yet, one after another (``static/reveal.js``).

A group is ``{"group": g, "title": text, "cards": [card, ...]}``:

- ``group`` (int): the index in the observation's ``log`` of the line that opened the group; it
  grows from group to group (the log only grows), so a page knows a group it has not seen;
- ``title`` (str): what happens, worded as the log is (seats counted from 0, the page names them);
- ``cards``: each ``{"face": text on the card, "kind": a short class word (``rose``, ``thorn``,
  ``tile``, ...), "owner": the seat whose card it was or ``None``, "line": the log line saying it,
  "at": the line's index in the log}``, in the order turned. A group only grows while it lasts
  (a challenge turning one more card), so ``cards`` of a later view starts with the earlier ones;
- ``ended`` (bool): the game has moved on since (a new round or turn began after the group's last
  card: the game's ``ends``), so the page takes the cards off the board once they have all turned.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Sequence

#: One card of a group (see the module docstring).
Card = dict[str, Any]

#: A seat mention as a seat reads its log: "seat 2", "Seat 2 (you)".
SEAT = r"[Ss]eat (\d+)(?: \(you\))?"


def card(face: str, kind: str, line: str, at: int, owner: int | None = None) -> Card:
    """One turned card: ``face`` (its text), ``kind`` (a class word), ``line`` and ``at`` (the log
    line saying it and its index), ``owner`` (whose card it was, ``None``: the market's, a deck's)."""
    return {"face": face, "kind": kind, "owner": owner, "line": line, "at": at}


def latest_group(log: Sequence[str], is_reveal: Callable[[str], bool], opens: Callable[[str], bool],
                 read: Callable[[int, str], Iterable[Card]], title: Callable[[str, list[Card]], str],
                 closes: Callable[[str], bool] = lambda line: False,
                 ends: Callable[[str], bool] = lambda line: False) -> dict[str, Any] | None:
    """The latest group of ``log``: the last line that ``is_reveal``, the group opened by the
    nearest line before it that ``opens`` (or the first line), and every reveal line of the group
    up to the first line that ``closes`` it (or another that ``opens``) read into cards by
    ``read(index, line)``. ``title(opening_line, cards)`` words it; it has ``ended`` once a line
    after its last card ``ends`` it (a new round or turn). ``None`` when the log has no
    reveal yet. Input: the log as one seat reads it; output: a group (module docstring)."""
    last = next((k for k in range(len(log) - 1, -1, -1) if is_reveal(log[k])), None)
    if last is None:
        return None
    start = next((k for k in range(last, -1, -1) if opens(log[k])), 0)
    cards: list[Card] = []
    for k in range(start, len(log)):
        line = log[k]
        if k > start and (opens(line) or closes(line)):
            break
        if is_reveal(line):
            cards.extend(read(k, line))
    if not cards:
        return None
    ended = any(ends(line) for line in log[cards[-1]["at"] + 1:])
    return {"group": start, "title": title(log[start], cards), "cards": cards, "ended": ended}


def seat_of(text: str | None, reader: int | None) -> int | None:
    """The seat a possessive names as ``reader`` reads it: "seat 2's"/"Seat 2 (you)'s" → 2,
    "your" → ``reader``; ``None`` otherwise."""
    if text is None:
        return None
    m = re.match(SEAT, text)
    if m:
        return int(m.group(1))
    return reader if text.lower().startswith("your") else None
