"""Taking back a move (issue 42): ``POST /api/tables/{id}/take-back``.

A seat may take back its own last move while nothing has happened since: no other seat has moved
and no chance outcome followed it, the game lets such a move be taken back (the core's
:meth:`~roses.core.state.State.take_back_refusal`, per game: docs/browser.md, "Taking a move
back"), the seat is still played by its person, and the table has no turn timer (a move taken
back and made again would start the turn's clock anew each time). The store removes the table's
last action by compare-and-set on the row the take-back was checked on
(:meth:`~roses.server.store.TableStore.take_back`); every viewer's view is pushed again and a
notice says who took a move back. A bot that was thinking about its turn plans again: its move
is stored only at the same ``(version, takebacks)`` it was chosen at.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from roses.core import State

from .auth import ApiError, playing_seat
from .cache import Moved
from .seating import display_name
from .store import StaleVersion, TableRow

if TYPE_CHECKING:  # pragma: no cover
    from .service import TableService

#: Why a timed table takes no move back (docs/browser.md).
TIMED = "a table with a turn timer takes no move back"


def refusal(row: TableRow, state: State, seat: int | None) -> str | None:
    """Why ``seat`` may not take back its last move at ``row`` now, in plain words; ``None`` when
    it may. The view's ``take_back`` says whether it may (the page offers the button then)."""
    if seat is None:
        return "a spectator has no move to take back"
    if row.status in ("closed", "finished"):
        return "the game is over" if row.status == "finished" else "the table is closed"
    if row.seats[seat].kind != "human":
        return "your seat is played by a bot now"
    if row.turn_timer_seconds:
        return TIMED
    return state.take_back_refusal(seat)


async def take_back(svc: "TableService", table_id: str, token: str, version: Any) -> dict[str, Any]:
    """The seat of ``token`` takes back its last move, chosen on its view's ``version``; returns
    its new view (pushed to every viewer with a notice). Raises :class:`ApiError` 401/403/404, 409
    (a stale version; a move that may not be taken back, with why; the table moved meanwhile),
    503 (the store cannot write); nothing changes then."""
    from .views import check_version  # views reads refusal() from here

    async with svc.lock(table_id):
        row = await svc.tables.row(table_id)
        who = playing_seat(row, token, "this token holds no seat at this table")
        live = await svc.tables.live(row)
        check_version(row, live.state, who.seat, version)
        why = refusal(row, live.state, who.seat)
        if why is not None:
            raise ApiError(409, {"error": "cannot take back", "detail": f"You cannot take that move back: {why}."})
        try:
            await svc.db(svc.store.take_back, table_id, row.version, row.revision, who.seat)
        except StaleVersion as e:
            raise Moved.at(e.current) from None
        # The cached state is rebuilt from the store by the next live(): its takebacks differ.
        svc.thinking.cancel(table_id)  # a bot or a hint thinking about the position after the move
        name = display_name(row.seats[who.seat])
        await svc.db(svc.store.add_chat, table_id, None, "Server", f"{name} took back their last move.")
        row = await svc.tables.row(table_id)
        live = await svc.tables.live(row)
        svc.updates.broadcast(row, live)
        svc.kick(table_id)  # a bot that was waiting for its turn plans again
        return svc.view(row, live, who)
