"""Players without passwords: a key per device, a name they may change, a one-time transfer
link to another device, and an optional password account.

Secrets and who holds them: a player key (192 random bits, like a seat token) is made for a
browser and kept in its localStorage; the database keeps its SHA-256 only, so a stolen database
gives no key back. A player's id is public (page addresses, leaderboards) and is not the key.
A transfer link holds a one-time code (hashed here too) that works for 15 minutes. A password
is kept as argon2's hash; logging in answers the same words, in about the same time, whether
the name has no account or the password is wrong, so nobody learns which names have one.
"""

from __future__ import annotations

import asyncio
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import desc, insert, select, update

from . import errors
from .errors import ApiError
from .limits import PerClient
from .security import bearer, hash_token, new_token
from .storage import Storage, game_tables, now, player_keys, players, seats, utc

SEEN_EVERY = timedelta(minutes=10)  # a device's "last seen" is written at most this often

TRANSFER_MINUTES = 15
PASSWORD_MIN, PASSWORD_MAX = 8, 200
LOGIN_TRIES = 5  # accounts sharing one name that a login checks (newest first)
PLAYER_ID = r"^[A-Za-z0-9_-]{1,16}$"


@dataclass
class Player:
    id: str
    name: str | None
    has_password: bool
    created_at: datetime
    device: str | None = None  # the public id of the key this call came with (devices.py)

    def to_json(self) -> dict:
        return {"id": self.id, "name": self.name, "password": self.has_password}


def _player(row, device: str | None = None) -> Player:
    return Player(row.id, row.name, row.password_hash is not None, utc(row.created_at), device)


def key_row(player_id: str, key: str, at: datetime) -> dict:
    """A new device's key row: its hash, and a public id its player signs it out by."""
    return dict(
        key_hash=hash_token(key),
        player_id=player_id,
        created_at=at,
        id=secrets.token_urlsafe(9),
        last_seen=at,
    )


def _hasher():
    from argon2 import PasswordHasher  # the server extra's argon2-cffi

    # argon2id at OWASP's recommended cost (19 MiB, 2 passes, 1 lane): tens of milliseconds
    # here, so a login neither stalls a small server nor is cheap to guess at.
    return PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)


class Players:
    def __init__(self, storage: Storage, hasher=None) -> None:
        self.storage = storage
        self.hasher = hasher or _hasher()
        # A hash to check a password against when the name has no account, so that both
        # answers take one argon2 verification.
        self.dummy = self.hasher.hash(secrets.token_urlsafe(16))
        self.making = PerClient(20, "new players")
        self.logins = PerClient(10, "logins or password changes")
        self.transfers = PerClient(10, "transfer links opened")

    # ----- who is calling -----------------------------------------------------------------------
    async def by_key(self, key: str | None) -> Player | None:
        """The player whose key this is; None for no key or an unknown one."""
        if not key:
            return None
        # Found by its hash's index: the attacker picks the key, not the hash it is looked up
        # by, so the lookup's timing tells nothing about any stored key.
        digest = hash_token(key)

        def read():
            with self.storage.engine.connect() as conn:
                return conn.execute(
                    select(
                        players,
                        player_keys.c.id.label("device"),
                        player_keys.c.last_seen,
                        player_keys.c.revoked_at,
                    )
                    .join(player_keys, player_keys.c.player_id == players.c.id)
                    .where(player_keys.c.key_hash == digest)
                ).first()

        row = await self.read_db(read)
        if row is None:
            return None
        if row.revoked_at is not None:
            raise ApiError(
                401,
                "this player key was signed out (from the player's list of devices) and opens "
                "nothing any more; log in again with the password, or use a transfer link",
                code=errors.SIGNED_OUT,
            )
        at = now()
        if row.last_seen is None or at - utc(row.last_seen) > SEEN_EVERY:
            await self._seen(digest, at)
        return _player(row, row.device)

    async def _seen(self, digest: str, at: datetime) -> None:
        """The device's last use (best effort: a busy database costs the caller nothing)."""

        def op(conn):
            conn.execute(
                update(player_keys).where(player_keys.c.key_hash == digest).values(last_seen=at)
            )

        try:
            await self.storage._write(op)
        except Exception:  # noqa: BLE001 (only a date shown to the player is late)
            pass

    async def me(self, authorization: str | None) -> Player:
        """The player of an `Authorization: Bearer PLAYER_KEY` header, or 401."""
        player = await self.by_key(bearer(authorization))
        if player is None:
            raise ApiError(
                401,
                "this needs your player key: send 'Authorization: Bearer PLAYER_KEY' with the "
                "key POST /api/players answered (your browser keeps it)",
            )
        return player

    async def from_header(self, key: str | None) -> Player | None:
        """The player of an `X-Player: PLAYER_KEY` header (claim, join, a new table); None
        without one, 401 for a key that is no player's."""
        if key is None:
            return None
        player = await self.by_key(key.strip())
        if player is None:
            raise ApiError(
                401,
                "the X-Player header holds no player's key; send the key POST /api/players "
                "answered, or leave the header out to sit without a player",
            )
        return player

    # ----- making and changing -------------------------------------------------------------------
    async def create(self, name: str | None, client: str) -> tuple[Player, str]:
        self.making.spend(client)
        player_id, key, at = secrets.token_urlsafe(9), new_token(), now()

        def op(conn):
            conn.execute(insert(players).values(id=player_id, name=name, created_at=at))
            conn.execute(insert(player_keys).values(key_row(player_id, key, at)))

        await self._write(op)
        return Player(player_id, name, False, at), key

    async def rename(self, player: Player, name: str | None) -> Player:
        """A new name (None: none); an account's login name follows it."""

        def op(conn):
            values = {"name": name}
            if player.has_password:
                values["login"] = name.casefold() if name else None
            conn.execute(update(players).where(players.c.id == player.id).values(**values))

        if player.has_password and name is None:
            raise ApiError(422, "an account with a password logs in by its name: keep one")
        await self._write(op)
        return Player(player.id, name, player.has_password, player.created_at)

    async def transfer(self, player: Player) -> tuple[str, datetime]:
        """A new one-time transfer code (the last one stops working); until when it works."""
        code, until = new_token(), now() + timedelta(minutes=TRANSFER_MINUTES)

        def op(conn):
            conn.execute(
                update(players)
                .where(players.c.id == player.id)
                .values(transfer_hash=hash_token(code), transfer_until=until)
            )

        await self._write(op)
        return code, until

    async def redeem(self, code: str, client: str) -> tuple[Player, str]:
        """A transfer code for a new key of its player, once, within its 15 minutes."""
        self.transfers.spend(client)
        digest, key, at = hash_token(code), new_token(), now()

        def op(conn):
            row = conn.execute(select(players).where(players.c.transfer_hash == digest)).first()
            if row is None:
                return None
            # Used or not, the code dies here; the WHERE makes a second server's use fail.
            done = conn.execute(
                update(players)
                .where(players.c.id == row.id, players.c.transfer_hash == digest)
                .values(transfer_hash=None, transfer_until=None)
            )
            if done.rowcount != 1 or utc(row.transfer_until) < at:
                return None
            conn.execute(insert(player_keys).values(key_row(row.id, key, at)))
            return row

        row = await self._write(op)
        if row is None:
            raise ApiError(
                403,
                "this transfer link opens nothing: it was used already, is older than "
                f"{TRANSFER_MINUTES} minutes, or a newer one replaced it; make a new one",
            )
        return _player(row), key

    async def set_password(self, player: Player, password: str, client: str) -> Player:
        self.logins.spend(client)
        if not player.name:
            raise ApiError(422, "give yourself a name first (PATCH /api/me): you log in with it")
        digest = await asyncio.to_thread(self.hasher.hash, password)

        def op(conn):
            conn.execute(
                update(players)
                .where(players.c.id == player.id)
                .values(password_hash=digest, login=player.name.casefold())
            )

        await self._write(op)
        return Player(player.id, player.name, True, player.created_at)

    async def login(self, name: str, password: str, client: str) -> tuple[Player, str]:
        """A new key for the account of that name and password; one refusal for every failure."""
        self.logins.spend(client)
        login = re.sub(r" {2,}", " ", name.strip()).casefold()  # as names are kept

        def read():
            with self.storage.engine.connect() as conn:
                return conn.execute(
                    select(players)
                    .where(players.c.login == login, players.c.password_hash.isnot(None))
                    .order_by(desc(players.c.created_at))
                    .limit(LOGIN_TRIES)
                ).all()

        rows = await self.read_db(read)
        found = await asyncio.to_thread(self._check, rows, password)
        if found is None:
            raise ApiError(401, "the name or the password is wrong")
        key, at = new_token(), now()

        def op(conn):
            conn.execute(insert(player_keys).values(key_row(found.id, key, at)))

        await self._write(op)
        return _player(found), key

    def _check(self, rows, password: str):
        """The first row whose hash the password matches; always at least one verification."""
        from argon2.exceptions import InvalidHashError, VerificationError

        found = None
        for row in rows or [None]:
            try:
                self.hasher.verify(row.password_hash if row else self.dummy, password)
                if row is not None and found is None:
                    found = row
            except (VerificationError, InvalidHashError):
                pass
        return found

    # ----- what they played ---------------------------------------------------------------------
    def seats_of(self, player_id: str, finished_only: bool = False, limit: int = 50) -> list:
        """(table row, seat number) of the player's seats, newest table first (blocking)."""
        with self.storage.engine.connect() as conn:
            query = (
                select(game_tables, seats.c.seat)
                .join(seats, seats.c.table_id == game_tables.c.id)
                .where(seats.c.player_id == player_id)
                .order_by(desc(game_tables.c.created_at), seats.c.seat)
                .limit(limit)
            )
            if finished_only:
                query = query.where(game_tables.c.finished.is_(True))
            rows = conn.execute(query).all()
            ids = list({row.id for row in rows})
            seat_rows = conn.execute(
                select(seats).where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)
            ).all()
        by_table: dict[str, list] = {}
        for s in seat_rows:
            by_table.setdefault(s.table_id, []).append(s)
        return [(row, row.seat, by_table.get(row.id, [])) for row in rows]

    async def public(self, player_id: str) -> Player:
        def read():
            with self.storage.engine.connect() as conn:
                return conn.execute(select(players).where(players.c.id == player_id)).first()

        row = await self.read_db(read)
        if row is None:
            raise ApiError(404, f"no player {player_id[:20]!r}")
        return _player(row)

    # ----- the database: reads in a thread, writes through the storage's writer --------------
    async def read_db(self, read):
        try:
            return await asyncio.to_thread(read)
        except Exception as exc:
            raise ApiError(503, "the database cannot be read now; try again in a moment") from exc

    async def _write(self, op):
        try:
            return await self.storage._write(op)
        except Exception as exc:
            raise ApiError(503, "the database could not save this now; try again") from exc
