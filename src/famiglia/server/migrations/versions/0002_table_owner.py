"""Several servers on one PostgreSQL: a table's owner (the server that plays its bots) and the
server that stored each move.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("famiglia_tables", schema=None) as batch_op:
        batch_op.add_column(sa.Column("owner", sa.BigInteger(), nullable=True))
    with op.batch_alter_table("famiglia_moves", schema=None) as batch_op:
        batch_op.add_column(sa.Column("server", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("famiglia_moves", schema=None) as batch_op:
        batch_op.drop_column("server")
    with op.batch_alter_table("famiglia_tables", schema=None) as batch_op:
        batch_op.drop_column("owner")
