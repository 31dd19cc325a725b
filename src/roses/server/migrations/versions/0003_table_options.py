"""Table options: a JSON object of a table's play options (``{"hints": true}`` for now).

Options are choices the host makes at creation that are not game parameters and change no rule
(a table that allows hints plays the same game). Tables stored before get no options (``NULL``,
read as ``{}``: hints off).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""
import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("roses_tables") as batch:
        batch.add_column(sa.Column("options", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("roses_tables") as batch:
        batch.drop_column("options")
