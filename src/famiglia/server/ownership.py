"""Each running table lives on one server: its owner, named in the table's row.

Only the owner holds the table in memory, applies its moves and runs its bots; the other
servers hold nothing of it and forward its requests there (forwarding.py). The database decides
everything here, in single statements, so two servers never own one table:

- **Where a table lives** (`locate`): its row's owner. A table owned by a dead server (its
  advisory lock gone from pg_locks) is claimed by whoever is asked for it first, with one
  `UPDATE ... WHERE owner NOT IN (the live)`; the loser of that race reads the row again.
- **Placement** (`place`): a new table goes to the live server with the least load: its
  running tables (counted in the tables' rows, so a burst of creations spreads at once) plus
  its bots' queue (reported in its row, `famiglia_servers`, renewed every sweep).
- **Keeping memory and rows together** (`reconcile`, every sweep): a table the database says
  is ours and that we do not hold is loaded (a takeover, a table handed to us); a running table
  we hold that is no longer ours is dropped, its sockets told to reconnect.
- **A dead server's tables** (`take_share`, every sweep while there are any): each live server
  claims its share, computed alike by all of them from the same rows (each table in turn to the
  least loaded), so they spread over the survivors instead of all going to the first to look.
- **Draining** (`drain`, on SIGTERM): each table, its lock held and its bots stopped, is handed
  to the least loaded other server (`UPDATE ... WHERE owner = me`), which is told by a note and
  loads it from the database.
"""

from __future__ import annotations

import asyncio
import heapq
import logging
import time
from typing import TYPE_CHECKING

from sqlalchemy import text as sql_text
from sqlalchemy.dialects.postgresql import insert

from . import errors
from .errors import ApiError
from .storage import LIVE_SERVERS, now
from .stored import servers

if TYPE_CHECKING:
    from .tables import Table

log = logging.getLogger("famiglia.server")

REMEMBER_SECONDS = 2.0  # another server's table: its address is asked again after this
CLAIM_TRIES = 3  # a dead owner's table claimed, or the row read again, this many times
RETRY_AFTER = 1  # seconds, in a 503 asked to come back
RESTART = 1012  # a websocket's close code when its table leaves this server: reconnect
# A dead server's tables left unclaimed this long (the server whose share they are does not
# take them) are taken by whoever sees them.
ORPHAN_GRACE_SECONDS = 5.0

WHERE = sql_text(
    f"""
    SELECT t.owner, t.finished, t.closed IS NOT NULL AS closed, s.address,
           t.owner IN ({LIVE_SERVERS}) AS alive
    FROM famiglia_tables t LEFT JOIN famiglia_servers s ON s.instance = t.owner
    WHERE t.id = :id
    """
)
CLAIM = sql_text(
    "UPDATE famiglia_tables SET owner = :me WHERE id = :id AND NOT finished AND closed IS NULL "
    f"AND (owner IS NULL OR owner NOT IN ({LIVE_SERVERS})) RETURNING id"
)
LEAST_LOADED = sql_text(
    f"""
    SELECT s.instance, s.address, s.queue + (
        SELECT count(*) FROM famiglia_tables t
        WHERE t.owner = s.instance AND NOT t.finished AND t.closed IS NULL) AS load
    FROM famiglia_servers s
    WHERE s.instance IN ({LIVE_SERVERS}) AND s.address IS NOT NULL AND s.instance <> :other
    ORDER BY load, s.instance LIMIT 1
    """
)
HAND_OVER = sql_text(
    "UPDATE famiglia_tables SET owner = :to WHERE id = :id AND owner = :me AND NOT finished "
    "RETURNING id"
)
OWNED = sql_text(
    "SELECT id FROM famiglia_tables WHERE owner = :me AND NOT finished AND closed IS NULL"
)
ELSEWHERE = sql_text(
    "SELECT count(*) FROM famiglia_tables WHERE creator_client = :key AND owner <> :me "
    "AND NOT finished AND closed IS NULL"
)
# A dead server's tables (their owner no live server) and the live servers' loads, read together
# so that every survivor computes the same shares (`shares`).
ORPHANED = f"NOT finished AND (owner IS NULL OR owner NOT IN ({LIVE_SERVERS}))"
ORPHANS = sql_text(f"SELECT count(*) FROM famiglia_tables WHERE {ORPHANED}")
LOADS = sql_text(
    f"""
    SELECT s.instance, s.queue + (
        SELECT count(*) FROM famiglia_tables t
        WHERE t.owner = s.instance AND NOT t.finished AND t.closed IS NULL) AS load
    FROM famiglia_servers s
    WHERE s.instance IN ({LIVE_SERVERS}) AND s.address IS NOT NULL
    """
)
# At most k of them, each row claimed once: a row another survivor is claiming is skipped, and
# the owner is checked again on the row itself.
TAKE_SOME = sql_text(
    f"""
    UPDATE famiglia_tables SET owner = :me
    WHERE id IN (SELECT id FROM famiglia_tables WHERE {ORPHANED}
                 ORDER BY closed IS NOT NULL, created_at LIMIT :k FOR UPDATE SKIP LOCKED)
      AND {ORPHANED}
    RETURNING id
    """
)
PEERS = sql_text(
    f"SELECT address FROM famiglia_servers WHERE instance IN ({LIVE_SERVERS}) "
    "AND instance <> :me AND address IS NOT NULL"
)


def shares(loads: dict[int, int], orphans: int) -> dict[int, int]:
    """How many of `orphans` tables each live server takes: one at a time to the least loaded
    (ties to the lower instance number), so that the loads even out."""
    heap = [(load, instance) for instance, load in loads.items()]
    heapq.heapify(heap)
    taken = dict.fromkeys(loads, 0)
    for _table in range(orphans if heap else 0):
        load, instance = heapq.heappop(heap)
        taken[instance] += 1
        heapq.heappush(heap, (load + 1, instance))
    return taken


def busy(text: str) -> ApiError:
    """A 503 asking to come back in a moment (the table is changing servers)."""
    exc = ApiError(503, text, code=errors.MOVING)
    exc.retry_after = RETRY_AFTER
    return exc


class Ownership:
    """Which server holds which table, for one server among others (shared.py)."""

    def __init__(self, shared, settings) -> None:  # shared: the SharedDatabase (shared.py)
        self.shared = shared
        self.hub = shared.hub
        self.settings = settings
        self.engine = shared.hub.storage.engine
        # table id -> (owner's address, when read): each forwarded request need not ask the
        # database; a stale address at worst gets a 503 from a server that no longer holds it,
        # or a refused connection, which forgets it
        self.remembered: dict[str, tuple[str, float]] = {}
        self.orphans_since: float | None = None  # when tables without a live owner were seen

    @property
    def me(self) -> int:
        return self.shared.instance

    def _read(self, query, **params) -> list:
        with self.engine.connect() as conn:
            return conn.execute(query, params).all()

    def _change(self, query, **params) -> list:
        with self.engine.begin() as conn:
            return conn.execute(query, params).all()

    # ----- where a table lives -------------------------------------------------------------------
    async def locate(self, table_id: str) -> str | None:
        """The owner's address when another live server owns the table; None when it is served
        here (held here, ours, finished, closed, unknown: the route answers), after claiming it
        if its owner is dead."""
        if table_id in self.hub.tables or len(table_id) > 32:
            return None
        known = self.remembered.get(table_id)
        if known and time.monotonic() - known[1] < REMEMBER_SECONDS:
            return known[0]
        for _try in range(CLAIM_TRIES):
            rows = await asyncio.to_thread(self._read, WHERE, id=table_id)
            if not rows:
                return None
            owner, finished, closed, address, alive = rows[0]
            if finished or closed or owner == self.me:
                return None
            if alive:
                if address:
                    if len(self.remembered) > 10_000:
                        self.remembered.clear()
                    self.remembered[table_id] = (address, time.monotonic())
                    return address
                raise busy(f"table {table_id}'s server is starting; try again in a moment")
            claimed = await asyncio.to_thread(self._change, CLAIM, me=self.me, id=table_id)
            if claimed:
                log.info("table %s is played here now: its server is gone", table_id)
                return None
        raise busy(f"table {table_id} is changing servers; try again in a moment")

    def forget(self, table_id: str) -> None:
        """Its owner could not be reached: ask the database again next time."""
        self.remembered.pop(table_id, None)

    def may_hold(self, owner: int | None, running: bool) -> None:
        """Refuses to load a running table another server owns (it moved meanwhile)."""
        if running and owner != self.me:
            raise busy("this table moved to another server a moment ago; try again")

    # ----- placement -----------------------------------------------------------------------------
    async def least_loaded(self, other: int = 0) -> tuple[int, str] | None:
        """The live server (not `other`) with the fewest running tables and queued bot
        decisions, as (instance, address); None when no such server has reported."""
        rows = await asyncio.to_thread(self._read, LEAST_LOADED, other=other)
        return (rows[0][0], rows[0][1]) if rows else None

    async def place(self) -> str | None:
        """Where a new table goes: None for here, else the least loaded server's address."""
        try:
            best = await self.least_loaded()
        except Exception as exc:  # no placement possible: made here, as a single server would
            log.warning("placing a table failed, it is made here: %s", exc)
            return None
        if best is None or best[0] == self.me:
            return None
        return best[1]

    async def tables_elsewhere(self, client_key: str) -> int:
        """The client's running tables on the other servers (its limit counts them all)."""
        try:
            rows = await asyncio.to_thread(self._read, ELSEWHERE, key=client_key, me=self.me)
        except Exception as exc:
            log.warning("a client's tables on other servers could not be counted: %s", exc)
            return 0
        return rows[0][0]

    async def peers(self) -> list[str]:
        """The other live servers' addresses."""
        rows = await asyncio.to_thread(self._read, PEERS, me=self.me)
        return [row[0] for row in rows]

    # ----- a dead server's tables, spread over the live ---------------------------------------
    async def take_share(self) -> tuple[list[str], int]:
        """Claims this server's share of the tables no live server owns (`shares`: each to
        the least loaded in turn); returns (the ids claimed, how many are left to others). The
        others claim theirs in their own sweeps; whatever is still unclaimed after
        `ORPHAN_GRACE_SECONDS` is taken here."""

        held = sum(1 for t in self.hub.tables.values() if t.running)

        def op():
            with self.engine.begin() as conn:
                left = conn.execute(ORPHANS).scalar_one()
                if not left:
                    return [], 0
                loads = {row[0]: row[1] for row in conn.execute(LOADS).all()}
                if self.me not in loads:  # no row yet: our load as we hold it
                    loads[self.me] = held
                k = shares(loads, left)[self.me]
                now_ = time.monotonic()
                if self.orphans_since is None:
                    self.orphans_since = now_
                elif now_ - self.orphans_since > ORPHAN_GRACE_SECONDS:
                    k = left  # their share was not claimed: a live server that does not sweep
                taken = [row[0] for row in conn.execute(TAKE_SOME, {"me": self.me, "k": k})]
                return taken, left - len(taken)

        taken, left = await asyncio.to_thread(op)
        if not left:
            self.orphans_since = None
        return taken, left

    # ----- the row, and memory against the rows -------------------------------------------------
    async def renew(self) -> None:
        """This server's row: its address and its load, read by placement."""
        held = sum(1 for t in self.hub.tables.values() if t.running)
        row = dict(
            instance=self.me,
            address=self.settings.internal_url,
            tables=held,
            queue=self.hub.bots.status()["waiting"],
            renewed=now(),
        )
        statement = insert(servers).values(**row)
        statement = statement.on_conflict_do_update(index_elements=["instance"], set_=row)

        def op():
            with self.engine.begin() as conn:
                conn.execute(statement)

        await asyncio.to_thread(op)

    async def reconcile(self) -> None:
        """Loads the tables the database says are ours that we do not hold (taken over or
        handed to us), and drops the running ones held here that are no longer ours."""
        owned = {row[0] for row in await asyncio.to_thread(self._read, OWNED, me=self.me)}
        hub = self.hub
        for table in list(hub.tables.values()):
            if table.running and table.id not in owned and not table.lock.locked():
                fresh = await asyncio.to_thread(self._read, WHERE, id=table.id)
                if fresh and fresh[0][0] != self.me and not fresh[0][1]:
                    self.drop(table, "this table moved to another server; reconnect")
        # an unloaded slow table (unloading.py) is ours and held, as a summary: not loaded back
        for table_id in owned - set(hub.tables) - set(hub.unloader.away):
            try:
                table = await hub.get(table_id)
            except Exception as exc:
                log.warning("table %s, ours now, could not be loaded: %s", table_id, exc)
                continue
            hub.schedule_bots(table)

    def drop(self, table: Table, reason: str) -> None:
        """The table leaves this server: its bots stop, its sockets are closed (their clients
        reconnect, through us, to its owner), memory lets it go."""
        for task in table.thinking.values():
            task.cancel()
        for listener in list(table.listeners):
            listener.code = RESTART  # "reconnect", not a refusal (routers/ws.py)
            listener.close(reason)
        if self.hub.tables.get(table.id) is table:
            del self.hub.tables[table.id]

    # ----- draining ----------------------------------------------------------------------------
    async def drain(self, seconds: float = 20.0) -> int:
        """Hands every running table held here to the least loaded other server, one at a
        time, each with its lock held and its bots stopped first; returns how many went. A
        table left (no other server, or out of time) is taken over once this server is gone."""
        handed = 0
        deadline = time.monotonic() + seconds
        for table in [t for t in self.hub.tables.values() if t.running]:
            if time.monotonic() > deadline:
                break
            async with table.lock:
                for task in list(table.thinking.values()):
                    task.cancel()
                try:
                    best = await self.least_loaded(other=self.me)
                    if best is None:
                        log.warning("no other server to hand the tables to; they wait for one")
                        break
                    note = self.shared.note("owner", table, to=best[0])
                    done = await self.hub.storage._write(
                        lambda conn, to=best[0], table=table, note=note: _hand_over(
                            self.hub.storage, conn, table.id, self.me, to, note
                        )
                    )
                except Exception as exc:
                    log.warning("table %s could not be handed over: %s", table.id, exc)
                    continue
                if done:
                    table.owner = best[0]
                    handed += 1
                    self.drop(table, "this server is stopping; reconnect")
        return handed


def _hand_over(storage, conn, table_id: str, me: int, to: int, note: str) -> bool:
    """The owner changes from `me` to `to` and `to` is told, in one transaction."""
    done = conn.execute(HAND_OVER, {"id": table_id, "me": me, "to": to}).all()
    if done:
        storage._notify(conn, note)
    return bool(done)
