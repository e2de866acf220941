"""Players and ratings (docs/server.md): making a player, the caller's own player (`/api/me`,
by their key), moving it to another device, an optional password, their tables; the public
leaderboards and player pages.

A key is sent as `Authorization: Bearer PLAYER_KEY` to /api/me routes and as `X-Player` to
the table routes (api.py), where Authorization already holds a seat token or creator key.
"""

from __future__ import annotations

import re

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse

import famiglia

from ..devices import Devices
from ..errors import ApiError
from ..players import PLAYER_ID, Players
from ..ratings import leaderboard, of_player
from ..schemas import Login, NewPlayer, Password, PlayerChange, PlayerKey, PlayerOut, Transfer
from ..seat_names import follow_rename
from ..tables import seat_name
from ..unloading import seat_clock
from .api import ERRORS, base_of, client_of, hub_of
from .pages import index

router = APIRouter(tags=["players"])

KEY = Header(None, description="Bearer PLAYER_KEY: the key POST /api/players answered")
GAME_NAME = re.compile(r"^[a-z0-9-]{1,40}$")


def players_of(request: Request) -> Players:
    return request.app.state.players


def with_key(player, key: str) -> dict:
    return player.to_json() | {"key": key}


@router.post("/api/players", status_code=201, response_model=PlayerKey, responses=ERRORS)
async def make_player(body: NewPlayer, request: Request):
    """A new player and its key (returned once, here; the browser keeps it)."""
    player, key = await players_of(request).create(body.name, client_of(request))
    return JSONResponse(with_key(player, key), status_code=201)


@router.get("/api/me", response_model=PlayerOut, responses=ERRORS)
async def me(request: Request, authorization: str | None = KEY):
    return (await players_of(request).me(authorization)).to_json()


@router.patch("/api/me", response_model=PlayerOut, responses=ERRORS)
async def rename(body: PlayerChange, request: Request, authorization: str | None = KEY):
    """A new name: on the leaderboards, at the tables taken from now on, and at the seats the
    player holds at running tables (finished ones keep the name they were played under)."""
    found = players_of(request)
    player = await found.me(authorization)
    renamed = await found.rename(player, body.name)
    await follow_rename(hub_of(request), player.id, renamed.name)
    return renamed.to_json()


@router.post("/api/me/transfer", responses=ERRORS)
async def make_transfer(request: Request, authorization: str | None = KEY):
    """A one-time link that gives this player to another device: it works once, for 15
    minutes; a new one replaces it. The code rides in the link's fragment, out of logs."""
    found = players_of(request)
    player = await found.me(authorization)
    code, until = await found.transfer(player)
    url = f"{base_of(request).rstrip('/')}/players/transfer#code={code}"
    return {"url": url, "code": code, "until": until.isoformat()}


@router.post("/api/players/transfer", response_model=PlayerKey, responses=ERRORS)
async def use_transfer(body: Transfer, request: Request):
    """A transfer link's code for a new key of its player, on this device; once."""
    player, key = await players_of(request).redeem(body.code, client_of(request))
    return with_key(player, key)


@router.post("/api/me/password", response_model=PlayerOut, responses=ERRORS)
async def set_password(body: Password, request: Request, authorization: str | None = KEY):
    """Sets (or changes) the password; the player then logs in with their name and it."""
    found = players_of(request)
    player = await found.me(authorization)
    return (await found.set_password(player, body.password, client_of(request))).to_json()


@router.post("/api/login", response_model=PlayerKey, responses=ERRORS)
async def login(body: Login, request: Request):
    """A new key for a password account, on a new device. One answer for every failure."""
    player, key = await players_of(request).login(body.name, body.password, client_of(request))
    return with_key(player, key)


@router.get("/api/me/tables", responses=ERRORS)
async def my_tables(request: Request, authorization: str | None = KEY):
    """The player's tables, newest first: running ones with whose turn it is, finished ones
    with their result. No token: the browser that took a seat keeps its own."""
    found = players_of(request)
    player = await found.me(authorization)
    rows = await found.read_db(lambda: found.seats_of(player.id))
    hub = hub_of(request)
    out = []
    for row, seat, seat_rows in rows:
        entry = {
            "id": row.id,
            "game": row.game,
            "title": title_of(row.game),
            "name": row.name,
            "seat": seat,
            "rated": row.rated,
            "names": [seat_name(s) for s in seat_rows],
            "players": [s.player_id for s in seat_rows],
            "closed": row.closed,
            "over": row.finished,
            "result": row.result,
            "to_act": [],
            "n": None,
            "url": f"/tables/{row.id}",
        }
        away = hub.unloader.mine(row.id, seat) if not row.finished else None
        if away is not None:  # unloaded (a slow table): its summary, never rebuilt for a list
            entry |= away
        elif not row.finished and not row.closed:
            # read as it is, not "looked at": a list shown in the lobby keeps no table in memory
            table = hub.tables.get(row.id)
            try:
                table = table or await hub.get(row.id)
            except ApiError:
                table = None
            if table is not None:  # the live table: whose turn, and names as they are now
                entry |= {
                    "to_act": list(table.state.seats_to_act()),
                    "n": table.n,
                    "names": table.names(),
                    "over": table.over,
                    "closed": table.closed,
                }
                if table.clock is not None:
                    entry["clock"] = seat_clock(table.clock, seat, table.clock_now())
        entry["your_turn"] = seat in entry["to_act"]
        out.append(entry)
    return out


def devices_of(request: Request) -> Devices:
    state = request.app.state
    if getattr(state, "devices", None) is None:
        state.devices = Devices(players_of(request))
    return state.devices


@router.get("/api/me/devices", responses=ERRORS)
async def my_devices(request: Request, authorization: str | None = KEY):
    """The devices signed in as this player (each key: made when, last used), newest first,
    `this` marking the caller's. Nobody else's; the keys themselves are never shown."""
    player = await players_of(request).me(authorization)
    return await devices_of(request).of(player)


@router.delete("/api/me/devices/{device_id}", responses=ERRORS)
async def sign_out_device(device_id: str, request: Request, authorization: str | None = KEY):
    """Signs one of the player's devices out: its key is refused from then on, everywhere
    (401 `signed_out`). The caller's own device may be signed out too."""
    player = await players_of(request).me(authorization)
    return await devices_of(request).sign_out(player, device_id, client_of(request))


@router.get("/api/games/{name}/leaderboard", tags=["games"], responses=ERRORS)
async def game_leaderboard(name: str, request: Request):
    """The game's ratings, best first: players (by public id and name) and bot levels."""
    game = known_game(name)
    hub = hub_of(request)
    board = await players_of(request).read_db(lambda: leaderboard(hub.storage, game.name))
    return {"game": game.name, "title": game.title, "ratings": board}


@router.get("/api/players/{player_id}", tags=["players"], responses=ERRORS)
async def player_page_data(player_id: str, request: Request):
    """A player's public page: name, ratings, rating history, finished tables and results.
    Their running tables are not listed here (only to themselves, at /api/me/tables)."""
    if not re.match(PLAYER_ID, player_id):
        raise ApiError(404, "no such player")
    found = players_of(request)
    player = await found.public(player_id)
    storage = hub_of(request).storage

    def read():
        return of_player(storage, player.id), found.seats_of(player.id, finished_only=True)

    (current, history), rows = await found.read_db(read)
    tables = [
        {
            "id": row.id,
            "game": row.game,
            "name": row.name,
            "seat": seat,
            "rated": row.rated,
            "names": [seat_name(s) for s in seat_rows],
            "players": [s.player_id for s in seat_rows],
            "place": (row.result or {}).get("ranking", [None] * (seat + 1))[seat],
            "result": row.result,
        }
        for row, seat, seat_rows in rows
    ]
    for rating in current:
        rating["title"] = title_of(rating["game"])
    return {
        "id": player.id,
        "name": player.name,
        "ratings": current,
        "history": history,
        "tables": tables,
    }


def title_of(name: str) -> str:
    try:
        return famiglia.load(name).title
    except ValueError:  # a game this server no longer has: its name will do
        return name


def known_game(name: str):
    if not GAME_NAME.match(name):
        raise ApiError(404, "no such game")
    try:
        return famiglia.load(name)
    except ValueError as exc:
        raise ApiError(404, str(exc)) from exc


@router.get("/games/{name}/leaderboard", include_in_schema=False)
async def leaderboard_page(name: str):
    known_game(name)
    return index()


@router.get("/players/transfer", include_in_schema=False)
async def transfer_page():
    return index()


@router.get("/players/{player_id}", include_in_schema=False)
async def player_page(player_id: str):
    return index()
