"""What a Blades & Rose round turns face up, in order, read from the seat's observation: the
crystal its receiver places ("The Game Begins", step 1) and the cards played, revealed at the end
of the round (step 3: shuffled, or each with its player after effect #2): the ``reveal`` of a
table view (``roses.core.reveal``)."""
from __future__ import annotations

import re
from typing import Any

from roses.core.reveal import SEAT, card, latest_group

_CRYSTAL = re.compile(rf"{SEAT} places crystal #(\d+) \(([^)]*)\)")
#: The next round's first line ("round 4: seat 2 gives the coin to seat 3; ..."): the round's
#: revealed cards leave the board.
_ROUND = re.compile(r"^round \d+:", re.IGNORECASE)
_REVEALED = re.compile(r"^revealed: (.*)$")
_ATTRIBUTED = re.compile(rf"^{SEAT}: (.+)$")

#: A card's class word in the page: the White Rose, a Flower Bud, a Blood Blade, a Ghost.
KINDS = {"White Rose": "white-rose", "Bishop": "bud", "Believer": "bud", "Ghost": "ghost",
         "Great Sword": "blade", "Double Knife": "blade", "Dark Knife": "blade"}


def _is_reveal(line: str) -> bool:
    return (_REVEALED.match(line) is not None and line != "revealed: no cards") or _CRYSTAL.search(line) is not None


def latest(obs: dict[str, Any]) -> dict[str, Any] | None:
    """The latest crystal placed (one card, ``kind`` ``crystal``) or round's revealed cards (each
    ``kind`` from :data:`KINDS`, ``owner`` the seat that played it when effect #2 showed it, else
    ``None``); ``None`` before the first. Input: an observation in JSON form (``log``)."""
    def read(k: int, line: str):
        m = _CRYSTAL.search(line)
        if m:
            yield card(f"#{m.group(2)} {m.group(3)}", "crystal", line, k, int(m.group(1)))
            return
        for part in _REVEALED.match(line).group(1).split(", "):
            a = _ATTRIBUTED.match(part)
            name = a.group(2) if a else part
            yield card(name, KINDS.get(name, "card"), line, k, int(a.group(1)) if a else None)

    def title(line: str, cards: list) -> str:
        m = _CRYSTAL.search(line)
        if m:
            return f"{m.group(0).split(' places')[0]} places a crystal"
        return "The cards played this round are revealed"

    # Each reveal line is a group of its own.
    return latest_group(obs.get("log") or (), _is_reveal, _is_reveal, read, title,
                        ends=lambda line: _ROUND.match(line) is not None)
