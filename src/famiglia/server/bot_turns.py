"""The bots' turns at a table: a task per bot seat called on, which asks the bot pool for a
decision and plays it through the hub's one road for every move (check, store, then change).

A bot thinks without the table's lock, on the state as it was: if the table moved on meanwhile
its answer is dropped and it thinks again. A bot that fails or answers with a move that is not
legal does not stop the game: a move is chosen for it (logged), since the humans at the table
are waiting.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Protocol

from .bots import BotPool, decision_seed
from .errors import ApiError
from .tables import Table, guarded

log = logging.getLogger("famiglia.server")


class MovesHub(Protocol):
    """What the bots' turns use of the hub (hub.py), which this module does not import."""

    closing: bool
    bots: BotPool

    def owns(self, table: Table) -> bool: ...
    async def commit(self, table: Table, seat: int, action) -> None: ...
    def changed(self, table: Table) -> None: ...


class BotTurns:
    """Starts and runs the bots' turns of the hub's tables."""

    def __init__(self, hub: MovesHub) -> None:
        self.hub = hub

    def schedule(self, table: Table) -> None:
        """A task for every bot seat called on that has none (this server's tables only)."""
        hub = self.hub
        if hub.closing or not table.running or not hub.owns(table):
            return
        for seat in table.state.seats_to_act():
            # a bot seat, or a human seat whose time ran out (clocks.py)
            if table.acting_spec(seat) and seat not in table.thinking:
                table.thinking[seat] = asyncio.create_task(self._turns(table, seat))

    async def _turns(self, table: Table, seat: int) -> None:
        hub, me = self.hub, asyncio.current_task()
        try:
            while not hub.closing and hub.owns(table):
                state, n, spec = table.state, table.n, table.acting_spec(seat)
                if spec is None or seat not in state.seats_to_act():
                    return
                seed = decision_seed(table.header["seed"], seat, n)
                try:
                    key = (table.creator_client or "", table.id)  # the fair queue's turns
                    urgent = any(s.kind == "human" for s in table.seats)  # a person waits
                    data = await hub.bots.decide(table.game, state, seat, spec, seed, key, urgent)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception(
                        "bot %s at table %s seat %d failed; it plays at random",
                        spec,
                        table.id,
                        seat,
                    )
                    data = random_move(state, seat, seed)
                decided = time.monotonic()
                await guarded(self._move(table, seat, spec, n, data))
                applied = time.monotonic() - decided  # store, then broadcast
                hub.bots.stages["apply"] += applied
                if urgent:
                    hub.bots.person_stages["apply"] += applied
        finally:
            if table.thinking.get(seat) is me:
                del table.thinking[seat]

    async def _move(self, table: Table, seat: int, spec: str, n: int, data: dict) -> None:
        hub = self.hub
        async with table.lock:
            if hub.closing or table.acting_spec(seat) != spec or not table.running:
                return
            if seat not in table.state.seats_to_act():
                return
            try:
                action = table.game.action_from_json(data)
            except Exception:  # not an action of this game
                action = None
            legal = table.state.legal_actions(seat)
            if action not in legal:
                if table.n != n:
                    return  # the table moved on while it thought: think again
                log.warning("bot %s offered an illegal move at table %s", spec, table.id)
                action = legal[n % len(legal)]
            try:
                await hub.commit(table, seat, action)
            except ApiError as exc:
                if exc.status == 409:
                    return  # another server moved first, or plays these bots now
                log.error("bot move at table %s not saved: %s", table.id, exc.error)
                await asyncio.sleep(1)  # the database is down: do not spin
                return
        hub.changed(table)


def random_move(state, seat: int, seed: int) -> dict:
    legal = state.legal_actions(seat)
    return legal[seed % len(legal)].to_json()
