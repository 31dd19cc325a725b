"""How much one client may ask of ``roses serve`` (issue 13, "Limits"), on the ``limits`` library.

Rates are counted in a moving window per client address and per seat token (the token's SHA-256
hash, never the token); a request past a rate is refused 429 ``{error:"too many requests", detail,
retry_after}`` with a ``Retry-After`` header (whole seconds) and changes nothing. Caps bound what
one process holds: WebSockets per table and per address (a connection past a cap is told
``{type:"error", status:429}`` and closed with code 4429), and the tables cached in memory.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from .auth import ApiError, hash_token


@dataclass(frozen=True)
class Limits:
    """What one client may do (rates in the ``limits`` notation, ``"5/10 seconds;30/minute"``).

    The defaults leave a person playing, chatting and opening a few tables untouched: a move takes a
    person seconds, a bot's seat is moved by the server and counts nowhere."""

    create: str = "20/minute;200/hour"          #: tables created, per address
    join: str = "60/minute"                     #: WebSocket connections opened, per address
    action: str = "10/second;600/minute"        #: actions, per token
    action_address: str = "50/second"           #: actions, per address (hot-seat: several tokens)
    chat: str = "5/10 seconds;60/hour"          #: chat messages, per token
    chat_address: str = "30/minute"             #: chat messages, per address
    talk: str = "5/10 seconds;60/hour"          #: table-talk statements, per token
    talk_address: str = "30/minute"             #: table-talk statements, per address
    replay: str = "30/minute"                   #: records replayed (POST /api/replay), per address
    seat_change: str = "5/10 seconds;60/hour"   #: seat names, open seats, seats to bots, per token
    seat_change_address: str = "30/minute"      #: the same, per address
    read: str = "50/second;2000/minute"         #: GET /api/... answers (not health), per address
    #: hints asked, per token and per address (issue 41: each is up to a second of a worker's
    #: core; one at a time per seat and 4 at once in a process are capped in .analysis as well)
    hint: str = "10/minute;120/hour"
    hint_address: str = "30/minute"
    #: analyses asked (POST /api/analysis), per address: each is a search per decision of a game
    analysis: str = "5/minute;30/hour"
    sockets_per_table: int = 64                 #: open WebSockets at one table in this process
    sockets_per_address: int = 32               #: open WebSockets from one address
    cached_tables: int = 2000                   #: table states kept in memory
    lobby_recent_seconds: int = 600             #: an action this recent lists a table nobody joined
    lobby_idle_seconds: int = 86400             #: a table untouched this long leaves the lobby
    unjoined_ttl_seconds: int = 3600            #: a table no human joined is closed after this
    enabled: bool = True                        #: ``False``: rates are not counted (benchmarks)

    @classmethod
    def off(cls) -> "Limits":
        """No rate counted (the caps on memory stay): for benchmarks and tests of other things."""
        return cls(enabled=False)

    def with_(self, **kw: object) -> "Limits":
        return replace(self, **kw)


class RateLimiter:
    """Moving-window counters in memory (one per process: a client that spreads over several
    processes gets each process's allowance)."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self._storage = MemoryStorage()
        self._window = MovingWindowRateLimiter(self._storage)
        self._parsed: dict[str, list[RateLimitItem]] = {}

    def _items(self, spec: str) -> list[RateLimitItem]:
        items = self._parsed.get(spec)
        if items is None:
            items = self._parsed[spec] = parse_many(spec)
        return items

    def hit(self, what: str, spec: str, who: str, doing: str) -> None:
        """Count one ``what`` by ``who`` against ``spec``. Raises :class:`ApiError` 429 (naming
        ``doing`` and when to retry) when a window is full; a refused hit is not counted."""
        if not self.limits.enabled or not spec:
            return
        items = self._items(spec)
        for item in items:
            if not self._window.test(item, what, who):
                reset = self._window.get_window_stats(item, what, who).reset_time
                wait = max(1, math.ceil(reset - time.time()))
                raise ApiError(429, {"error": "too many requests", "retry_after": wait,
                                     "detail": f"too many {doing} ({item.amount} per {_window(item)}); "
                                               f"try again in {wait} s"},
                               headers={"Retry-After": str(wait)})
        for item in items:
            self._window.hit(item, what, who)

    def by_address(self, what: str, spec: str, address: str, doing: str) -> None:
        self.hit(what, spec, f"addr:{address}", doing)

    def by_token(self, what: str, spec: str, token: str, doing: str) -> None:
        self.hit(what, spec, f"tok:{hash_token(token)}", doing)


def _window(item: RateLimitItem) -> str:
    unit = item.GRANULARITY.name
    return unit if item.multiples == 1 else f"{item.multiples} {unit}s"
