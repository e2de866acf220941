"""Alembic migrations of the server's database, shipped inside the package.

The server runs `upgrade` on start, so a new database gets the whole schema and an old one the
revisions it lacks. To write a revision after changing `storage.metadata`:

    python -c "from famiglia.server.migrations import revision; revision('what changed')"

which compares the metadata with a fresh SQLite database brought to the newest revision and
writes the difference into versions/ (review it before committing).
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent


def config(connection=None, url: str | None = None):
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    if url:
        cfg.set_main_option("sqlalchemy.url", url)
    cfg.attributes["connection"] = connection
    return cfg


# PostgreSQL advisory-lock namespace of famiglia (peers.py): key 0 serializes migrations, the
# others are servers' instance numbers.
LOCKS = 0x46616D69


def upgrade(engine, to: str = "head") -> None:
    from alembic import command
    from sqlalchemy import text

    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Servers started together on a new database: one migrates, the others wait for it
            # and then find nothing to do.
            connection.execute(text("SELECT pg_advisory_xact_lock(:ns, 0)"), {"ns": LOCKS})
        command.upgrade(config(connection), to)


def revision(message: str) -> None:
    import tempfile

    from alembic import command
    from sqlalchemy import create_engine

    with tempfile.TemporaryDirectory() as folder:
        engine = create_engine(f"sqlite:///{folder}/scratch.db")
        upgrade(engine)
        with engine.begin() as connection:
            command.revision(config(connection), message, autogenerate=True)
        engine.dispose()
