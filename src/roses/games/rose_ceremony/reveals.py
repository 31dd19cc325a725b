"""The card of the latest date, turned face up as it lands in a bouquet (RC-3: accepted or
refused, the offered card goes face up into a bouquet), read from the seat's observation: the
``reveal`` of a table view (``roses.core.reveal``)."""
from __future__ import annotations

import re
from typing import Any

from roses.core.reveal import SEAT, card, latest_group, seat_of

# "seat 1 accepts: a card of 5 roses and 3 thorns goes into seat 1's bouquet" (read by seat 1:
# "seat 1 (you) accepts: ... goes into your bouquet"); "refuses: ... into seat 2's own bouquet".
#: The next date's offer: the answered card leaves the board.
_OFFER = re.compile(r"\boffers? a card face down\b")
_ANSWER = re.compile(rf"^{SEAT} (accepts|refuses): a card of (.+) goes into (your|{SEAT}'s)(?: own)? bouquet")


def latest(obs: dict[str, Any]) -> dict[str, Any] | None:
    """The latest date's card (``kind`` ``accepted`` or ``refused``, ``face`` its roses and thorns,
    ``owner`` the seat whose bouquet it joined); ``None`` before the first answer. Input: an
    observation in JSON form (``log``, ``seat``)."""
    reader = obs.get("seat")

    def is_answer(line: str) -> bool:
        return _ANSWER.match(line) is not None

    def read(k: int, line: str):
        m = _ANSWER.match(line)
        yield card(m.group(3), "accepted" if m.group(2) == "accepts" else "refused", line, k,
                   seat_of(m.group(4), reader))

    def title(line: str, cards: list) -> str:
        m = _ANSWER.match(line)
        return f"{line.split(' accepts')[0].split(' refuses')[0]} {'accepts' if m.group(2) == 'accepts' else 'refuses'} the card"

    return latest_group(obs.get("log") or (), is_answer, is_answer, read, title,
                        ends=lambda line: _OFFER.search(line) is not None)
