"""Each table lives on one server: every server's row (its internal address and its load), which
placement and forwarding read (ownership.py).

Revision ID: 0042
Revises: 0004
Create Date: 2026-12-03

(Written beside other branches' revisions that also follow 0004: the integrator relinks the
chain when merging, so `down_revision` may change then.)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0042"
down_revision = "0004"
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
