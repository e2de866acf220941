"""The 0005 migration (players and ratings) on a 0004 database holding tables, seats, moves and
chat: everything there stays as it was, the new columns say "no player" and "unrated", and the
old tables play on."""

from __future__ import annotations

import hashlib
import json

import pytest
import sqlalchemy as sa
from sqlalchemy import create_engine, inspect, select

import famiglia
from famiglia.server.storage import Storage, database_url, moves, seats

from .helpers import app_client, auth


def some_moves(count=4, seed=11):
    """The first moves of a 3-player The Mob (by each seat's first legal move)."""
    state = famiglia.load("the-mob").new(3, seed, max_years=1)
    played = []
    for _ in range(count):
        seat = state.seats_to_act()[0]
        action = state.legal_actions(seat)[0]
        played.append([seat, action.to_json()])
        state.apply(seat, action)
    return played


OLD_SEATS = sa.table(  # famiglia_seats as revision 0004 has it
    "famiglia_seats",
    *(
        sa.column(name)
        for name in ("table_id", "seat", "kind", "token_hash", "claimed", "open", "name")
    ),
)


def fill_0004(url: str):
    """A database at revision 0004 with one running table (moves by a claimed seat and a
    bot, a seat open to the lobby, a named seat, a chat line) as the server of 0004 wrote it."""
    from famiglia.server.migrations import upgrade

    token = "T" * 32
    engine = create_engine(database_url(url))
    upgrade(engine, "0004")
    false = "false" if "postgresql" in url else "0"
    with engine.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO famiglia_tables (id, game, players, seed, options, agents, version, "
            "name, creator_hash, created_at, finished, creator_seat) VALUES ('old', 'the-mob', "
            '3, 11, \'{"max_years": 1}\', \'["human", "human", "random"]\', \'0\', '
            f"'Friday', 'x', '2026-12-01 10:00:00', {false}, 0)"
        )
        conn.execute(
            OLD_SEATS.insert(),
            [
                dict(
                    table_id="old",
                    seat=0,
                    kind="human",
                    token_hash=hashlib.sha256(token.encode()).hexdigest(),
                    claimed=True,
                    open=False,
                    name="Ann",
                ),
                dict(
                    table_id="old",
                    seat=1,
                    kind="human",
                    token_hash=None,
                    claimed=False,
                    open=True,
                    name=None,
                ),
                dict(
                    table_id="old",
                    seat=2,
                    kind="random",
                    token_hash=None,
                    claimed=True,
                    open=False,
                    name=None,
                ),
            ],
        )
        for n, (seat, action) in enumerate(some_moves()):
            conn.exec_driver_sql(
                "INSERT INTO famiglia_moves (table_id, n, seat, action, played_at) VALUES "
                f"('old', {n}, {seat}, '{json.dumps(action)}', '2026-12-01 10:0{n}:00')"
            )
        conn.exec_driver_sql(
            "INSERT INTO famiglia_chat (table_id, k, seat, recipients, text, said_at) VALUES "
            "('old', 0, 0, NULL, 'good luck', '2026-12-01 10:00:00')"
        )
    before = read_old(engine)
    engine.dispose()
    return token, before


def read_old(engine) -> dict:
    with engine.connect() as conn:
        return {
            "seats": [
                tuple(r)
                for r in conn.execute(sa.select(*OLD_SEATS.c).order_by(OLD_SEATS.c.seat)).all()
            ],
            "moves": [
                (r.n, r.seat, r.action)
                for r in conn.execute(sa.select(moves.c.n, moves.c.seat, moves.c.action)).all()
            ],
        }


def check_upgrade_from_0004(url):
    token, before = fill_0004(url)
    storage = Storage(url)
    storage.migrate()
    with storage.engine.connect() as conn:
        names = set(inspect(conn).get_table_names())
        players_of = conn.execute(select(seats.c.player_id).order_by(seats.c.seat)).scalars()
        players_of = list(players_of)
    after = read_old(storage.engine)
    stored = storage.load("old")
    storage.close()
    assert {"famiglia_players", "famiglia_ratings", "famiglia_rating_history"} <= names
    assert after == before and len(after["moves"]) == 4  # every row as it was
    assert players_of == [None, None, None]
    assert stored.rated is False and stored.name == "Friday" and len(stored.moves) == 4
    assert [line["text"] for line in stored.chat] == ["good luck"]
    assert [s.name for s in stored.seats] == ["Ann", None, None]
    # The old table plays on: its seat's token still reads it, at the move it was left at.
    with app_client(url) as client:
        seen = client.get("/api/tables/old", headers=auth(token))
        assert seen.status_code == 200 and seen.json()["n"] == 4 and seen.json()["seat"] == 0
        assert client.get("/api/tables").json()[0]["rated"] is False


def test_the_0005_upgrade_keeps_a_0004_database_whole_on_sqlite(tmp_path):
    check_upgrade_from_0004(f"sqlite:///{tmp_path}/old.db")


@pytest.mark.postgres
def test_the_0005_upgrade_keeps_a_0004_database_whole_on_postgresql(pg_url):
    check_upgrade_from_0004(pg_url)
