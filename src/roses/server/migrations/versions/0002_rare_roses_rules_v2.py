"""Rare Roses rules_version 2: stored histories written as rules_version 1 are rewritten.

Rare Roses' action space became complete (issue 9): a deal is drafted step by step (``deal SEAT``,
``take``/``give`` a tile, ``pay +N``, ``propose``) and the tiles of a fill are named one by one.
A table stored before holds the old compound texts (``offer SEAT take TILES pay N [give TILES]``,
``fill ID V with TILES``), which the new rules refuse, so it could not be rebuilt. This migration
replaces each such step by its step sequence (``roses.games.rare_roses.actions.upgrade_history``,
the same translation that replays old records) and moves ``version`` to the new count. Only seat
steps are added, so the stored RNG state (it follows the chance outcomes) stays right. Tables of
the other games, and Rare Roses tables without an old step, are untouched.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

tables = sa.table("roses_tables", sa.column("id", sa.String), sa.column("game", sa.String),
                  sa.column("version", sa.Integer))
actions = sa.table("roses_actions", sa.column("table_id", sa.String), sa.column("idx", sa.Integer),
                   sa.column("seat", sa.Integer), sa.column("action", sa.Text),
                   sa.column("at", sa.DateTime(timezone=True)))


def upgrade() -> None:
    from roses.games.rare_roses.actions import upgrade_history

    conn = op.get_bind()
    ids = [r.id for r in conn.execute(sa.select(tables.c.id).where(tables.c.game == "rare-roses"))]
    for table_id in ids:
        rows = conn.execute(sa.select(actions.c.idx, actions.c.seat, actions.c.action, actions.c.at)
                            .where(actions.c.table_id == table_id).order_by(actions.c.idx)).all()
        new_rows = []
        for r in rows:
            for seat, text in upgrade_history([[r.seat, r.action]], 1):
                new_rows.append(dict(table_id=table_id, idx=len(new_rows), seat=seat, action=text, at=r.at))
        if len(new_rows) == len(rows):
            continue  # no old compound step
        conn.execute(actions.delete().where(actions.c.table_id == table_id))
        conn.execute(actions.insert(), new_rows)
        conn.execute(tables.update().where(tables.c.id == table_id).values(version=len(new_rows)))


def downgrade() -> None:
    # The step sequences are the same moves as the compound texts; nothing to undo for the schema.
    pass
