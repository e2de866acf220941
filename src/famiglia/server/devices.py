"""A player's devices (docs/server.md, "Devices"): each key that holds the player's identity
(the first visit, each transfer link and each login make one), listed to that player only, with
when it was made and last used, the calling one marked; a device is signed out by its id, and
its key is refused from then on everywhere (players.by_key, code `signed_out`).

A device's id is public to its own player only and opens nothing: the key itself is never kept
(its hash is) nor shown again. Signing out keeps the row (revoked_at), so a signed-out key is
told why it no longer works rather than taken for a stranger's.
"""

from __future__ import annotations

import re

from sqlalchemy import select, update

from .errors import ApiError
from .limits import PerClient
from .players import Player, Players
from .storage import now, player_keys, utc

DEVICE_ID = re.compile(r"^[A-Za-z0-9_-]{1,16}$")
MAX_LISTED = 100  # devices listed (newest first); a player rarely has more than a handful


class Devices:
    def __init__(self, players: Players) -> None:
        self.players = players
        self.sign_outs = PerClient(30, "device sign-outs")

    async def of(self, player: Player) -> list[dict]:
        """The player's signed-in devices, newest first; `this` marks the caller's."""
        storage = self.players.storage

        def read():
            with storage.engine.connect() as conn:
                return conn.execute(
                    select(player_keys.c.id, player_keys.c.created_at, player_keys.c.last_seen)
                    .where(
                        player_keys.c.player_id == player.id,
                        player_keys.c.revoked_at.is_(None),
                    )
                    .order_by(player_keys.c.created_at.desc())
                    .limit(MAX_LISTED)
                ).all()

        rows = await self.players.read_db(read)
        return [
            {
                "id": row.id,
                "created_at": utc(row.created_at).isoformat(),
                "last_seen": utc(row.last_seen).isoformat() if row.last_seen else None,
                "this": row.id == player.device,
            }
            for row in rows
        ]

    async def sign_out(self, player: Player, device: str, client: str) -> dict:
        """Signs one of the player's own devices out (this one too, if asked); 404 for an id
        that is none of theirs, or one signed out already."""
        self.sign_outs.spend(client)
        if not DEVICE_ID.match(device):
            raise ApiError(404, "no such device: its id is what GET /api/me/devices lists")
        at = now()

        def op(conn):
            done = conn.execute(
                update(player_keys)
                .where(
                    player_keys.c.id == device,
                    player_keys.c.player_id == player.id,
                    player_keys.c.revoked_at.is_(None),
                )
                .values(revoked_at=at)
            )
            return done.rowcount

        if await self.players._write(op) != 1:
            raise ApiError(
                404,
                f"no signed-in device {device!r} of yours; GET /api/me/devices lists them",
            )
        return {"id": device, "signed_out": at.isoformat(), "this": device == player.device}
