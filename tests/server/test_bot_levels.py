"""GET /api/levels: the lobby's bot picker shows each level's line and its rating per game."""

from __future__ import annotations

import famiglia
from famiglia.agents.levels import levels

from .helpers import app_client, create


def test_each_level_comes_with_its_line_and_its_rating_in_the_game(tmp_path):
    with app_client(tmp_path / "t.db") as client:
        for game in famiglia.games():
            answer = client.get("/api/levels", params={"game": game})
            assert answer.status_code == 200
            found = {level["name"]: level for level in answer.json()}
            assert list(found) == ["easy", "medium", "hard"]
            for name, level in levels().items():
                assert found[name]["about"] == level.about
                assert found[name]["spec"] == level.spec
                assert found[name]["rating"] == level.ratings.get(game)


def test_an_unknown_game_is_refused_with_the_games_and_without_echoing_a_long_name(tmp_path):
    with app_client(tmp_path / "t.db") as client:
        answer = client.get("/api/levels", params={"game": "x" * 5000})
        assert answer.status_code == 404
        body = answer.json()
        assert body["code"] == "not_found"
        assert "the-mob" in body["error"] and len(body["error"]) < 300
        assert client.get("/api/levels").status_code == 404  # no game given


def test_the_levels_tell_nothing_of_a_live_table(tmp_path):
    with app_client(tmp_path / "t.db") as client:
        before = client.get("/api/levels", params={"game": "cash-n-guns"}).text
        made = create(client, "cash-n-guns", ["human", "hard", "greedy", "random"], seed=3)
        after = client.get("/api/levels", params={"game": "cash-n-guns"}).text
        assert after == before  # the same answer for everyone, whatever is being played
        secrets = [made["creator_key"], made["id"]]
        secrets += [s[k] for s in made["seats"] for k in ("token", "claim") if s.get(k)]
        assert not any(secret in after for secret in secrets)
