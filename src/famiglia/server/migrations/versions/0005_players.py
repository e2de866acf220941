"""Players (a key per device, an optional password), seats tied to players, rated tables,
ratings and their history.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "famiglia_players",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=24), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("login", sa.String(length=24), nullable=True),
        sa.Column("password_hash", sa.String(length=200), nullable=True),
        sa.Column("transfer_hash", sa.String(length=64), nullable=True),
        sa.Column("transfer_until", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("transfer_hash"),
    )
    op.create_index("ix_famiglia_players_login", "famiglia_players", ["login"])
    op.create_table(
        "famiglia_player_keys",
        sa.Column("key_hash", sa.String(length=64), nullable=False),
        sa.Column("player_id", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["famiglia_players.id"]),
        sa.PrimaryKeyConstraint("key_hash"),
    )
    op.create_index("ix_famiglia_player_keys_player_id", "famiglia_player_keys", ["player_id"])
    op.create_table(
        "famiglia_ratings",
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("rater", sa.String(length=220), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("game", "rater"),
    )
    op.create_table(
        "famiglia_rating_history",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("rater", sa.String(length=220), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("rated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["famiglia_tables.id"]),
        sa.PrimaryKeyConstraint("table_id", "rater"),
    )
    op.create_index(
        "ix_famiglia_rating_history_rater", "famiglia_rating_history", ["rater", "game"]
    )
    # Plain ALTER TABLE ADD COLUMN (SQLite has it for these): a batch copy of famiglia_tables
    # would drop the table its seats and moves point at.
    op.add_column("famiglia_seats", sa.Column("player_id", sa.String(length=16), nullable=True))
    op.create_index("ix_famiglia_seats_player_id", "famiglia_seats", ["player_id"])
    op.add_column(
        "famiglia_tables",
        sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    with op.batch_alter_table("famiglia_tables", schema=None) as batch_op:
        batch_op.drop_column("rated")
    with op.batch_alter_table("famiglia_seats", schema=None) as batch_op:
        batch_op.drop_index("ix_famiglia_seats_player_id")
        batch_op.drop_column("player_id")
    op.drop_index("ix_famiglia_rating_history_rater", table_name="famiglia_rating_history")
    op.drop_table("famiglia_rating_history")
    op.drop_table("famiglia_ratings")
    op.drop_index("ix_famiglia_player_keys_player_id", table_name="famiglia_player_keys")
    op.drop_table("famiglia_player_keys")
    op.drop_index("ix_famiglia_players_login", table_name="famiglia_players")
    op.drop_table("famiglia_players")
