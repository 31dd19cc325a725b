"""Moves taken back (issue 42).

``roses_tables`` gains ``takebacks``: how many moves the table's seats have taken back. A take-back
removes the table's last action, so ``version`` goes down by one, and a new move can bring it back
to the same number with another action: a cached state, or a bot's move chosen before, is valid
only for the same ``(version, takebacks)``.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-07
"""
import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN, never a batch copy (see 0004 and 0007).
    op.add_column("roses_tables", sa.Column("takebacks", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    op.drop_column("roses_tables", "takebacks")
