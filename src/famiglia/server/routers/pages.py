"""Health, the games' public content, and the browser pages: the lobby at /, a table at
/tables/{id} (one page for both, which reads the table and the seat's token from its address;
its modules are under /static)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, PlainTextResponse

import famiglia
from famiglia.agents import levels

from .. import gamedata
from ..errors import ApiError
from ..schemas import Health

STATIC = Path(__file__).resolve().parent.parent / "static"

router = APIRouter()

MISSING = "<!doctype html><title>famiglia</title><p>famiglia server: no page installed; the API is at /api/tables.</p>"


@router.get("/healthz", response_model=Health, tags=["server"])
async def healthz(request: Request):
    """Alive, the running tables, and the bots' queue: decisions waiting, the oldest wait."""
    hub = request.app.state.hub
    return {"ok": True, "tables": hub.running_count(), "bots": hub.bots.status()}


@router.get("/metrics", response_class=PlainTextResponse, tags=["server"])
async def metrics(request: Request):
    """The same figures in Prometheus' text format."""
    hub = request.app.state.hub
    bots = hub.bots.status()
    lines = [
        (
            "famiglia_tables_running",
            "gauge",
            "tables neither finished nor closed",
            hub.running_count(),
        ),
        ("famiglia_bot_waiting", "gauge", "bot decisions waiting for a worker", bots["waiting"]),
        (
            "famiglia_bot_oldest_wait_seconds",
            "gauge",
            "the longest wait of a bot decision",
            bots["oldest_wait"],
        ),
        ("famiglia_bot_thinking", "gauge", "bot decisions running", bots["thinking"]),
        ("famiglia_bot_decisions_total", "counter", "bot decisions made", bots["decisions"]),
        ("famiglia_bot_cut_total", "counter", "bot decisions cut at their time limit", bots["cut"]),
        (
            "famiglia_bot_think_seconds_total",
            "counter",
            "seconds bots spent thinking in their workers",
            bots["think_seconds"],
        ),
        (
            "famiglia_bot_decide_seconds_total",
            "counter",
            "seconds from a bot's turn to its move (sample, queue, worker and back)",
            bots["decide_seconds"],
        ),
    ]
    text = "".join(
        f"# HELP {name} {help_}\n# TYPE {name} {kind}\n{name} {value}\n"
        for name, kind, help_, value in lines
    )
    text += bot_stage_lines(bots)
    return PlainTextResponse(text, media_type="text/plain; version=0.0.4")


def bot_stage_lines(bots: dict) -> str:
    """Where the bots' decisions spent their time, stage by stage (server/bots.py STAGES), and
    how many were played at once."""
    name = "famiglia_bot_stage_seconds_total"
    text = f"# HELP {name} seconds of bot decisions by stage\n# TYPE {name} counter\n"
    for stage, seconds in bots["stages"].items():
        text += f'{name}{{stage="{stage}"}} {seconds}\n'
    name = "famiglia_bot_person_stage_seconds_total"
    text += f"# HELP {name} the same at tables where a person sits\n# TYPE {name} counter\n"
    for stage, seconds in bots["person_stages"].items():
        text += f'{name}{{stage="{stage}"}} {seconds}\n'
    name = "famiglia_bot_person_decisions_total"
    text += f"# HELP {name} bot decisions sent to a worker at tables where a person sits\n"
    text += f"# TYPE {name} counter\n{name} {bots['person_decisions']}\n"
    name = "famiglia_bot_trivial_total"
    text += f"# HELP {name} bot decisions played at once, their choice trivial\n"
    text += f"# TYPE {name} counter\n{name} {bots['trivial']}\n"
    name = "famiglia_bot_reused_total"
    text += f"# HELP {name} bot decisions that started from the trees their bot kept\n"
    return text + f"# TYPE {name} counter\n{name} {bots['reused']}\n"


@router.get("/api/games", tags=["games"])
async def games():
    """Every game the server plays: player counts and options with their help (for the lobby)."""
    return gamedata.catalogue()


@router.get("/api/levels", tags=["games"])
async def bot_levels(game: str = ""):
    """The bot levels (easy, medium, hard) with their line and their rating in `game` (the
    lobby's bot picker): the same for everyone, from the data file bench/rate_levels.py writes."""
    if game not in famiglia.games():
        known = ", ".join(famiglia.games())
        shown = game[:40] + ("..." if len(game) > 40 else "")
        raise ApiError(404, f"no game {shown!r}: ask for ?game= one of {known}")
    return levels.for_game(game)


@router.get("/api/games/{name}", tags=["games"])
async def game_content(name: str):
    """A game's printed content (names of cards and places, the Blood Feud board drawing): the
    same for everyone, the words and places a table page puts on a view's numbers."""
    try:
        return gamedata.content(name)
    except ValueError as exc:
        raise ApiError(404, str(exc)) from exc


def index():
    page = STATIC / "index.html"
    if page.is_file():
        return FileResponse(page, media_type="text/html")
    return HTMLResponse(MISSING)


@router.get("/", include_in_schema=False)
async def lobby_page():
    return index()


@router.get("/tables/{table_id}", include_in_schema=False)
async def table_page(table_id: str):
    return index()


@router.get("/tables/{table_id}/replay", include_in_schema=False)
async def replay_page(table_id: str):
    return index()
