"""Claim codes for invited seats, seats opened to the lobby, the creating client's hash, closed
tables; and no seat token left in the chat.

Before this revision an invite link carried the seat's token itself, and a page's rematch sent
those links as private chat lines. Now an unclaimed seat waits for a one-time claim code: the
hash an old unclaimed seat kept becomes its claim code's hash (so an old invite link still opens
it once), and every token written in a chat line is blotted out.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-03
"""

from __future__ import annotations

import re

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

TOKEN_IN_TEXT = re.compile(r"(token=)[A-Za-z0-9_-]+")


def upgrade() -> None:
    with op.batch_alter_table("famiglia_seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("claim_hash", sa.String(length=64), nullable=True))
        batch_op.add_column(
            sa.Column("open", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("famiglia_tables", schema=None) as batch_op:
        batch_op.add_column(sa.Column("creator_client", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("creator_seat", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("closed", sa.String(length=200), nullable=True))
        batch_op.add_column(sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True))

    conn = op.get_bind()
    seats = sa.table(
        "famiglia_seats",
        sa.column("kind", sa.String),
        sa.column("token_hash", sa.String),
        sa.column("claimed", sa.Boolean),
        sa.column("claim_hash", sa.String),
    )
    conn.execute(
        seats.update()
        .where(seats.c.kind == "human", seats.c.claimed.is_(sa.false()))
        .values(claim_hash=seats.c.token_hash, token_hash=None)
    )
    chat = sa.table(
        "famiglia_chat",
        sa.column("table_id", sa.String),
        sa.column("k", sa.Integer),
        sa.column("text", sa.Text),
    )
    rows = conn.execute(
        sa.select(chat.c.table_id, chat.c.k, chat.c.text).where(chat.c.text.like("%token=%"))
    ).all()
    for row in rows:
        cleaned = TOKEN_IN_TEXT.sub(r"\1[removed]", row.text)
        if cleaned != row.text:
            conn.execute(
                chat.update()
                .where(chat.c.table_id == row.table_id, chat.c.k == row.k)
                .values(text=cleaned)
            )


def downgrade() -> None:
    with op.batch_alter_table("famiglia_tables", schema=None) as batch_op:
        batch_op.drop_column("closed_at")
        batch_op.drop_column("closed")
        batch_op.drop_column("creator_seat")
        batch_op.drop_column("creator_client")
    with op.batch_alter_table("famiglia_seats", schema=None) as batch_op:
        batch_op.drop_column("open")
        batch_op.drop_column("claim_hash")
