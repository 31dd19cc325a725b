"""Turn clocks that stop while every server is down (issue 41).

``roses_tables`` gains ``turn_started``: when the clock of the turn now running started (a move,
or the seat to move joining), filled with ``updated`` for the tables stored before (what their
deadline was counted from). The new one-row table ``roses_clock`` holds ``beat``, the last
heartbeat of a live server process: a process that starts after every process was down moves
each unfinished timed table's ``turn_started`` forward by the gap (:mod:`roses.server.clock`).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03
"""
import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN, never a batch copy: on SQLite a batch rebuilds the table, and dropping
    # the old one would cascade to every action (see 0004).
    op.add_column("roses_tables", sa.Column("turn_started", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE roses_tables SET turn_started = updated")
    clock = op.create_table(
        "roses_clock",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("beat", sa.DateTime(timezone=True), nullable=True),
    )
    op.bulk_insert(clock, [{"id": 1, "beat": None}])  # the one row every process updates


def downgrade() -> None:
    op.drop_table("roses_clock")
    op.drop_column("roses_tables", "turn_started")  # plain DROP COLUMN (see 0004)
