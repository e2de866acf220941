"""Webhook calls pending at a stop are not lost (webhook_queue.py): the call is stored before it
is made, a stopped server leaves it in the database, and the next server makes it once its
receiver answers, exactly once; two servers never both take one call."""

from __future__ import annotations

import asyncio
import queue
import time

import pytest
from sqlalchemy import select

from famiglia.server import webhook_queue, webhooks
from famiglia.server.storage import Storage
from famiglia.server.stored import webhook_deliveries

from .helpers import app_client, auth
from .test_clocks import FakeTime
from .test_webhooks import Receiver, play_until_turn_of, slow_pair


def stored_rows(db):
    storage = Storage(f"sqlite:///{db}")
    with storage.engine.connect() as conn:
        found = conn.execute(select(webhook_deliveries)).all()
    storage.close()
    return found


def wait_for(test, seconds=20.0):
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "waited too long"
        time.sleep(0.05)


def test_a_call_pending_at_a_stop_is_made_by_the_next_server_once(tmp_path, monkeypatch):
    monkeypatch.setattr(webhooks, "RETRY_DELAYS", (3.0, 3.0, 3.0))
    monkeypatch.setattr(webhook_queue, "POLL_SECONDS", 0.5)
    db = tmp_path / "f.db"
    down = Receiver()  # its port, then nobody listening there
    port, url = down.port, down.url
    down.close()
    with app_client(db, time_source=FakeTime(), webhook_loopback=True) as client:
        made, answer = slow_pair(client, url)
        assert answer.status_code == 200, answer.text
        tokens = {0: made["seats"][0]["token"], 1: answer.json()["token"]}
        seen = client.get(f"/api/tables/{made['id']}").json()
        if 1 in seen["to_act"]:  # let seat 1 move so that its turn comes again
            mine = client.get(f"/api/tables/{made['id']}", headers=auth(tokens[1])).json()
            move = {"action": mine["legal"][0]["action"], "n": mine["n"]}
            client.post(f"/api/tables/{made['id']}/moves", json=move, headers=auth(tokens[1]))
        play_until_turn_of(client, made, tokens, 1)
        wait_for(lambda: any(r.attempt >= 1 for r in stored_rows(db)))  # tried: refused
    [row] = stored_rows(db)
    assert row.taken_by is None and row.message["seat"] == 1 and row.table_id == made["id"]
    assert tokens[1] not in str(row.message) and made["creator_key"] not in str(row.message)
    receiver = Receiver(port=port)  # the receiver comes back on its port
    try:
        with app_client(db, time_source=FakeTime(), webhook_loopback=True):
            path, _, message = receiver.next(timeout=20)
            assert path == "/hook?k=1" and message["table"] == made["id"]
            assert message["seat"] == 1
            wait_for(lambda: stored_rows(db) == [])
            with pytest.raises(queue.Empty):
                receiver.next(timeout=1.0)  # once
    finally:
        receiver.close()


def check_taken_once(url):
    async def run():
        storage = Storage(url)
        storage.migrate()
        storage.start()
        made = []

        async def attempt(url, message):
            made.append(url)
            return "done"

        a, b = (webhook_queue.Deliveries(storage, attempt, lambda: (), 50, 1.0) for _ in "ab")
        for k in range(20):
            await a.add(f"t{k}", 0, f"http://example.com/{k}", {"seat": 0})
        taken = await asyncio.gather(a._take(), b._take(), a._take(), b._take())
        ids = [row.id for rows in taken for row in rows]
        assert len(ids) == len(set(ids)) == 20  # each read by all four, taken by one
        for server, rows in zip((a, b, a, b), taken, strict=True):
            for row in rows:
                await server._one(row)
        assert sorted(made) == sorted(f"http://example.com/{k}" for k in range(20))
        with storage.engine.connect() as conn:
            assert conn.execute(select(webhook_deliveries)).all() == []
        storage.close()

    asyncio.run(run())


def test_two_servers_never_take_one_call_both(tmp_path):
    check_taken_once(f"sqlite:///{tmp_path}/q.db")


@pytest.mark.postgres
def test_two_servers_never_take_one_call_both_on_postgresql(pg_url):
    check_taken_once(pg_url)


def test_a_seat_handed_on_drops_its_calls_not_yet_made(tmp_path, monkeypatch):
    monkeypatch.setattr(webhooks, "RETRY_DELAYS", (60.0, 60.0, 60.0))
    db = tmp_path / "f.db"
    down = Receiver()
    url = down.url
    down.close()
    with app_client(db, time_source=FakeTime(), webhook_loopback=True) as client:
        made, answer = slow_pair(client, url)
        tokens = {0: made["seats"][0]["token"], 1: answer.json()["token"]}
        seen = client.get(f"/api/tables/{made['id']}").json()
        if 1 in seen["to_act"]:
            mine = client.get(f"/api/tables/{made['id']}", headers=auth(tokens[1])).json()
            move = {"action": mine["legal"][0]["action"], "n": mine["n"]}
            client.post(f"/api/tables/{made['id']}/moves", json=move, headers=auth(tokens[1]))
        play_until_turn_of(client, made, tokens, 1)
        wait_for(lambda: any(r.attempt >= 1 for r in stored_rows(db)))
        handed = client.post(
            f"/api/tables/{made['id']}/seats/1",
            json={"kind": "human"},
            headers=auth(made["creator_key"]),
        )
        assert handed.status_code == 200, handed.text
        assert stored_rows(db) == []
