"""The JSON API (docs/server.md, route by route): tables, seats, claims, moves, records.

Payloads are sent as ready-made JSON text (built once per move and seat, see tables.py); the
response models here describe them in the OpenAPI schema.
"""

from __future__ import annotations

from fastapi import APIRouter, Header, Request, Response
from fastapi.responses import JSONResponse

from .. import errors
from ..errors import ApiError
from ..forwarding import BASE, CLIENT, trusted
from ..hints import hint_for
from ..hub import Hub
from ..lobbies import lobby_everywhere
from ..schemas import (
    Claim,
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
from ..security import bearer, client_address
from ..tables import dumps

router = APIRouter(prefix="/api", tags=["tables"])

ERRORS = {status: {"model": Error} for status in (400, 401, 403, 404, 409, 413, 415, 422, 429, 503)}
TOKEN = Header(None, description="Bearer TOKEN: a seat's token (none: watch as a spectator)")
CREATOR = Header(None, description="Bearer CREATOR_KEY: the table creator's key")
PLAYER = Header(
    None, description="PLAYER_KEY: sit as this player (the seat is tied to them; rated tables)"
)


async def player_of(request: Request, key: str | None):
    """The player of an X-Player header (None without one; 401 for a wrong key)."""
    return await request.app.state.players.from_header(key)


def hub_of(request: Request) -> Hub:
    return request.app.state.hub


def base_of(request: Request) -> str:
    forwarded = trusted(request, BASE)  # the address the client used, on another server
    return forwarded or request.app.state.settings.public_url or str(request.base_url)


def client_of(request: Request) -> str:
    """The client's address (behind a trusted proxy, the one it forwarded)."""
    settings = request.app.state.settings
    forwarded_by_peer = trusted(request, CLIENT)  # the client of another server that forwarded
    if forwarded_by_peer:
        return forwarded_by_peer
    peer = request.client.host if request.client else None
    forwarded = request.headers.get("x-forwarded-for")
    return client_address(peer, forwarded, settings.trusted_proxies)


def json_text(text: str, status: int = 200) -> Response:
    return Response(text, status_code=status, media_type="application/json")


@router.post(
    "/tables",
    status_code=201,
    response_model=Created,
    response_model_exclude_none=True,
    responses=ERRORS,
)
async def create_table(body: NewTable, request: Request, x_player: str | None = PLAYER):
    """A new table. Returned once, here: the token of the creator's own seat, each invited
    seat's claim code and invite link, and the creator key."""
    creator_seat = body.creator_seat if "creator_seat" in body.model_fields_set else ...
    seating = hub_of(request).seating
    player = await player_of(request, x_player)
    rate = hub_of(request).made_here  # this server's tables a minute, all clients together
    rate.check()
    made = await seating.create(body, base_of(request), client_of(request), creator_seat, player)
    rate.made()
    return JSONResponse(made, status_code=201)  # as built: creator_seat may be null


@router.get("/tables", response_model=list[LobbyTable], response_model_exclude_unset=True)
async def lobby(request: Request):
    """The open and running tables: who sits where and which seats are free; nothing hidden."""
    hub = hub_of(request)
    own = hub.lobby(base_of(request))
    away = hub.unloader.listed(base_of(request))  # slow tables out of memory, listed the same
    if away:
        key = lambda e: (not e["over"], e["created"])  # noqa: E731 (as Hub.lobby orders)
        own = sorted(own + away, key=key, reverse=True)[:500]
    return await lobby_everywhere(request, own)  # several servers: each one's tables


@router.post("/tables/{table_id}/join", response_model=Joined, responses=ERRORS)
async def join(table_id: str, body: Join, request: Request, x_player: str | None = PLAYER):
    """Takes a seat the creator opened to the lobby (the first one, or `seat`) and returns
    its token; a seat kept for an invited player is refused."""
    hub = hub_of(request)
    table = await hub.get(table_id)
    player = await player_of(request, x_player)
    return await hub.seating.join(
        table, body.seat, body.name, body.webhook, base_of(request), player
    )


@router.post("/tables/{table_id}/claim", response_model=Joined, responses=ERRORS)
async def claim(table_id: str, body: Claim, request: Request, x_player: str | None = PLAYER):
    """Exchanges an invite link's claim code for its seat's token: once; the code then dies."""
    hub = hub_of(request)
    table = await hub.get(table_id)
    player = await player_of(request, x_player)
    return await hub.seating.claim(
        table, body.claim, body.name, body.webhook, base_of(request), player
    )


async def seat_of(request: Request, table_id: str, authorization: str | None, needs: str):
    """(hub, table, seat) of the seat whose token the request bears; without a token, 401:
    `needs` ("a move needs your seat's token") and how to send it."""
    hub = hub_of(request)
    table = await hub.get(table_id)
    token = bearer(authorization)
    if token is None:
        raise ApiError(401, f"{needs}: 'Authorization: Bearer TOKEN'")
    return hub, table, await hub.seat_for(table, token)


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
    hub, table, seat = await seat_of(
        request, table_id, authorization, "a move needs your seat's token"
    )
    await hub.play(table, seat, body.n, body.action, body.text)
    return json_text(table.payload_text(seat))


@router.get("/tables/{table_id}/hint", responses=ERRORS)
async def table_hint(table_id: str, request: Request, authorization: str | None = TOKEN):
    """The coach's hint for the token's seat (server/hints.py): the hard bot's move and two
    others with their estimated chances to win, at a practice table (every other seat a bot)."""
    hub, table, seat = await seat_of(
        request, table_id, authorization, "a hint needs your seat's token"
    )
    return await hint_for(hub, table, seat, client_of(request))


@router.get("/tables/{table_id}/record", responses={200: {"model": Record}} | ERRORS)
async def record(table_id: str, request: Request):
    """The game's record (header, moves, result), once the game is over."""
    table = await hub_of(request).get(table_id)
    if not table.over:
        raise ApiError(
            409,
            "the record is served once the game is over: it holds every secret",
            code=errors.NOT_OVER,
        )
    return json_text(dumps(table.record()))


@router.post(
    "/tables/{table_id}/seats/{seat}",
    response_model=SeatOut,
    response_model_exclude_none=True,
    responses=ERRORS,
)
async def change_seat(
    table_id: str,
    seat: int,
    body: SeatChange,
    request: Request,
    authorization: str | None = CREATOR,
):
    """The creator (creator_key) hands a seat whose player has left to a bot, opens it to the
    lobby, or gives it a new invite link (its old link and token stop working)."""
    hub = hub_of(request)
    table = await hub.get(table_id)
    key = bearer(authorization)
    return await hub.seating.change_seat(table, key, seat, body.kind, base_of(request))
