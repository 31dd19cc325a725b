"""Text that people type and others read: seat names, table names and chat.

What is removed: control characters (except the newline in chat) and every format character
(Unicode category ``Cf``: zero-width spaces and joiners, the direction marks, overrides and
isolates, the soft hyphen, the byte-order mark), which could hide or reorder what others read.
What is refused: a seat name that reads as someone else's — the host, a default seat name
("Seat 1"), a bot ("Standard bot"), the server — or as another seat's name at the same table.
"""
from __future__ import annotations

import re
import unicodedata

#: Names no seat may take (compared after :func:`name_key`): the host's chat name, the server's voice.
RESERVED = frozenset({"host", "the host", "server", "system", "admin", "moderator", "spectator", "roses"})
_SEAT = re.compile(r"seat\s*#?\s*\d+")
#: how the server names bots: "Hazel (hard bot)"
_BOT_LEVEL = re.compile(r"\(.*\bbot\s*\)$")


def clean_text(text: str, newlines: bool = True) -> str:
    """``text`` without control characters (U+0000–U+001F except the newline, U+007F–U+009F) and
    format characters (category Cf); without ``newlines``, newlines become spaces."""
    out = "".join(c for c in text if c == "\n" or unicodedata.category(c) not in ("Cc", "Cf"))
    return out if newlines else out.replace("\n", " ")


def name_key(name: str) -> str:
    """How a name reads: NFKC-folded (full-width and look-alike compatibility forms become plain
    letters), case-folded, spaces collapsed."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def name_refusal(name: str, taken: list[str], bot: bool = False) -> str | None:
    """Why ``name`` (already cleaned) may not be a seat's name at a table whose other seats are
    called ``taken``, in plain words; ``None`` when it may (a ``bot`` seat may read as a bot)."""
    key = name_key(name)
    if key in RESERVED:
        return f"{name!r} is reserved: pick a name of your own"
    if _SEAT.fullmatch(key):
        return f"{name!r} reads as a seat number: pick a name of your own"
    if not bot and (key == "bot" or key.endswith(" bot") or key.startswith("bot ") or _BOT_LEVEL.search(key)):
        return f"{name!r} reads as a bot's name: pick a name of your own"
    if key in {name_key(t) for t in taken}:
        return f"{name!r} is already another seat's name at this table"
    return None
