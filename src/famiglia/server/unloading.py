"""Slow games: a table nobody looks at, waiting on a person, leaves memory and is rebuilt from
the database when someone asks for it (a request, a socket, its clock's deadline); and the
"waiting on you" answer for the seats a browser holds.

What stays in memory of an unloaded table is a summary without secrets beyond what the lobby
already shows, plus its seats' token hashes (to answer "waiting on you" without rebuilding it)
and its clock (plain values: the lobby and `/api/me/tables` count it down without a rebuild).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from .security import find_seat
from .storage import now
from .tables import table_url

log = logging.getLogger("famiglia.server")

MAX_WAITING_ASK = 50  # seats one "waiting on you" request may name


@dataclass
class Away:
    """An unloaded table, as much as "waiting on you" needs."""

    id: str
    game: str
    title: str
    name: str
    n: int
    to_act: tuple
    token_hashes: list
    slow: bool
    active_at: object
    creator_client: str | None  # for the limits on running tables (limits.py)
    # What the lobby and the player's list show meanwhile (public, as the lobby's own entry):
    # the lobby entry without its address, the seats' names, the clock as it was left (it runs
    # on from `since`, a plain value), and the last sign of life (for "abandoned").
    entry: dict = field(default_factory=dict)
    names: list = field(default_factory=list)
    clock: object = None
    last: datetime | None = None


class Unloader:
    def __init__(self, hub) -> None:
        self.hub = hub
        self.away: dict[str, Away] = {}

    def unloadable(self, table, at: float) -> bool:
        """Running, nobody connected or asking for `unload_minutes`, every seat to act a person
        (no bot thinks), nobody's change under way, no seat waiting for the lobby."""
        hub, minutes = self.hub, hub_minutes(self.hub)
        if not table.running or table.listeners or table.thinking or not hub.owns(table):
            return False
        if table.lock.locked() or table.free_seats() or table.id in hub.loading:
            return False
        if table.clock is not None and not table.clock.started:
            return False  # its clocks start in a moment (timekeeper.nudge)
        if table.seen_at is None:
            table.seen_at = at
        if at - table.seen_at < minutes * 60:
            return False
        to_act = table.state.seats_to_act()
        return bool(to_act) and not any(table.acting_spec(s) for s in to_act)

    def unload_idle(self) -> list[str]:
        """Unloads every table `unloadable` now; returns their ids."""
        hub, at, out = self.hub, self.hub.keeper.now(), []
        for table in list(hub.tables.values()):
            if not self.unloadable(table, at):
                continue
            del hub.tables[table.id]
            self.away[table.id] = Away(
                table.id,
                table.game.name,
                table.game.title,
                table.name,
                table.n,
                tuple(table.state.seats_to_act()),
                [s.token_hash for s in table.seats],
                table.clock is not None and table.clock.spec.mode == "slow",
                table.active_at,
                table.creator_client,
                entry=listed_entry(table),
                names=table.names(),
                clock=table.clock,
                last=max(t for t in (table.active_at, table.away_since, table.created_at) if t),
            )
            deadline = table.clock.deadline() if table.clock else None
            if deadline:
                hub.keeper.away[table.id] = deadline[0]
            out.append(table.id)
        if out:
            log.info("unloaded %d tables nobody looked at: %s", len(out), ", ".join(out))
        return out

    def back(self, table_id: str) -> None:
        """The table is in memory again."""
        self.away.pop(table_id, None)
        self.hub.keeper.away.pop(table_id, None)

    def listed(self, base: str) -> list[dict]:
        """The unloaded tables as the lobby lists them, from their summaries (nothing rebuilt
        for a reader): nobody connected, no bot thinking, every seat's clock as of now."""
        at, out = self.hub.keeper.now(), []
        for away in self.away.values():
            seats = []
            for i, seat in enumerate(away.entry["seats"]):
                seat = {**seat, "present": seat["kind"] != "human", "thinking": None}
                if away.clock is not None:
                    seat |= away.clock.seat_json(i, at)
                seats.append(seat)
            entry = {**away.entry, "seats": seats, "url": table_url(base, away.id)}
            out.append(entry | {"abandoned": self.abandoned(away)})
        return out

    def abandoned(self, away: Away) -> bool:
        """As `Hub.abandoned` for a table in memory: nobody came for `abandoned_minutes` (a
        slow table never is: it waits on its clock)."""
        if away.slow or not any(s["kind"] == "human" for s in away.entry["seats"]):
            return False
        return now() - away.last > timedelta(minutes=self.hub.settings.abandoned_minutes)

    def mine(self, table_id: str, seat: int) -> dict | None:
        """For `/api/me/tables`: an unloaded table's whose turn, names and the seat's clock,
        from its summary (None: not unloaded here)."""
        away = self.away.get(table_id)
        if away is None:
            return None
        out = {"to_act": list(away.to_act), "n": away.n, "names": list(away.names)}
        if away.clock is not None:
            out["clock"] = seat_clock(away.clock, seat, self.hub.keeper.now())
        return out

    async def close_idle_away(self, limit) -> None:
        """An unloaded table without a slow clock still closes when idle: it is loaded back
        and the idle sweep closes it with the others."""
        for away in list(self.away.values()):
            if not away.slow and away.active_at is not None and away.active_at < limit:
                try:
                    await self.hub.get(away.id)
                except Exception as exc:  # the next sweep tries again
                    log.warning("table %s could not be loaded to close: %s", away.id, exc)


def listed_entry(table) -> dict:
    """The table's lobby entry without its address (kept while it is unloaded)."""
    entry = table.lobby_entry("")
    entry.pop("url", None)
    return entry


def seat_clock(clock, seat: int, at: float) -> dict:
    """A seat's clock for its player's list: the time control and the seat's time left."""
    return {"mode": clock.spec.mode, "per_move": clock.spec.per_move, **clock.seat_json(seat, at)}


def hub_minutes(hub) -> float:
    return hub.settings.unload_minutes


async def waiting_on(hub, pairs: list[tuple[str, str]], base: str) -> dict:
    """Of the (table, token) pairs, the tables that wait on that token's seat's move. Tokens
    that open no seat are left out without saying why (nothing to learn by guessing)."""
    out, seen = [], set()
    for table_id, token in pairs[:MAX_WAITING_ASK]:
        if (table_id, token) in seen:
            continue
        seen.add((table_id, token))
        table = hub.tables.get(table_id)
        if table is not None:
            seat = table.seat_of(token)
            if seat is None or not table.running or table.acting_spec(seat) is not None:
                continue
            if seat not in table.state.seats_to_act():
                continue
            entry = {"id": table.id, "game": table.game.name, "title": table.game.title}
            entry |= {"name": table.name, "seat": seat, "n": table.n}
            if table.clock is not None:
                entry["clock"] = table.clock.seat_json(seat, table.clock_now())
        elif table_id in hub.unloader.away:
            away = hub.unloader.away[table_id]
            seat = find_seat(token, away.token_hashes)
            if seat is None or seat not in away.to_act:
                continue
            entry = {"id": away.id, "game": away.game, "title": away.title}
            entry |= {"name": away.name, "seat": seat, "n": away.n}
            if away.clock is not None:
                entry["clock"] = away.clock.seat_json(seat, hub.keeper.now())
        else:  # finished, closed, unknown: nobody waits
            continue
        out.append(entry | {"url": table_url(base, table_id)})
    return {"count": len(out), "tables": out}
