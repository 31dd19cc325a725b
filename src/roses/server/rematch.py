"""Rematch (issue 14): the same game again from a finished table's end screen.

``POST /api/tables/{id}/rematch`` with a seat's (or the host's) token of a finished table:

* the first call makes the rematch: the same game, parameters, seats, names and bots, table
  name, timer, bot delay and options, a new seed and new tokens; the old table stores its id
  (``rematch``) and who started it (``rematch_by``), in one transaction with the new table, so
  two players clicking at once make one table (the store's compare-and-set on ``rematch``);
* every call exchanges the token it was made with, once, for the token of the same seat at the
  rematch (the host's token for the rematch's host token): each player reaches the new table from
  the old table's page, without a new link. A token already exchanged is refused (409).

The old table's viewers are pushed a view with ``rematch`` set, so their end screens offer to
join at once.
"""
from __future__ import annotations

import secrets
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import anyio.to_thread

from roses.core import load, to_jsonable

from .auth import ApiError, Who, authorize, hash_token, new_token
from .seating import display_name
from .store import SeatRow, TableRow, utcnow

if TYPE_CHECKING:  # pragma: no cover
    from .service import TableService


def rematch_seats(row: TableRow) -> list[SeatRow]:
    """The seats of ``row``'s rematch: each seat as it ended (a seat handed to a bot stays that
    bot), the same names, humans without a token until their player exchanges the old one."""
    out = []
    for s in row.seats:
        if s.kind == "bot":
            out.append(SeatRow(s.seat, "bot", s.bot, s.name, None, True))
        else:
            out.append(SeatRow(s.seat, "human", None, s.name, None, False, open=s.open and not s.joined))
    return out


def starter_name(row: TableRow, who: Who) -> str:
    """How the others read who started the rematch: the seat's name, or "The host"."""
    return display_name(row.seats[who.seat]) if who.seat is not None else "The host"


async def new_table(svc: "TableService", row: TableRow) -> tuple[TableRow, list[tuple[int, str]]]:
    """The rematch of ``row`` as a new table row with its deal (not stored yet)."""
    from .cache import deal

    game = load(row.game, **row.params)
    seed = svc.new_seed()
    state, first = await anyio.to_thread.run_sync(deal, game, seed)
    now = utcnow()
    seats = rematch_seats(row)
    humans = any(s.kind == "human" for s in seats)
    terminal = state.is_terminal()
    return replace(
        row, id=secrets.token_hex(6), params=to_jsonable(dict(game.params)), seed=seed, created=now, updated=now,
        version=len(first), revision=0, status="finished" if terminal else ("waiting" if humans else "playing"),
        current_player=state.current_player(), returns=list(state.returns()) if terminal else None,
        host_token_hash="", seats=seats, rematch=None, rematch_by=None), first


async def rematch(svc: "TableService", table_id: str, token: str | None) -> dict[str, Any]:
    """Start or join ``table_id``'s rematch with ``token`` (see the module): ``{table_id, seat,
    token, host}`` of the new table (``seat`` null and ``host`` true for the host's token). Raises
    :class:`ApiError` 401 (no or unknown token), 403 (a seat now played by a bot), 404, 409 (the
    game is not over; the token was exchanged already)."""
    if not token:
        raise ApiError(401, {"error": "unauthorized", "detail": "a seat's or the host's token is required"})
    async with svc.lock(table_id):
        row = await svc.tables.row(table_id)
        who = authorize(row, token)
        if who.replaced is not None and not who.host:
            raise ApiError(403, {"error": "forbidden",
                                 "detail": "your seat was handed to a bot: the rematch keeps the bot there"})
        if row.status != "finished":
            raise ApiError(409, {"error": "not finished", "detail": "a rematch starts once the game is over"})
        new_id = row.rematch
        if new_id is None:
            table, first = await new_table(svc, row)
            new_id = await svc.db(svc.store.create_rematch, row.id, table, first, starter_name(row, who))
            if new_id == table.id:
                svc.kick(new_id)  # bots or chance may move first
            row = await svc.tables.row(table_id)
            svc.updates.broadcast(row, await svc.tables.live(row))  # the others' end screens offer to join
        fresh = new_token()
        if who.seat is not None:
            done = await svc.db(svc.store.claim_seat, new_id, who.seat, hash_token(fresh))
        else:
            done = await svc.db(svc.store.claim_host, new_id, hash_token(fresh))
        if not done:
            raise ApiError(409, {"error": "taken",
                                 "detail": "this link was already used to join the rematch (it works once)"})
        return {"table_id": new_id, "seat": who.seat, "token": fresh, "host": who.seat is None}
