"""Migration 0006 (clocks and webhooks) on a database of the schema before it, with a running
table in it: the table loads with no clock, takes a move, and a new table with a clock is
stored beside it; on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib

from sqlalchemy import inspect

from famiglia.server.storage import Storage, seats

from .helpers import app_client, auth, create_raw, old_schema, play_first

TOKEN = "T" * 32


def old_database(url: str) -> None:
    with old_schema(url, "0004") as conn:
        conn.exec_driver_sql(
            "INSERT INTO famiglia_tables (id, game, players, seed, options, agents, version, "
            "name, creator_hash, created_at, finished) VALUES ('old', 'unfinished-business', 2, "
            "7, '{}', '[\"random\", \"human\"]', '0', 'old', 'x', '2026-12-01 10:00:00', "
            f"{'false' if 'postgresql' in url else '0'})"
        )
        conn.execute(seats.insert().values(table_id="old", seat=0, kind="random", claimed=True))
        conn.execute(
            seats.insert().values(
                table_id="old",
                seat=1,
                kind="human",
                token_hash=hashlib.sha256(TOKEN.encode()).hexdigest(),
                claimed=True,
            )
        )


def check_upgrade(url: str) -> None:
    old_database(url)
    storage = Storage(url)
    storage.migrate()
    names = set(inspect(storage.engine).get_table_names())
    assert {"famiglia_clocks", "famiglia_webhooks"} <= names
    stored = storage.load("old")
    assert stored.clock is None and stored.webhooks == {}
    storage.close()


def test_the_upgrade_to_0006_on_sqlite_keeps_tables_and_adds_clocks(tmp_path):
    db = tmp_path / "old.db"
    check_upgrade(f"sqlite:///{db}")
    with app_client(db) as client:
        seen = client.get("/api/tables/old", headers=auth(TOKEN)).json()
        assert "clock" not in seen and seen["to_act"] == [1]
        assert play_first(client, "old", TOKEN, seen).status_code == 200
        clock = {"mode": "slow", "per_move": 3600, "on_timeout": "forfeit"}
        made = create_raw(client, "unfinished-business", seats=["random", "human"], clock=clock)
        assert client.get(f"/api/tables/{made['id']}").json()["clock"]["mode"] == "slow"


def test_the_upgrade_to_0006_on_postgresql(pg_url):
    check_upgrade(pg_url)
