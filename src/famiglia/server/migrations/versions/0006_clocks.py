"""Clocks and webhooks: a table's time control and clock state, a seat's webhook URL.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "famiglia_clocks",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("deadline", sa.Float(), nullable=True),
        sa.ForeignKeyConstraint(["table_id"], ["famiglia_tables.id"]),
        sa.PrimaryKeyConstraint("table_id"),
    )
    op.create_table(
        "famiglia_webhooks",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("url", sa.String(length=500), nullable=False),
        sa.Column("page", sa.String(length=300), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["famiglia_tables.id"]),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )


def downgrade() -> None:
    op.drop_table("famiglia_webhooks")
    op.drop_table("famiglia_clocks")
