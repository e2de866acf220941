"""Webhook calls kept in the database until made (webhooks.py, docs/server.md "Webhooks"): a
restart loses none, and of several servers sharing one database exactly one makes each call.

Each call is a row (table, seat, URL, message, attempts made, when to try next). A server takes
a due row with one UPDATE ... WHERE it is free (nobody's, or its taker's lease ran out), so two
servers never both take it; then makes one attempt and deletes the row (delivered, or refused
for good) or frees it with the next try's time (RETRY_DELAYS, then it is given up). A server
that dies holding a row leaves it to the others once its lease runs out: a call may then be made
twice, never lost (the lease is longer than any attempt).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time

from sqlalchemy import delete, or_, select, update

from .stored import webhook_deliveries as rows

log = logging.getLogger("famiglia.server")

POLL_SECONDS = 5.0  # how often rows of another server (or of before a restart) are looked for
BATCH = 50  # rows taken at once


class Deliveries:
    """The stored queue of one server; `attempt(url, message)` makes one call (webhooks.py)."""

    def __init__(self, storage, attempt, delays, max_tasks: int, timeout: float) -> None:
        self.storage = storage
        self.attempt = attempt  # async (url, message) -> "done" | "failed" | "retry"
        self.delays = delays  # () -> the retry delays (read at each retry: tests shorten them)
        self.max_tasks = max_tasks
        self.lease = timeout * 3 + 30  # seconds a taken row is this server's
        self.me = secrets.token_hex(8)  # this server's mark on the rows it takes
        self.wake = asyncio.Event()
        self.tasks: set[asyncio.Task] = set()
        self.loop_task: asyncio.Task | None = None

    def begin(self) -> None:
        """Starts taking due rows, those left from before a restart first."""
        self.loop_task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self.loop_task is not None:
            self.loop_task.cancel()
            await asyncio.gather(self.loop_task, return_exceptions=True)
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        # rows this server held go back at once (a new server need not wait for the lease)
        try:
            await self.storage._write(
                lambda conn: conn.execute(
                    update(rows)
                    .where(rows.c.taken_by == self.me)
                    .values(taken_by=None, taken_until=None)
                )
            )
        except Exception as exc:  # noqa: BLE001 (the lease frees them later)
            log.info("webhook rows not handed back at stop: %s", exc)

    async def add(self, table_id: str, seat: int, url: str, message: dict) -> None:
        """A call to make, stored first; the loop then makes it."""

        def op(conn):
            conn.execute(
                rows.insert().values(
                    table_id=table_id,
                    seat=seat,
                    url=url,
                    message=message,
                    attempt=0,
                    next_try=time.time(),
                )
            )

        await self.storage._write(op)
        self.wake.set()

    # ----- the loop --------------------------------------------------------------------------
    async def _run(self) -> None:
        while True:
            self.wake.clear()
            try:
                for row in await self._take():
                    task = asyncio.get_running_loop().create_task(self._one(row))
                    self.tasks.add(task)
                    task.add_done_callback(self.tasks.discard)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 (the database is back at the next round)
                log.warning("webhook rows not read: %s", exc)
            try:  # (not wait_for: on Python 3.11 it can swallow stop()'s cancel, and stop hangs)
                async with asyncio.timeout(POLL_SECONDS):
                    await self.wake.wait()
            except TimeoutError:
                pass

    async def _take(self) -> list:
        """Due rows, each taken for this server by an UPDATE that finds it still free."""
        room = self.max_tasks - len(self.tasks)
        if room <= 0:
            return []
        at = time.time()
        free = or_(rows.c.taken_until.is_(None), rows.c.taken_until < at)

        def read():
            with self.storage.engine.connect() as conn:
                return [
                    r.id
                    for r in conn.execute(
                        select(rows.c.id)
                        .where(rows.c.next_try <= at, free)
                        .order_by(rows.c.next_try)
                        .limit(min(room, BATCH))
                    )
                ]

        due = await asyncio.to_thread(read)
        if not due:
            return []

        def take(conn):
            taken = []
            for row_id in due:
                done = conn.execute(
                    update(rows)
                    .where(rows.c.id == row_id, free)
                    .values(taken_by=self.me, taken_until=at + self.lease)
                )
                if done.rowcount == 1:
                    taken.append(conn.execute(select(rows).where(rows.c.id == row_id)).first())
            return taken

        return await self.storage._write(take)

    async def _one(self, row) -> None:
        outcome = await self.attempt(row.url, row.message)
        delays = self.delays()
        mine = (rows.c.id == row.id) & (rows.c.taken_by == self.me)
        if outcome == "retry" and row.attempt < len(delays):
            delay = delays[row.attempt]

            def op(conn):
                conn.execute(
                    update(rows)
                    .where(mine)
                    .values(
                        attempt=row.attempt + 1,
                        next_try=time.time() + delay,
                        taken_by=None,
                        taken_until=None,
                    )
                )

            asyncio.get_running_loop().call_later(delay, self.wake.set)
        else:
            if outcome == "retry":
                log.info("webhook of table %s seat %d given up", row.table_id, row.seat)

            def op(conn):
                conn.execute(delete(rows).where(mine))

        try:
            await self.storage._write(op)
        except Exception as exc:  # noqa: BLE001 (the lease frees the row; it may be retried)
            log.warning("webhook row %s not updated: %s", row.id, exc)
