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

router = APIRouter(prefix="/api", tags=["tables"])

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
    return rematches_of(request).fetch(table, bearer(authorization), base_of(request))
