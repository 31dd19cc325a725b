"""Who sits where (issue 14, "Names" and "Seats and presence"): seat names, who held each seat
when, and open seats.

* Every seat has a name players read: the name its player chose (asked once by the table page,
  ``POST /api/tables/{id}/seats/{seat}/name``), else "Seat 2" (counted from 1); a bot's name says
  its level in plain words ("Hazel (hard bot)"), given when it takes the seat.
* A seat may change hands (the host hands it to a bot; someone takes an open seat): each seat
  keeps its earlier holders (``SeatRow.past``) and the move index from which its holder holds it
  (``SeatRow.since``); :func:`holders` is what the game record keeps of it.
* The host may mark an unjoined human seat open (``POST …/seats/{seat}/open``); anyone with the
  table's public link may then take it with a name (``POST …/seats/{seat}/take``), and of two
  takers the first wins (the store's compare-and-set; the other gets 409).

Names are checked by :func:`roses.server.names.name_refusal` (no impersonation of the host, a
seat number, a bot or another seat).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .auth import ApiError, authorize_host, hash_token, new_token, playing_seat, refuse_if_closed
from .names import clean_text, name_refusal
from .seat_store import seat_holder
from .store import SeatRow, TableRow

if TYPE_CHECKING:  # pragma: no cover
    from .service import TableService

#: First names of the bots, in seat order (a name already taken at the table is skipped).
BOT_NAMES = ("Hazel", "Rowan", "Ivy", "Juniper", "Willow", "Laurel", "Sorrel", "Briar", "Fern", "Linden")
#: A bot's level in plain words, by agent name (a name not listed reads as its own words).
BOT_LEVELS = {"heuristic": "standard", "random": "random", "ismcts": "search"}


def bot_level(bot: str | None, game: str | None = None) -> str:
    """A bot's level as players read it: ``"hard"`` (``ismcts:hard``), ``"standard"``
    (``heuristic``), ``"random"``, a game's own bot by the label its game gives it
    (``GameSpec.bot_labels``: Rare Roses' ``search`` is ``"look-ahead"``) or else by its name."""
    bot = bot or "random"
    own = _own_labels(game)
    if bot in own:
        return own[bot].lower()
    if bot in BOT_LEVELS:
        return BOT_LEVELS[bot]
    if bot.startswith("ismcts:"):
        return bot.split(":", 1)[1]
    return bot.replace("-", " ").replace("_", " ").lower()


def _own_labels(game: str | None) -> dict[str, str]:
    if not game:
        return {}
    from roses.core import get_spec

    try:
        return dict(get_spec(game).bot_labels)
    except Exception:  # a game that does not load: its bots read as their names
        return {}


def bot_seat_name(bot: str | None, seat: int, taken: list[str], game: str | None = None) -> str:
    """The name of a bot at ``seat`` (0-based): a first name and its level, "Hazel (hard bot)";
    the first name of :data:`BOT_NAMES` from the seat's own on that no other seat (``taken``) has."""
    used = {t.split(" (")[0].casefold() for t in taken if t}
    for k in range(len(BOT_NAMES)):
        first = BOT_NAMES[(seat + k) % len(BOT_NAMES)]
        if first.casefold() not in used:
            break
    return f"{first} ({bot_level(bot, game)} bot)"


def default_name(seat: int, kind: str, bot: str | None) -> str:
    """The name of a seat nobody named: "Seat 2" for a human at seat 1 (players count from 1); a
    bot's :func:`bot_seat_name` (tables stored before bots were named)."""
    return bot_seat_name(bot, seat, []) if kind == "bot" else f"Seat {seat + 1}"


def display_name(s: SeatRow) -> str:
    return s.name or default_name(s.seat, s.kind, s.bot)


def name_bots(seats: list[SeatRow], game: str | None = None) -> None:
    """Give every bot seat without a name its :func:`bot_seat_name` (in place, in seat order)."""
    for s in seats:
        if s.kind == "bot" and not s.name:
            s.name = bot_seat_name(s.bot, s.seat, [x.name for x in seats if x.name], game)


def holders(row: TableRow) -> list[list[dict[str, Any]]]:
    """Who held each seat when, for the game record: per seat, oldest first, ``{"from": move
    index (into the record's actions), "name", "kind": "human"|"bot", "bot": agent or None}``."""
    out = []
    for s in row.seats:
        entries = [dict(p) for p in s.past] + [seat_holder(s.since, s.name, s.kind, s.bot)]
        for e in entries:
            e["name"] = e.get("name") or default_name(s.seat, e.get("kind", "human"), e.get("bot"))
        out.append(entries)
    return out


def checked_name(row: TableRow, seat: int | None, name: Any) -> str:
    """``name`` cleaned (:func:`roses.server.names.clean_text`) for ``seat`` of ``row``. Raises
    :class:`ApiError` 422 naming why it may not be that seat's name."""
    name = clean_text(name, newlines=False).strip()  # its type and length: schemas.NameIn / TakeIn
    if not name:
        raise ApiError(422, {"error": "invalid", "param": "name", "detail": "this name looks blank: pick a name others can read"})
    others = [s for s in row.seats if s.seat != seat]
    # "Hazel" beside "Hazel (hard bot)" would read as the bot
    taken = [display_name(s) for s in others] + [display_name(s).split(" (")[0] for s in others if s.kind == "bot"]
    why = name_refusal(name, taken)
    if why:
        raise ApiError(422, {"error": "invalid", "param": "name", "detail": why})
    return name


def seat_of(row: TableRow, seat: int) -> SeatRow:
    """Seat ``seat`` of ``row``; raises :class:`ApiError` 404 when the table has no such seat."""
    if not 0 <= seat < len(row.seats):
        raise ApiError(404, {"error": "not found", "detail": f"this table has no seat {seat + 1}"})
    return row.seats[seat]


def refuse_if_over(row: TableRow) -> None:
    """A finished table's seats stay as they ended (409); so do a closed table's."""
    if row.status == "finished":
        raise ApiError(409, {"error": "finished", "detail": "the game is over: its seats can no longer change"})
    refuse_if_closed(row)


async def set_name(svc: "TableService", table_id: str, seat: int, token: str | None, name: Any) -> dict[str, Any]:
    """The player of ``seat`` (its token) chooses its name; returns its view. Raises
    :class:`ApiError` 401/403/404, 409 (closed or finished), 422 (a refused name)."""
    if not token:
        raise ApiError(401, {"error": "unauthorized", "detail": "the seat's token is required"})
    async with svc.lock(table_id):
        row = await svc.tables.row(table_id)
        seat_of(row, seat)
        who = playing_seat(row, token, "only the seat's player may name it")
        if who.seat != seat:
            raise ApiError(403, {"error": "forbidden", "detail": "only the seat's player may name it"})
        refuse_if_over(row)
        clean = checked_name(row, seat, name)
        await svc.db(svc.store.set_seat_name, table_id, seat, clean)
        row = await svc.mark_joined(await svc.tables.row(table_id), who)
        live = await svc.tables.live(row)
        svc.updates.broadcast(row, live)
        return svc.view(row, live, who)


async def set_open(svc: "TableService", table_id: str, seat: int, token: str | None, is_open: Any) -> dict[str, Any]:
    """The host marks an unjoined human seat open (or closes it again); returns the host's view.
    Raises :class:`ApiError` 401/403/404, 409 (a joined seat, a bot's, the game over or closed)."""
    if not isinstance(is_open, bool):
        raise ApiError(422, {"error": "invalid", "param": "open", "detail": "open must be true or false"})
    async with svc.lock(table_id):
        row = await svc.tables.row(table_id)
        who = authorize_host(row, token, "open a seat")
        s = seat_of(row, seat)
        refuse_if_over(row)
        if s.kind != "human" or s.joined:
            raise ApiError(409, {"error": "taken",
                                 "detail": f"{display_name(s)} is already played: only a seat nobody joined can be open"})
        if s.open != is_open:
            await svc.db(svc.store.set_seat_open, table_id, seat, is_open)
            row = await svc.tables.row(table_id)
        live = await svc.tables.live(row)
        svc.updates.broadcast(row, live)
        return svc.view(row, live, who)


async def take_seat(svc: "TableService", table_id: str, seat: int, name: Any) -> dict[str, Any]:
    """Anyone takes an open seat under ``name``: ``{table_id, seat, token}`` (the seat's new token;
    the invite link made for it no longer works). Raises :class:`ApiError` 404, 409 (not open,
    or another player took it first), 422 (a refused name)."""
    async with svc.lock(table_id):
        row = await svc.tables.row(table_id)
        s = seat_of(row, seat)
        refuse_if_over(row)
        gone = ApiError(409, {"error": "taken", "detail": f"seat {seat + 1} is not open: someone else took it first, "
                                                          "or the host did not open it"})
        if not (s.open and not s.joined):
            raise gone
        clean = checked_name(row, seat, name)
        token = new_token()
        if not await svc.db(svc.store.claim_seat, table_id, seat, hash_token(token), name=clean, open_only=True):
            raise gone  # another process's taker was first
        row = await svc.tables.row(table_id)
        live = await svc.tables.live(row)
        svc.updates.broadcast(row, live)
        svc.kick(table_id)  # a turn timer may now run for the new player
        return {"table_id": table_id, "seat": seat, "token": token}

