"""The SQL side of seats that change hands (issue 14): names, open seats, claims of seat and host
tokens, and rematches, as one atomic statement or transaction each (several server processes may
race: a compare-and-set decides, the loser changes nothing).

:class:`SeatingSql` is mixed into :class:`roses.server.store.SqlTableStore`; it uses the store's
``_write`` transaction, ``_bump`` (revision and NOTIFY), ``_refresh_status``, ``_insert_table`` and
``_start_clock_if_to_move``.
"""
from __future__ import annotations

from typing import Any, Sequence

from sqlalchemy import select, update

from . import models as m


def seat_holder(since: int, name: str | None, kind: str, bot: str | None) -> dict[str, Any]:
    """One entry of a seat's holders: from move ``since`` on, ``name`` (``None``: the default
    name) played it, a human or a ``bot``."""
    return {"from": since, "name": name, "kind": kind, "bot": bot if kind == "bot" else None}


class SeatingSql:
    """Seat and rematch writes of the SQL store (see :class:`roses.server.store.TableStore`)."""

    _write: Any
    _bump: Any
    _refresh_status: Any
    _insert_table: Any
    _start_clock_if_to_move: Any

    def set_seat_name(self, table_id: str, seat: int, name: str) -> None:
        with self._write() as conn:
            self._bump(conn, table_id)
            conn.execute(update(m.seats).where(m.seats.c.table_id == table_id, m.seats.c.seat == seat)
                         .values(name=name))

    def set_seat_open(self, table_id: str, seat: int, is_open: bool) -> bool:
        s = m.seats.c
        with self._write() as conn:
            res = conn.execute(update(m.seats).where(
                s.table_id == table_id, s.seat == seat, s.kind == "human", s.joined == False,  # noqa: E712
                s.open != is_open).values(open=is_open))
            if res.rowcount != 1:
                return False
            self._bump(conn, table_id)
        return True

    def claim_seat(self, table_id: str, seat: int, token_hash: str, *, name: str | None = None,
                   open_only: bool = False) -> bool:
        s = m.seats.c
        where = [s.table_id == table_id, s.seat == seat, s.kind == "human"]
        values: dict[str, Any] = {"token_hash": token_hash}
        if open_only:
            where += [s.open == True, s.joined == False]  # noqa: E712
            values.update(open=False, joined=True, name=name)
        else:
            where.append(s.token_hash.is_(None))
        with self._write() as conn:
            # One UPDATE with the condition: of two takers, the second finds the seat taken.
            if conn.execute(update(m.seats).where(*where).values(**values)).rowcount != 1:
                return False
            if open_only:  # the taker joined: a turn of theirs starts its clock now (issue 41)
                self._start_clock_if_to_move(conn, table_id, seat)
            self._bump(conn, table_id)
            self._refresh_status(conn, table_id)
        return True

    def claim_host(self, table_id: str, token_hash: str) -> bool:
        t = m.tables.c
        with self._write() as conn:
            res = conn.execute(update(m.tables).where(t.id == table_id, t.host_token_hash == "")
                               .values(host_token_hash=token_hash))
            if res.rowcount != 1:
                return False
            self._bump(conn, table_id)  # every change to a row moves its revision (TableCache.known_row)
            return True

    def create_rematch(self, old_id: str, table: Any, actions: Sequence[tuple[int, str]], by: str) -> str:
        t = m.tables.c
        with self._write() as conn:
            res = conn.execute(update(m.tables).where(t.id == old_id, t.rematch.is_(None))
                               .values(rematch=table.id, rematch_by=by))
            if res.rowcount != 1:  # another player was first: theirs is the rematch
                return conn.execute(select(t.rematch).where(t.id == old_id)).scalar_one()
            self._insert_table(conn, table, actions)
            self._bump(conn, old_id)
        return table.id
