"""`famiglia serve`: the authoritative game server (docs/architecture.md, "The web protocol").

    app.py        the ASGI app
    settings.py   every limit and choice of a server (Settings)
    routers/      api.py (JSON API), ws.py (the table's websocket), pages.py (health, pages)
    schemas.py    request and response bodies
    hub.py        the tables held, and every change to them (moves, seats, chat)
    bot_turns.py  the bots' turns at each table
    tables.py     one table in memory and what each seat is sent
    storage.py    the database (SQLAlchemy Core; SQLite or PostgreSQL), migrations/ (Alembic)
    bots.py       bots in a process pool, seeing only their seat's sample
    security.py   tokens, Origin, logs without tokens

No rules live here: the server calls the core contract only.
"""

from __future__ import annotations

from .app import Settings, create_app

__all__ = ["Settings", "create_app"]
