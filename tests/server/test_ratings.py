"""Ratings (docs/server.md, Ratings): a finished rated table updates each player's and each bot
level's rating once, by openskill's Plackett-Luce model; an unrated one changes nothing."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from famiglia.server.ratings import bot_rater, rate_table
from famiglia.server.storage import Storage

from .helpers import app_client, auth, play_out
from .players_helpers import new_player, new_table, xp


def expected_after_one_game(labels, ranking):
    """Each seat its own team, every rater new; a rater at several seats keeps the mean."""
    model = PlackettLuce()
    teams = [[model.rating()] for _ in labels]
    updated = model.rate(teams, ranks=list(ranking))
    out = {}
    for label, (rating,) in zip(labels, updated, strict=True):
        out.setdefault(label, []).append((rating.mu, rating.sigma))
    return {
        k: (sum(m for m, _ in v) / len(v), sum(s for _, s in v) / len(v)) for k, v in out.items()
    }


def finish_rated_table(url_or_path):
    with app_client(url_or_path) as client:
        ann = new_player(client, "Ann")
        made = new_table(client, "the-mob", ["human", "easy", "medium"], ann, rated=True, seed=5)
        end = play_out(client, made["id"], {0: made["seats"][0]["token"]})
        board = client.get("/api/games/the-mob/leaderboard").json()
        page = client.get(f"/api/players/{ann['id']}").json()
    return ann, made, end, board, page


def check_rated(ann, made, end, board, page):
    ranking = end["result"]["ranking"]
    expected = expected_after_one_game([ann["id"], "bot:easy", "bot:medium"], ranking)
    rows = {r["rater"]: r for r in board["ratings"]}
    assert set(rows) == {ann["id"], "bot:easy", "bot:medium"}
    for rater, (mu, sigma) in expected.items():
        assert rows[rater]["mu"] == pytest.approx(mu, abs=1e-3)
        assert rows[rater]["sigma"] == pytest.approx(sigma, abs=1e-3)
        assert rows[rater]["games"] == 1
    assert rows[ann["id"]]["name"] == "Ann" and rows[ann["id"]]["kind"] == "player"
    assert rows["bot:easy"]["name"] == "easy bot" and rows["bot:easy"]["id"] is None
    ordinals = [r["ordinal"] for r in board["ratings"]]
    assert ordinals == sorted(ordinals, reverse=True)
    [history] = page["history"]
    assert history["table"] == made["id"] and history["place"] == ranking[0]
    assert history["mu"] == pytest.approx(expected[ann["id"]][0], abs=1e-3)
    [played] = page["tables"]
    assert played["id"] == made["id"] and played["place"] == ranking[0] and played["rated"]


def test_a_finished_rated_table_moves_the_ratings_on_sqlite(tmp_path):
    check_rated(*finish_rated_table(tmp_path / "f.db"))


@pytest.mark.postgres
def test_a_finished_rated_table_moves_the_ratings_on_postgresql(pg_url):
    check_rated(*finish_rated_table(pg_url))


def test_a_table_is_rated_once(tmp_path):
    db = tmp_path / "f.db"
    ann, made, end, board, _ = finish_rated_table(db)
    storage = Storage(str(db))
    # Another server (or a retry) rating it again finds it rated and changes nothing.
    assert rate_table(storage, made["id"], end["result"]) is False
    storage.close()
    with app_client(db) as client:
        again = client.get("/api/games/the-mob/leaderboard").json()
        assert again == board
        assert len(client.get(f"/api/players/{ann['id']}").json()["history"]) == 1


def test_an_unrated_table_changes_no_rating(client):
    ann = new_player(client, "Ann")
    made = new_table(client, "the-mob", ["human", "easy", "medium"], ann, rated=False, seed=5)
    end = play_out(client, made["id"], {0: made["seats"][0]["token"]})
    assert end["over"]
    assert client.get("/api/games/the-mob/leaderboard").json()["ratings"] == []
    page = client.get(f"/api/players/{ann['id']}").json()
    assert page["ratings"] == [] and page["history"] == []
    assert [t["id"] for t in page["tables"]] == [made["id"]] and not page["tables"][0]["rated"]


def test_a_rated_table_seats_players_only(client):
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    body = {"game": "the-mob", "players": 3, "seats": ["human", "human", "open"], "rated": True}
    anonymous = client.post("/api/tables", json=body)
    assert anonymous.status_code == 403 and anonymous.json()["code"] == "player_needed"
    made = new_table(client, "the-mob", ["human", "human", "open"], ann, rated=True)
    table, code = made["id"], made["seats"][1]["claim"]
    assert made["rated"] is True
    claim = client.post(f"/api/tables/{table}/claim", json={"claim": code})
    assert claim.status_code == 403 and claim.json()["code"] == "player_needed"
    join = client.post(f"/api/tables/{table}/join", json={})
    assert join.status_code == 403 and join.json()["code"] == "player_needed"
    twice = client.post(f"/api/tables/{table}/join", json={}, headers=xp(ann))
    assert twice.status_code == 409 and "one is yours" in twice.json()["error"]
    assert (
        client.post(f"/api/tables/{table}/claim", json={"claim": code}, headers=xp(bob)).status_code
        == 200
    )
    lobby = {t["id"]: t for t in client.get("/api/tables").json()}
    assert lobby[table]["rated"] is True


def test_hints_are_off_at_a_rated_table(client):
    ann = new_player(client, "Ann")
    made = new_table(client, "the-mob", ["human", "easy", "easy"], ann, rated=True)
    token = made["seats"][0]["token"]
    refused = client.get(f"/api/tables/{made['id']}/hint", headers=auth(token))
    assert refused.status_code == 403 and refused.json()["code"] == "hints_off"


def test_bots_are_rated_by_level_or_by_spec():
    assert bot_rater("random") == "bot:easy"
    assert bot_rater("greedy") == "bot:medium"
    assert bot_rater("ismcts:seconds=1") == "bot:hard"
    assert bot_rater("ismcts:iterations=50") == "bot:ismcts:iterations=50"


def test_the_leaderboard_of_an_unknown_game_is_not_found(client):
    assert client.get("/api/games/chess/leaderboard").status_code == 404
    assert client.get("/games/chess/leaderboard").status_code == 404
    page = client.get("/games/the-mob/leaderboard")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert client.get("/api/players/nobody").status_code == 404


def rated_finished_table(storage, table_id="done"):
    """A finished rated table written straight to the database: two players and a bot."""
    from famiglia.server.storage import StoredSeat, StoredTable, now

    storage.insert_finished(
        StoredTable(
            id=table_id,
            game="the-mob",
            players=3,
            seed=1,
            options={},
            agents=["human", "human", "random"],
            version="0",
            name="t",
            creator_hash="0" * 64,
            created_at=now(),
            seats=[
                StoredSeat("human", None, True, player_id="pa"),
                StoredSeat("human", None, True, player_id="pb"),
                StoredSeat("random", None, True),
            ],
            result={"scores": [3, 2, 1], "winners": [0], "ranking": [1, 2, 3], "capped": False},
            rated=True,
        )
    )
    return {"scores": [3, 2, 1], "winners": [0], "ranking": [1, 2, 3], "capped": False}


def check_rated_once_under_a_race(url):
    from concurrent.futures import ThreadPoolExecutor

    from sqlalchemy import func, select

    from famiglia.server.storage import rating_history, ratings

    storage = Storage(url)
    storage.migrate()
    result = rated_finished_table(storage)
    with ThreadPoolExecutor(4) as pool:
        done = list(pool.map(lambda _: rate_table(storage, "done", result), range(4)))
    with storage.engine.connect() as conn:
        games = conn.execute(select(ratings.c.rater, ratings.c.games)).all()
        rows = conn.execute(select(func.count()).select_from(rating_history)).scalar()
    storage.close()
    assert done.count(True) == 1
    assert sorted(games) == [("bot:easy", 1), ("pa", 1), ("pb", 1)] and rows == 3


def test_servers_racing_to_rate_one_table_rate_it_once_on_sqlite(tmp_path):
    check_rated_once_under_a_race(f"sqlite:///{tmp_path}/r.db")


@pytest.mark.postgres
def test_servers_racing_to_rate_one_table_rate_it_once_on_postgresql(pg_url):
    check_rated_once_under_a_race(pg_url)


def test_the_rematch_of_a_rated_table_is_rated_and_its_seat_goes_to_the_player(client):
    ann = new_player(client, "Ann")
    made = new_table(client, "the-mob", ["human", "easy", "medium"], ann, rated=True, seed=5)
    token = made["seats"][0]["token"]
    play_out(client, made["id"], {0: token})
    again = client.post(f"/api/tables/{made['id']}/rematch", json={}, headers=auth(token))
    assert again.status_code == 201, again.text
    new = again.json()
    # the rematch is rated too: its seat is taken only as a player, and then listed as hers
    claim = {"claim": new["claim"]}
    bare = client.post(f"/api/tables/{new['id']}/claim", json=claim)
    assert bare.status_code == 403 and bare.json()["code"] == "player_needed"
    taken = client.post(f"/api/tables/{new['id']}/claim", json=claim, headers=xp(ann))
    assert taken.status_code == 200, taken.text
    listed = {t["id"]: t for t in client.get("/api/me/tables", headers=auth(ann["key"])).json()}
    assert listed[new["id"]]["rated"] and listed[new["id"]]["seat"] == new["seat"]
