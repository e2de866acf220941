"""Forfeit on time (clocks.py, the CLOCK.2 clause of each game's docs/rules page): the seat is
played by the easy bot to the end by the game's own rules, and ranked last in the table's
result, marked "forfeit"; the record keeps the game's own result."""

from __future__ import annotations

import famiglia
from famiglia.core.record import replay
from famiglia.server.clocks import with_forfeits

from .helpers import auth, create_raw, first_move, quick, wait_until
from .test_clocks import client, fake, table_of, tick  # noqa: F401 (its fixtures)

FORFEIT = {"mode": "realtime", "bank": 30, "per_move": 0, "on_timeout": "forfeit"}


def test_standing_puts_forfeited_seats_last_and_keeps_the_others_order():
    result = {"scores": [5, 9, 7, 1], "winners": [1], "ranking": [3, 1, 2, 4], "capped": False}
    out = with_forfeits(result, [1])
    assert out["ranking"] == [2, 4, 1, 3]
    assert out["winners"] == [2] and out["forfeit"] == [1]
    assert out["scores"] == result["scores"]  # the game's own measure is untouched
    both = with_forfeits(result, [1, 2])
    assert both["ranking"] == [1, 3, 3, 2] and both["winners"] == [0]
    tie = {"scores": [3, 3, 1], "winners": [0, 1], "ranking": [1, 1, 3], "capped": False}
    assert with_forfeits(tie, [0])["ranking"] == [3, 1, 2]
    nobody = {"scores": [0], "winners": [], "ranking": [1], "capped": False}  # Tequila won
    assert with_forfeits(nobody, [0])["winners"] == []
    assert with_forfeits(result, []) is result


def test_a_seat_out_of_time_forfeits_and_the_game_ends_by_its_rules(client, fake):  # noqa: F811
    game = "blood-feud"
    made = create_raw(
        client,
        game,
        seats=["random", "human"],
        creator_seat=1,
        clock=FORFEIT,
        options=quick(game, 2),
    )
    url = f"/api/tables/{made['id']}"
    fake.advance(30)
    assert tick(client) == [(made["id"], 1)]
    end = wait_until(client, made["id"], lambda p: p["over"], seconds=120)
    assert end["clock"]["seats"][1]["forfeit"] is True
    assert end["result"]["forfeit"] == [1]
    assert end["result"]["ranking"][1] == 2 and end["result"]["winners"] == [0]
    # the record holds the game's own result, which its moves replay to
    record = client.get(f"{url}/record").json()
    state = replay(record)
    assert record["result"] == state.result().to_json()
    assert famiglia.load(game).name == record["game"]


def test_a_forfeited_seat_cannot_move_or_resume(client, fake):  # noqa: F811
    made = create_raw(
        client, "unfinished-business", seats=["random", "human"], creator_seat=1, clock=FORFEIT
    )
    token, url = made["seats"][1]["token"], f"/api/tables/{made['id']}"
    seen = table_of(client, made, token)
    fake.advance(31)
    tick(client)
    answer = client.post(f"{url}/moves", json=first_move(seen), headers=auth(token))
    assert answer.status_code == 409 and answer.json()["code"] == "forfeited"
    answer = client.post(f"{url}/seats/1/resume", json={}, headers=auth(token))
    assert answer.status_code == 409 and answer.json()["code"] == "forfeited"
