"""The game log: public events, with private wording for the seats allowed to know more.

A message is stored as it was given: either a finished string or a tuple ``(template, *args)``
whose text is ``template.format(*args)``, worded only when somebody reads it. Applying an action
therefore costs one small tuple, not string formatting, and the raw message doubles as the
structured, hashable record of what a seat learnt (``EventLog.seen_by``: the information-state
key is built from it, never from the English text).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterable

from .plain import plain_line

#: A log message: a finished string, or ``(template, *args)`` worded by ``template.format(*args)``.
Message = Any


def own_seat_wording(text: str, seat: int) -> str:
    """``text`` as ``seat`` reads it: "seat 2's bouquet" becomes "your bouquet" and other mentions of
    "seat 2" become "seat 2 (you)", so a seat's log never leaves it to remember its own number
    (subjects keep "seat 2": the verbs are written for the third person); after the reader as
    subject, "their own" becomes "your own"."""
    if f"eat {seat}" not in text:  # the common case: nothing to re-word (skip three regexes)
        return text
    possessive, subject, mention = _seat_patterns(seat)
    text = possessive.sub(_your, text)
    if subject.match(text):  # the reader is the subject: "their own" is theirs
        text = text.replace("their own", "your own")
    return mention.sub(r"\1 (you)", text)


def _your(m: re.Match[str]) -> str:  # "Your" only to start the line: "from Seat 2's stack" is "from your stack"
    return "Your" if m.group(1) == "S" and m.start() == 0 else "your"


@lru_cache(maxsize=None)
def _seat_patterns(seat: int) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The compiled patterns of :func:`own_seat_wording` for ``seat`` (a log is worded for every
    seat after every step of a playout: compiling once per seat, not per line)."""
    return (re.compile(rf"\b([Ss])eat {seat}'s\b"), re.compile(rf"[Ss]eat {seat}\b"),
            re.compile(rf"\b([Ss]eat {seat})\b(?! \(you\))"))


def seat_number(seat: int, reader: int | None) -> str:
    """A seat's number in a table column or compact list as ``reader`` reads it, counted from 1 as
    players count (``seat`` is 0-based): ``"4 (you)"`` for the reader's own seat 3, else ``"4"``
    (a spectator, ``None``, has no own seat)."""
    return f"{seat + 1} (you)" if seat == reader else str(seat + 1)


def as_read_by(text: str, seat: int | None) -> str:
    """A status line (outside the log, engine wording: seats counted from 0) as ``seat`` reads it
    in plain words: :func:`own_seat_wording` for a seat (nothing for a spectator, ``None``), then
    seats counted from 1 (:func:`roses.core.plain.plain_line`)."""
    return plain_line(text if seat is None else own_seat_wording(text, seat))


def word(message: Message) -> str:
    """The text of a stored message: itself if a string, else ``template.format(*args)``."""
    if isinstance(message, str):
        return message
    return message[0].format(*message[1:])


class LogEntry:
    """One event, immutable.

    Attributes:
        message: what every seat (and spectators) learn: a :data:`Message`.
        private_messages: ``((seat, message), ...)`` sorted by seat: the fuller account only that
            seat may read (e.g. the card it laid).
    Properties ``public`` (str) and ``private`` (``((seat, str), ...)``) give the worded forms.
    """

    __slots__ = ("message", "private_messages", "_read")

    def __init__(self, public: Message, private: tuple[tuple[int, Message], ...] = ()):
        self.message = public
        self.private_messages = private
        self._read: dict[int | None, str] | None = None  # worded text per reader, made on first read

    @property
    def public(self) -> str:
        return word(self.message)

    @property
    def private(self) -> tuple[tuple[int, str], ...]:
        return tuple((s, word(m)) for s, m in self.private_messages)

    def seen_by(self, seat: int | None) -> Message:
        """The raw message ``seat`` reads (``None``: a spectator): hashable, not worded."""
        if seat is not None:
            for s, m in self.private_messages:
                if s == seat:
                    return (s, m)  # tagged: a private message never equals a public one
        return self.message

    def text_for(self, seat: int | None) -> str:
        """The wording ``seat`` reads (``None``: a spectator), own seat marked (own_seat_wording).
        Kept per reader once made: an entry is immutable and shared by every copy of a state (and
        the games share their most frequent entries), so each text is worded once."""
        read = self._read
        if read is None:
            read = self._read = {}
        else:
            text = read.get(seat)
            if text is not None:
                return text
        if seat is None:
            text = word(self.message)
        else:
            for s, m in self.private_messages:
                if s == seat:
                    text = own_seat_wording(word(m), seat)
                    break
            else:
                text = own_seat_wording(word(self.message), seat)
        read[seat] = text
        return text

    def __getstate__(self) -> tuple:  # pickles without the per-reader text cache
        return (self.message, self.private_messages)

    def __setstate__(self, state: tuple) -> None:
        self.message, self.private_messages = state
        self._read = None

    def raw(self) -> tuple:
        """Everything in the entry as plain data (for snapshots and equality)."""
        return (self.message, self.private_messages)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LogEntry) and self.raw() == other.raw()

    def __hash__(self) -> int:
        return hash(self.raw())

    def __repr__(self) -> str:
        return f"LogEntry({self.public!r}, {self.private!r})"


class EventLog:
    """Append-only list of :class:`LogEntry`; :meth:`view` gives one seat's reading.

    The worded view of each reader is cached and extended as entries arrive (entries never change),
    so reading the log after every move costs only the new entries. A copy (:meth:`copy`) shares
    the entries and the cached views, which are immutable tuples.
    """

    __slots__ = ("entries", "_views")

    def __init__(self, entries: Iterable[LogEntry] | None = None, _views: dict | None = None):
        self.entries: list[LogEntry] = list(entries) if entries is not None else []
        self._views: dict[int | None, tuple[str, ...]] = _views if _views is not None else {}

    def add(self, public: Message, private: dict[int, Message] | None = None) -> None:
        """Append an event: ``public`` for everybody, ``private[seat]`` instead for that seat."""
        self.entries.append(LogEntry(public, tuple(sorted(private.items())) if private else ()))

    def copy(self) -> "EventLog":
        return EventLog(self.entries, dict(self._views))

    def view(self, seat: int | None) -> tuple[str, ...]:
        """The log as ``seat`` may read it (``None``: a spectator, public wording only)."""
        cached = self._views.get(seat, ())
        n = len(self.entries)
        if len(cached) > n:  # pragma: no cover - entries are append-only
            cached = ()
        if len(cached) < n:
            cached = cached + tuple(e.text_for(seat) for e in self.entries[len(cached):])
            self._views[seat] = cached
        return cached

    def seen_by(self, seat: int | None, start: int = 0) -> tuple:
        """The raw messages ``seat`` reads from entry ``start`` on (see :meth:`LogEntry.seen_by`):
        hashable, equal exactly when the entries read the same to that seat."""
        return tuple(e.seen_by(seat) for e in self.entries[start:])

    def raw(self) -> list:
        return [e.raw() for e in self.entries]

    def __len__(self) -> int:
        return len(self.entries)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EventLog) and self.entries == other.entries

    __hash__ = None  # type: ignore[assignment]
