"""The coach's hint at a table (issue 39): the hard bot's move and two others for the seat to
move, at a practice table only, from the seat's information only."""

from __future__ import annotations

from .helpers import auth, create, wait_until


def test_a_practice_table_hints_a_legal_move_with_its_chance(shared_client):
    made = create(shared_client, "the-mob", ["human", "random", "random"], seed=3)
    table, token = made["id"], made["seats"][0]["token"]
    wait_until(shared_client, table, lambda p: 0 in p["to_act"])
    payload = shared_client.get(f"/api/tables/{table}", headers=auth(token)).json()
    got = shared_client.get(f"/api/tables/{table}/hint", headers=auth(token))
    assert got.status_code == 200, got.text
    body = got.json()
    assert body["seat"] == 0 and body["n"] == payload["n"]
    legal = {entry["text"] for entry in payload["legal"]}
    assert 1 <= len(body["hints"]) <= 3
    assert all(h["text"] in legal and 0 <= h["chance"] <= 1 for h in body["hints"])
    again = shared_client.get(f"/api/tables/{table}/hint", headers=auth(token)).json()
    assert again == body  # kept for the position


def test_no_hint_where_another_person_plays_nor_without_a_seat(shared_client):
    made = create(shared_client, "the-mob", ["human", "human", "random"], seed=3)
    table, token = made["id"], made["seats"][0]["token"]
    refused = shared_client.get(f"/api/tables/{table}/hint", headers=auth(token))
    assert refused.status_code == 403 and refused.json()["code"] == "hints_off"
    assert "practice" in refused.json()["error"]
    nobody = shared_client.get(f"/api/tables/{table}/hint")
    assert nobody.status_code == 401 and "token" in nobody.json()["error"]
