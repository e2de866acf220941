"""Rematch and seating (server/rematch.py, docs/server.md "Rematch"): a player of a finished
table starts it again once; each player fetches their own new seat's claim code with their old
seat's token."""

from __future__ import annotations

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse

from ..rematch import Rematches
from ..schemas import RematchRequest
from ..security import bearer
from .api import ERRORS, base_of, client_of, hub_of
from .players import KEY, players_of

router = APIRouter(prefix="/api", tags=["tables"])
mine = APIRouter(prefix="/api/me", tags=["players"])

PLAYER = Header(
    None, description="Bearer TOKEN: your seat's token at the finished table (or its creator key)"
)


def rematches_of(request: Request) -> Rematches:
    state = request.app.state
    if getattr(state, "rematches", None) is None:
        state.rematches = Rematches(hub_of(request))
    return state.rematches


@router.post("/tables/{table_id}/rematch", responses=ERRORS)
async def start_rematch(
    table_id: str,
    request: Request,
    body: RematchRequest | None = None,
    authorization: str | None = PLAYER,
):
    """Once the game is over, a seated player (or the creator) starts the same table again:
    the same game, options, bots and names, `seating` "same", "swap" or "shuffle". Once per
    table: a second call answers the same new table (200, `made` false). The answer holds the
    caller's own new seat and its claim code, nothing of anyone else's."""
    hub = hub_of(request)
    table = await hub.get(table_id)
    seating = (body or RematchRequest()).seating
    status, answer = await rematches_of(request).start(
        table, bearer(authorization), seating, base_of(request), client_of(request)
    )
    return JSONResponse(answer, status_code=status)


@router.get("/tables/{table_id}/rematch", responses=ERRORS)
async def get_rematch(table_id: str, request: Request, authorization: str | None = PLAYER):
    """The rematch of a finished table, for one of its players: the new table, their new seat
    and its one-time claim code (404 `no_rematch` while none was started)."""
    hub = hub_of(request)
    table = await hub.get(table_id)
    return await rematches_of(request).fetch(table, bearer(authorization), base_of(request))


@mine.get("/rematches", responses=ERRORS)
async def my_rematches(request: Request, authorization: str | None = KEY):
    """The rematch seats kept for this player and not claimed yet, newest first: the new table
    and the seat, never a code (POST to /api/me/rematches/{id} for it)."""
    player = await players_of(request).me(authorization)
    return await rematches_of(request).pending(player.id, base_of(request))


@mine.post("/rematches/{table_id}", responses=ERRORS)
async def my_rematch_code(table_id: str, request: Request, authorization: str | None = KEY):
    """The one-time claim code of this player's own seat at the rematch `table_id`, shown to
    them only; a code asked for earlier on another server (or before a restart) stops working."""
    player = await players_of(request).me(authorization)
    return await rematches_of(request).code_for_player(
        player.id, table_id, base_of(request), client_of(request)
    )
