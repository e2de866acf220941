"""Several servers on one PostgreSQL: how each hears of the others' writes and knows who lives.

Each server holds one connection of its own to PostgreSQL (psycopg 3, asynchronous) on which:
- it holds a session advisory lock on (LOCKS, its instance number) for as long as it runs: the
  locks PostgreSQL shows (`pg_locks`) are the list of live servers, and a server that dies, even
  by SIGKILL, drops off it the moment its connection closes;
- it LISTENs on the channel `famiglia`, where every write of a server (a move, a seat, a chat
  line, a new table) sends a short note in the same transaction, delivered when it commits;
- every `SWEEP_SECONDS` it reads who lives, and the hub takes over the tables of the dead.

Notes are JSON `{"i": instance, "e": event, "t": table id, ...}`; a move's note also holds the
move (`"m": [seat, action JSON]`, as its row holds it), never a token. Whoever may LISTEN on the
database may read its tables anyway. No other broker is needed.
If the connection is lost, this server stops playing bots (others will take its tables once
they see it gone), connects again, and catches up on every table, since notes were missed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable

import psycopg
from sqlalchemy.engine import make_url

from .migrations import LOCKS
from .storage import CHANNEL, LIVE_SERVERS

log = logging.getLogger("famiglia.server")

SWEEP_SECONDS = 1.0  # how often a server looks for the dead, and so how soon it takes over
RETRY_SECONDS = 1.0  # wait between attempts to reconnect
MAX_NOTE = 7000  # bytes; PostgreSQL refuses a notification payload of 8000 or more


def conninfo(url: str) -> str:
    """psycopg's connection string from SQLAlchemy's postgresql+psycopg:// URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Peers:
    """This server's place among the servers sharing one PostgreSQL.

    The hub hands three callbacks: `on_note(dict)` for another server's note, `on_sweep(live)`
    with the instance numbers of the live servers (this one included), and `on_lost()` /
    `on_back()` when this server's own connection goes and comes back.
    """

    def __init__(
        self,
        url: str,
        on_note: Callable[[dict], None],
        on_sweep: Callable[[set[int]], Awaitable[None]],
        on_lost: Callable[[], None],
        on_back: Callable[[], Awaitable[None]],
    ) -> None:
        self.conninfo = conninfo(url)
        self.on_note, self.on_sweep = on_note, on_sweep
        self.on_lost, self.on_back = on_lost, on_back
        self.instance = 0
        self.live: set[int] = set()
        self.connected = False
        self.conn: psycopg.AsyncConnection | None = None
        self.task: asyncio.Task | None = None

    # ----- life ----------------------------------------------------------------------------------
    async def start(self) -> None:
        """Connects, takes an instance number and listens; raises if PostgreSQL is out of reach.
        Notes heard before `begin` wait on the connection."""
        await self._connect()

    async def begin(self) -> None:
        """A first sweep at once (a server restarted after a crash takes its tables back without
        waiting), then the loop."""
        self.live = await self._live()
        await self._sweep()
        self.task = asyncio.create_task(self._run(), name="famiglia-peers")

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
        await self._close()

    async def _connect(self) -> None:
        conn = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
        try:
            number = self.instance or secrets.randbelow(2**31 - 1) + 1
            while True:  # another live server with the same number: draw again
                cursor = await conn.execute("SELECT pg_try_advisory_lock(%s, %s)", (LOCKS, number))
                if (await cursor.fetchone())[0]:
                    break
                number = secrets.randbelow(2**31 - 1) + 1
            await conn.execute(f"LISTEN {CHANNEL}")
        except BaseException:
            await conn.close()
            raise
        self.conn, self.instance, self.connected = conn, number, True

    async def _close(self) -> None:
        conn, self.conn, self.connected = self.conn, None, False
        if conn is not None:
            try:
                await conn.close()
            except Exception:
                pass

    # ----- the loop ------------------------------------------------------------------------------
    async def _run(self) -> None:
        while True:
            try:
                async for note in self.conn.notifies(timeout=SWEEP_SECONDS):
                    self._heard(note.payload)
                self.live = await self._live()
                await self._sweep()
            except (psycopg.Error, OSError) as exc:
                log.error("lost the connection that ties this server to the others: %s", exc)
                await self._close()
                self.on_lost()
                await self._reconnect()
            except Exception:  # the loop must outlive any one bad turn, or nobody takes over
                log.exception("the loop that follows the other servers failed; it goes on")
                await asyncio.sleep(SWEEP_SECONDS)

    async def _reconnect(self) -> None:
        while True:
            await asyncio.sleep(RETRY_SECONDS)
            try:
                await self._connect()
            except (psycopg.Error, OSError):
                continue
            log.warning("connected to the other servers again; catching up on every table")
            try:
                await self.on_back()
            except Exception:
                log.exception("catching up after a lost connection failed")
            return

    def _heard(self, payload: str) -> None:
        try:
            note = json.loads(payload)
        except ValueError:
            return
        if not isinstance(note, dict) or note.get("i") == self.instance:
            return  # our own note: we made that change ourselves
        try:
            self.on_note(note)
        except Exception:
            log.exception("a note from another server could not be handled: %s", payload[:200])

    async def _live(self) -> set[int]:
        cursor = await self.conn.execute(LIVE_SERVERS)
        return {row[0] for row in await cursor.fetchall()} | {self.instance}

    async def _sweep(self) -> None:
        try:
            await self.on_sweep(set(self.live))
        except Exception:
            log.exception("looking after the tables of servers gone failed")

    # ----- notes ---------------------------------------------------------------------------------
    def note(self, event: str, table_id: str, **extra) -> str:
        """A note for the others, to send with a write. A move's note holds the move (`m`)
        unless that makes it too long for PostgreSQL; then the others read it."""
        text = json.dumps({"i": self.instance, "e": event, "t": table_id, **extra})
        if len(text.encode()) > MAX_NOTE and "m" in extra:
            del extra["m"]
            text = json.dumps({"i": self.instance, "e": event, "t": table_id, **extra})
        return text
