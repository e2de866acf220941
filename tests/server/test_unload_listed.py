"""An unloaded slow table (server/unloading.py) is still listed: in the lobby and on its
players' `/api/me/tables`, with every seat's clock running on, whose turn it is, and not
abandoned; listing it never brings it back into memory; opening it does."""

from __future__ import annotations

from datetime import timedelta

import pytest

from .helpers import app_client, auth, wait_until
from .players_helpers import new_player, xp
from .test_clocks import SLOW, FakeTime


@pytest.fixture
def fake():
    return FakeTime()


@pytest.fixture
def client(tmp_path, fake):
    with app_client(
        tmp_path / "famiglia.db", time_source=fake, unload_minutes=10, abandoned_minutes=1
    ) as c:
        yield c


def unload(client) -> list[str]:
    hub = client.app.state.hub

    async def run():
        return hub.unloader.unload_idle()

    return client.portal.call(run)


def slow_table_of_two(client):
    """Ann (creator, seat 0) and Bob (invited, seat 1), both players, at a slow table."""
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    body = {
        "game": "unfinished-business",
        "players": 2,
        "seats": ["human", "human"],
        "seed": 7,
        "clock": SLOW,
    }
    made = client.post("/api/tables", json=body, headers=xp(ann)).json()
    claimed = client.post(
        f"/api/tables/{made['id']}/claim",
        json={"claim": made["seats"][1]["claim"]},
        headers=xp(bob),
    ).json()
    tokens = {0: made["seats"][0]["token"], 1: claimed["token"]}
    wait_until(client, made["id"], lambda p: p["clock"]["started"])  # every seat taken
    return made, tokens, ann, bob


def lobby_entry(client, table_id):
    return next(t for t in client.get("/api/tables").json() if t["id"] == table_id)


def test_an_unloaded_table_stays_in_the_lobby_with_its_clocks(client, fake):
    made, tokens, _ann, _bob = slow_table_of_two(client)
    seen = client.get(f"/api/tables/{made['id']}").json()
    mover = seen["to_act"][0]
    before = lobby_entry(client, made["id"])
    assert before["clock"] == SLOW  # the time control, for the lobby to say
    fake.advance(3600)
    assert unload(client) == [made["id"]]
    hub = client.app.state.hub
    after = lobby_entry(client, made["id"])
    assert made["id"] not in hub.tables  # listed from the summary, not rebuilt
    assert after["clock"] == SLOW and after["n"] == before["n"]
    assert [s["name"] for s in after["seats"]] == ["Ann", "Bob"]
    clock = after["seats"][mover]
    assert clock["running"] and clock["remaining"] == pytest.approx(86400 - 3600, abs=1)
    assert not after["seats"][1 - mover]["running"]
    hub.unloader.away[made["id"]].last -= timedelta(hours=2)  # nobody came for hours
    assert not lobby_entry(client, made["id"])["abandoned"]  # a slow table waits on its clock
    fake.advance(3600)  # the clock runs on while the table is away
    later = lobby_entry(client, made["id"])["seats"][mover]
    assert later["remaining"] == pytest.approx(86400 - 7200, abs=1)
    assert made["id"] not in hub.tables
    # opening it rebuilds it, at the same move, with the same clock
    payload = client.get(f"/api/tables/{made['id']}", headers=auth(tokens[mover])).json()
    assert made["id"] in hub.tables and payload["n"] == before["n"] and payload["legal"]
    assert payload["clock"]["seats"][mover]["remaining"] == pytest.approx(86400 - 7200, abs=1)
    assert lobby_entry(client, made["id"])["seats"][mover]["remaining"] == pytest.approx(
        86400 - 7200, abs=1
    )


def test_an_unloaded_table_stays_on_its_players_lists(client, fake):
    made, tokens, ann, bob = slow_table_of_two(client)
    mover = client.get(f"/api/tables/{made['id']}").json()["to_act"][0]
    fake.advance(3600)
    assert unload(client) == [made["id"]]
    hub = client.app.state.hub
    for seat, player in ((0, ann), (1, bob)):
        mine = client.get("/api/me/tables", headers=auth(player["key"])).json()
        entry = next(t for t in mine if t["id"] == made["id"])
        assert entry["seat"] == seat and entry["to_act"] == [mover]
        assert entry["your_turn"] == (seat == mover)
        assert entry["names"] == ["Ann", "Bob"] and not entry["over"]
        assert entry["clock"]["mode"] == "slow" and entry["clock"]["per_move"] == 86400
        assert entry["clock"]["running"] == (seat == mover)
        if seat == mover:
            assert entry["clock"]["remaining"] == pytest.approx(86400 - 3600, abs=1)
        assert tokens[seat] not in str(mine)  # never a token
    assert made["id"] not in hub.tables  # the list did not rebuild it
    # waiting on you, with the seat's clock
    body = {"seats": [{"table": made["id"], "token": tokens[mover]}]}
    waiting = client.post("/api/tables/waiting", json=body).json()
    assert waiting["count"] == 1 and waiting["tables"][0]["clock"]["running"]
    assert made["id"] not in hub.tables


def test_the_lobby_says_nothing_more_of_an_unloaded_table(client, fake):
    made, tokens, _ann, _bob = slow_table_of_two(client)
    before = lobby_entry(client, made["id"])
    fake.advance(3600)
    unload(client)
    after = lobby_entry(client, made["id"])
    assert set(after) == set(before)
    for seat_before, seat_after in zip(before["seats"], after["seats"], strict=True):
        assert set(seat_after) == set(seat_before)
    text = client.get("/api/tables").text
    assert all(token not in text for token in tokens.values())
    assert "seed" not in after and "views" not in text


def test_reading_the_players_list_does_not_keep_a_table_in_memory(client, fake):
    made, _tokens, ann, _bob = slow_table_of_two(client)
    for _ in range(3):  # the lobby read every few minutes: the table is not "looked at"
        fake.advance(4 * 60)
        assert client.get("/api/me/tables", headers=auth(ann["key"])).status_code == 200
    assert unload(client) == [made["id"]]


def test_on_postgresql_an_unloaded_table_stays_out_of_memory(pg_url, fake):
    """Its server owns it still: its sweep (reconcile) must not load it back."""
    with app_client(pg_url, time_source=fake, unload_minutes=10) as client:
        made, tokens, ann, _bob = slow_table_of_two(client)
        fake.advance(3600)
        hub = client.app.state.hub
        assert unload(client) == [made["id"]]
        client.portal.call(hub.cluster.ownership.reconcile)
        assert made["id"] not in hub.tables and made["id"] in hub.unloader.away
        assert lobby_entry(client, made["id"])["clock"] == SLOW
        mine = client.get("/api/me/tables", headers=auth(ann["key"])).json()
        assert [t["id"] for t in mine] == [made["id"]]
        assert made["id"] not in hub.tables
        payload = client.get(f"/api/tables/{made['id']}", headers=auth(tokens[0])).json()
        assert payload["seat"] == 0 and made["id"] in hub.tables
