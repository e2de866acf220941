"""Routes of the clocks and slow games (docs/server.md): taking back a timed-out seat, and
which of the seats a browser holds are waited on."""

from __future__ import annotations

from fastapi import APIRouter, Request

from ..errors import ApiError
from ..schemas import WaitingAsk
from ..unloading import waiting_on
from .api import ERRORS, TOKEN, base_of, client_of, hub_of, seat_of

router = APIRouter(prefix="/api", tags=["clocks"])


@router.post("/tables/waiting", responses=ERRORS)
async def waiting(body: WaitingAsk, request: Request):
    """Of the seats whose tokens the browser holds, those whose move the table waits for."""
    hub = hub_of(request)
    hub.waiting_limits.spend(client_of(request))
    return await waiting_on(hub, [(s.table, s.token) for s in body.seats], base_of(request))


@router.post("/tables/{table_id}/seats/{seat}/resume", responses=ERRORS)
async def resume(table_id: str, seat: int, request: Request, authorization: str | None = TOKEN):
    """The seat's player (its token) takes back control from the bot that moved for it since
    its time ran out; its clock runs again with per_move time."""
    hub, table, mine = await seat_of(
        request, table_id, authorization, "taking back a seat needs its token"
    )
    if mine != seat:
        raise ApiError(403, f"this token holds seat {mine}, not seat {seat}")
    return await hub.keeper.resume(table, seat)
