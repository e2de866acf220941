"""A finished table's replay (docs/server.md): its state after any move, as any seat saw it or
with everything revealed. Only once the game is over: until then it would tell every secret.
The page is /tables/{id}/replay (routers/pages.py serves it)."""

from __future__ import annotations

from fastapi import APIRouter, Request

from .. import errors
from ..errors import ApiError
from ..replays import Replays
from ..tables import dumps
from .api import ERRORS, hub_of, json_text

router = APIRouter(prefix="/api", tags=["tables"])


def replays_of(request: Request) -> Replays:
    state = request.app.state
    if getattr(state, "replays", None) is None:
        state.replays = Replays()
    return state.replays


def read_n(text: str | None, total: int) -> int:
    if text is None:
        return total
    if not text.isdigit() or int(text) > total:
        raise ApiError(
            400, f"n is the number of moves played, a whole number from 0 to {total}, not {text!r}"
        )
    return int(text)


def read_seat(text: str | None, players: int):
    if text is None or text == "all":
        return "all"
    if text == "spectator":
        return None
    if text.isdigit() and int(text) < players:
        return int(text)
    raise ApiError(
        400,
        f"seat is a seat from 0 to {players - 1}, 'spectator' or 'all' (everything revealed), "
        f"not {text[:40]!r}",
    )


@router.get("/tables/{table_id}/replay", responses=ERRORS)
async def replay(table_id: str, request: Request, n: str | None = None, seat: str | None = None):
    """The finished table after its first `n` moves (default: all of them), as `seat` saw it
    (a seat number, `spectator`, or `all`: everything revealed, the default), shaped as a
    table's payload with no legal moves, plus the move that led there and every seat's view
    (with `all`)."""
    table = await hub_of(request).get(table_id)
    if table.closed and not table.over:
        raise ApiError(
            409,
            f"table {table.id} was closed before its end, so it has no replay",
            code=errors.CLOSED,
        )
    if not table.over:
        raise ApiError(
            409,
            "a table is replayed once its game is over: until then it would tell its secrets",
            code=errors.NOT_OVER,
        )
    record = table.record()
    chosen = read_seat(seat, record["players"])
    at = read_n(n, len(record["moves"]))
    payload = await replays_of(request).payload(table.id, record, at, chosen)
    return json_text(dumps(payload))
