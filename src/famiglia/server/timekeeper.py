"""The server's side of the clocks (clocks.py): the time source, the clocks' storage, and the
task that wakes at the next deadline and times seats out.

All time comes from one object, `hub.keeper.source` (`now()` in epoch seconds), which tests
replace with a fake they move by hand; they then call `tick()` instead of waiting.
"""

from __future__ import annotations

import asyncio
import logging
import time

from sqlalchemy import delete, select

from . import errors
from .clocks import TableClock
from .errors import ApiError
from .storage import StorageError
from .stored import clocks

log = logging.getLogger("famiglia.server")

MAX_WAIT = 60.0  # the task looks again at least this often (deadlines of other servers' writes)


class RealTime:
    def now(self) -> float:
        return time.time()


def humans(table) -> list[int]:
    """The seats whose clocks may run: human seats someone holds."""
    return [i for i, s in enumerate(table.seats) if s.kind == "human" and s.claimed]


def all_seated(table) -> bool:
    return all(s.claimed for s in table.seats if s.kind == "human")


def clock_row(table_id: str, clock: TableClock) -> dict:
    deadline = clock.deadline()
    return {
        "table_id": table_id,
        "state": clock.to_json(),
        "deadline": deadline[0] if deadline else None,
    }


def write_clock(table_id: str, clock: TableClock):
    """The write of a table's clock, to run in a storage transaction (`conn`)."""
    row = clock_row(table_id, clock)

    def op(conn):
        conn.execute(delete(clocks).where(clocks.c.table_id == table_id))
        conn.execute(clocks.insert().values(**row))

    return op


def read_clock(conn, table_id: str) -> dict | None:
    return conn.execute(select(clocks.c.state).where(clocks.c.table_id == table_id)).scalar()


class Keeper:
    """Keeps the hub's clocks: starts them, times seats out, hands control back."""

    def __init__(self, hub, source=None) -> None:
        self.hub = hub
        self.source = source or RealTime()
        self.wake = asyncio.Event()
        self.task: asyncio.Task | None = None
        # Tables out of memory (unloading.py) whose clock runs: id -> deadline.
        self.away: dict[str, float] = {}

    def now(self) -> float:
        return self.source.now()

    # ----- the task -----------------------------------------------------------------------------
    def begin(self) -> None:
        self.task = asyncio.create_task(self._run())

    async def end(self) -> None:
        if self.task:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)

    def wake_up(self) -> None:
        self.wake.set()

    def next_deadline(self) -> float | None:
        found = [t.clock.deadline() for t in self.hub.tables.values() if t.clock and t.running]
        times = [d[0] for d in found if d] + list(self.away.values())
        return min(times) if times else None

    async def _run(self) -> None:
        while not self.hub.closing:
            due = self.next_deadline()
            wait = MAX_WAIT if due is None else min(MAX_WAIT, max(0.0, due - self.now()))
            try:  # (not wait_for: on Python 3.11 it can swallow end()'s cancel, and end hangs)
                async with asyncio.timeout(wait):
                    await self.wake.wait()
            except TimeoutError:
                pass
            self.wake.clear()
            try:
                await self.tick()
            except Exception:  # the next pass tries again
                log.exception("the clocks' pass failed")

    async def tick(self) -> list[tuple[str, int]]:
        """Times out every running clock at zero (this server's tables); (table, seat) of each."""
        hub, at, out = self.hub, self.now(), []
        for table_id, due in list(self.away.items()):
            if due <= at:
                try:
                    await hub.get(table_id)  # back in memory: timed out below
                except ApiError as exc:
                    log.warning("table %s could not be read for its clock: %s", table_id, exc)
                self.away.pop(table_id, None)
        for table in list(hub.tables.values()):
            deadline = table.clock.deadline() if table.clock and table.running else None
            if deadline and deadline[0] <= at and hub.owns(table):
                out += [(table.id, seat) for seat in await self.time_out(table)]
        return out

    # ----- changes --------------------------------------------------------------------------------
    async def save(self, table, clock: TableClock) -> None:
        await table_write(self.hub.storage, write_clock(table.id, clock))

    async def refresh(self, table) -> None:
        """Several servers on one PostgreSQL (lock held): the clock as stored, since another
        server may have moved or timed a seat out since this one last wrote it. Alone, the
        clock in memory is always the stored one."""
        if table.clock is None or self.hub.storage.is_sqlite:
            return
        engine = self.hub.storage.engine

        def read():
            with engine.connect() as conn:
                return read_clock(conn, table.id)

        try:
            data = await asyncio.to_thread(read)
        except Exception as exc:  # the write that follows fails the same way, and says so
            log.warning("the clock of table %s could not be read: %s", table.id, exc)
            return
        if data is not None:
            table.clock = TableClock.from_json(data)

    async def time_out(self, table) -> list[int]:
        hub = self.hub
        async with table.lock:
            await self.refresh(table)
            at = self.now()
            if table.clock is None or not table.running:
                return []
            clock = table.clock.copy()
            due = [i for i in clock.running() if clock.seats[i].left(at) <= 0]
            for seat in due:
                clock.time_out(seat, at)
            if not due or not await self._store(table, clock):
                return []
        log.info("table %s: seats %s timed out", table.id, due)
        hub.changed(table)
        hub.send_seats(table)
        return due

    def check_not_forfeited(self, table, seat: int) -> None:
        """A forfeited seat's player may not move any more (409 forfeited)."""
        if table.clock is not None and table.clock.seats[seat].forfeit:
            raise ApiError(
                409,
                f"seat {seat} forfeited when its time ran out; the easy bot plays it to the end",
                code=errors.FORFEITED,
            )

    async def resume(self, table, seat: int) -> dict:
        """The seat's player takes back control from the bot that moved for it."""
        hub = self.hub
        async with table.lock:
            await self.refresh(table)
            clock = table.clock
            if clock is None:
                raise ApiError(409, "this table has no clock: nobody is ever timed out")
            if not table.running:
                raise ApiError(409, "the table is over or closed", code=errors.OVER)
            if clock.seats[seat].forfeit:
                raise ApiError(
                    409,
                    f"seat {seat} forfeited when its time ran out (the table's creator chose "
                    "forfeit); the easy bot plays it to the end",
                    code=errors.FORFEITED,
                )
            if not clock.seats[seat].timed_out:
                raise ApiError(
                    409,
                    f"seat {seat} is not timed out: it is yours already",
                    code=errors.NOT_TIMED_OUT,
                )
            at = self.now()
            clock = clock.copy()
            clock.take_back(seat, at)
            clock.sync(table.state.seats_to_act(), humans(table), at)
            if not await self._store(table, clock):
                raise ApiError(503, "the database could not save the clock now; try again")
            task = table.thinking.pop(seat, None)
            if task is not None:
                task.cancel()
        hub.changed(table)
        hub.send_seats(table)
        return {"seat": seat, "clock": clock.seat_json(seat, self.now())}

    def nudge(self, table) -> None:
        """After a seat changed: the clocks start once every human seat is taken, and follow
        seats handed to a bot or back (in a task: the caller may hold the table's lock)."""
        if table.clock is not None and table.running:
            asyncio.get_running_loop().create_task(self.settle(table))

    async def settle(self, table) -> None:
        """What nudge does, awaited (lock not held): a seat's claim answers once the clocks it
        started are stored, so that what its player reads next shows them running."""
        if table.clock is None or not table.running:
            return
        async with table.lock:
            await self.refresh(table)
            if table.clock is None or not table.running:
                return
            at, clock = self.now(), table.clock.copy()
            if not clock.started and all_seated(table):
                clock.start(table.state.seats_to_act(), humans(table), at)
            else:
                clock.sync(table.state.seats_to_act(), humans(table), at)
            if clock.to_json() == table.clock.to_json():
                return
            await self._store(table, clock)
        self.hub.changed(table)

    def after_move(self, table, seat: int, following, by_player: bool):
        """The clock after `seat`'s move led to `following` (None: no clock), and its write."""
        if table.clock is None:
            return None, None
        clock = table.clock.copy()
        clock.after_move(
            seat,
            following.seats_to_act(),
            humans(table),
            table.n + 1,
            self.now(),
            by_player,
        )
        return clock, write_clock(table.id, clock)

    async def _store(self, table, clock: TableClock) -> bool:
        """Stores the clock, then makes it the table's (lock held); False if not saved."""
        try:
            await self.save(table, clock)
        except StorageError as exc:
            log.warning("the clock of table %s not saved: %s", table.id, exc)
            return False
        table.clock = clock
        self.wake_up()
        return True


async def table_write(storage, op) -> None:
    await storage._write(op)  # the storage's one writer, as every write
