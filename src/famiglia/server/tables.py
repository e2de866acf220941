"""A table in memory: the game's state (the replay of its moves), its seats, chat and listeners.

Everything a seat is sent is built here, from `view(seat)`, `legal_actions(seat)` and
`events(seat)` only, so that one function decides what leaves the server for whom.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from dataclasses import dataclass, field
from datetime import datetime

import orjson

from .clocks import TableClock, with_forfeits
from .security import find_seat
from .storage import StoredSeat, StoredTable, now

MAX_PENDING = 500  # frames waiting for one slow client before it is dropped


async def guarded(change):
    """Runs a change to a table to the end even if whoever asked for it goes away: a write the
    database has taken must reach the table in memory too."""
    return await asyncio.shield(asyncio.ensure_future(change))


def result_json(state) -> dict:
    """A finished game's result as payloads give it: with `how`, its places explained."""
    return {**state.result().to_json(), "how": state.game.explain_result(state)}


def dumps(data) -> str:
    """Compact JSON text. Every seat's payload is encoded after every move, so orjson does it
    (the same text as the standard library's, several times faster)."""
    try:
        return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # what orjson refuses (an integer past 64 bits) the standard one takes
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    try:
        text.encode()
    except UnicodeEncodeError:  # a lone surrogate: escaped, so the text can go out as UTF-8
        text = json.dumps(data, separators=(",", ":"))
    return text


@dataclass
class Table:
    id: str
    game: object  # the Game
    header: dict  # the record's header: game, players, seed, options, agents, version
    name: str
    creator_hash: str
    created_at: datetime
    seats: list[StoredSeat]
    state: object  # replaced, never changed in place, after each move
    moves: list = field(default_factory=list)  # [seat, action_json]
    chat: list = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set = field(default_factory=set)
    thinking: dict = field(default_factory=dict)  # seat -> the bot's running task
    # Several servers on one PostgreSQL (shared.py): the server playing the bots, the seats
    # connected on each other server, and the rereading of the table after their writes.
    owner: int | None = None
    creator_client: str | None = None  # a hash of the creating client's address (limits)
    creator_seat: int | None = None
    closed: str | None = None  # why the table was closed without a result (idle too long)
    active_at: datetime | None = None  # the last move or seat claimed (idle tables close)
    rematch: str | None = None  # the table its creator started after this one
    remote_present: dict = field(default_factory=dict)  # instance -> set of seats
    refreshing: bool = False
    refresh_again: bool = False
    heard: dict = field(default_factory=dict)  # n -> [seat, action_json] from others' notes
    unheard: bool = False  # a change came whose note does not hold it: read the database
    rechecked: float = 0.0
    _frames: dict = field(default_factory=dict)  # seat -> (n, payload text) of the last build
    # When the seats to act now were called on (the first time this server saw move n): a
    # bot's thinking time, shown to everyone.
    turn_at: datetime | None = None
    turn_n: int = -1
    # The time control (clocks.py; None: none), the seats' webhook URLs (secret: never sent),
    # and when anyone last asked for the table (unloading.py; the keeper's time source).
    clock: TableClock | None = None
    webhooks: dict = field(default_factory=dict)
    seen_at: float | None = None
    clock_source: object = None
    rated: bool = False  # its end changes ratings (ratings.py)
    # Since when no human seat has been connected to this server (None: one is, or none has
    # come since it loaded the table): the lobby lists a table long left so as abandoned.
    away_since: datetime | None = None

    @classmethod
    def from_stored(cls, game, stored: StoredTable, state) -> Table:
        return cls(
            id=stored.id,
            game=game,
            header=stored.header(),
            name=stored.name,
            creator_hash=stored.creator_hash,
            created_at=stored.created_at,
            seats=stored.seats,
            state=state,
            moves=stored.moves,
            chat=stored.chat,
            owner=stored.owner,
            creator_client=stored.creator_client,
            creator_seat=stored.creator_seat,
            closed=stored.closed,
            active_at=stored.last_move_at or stored.created_at,
            turn_at=stored.last_move_at or stored.created_at,
            turn_n=len(stored.moves),
            clock=TableClock.from_json(stored.clock) if stored.clock else None,
            webhooks=dict(stored.webhooks),
            rated=stored.rated,
        )

    # ----- facts ---------------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.moves)

    @property
    def over(self) -> bool:
        return self.state.is_over()

    @property
    def running(self) -> bool:
        """Neither finished nor closed: it counts against the limits and shows in the lobby."""
        return not self.closed and not self.over

    def acting_spec(self, seat: int) -> str | None:
        """The bot that moves for `seat` now: a bot seat's own, or the clock's for a human seat
        timed out or forfeited; None when its player moves."""
        kind = self.seats[seat].kind
        if kind != "human":
            return kind
        clock = self.clock.seats[seat] if self.clock else None
        if clock is not None and (clock.timed_out or clock.forfeit):
            return self.clock.spec.bot_spec
        return None

    def clock_json(self, at: float) -> dict | None:
        return self.clock.to_view(at) if self.clock else None

    def seat_of(self, token: str) -> int | None:
        return find_seat(token, [s.token_hash for s in self.seats])

    def seat_claimed_by(self, code: str) -> int | None:
        """The unclaimed seat whose claim code is `code`."""
        return find_seat(code, [None if s.claimed else s.claim_hash for s in self.seats])

    def present(self, seat: int) -> bool:
        """Someone is connected on that seat, here or on another server."""
        return seat in self.local_seats() or any(
            seat in seats for seats in self.remote_present.values()
        )

    def local_seats(self) -> set[int]:
        """The seats connected to this server."""
        return {listener.seat for listener in self.listeners if listener.seat is not None}

    def free_seats(self) -> list[int]:
        """The seats anyone in the lobby may join: opened by the creator, not yet taken."""
        return [i for i, s in enumerate(self.seats) if is_open(s)]

    def invited_seats(self) -> list[int]:
        """The seats waiting for the player the creator invited (with a claim code)."""
        return [i for i, s in enumerate(self.seats) if is_invited(s)]

    # ----- what each seat is sent -----------------------------------------------------------
    def payload(self, seat: int | None) -> dict:
        """The table as `seat` may see it (None: a spectator)."""
        state = self.state
        to_act = list(state.seats_to_act())
        legal = state.legal_actions(seat) if seat is not None and seat in to_act else []
        over = state.is_over()
        return {
            "id": self.id,
            "game": self.game.name,
            "seat": seat,
            "n": self.n,
            "to_act": to_act,
            "view": state.view(seat),
            "legal": [{"text": str(a), "action": a.to_json()} for a in legal],
            "events": state.events(seat),
            "over": over,
            "result": self.result_json() if over else None,
            "closed": self.closed,
            "names": self.names(),
        }

    def result_json(self) -> dict:
        """The result as payloads give it: with forfeited seats ranked last (clocks.py)."""
        result = result_json(self.state)
        return with_forfeits(result, self.clock.forfeits()) if self.clock else result

    def payload_text(self, seat: int | None) -> str:
        """The payload as JSON text, built once per move and seat however many listen."""
        self.thinking_for()  # a new move: the seats now to act start their turn
        cached = self._frames.get(seat)
        key = (self.n, self.closed, tuple(self.names()))
        if cached is None or cached[0] != key:
            cached = self._frames[seat] = (key, dumps(self.payload(seat)))
        return with_clock(cached[1], self)

    def names(self) -> list[str | None]:
        """Each seat's name, public: its player's (None if none given), a bot's level."""
        return [seat_name(s) for s in self.seats]

    def thinking_for(self) -> float | None:
        """Seconds since the seats to act were called on (this server's clock)."""
        if self.turn_n != self.n or self.turn_at is None:
            self.turn_n, self.turn_at = self.n, now()
        return max(0.0, (now() - self.turn_at).total_seconds())

    def seats_info(self) -> list[dict]:
        """Who sits where: no token, nothing hidden. `free`: open to the lobby; `invited`:
        kept for the player the creator invited; `thinking`: a bot to act, for how long."""
        to_act = set(self.state.seats_to_act()) if self.running else set()
        since = self.thinking_for() if to_act else None
        return [
            {
                "seat": i,
                "kind": s.kind,
                "free": is_open(s),
                "invited": is_invited(s),
                "present": s.kind != "human" or self.present(i),
                "name": seat_name(s),
                "thinking": round(since, 1) if self.acting_spec(i) and i in to_act else None,
                **self.seat_clock(i),
            }
            for i, s in enumerate(self.seats)
        ]

    def seat_clock(self, seat: int) -> dict:
        """A seat's clock in the seats frame (nothing without a clock)."""
        if self.clock is None:
            return {}
        return self.clock.seat_json(seat, self.clock_now())

    def clock_now(self) -> float:
        """The hub's time source (timekeeper.py), in epoch seconds."""
        return self.clock_source.now() if self.clock_source else time.time()

    def chat_for(self, seat: int | None, before: int | None = None, page: int = 50) -> dict:
        """The chat frame of the `page` lines `seat` may read before its line `before` (None:
        the newest); `more` says whether older ones are left. A new socket gets the last page
        only, so a long chat costs it one page, not the whole history."""
        readable = [line for line in self.chat if may_read(line, seat)]
        end = len(readable) if before is None else max(0, min(before, len(readable)))
        start = max(0, end - page)
        lines = [chat_json(readable[k], k) for k in range(start, end)]
        frame = {"chat": lines, "more": start > 0}
        if before is not None:
            frame["older"] = True
        return frame

    def chat_bytes(self) -> int:
        return sum(len(line["text"].encode()) for line in self.chat)

    def chat_count(self, seat: int | None) -> int:
        """How many of the chat's lines `seat` may read."""
        return sum(1 for line in self.chat if may_read(line, seat))

    def lobby_entry(self, base: str) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "game": self.game.name,
            "title": self.game.title,
            "players": self.header["players"],
            "options": self.header["options"],
            "n": self.n,
            "over": self.over,
            "seats": self.seats_info(),
            "created": self.created_at.isoformat(),
            "url": table_url(base, self.id),
            "rated": self.rated,
            # the time control, for the lobby to say (each seat's time is in `seats`)
            "clock": self.clock.spec.to_json() if self.clock else None,
        }

    def record(self) -> dict:
        return {
            **self.header,
            "moves": self.moves,
            "result": self.state.result().to_json() if self.over else None,
        }


def with_clock(text: str, table: Table) -> str:
    """A payload's text with the clocks as they are now added (the rest is cached per move;
    the clocks change every moment)."""
    if table.clock is None:
        return text
    return text[:-1] + ',"clock":' + dumps(table.clock_json(table.clock_now())) + "}"


def seat_name(seat: StoredSeat) -> str | None:
    """A seat's public name: its player's, or a bot's by its level ("greedy bot")."""
    if seat.kind != "human":
        return f"{seat.kind.split(':')[0]} bot"
    return seat.name


def is_open(seat: StoredSeat) -> bool:
    return seat.kind == "human" and not seat.claimed and seat.open


def is_invited(seat: StoredSeat) -> bool:
    return seat.kind == "human" and not seat.claimed and not seat.open


def may_read(line: dict, seat: int | None) -> bool:
    """A chat line goes to the whole table, or only to its writer and the seats it names."""
    return line["to"] is None or (seat is not None and (seat == line["seat"] or seat in line["to"]))


def chat_json(line: dict, k: int) -> dict:
    """A chat line as a reader gets it; `k` numbers the lines that reader may read (the
    table's own numbers would show the gaps of private lines between others)."""
    return {
        "k": k,
        "seat": line["seat"],
        "to": line["to"],
        "text": line["text"],
        "at": line["at"].isoformat(),
    }


def table_url(base: str, table_id: str) -> str:
    return f"{base.rstrip('/')}/tables/{table_id}"


def invite_url(base: str, table_id: str, code: str) -> str:
    # In the fragment: browsers never send it to a server, so it stays out of logs and Referers.
    return f"{table_url(base, table_id)}#claim={code}"


class Listener:
    """One open websocket: frames queue here and one task sends them in order.

    Payloads replace each other (each is complete), so a slow client gets the newest, not a
    backlog; chat and seat frames queue. A client too slow to drain the queue is dropped.
    """

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.payload: str | None = None
        self.frames: deque[str] = deque()
        self.ready = asyncio.Event()
        self.overflow = False
        self.closing: str | None = None  # a reason: the socket is to be closed with it

    def close(self, reason: str) -> None:
        """Ends this socket after the frames already queued (its seat was handed on)."""
        self.closing = reason
        self.ready.set()

    def put_payload(self, text: str) -> None:
        self.payload = text
        self.ready.set()

    def put(self, text: str) -> None:
        if len(self.frames) >= MAX_PENDING:
            self.overflow = True
        else:
            self.frames.append(text)
        self.ready.set()

    async def next_frames(self) -> list[str]:
        """Waits for frames to send; the payload comes first, then queued frames."""
        await self.ready.wait()
        self.ready.clear()
        out = []
        if self.payload is not None:
            out.append(self.payload)
            self.payload = None
        while self.frames:
            out.append(self.frames.popleft())
        return out
