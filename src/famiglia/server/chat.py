"""A table's chat: a seat's line checked, stored, then sent to each listener who may read it.

Split from hub.py, which hands its calls here (`hub.say`, `hub.send_chat`); it reaches back
only for the settings, the storage and the notes of the hub.
"""

from __future__ import annotations

import logging

from . import errors
from .errors import ApiError
from .schemas import MAX_TEXT, unprintable
from .storage import StaleMove, StorageError, now
from .tables import Table, chat_json, dumps, guarded, may_read

log = logging.getLogger("famiglia.server")


class Chat:
    """The chat of the hub's tables."""

    def __init__(self, hub) -> None:
        self.hub = hub

    async def say(self, table: Table, seat: int | None, text, to) -> None:
        if seat is None:
            raise ApiError(403, "spectators cannot chat; only seated players can")
        if not isinstance(text, str) or not text.strip():
            raise ApiError(400, "a chat line is some text")
        text = text.strip()
        if len(text) > MAX_TEXT or unprintable(text):
            raise ApiError(
                400,
                f"a chat line has at most {MAX_TEXT} characters, no control characters and no "
                "direction overrides",
            )
        if to is not None:
            seats = range(len(table.seats))
            if (
                not isinstance(to, list)
                or not to
                or any(isinstance(s, bool) or not isinstance(s, int) or s not in seats for s in to)
            ):
                raise ApiError(
                    400, f"'to' lists the seats a private line goes to, from 0 to {len(seats) - 1}"
                )
            to = sorted(set(to))
        await guarded(self._say(table, seat, text, to))

    async def _say(self, table: Table, seat: int, text: str, to) -> None:
        lines, size = self.hub.settings.chat_lines, self.hub.settings.chat_bytes
        async with table.lock:
            for _attempt in range(3):  # another server's line took the number: the next one
                if len(table.chat) >= lines or table.chat_bytes() + len(text.encode()) > size:
                    raise ApiError(
                        409,
                        f"this table's chat is full (at most {lines} lines, {size} bytes)",
                        code=errors.CHAT_FULL,
                    )
                share = lines // len(table.seats)  # so one player cannot fill it
                if sum(1 for line in table.chat if line["seat"] == seat) >= share:
                    raise ApiError(
                        409,
                        f"you have written your share of this table's chat ({share} lines)",
                        code=errors.CHAT_FULL,
                    )
                k = len(table.chat)
                line = {"k": k, "seat": seat, "to": to, "text": text, "at": now()}
                try:
                    await self.hub.storage.add_chat(
                        table.id, line, self.hub.note("chat", table, k=k)
                    )
                    break
                except StaleMove as exc:  # alone, nobody else can have taken the number
                    if not await self.hub.catch_up(table):
                        raise ApiError(503, "the chat line could not be saved; try again") from exc
                except StorageError as exc:
                    log.warning("a chat line of table %s not saved: %s", table.id, exc)
                    raise ApiError(
                        503, "the database could not save the chat line now; try again"
                    ) from exc
            else:
                raise ApiError(503, "the chat line could not be saved: the table is too busy")
            table.chat.append(line)
        self.send(table, line)

    def send(self, table: Table, line: dict) -> None:
        """A new line (already in table.chat) to each listener who may read it, numbered among
        the lines that listener may read."""
        frames: dict = {}  # seat -> its frame
        for listener in list(table.listeners):
            seat = listener.seat
            if may_read(line, seat):
                if seat not in frames:
                    k = table.chat_count(seat) - 1
                    frames[seat] = dumps({"chat": [chat_json(line, k)]})
                listener.put(frames[seat])
