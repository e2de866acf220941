"""The ASGI app: `create_app(Settings(...))`, served by uvicorn from `famiglia serve`.

On start it brings the database schema up to date, rebuilds every unfinished table by replaying
its moves, and lets their bots play on; on stop it lets the database writer finish. Every error
is JSON (`{"error": text, "code": code, "clause": id}`, errors.py), never a traceback.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from .bots import BotPool
from .errors import ApiError, error_json
from .forwarding import Forwarding
from .guard import Guard
from .hub import Hub
from .limits import TooMany
from .players import Players
from .ratings import rate_in
from .routers import api, clocks, game_pages, pages, players, rematch, replay, ws
from .routers.pages import STATIC
from .routers.replay import UPLOAD_PATH
from .settings import Settings
from .storage import Storage
from .uploads import MAX_RECORD_BYTES

log = logging.getLogger("famiglia.server")


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        storage = Storage(settings.db, settings.sqlite_synchronous)
        await asyncio.to_thread(storage.migrate)
        storage.start()
        storage.on_finish = rate_in  # a rated table is rated in the transaction of its end
        app.state.players = Players(storage)
        bots = BotPool(settings.bot_workers, settings.bot_seconds)
        if settings.warm_bots:  # (its workers start and load the games meanwhile)
            bots.warm_up()
        hub = Hub(storage, bots, settings)
        await hub.start()
        app.state.hub = hub
        try:
            yield
        finally:
            await hub.stop()
            bots.close()
            storage.close()

    app = FastAPI(
        title="famiglia",
        summary="Tables of famiglia's games: seats, bots, spectators, moves, chat.",
        lifespan=lifespan,
        docs_url=None,  # the docs pages load scripts from the internet; the schema stays
        redoc_url=None,
    )
    app.state.settings = settings
    # innermost of the three: a forwarded request was checked and its body bounded here first
    app.add_middleware(Forwarding)
    app.add_middleware(BodyLimit, limit=settings.max_body, larger={UPLOAD_PATH: MAX_RECORD_BYTES})
    app.add_middleware(Guard, settings=settings)  # outermost: before anything reads a request
    app.include_router(clocks.router)  # before api's /tables/{id} routes
    app.include_router(api.router)
    app.include_router(players.router)
    app.include_router(ws.router)
    app.include_router(replay.router)
    app.include_router(replay.pages)
    app.include_router(rematch.router)
    app.include_router(rematch.mine)
    app.include_router(pages.router)
    app.include_router(game_pages.router)
    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")
    add_error_handlers(app)
    return app


def error(status: int, text: str, clause: str = "", code: str | None = None) -> JSONResponse:
    return JSONResponse(error_json(status, text, clause, code), status_code=status)


def add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def refused(request: Request, exc: ApiError):
        response = error(exc.status, exc.error, exc.clause, exc.code)
        if isinstance(exc, TooMany) or getattr(exc, "retry_after", None):
            response.headers["Retry-After"] = str(exc.retry_after)
        return response

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError):
        problems = exc.errors()
        if any(p.get("type") == "json_invalid" for p in problems):
            return error(400, "the body is not valid JSON")
        return error(422, "; ".join(describe(p) for p in problems[:5]))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException):
        text = exc.detail if isinstance(exc.detail, str) else "bad request"
        if exc.status_code == 404:
            text = f"no such address: {request.url.path}"
        elif exc.status_code == 405:
            text = f"{request.method} is not allowed on {request.url.path}"
        elif text == "There was an error parsing the body":
            text = "the body could not be read as JSON"
        return error(exc.status_code, text)

    @app.exception_handler(Exception)
    async def crashed(request: Request, exc: Exception):
        log.exception("internal error on %s %s", request.method, request.url.path)
        return error(500, "internal error; the table is unchanged")


def describe(problem: dict) -> str:
    where = ".".join(str(p) for p in problem.get("loc", ()) if p != "body") or "body"
    if problem.get("type") == "extra_forbidden":
        return f"unknown field {where!r}"
    return f"{where}: {problem.get('msg', 'invalid')}"


class BodyLimit:
    """Refuses request bodies over `limit` bytes with 413, before anything reads them."""

    def __init__(self, app, limit: int, larger: dict | None = None) -> None:
        self.app = app
        self.limit = limit
        self.larger = larger or {}  # path -> its own limit (a record file uploaded)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        limit = self.larger.get(scope.get("path"), self.limit)
        length = headers.get(b"content-length", b"0")
        if not length.isdigit():
            return await error(400, "Content-Length must be a number")(scope, receive, send)
        if int(length) > limit:
            return await self._refuse(scope, receive, send, limit)
        body, more = b"", True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return
            body += message.get("body", b"")
            if len(body) > limit:
                return await self._refuse(scope, receive, send, limit)
            more = message.get("more_body", False)
        sent = False

        async def replay():
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope, receive, send, limit):
        response = error(413, f"a request body holds at most {limit} bytes")
        await response(scope, receive, send)
