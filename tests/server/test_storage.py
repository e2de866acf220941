"""The database: Alembic builds exactly the schema, tables come back by replay after a restart,
tokens are stored hashed, and one failing write never takes others down with it."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import logging

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect, select, update

from famiglia.server.storage import (
    StaleMove,
    Storage,
    StoredSeat,
    StoredTable,
    database_url,
    metadata,
    moves,
    now,
    seats,
)

from .helpers import app_client, auth, create, old_schema, play_first, wait_until


def test_a_stored_seat_is_its_row_of_famiglia_seats():
    """storage.seat_columns writes a StoredSeat's fields as the seat's columns, one for one."""
    fields = {f.name for f in dataclasses.fields(StoredSeat)}
    assert fields == set(seats.c.keys()) - {"table_id", "seat"}


def test_database_urls():
    assert database_url("games.db").startswith("sqlite:////") and database_url("games.db").endswith(
        "/games.db"
    )
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"
    assert database_url("postgresql://u:p@h/db") == "postgresql+psycopg://u:p@h/db"
    assert database_url("postgres://h/db") == "postgresql+psycopg://h/db"
    with pytest.raises(ValueError, match="postgresql://"):
        database_url("mysql://h/db")


def sync_mode(storage: Storage) -> int:
    with storage.engine.connect() as conn:
        return conn.exec_driver_sql("PRAGMA synchronous").scalar()


def test_sqlite_flushes_every_commit_unless_the_url_says_normal(tmp_path):
    full, normal = 2, 1  # SQLite's numbers for the modes
    default = Storage(str(tmp_path / "a.db"))
    assert sync_mode(default) == full
    chosen = Storage(f"sqlite:///{tmp_path}/b.db?synchronous=normal")
    assert chosen.url == f"sqlite:///{tmp_path}/b.db" and sync_mode(chosen) == normal
    assert sync_mode(Storage(f"sqlite:///{tmp_path}/c.db?synchronous=FULL")) == full
    with pytest.raises(ValueError, match="full or normal"):
        Storage(f"sqlite:///{tmp_path}/d.db?synchronous=off")
    with pytest.raises(ValueError, match="once"):
        Storage(f"sqlite:///{tmp_path}/d.db?synchronous=full&synchronous=normal")
    with pytest.raises(ValueError, match="SQLite"):
        Storage("postgresql://u@h/db?synchronous=full")
    assert not (tmp_path / "d.db").exists()  # refused before anything was opened


def check_schema(url):
    storage = Storage(url)
    storage.migrate()
    storage.migrate()  # a second start finds nothing to do
    with storage.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), metadata) == []
        names = set(inspect(conn).get_table_names())
    storage.close()
    assert {"famiglia_tables", "famiglia_seats", "famiglia_moves", "famiglia_chat"} <= names
    assert "alembic_version" in names


def test_the_migrations_build_exactly_the_schema_on_sqlite(tmp_path):
    check_schema(f"sqlite:///{tmp_path}/s.db")


def test_the_migrations_build_exactly_the_schema_on_postgresql(pg_url):
    check_schema(pg_url)


def stored_table(table_id="t1"):
    return StoredTable(
        id=table_id,
        game="the-mob",
        players=3,
        seed=1,
        options={},
        agents=["human"] * 3,
        version="0",
        name="t",
        creator_hash="0" * 64,
        created_at=now(),
        seats=[StoredSeat("human", None, False) for _ in range(3)],
    )


def test_one_failing_write_fails_alone(tmp_path):
    storage = Storage(f"sqlite:///{tmp_path}/s.db")
    storage.migrate()
    storage.start()

    async def writes():
        await storage.create_table(stored_table())
        # Queued together, these may share a transaction; the duplicate must fail alone.
        return await asyncio.gather(
            storage.append_move("t1", 0, 0, {"kind": "a"}, None),
            storage.append_move("t1", 0, 1, {"kind": "b"}, None),
            storage.append_move("t1", 1, 1, {"kind": "c"}, None),
            return_exceptions=True,
        )

    outcome = asyncio.run(writes())
    assert outcome[0] is None and isinstance(outcome[1], StaleMove) and outcome[2] is None
    assert [m for m in storage.load("t1").moves] == [[0, {"kind": "a"}], [1, {"kind": "c"}]]
    storage.close()


def restart_keeps_tables(db):
    with app_client(db) as client:
        made = create(client, "cash-n-guns", ["human", "human", "random", "human"], seed=5)
        table, tokens = made["id"], [s.get("token") for s in made["seats"]]
        for seat in (0, 1, 3):
            played = play_first(client, table, tokens[seat])
            assert played is not None, f"seat {seat} has no move"
            assert played.status_code == 200
        wait_until(client, table, lambda p: 2 not in p["to_act"])  # the bot has played too
        before = {
            s: client.get(f"/api/tables/{table}", headers=auth(tokens[s])).json() for s in (0, 1)
        }
    with app_client(db) as client:
        after = {
            s: client.get(f"/api/tables/{table}", headers=auth(tokens[s])).json() for s in (0, 1)
        }
        assert after == before and after[0]["n"] >= 3
        assert [t["id"] for t in client.get("/api/tables").json()] == [table]
        played = play_first(client, table, tokens[0], after[0])  # and the game goes on
        if played is not None:
            assert played.status_code in (200, 409)
    return table, tokens


def test_a_restart_rebuilds_running_tables_by_replay_on_sqlite(tmp_path):
    restart_keeps_tables(f"sqlite:///{tmp_path}/r.db")


def test_a_restart_rebuilds_running_tables_by_replay_on_postgresql(pg_url):
    restart_keeps_tables(pg_url)


def test_tokens_are_stored_hashed(tmp_path):
    path = tmp_path / "h.db"
    with app_client(path) as client:
        made = create(client, "the-mob", ["human"] * 3)
        tokens = [s["token"] for s in made["seats"]] + [made["creator_key"]]
    engine = create_engine(f"sqlite:///{path}")
    with engine.connect() as conn:
        hashes = [row.token_hash for row in conn.execute(select(seats).order_by(seats.c.seat))]
    engine.dispose()
    assert hashes == [hashlib.sha256(t.encode()).hexdigest() for t in tokens[:3]]
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("h.db"))
    assert not any(t.encode() in raw for t in tokens)


def test_finished_tables_load_on_demand_and_a_damaged_one_is_refused(tmp_path, caplog):
    path = tmp_path / "f.db"
    with app_client(path) as client:
        done = create(client, "the-mob", ["random"] * 3, seed=6)["id"]
        broken = create(client, "the-mob", ["human"] * 3, seed=6)["id"]
        wait_until(client, done, lambda p: p["over"])
        record = client.get(f"/api/tables/{done}/record").json()
        first = client.get(f"/api/tables/{broken}").json()["to_act"][0]
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:  # a move nobody could have played
        conn.execute(
            moves.insert().values(
                table_id=broken, n=0, seat=first, action={"kind": "cheat"}, played_at=now()
            )
        )
        conn.execute(update(seats).values(claimed=True).where(seats.c.table_id == broken))
    engine.dispose()
    with caplog.at_level(logging.ERROR, logger="famiglia.server"), app_client(path) as client:
        assert client.get("/api/tables").json() == []  # finished, and damaged: neither listed
        assert client.get(f"/api/tables/{done}/record").json() == record
        damaged = client.get(f"/api/tables/{broken}")
        assert damaged.status_code == 410 and "damaged" in damaged.json()["error"]
        assert client.get("/healthz").json()["ok"] is True
    assert any(broken in r.getMessage() for r in caplog.records)


def upgrade_from_0002_with_data(url: str):
    """A database of the previous schema (0002) holding what the old server wrote: a table
    with a claimed seat, an unclaimed seat whose invite link carried its token, and the
    page's old rematch line with that link in the chat; then today's migrations."""
    old_token, claimed = "A" * 32, "B" * 32
    with old_schema(url, "0002") as conn:
        conn.exec_driver_sql(
            "INSERT INTO famiglia_tables (id, game, players, seed, options, agents, version, "
            "name, creator_hash, created_at, finished) VALUES ('old', 'the-mob', 3, 1, '{}', "
            "'[\"human\", \"human\", \"random\"]', '0', 'old', 'x', '2026-12-01 10:00:00', "
            f"{'false' if 'postgresql' in url else '0'})"
        )
        for seat, token_hash, taken, kind in (
            (0, hashlib.sha256(claimed.encode()).hexdigest(), True, "human"),
            (1, hashlib.sha256(old_token.encode()).hexdigest(), False, "human"),
            (2, None, True, "random"),
        ):
            conn.execute(
                seats.insert().values(
                    table_id="old", seat=seat, kind=kind, token_hash=token_hash, claimed=taken
                )
            )
        conn.exec_driver_sql(
            "INSERT INTO famiglia_chat (table_id, k, seat, recipients, text, said_at) VALUES "
            f"('old', 0, 0, '[1]', 'rematch: http://h/tables/new#token={old_token}', "
            "'2026-12-01 10:00:00')"
        )
    storage = Storage(url)
    storage.migrate()
    stored = storage.load("old")
    storage.close()
    return stored, old_token, claimed


def test_the_upgrade_blots_out_tokens_in_chat_and_makes_old_links_claim_codes(tmp_path):
    check_upgrade_from_0002(f"sqlite:///{tmp_path}/old.db")


def test_the_upgrade_from_0002_on_postgresql(pg_url):
    check_upgrade_from_0002(pg_url)


def check_upgrade_from_0002(url):
    stored, old_token, claimed = upgrade_from_0002_with_data(url)
    [line] = stored.chat
    assert old_token not in line["text"] and line["text"].endswith("#token=[removed]")
    zero, one, bot = stored.seats
    assert zero.claimed and zero.token_hash == hashlib.sha256(claimed.encode()).hexdigest()
    assert not one.claimed and one.token_hash is None and not one.open
    assert one.claim_hash == hashlib.sha256(old_token.encode()).hexdigest()
    assert bot.kind == "random" and stored.closed is None and stored.creator_client is None
    # The old invite link still opens its seat, once, through the claim route.
    with app_client(url) as client:
        got = client.post("/api/tables/old/claim", json={"claim": old_token})
        assert got.status_code == 200 and got.json()["seat"] == 1
        again = client.post("/api/tables/old/claim", json={"claim": old_token})
        assert again.status_code == 403
