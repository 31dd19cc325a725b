"""The game log: public events, with private wording for the seats allowed to know more."""
from __future__ import annotations

import re
from dataclasses import dataclass, field


def own_seat_wording(text: str, seat: int) -> str:
    """``text`` as ``seat`` reads it: "seat 2's bouquet" becomes "your bouquet" and other mentions of
    "seat 2" become "seat 2 (you)", so a seat's log never leaves it to remember its own number
    (subjects keep "seat 2": the verbs are written for the third person); after the reader as
    subject, "their own" becomes "your own"."""
    def possessive(m: re.Match[str]) -> str:
        return "Your" if m.group(1) == "S" else "your"

    text = re.sub(rf"\b([Ss])eat {seat}'s\b", possessive, text)
    if re.match(rf"[Ss]eat {seat}\b", text):  # the reader is the subject: "their own" is theirs
        text = text.replace("their own", "your own")
    return re.sub(rf"\b([Ss]eat {seat})\b(?! \(you\))", r"\1 (you)", text)


def seat_number(seat: int, reader: int | None) -> str:
    """A seat's number in a table column or compact list as ``reader`` reads it: ``"3 (you)"`` for
    the reader's own seat, else ``"3"`` (a spectator, ``None``, has no own seat)."""
    return f"{seat} (you)" if seat == reader else str(seat)


def as_read_by(text: str, seat: int | None) -> str:
    """A status line (outside the log) as ``seat`` reads it: :func:`own_seat_wording` for a seat,
    ``text`` unchanged for a spectator (``None``)."""
    return text if seat is None else own_seat_wording(text, seat)


@dataclass(frozen=True)
class LogEntry:
    """One event. ``public`` is what every seat (and spectators) read; ``private`` maps a seat to
    the fuller wording only that seat may read (e.g. the card it laid)."""

    public: str
    private: tuple[tuple[int, str], ...] = ()

    def text_for(self, seat: int | None) -> str:
        """The wording ``seat`` reads (``None``: a spectator), own seat marked (own_seat_wording)."""
        if seat is None:
            return self.public
        for s, text in self.private:
            if s == seat:
                return own_seat_wording(text, seat)
        return own_seat_wording(self.public, seat)


@dataclass
class EventLog:
    """Append-only list of :class:`LogEntry`; :meth:`view` gives one seat's reading."""

    entries: list[LogEntry] = field(default_factory=list)

    def add(self, public: str, private: dict[int, str] | None = None) -> None:
        self.entries.append(LogEntry(public, tuple(sorted((private or {}).items()))))

    def view(self, seat: int | None) -> tuple[str, ...]:
        """The log as ``seat`` may read it (``None``: a spectator, public wording only)."""
        return tuple(e.text_for(seat) for e in self.entries)

    def __len__(self) -> int:
        return len(self.entries)
