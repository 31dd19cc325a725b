"""No RNG state stored: a table's RNG follows from its seed and stored actions.

Each chance outcome applied uses up one draw of the state's RNG (``State.sample_chance``), so the
state rebuilt from seed and history holds the RNG where the live table's was; the stored copy was
redundant. Existing games keep every action, so they replay and continue as before (their records
never held the RNG state).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""
import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ALTER TABLE … DROP COLUMN (SQLite 3.35+ and PostgreSQL), never a batch copy: on
    # SQLite a batch rebuilds the table, and dropping the old one would cascade to every action.
    op.drop_column("roses_tables", "rng_state")


def downgrade() -> None:
    with op.batch_alter_table("roses_tables") as batch:
        batch.add_column(sa.Column("rng_state", sa.Text, nullable=True))
