"""Clocks with two servers on one PostgreSQL, each table held by one of them (ownership.py):
when its server stops, the table is handed to the other, which times seats out from the clock as
stored with the last move, not from a clock of its own. Both servers share one fake time source."""

from __future__ import annotations

import time

from .helpers import app_client, play_first, wait_until
from .test_clocks import FakeTime

CLOCK = {"mode": "realtime", "bank": 60, "per_move": 5, "on_timeout": "bot:easy"}


def test_the_server_taking_a_table_over_times_out_from_the_stored_clock(pg_url):
    fake = FakeTime()
    with app_client(pg_url, peer=("testclient", 50001), time_source=fake) as b:
        with app_client(pg_url, time_source=fake) as a:
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
            answer = play_first(a, table, tokens[mover])
            assert answer.status_code == 200, answer.text
            assert answer.json()["clock"]["seats"][mover]["remaining"] == 55.0
            after = answer.json()["to_act"]  # the seat whose clock runs since that move
        # A has stopped and handed its tables over: B loads this one from the database
        hub = b.app.state.hub
        deadline = time.monotonic() + 30
        while table not in hub.tables:
            assert time.monotonic() < deadline, "the table was not taken over"
            time.sleep(0.1)
        fake.advance(51)  # 61 s since the start: the running clock (60 s from 10 s) has 9 s left
        assert b.portal.call(hub.keeper.tick) == []
        fake.advance(10)
        assert b.portal.call(hub.keeper.tick) == [(table, after[0])]
