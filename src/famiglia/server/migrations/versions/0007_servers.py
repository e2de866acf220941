"""Each table lives on one server: every server's row (its internal address and its load), which
placement and forwarding read (ownership.py).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "famiglia_servers",
        sa.Column("instance", sa.BigInteger(), nullable=False),
        sa.Column("address", sa.String(length=200), nullable=True),
        sa.Column("tables", sa.Integer(), nullable=False),
        sa.Column("queue", sa.Integer(), nullable=False),
        sa.Column("renewed", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("instance"),
    )


def downgrade() -> None:
    op.drop_table("famiglia_servers")
