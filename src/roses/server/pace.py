"""The table's pace (issue 41): the host's fast-bots switch on the table page.

"Fast bots" was only in the lobby's Advanced section (``bot_delay_ms`` at creation); the host may
now switch it at the table (``POST /api/tables/{id}/fast-bots``): fast is no pause before a
bot's turn, normal the server's default pause. The delay is stored in the table's row, so every
process and every viewer sees it, and a bot waiting for its turn plans again at once.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .auth import ApiError, authorize_host, refuse_if_closed

if TYPE_CHECKING:  # pragma: no cover
    from .service import TableService

#: A fast table's pause before a bot's turn.
FAST_MS = 0


async def set_fast_bots(svc: "TableService", table_id: str, token: str | None, fast: Any) -> dict[str, Any]:
    """The host switches fast bots on (no pause before a bot's turn) or off (the server's default
    pause); returns the host's view, pushed to every viewer. Raises :class:`ApiError` 422 (not a
    boolean), 401/403 (not the host), 404, 409 (the game is over, or the table closed); nothing
    changes then."""
    if not isinstance(fast, bool):
        raise ApiError(422, {"error": "invalid", "param": "fast", "detail": "fast must be true or false"})
    async with svc.lock(table_id):
        row = await svc.tables.row(table_id)
        who = authorize_host(row, token, "change the bots' pace")
        if row.status == "finished":
            raise ApiError(409, {"error": "finished", "detail": "the game is over: no bot moves here any more"})
        refuse_if_closed(row)
        delay = FAST_MS if fast else svc.bot_delay_ms
        if row.bot_delay_ms != delay:
            await svc.db(svc.store.set_bot_delay, table_id, delay)
            row = await svc.tables.row(table_id)
        live = await svc.tables.live(row)
        svc.updates.broadcast(row, live)
        svc.kick(table_id)  # a bot waiting out the old pause plans again
        return svc.view(row, live, who)
