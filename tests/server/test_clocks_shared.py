"""Clocks with two servers on one PostgreSQL: a move through the server that does not own the
table stores the clock as it stands, and the owner times seats out from the stored clock, not
from the one it last held in memory. Both servers share one fake time source."""

from __future__ import annotations

from .helpers import app_client, auth, wait_until
from .test_clocks import FakeTime

CLOCK = {"mode": "realtime", "bank": 60, "per_move": 5, "on_timeout": "bot:easy"}


def test_the_owner_times_out_from_the_stored_clock(pg_url):
    fake = FakeTime()
    with (
        app_client(pg_url, time_source=fake) as a,
        app_client(pg_url, peer=("testclient", 50001), time_source=fake) as b,
    ):
        body = {
            "game": "unfinished-business",
            "players": 2,
            "seats": ["human", "human"],
            "seed": 7,
            "clock": CLOCK,
        }
        made = a.post("/api/tables", json=body).json()
        table = made["id"]
        tokens = {0: made["seats"][0]["token"]}
        tokens[1] = a.post(
            f"/api/tables/{table}/claim", json={"claim": made["seats"][1]["claim"]}
        ).json()["token"]
        seen = wait_until(a, table, lambda p: p["clock"]["started"])
        mover = seen["to_act"][0]
        fake.advance(10)
        mine = b.get(f"/api/tables/{table}", headers=auth(tokens[mover])).json()
        move = {"action": mine["legal"][0]["action"], "n": mine["n"]}
        answer = b.post(f"/api/tables/{table}/moves", json=move, headers=auth(tokens[mover]))
        assert answer.status_code == 200, answer.text
        assert answer.json()["clock"]["seats"][mover]["remaining"] == 55.0
        hub = a.app.state.hub
        fake.advance(51)  # 61 s since the start: past the deadline A held before B's move
        assert a.portal.call(hub.keeper.tick) == []
        fake.advance(10)
        after = answer.json()["to_act"]  # the seat whose clock runs since B's move
        assert a.portal.call(hub.keeper.tick) == [(table, after[0])]
