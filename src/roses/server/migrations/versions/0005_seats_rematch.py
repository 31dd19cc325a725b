"""Seats that change hands, open seats and rematches (issue 14).

``roses_seats`` gains ``open`` (the host lets anyone with the public link take the seat),
``since`` (the move index from which the seat's holder holds it) and ``past`` (a JSON list of the
seat's earlier holders: ``[{"from", "name", "kind", "bot"}]``); ``roses_tables`` gains ``rematch``
(the new table's id once a player started a rematch) and ``rematch_by`` (that player's name).
Tables stored before: no seat open, every holder from move 0, no rematch.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""
import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE … ADD COLUMN, never a batch copy: on SQLite a batch rebuilds the table, and
    # dropping the old one would cascade to every action (see 0004).
    op.add_column("roses_seats", sa.Column("open", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("roses_seats", sa.Column("since", sa.Integer, nullable=False, server_default="0"))
    op.add_column("roses_seats", sa.Column("past", sa.Text, nullable=True))
    op.add_column("roses_tables", sa.Column("rematch", sa.String(32), nullable=True))
    op.add_column("roses_tables", sa.Column("rematch_by", sa.String(100), nullable=True))


def downgrade() -> None:
    for table, column in (("roses_tables", "rematch_by"), ("roses_tables", "rematch"),
                          ("roses_seats", "past"), ("roses_seats", "since"), ("roses_seats", "open")):
        op.drop_column(table, column)
