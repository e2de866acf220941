"""Rematches in the database (rematch.py, docs/server.md "Rematch"): the offer of a finished
table (its new table, seating, order and names) and each player's seat there, so that a restart
or another server still knows them.

No claim code is kept, plain or hashed, beyond the new seat's own `claim_hash`: when a player
asks for their seat's code and this server does not hold it, a new one is made for that seat
(the seat's hash replaced, only while nobody has claimed it), shown to that player alone; a code
made earlier for the same seat then stops working.
"""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import select

from .errors import ApiError
from .security import hash_token, new_claim
from .storage import game_tables, now, seats
from .stored import rematch_seats, rematches
from .tables import guarded


def write_offer(conn, old_id: str, offer, old_seats) -> None:
    """The offer and each of its human seats, in `conn`'s transaction (after the new table)."""
    conn.execute(
        rematches.insert().values(
            table_id=old_id,
            new_table_id=offer.id,
            seating=offer.seating,
            seat_order=offer.order,
            names=offer.names,
            made_at=now(),
        )
    )
    rows = [
        dict(
            new_table_id=offer.id,
            new_seat=offer.order[old],
            table_id=old_id,
            old_seat=old,
            player_id=old_seats[old].player_id,
        )
        for old in offer.codes
    ]
    rows += [
        dict(new_table_id=offer.id, new_seat=new, table_id=old_id, old_seat=None, player_id=None)
        for new in offer.invites
    ]
    if rows:
        conn.execute(rematch_seats.insert(), rows)


def read_offer(storage, old_id: str):
    """(the offer's row, its seats' rows) of a finished table, or None (blocking)."""
    with storage.engine.connect() as conn:
        row = conn.execute(select(rematches).where(rematches.c.table_id == old_id)).first()
        if row is None:
            return None
        seat_rows = conn.execute(
            select(rematch_seats).where(rematch_seats.c.table_id == old_id)
        ).all()
    return row, seat_rows


def pending_of(storage, player_id: str, limit: int = 50) -> list:
    """The player's rematch seats nobody has claimed yet, at tables still running, newest
    first (blocking)."""
    new = game_tables.alias("new_table")
    with storage.engine.connect() as conn:
        return conn.execute(
            select(
                rematch_seats.c.table_id,
                rematch_seats.c.new_table_id,
                rematch_seats.c.new_seat,
                rematches.c.seating,
                new.c.game,
                new.c.name,
                new.c.rated,
            )
            .join(rematches, rematches.c.table_id == rematch_seats.c.table_id)
            .join(new, new.c.id == rematch_seats.c.new_table_id)
            .join(
                seats,
                (seats.c.table_id == rematch_seats.c.new_table_id)
                & (seats.c.seat == rematch_seats.c.new_seat),
            )
            .where(
                rematch_seats.c.player_id == player_id,
                seats.c.claimed.is_(False),
                seats.c.claim_hash.isnot(None),
                new.c.finished.is_(False),
                new.c.closed.is_(None),
            )
            .order_by(rematches.c.made_at.desc())
            .limit(limit)
        ).all()


def seat_of_player(storage, new_id: str, player_id: str):
    """The player's rematch seat row at the new table, or None (blocking)."""
    with storage.engine.connect() as conn:
        return conn.execute(
            select(rematch_seats).where(
                rematch_seats.c.new_table_id == new_id, rematch_seats.c.player_id == player_id
            )
        ).first()


async def fresh_code(hub, new_id: str, new_seat: int) -> str | None:
    """A new claim code for a rematch seat nobody has claimed (its old code stops working);
    None when the seat is taken or the new table is over or closed."""
    try:
        table = await hub.get(new_id)
    except ApiError:
        return None
    return await guarded(_replace_code(hub, table, new_seat))


async def _replace_code(hub, table, new_seat: int) -> str | None:
    async with table.lock:
        current = table.seats[new_seat]
        if table.over or table.closed or current.kind != "human" or current.claimed:
            return None
        if current.claim_hash is None:  # opened to the lobby meanwhile: no code to give
            return None
        code = new_claim()
        await hub.set_seat(table, new_seat, replace(current, claim_hash=hash_token(code)))
        return code
