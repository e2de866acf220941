"""Spectators of another server's table, fanned out here: one socket to the owner per table,
however many watch it through this server (issue 42: the owner does not carry every socket).

A spectator's socket (no token) reaching a server that does not own the table joins that
table's `Feed`: the feed holds one spectator socket of its own on the owner's and hands each
frame to every local spectator: the payload (each replaces the last), the seats, the chat
lines, a rematch. All of it is what any spectator of the owner receives, so nothing a seat
hides can pass here. A spectator who arrives while the feed is open gets what the owner would
have sent it on connecting: the last payload, the last page of the chat, the seats.

A spectator's own frames are answered here as the owner would answer them (it cannot move or
chat), except a request for older chat lines, which goes up the feed's socket; its answer
comes back in order and goes to the spectator who asked. When the owner's socket closes (the
table moved, its server died, the table closed), every local spectator's socket closes with
its code and reason, and they reconnect, to a new feed. The last spectator to leave closes it.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque

from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from . import errors
from .errors import error_json
from .forwarding import GONE, HOP, RESTART, TRY_LATER, base_of, ownership_of, peer_headers
from .tables import Listener, dumps

log = logging.getLogger("famiglia.server")

MAX_ASKED = 64  # pages of older chat lines asked of the owner and not yet answered, per feed


class Feed:
    """This server's spectators of one table owned elsewhere, and its one socket there."""

    def __init__(self, feeds: Spectators, table_id: str, address: str, base: str) -> None:
        self.feeds, self.id, self.address, self.base = feeds, table_id, address, base
        self.page = feeds.settings.chat_page
        self.listeners: set[Listener] = set()
        self.payload: str | None = None
        self.seats: str | None = None
        self.lines: deque[dict] = deque(maxlen=self.page)  # the last page of public lines
        self.ready = False  # the owner's first payload and chat page are here
        self.asked: deque[Listener] = deque()  # who waits for a page of older chat lines
        self.upstream = None
        self.ended = False
        self.task = asyncio.create_task(self.run())

    # ----- the owner's socket ----------------------------------------------------------------------
    async def run(self) -> None:
        url = self.address.replace("http://", "ws://", 1).replace("https://", "wss://", 1)
        url += f"/ws/tables/{self.id}"
        headers = peer_headers(self.feeds.settings, "", self.base)
        try:
            upstream = await ws_connect(
                url, additional_headers=headers, max_size=None, compression=None, open_timeout=20
            )
        except (OSError, InvalidHandshake, InvalidStatus, TimeoutError) as exc:
            log.info("spectators of table %s could not reach %s: %s", self.id, self.address, exc)
            ownership = self.feeds.ownership()
            if ownership is not None:
                ownership.forget(self.id)
            self.end(TRY_LATER, "the table's server cannot be reached now; reconnect")
            return
        self.upstream = upstream
        try:
            async for message in upstream:
                if isinstance(message, str):
                    self.heard(message)
        except ConnectionClosed:
            pass
        finally:
            await upstream.close()
        code, reason = upstream.close_code, upstream.close_reason or ""
        if code is None or code in GONE:  # the owner died
            code, reason = RESTART, "the table's server went away; reconnect"
        elif not self.ready:  # refused before any frame: it no longer holds the table
            code, reason = TRY_LATER, "the table is changing servers; reconnect"
        reason = reason or "the table's server closed its socket; reconnect"  # one is needed
        ownership = self.feeds.ownership()
        if ownership is not None and code in (RESTART, TRY_LATER):
            ownership.forget(self.id)  # its owner may have changed
        self.end(code, reason)

    def heard(self, text: str) -> None:
        """A frame from the owner: kept for newcomers, and passed to every spectator here."""
        try:
            frame = json.loads(text)
        except ValueError:
            return
        if not isinstance(frame, dict):
            return
        if "view" in frame:
            self.payload = text
            if self.ready:
                for listener in list(self.listeners):
                    listener.put_payload(text)
            return
        if "chat" in frame and frame.get("older"):  # the answer to one spectator's request
            if self.asked:
                self.asked.popleft().put(text)
            return
        if "chat" in frame and isinstance(frame["chat"], list):
            self.lines.extend(line for line in frame["chat"] if isinstance(line, dict))
            if not self.ready:  # the owner's greeting is complete: greet ours
                self.ready = True
                for listener in list(self.listeners):
                    self.greet(listener)
                return
        elif "seats" in frame:
            self.seats = text
        if self.ready:
            for listener in list(self.listeners):
                listener.put(text)

    def greet(self, listener: Listener) -> None:
        """What the owner sends a spectator on connecting: payload, chat page, seats."""
        if self.payload is not None:
            listener.put_payload(self.payload)
        first = self.lines[0]["k"] if self.lines else 0
        more = isinstance(first, int) and first > 0
        listener.put(dumps({"chat": list(self.lines), "more": more}))
        if self.seats is not None:
            listener.put(self.seats)

    def end(self, code: int, reason: str) -> None:
        """The owner's socket is closed: so is every spectator's here (they reconnect)."""
        self.ended = True
        for listener in list(self.listeners):
            listener.code = code
            listener.close(reason)
        if self.feeds.feeds.get(self.id) is self:
            del self.feeds.feeds[self.id]

    # ----- the spectators here ---------------------------------------------------------------------
    def join(self, listener: Listener) -> None:
        self.listeners.add(listener)
        if self.ready:
            self.greet(listener)

    def leave(self, listener: Listener) -> None:
        self.listeners.discard(listener)
        if listener in self.asked:  # its answer is still to come: dropped when it does
            self.asked[self.asked.index(listener)] = Listener(None)
        if not self.listeners:
            self.ended = True
            self.task.cancel()
            if self.feeds.feeds.get(self.id) is self:
                del self.feeds.feeds[self.id]

    async def older(self, listener: Listener, before: int) -> None:
        """A page of older chat lines, asked of the owner for this spectator."""
        if self.upstream is None or self.ended or len(self.asked) >= MAX_ASKED:
            text = "the table's older chat lines cannot be read now; ask again in a moment"
            listener.put(dumps(error_json(503, text, code=errors.MOVING)))
            return
        self.asked.append(listener)
        try:
            await self.upstream.send(json.dumps({"chat_before": before}))
        except ConnectionClosed:
            pass  # the feed ends, and this spectator's socket with it


class Spectators:
    """The feeds of one server, by table id."""

    def __init__(self, app) -> None:
        self.app = app
        self.settings = app.state.settings
        self.feeds: dict[str, Feed] = {}

    def ownership(self):
        return ownership_of(self.app)

    async def where(self, websocket, table_id: str) -> str | None:
        """The owner's address when this spectator's table is another server's (a feed), else
        None: served here, or relayed (a forwarded socket, or the owner unknown for now)."""
        ownership = self.ownership()
        if ownership is None or HOP in websocket.headers or "token" in websocket.query_params:
            return None
        try:
            return await ownership.locate(table_id)
        except Exception:  # changing servers: the relay's own waiting takes it from here
            return None

    def join(self, websocket, table_id: str, address: str, listener: Listener) -> Feed:
        feed = self.feeds.get(table_id)
        if feed is None or feed.ended or feed.address != address:
            headers = {k.lower(): v for k, v in websocket.headers.items()}
            base = base_of(websocket.scope, headers, self.settings)
            feed = self.feeds[table_id] = Feed(self, table_id, address, base)
        feed.join(listener)
        return feed


def spectators_of(app) -> Spectators:
    found = getattr(app.state, "spectators", None)
    if found is None:
        found = app.state.spectators = Spectators(app)
    return found
