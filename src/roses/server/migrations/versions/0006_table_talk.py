"""Table talk: a chat message may carry a structured statement (nominate, claim, accuse, vouch).

The statement is a JSON object ``{kind, target, claim, at_move, at_log}`` in the new nullable
``talk`` column of ``roses_chat`` (``NULL``: free chat, every message stored before). Talk is not
part of a game's state and no action refers to it, so no stored game changes.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""
import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN (SQLite and PostgreSQL), never a batch copy of the chat table.
    op.add_column("roses_chat", sa.Column("talk", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("roses_chat") as batch:
        batch.drop_column("talk")
