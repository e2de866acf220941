"""A rated table that ends after a forfeit on time is rated like any finished rated table, by
its standing (the forfeited seat ranked last, clocks.with_forfeits); an unrated one moves no
rating (docs/server.md, Ratings; the CLOCK clause of each game's rules page)."""

from __future__ import annotations

from sqlalchemy import select

from famiglia.server.clocks import ClockSpec, TableClock
from famiglia.server.ratings import bot_rater, rate_table
from famiglia.server.storage import Storage, clocks, rating_history

from .helpers import auth, wait_until
from .players_helpers import new_player, new_table
from .test_clocks import client, fake, tick  # noqa: F401 (its fixtures)
from .test_ratings import rated_finished_table

FORFEIT = {"mode": "realtime", "bank": 30, "per_move": 0, "on_timeout": "forfeit"}


def test_a_forfeited_winner_is_rated_last(tmp_path):
    """Straight on the database: seat 0 won the game by its rules after forfeiting on time, so
    its player is rated last, the others keep their order."""
    storage = Storage(f"sqlite:///{tmp_path}/r.db")
    storage.migrate()
    result = rated_finished_table(storage)  # ranking [1, 2, 3]: seat 0 ("pa") won
    clock = TableClock.new(ClockSpec("realtime", 0, "forfeit", 30), 3)
    clock.seats[0].forfeit = True
    with storage.engine.begin() as conn:
        conn.execute(clocks.insert().values(table_id="done", state=clock.to_json()))
    assert rate_table(storage, "done", result)
    with storage.engine.connect() as conn:
        places = dict(conn.execute(select(rating_history.c.rater, rating_history.c.place)).all())
    storage.close()
    assert places == {"pa": 3, "pb": 1, "bot:easy": 2}


def forfeit_table(client, rated):  # noqa: F811
    """A 2-seat Blood Feud: the random bot at seat 0, a player at seat 1 whose time runs out;
    the easy bot plays seat 1 to the end. Returns (player, table id)."""
    ann = new_player(client, "Ann")
    made = new_table(
        client,
        "blood-feud",
        ["random", "human"],
        ann,
        rated=rated,
        clock=FORFEIT,
    )
    return ann, made["id"]


def test_a_rated_table_ended_after_a_forfeit_is_rated_with_the_forfeit_last(client, fake):  # noqa: F811
    ann, table = forfeit_table(client, rated=True)
    fake.advance(31)
    assert tick(client) == [(table, 1)]
    end = wait_until(client, table, lambda p: p["over"], seconds=120)
    assert end["result"]["forfeit"] == [1]
    page = client.get(f"/api/players/{ann['id']}").json()
    assert [h["table"] for h in page["history"]] == [table]
    assert page["history"][0]["place"] == 2  # last of two, whatever the easy bot made of it
    assert [r["games"] for r in page["ratings"]] == [1]
    board = client.get("/api/games/blood-feud/leaderboard").json()["ratings"]
    assert {r["rater"] for r in board} == {ann["id"], bot_rater("random")}
    mine = client.get("/api/me/tables", headers=auth(ann["key"])).json()
    assert mine[0]["over"] and mine[0]["rated"]


def test_an_unrated_table_ended_after_a_forfeit_moves_no_rating(client, fake):  # noqa: F811
    ann, table = forfeit_table(client, rated=False)
    fake.advance(31)
    assert tick(client) == [(table, 1)]
    end = wait_until(client, table, lambda p: p["over"], seconds=120)
    assert end["result"]["forfeit"] == [1]
    page = client.get(f"/api/players/{ann['id']}").json()
    assert page["history"] == [] and page["ratings"] == []
    assert client.get("/api/games/blood-feud/leaderboard").json()["ratings"] == []
