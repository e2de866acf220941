"""The JSON API of DESIGN.md ("Web play"): tables, seats, moves, records.

Payloads are sent as ready-made JSON text (built once per move and seat, see tables.py); the
response models here describe them in the OpenAPI schema.
"""

from __future__ import annotations

from fastapi import APIRouter, Header, Request, Response

from ..errors import ApiError
from ..hub import Hub
from ..schemas import (
    Created,
    Error,
    Join,
    Joined,
    LobbyTable,
    Move,
    NewTable,
    Payload,
    Record,
    SeatChange,
    SeatOut,
)
from ..security import bearer
from ..tables import dumps

router = APIRouter(prefix="/api", tags=["tables"])

ERRORS = {status: {"model": Error} for status in (400, 401, 403, 404, 409, 413, 422, 503)}
TOKEN = Header(None, description="Bearer TOKEN: a seat's token (none: watch as a spectator)")


def hub_of(request: Request) -> Hub:
    return request.app.state.hub


def base_of(request: Request) -> str:
    return request.app.state.settings.public_url or str(request.base_url)


def json_text(text: str, status: int = 200) -> Response:
    return Response(text, status_code=status, media_type="application/json")


@router.post(
    "/tables",
    status_code=201,
    response_model=Created,
    response_model_exclude_none=True,
    responses=ERRORS,
)
async def create_table(body: NewTable, request: Request):
    """A new table; each human seat's token and invite link are returned once, here."""
    return await hub_of(request).create(body, base_of(request))


@router.get("/tables", response_model=list[LobbyTable])
async def lobby(request: Request):
    """The open and running tables: who sits where and which seats are free; nothing hidden."""
    return hub_of(request).lobby(base_of(request))


@router.post("/tables/{table_id}/join", response_model=Joined, responses=ERRORS)
async def join(table_id: str, request: Request, body: Join | None = None):
    """Takes a free human seat (the first one, or `seat`) and returns its token."""
    hub = hub_of(request)
    table = await hub.get(table_id)
    return await hub.join(table, body.seat if body else None)


@router.get("/tables/{table_id}", responses={200: {"model": Payload}} | ERRORS)
async def table_payload(table_id: str, request: Request, authorization: str | None = TOKEN):
    """The table as the token's seat sees it (without a token: as a spectator)."""
    hub = hub_of(request)
    table = await hub.get(table_id)
    seat = await hub.seat_for(table, bearer(authorization))
    return json_text(table.payload_text(seat))


@router.post("/tables/{table_id}/moves", responses={200: {"model": Payload}} | ERRORS)
async def play(table_id: str, body: Move, request: Request, authorization: str | None = TOKEN):
    """Plays the token's seat's move, given as `action` JSON or `text`, at move `n`."""
    hub = hub_of(request)
    table = await hub.get(table_id)
    token = bearer(authorization)
    if token is None:
        raise ApiError(401, "a move needs your seat's token: 'Authorization: Bearer TOKEN'")
    seat = await hub.seat_for(table, token)
    await hub.play(table, seat, body.n, body.action, body.text)
    return json_text(table.payload_text(seat))


@router.get("/tables/{table_id}/record", responses={200: {"model": Record}} | ERRORS)
async def record(table_id: str, request: Request):
    """The game's record (header, moves, result), once the game is over."""
    table = await hub_of(request).get(table_id)
    if not table.over:
        raise ApiError(409, "the record is served once the game is over: it holds every secret")
    return json_text(dumps(table.record()))


@router.post(
    "/tables/{table_id}/seats/{seat}",
    response_model=SeatOut,
    response_model_exclude_none=True,
    responses=ERRORS,
)
async def change_seat(
    table_id: str, seat: int, body: SeatChange, request: Request, authorization: str | None = TOKEN
):
    """The creator (creator_token) hands a seat whose player has left to a bot, or a bot's
    seat back to a human (a new token and invite link are returned)."""
    hub = hub_of(request)
    table = await hub.get(table_id)
    return await hub.change_seat(table, bearer(authorization), seat, body.kind, base_of(request))
