"""Where tables live: SQLAlchemy Core over an SQLite file (default) or PostgreSQL.

Event-sourced (the tables are described in stored.py): a table's state is the replay of its
moves; `famiglia_moves` is unique on (table, n), n being the number of moves played before that
one, so one slot can never be played twice, not even by two servers sharing one PostgreSQL: the
second insert fails, and that server reloads the table and answers 409. On PostgreSQL a write may carry a notification (`note`) for the other servers,
sent in the same transaction, so it reaches them exactly when the write is committed (peers.py);
a table's `owner` is the server that plays its bots.

Writes go through one writer thread that commits whatever has queued up in one transaction
(group commit): a move is acknowledged only once it is on disk, and under load many moves share
a disk flush. Reads (start-up, finished tables) use the ordinary connection pool.
"""

from __future__ import annotations

import asyncio
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import (
    create_engine,
    event,
    func,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from .migrations import LOCKS
from .stored import (  # noqa: F401  (the schema is read through storage too)
    Changes,
    StoredSeat,
    StoredTable,
    chat,
    clocks,
    game_tables,
    metadata,
    moves,
    player_keys,
    players,
    rating_history,
    ratings,
    seats,
    webhooks,
)
from .writer import Writer

MIGRATIONS = Path(__file__).parent / "migrations"


class StaleMove(Exception):
    """The move slot (table, n) is already taken."""


class StorageError(Exception):
    """The database could not be reached or refused a write."""


class StaleSeat(Exception):
    """The seat was changed meanwhile (by another server): it is not what the change expected."""


class NotOwner(Exception):
    """A bot's move from a server that no longer plays the table's bots."""


CHANNEL = "famiglia"  # PostgreSQL's notification channel of the servers sharing a database

# The live servers of this database: each holds a session advisory lock on (LOCKS, its instance
# number) while it runs (peers.py); key 0 is the migrations' lock, never a server.
LIVE_SERVERS = f"""
    SELECT objid::bigint FROM pg_locks
    WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND objid <> 0
      AND classid::bigint = {LOCKS}
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
"""


def now() -> datetime:
    return datetime.now(UTC)


def same(column, value):
    """`column = value`, where None is SQL's NULL."""
    return column.is_(None) if value is None else column == value


def seat_columns(seat: StoredSeat) -> dict:
    """A seat's row of famiglia_seats but its table and number: StoredSeat's fields are those
    columns, one for one."""
    return asdict(seat)


def utc(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; they were written in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def database_url(text: str) -> str:
    """A SQLAlchemy URL from what a user types: a file name, sqlite:///..., postgresql://..."""
    if "://" not in text:
        return f"sqlite:///{Path(text).expanduser().resolve()}"
    scheme, rest = text.split("://", 1)
    if scheme in ("postgresql", "postgres", "postgresql+psycopg"):
        return f"postgresql+psycopg://{rest}"
    if scheme in ("sqlite", "sqlite+pysqlite"):
        return text
    raise ValueError(
        f"unsupported database {scheme!r}; use a file name, sqlite:///path/file.db "
        "or postgresql://user:password@host/database"
    )


def shown_url(url: str) -> str:
    return make_url(url).render_as_string(hide_password=True)


# Built once: a statement made per write costs the writer thread (and so, through the GIL, the
# event loop) several times what executing it does.
INSERT_MOVE = moves.insert()


SYNC_MODES = ("full", "normal")


def sqlite_sync(url: str, default: str) -> tuple[str, str]:
    """Splits `?synchronous=full|normal` off a SQLite URL: (the URL without it, the mode).

    full flushes every commit to the disk before the move is answered (nothing acknowledged is
    lost, even to a power cut); normal leaves the flush to the checkpoints (a killed server
    still loses nothing, a power cut may lose the last moves; the file stays sound either way).
    """
    parsed = make_url(url)
    mode = parsed.query.get("synchronous", default)
    if isinstance(mode, tuple):
        raise ValueError("give synchronous= once")
    if mode.lower() not in SYNC_MODES:
        raise ValueError(f"synchronous={mode} is not a choice; use {' or '.join(SYNC_MODES)}")
    rest = parsed.difference_update_query(["synchronous"])
    return rest.render_as_string(hide_password=False), mode.upper()


class Storage:
    def __init__(self, url: str, sqlite_synchronous: str = "FULL") -> None:
        self.url = database_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        if self.is_sqlite:
            self.url, mode = sqlite_sync(self.url, sqlite_synchronous)
        elif "synchronous=" in self.url:
            raise ValueError("synchronous= is for SQLite files; PostgreSQL has its own settings")
        self.engine = create_engine(self.url, pool_pre_ping=not self.is_sqlite)
        if self.is_sqlite:

            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_connection, _record):
                cursor = dbapi_connection.cursor()
                cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
                cursor.execute(f"PRAGMA synchronous={mode}")
                cursor.execute("PRAGMA foreign_keys=ON")
                cursor.execute("PRAGMA busy_timeout=10000")
                cursor.close()

        self.writer: Writer | None = None
        # Called as on_finish(conn, table_id, result) inside the transaction that stores a
        # table's end (ratings.py rates it there, so it is rated exactly when it ends).
        self.on_finish = None

    # ----- life --------------------------------------------------------------------------------
    def migrate(self) -> None:
        """Brings the schema up to the newest Alembic revision (creates it on a new database)."""
        from .migrations import upgrade

        upgrade(self.engine)

    def start(self) -> None:
        self.writer = Writer(self.engine)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None
        self.engine.dispose()

    async def _write(self, op):
        try:
            return await asyncio.wrap_future(self.writer.submit(op))
        except (IntegrityError, StaleMove, StaleSeat, NotOwner):
            raise
        except Exception as exc:
            raise StorageError(
                str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            ) from exc

    # ----- writes --------------------------------------------------------------------------------
    def _notify(self, conn, note: str | None) -> None:
        """Sends `note` to the other servers when this transaction commits (PostgreSQL)."""
        if note is not None and not self.is_sqlite:
            conn.execute(select(func.pg_notify(CHANNEL, note)))

    async def notify(self, note: str) -> None:
        """A notification on its own (a player came or went)."""
        await self._write(lambda conn: self._notify(conn, note))

    def _insert_table(self, conn, t: StoredTable) -> None:
        """The table's row (finished when it has a result) and its seats' rows."""
        conn.execute(
            game_tables.insert().values(
                id=t.id,
                game=t.game,
                players=t.players,
                seed=t.seed,
                options=t.options,
                agents=t.agents,
                version=t.version,
                name=t.name,
                creator_hash=t.creator_hash,
                created_at=t.created_at,
                result=t.result,
                finished=t.result is not None,
                owner=t.owner,
                creator_client=t.creator_client,
                creator_seat=t.creator_seat,
                rated=t.rated,
            )
        )
        conn.execute(
            seats.insert(),
            [dict(table_id=t.id, seat=i, **seat_columns(s)) for i, s in enumerate(t.seats)],
        )

    async def create_table(self, t: StoredTable, note: str | None = None, also=None) -> None:
        """Stores a new table; `also(conn)` writes what comes with it (its clock)."""

        def op(conn):
            self._insert_table(conn, t)
            if also is not None:
                also(conn)
            self._notify(conn, note)

        await self._write(op)

    async def append_move(
        self,
        table_id: str,
        n: int,
        seat: int,
        action: dict,
        result,
        owner: int | None = None,
        note: str | None = None,
        server: int | None = None,
        also=None,
    ) -> None:
        """Stores move number n (0-based) as made through `server`; StaleMove when that slot is
        already taken. With an `owner` (a bot's move on a shared database) the move is stored
        only if that server still plays the table's bots, else NotOwner. `also(conn)` writes
        what changes with the move in the same transaction (the clocks)."""

        def op(conn):
            if owner is not None:
                # FOR SHARE: nobody takes the table over before this move is committed
                row = conn.execute(
                    select(game_tables.c.owner)
                    .where(game_tables.c.id == table_id)
                    .with_for_update(read=True)
                ).first()
                if row is None or row.owner != owner:
                    raise NotOwner(f"this server no longer plays the bots of table {table_id}")
            conn.execute(
                INSERT_MOVE,
                dict(
                    table_id=table_id,
                    n=n,
                    seat=seat,
                    action=action,
                    played_at=now(),
                    server=server,
                ),
            )
            if result is not None:
                conn.execute(
                    update(game_tables)
                    .where(game_tables.c.id == table_id)
                    .values(result=result, finished=True)
                )
                if self.on_finish is not None:  # ratings: in the transaction storing the end
                    self.on_finish(conn, table_id, result)
            if also is not None:
                also(conn)
            self._notify(conn, note)

        try:
            await self._write(op)
        except IntegrityError as exc:
            raise StaleMove(f"move {n} of table {table_id} is already played") from exc

    async def set_seat(
        self,
        table_id: str,
        seat: int,
        s: StoredSeat,
        expected: StoredSeat | None = None,
        note: str | None = None,
    ) -> None:
        """Stores a seat; with `expected`, only if the stored seat is still that one (else
        StaleSeat): two servers never hand one seat to two people."""

        def op(conn):
            where = [seats.c.table_id == table_id, seats.c.seat == seat]
            if expected is not None:
                where += [
                    seats.c.kind == expected.kind,
                    seats.c.claimed == expected.claimed,
                    seats.c.open == expected.open,
                    same(seats.c.token_hash, expected.token_hash),
                    same(seats.c.claim_hash, expected.claim_hash),
                ]
            done = conn.execute(update(seats).where(*where).values(**seat_columns(s)))
            if expected is not None and done.rowcount != 1:
                raise StaleSeat(f"seat {seat} of table {table_id} was changed meanwhile")
            self._notify(conn, note)

        await self._write(op)

    async def add_chat(self, table_id: str, line: dict, note: str | None = None) -> None:
        """Stores a chat line; StaleMove when its number is taken (another server's line)."""

        def op(conn):
            conn.execute(
                chat.insert().values(
                    table_id=table_id,
                    k=line["k"],
                    seat=line["seat"],
                    recipients=line["to"],
                    text=line["text"],
                    said_at=line["at"],
                )
            )
            self._notify(conn, note)

        try:
            await self._write(op)
        except IntegrityError as exc:
            raise StaleMove(f"chat line {line['k']} of table {table_id} exists") from exc

    async def close_table(self, table_id: str, reason: str, note: str | None = None) -> bool:
        """Closes an unfinished table without a result; False if it had finished or closed."""

        def op(conn):
            done = conn.execute(
                update(game_tables)
                .where(
                    game_tables.c.id == table_id,
                    game_tables.c.finished.is_(False),
                    game_tables.c.closed.is_(None),
                )
                .values(closed=reason[:200], closed_at=now())
            )
            if done.rowcount == 1:
                self._notify(conn, note)
            return done.rowcount == 1

        return await self._write(op)

    def insert_finished(self, t: StoredTable) -> None:
        """Stores a finished game (a record file's, to be replayed): the table with its result,
        its seats and its moves, in one transaction (blocking: before serving)."""
        with self.engine.begin() as conn:
            self._insert_table(conn, t)
            if t.moves:
                conn.execute(
                    INSERT_MOVE,
                    [
                        dict(table_id=t.id, n=n, seat=seat, action=action, played_at=t.created_at)
                        for n, (seat, action) in enumerate(t.moves)
                    ],
                )

    # ----- reads (blocking: call them from a thread, or before serving) ------------------------
    def unfinished(self, owner: int | None = None) -> list[StoredTable]:
        """The running tables (of `owner` only, when given: several servers)."""
        with self.engine.connect() as conn:
            query = select(game_tables).where(
                game_tables.c.finished.is_(False), game_tables.c.closed.is_(None)
            )
            if owner is not None:
                query = query.where(game_tables.c.owner == owner)
            rows = conn.execute(query.order_by(game_tables.c.created_at)).all()
            return [self._fill(conn, row) for row in rows]

    def changes(self, table_id: str, n: int, k: int) -> Changes | None:
        """The table's owner and seats, its moves from number n, its chat from line k."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(game_tables.c.owner, game_tables.c.closed).where(
                    game_tables.c.id == table_id
                )
            ).first()
            if row is None:
                return None
            filled = self._rows(conn, table_id, n, k)
            return Changes(row.owner, *filled, closed=row.closed)

    def load(self, table_id: str) -> StoredTable | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(game_tables).where(game_tables.c.id == table_id)).first()
            return None if row is None else self._fill(conn, row)

    def _rows(self, conn, table_id: str, n: int = 0, k: int = 0) -> tuple[list, list, list]:
        """Seats, moves from number n, chat lines from number k."""
        seat_rows = conn.execute(
            select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
        ).all()
        move_rows = conn.execute(
            select(moves.c.n, moves.c.seat, moves.c.action)
            .where(moves.c.table_id == table_id, moves.c.n >= n)
            .order_by(moves.c.n)
        ).all()
        chat_rows = conn.execute(
            select(chat).where(chat.c.table_id == table_id, chat.c.k >= k).order_by(chat.c.k)
        ).all()
        return (
            [
                StoredSeat(
                    s.kind, s.token_hash, s.claimed, s.claim_hash, s.open, s.name, s.player_id
                )
                for s in seat_rows
            ],
            [[m.seat, m.action] for m in move_rows],
            [
                {"k": c.k, "seat": c.seat, "to": c.recipients, "text": c.text, "at": utc(c.said_at)}
                for c in chat_rows
            ],
        )

    def _fill(self, conn, row) -> StoredTable:
        table_id = row.id
        seat_list, move_list, chat_list = self._rows(conn, table_id)
        last = conn.execute(
            select(func.max(moves.c.played_at)).where(moves.c.table_id == table_id)
        ).scalar()
        return StoredTable(
            id=table_id,
            game=row.game,
            players=row.players,
            seed=row.seed,
            options=row.options,
            agents=row.agents,
            version=row.version,
            name=row.name,
            creator_hash=row.creator_hash,
            created_at=utc(row.created_at),
            seats=seat_list,
            result=row.result,
            moves=move_list,
            chat=chat_list,
            owner=row.owner,
            creator_client=row.creator_client,
            creator_seat=row.creator_seat,
            closed=row.closed,
            last_move_at=utc(last) if last is not None else None,
            rated=row.rated,
            **self._clock_and_webhooks(conn, table_id),
        )

    def _clock_and_webhooks(self, conn, table_id: str) -> dict:
        """A table's clock state and its seats' webhooks (migration 0006)."""
        state = conn.execute(select(clocks.c.state).where(clocks.c.table_id == table_id)).scalar()
        hooks = conn.execute(
            select(webhooks.c.seat, webhooks.c.url, webhooks.c.page).where(
                webhooks.c.table_id == table_id
            )
        ).all()
        return {"clock": state, "webhooks": {row.seat: (row.url, row.page) for row in hooks}}
