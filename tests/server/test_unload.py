"""Slow games (server/unloading.py): a table nobody looks at, waiting on a person, leaves
memory and comes back from the database the same; "waiting on you" for the seats a browser
holds, answered without bringing the table back."""

from __future__ import annotations

import pytest

from .helpers import app_client, auth, create_raw, wait_until
from .test_clocks import SLOW, FakeTime


@pytest.fixture
def fake():
    return FakeTime()


@pytest.fixture
def client(tmp_path, fake):
    with app_client(tmp_path / "famiglia.db", time_source=fake, unload_minutes=10) as c:
        yield c


def unload(client) -> list[str]:
    hub = client.app.state.hub

    async def run():
        return hub.unloader.unload_idle()

    return client.portal.call(run)


def slow_table(client, seats=("human", "human")):
    made = create_raw(client, "unfinished-business", seats=list(seats), clock=SLOW)
    tokens = {s["seat"]: s.get("token") for s in made["seats"]}
    for entry in made["seats"]:
        if "claim" in entry:
            answer = client.post(f"/api/tables/{made['id']}/claim", json={"claim": entry["claim"]})
            tokens[entry["seat"]] = answer.json()["token"]
    wait_until(client, made["id"], lambda p: p["clock"]["started"])  # every seat taken
    return made, tokens


def waiting(client, pairs):
    body = {"seats": [{"table": t, "token": k} for t, k in pairs]}
    answer = client.post("/api/tables/waiting", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_table_nobody_looks_at_is_unloaded_and_rebuilt_the_same(client, fake):
    made, tokens = slow_table(client)
    hub = client.app.state.hub
    views = {
        s: client.get(f"/api/tables/{made['id']}", headers=auth(t)).json()
        for s, t in tokens.items()
    }
    fake.advance(9 * 60)
    assert unload(client) == []  # looked at 9 minutes ago: stays
    fake.advance(60)
    assert unload(client) == [made["id"]]
    assert made["id"] not in hub.tables and made["id"] in hub.unloader.away
    # waiting on you, answered from the summary: the table stays out of memory
    answer = waiting(client, [(made["id"], tokens[0]), (made["id"], tokens[1])])
    assert made["id"] not in hub.tables
    assert answer["count"] == 1
    for seat, token in tokens.items():
        again = client.get(f"/api/tables/{made['id']}", headers=auth(token)).json()
        for before, after in zip(
            views[seat]["clock"]["seats"], again["clock"]["seats"], strict=True
        ):
            assert after.pop("remaining") == before.pop("remaining") - (
                600 if before["running"] else 0
            )
        assert again == views[seat]  # the same view, legal moves, events, names, clocks
    assert made["id"] in hub.tables and made["id"] not in hub.unloader.away


def test_tables_looked_at_or_open_to_the_lobby_stay(client, fake):
    made, tokens = slow_table(client)
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={tokens[0]}"):
        fake.advance(3600)
        assert unload(client) == []  # a socket is open
    lobby = create_raw(client, "unfinished-business", seats=["human", "open"], clock=SLOW)
    fake.advance(3600)
    gone = unload(client)
    assert made["id"] in gone and lobby["id"] not in gone  # a seat waits for the lobby


def test_an_unloaded_slow_table_is_still_timed_out_on_time(client, fake):
    made, tokens = slow_table(client)
    fake.advance(3600)
    assert unload(client) == [made["id"]]
    hub = client.app.state.hub
    fake.advance(86400)
    timed = client.portal.call(hub.keeper.tick)
    assert timed and timed[0][0] == made["id"]
    seen = client.get(f"/api/tables/{made['id']}").json()
    assert any(s["timed_out"] for s in seen["clock"]["seats"])


def test_waiting_lists_only_seats_the_table_waits_on(client):
    made, tokens = slow_table(client)
    seen = client.get(f"/api/tables/{made['id']}").json()
    mover = seen["to_act"][0]
    answer = waiting(
        client,
        [(made["id"], tokens[0]), (made["id"], tokens[1]), ("nosuch", "x"), (made["id"], "bad")],
    )
    assert answer["count"] == 1
    entry = answer["tables"][0]
    assert entry["id"] == made["id"] and entry["seat"] == mover
    assert entry["url"].endswith(f"/tables/{made['id']}")
    assert "token" not in str(answer) and tokens[mover] not in str(answer)
    # a token of another seat, or none that matches, learns nothing
    assert waiting(client, [(made["id"], "not-a-token")]) == {"count": 0, "tables": []}


def test_waiting_is_capped_and_shaped(client):
    many = [{"table": "t", "token": "k"}] * 51
    answer = client.post("/api/tables/waiting", json={"seats": many})
    assert answer.status_code == 422 and "50" in answer.json()["error"]
    answer = client.post("/api/tables/waiting", json={"seats": "all"})
    assert answer.status_code == 422


def test_waiting_is_rate_limited(tmp_path):
    with app_client(tmp_path / "famiglia.db") as client:
        codes = [
            client.post("/api/tables/waiting", json={"seats": []}).status_code for _ in range(80)
        ]
    assert codes[:60] == [200] * 60 and 429 in codes  # 60 a minute, refilled as time goes


def test_unloaded_tables_still_count_against_a_clients_limit(tmp_path, fake):
    with app_client(
        tmp_path / "famiglia.db", time_source=fake, unload_minutes=10, tables_per_client=1
    ) as client:
        made, _tokens = slow_table(client)
        fake.advance(3600)
        assert unload(client) == [made["id"]]
        body = {"game": "the-mob", "players": 3, "seats": ["human"] * 3}
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 429 and "open tables" in answer.json()["error"]
