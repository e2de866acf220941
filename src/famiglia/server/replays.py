"""A finished table's replay: its state after any move, as any seat saw it or with everything
revealed, for the replay page (routers/replay.py).

Replaying a long game from its start for every step would cost the server thousands of moves a
request, so each table's replay keeps a copy of its state every CHECKPOINT moves, built as far as
anyone has asked, and the state it last showed (stepping on from it costs one move). A request
thus replays at most CHECKPOINT moves of a table already cached; a table entering the cache is
replayed once up to the move asked for (what loading it cost already). Only a few tables are
cached (least recently used out first), and one replay is worked out at a time, in a thread, so
that a stranger asking for random moves of many tables holds at most one core.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict

import famiglia

from .tables import result_json

CHECKPOINT = 50  # moves between two kept copies of a state: the most a cached request replays
CACHED_TABLES = 6  # tables whose checkpoints are kept


class Replay:
    """One finished game's record with its checkpoints (states at 0, CHECKPOINT, 2*CHECKPOINT...)."""

    def __init__(self, table_id: str, record: dict, names=None) -> None:
        self.id = table_id
        self.record = record
        self.names = list(names) if names is not None else record_names(record)
        self.game = famiglia.load(record["game"])
        self.moves = record["moves"]
        first = self.game.new(record["players"], record["seed"], **record["options"])
        self.checkpoints = [first.clone()]
        self.cursor = (0, first)  # the state last shown, owned here (never a checkpoint itself)
        self.applied = 0  # moves replayed for this table so far (the cost, for the tests)

    def state_at(self, n: int):
        """The state after the first n moves (do not change it)."""
        at, state = self.cursor
        k = min(n // CHECKPOINT, len(self.checkpoints) - 1)
        base = k * CHECKPOINT
        if not (at <= n and at >= base):
            at, state = base, self.checkpoints[k].clone()
        while at < n:
            seat, data = self.moves[at]
            state.apply(seat, self.game.action_from_json(data))
            self.applied += 1
            at += 1
            if at % CHECKPOINT == 0 and at // CHECKPOINT == len(self.checkpoints):
                self.checkpoints.append(state.clone())
        self.cursor = (at, state)
        return state

    def payload(self, n: int, seat) -> dict:
        """What the replay page draws at move n: as `seat` saw it (None: a spectator), or with
        everything revealed (seat "all": the public view, each seat's view, every line)."""
        state = self.state_at(n)
        everything = seat == "all"
        shown = None if everything else seat
        over = state.is_over()
        payload = {
            "id": self.id,
            "game": self.game.name,
            "seat": shown,
            "everything": everything,
            "n": n,
            "moves": len(self.moves),
            "players": self.record["players"],
            "agents": self.record["agents"],
            "names": self.names,
            "to_act": list(state.seats_to_act()),
            "view": state.view(shown),
            "legal": [],
            "events": everything_said(state) if everything else state.events(shown),
            "over": over,
            "result": result_json(state) if over else None,
            "closed": None,
            "move": self.move(n),
        }
        if everything:
            payload["views"] = [state.view(k) for k in range(state.players)]
        return payload

    def move(self, n: int) -> dict | None:
        """The move that led to move n's state: its number, seat and text."""
        if n == 0:
            return None
        seat, data = self.moves[n - 1]
        return {"n": n, "seat": seat, "text": str(self.game.action_from_json(data))}


def turn_starts(moves: list) -> list[int]:
    """The move counts at which a seat's turn begins: a turn is one seat's moves in a row (a
    secret choice, where seats answer in any order, is a turn a move). The page jumps by them."""
    return [i for i, (seat, _) in enumerate(moves) if i == 0 or moves[i - 1][0] != seat]


def record_names(record: dict) -> list[str | None]:
    """The seats' names a record alone tells (a simulation's): a bot by its level, as a table
    names it ("greedy bot"); a human seat none."""
    return [
        None if not agent or agent == "human" else f"{str(agent).split(':')[0]} bot"
        for agent in record["agents"]
    ]


def everything_said(state) -> list[str]:
    """Every line of the narration; one told to some seats only says to whom."""
    return [
        text if audience is None else f"(to {seat_list(audience)}) {text}"
        for audience, text in state.log_entries()
    ]


def seat_list(seats) -> str:
    seats = sorted(seats)
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(map(str, seats))


class Replays:
    """The replays of a few finished tables, least recently used out first."""

    def __init__(self, size: int = CACHED_TABLES) -> None:
        self.size = size
        self.cache: OrderedDict[str, Replay] = OrderedDict()
        self.work = asyncio.Lock()  # one replay worked out at a time
        self.guard = threading.Lock()

    async def payload(self, table_id: str, record: dict, n: int, seat, names=None) -> dict:
        async with self.work:
            return await asyncio.to_thread(self._payload, table_id, record, n, seat, names)

    async def run(self, work, *args):
        """Other replaying work (checking an uploaded record), one at a time with the rest."""
        async with self.work:
            return await asyncio.to_thread(work, *args)

    def _payload(self, table_id, record, n, seat, names=None) -> dict:
        with self.guard:
            replay = self.cache.get(table_id)
            if replay is None or replay.moves is not record["moves"]:
                replay = Replay(table_id, record, names)
            elif names is not None:
                replay.names = list(names)  # as the table names its seats now
            self.cache[table_id] = replay
            self.cache.move_to_end(table_id)
            while len(self.cache) > self.size:
                self.cache.popitem(last=False)
            return replay.payload(n, seat)

    def applied(self, table_id: str) -> int:
        replay = self.cache.get(table_id)
        return replay.applied if replay else 0
