"""Where tables live: SQLAlchemy Core over an SQLite file (default) or PostgreSQL.

Event-sourced: a table row holds the record's header (game, players, seed, options, agents,
version) and the creator's token hash; its seats, its moves and its chat lines are rows of their
own. A table's state is the replay of its moves; `famiglia_moves` is unique on (table, n), n being
the number of moves played before that one, so one slot can never be played twice, not even by
two servers sharing one PostgreSQL (they would see the second insert fail and answer 409).

Writes go through one writer thread that commits whatever has queued up in one transaction
(group commit): a move is acknowledged only once it is on disk, and under load many moves share
a disk flush. Reads (start-up, finished tables) use the ordinary connection pool.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    select,
    update,
)
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import IntegrityError

MIGRATIONS = Path(__file__).parent / "migrations"
BATCH = 256  # writes committed together at most

metadata = MetaData()

game_tables = Table(
    "famiglia_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", JSON, nullable=False),
    Column("agents", JSON, nullable=False),
    Column("version", String(20), nullable=False),
    Column("name", String(80), nullable=False),
    Column("creator_hash", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    # Written in the same transaction as the move that ends the game.
    Column("result", JSON(none_as_null=True), nullable=True),
    Column("finished", Boolean, nullable=False),
    Index("ix_famiglia_tables_finished", "finished"),
)

seats = Table(
    "famiglia_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("famiglia_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(200), nullable=False),  # "human" or a bot spec
    Column("token_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False),  # someone holds the token: not free to join
)

moves = Table(
    "famiglia_moves",
    metadata,
    Column("table_id", String(32), ForeignKey("famiglia_tables.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", JSON, nullable=False),
    Column("played_at", DateTime(timezone=True), nullable=False),
)

chat = Table(
    "famiglia_chat",
    metadata,
    Column("table_id", String(32), ForeignKey("famiglia_tables.id"), primary_key=True),
    Column("k", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("recipients", JSON(none_as_null=True), nullable=True),  # None: the whole table
    Column("text", Text, nullable=False),
    Column("said_at", DateTime(timezone=True), nullable=False),
)


class StaleMove(Exception):
    """The move slot (table, n) is already taken."""


class StorageError(Exception):
    """The database could not be reached or refused a write."""


@dataclass
class StoredSeat:
    kind: str
    token_hash: str | None
    claimed: bool


@dataclass
class StoredTable:
    id: str
    game: str
    players: int
    seed: int
    options: dict
    agents: list
    version: str
    name: str
    creator_hash: str
    created_at: datetime
    seats: list[StoredSeat]
    result: dict | None = None
    moves: list = field(default_factory=list)  # [seat, action_json] in order
    chat: list = field(default_factory=list)  # {k, seat, to, text, at}


def now() -> datetime:
    return datetime.now(UTC)


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


class Writer:
    """One thread that runs queued write operations, many per transaction."""

    def __init__(self, engine) -> None:
        self.engine = engine
        self.jobs: queue.Queue = queue.Queue()
        self.thread = threading.Thread(target=self._run, name="famiglia-db-writer", daemon=True)
        self.thread.start()

    def submit(self, op: Callable[[Connection], object]) -> concurrent.futures.Future:
        future: concurrent.futures.Future = concurrent.futures.Future()
        self.jobs.put((op, future))
        return future

    def close(self) -> None:
        self.jobs.put(None)
        self.thread.join()

    def _run(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None:
                return
            batch = [job]
            while len(batch) < BATCH:
                try:
                    job = self.jobs.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    self.jobs.put(None)  # finish this batch, then stop
                    break
                batch.append(job)
            self._commit(batch)

    def _commit(self, batch) -> None:
        try:
            with self.engine.begin() as conn:
                results = [op(conn) for op, _ in batch]
        except Exception:
            if len(batch) == 1:
                results = None
            else:  # one write spoilt the batch: run each alone, so only it fails
                for job in batch:
                    self._commit([job])
                return
        if results is None:
            op, future = batch[0]
            try:
                with self.engine.begin() as conn:
                    future.set_result(op(conn))
            except Exception as exc:  # handed to whoever waits for the write
                future.set_exception(exc)
            return
        for (_, future), result in zip(batch, results, strict=True):
            future.set_result(result)


class Storage:
    def __init__(self, url: str, sqlite_synchronous: str = "FULL") -> None:
        self.url = database_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        self.engine = create_engine(self.url, pool_pre_ping=not self.is_sqlite)
        if self.is_sqlite:
            mode = sqlite_synchronous.upper()

            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_connection, _record):
                cursor = dbapi_connection.cursor()
                cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
                cursor.execute(f"PRAGMA synchronous={mode}")  # FULL: flushed on every commit
                cursor.execute("PRAGMA foreign_keys=ON")
                cursor.execute("PRAGMA busy_timeout=10000")
                cursor.close()

        self.writer: Writer | None = None

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
        except (IntegrityError, StaleMove):
            raise
        except Exception as exc:
            raise StorageError(
                str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            ) from exc

    # ----- writes --------------------------------------------------------------------------------
    async def create_table(self, t: StoredTable) -> None:
        def op(conn):
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
                    result=None,
                    finished=False,
                )
            )
            conn.execute(
                seats.insert(),
                [
                    dict(
                        table_id=t.id,
                        seat=i,
                        kind=s.kind,
                        token_hash=s.token_hash,
                        claimed=s.claimed,
                    )
                    for i, s in enumerate(t.seats)
                ],
            )

        await self._write(op)

    async def append_move(self, table_id: str, n: int, seat: int, action: dict, result) -> None:
        """Stores move number n (0-based); StaleMove when that slot is already taken."""

        def op(conn):
            conn.execute(
                moves.insert().values(
                    table_id=table_id, n=n, seat=seat, action=action, played_at=now()
                )
            )
            if result is not None:
                conn.execute(
                    update(game_tables)
                    .where(game_tables.c.id == table_id)
                    .values(result=result, finished=True)
                )

        try:
            await self._write(op)
        except IntegrityError as exc:
            raise StaleMove(f"move {n} of table {table_id} is already played") from exc

    async def set_seat(self, table_id: str, seat: int, s: StoredSeat) -> None:
        def op(conn):
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(kind=s.kind, token_hash=s.token_hash, claimed=s.claimed)
            )

        await self._write(op)

    async def add_chat(self, table_id: str, line: dict) -> None:
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

        try:
            await self._write(op)
        except IntegrityError as exc:
            raise StorageError(f"chat line {line['k']} of table {table_id} exists") from exc

    # ----- reads (blocking: call them from a thread, or before serving) ------------------------
    def unfinished(self) -> list[StoredTable]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(game_tables)
                .where(game_tables.c.finished.is_(False))
                .order_by(game_tables.c.created_at)
            ).all()
            return [self._fill(conn, row) for row in rows]

    def load(self, table_id: str) -> StoredTable | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(game_tables).where(game_tables.c.id == table_id)).first()
            return None if row is None else self._fill(conn, row)

    def _fill(self, conn, row) -> StoredTable:
        table_id = row.id
        seat_rows = conn.execute(
            select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
        ).all()
        move_rows = conn.execute(
            select(moves.c.n, moves.c.seat, moves.c.action)
            .where(moves.c.table_id == table_id)
            .order_by(moves.c.n)
        ).all()
        chat_rows = conn.execute(
            select(chat).where(chat.c.table_id == table_id).order_by(chat.c.k)
        ).all()
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
            seats=[StoredSeat(s.kind, s.token_hash, s.claimed) for s in seat_rows],
            result=row.result,
            moves=[[m.seat, m.action] for m in move_rows],
            chat=[
                {"k": c.k, "seat": c.seat, "to": c.recipients, "text": c.text, "at": utc(c.said_at)}
                for c in chat_rows
            ],
        )
