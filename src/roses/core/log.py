"""The game log: public events, with private wording for the seats allowed to know more."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class LogEntry:
    """One event. ``public`` is what every seat (and spectators) read; ``private`` maps a seat to
    the fuller wording only that seat may read (e.g. the card it laid)."""

    public: str
    private: tuple[tuple[int, str], ...] = ()

    def text_for(self, seat: int | None) -> str:
        for s, text in self.private:
            if s == seat:
                return text
        return self.public


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
