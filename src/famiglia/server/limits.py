"""What one client may make: tables per minute, open tables at once, and the server's cap.

Every limit answers with a sentence saying which limit, and 429 with `Retry-After` when waiting
helps. A client is its address (the peer's, or the forwarded one behind a trusted proxy).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from .errors import ApiError

MAX_CLIENTS = 100_000  # creation buckets remembered at once (the oldest are forgotten first)


class TooMany(ApiError):
    """429: a limit that lifts with time; `retry_after` seconds."""

    def __init__(self, error: str, retry_after: int) -> None:
        super().__init__(429, error)
        self.retry_after = max(1, retry_after)


@dataclass
class Bucket:
    tokens: float
    at: float


class PerClient:
    """A plain rate limit per client address, for one kind of request (an upload to the
    replay viewer, making players, logging in, asking what waits): a bucket of `per_minute`
    requests refilled at that rate; past it, 429 with the wait. `what` names it there."""

    def __init__(self, per_minute: float, what: str, clock=time.monotonic) -> None:
        self.per_minute = per_minute
        self.what = what
        self.clock = clock
        self.buckets: dict[str, Bucket] = {}

    def spend(self, client: str) -> None:
        now = self.clock()
        rate = self.per_minute / 60.0
        bucket = self.buckets.pop(client, None) or Bucket(self.per_minute, now)
        bucket.tokens = min(self.per_minute, bucket.tokens + (now - bucket.at) * rate)
        bucket.at = now
        self.buckets[client] = bucket
        while len(self.buckets) > MAX_CLIENTS:
            del self.buckets[next(iter(self.buckets))]
        if bucket.tokens < 1:
            wait = math.ceil((1 - bucket.tokens) / rate)
            raise TooMany(self.refusal(wait), wait)
        bucket.tokens -= 1

    def refusal(self, wait: int) -> str:
        """The sentence of a 429: which limit, and how long to wait."""
        return (
            f"at most {math.floor(self.per_minute)} {self.what} a minute from one address; "
            f"try again in {wait} s"
        )


class TablesPerMinute(PerClient):
    """The tables one client may make a minute (Limits); its refusal speaks of tables made."""

    def refusal(self, wait: int) -> str:
        return (
            f"you made {math.floor(self.per_minute)} tables in the last minute, the most one "
            f"client may make; try again in {wait} s"
        )


class Limits:
    """Making a table: the server's cap on running tables, each client's open tables, and
    each client's tables a minute (a PerClient bucket like every other rate limit)."""

    def __init__(self, max_tables: int, per_minute: float, per_client: int) -> None:
        self.max_tables = max_tables
        self.per_client = per_client
        self.tables_a_minute = TablesPerMinute(per_minute, "tables")
        self.reserved = 0  # tables being made: counted before their write is done
        self.reserved_by: dict[str, int] = {}

    def reserve(self, client: str, key: str, hub, elsewhere: int = 0):
        """Takes a place for a new table of `client` (whose stored hash is `key`), or raises
        why not; returns the function that gives the place back once the table is made (or
        not). Runs without awaiting, so the check and the taking are one step."""
        away = hub.unloader.away.values()  # running tables out of memory count too
        running = sum(1 for t in hub.tables.values() if t.running) + self.reserved + len(away)
        if running >= self.max_tables:
            raise ApiError(
                503, f"this server runs {self.max_tables} tables, its limit; try again later"
            )
        mine = sum(1 for t in hub.tables.values() if t.running and t.creator_client == key)
        mine += self.reserved_by.get(key, 0) + sum(1 for a in away if a.creator_client == key)
        mine += elsewhere  # those other servers hold
        if mine >= self.per_client:
            raise TooMany(
                f"you have {mine} open tables, the most one client may have here; finish one "
                "or leave it (a table where nobody moves is closed after a while)",
                60,
            )
        self.tables_a_minute.spend(client)
        self.reserved += 1
        self.reserved_by[key] = self.reserved_by.get(key, 0) + 1

        def release():
            self.reserved -= 1
            self.reserved_by[key] -= 1
            if not self.reserved_by[key]:
                del self.reserved_by[key]

        return release


class ServerRate:
    """Tables this server makes a minute, every client together (issue 42: each server is
    protected on its own; the limits per client hold as well). `check` refuses when the bucket
    is empty without taking from it, and `made` takes one once a table is made, so requests
    refused for another reason (a client at its own limit) spend nothing of the others'."""

    def __init__(self, per_minute: float, clock=time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self.bucket = Bucket(per_minute, clock())

    def _refill(self) -> float:
        now = self.clock()
        rate = self.per_minute / 60.0
        self.bucket.tokens = min(
            self.per_minute, self.bucket.tokens + (now - self.bucket.at) * rate
        )
        self.bucket.at = now
        return rate

    def check(self) -> None:
        rate = self._refill()
        if self.bucket.tokens < 1:
            wait = math.ceil((1 - self.bucket.tokens) / rate)
            raise TooMany(
                f"this server made {math.floor(self.per_minute)} tables in the last minute, the "
                f"most it makes; try again in {wait} s",
                wait,
            )

    def made(self) -> None:
        self._refill()
        self.bucket.tokens -= 1
