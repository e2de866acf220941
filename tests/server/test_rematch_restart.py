"""Rematch seats survive a restart and reach each player's own page (docs/server.md, Rematch):
the offer and each player's new seat are stored, the codes are not; a player asking after a
restart gets a new code for their own seat only, by their old seat's token or their player key
(/api/me/rematches). Nobody else's seat or code is shown."""

from __future__ import annotations

import json

import pytest

from .helpers import app_client, auth
from .players_helpers import new_player, new_table, play_out, xp

MOB_SEATS = ["human", "human", "random"]


def finished_pair(client):
    """Ann (the creator, seat 0) and Bob (seat 1) finish a The Mob with a bot; Ann starts the
    rematch. Returns (players, old table id, old tokens, Ann's rematch answer)."""
    ann, bob, carl = (
        new_player(client, "Ann"),
        new_player(client, "Bob"),
        new_player(client, "Carl"),
    )
    made = new_table(client, "the-mob", MOB_SEATS, ann, seed=5)
    claim = {"claim": made["seats"][1]["claim"]}
    taken = client.post(f"/api/tables/{made['id']}/claim", json=claim, headers=xp(bob))
    assert taken.status_code == 200, taken.text
    tokens = {0: made["seats"][0]["token"], 1: taken.json()["token"]}
    play_out(client, made["id"], tokens)
    again = client.post(
        f"/api/tables/{made['id']}/rematch", json={"seating": "swap"}, headers=auth(tokens[0])
    )
    assert again.status_code == 201, again.text
    return (ann, bob, carl), made["id"], tokens, again.json()


def pending(client, player):
    answer = client.get("/api/me/rematches", headers=auth(player["key"]))
    assert answer.status_code == 200, answer.text
    return answer.json()


def claim(client, table, code, player=None):
    headers = xp(player) if player else {}
    return client.post(f"/api/tables/{table}/claim", json={"claim": code}, headers=headers)


def check_restart(db):
    with app_client(db) as client:
        (ann, bob, carl), old, tokens, first = finished_pair(client)
        new_id, order = first["id"], first["order"]
        before = first["claim"]  # Ann's code, made before the restart
        listed = pending(client, bob)
        assert [(e["id"], e["seat"], e["after"]) for e in listed] == [(new_id, order[1], old)]
    with app_client(db) as client:  # a restart: this server holds no code
        # Bob, by his old seat's token: a code for his own new seat, which opens it
        bobs = client.get(f"/api/tables/{old}/rematch", headers=auth(tokens[1]))
        assert bobs.status_code == 200, bobs.text
        mine = bobs.json()
        assert mine["id"] == new_id and mine["seat"] == order[1] and "creator_key" not in mine
        taken = claim(client, new_id, mine["claim"], bob)
        assert taken.status_code == 200 and taken.json()["seat"] == order[1]
        assert taken.json()["name"] == "Bob"
        assert pending(client, bob) == []  # claimed: no longer pending
        # Ann, by her player key, from her own page
        [entry] = pending(client, ann)
        assert entry["id"] == new_id and entry["seat"] == order[0] and "claim" not in entry
        code = client.post(f"/api/me/rematches/{new_id}", json={}, headers=auth(ann["key"]))
        assert code.status_code == 200, code.text
        assert code.json()["seat"] == order[0] and code.json()["invite"].endswith(
            code.json()["claim"]
        )
        assert claim(client, new_id, before, ann).status_code == 403  # the old code was replaced
        assert claim(client, new_id, code.json()["claim"], ann).status_code == 200
        assert pending(client, ann) == []
        # starting it again after the restart answers the same rematch, never a second one
        again = client.post(f"/api/tables/{old}/rematch", json={}, headers=auth(tokens[1]))
        assert again.status_code == 200 and again.json()["id"] == new_id
        assert again.json()["made"] is False and "claim" not in again.json()  # Bob sits there
        names = client.get(f"/api/tables/{new_id}").json()["names"]
        assert names[order[0]] == "Ann" and names[order[1]] == "Bob"


def test_rematch_codes_survive_a_restart_by_old_token_and_by_player_key(tmp_path):
    check_restart(tmp_path / "f.db")


@pytest.mark.postgres
def test_rematch_codes_survive_a_restart_on_postgresql(pg_url):
    check_restart(pg_url)


def test_nobody_sees_another_players_rematch_seat_or_code(tmp_path):
    db = tmp_path / "f.db"
    with app_client(db) as client:
        (ann, bob, carl), old, tokens, first = finished_pair(client)
        new_id = first["id"]
    with app_client(db) as client:
        seen = {}
        for who, player in (("ann", ann), ("bob", bob)):
            code = client.post(f"/api/me/rematches/{new_id}", json={}, headers=auth(player["key"]))
            seen[who] = code.json()["claim"]
        assert seen["ann"] != seen["bob"]
        # Carl sat nowhere there: nothing listed, no code, whatever he asks
        assert pending(client, carl) == []
        refused = client.post(f"/api/me/rematches/{new_id}", json={}, headers=auth(carl["key"]))
        assert refused.status_code == 404 and refused.json()["code"] == "no_rematch"
        assert client.get("/api/me/rematches").status_code == 401
        assert client.post(f"/api/me/rematches/{new_id}", json={}).status_code == 401
        # each one's list and answers hold no code at all, and no one else's
        for player in (ann, bob):
            text = json.dumps(pending(client, player))
            assert seen["ann"] not in text and seen["bob"] not in text
            assert len(pending(client, player)) == 1
        # the public routes tell nothing of the codes
        for url in (f"/api/tables/{new_id}", f"/api/tables/{old}", "/api/tables"):
            text = client.get(url).text
            assert seen["ann"] not in text and seen["bob"] not in text
        stranger = client.get(f"/api/tables/{old}/rematch", headers=auth(carl["key"]))
        assert stranger.status_code == 403
    # the database keeps no code, plain
    raw = db.read_bytes().decode("latin-1")
    for code in (*seen.values(), first["claim"]):
        assert code not in raw


def test_the_creator_gets_codes_for_the_invited_seats_after_a_restart(tmp_path):
    db = tmp_path / "f.db"
    with app_client(db) as client:
        ann = new_player(client, "Ann")
        made = new_table(client, "the-mob", ["human", "human", "random"], ann, seed=5)
        creator = made["creator_key"]
        # seat 1 was never claimed: the creator hands it to a bot to finish, it stays invited
        client.post(
            f"/api/tables/{made['id']}/seats/1", json={"kind": "random"}, headers=auth(creator)
        )
        play_out(client, made["id"], {0: made["seats"][0]["token"]})
        first = client.post(f"/api/tables/{made['id']}/rematch", json={}, headers=auth(creator))
        assert first.status_code == 201, first.text
    with app_client(db) as client:
        mine = client.get(f"/api/tables/{made['id']}/rematch", headers=auth(creator)).json()
        assert "creator_key" not in mine  # not kept: it died with the restart
        assert mine["id"] == first.json()["id"]
        assert [i["seat"] for i in mine["invites"]] == [i["seat"] for i in first.json()["invites"]]
        for invite in mine["invites"]:
            assert claim(client, mine["id"], invite["claim"]).status_code == 200


def test_rematch_codes_asked_for_are_rate_limited(client):
    ann = new_player(client, "Ann")
    statuses = [
        client.post("/api/me/rematches/nothing", json={}, headers=auth(ann["key"])).status_code
        for _ in range(31)
    ]
    assert statuses[:30] == [404] * 30 and statuses[30] == 429


def test_a_rematch_another_server_stored_first_wins_and_ours_closes(client, monkeypatch):
    """Two servers starting one table's rematch at once: the second to store it finds the
    first's row (its insert refused), closes the table it made and answers the first's."""
    from famiglia.server import rematch as rematch_module

    (ann, bob, carl), old, tokens, first = finished_pair(client)
    client.app.state.rematches.offers.clear()  # as on another server: nothing in memory
    real, reads = rematch_module.read_offer, []

    def racing(storage, table_id):  # the first look misses the row, as in a race
        reads.append(table_id)
        return None if len(reads) == 1 else real(storage, table_id)

    monkeypatch.setattr(rematch_module, "read_offer", racing)
    before = {t["id"] for t in client.get("/api/tables").json()}
    again = client.post(f"/api/tables/{old}/rematch", json={}, headers=auth(tokens[1]))
    assert again.status_code == 200, again.text
    assert again.json()["id"] == first["id"] and again.json()["made"] is False
    assert again.json()["seat"] == first["order"][1] and again.json()["claim"]
    running = {t["id"] for t in client.get("/api/tables").json() if not t.get("closed")}
    extra = running - before
    assert len(reads) == 2 and extra == set()  # the table made in the race was closed
