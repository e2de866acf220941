"""A player's new name reaches their seats (docs/server.md, "Names after a rename"): every seat
they hold at a table still running takes it, so the table, its payloads and the lobby show it;
a finished (or closed) table keeps the name it was played under, as its record and replay do.

A seat keeps its old name where the new one is another seat's at that table (names are unique
per table), and a player who drops their name (none) leaves their seats' names as they are.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

from sqlalchemy import select, update

from .errors import ApiError
from .storage import StorageError, game_tables, seats

log = logging.getLogger("famiglia.server")

MAX_FOLLOWED = 200  # running tables one rename reaches (a player rarely sits at more)


def free_at(names, seat: int, name: str) -> bool:
    """The name is no other seat's at the table (compared as check_unique does)."""
    return all(not other or other.casefold() != name.casefold() or i == seat for i, other in names)


async def follow_rename(hub, player_id: str, name: str | None) -> int:
    """Gives `name` to the player's seats at running tables; the number of seats renamed."""
    if not name:
        return 0
    storage = hub.storage

    def read():
        with storage.engine.connect() as conn:
            return conn.execute(
                select(seats.c.table_id, seats.c.seat)
                .join(game_tables, game_tables.c.id == seats.c.table_id)
                .where(
                    seats.c.player_id == player_id,
                    game_tables.c.finished.is_(False),
                    game_tables.c.closed.is_(None),
                )
                .limit(MAX_FOLLOWED)
            ).all()

    try:
        rows = await asyncio.to_thread(read)
    except Exception as exc:  # noqa: BLE001 (the name itself is saved; the seats keep theirs)
        log.warning("a rename did not reach the seats: %s", exc)
        return 0
    renamed = 0
    for table_id, seat in rows:
        table = hub.tables.get(table_id)
        try:
            if table is not None:
                renamed += await _in_memory(hub, table, seat, player_id, name)
            else:
                renamed += await _stored(hub, table_id, seat, player_id, name)
        except (ApiError, StorageError) as exc:  # a race with a move or a seat change: skip
            log.info("seat %d of table %s kept its name: %s", seat, table_id, exc)
    return renamed


async def _in_memory(hub, table, seat: int, player_id: str, name: str) -> int:
    """A table this server holds: stored, then shown to everyone there (hub.set_seat)."""
    async with table.lock:
        current = table.seats[seat]
        if table.over or table.closed or current.player_id != player_id or current.name == name:
            return 0
        if not free_at([(i, s.name) for i, s in enumerate(table.seats)], seat, name):
            return 0
        await hub.set_seat(table, seat, replace(current, name=name))
    return 1


async def _stored(hub, table_id: str, seat: int, player_id: str, name: str) -> int:
    """A table not in this server's memory: its row, and on PostgreSQL a note that makes the
    server holding it (if another does) reread its seats; an unloaded table shows the name
    when it is rebuilt."""

    def op(conn):
        names = conn.execute(
            select(seats.c.seat, seats.c.name).where(seats.c.table_id == table_id)
        ).all()
        if not free_at(names, seat, name):
            return 0
        done = conn.execute(
            update(seats)
            .where(
                seats.c.table_id == table_id,
                seats.c.seat == seat,
                seats.c.player_id == player_id,
            )
            .values(name=name)
        )
        if done.rowcount:  # the server holding the table (several servers) rereads its seats
            hub.storage._notify(conn, hub.note("renamed", table_id))
        return done.rowcount

    return await hub.storage._write(op)
