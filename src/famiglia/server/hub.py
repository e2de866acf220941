"""The tables a server holds, and everything that changes them.

Every change follows one order: check it, write it to the database, then change the table in
memory and tell the listeners. A move is played on a clone first, so a refused or unsaved move
changes nothing; the write and what follows run shielded from the caller's cancellation, so a
client hanging up mid-move cannot leave memory and disk apart.

Whether other servers write to the same database is one strategy object, `self.cluster`
(cluster.py: `Alone` on SQLite; shared.py: `SharedDatabase` on PostgreSQL), called at the same
points in either mode: each write carries its note for the others, a write that loses a race
to another server's makes this one catch up before it answers 409, and only a table's owner
plays its bots. The bots' turns run in bot_turns.py and play through `commit` like anyone; the
chat is in chat.py.
Neither module imports this one: they reach the hub through the calls it hands them.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import OrderedDict
from datetime import timedelta

import famiglia
from famiglia.core.errors import IllegalAction, RecordError
from famiglia.core.record import replay
from famiglia.core.text import shorten

from . import errors
from .bot_turns import BotTurns
from .bots import BotPool
from .chat import Chat
from .cluster import Alone, Cluster
from .errors import ApiError
from .limits import Limits, PerClient, ServerRate
from .schemas import MAX_TEXT
from .seating import Seating
from .settings import Settings
from .shared import SharedDatabase
from .storage import (
    NotOwner,
    StaleMove,
    StaleSeat,
    Storage,
    StorageError,
    StoredSeat,
    StoredTable,
    now,
)
from .tables import Listener, Table, dumps, guarded
from .timekeeper import Keeper
from .unloading import Unloader
from .webhooks import Notifier

log = logging.getLogger("famiglia.server")

TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
MAX_FINISHED_CACHED = 100
IDLE_REASON = "nobody claimed a seat or moved for {hours:g} hours"


class Hub:
    def __init__(self, storage: Storage, bots: BotPool, settings=None) -> None:
        self.settings = settings = settings or Settings()
        self.storage = storage
        self.bots = bots
        limits = Limits(settings.max_tables, settings.tables_per_minute, settings.tables_per_client)
        self.seating = Seating(self, limits)
        self.sweeper: asyncio.Task | None = None
        self.tables: dict[str, Table] = {}
        self.finished: OrderedDict[str, None] = OrderedDict()  # finished tables kept, oldest first
        self.loading: dict[str, asyncio.Future] = {}
        self.closing = False
        # alone, or among the other servers sharing a PostgreSQL database
        self.cluster: Cluster = Alone() if storage.is_sqlite else SharedDatabase(self)
        self.bot_turns = BotTurns(self)
        self.keeper = Keeper(self, settings.time_source)  # the clocks (clocks.py)
        self.unloader = Unloader(self)  # slow tables out of memory (unloading.py)
        self.waiting_limits = PerClient(60, "'waiting on you' requests")
        # every client together: a flood from many addresses cannot make this server replay
        # tables faster than this (the limits per client hold on every server as well)
        self.made_here = ServerRate(settings.server_tables_per_minute)
        self.notifier = Notifier(settings, storage)  # the seats' webhooks (webhooks.py)
        self.chat = Chat(self)  # the tables' chat (chat.py)

    # ----- start and stop ------------------------------------------------------------------------
    async def start(self) -> None:
        """Rebuilds every unfinished table by replaying its moves, then lets its bots play (on
        PostgreSQL, those of the tables this server owns or takes over)."""
        await self.cluster.start()
        # on PostgreSQL, the tables this server owns only (after a restart: none; the first
        # sweep takes over what its old self left)
        for stored in await asyncio.to_thread(self.storage.unfinished, self.cluster.instance):
            try:
                table = self._rebuild(stored)
            except RecordError as exc:
                log.error("table %s cannot be rebuilt and stays closed: %s", stored.id, exc)
                continue
            self.tables[table.id] = table
        for table in list(self.tables.values()):
            self.schedule_bots(table)
        await self.cluster.begin()
        self.sweeper = asyncio.create_task(self._sweep_idle())
        self.keeper.begin()
        self.notifier.begin()  # webhook calls a stopped server left are made now

    async def stop(self) -> None:
        self.closing = True
        if self.sweeper:
            self.sweeper.cancel()
            await asyncio.gather(self.sweeper, return_exceptions=True)
        await self.keeper.end()
        await self.notifier.stop()
        await self.cluster.stop()
        tasks = [task for table in self.tables.values() for task in table.thinking.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _rebuild(self, stored: StoredTable) -> Table:
        record = stored.record()
        # A finished table's replay must reach its stored result; an unfinished one is checked
        # move by move only.
        until = None if stored.result is not None else len(stored.moves)
        state = replay(record, where=f"table {stored.id}", until=until)
        table = Table.from_stored(famiglia.load(stored.game), stored, state)
        table.clock_source = self.keeper.source
        return table

    def owns(self, table: Table) -> bool:
        """Whether this server plays the table's bots: always alone; on a shared database, if it
        is the table's owner."""
        return self.cluster.owns(table)

    def note(self, event: str, table: Table | str, **extra) -> str | None:
        """A note for the other servers, sent with a write (none when alone)."""
        return self.cluster.note(event, table, **extra)

    async def catch_up(self, table: Table) -> bool:
        """After losing a race to another server (lock held): the table as the database has it."""
        return await self.cluster.catch_up(table)

    # ----- finding tables ------------------------------------------------------------------------
    async def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is not None:
            table.seen_at = self.keeper.now()  # looked at: stays in memory (unloading.py)
            return table
        if not TABLE_ID.match(table_id):
            raise ApiError(404, f"no table {shorten(table_id, 40)!r}")
        pending = self.loading.get(table_id)
        if pending is None:
            pending = self.loading[table_id] = asyncio.ensure_future(self._load(table_id))
            pending.add_done_callback(lambda _: self.loading.pop(table_id, None))
        return await asyncio.shield(pending)

    async def _load(self, table_id: str) -> Table:
        try:
            stored = await asyncio.to_thread(self.storage.load, table_id)
        except Exception as exc:
            log.warning("table %s could not be read: %s", table_id, exc)
            raise ApiError(503, "the database cannot be read now; try again in a moment") from exc
        if stored is None:
            raise ApiError(404, f"no table {table_id!r}")
        self.cluster.may_hold(stored.owner, stored.result is None and not stored.closed)
        try:
            table = self._rebuild(stored)
        except RecordError as exc:
            log.error("table %s cannot be rebuilt: %s", table_id, exc)
            raise ApiError(410, f"table {table_id} is damaged and cannot be shown") from exc
        table = self.tables.setdefault(table_id, table)
        table.seen_at = self.keeper.now()
        self.unloader.back(table_id)
        self._remember_finished(table)
        self.schedule_bots(table)
        return table

    def _remember_finished(self, table: Table) -> None:
        if table.running:
            return
        self.finished[table.id] = None
        self.finished.move_to_end(table.id)
        for old in list(self.finished):
            if len(self.finished) <= MAX_FINISHED_CACHED:
                break
            if not self.tables[old].listeners:
                del self.finished[old]
                del self.tables[old]

    def running_count(self) -> int:
        return sum(1 for t in self.tables.values() if t.running)

    def lobby(self, base: str) -> list[dict]:
        """The running tables, and those finished a short while ago (then they leave the
        lobby but stay readable at their address); closed tables never."""
        since = now() - timedelta(minutes=self.settings.finished_listed_minutes)
        shown = [
            t
            for t in self.tables.values()
            if t.running or (t.over and not t.closed and t.active_at and t.active_at >= since)
        ]
        shown.sort(key=lambda t: (t.running, t.created_at), reverse=True)
        return [{**t.lobby_entry(base), "abandoned": self.abandoned(t)} for t in shown[:500]]

    # ----- abandoned tables (listed apart in the lobby) ------------------------------------------
    def note_away(self, table: Table) -> None:
        """Keeps when the last human seat went away (a seat coming back clears it)."""
        humans = [i for i, s in enumerate(table.seats) if s.kind == "human"]
        if any(table.present(i) for i in humans):
            table.away_since = None
        elif table.away_since is None:
            table.away_since = now()

    def abandoned(self, table: Table) -> bool:
        """A running table with human seats, none of them connected, and neither a move, a
        seat claimed nor a player here for `abandoned_minutes`: its players left it (or
        never came) and it waits for nobody who is coming."""
        humans = [i for i, s in enumerate(table.seats) if s.kind == "human"]
        if not table.running or not humans or any(table.present(i) for i in humans):
            return False
        if table.clock is not None and table.clock.spec.mode == "slow":
            return False  # a slow table waits on its clock, days if need be (unloading.py)
        last = max(t for t in (table.active_at, table.away_since, table.created_at) if t)
        return now() - last > timedelta(minutes=self.settings.abandoned_minutes)

    # ----- idle tables ---------------------------------------------------------------------------
    async def _sweep_idle(self) -> None:
        while not self.closing:
            await asyncio.sleep(self.settings.sweep_seconds)
            try:
                await self.close_idle()
                self.unloader.unload_idle()
            except Exception:  # the next sweep tries again
                log.exception("closing idle tables failed")

    async def close_idle(self) -> list[str]:
        """Closes every running table of this server where nobody claimed a seat or moved for
        the idle time: it leaves the lobby and memory, its address says why. Returns their ids."""
        hours = self.settings.idle_hours
        limit = now() - timedelta(hours=hours)
        closed = []
        await self.unloader.close_idle_away(limit)
        for table in list(self.tables.values()):
            slow = table.clock is not None and table.clock.spec.mode == "slow"  # waits on its clock
            if (
                table.running
                and self.owns(table)
                and not slow
                and (table.active_at or now()) < limit
            ):
                if await self.close_table(table, IDLE_REASON.format(hours=hours)):
                    closed.append(table.id)
        return closed

    async def close_table(self, table: Table, reason: str) -> bool:
        async with table.lock:
            if not table.running:
                return False
            try:
                done = await self.storage.close_table(table.id, reason, self.note("closed", table))
            except StorageError as exc:
                log.warning("table %s could not be closed: %s", table.id, exc)
                return False
            if done:
                self.table_closed(table, reason)
            return done

    def table_closed(self, table: Table, reason: str) -> None:
        """The table is closed (here or by another server): bots stop, sockets are told why
        and ended, and the table leaves memory until someone asks for it."""
        table.closed = reason
        for task in table.thinking.values():
            task.cancel()
        for listener in list(table.listeners):
            listener.put_payload(table.payload_text(listener.seat))
            listener.close(f"the table was closed: {reason}")
        if not table.listeners:
            self.tables.pop(table.id, None)

    # ----- seats ------------------------------------------------------------------------------------
    async def seat_for(self, table: Table, token: str | None) -> int | None:
        """The seat a token holds (None without a token: a spectator); 403 for a wrong one."""
        if token is None:
            return None
        seat = table.seat_of(token) if token else None
        if seat is None and token and await self.cluster.recheck_seats(table):
            seat = table.seat_of(token)  # handed out by another server a moment ago
        if seat is None:
            raise ApiError(
                403,
                f"this token holds no seat at table {table.id}; "
                "send 'Authorization: Bearer TOKEN' with your seat's token, or none to watch",
            )
        return seat

    async def set_seat(self, table: Table, seat: int, new: StoredSeat) -> None:
        """Stores a seat, then changes it in memory and tells the listeners (lock held). The
        stored seat must still be the one this server knows, or nothing changes (409)."""
        try:
            await self.storage.set_seat(
                table.id, seat, new, table.seats[seat], self.note("seat", table, seat=seat)
            )
        except StaleSeat as exc:
            await self.catch_up(table)
            raise ApiError(
                409,
                f"seat {seat} was changed meanwhile on another server; look again",
                code=errors.STALE,
            ) from exc
        except StorageError as exc:
            log.warning("seat %d of table %s not saved: %s", seat, table.id, exc)
            raise ApiError(503, "the database could not save the seat now; try again") from exc
        self.seat_changed(table, seat, new)

    def seat_changed(self, table: Table, seat: int, new: StoredSeat) -> None:
        """A seat as stored (here or by another server): whoever held its old token is
        disconnected, so that nobody reads a hand that is no longer theirs."""
        old = table.seats[seat]
        table.seats[seat] = new
        if old.token_hash is not None and new.token_hash != old.token_hash:
            for listener in list(table.listeners):
                if listener.seat == seat:
                    listener.close(f"seat {seat} was handed on by the table's creator")
        self.send_seats(table)
        self.keeper.nudge(table)  # the clocks start once every human seat is taken

    # ----- moves -------------------------------------------------------------------------------------
    async def play(self, table: Table, seat: int | None, n, action=None, text=None) -> None:
        """A human seat's move, checked against `n` (the moves it has seen)."""
        if seat is None:
            raise ApiError(401, "spectators cannot move; send your seat's token")
        await guarded(self._play(table, seat, n, action, text))

    async def _play(self, table, seat, n, action_json, text) -> None:
        async with table.lock:
            if table.closed:
                raise ApiError(
                    409, f"table {table.id} was closed: {table.closed}", code=errors.CLOSED
                )
            if table.over:
                raise ApiError(
                    409,
                    f"the game is over; its record is at /api/tables/{table.id}/record",
                    code=errors.OVER,
                )
            if table.seats[seat].kind != "human":
                raise ApiError(
                    409,
                    f"seat {seat} is played by the bot {table.seats[seat].kind}",
                    code=errors.BOT_SEAT,
                )
            self.keeper.check_not_forfeited(table, seat)
            if isinstance(n, bool) or not isinstance(n, int) or n != table.n:
                raise ApiError(
                    409,
                    f"stale move: it was sent at move {n} but {table.n} moves are played; "
                    "look at the table again and choose anew",
                    code=errors.STALE,
                )
            action = self._read_action(table, seat, action_json, text)
            await self.commit(table, seat, action, by_player=True)
        self.changed(table)

    def _read_action(self, table: Table, seat: int, data, text):
        game, state = table.game, table.state
        if (data is None) == (text is None):
            raise ApiError(400, "send either 'action' (an action's JSON from legal) or 'text'")
        if text is not None and len(text) > MAX_TEXT:
            raise ApiError(400, f"a move's text has at most {MAX_TEXT} characters")
        try:
            if text is not None:
                return game.parse_action(state, seat, text)
            return game.action_from_json(data)
        except IllegalAction as exc:
            raise refusal(exc, state, seat) from exc
        except Exception as exc:  # untrusted input must not reach the user as a 500
            raise ApiError(400, f"not a move of {game.title}: {short(exc)}") from exc

    async def commit(self, table: Table, seat: int, action, by_player: bool = False) -> None:
        """Plays `action` on a clone, stores it, then makes the clone the table (lock held).
        `by_player`: the seat's player moved (not a bot), taking back a timed-out seat."""
        following = table.state.clone()
        try:
            following.apply(seat, action)
        except IllegalAction as exc:
            raise refusal(exc, table.state, seat) from exc
        except Exception as exc:  # a malformed action the game could not read
            raise ApiError(400, f"not a move of {table.game.title}: {short(exc)}") from exc
        result = following.result().to_json() if following.is_over() else None
        data = action.to_json()
        instance = self.cluster.instance
        clock, write_clock = self.keeper.after_move(table, seat, following, by_player)
        try:
            await self.storage.append_move(
                table.id,
                table.n,
                seat,
                data,
                result,
                instance,  # stored only from the table's owner (a bot's, and with ownership, any)
                self.note("move", table, n=table.n, m=[seat, data]),
                instance,
                also=write_clock,
            )
        except StaleMove as exc:
            await self.catch_up(table)  # another server played first: the table as it is now
            raise ApiError(
                409, f"stale move: {exc}; look at the table again", code=errors.STALE
            ) from exc
        except NotOwner as exc:
            await self.catch_up(table)
            raise ApiError(409, str(exc), code=errors.NOT_OWNER) from exc
        except StorageError as exc:
            log.warning("move %d of table %s not saved: %s", table.n, table.id, exc)
            raise ApiError(
                503, "the database could not save the move now, so it was not played; try again"
            ) from exc
        table.state = following
        table.moves.append([seat, data])
        table.active_at = now()
        if clock is not None:
            table.clock = clock

    def changed(self, table: Table) -> None:
        for listener in list(table.listeners):
            listener.put_payload(table.payload_text(listener.seat))
        if table.over:
            self._remember_finished(table)
        self.schedule_bots(table)
        self.keeper.wake_up()  # the next deadline may have moved
        if self.owns(table):  # one server calls a seat's webhook, not every one following
            self.notifier.changed(table)

    # ----- bots (bot_turns.py) ---------------------------------------------------------------------
    def schedule_bots(self, table: Table) -> None:
        """Lets the bots called on at `table` think and play (this server's tables only)."""
        self.bot_turns.schedule(table)

    # ----- chat (chat.py) and listeners ---------------------------------------------------------------
    async def say(self, table: Table, seat: int | None, text, to) -> None:
        await self.chat.say(table, seat, text, to)

    def send_chat(self, table: Table, line: dict) -> None:
        self.chat.send(table, line)

    def subscribe(self, table: Table, listener: Listener) -> None:
        before = table.local_seats()
        table.listeners.add(listener)
        listener.put_payload(table.payload_text(listener.seat))
        listener.put(dumps(table.chat_for(listener.seat, page=self.settings.chat_page)))
        self._presence(table, before)

    def unsubscribe(self, table: Table, listener: Listener) -> None:
        before = table.local_seats()
        table.listeners.discard(listener)
        table.seen_at = self.keeper.now()  # watched until now (unloading.py)
        self._presence(table, before)

    def _presence(self, table: Table, before: set) -> None:
        self.note_away(table)
        self.send_seats(table)
        if table.local_seats() != before:
            self.cluster.presence_changed(table)

    def send_seats(self, table: Table) -> None:
        frame = dumps({"seats": table.seats_info()})
        for listener in list(table.listeners):
            listener.put(frame)


def refusal(exc: IllegalAction, state, seat: int) -> ApiError:
    """The rules' refusal of a move: out of turn, or not a legal move now (with its clause)."""
    code = errors.ILLEGAL if seat in state.seats_to_act() else errors.NOT_YOUR_TURN
    return ApiError(400, exc.reason, exc.clause, code)


def short(exc: Exception) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:200]
