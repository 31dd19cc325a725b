"""Initial schema: tables, seats, actions, chat.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""
import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "roses_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("params", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("current_player", sa.Integer, nullable=False),
        sa.Column("rng_state", sa.Text, nullable=True),
        sa.Column("returns", sa.Text, nullable=True),
        sa.Column("turn_timer_seconds", sa.Integer, nullable=True),
        sa.Column("bot_delay_ms", sa.Integer, nullable=False),
        sa.Column("host_token_hash", sa.String(64), nullable=False),
    )
    op.create_index("ix_roses_tables_status", "roses_tables", ["status"])
    op.create_table(
        "roses_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("roses_tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("name", sa.String(100), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("joined", sa.Boolean, nullable=False),
    )
    op.create_index("ix_roses_seats_token", "roses_seats", ["token_hash"])
    op.create_table(
        "roses_actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("roses_tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "roses_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("roses_tables.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_roses_chat_table", "roses_chat", ["table_id", "id"])


def downgrade() -> None:
    op.drop_table("roses_chat")
    op.drop_table("roses_actions")
    op.drop_table("roses_seats")
    op.drop_table("roses_tables")
