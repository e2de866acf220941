"""Slow games: a table nobody looks at, waiting on a person, leaves memory and is rebuilt from
the database when someone asks for it (a request, a socket, its clock's deadline); and the
"waiting on you" answer for the seats a browser holds.

What stays in memory of an unloaded table is a summary without secrets beyond what the lobby
already shows, plus its seats' token hashes (to answer "waiting on you" without rebuilding it).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from .security import find_seat
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

    async def close_idle_away(self, limit) -> None:
        """An unloaded table without a slow clock still closes when idle: it is loaded back
        and the idle sweep closes it with the others."""
        for away in list(self.away.values()):
            if not away.slow and away.active_at is not None and away.active_at < limit:
                try:
                    await self.hub.get(away.id)
                except Exception as exc:  # the next sweep tries again
                    log.warning("table %s could not be loaded to close: %s", away.id, exc)


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
        else:  # finished, closed, unknown: nobody waits
            continue
        out.append(entry | {"url": table_url(base, table_id)})
    return {"count": len(out), "tables": out}
