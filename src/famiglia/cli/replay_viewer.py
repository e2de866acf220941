"""`famiglia replay FILE --open`: a record file's game in the browser's replay viewer.

The server runs on a temporary SQLite database holding that one game as a finished table (its
seats the record's bots), until Ctrl-C; then the database is deleted.
"""

from __future__ import annotations

import secrets
import tempfile
import threading
import webbrowser
from pathlib import Path

from famiglia.core.errors import RecordError
from famiglia.core.record import replay


class CannotOpen(Exception):
    """The record or the server cannot be opened; the text says why."""


def serve_record(record: dict, where: str, port: int = 0, browser: bool = True) -> None:
    """Serves the finished game of `record` at http://127.0.0.1:PORT/tables/ID/replay."""
    try:
        import uvicorn

        from famiglia.server import Settings, create_app
        from famiglia.server.security import hosts_for
        from famiglia.server.storage import Storage, now
        from famiglia.server.stored import StoredSeat, StoredTable

        from .serve import Server
    except ImportError as exc:
        raise CannotOpen(
            f"--open needs the server extra ({exc.name} is missing): pip install 'famiglia[server]'"
        ) from exc
    try:
        state = replay(record, where=where)
    except RecordError as exc:
        raise CannotOpen(str(exc)) from exc
    if not state.is_over():
        raise CannotOpen(f"{where}: the record ends before the game does; only a whole game opens")
    named = record["agents"]
    agents = [named[k] if k < len(named) and named[k] else "bot" for k in range(state.players)]
    with tempfile.TemporaryDirectory(prefix="famiglia-replay-") as folder:
        db = str(Path(folder) / "replay.db")
        storage = Storage(db, "NORMAL")
        storage.migrate()
        table_id = secrets.token_urlsafe(8)
        storage.insert_finished(
            StoredTable(
                id=table_id,
                game=record["game"],
                players=record["players"],
                seed=record["seed"],
                options=record["options"],
                agents=record["agents"],
                version=record["version"],
                name=f"{state.game.title}: {Path(where.split(' game ')[0]).name}"[:80],
                creator_hash="",
                created_at=now(),
                seats=[StoredSeat(agent, None, True) for agent in agents],
                result=record["result"],
                moves=record["moves"],
            )
        )
        storage.engine.dispose()
        settings = Settings(db=db, bot_workers=1, hosts=hosts_for("127.0.0.1"))

        def started(url: str) -> None:
            address = f"{url}tables/{table_id}/replay"
            print(f"famiglia replay: the game at {address} ; Ctrl-C stops", flush=True)
            if browser:
                threading.Thread(target=webbrowser.open, args=(address,), daemon=True).start()

        config = uvicorn.Config(
            create_app(settings),
            host="127.0.0.1",
            port=port,
            access_log=False,
            log_level="warning",
            timeout_graceful_shutdown=2,
        )
        Server(config, started, farewell="the replay's database is deleted").run()
