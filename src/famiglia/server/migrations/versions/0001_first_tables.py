"""The first tables: tables (the record's header), seats, moves (unique on table and n), chat.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "famiglia_tables",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("agents", sa.JSON(), nullable=False),
        sa.Column("version", sa.String(length=20), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("creator_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("result", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("famiglia_tables", schema=None) as batch_op:
        batch_op.create_index("ix_famiglia_tables_finished", ["finished"], unique=False)

    op.create_table(
        "famiglia_chat",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("k", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("recipients", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("said_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["famiglia_tables.id"],
        ),
        sa.PrimaryKeyConstraint("table_id", "k"),
    )
    op.create_table(
        "famiglia_moves",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.Column("played_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["famiglia_tables.id"],
        ),
        sa.PrimaryKeyConstraint("table_id", "n"),
    )
    op.create_table(
        "famiglia_seats",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=200), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=True),
        sa.Column("claimed", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["famiglia_tables.id"],
        ),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )


def downgrade() -> None:
    op.drop_table("famiglia_seats")
    op.drop_table("famiglia_moves")
    op.drop_table("famiglia_chat")
    with op.batch_alter_table("famiglia_tables", schema=None) as batch_op:
        batch_op.drop_index("ix_famiglia_tables_finished")

    op.drop_table("famiglia_tables")
