"""Devices, rematch seats and pending webhooks: a player key's public id, last use and
sign-out; a finished table's rematch and each player's seat there; webhook calls not yet made.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03

(Written beside other branches' migrations of the same night: whoever merges them relinks
down_revision so the chain stays one line.)
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("famiglia_player_keys", sa.Column("id", sa.String(length=16), nullable=True))
    op.add_column(
        "famiglia_player_keys",
        sa.Column("last_seen", sa.DateTime(timezone=True), nullable=True),
    )
    op.add_column(
        "famiglia_player_keys",
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
    )
    # the keys of today's devices get their public ids now
    keys = sa.table("famiglia_player_keys", sa.column("key_hash"), sa.column("id"))
    conn = op.get_bind()
    for (key_hash,) in conn.execute(sa.select(keys.c.key_hash)).all():
        conn.execute(
            keys.update().where(keys.c.key_hash == key_hash).values(id=secrets.token_urlsafe(9))
        )
    op.create_index("ix_famiglia_player_keys_id", "famiglia_player_keys", ["id"], unique=True)
    op.create_table(
        "famiglia_rematches",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("new_table_id", sa.String(length=32), nullable=False),
        sa.Column("seating", sa.String(length=10), nullable=False),
        sa.Column("seat_order", sa.JSON(), nullable=False),
        sa.Column("names", sa.JSON(), nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["famiglia_tables.id"]),
        sa.ForeignKeyConstraint(["new_table_id"], ["famiglia_tables.id"]),
        sa.PrimaryKeyConstraint("table_id"),
    )
    op.create_table(
        "famiglia_rematch_seats",
        sa.Column("new_table_id", sa.String(length=32), nullable=False),
        sa.Column("new_seat", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("old_seat", sa.Integer(), nullable=True),
        sa.Column("player_id", sa.String(length=16), nullable=True),
        sa.ForeignKeyConstraint(["new_table_id"], ["famiglia_tables.id"]),
        sa.ForeignKeyConstraint(["table_id"], ["famiglia_tables.id"]),
        sa.PrimaryKeyConstraint("new_table_id", "new_seat"),
    )
    op.create_index("ix_famiglia_rematch_seats_player_id", "famiglia_rematch_seats", ["player_id"])
    op.create_table(
        "famiglia_webhook_deliveries",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("url", sa.String(length=500), nullable=False),
        sa.Column("message", sa.JSON(), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("next_try", sa.Float(), nullable=False),
        sa.Column("taken_by", sa.String(length=32), nullable=True),
        sa.Column("taken_until", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(
        "ix_famiglia_webhook_deliveries_next_try", "famiglia_webhook_deliveries", ["next_try"]
    )


def downgrade() -> None:
    op.drop_index("ix_famiglia_webhook_deliveries_next_try", "famiglia_webhook_deliveries")
    op.drop_table("famiglia_webhook_deliveries")
    op.drop_index("ix_famiglia_rematch_seats_player_id", "famiglia_rematch_seats")
    op.drop_table("famiglia_rematch_seats")
    op.drop_table("famiglia_rematches")
    op.drop_index("ix_famiglia_player_keys_id", "famiglia_player_keys")
    with op.batch_alter_table("famiglia_player_keys") as batch:
        batch.drop_column("revoked_at")
        batch.drop_column("last_seen")
        batch.drop_column("id")
