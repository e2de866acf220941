"""A finished table's replay (docs/server.md): its state after any move, as any seat saw it or
with everything revealed. Only once the game is over: until then it would tell every secret.
The page is /tables/{id}/replay (routers/pages.py serves it). A record file uploaded
(POST /api/replays, server/uploads.py) is replayed the same way at /replays/{id}."""

from __future__ import annotations

from fastapi import APIRouter, Request

from .. import errors
from ..errors import ApiError
from ..limits import PerClient
from ..replays import Replays, turn_starts
from ..tables import dumps
from ..uploads import Uploads, read_record
from .api import ERRORS, base_of, client_of, hub_of, json_text
from .pages import index

router = APIRouter(prefix="/api", tags=["tables"])
pages = APIRouter(include_in_schema=False)  # the viewer's pages for uploaded records

UPLOAD_PATH = "/api/replays"
UPLOADS_PER_MINUTE = 6  # record files one client may upload a minute


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
async def replay(
    table_id: str,
    request: Request,
    n: str | None = None,
    seat: str | None = None,
    turns: str | None = None,
):
    """The finished table after its first `n` moves (default: all of them), as `seat` saw it
    (a seat number, `spectator`, or `all`: everything revealed, the default), shaped as a
    table's payload with no legal moves, plus the move that led there and every seat's view
    (with `all`); with `turns=1`, the move counts at which each seat's turn begins."""
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
    payload = await replays_of(request).payload(table.id, record, at, chosen, table.names())
    return json_text(dumps(with_turns(payload, record, turns)))


def with_turns(payload: dict, record: dict, turns: str | None) -> dict:
    """`turns=1` (the page's first request): where each seat's turn begins, for its turn jumps."""
    if turns not in (None, "0", "1"):
        raise ApiError(400, f"turns is 1 (with where each turn begins) or 0, not {turns[:20]!r}")
    if turns == "1":
        payload["turns"] = turn_starts(record["moves"])
    return payload


def uploads_of(request: Request) -> Uploads:
    state = request.app.state
    if getattr(state, "uploads", None) is None:
        state.uploads = Uploads()
        state.upload_limit = PerClient(UPLOADS_PER_MINUTE, "record uploads")
    return state.uploads


@router.post("/replays", status_code=201, responses=ERRORS)  # UPLOAD_PATH
async def upload(request: Request):
    """A record file's game (one record: a line of `famiglia simulate --out`), checked by
    replaying it whole, kept for a while for the replay viewer at `/replays/{id}`."""
    uploads = uploads_of(request)
    request.app.state.upload_limit.spend(client_of(request))
    body = await request.body()
    record = await replays_of(request).run(read_record, body)
    upload_id = uploads.add(record)
    answer = {
        "id": upload_id,
        "url": f"{base_of(request).rstrip('/')}/replays/{upload_id}",
        "game": record["game"],
        "players": record["players"],
        "moves": len(record["moves"]),
    }
    return json_text(dumps(answer), 201)


@router.get("/replays/{upload_id}", responses=ERRORS)
async def uploaded_replay(
    upload_id: str,
    request: Request,
    n: str | None = None,
    seat: str | None = None,
    turns: str | None = None,
):
    """An uploaded record's game after its first `n` moves, as `seat` saw it (as a finished
    table's replay; every seat named by its bot's level)."""
    record = uploads_of(request).get(upload_id)
    chosen = read_seat(seat, record["players"])
    at = read_n(n, len(record["moves"]))
    payload = await replays_of(request).payload(f"upload:{upload_id}", record, at, chosen)
    payload["id"] = upload_id
    return json_text(dumps(with_turns(payload, record, turns)))


@pages.get("/replays")
async def upload_page():
    return index()


@pages.get("/replays/{upload_id}")
async def uploaded_page(upload_id: str):
    return index()
