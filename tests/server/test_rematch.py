"""Rematch and seating (POST/GET /api/tables/{id}/rematch): by a seated player once the game is
over, once per table; the same game, options, bots and names, seated the same, swapped or
shuffled; each player fetches only their own new seat's claim code, with their old token."""

from __future__ import annotations

import json
import random

from famiglia.server.rematch import new_order

from .helpers import auth, claim_all, create, create_raw, play_out, receive, until_payload

MOB = ("the-mob", {"max_years": 1})
SCARFACE = ("scarface-1920", {"max_turns": 2})


def finished(client, game, options, seats, names=None):
    """A finished table whose human seats were all taken: (id, {seat: token}, creation answer)."""
    kinds = [
        {"kind": k, "name": names[i]} if names and names[i] else k for i, k in enumerate(seats)
    ]
    made = create(client, game, kinds, options=options, creator_seat=None)
    tokens = {s["seat"]: s["token"] for s in made["seats"] if "token" in s}
    play_out(client, made["id"], tokens)
    return made["id"], tokens, made


def rematch(client, table, token, seating=None):
    body = {} if seating is None else {"seating": seating}
    return client.post(f"/api/tables/{table}/rematch", json=body, headers=auth(token))


def fetched(client, table, token):
    answer = client.get(f"/api/tables/{table}/rematch", headers=auth(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


def lobby_entry(client, table):
    return next(t for t in client.get("/api/tables").json() if t["id"] == table)


def test_same_seating_keeps_everything_and_hands_each_player_their_own_code(client):
    game, options = MOB
    names = ["Anna", "Bruno", None, "Carla"]
    table, tokens, _ = finished(client, game, options, ["human", "human", "greedy", "human"], names)
    answer = rematch(client, table, tokens[1])
    assert answer.status_code == 201, answer.text
    made = answer.json()
    assert made["seating"] == "same" and made["order"] == [0, 1, 2, 3] and made["seat"] == 1
    new = client.get(f"/api/tables/{made['id']}/record")  # not over: no record, but it exists
    assert new.status_code == 409
    old_record = client.get(f"/api/tables/{table}/record").json()
    fresh = client.get(f"/api/tables/{made['id']}").json()
    assert fresh["game"] == game and fresh["n"] == 0 and not fresh["over"]
    assert fresh["names"] == ["Anna", "Bruno", "greedy bot", "Carla"]
    entry = lobby_entry(client, made["id"])
    assert [s["kind"] for s in entry["seats"]] == ["human", "human", "greedy", "human"]
    codes = {}
    for seat, token in tokens.items():
        mine = fetched(client, table, token)
        assert mine["id"] == made["id"] and mine["seat"] == seat
        codes[seat] = mine["claim"]
        assert "creator_key" not in mine and "invites" not in mine
    assert codes[1] == made["claim"]
    assert len(set(codes.values())) == 3
    for seat, token in tokens.items():  # nobody's answer holds another player's code
        text = fetched(client, table, token)
        shown = json.dumps(text)
        assert all(code not in shown for k, code in codes.items() if k != seat)
    assert all(code not in answer.text for k, code in codes.items() if k != 1)
    for seat, code in codes.items():
        got = client.post(f"/api/tables/{made['id']}/claim", json={"claim": code}).json()
        assert got["seat"] == seat and got["name"] == names[seat]
    hub = client.app.state.hub  # the same options and bots as the old table's record
    header = hub.tables[made["id"]].header
    assert header["options"] == old_record["options"] and header["game"] == game
    assert header["agents"] == old_record["agents"] and header["seed"] != old_record["seed"]
    assert client.get(f"/api/tables/{table}").json()["over"]  # the old table is as it was


def test_a_second_call_answers_the_same_new_table(client):
    game, options = SCARFACE
    table, tokens, _ = finished(client, game, options, ["human", "human"])
    first = rematch(client, table, tokens[0], "swap")
    assert first.status_code == 201
    second = rematch(client, table, tokens[1], "shuffle")  # too late to choose: the same table
    assert second.status_code == 200, second.text
    a, b = first.json(), second.json()
    assert b["id"] == a["id"] and b["seating"] == "swap" and b["made"] is False
    assert a["seat"] == 1 and b["seat"] == 0
    assert a["claim"] != b["claim"] and a["claim"] not in second.text
    ids = [t["id"] for t in client.get("/api/tables").json() if t["game"] == game]
    assert ids.count(a["id"]) == 1 and len(ids) == 2  # the old table (just over) and one new


def test_swap_two_players_swaps_the_seats_bot_included(client):
    game, options = SCARFACE
    table, tokens, _ = finished(client, game, options, ["human", "random"], ["Dora", None])
    made = rematch(client, table, tokens[0], "swap").json()
    assert made["order"] == [1, 0] and made["seat"] == 1
    fresh = client.get(f"/api/tables/{made['id']}").json()
    assert fresh["names"] == ["random bot", "Dora"]
    got = client.post(f"/api/tables/{made['id']}/claim", json={"claim": made["claim"]}).json()
    assert got["seat"] == 1 and got["name"] == "Dora"


def test_swap_with_more_players_moves_each_seat_one_on(client):
    game, options = MOB
    names = ["Anna", "Bruno", None]
    table, tokens, _ = finished(client, game, options, ["human", "human", "random"], names)
    made = rematch(client, table, tokens[0], "swap").json()
    assert made["order"] == [1, 2, 0]
    fresh = client.get(f"/api/tables/{made['id']}").json()
    assert fresh["names"] == ["random bot", "Anna", "Bruno"]
    assert fetched(client, table, tokens[1])["seat"] == 2
    for seat, token in tokens.items():
        mine = fetched(client, table, token)
        got = client.post(f"/api/tables/{made['id']}/claim", json={"claim": mine["claim"]})
        assert got.json()["seat"] == (seat + 1) % 3 and got.json()["name"] == names[seat]


def test_shuffle_seats_everyone_by_a_random_order(client):
    game, options = MOB
    names = ["Anna", "Bruno", "Carla", None]
    table, tokens, _ = finished(client, game, options, ["human"] * 3 + ["random"], names)
    made = rematch(client, table, tokens[2], "shuffle").json()
    order = made["order"]
    assert sorted(order) == [0, 1, 2, 3]
    fresh = client.get(f"/api/tables/{made['id']}").json()
    expected = [None] * 4
    for old, new in enumerate(order):
        expected[new] = names[old] or "random bot"
    assert fresh["names"] == expected
    for seat, token in tokens.items():
        mine = fetched(client, table, token)
        got = client.post(f"/api/tables/{made['id']}/claim", json={"claim": mine["claim"]})
        assert got.json()["seat"] == order[seat]


def test_a_shuffle_is_not_foreseeable_from_pythons_random():
    draws = set()
    for _ in range(30):
        random.seed(1)  # whoever seeds the random module learns nothing of the shuffle
        order = new_order("shuffle", 6)
        assert sorted(order) == list(range(6))
        draws.add(tuple(order))
    assert len(draws) > 1
    assert new_order("swap", 1) == [0] and new_order("same", 3) == [0, 1, 2]


def test_refused_before_the_end_and_for_spectators(client):
    game, options = MOB
    made = create(client, game, ["human", "human", "random"], options=options, creator_seat=None)
    table = made["id"]
    token = made["seats"][0]["token"]
    early = rematch(client, table, token)
    assert early.status_code == 409 and early.json()["code"] == "not_over"
    looking = client.get(f"/api/tables/{table}/rematch", headers=auth(token))
    assert looking.status_code == 404 and set(looking.json()) == {"error", "code", "clause"}
    assert "once the game is over" in early.json()["error"]
    tokens = {s["seat"]: s["token"] for s in made["seats"] if "token" in s}
    play_out(client, table, tokens)
    nobody = client.post(f"/api/tables/{table}/rematch", json={})
    assert nobody.status_code == 401 and "seat's token" in nobody.json()["error"]
    stranger = rematch(client, table, "not-a-token-of-this-table")
    assert stranger.status_code == 403 and "spectators watch" in stranger.json()["error"]
    looked = client.get(f"/api/tables/{table}/rematch")
    assert looked.status_code == 401
    none_yet = client.get(f"/api/tables/{table}/rematch", headers=auth(token))
    assert none_yet.status_code == 404 and none_yet.json()["code"] == "no_rematch"
    bad = rematch(client, table, token, "reverse")
    assert bad.status_code == 422 and "shuffle" in bad.json()["error"]
    made2 = rematch(client, table, token).json()
    assert client.get(f"/api/tables/{table}/rematch").status_code == 401
    watcher = client.get(f"/api/tables/{table}/rematch", headers=auth(made2["claim"]))
    assert watcher.status_code == 403  # a new table's code is no seat of the old one


def test_the_creator_key_gets_the_new_key_and_only_unclaimed_seats_codes(client):
    game, options = MOB
    made = create_raw(client, game, ["human", "human", "human"], options=options)
    creator = made["creator_key"]
    first = made["seats"][0]["token"]  # the creator sits at seat 0; seat 2 never comes
    got = client.post(f"/api/tables/{made['id']}/claim", json={"claim": made["seats"][1]["claim"]})
    tokens = {0: first, 1: got.json()["token"]}
    client.post(f"/api/tables/{made['id']}/seats/2", json={"kind": "random"}, headers=auth(creator))
    play_out(client, made["id"], tokens)
    by_friend = rematch(client, made["id"], tokens[1]).json()
    assert "creator_key" not in by_friend
    mine = fetched(client, made["id"], creator)
    assert mine["creator_key"] and "claim" not in mine and mine["invites"] == []
    as_seat0 = fetched(client, made["id"], first)  # the creator's own seat: both
    assert as_seat0["creator_key"] == mine["creator_key"] and as_seat0["seat"] == 0
    codes = {0: as_seat0["claim"], 1: by_friend["claim"]}
    assert codes[0] not in json.dumps(mine)
    key = mine["creator_key"]
    moved = client.post(
        f"/api/tables/{by_friend['id']}/seats/2", json={"kind": "greedy"}, headers=auth(key)
    )
    assert moved.status_code == 200, moved.text


def test_the_table_hears_of_the_rematch_without_any_code(client):
    game, options = SCARFACE
    made = create(client, game, ["human", "random"], options=options, creator_seat=None)
    table, token = made["id"], made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}") as watcher:
        until_payload(watcher)
        play_out(client, table, {0: token})
        answer = rematch(client, table, token).json()
        frame = receive(watcher)
        while "rematch" not in frame:
            frame = receive(watcher)
    assert frame["rematch"] == {"id": answer["id"], "url": answer["url"], "seating": "same"}
    assert answer["claim"] not in json.dumps(frame)


def test_claim_all_still_seats_a_rematch_by_its_codes(client):
    """A creator-less claim flow: every code the players fetched opens exactly their seat."""
    game, options = SCARFACE
    table, tokens, _ = finished(client, game, options, ["human", "human"])
    made = rematch(client, table, tokens[0], "same").json()
    seats = [{"seat": k, "claim": fetched(client, table, t)["claim"]} for k, t in tokens.items()]
    got = claim_all(client, {"id": made["id"], "seats": seats})
    assert sorted(got) == [0, 1]
