"""No secret through the players' routes: /api/me/*, the leaderboards and the player pages never
carry a live table's hidden state (views, hands, moves, the seed that foresees every card) nor
anyone's token, claim code, creator key, player key or transfer link."""

from __future__ import annotations

import famiglia

from .helpers import auth, play_first
from .players_helpers import new_player, new_table, xp

HIDDEN_KEYS = {"view", "legal", "events", "moves", "seed", "hand", "hands", "token", "key"}


def keys_in(data) -> set:
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in keys_in(v)}
    if isinstance(data, list):
        return {k for v in data for k in keys_in(v)}
    return set()


def test_no_route_of_players_tells_a_secret(client):
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    transfer = client.post("/api/me/transfer", json={}, headers=auth(bob["key"])).json()["code"]
    made = new_table(client, "cash-n-guns", ["human", "human", "greedy", "random"], ann, seed=9)
    code = made["seats"][1]["claim"]
    bob_seat = client.post(
        f"/api/tables/{made['id']}/claim", json={"claim": code}, headers=xp(bob)
    ).json()
    tokens = {0: made["seats"][0]["token"], 1: bob_seat["token"]}
    # A few moves, so that hands and hidden choices exist and differ by seat.
    for _ in range(3):
        for token in tokens.values():
            play_first(client, made["id"], token)
    secrets = [
        ann["key"],
        bob["key"],
        transfer,
        made["creator_key"],
        code,
        *tokens.values(),
        str(made["seats"][0].get("token")),
    ]
    state = famiglia.load("cash-n-guns").new(4, 9)
    assert state.view(0) != state.view(None)  # there is something to hide
    answers = {
        "me": client.get("/api/me", headers=auth(ann["key"])),
        "my tables": client.get("/api/me/tables", headers=auth(ann["key"])),
        "bob's tables": client.get("/api/me/tables", headers=auth(bob["key"])),
        "ann's page": client.get(f"/api/players/{ann['id']}"),
        "bob's page": client.get(f"/api/players/{bob['id']}"),
        "leaderboard": client.get("/api/games/cash-n-guns/leaderboard"),
        "page": client.get(f"/players/{ann['id']}"),
        "board page": client.get("/games/cash-n-guns/leaderboard"),
        "ann's devices": client.get("/api/me/devices", headers=auth(ann["key"])),
        "bob's devices": client.get("/api/me/devices", headers=auth(bob["key"])),
        "ann's rematches": client.get("/api/me/rematches", headers=auth(ann["key"])),
        "bob's rematches": client.get("/api/me/rematches", headers=auth(bob["key"])),
    }
    from famiglia.server.security import hash_token as digest

    secrets += [digest(ann["key"]), digest(bob["key"])]  # nor a key's hash
    for what, answer in answers.items():
        assert answer.status_code == 200, what
        for secret in secrets:
            assert secret not in answer.text, what
        if "json" in answer.headers["content-type"]:
            assert not keys_in(answer.json()) & HIDDEN_KEYS, what
    # Ann's own list shows her running table; the public pages list no running table.
    assert [t["id"] for t in answers["my tables"].json()] == [made["id"]]
    assert answers["ann's page"].json()["tables"] == []
    # The public id is not the key, nor its hash.
    from famiglia.server.security import hash_token

    for p in (ann, bob):
        assert p["id"] not in (p["key"], hash_token(p["key"])) and p["id"] not in p["key"]


def test_a_key_reads_its_own_player_only(client):
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    assert client.get("/api/me", headers=auth(ann["key"])).json()["id"] == ann["id"]
    assert client.get("/api/me", headers=auth(bob["key"])).json()["id"] == bob["id"]
    # A seat's token or a player's id is no player key.
    made = new_table(client, "the-mob", ["human", "random", "random"], ann)
    for wrong in (made["seats"][0]["token"], ann["id"], made["creator_key"]):
        assert client.get("/api/me", headers=auth(wrong)).status_code == 401
