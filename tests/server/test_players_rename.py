"""A player's rename reaches their seats at running tables (payloads, the lobby, their list of
tables), held in memory or unloaded; finished tables keep the name they were played under
(docs/server.md, "Names after a rename")."""

from __future__ import annotations

import pytest

from .helpers import app_client, auth, wait_until
from .players_helpers import new_player, new_table, play_out, xp
from .test_clocks import SLOW, FakeTime


def rename(client, player, name):
    answer = client.patch("/api/me", json={"name": name}, headers=auth(player["key"]))
    assert answer.status_code == 200, answer.text
    return answer.json()


def names_at(client, table_id):
    return client.get(f"/api/tables/{table_id}").json()["names"]


def lobby_names(client, table_id):
    entry = next(t for t in client.get("/api/tables").json() if t["id"] == table_id)
    return [s["name"] for s in entry["seats"]]


def test_running_tables_show_the_new_name_and_finished_ones_keep_the_old(client):
    ann = new_player(client, "Ann")
    done = new_table(client, "the-mob", ["human", "random", "random"], ann, seed=3)
    play_out(client, done["id"], {0: done["seats"][0]["token"]})
    running = new_table(client, "the-mob", ["human", "random", "random"], ann, seed=4)
    assert names_at(client, running["id"])[0] == "Ann"
    rename(client, ann, "Anna")
    assert names_at(client, running["id"])[0] == "Anna"
    assert lobby_names(client, running["id"])[0] == "Anna"
    mine = {t["id"]: t for t in client.get("/api/me/tables", headers=auth(ann["key"])).json()}
    assert mine[running["id"]]["names"][0] == "Anna"
    # the finished table, its record's page and replay keep the name it was played under
    assert names_at(client, done["id"])[0] == "Ann"
    assert mine[done["id"]]["names"][0] == "Ann"
    page = client.get(f"/api/players/{ann['id']}").json()
    assert page["name"] == "Anna" and page["tables"][0]["names"][0] == "Ann"


def test_a_seat_keeps_its_name_where_the_new_one_is_taken_at_that_table(client):
    ann, other = new_player(client, "Ann"), new_player(client, "Anna")
    made = new_table(client, "unfinished-business", ["human", "human"], other)
    claim = {"claim": made["seats"][1]["claim"]}
    taken = client.post(f"/api/tables/{made['id']}/claim", json=claim, headers=xp(ann))
    assert taken.status_code == 200 and taken.json()["name"] == "Ann"
    elsewhere = new_table(client, "the-mob", ["human", "random", "random"], ann)
    rename(client, ann, "anna")
    assert names_at(client, made["id"]) == ["Anna", "Ann"]  # "anna" is seat 0's, told apart
    assert names_at(client, elsewhere["id"])[0] == "anna"


def test_dropping_ones_name_leaves_the_seats_as_they_are(client):
    ann = new_player(client, "Ann")
    made = new_table(client, "the-mob", ["human", "random", "random"], ann)
    rename(client, ann, None)
    assert names_at(client, made["id"])[0] == "Ann"


@pytest.fixture
def slow_client(tmp_path):
    fake = FakeTime()
    with app_client(tmp_path / "famiglia.db", time_source=fake, unload_minutes=10) as c:
        yield c, fake


def test_an_unloaded_table_shows_the_new_name_once_rebuilt(slow_client):
    client, fake = slow_client
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    made = new_table(client, "unfinished-business", ["human", "human"], ann, clock=SLOW)
    claim = {"claim": made["seats"][1]["claim"]}
    assert client.post(f"/api/tables/{made['id']}/claim", json=claim, headers=xp(bob)).is_success
    wait_until(client, made["id"], lambda p: p["clock"]["started"])
    hub = client.app.state.hub
    fake.advance(11 * 60)

    async def unload():
        return hub.unloader.unload_idle()

    assert client.portal.call(unload) == [made["id"]]
    rename(client, ann, "Anna")
    assert made["id"] not in hub.tables
    assert names_at(client, made["id"]) == ["Anna", "Bob"]  # rebuilt from the stored seats
