"""Alembic's entry point: runs the migrations on the connection the server hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from famiglia.server.storage import metadata


def run(connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=True,  # SQLite alters a table by copying it
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


connection = context.config.attributes.get("connection")
if connection is not None:
    run(connection)
else:  # run by the alembic command itself, with sqlalchemy.url set
    engine = create_engine(context.config.get_main_option("sqlalchemy.url"))
    with engine.begin() as own:
        run(own)
    engine.dispose()
