"""Migration 0008 (devices, rematch seats, pending webhook calls) on a 0007 database holding a
player with two keys: each key gets its own public device id, both keys still work, and the new
tables are there; on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib

import pytest
import sqlalchemy as sa
from sqlalchemy import inspect

from famiglia.server.storage import Storage

from .helpers import app_client, auth, old_schema

KEYS = ("K" * 32, "L" * 32)


def fill_0007(url: str) -> None:
    with old_schema(url, "0007") as conn:
        conn.exec_driver_sql(
            "INSERT INTO famiglia_players (id, name, created_at) VALUES "
            "('p1', 'Ann', '2026-12-01 10:00:00')"
        )
        for key in KEYS:
            digest = hashlib.sha256(key.encode()).hexdigest()
            conn.exec_driver_sql(
                "INSERT INTO famiglia_player_keys (key_hash, player_id, created_at) VALUES "
                f"('{digest}', 'p1', '2026-12-01 10:00:00')"
            )


def check_upgrade(url: str) -> None:
    fill_0007(url)
    storage = Storage(url)
    storage.migrate()
    with storage.engine.connect() as conn:
        names = set(inspect(conn).get_table_names())
        ids = conn.execute(sa.text("SELECT id FROM famiglia_player_keys")).scalars().all()
    storage.close()
    assert {"famiglia_rematches", "famiglia_rematch_seats", "famiglia_webhook_deliveries"} <= names
    assert len(ids) == 2 and len(set(ids)) == 2 and all(ids)
    with app_client(url) as client:
        for key in KEYS:
            assert client.get("/api/me", headers=auth(key)).json()["id"] == "p1"
        listed = client.get("/api/me/devices", headers=auth(KEYS[0])).json()
        assert sorted(d["id"] for d in listed) == sorted(ids)
        assert [d["this"] for d in listed].count(True) == 1


def test_the_0008_upgrade_gives_old_keys_device_ids_on_sqlite(tmp_path):
    check_upgrade(f"sqlite:///{tmp_path}/old.db")


@pytest.mark.postgres
def test_the_0008_upgrade_gives_old_keys_device_ids_on_postgresql(pg_url):
    check_upgrade(pg_url)
