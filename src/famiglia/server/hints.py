"""The coach's hint at a table (agents/coach.py): for a player at a practice table, the hard
bot's move and two others, each with its estimated chance to win.

Who may ask: a seat's own token, at a table where no other person plays (every other seat a
bot), so a hint never helps one friend against another. What it reveals: nothing the seat does
not see, since the worker gets the same sample of the game a bot of that seat would (the
seat's view, everything hidden redrawn). What it costs: one search of a fixed size in a bot
worker, queued fairly like a bot's decision; the answer is kept for the position, so asking
again costs nothing.
"""

from __future__ import annotations

from collections import OrderedDict

import famiglia
from famiglia.agents import info_for
from famiglia.agents.coach import hint

from .bots import decision_seed, seat_sample
from .errors import HINTS_OFF, NOT_YOUR_TURN, ApiError

KEPT = 256  # hints kept, by (table, move number, seat)
_kept: OrderedDict = OrderedDict()


def allowed(table) -> bool:
    """A practice table: one person at most, every other seat a bot; never a rated one."""
    if getattr(table, "rated", False):
        return False
    return sum(1 for s in table.seats if s.kind == "human") <= 1


def think_hint(game_name: str, sample: dict, seat: int, seed: int) -> list[dict]:
    """Runs in a bot worker: the hint from a sample of the seat's information."""
    state = famiglia.load(game_name).from_json(sample)
    return [s.to_json() for s in hint(info_for(state, seat), seed=seed)]


async def hint_for(hub, table, seat: int, client: str) -> dict:
    if not allowed(table):
        raise ApiError(
            403,
            "hints are for unrated practice tables, where every other seat is a bot",
            code=HINTS_OFF,
        )
    if table.over or seat not in table.state.seats_to_act():
        raise ApiError(
            409, "a hint is for a move of yours: it is not your move now", code=NOT_YOUR_TURN
        )
    key = (table.id, table.n, seat)
    found = _kept.get(key)
    if found is None:
        seed = decision_seed(table.header["seed"], seat, table.n) ^ 0x5EED
        sample = seat_sample(table.state, seat, seed)
        args = (think_hint, table.game.name, sample, seat, seed)
        found = await hub.bots.search.run((client, table.id), args)
        _kept[key] = found
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return {"n": key[1], "seat": seat, "hints": found}
