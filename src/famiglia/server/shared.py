"""Several servers on one PostgreSQL: the hub's `SharedDatabase` strategy (cluster.py has the
interface and the single server's `Alone`; peers.py is the connection).

Each running table is held by one server, its owner (ownership.py): the others forward its
requests there (forwarding.py). What follows below still serves the owner: a table it holds is
the replay of the moves in the database, and a note or a lost race makes it read again. When another server writes (its note arrives, or our own write of the same move or
chat line fails because it wrote first), this server reads what the table gained and plays it
forward: the new moves on a clone of the state, the seats, the chat lines; then its own clients
get their payloads, exactly as if the change had been made here. A move's note carries the move
itself, so following a move costs no read: the database is read only after a gap (a note
missed or too long), another kind of change, or a race lost. The database decides every
race: the unique (table, n) row takes one move per slot, a seat changes only from what the
change expected, a bot's move is stored only from the table's owner.

Bots: a table's `owner` (a column of its row) is the one server that plays its bots. A server
owns the tables it creates; each sweep, if a server has died (its lock gone from `pg_locks`),
the live ones share its unfinished tables out (ownership.take_share), each row claimed by
exactly one of them. Presence (who is connected on which seat) is shared with notes too, and
forgotten when the server that held the connection dies.
"""

from __future__ import annotations

import asyncio
import logging
import time

from .cluster import TablesHub
from .ownership import Ownership
from .peers import Peers
from .tables import Table

log = logging.getLogger("famiglia.server")

TAKEOVER_SECONDS = 10.0  # a takeover pass even when nobody seems to have died (belt and braces)
# Changes of a running table nobody else follows now that its owner alone holds it: no note is
# sent for them (a NOTIFY takes a lock every notifying commit waits for). The code that follows
# them stays for a server that finds a table it holds changed meanwhile (a lost race, a
# reconnection), which reads the database instead.
UNHEARD = frozenset({"move", "chat", "seat", "presence", "table", "closed"})
RECHECK_SECONDS = 1.0  # an unknown token makes us reread the table's seats at most this often


class SharedDatabase:
    """The `Cluster` of a server among others on one PostgreSQL."""

    def __init__(self, hub: TablesHub) -> None:
        self.hub = hub
        self.peers = Peers(hub.storage.url, self.on_note, self.on_sweep, self.on_lost, self.on_back)
        self.known_live: set[int] = set()
        self.last_takeover = 0.0
        self.orphans_left = 0  # tables without a live owner at the last takeover: look again
        self.tasks: set[asyncio.Task] = set()
        self.ownership = Ownership(self, hub.settings)

    @property
    def instance(self) -> int:
        return self.peers.instance

    async def start(self) -> None:
        await self.peers.start()

    async def begin(self) -> None:
        await self.peers.begin()

    def owns(self, table: Table) -> bool:
        return self.peers.connected and table.owner == self.peers.instance

    def note(self, event: str, table: Table | str, **extra) -> str | None:
        if event in UNHEARD:  # nobody else holds the table: nobody to tell, no NOTIFY to pay
            return None
        return self.peers.note(event, table if isinstance(table, str) else table.id, **extra)

    def spawn(self, coroutine) -> None:
        task = asyncio.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def may_hold(self, owner: int | None, running: bool) -> None:
        self.ownership.may_hold(owner, running)

    async def tables_elsewhere(self, client_key: str) -> int:
        return await self.ownership.tables_elsewhere(client_key)

    async def stop(self) -> None:
        if self.peers.connected:  # draining: every table to another server, then we go
            try:
                handed = await self.ownership.drain()
                log.warning("stopping: %d tables handed to the other servers", handed)
            except Exception:
                log.exception("handing the tables over failed; they are taken over instead")
        await self.peers.stop()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    # ----- catching up -------------------------------------------------------------------------
    async def catch_up(self, table: Table) -> bool:
        """Brings the table up to the database (its lock held) and tells whoever listens here.
        True: another server may have written (the writer tries again)."""
        await self._reread(table)
        return True

    async def _reread(self, table: Table) -> None:
        hub = self.hub
        table.unheard = False
        try:
            fresh = await asyncio.to_thread(hub.storage.changes, table.id, table.n, len(table.chat))
        except Exception as exc:
            log.warning("table %s could not be reread: %s", table.id, exc)
            table.unheard = True
            return
        if fresh is None:
            return
        if fresh.closed and not table.closed:
            hub.table_closed(table, fresh.closed)
            return
        moved = bool(fresh.moves)
        if moved and not self._play_forward(table, fresh.moves):
            return
        table.heard = {n: move for n, move in table.heard.items() if n >= table.n}
        seats_changed = fresh.seats != table.seats
        if seats_changed:
            for seat, (old, new) in enumerate(zip(table.seats, fresh.seats, strict=True)):
                if old.kind != new.kind and seat in table.thinking:
                    table.thinking.pop(seat).cancel()
                if old != new:
                    hub.seat_changed(table, seat, new)
        for line in fresh.chat:
            table.chat.append(line)
            hub.send_chat(table, line)
        owner_changed = fresh.owner != table.owner
        table.owner = fresh.owner
        # Only the owner writes a table's clock, so a move reads none (hub.commit); a table
        # read again (taken over, caught up after a lost race or connection) reads it here.
        await hub.keeper.refresh(table)
        if table.running and fresh.owner != self.instance:  # another server's now: let it go
            self.ownership.drop(table, "this table moved to another server; reconnect")
            return
        if moved:
            hub.changed(table)
        elif owner_changed or seats_changed:
            hub.schedule_bots(table)

    def _play_forward(self, table: Table, new_moves: list) -> bool:
        """Plays moves another server stored onto the table (lock held)."""
        state = table.state.clone()
        try:
            for seat, data in new_moves:
                state.apply(seat, table.game.action_from_json(data))
        except Exception as exc:  # a stored move this server's rules refuse
            log.error("table %s: another server's move does not replay: %s", table.id, exc)
            return False
        table.state = state
        table.moves.extend(new_moves)
        return True

    async def _follow(self, table: Table) -> None:
        """After others' notes (lock held): the moves their notes carried, if they follow on
        from this table without a gap and nothing else changed; else the database's word."""
        following = []
        while (move := table.heard.get(table.n + len(following))) is not None:
            following.append(move)
        if table.unheard or not following:
            await self._reread(table)
            return
        table.heard = {n: m for n, m in table.heard.items() if n >= table.n + len(following)}
        if self._play_forward(table, following):
            self.hub.changed(table)
        else:  # a note that does not play: the database's word
            table.heard.clear()
            await self._reread(table)

    def refresh_soon(self, table: Table) -> None:
        """Catches up in the background; many notes about one table make one or two rereads."""
        if table.refreshing:
            table.refresh_again = True
            return
        table.refreshing = True
        self.spawn(self._refresh(table))

    async def _refresh(self, table: Table) -> None:
        try:
            while True:
                table.refresh_again = False
                async with table.lock:
                    await self._follow(table)
                if not table.refresh_again:
                    return
        finally:
            table.refreshing = False

    async def recheck_seats(self, table: Table) -> bool:
        """For a token this server does not know: another server may have just handed it out.
        Rereads the table (at most once a second); True if it did."""
        if time.monotonic() - table.rechecked < RECHECK_SECONDS:
            return False
        table.rechecked = time.monotonic()
        async with table.lock:
            await self._reread(table)
        return True

    # ----- notes of the others -----------------------------------------------------------------
    def on_note(self, note: dict) -> None:
        hub = self.hub
        table_id, event = note.get("t"), note.get("e")
        if not isinstance(table_id, str):
            return
        table = hub.tables.get(table_id)
        if event == "owner":  # a table handed to us by a server that is stopping
            if note.get("to") == self.instance:
                self.spawn(self._fetch(table_id))
        elif event == "table":
            return  # made on another server, which holds it: its lobby shows it
        elif table is None:
            return  # a table this server does not hold: it reads it whole when asked
        elif event == "move" and isinstance(note.get("n"), int) and "m" in note:
            if note["n"] >= table.n:
                table.heard[note["n"]] = note["m"]
                self.refresh_soon(table)
        elif event == "presence":
            seats = note.get("seats")
            if isinstance(seats, list) and all(isinstance(s, int) for s in seats):
                table.remote_present[note.get("i")] = set(seats)
                hub.send_seats(table)
        else:  # a seat, a chat line, or a move too long for its note
            table.unheard = True
            self.refresh_soon(table)

    async def _fetch(self, table_id: str) -> None:
        try:
            self.hub.schedule_bots(await self.hub.get(table_id))
        except Exception as exc:
            log.warning("table %s, made on another server, could not be read: %s", table_id, exc)

    def presence_changed(self, table: Table) -> None:
        """Tells the others who is connected here on this table."""
        if "presence" in UNHEARD:  # the owner holds every socket of its tables (relayed)
            return
        seats = sorted({lis.seat for lis in table.listeners if lis.seat is not None})
        self.spawn(self._send(self.note("presence", table, seats=seats)))

    async def _send(self, note: str) -> None:
        try:
            await self.hub.storage.notify(note)
        except Exception as exc:
            log.warning("a note to the other servers was lost: %s", exc)

    # ----- who lives -----------------------------------------------------------------------------
    async def on_sweep(self, live: set[int]) -> None:
        hub = self.hub
        for table in list(hub.tables.values()):
            gone = [i for i in table.remote_present if i not in live]
            for instance in gone:
                del table.remote_present[instance]
            if gone:
                hub.send_seats(table)
        arrived = live - self.known_live - {self.instance}
        if arrived and self.known_live:
            for table in list(hub.tables.values()):  # a new server: who is connected here
                if table.listeners and not table.over:
                    self.presence_changed(table)
        died = bool(self.known_live - live)
        self.known_live = live
        if (
            died
            or self.orphans_left
            or not self.last_takeover
            or time.monotonic() - self.last_takeover > TAKEOVER_SECONDS
        ):
            await self.take_over()
        try:  # our row (address, load) and memory brought in line with the tables' rows
            await self.ownership.renew()
            await self.ownership.reconcile()
        except Exception as exc:
            log.warning("renewing this server's row failed: %s", exc)

    async def take_over(self) -> None:
        """Takes this server's share of the tables no live server owns (ownership.py: the
        survivors share a dead server's tables) and lets their bots play here."""
        self.last_takeover = time.monotonic()
        taken, self.orphans_left = await self.ownership.take_share()
        for table_id in taken:
            log.info("table %s is played here now: its server is gone", table_id)
            try:
                table = await self.hub.get(table_id)
            except Exception as exc:
                log.warning("table %s could not be taken over: %s", table_id, exc)
                continue
            async with table.lock:
                await self._reread(table)
            self.hub.schedule_bots(table)

    def on_lost(self) -> None:
        """Our connection is gone, and our lock with it: others may take our tables, so our
        bots stop at once."""
        for table in self.hub.tables.values():
            for task in table.thinking.values():
                task.cancel()

    async def on_back(self) -> None:
        self.known_live = set()  # the next sweep takes over whatever is left without owner
        for table in list(self.hub.tables.values()):
            async with table.lock:
                await self._reread(table)
            self.hub.schedule_bots(table)
