"""Players' names: a seat's player may give one (shown at the table, in the lobby and the result).

Revision ID: 0004
Revises: 0003
Create Date: 2027-01-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("famiglia_seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("name", sa.String(length=24), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("famiglia_seats", schema=None) as batch_op:
        batch_op.drop_column("name")
