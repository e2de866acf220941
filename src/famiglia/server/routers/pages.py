"""Health, and the browser pages: the lobby at /, a table at /tables/{id} (one page for both,
which reads the table and the seat's token from its address)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse

from ..schemas import Health

STATIC = Path(__file__).resolve().parent.parent / "static"

router = APIRouter()

MISSING = "<!doctype html><title>famiglia</title><p>famiglia server: no page installed; the API is at /api/tables.</p>"


@router.get("/healthz", response_model=Health, tags=["server"])
async def healthz():
    return {"ok": True}


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
