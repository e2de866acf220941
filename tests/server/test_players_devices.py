"""Device sign-out (docs/server.md, Devices): a player lists the devices (keys) that hold their
identity and signs one out; that key is refused everywhere afterwards, with a clear error."""

from __future__ import annotations

from .helpers import auth
from .players_helpers import new_player, new_table, xp


def devices(client, key):
    answer = client.get("/api/me/devices", headers=auth(key))
    assert answer.status_code == 200, answer.text
    return answer.json()


def sign_out(client, url, key=None):
    """DELETE with a JSON body's content type, as the pages send it (the guard asks for it)."""
    headers = auth(key) if key else {}
    return client.request("DELETE", url, json={}, headers=headers)


def second_device(client, player) -> str:
    """A new key of the same player, by a transfer link (another device)."""
    code = client.post("/api/me/transfer", json={}, headers=auth(player["key"])).json()["code"]
    answer = client.post("/api/players/transfer", json={"code": code})
    assert answer.status_code == 200, answer.text
    return answer.json()["key"]


def test_a_player_lists_their_devices_with_the_callers_marked(client):
    ann = new_player(client, "Ann")
    phone = second_device(client, ann)
    listed = devices(client, ann["key"])
    assert len(listed) == 2
    assert sorted(d["this"] for d in listed) == [False, True]
    for d in listed:
        assert d["created_at"] and d["last_seen"] and d["id"]
        assert set(d) == {"id", "created_at", "last_seen", "this"}
    from_phone = devices(client, phone)
    assert {d["id"] for d in from_phone} == {d["id"] for d in listed}
    mine = next(d["id"] for d in listed if d["this"])
    assert next(d["id"] for d in from_phone if d["this"]) != mine
    # neither key is shown, nor anything of another player's devices
    bob = new_player(client, "Bob")
    text = str(listed) + str(from_phone)
    assert ann["key"] not in text and phone not in text
    assert {d["id"] for d in devices(client, bob["key"])}.isdisjoint(d["id"] for d in listed)


def test_a_signed_out_device_is_refused_everywhere_with_a_clear_error(client):
    ann = new_player(client, "Ann")
    phone = second_device(client, ann)
    phone_id = next(d["id"] for d in devices(client, phone) if d["this"])
    answer = sign_out(client, f"/api/me/devices/{phone_id}", ann["key"])
    assert answer.status_code == 200, answer.text
    assert answer.json()["this"] is False
    for refused in (
        client.get("/api/me", headers=auth(phone)),
        client.get("/api/me/tables", headers=auth(phone)),
        client.get("/api/me/devices", headers=auth(phone)),
        client.patch("/api/me", json={"name": "Eve"}, headers=auth(phone)),
        client.post("/api/me/transfer", json={}, headers=auth(phone)),
        client.post(
            "/api/tables",
            json={"game": "the-mob", "players": 3, "seats": ["human", "random", "random"]},
            headers=xp({"key": phone}),
        ),
    ):
        assert refused.status_code == 401, refused.text
        assert refused.json()["code"] == "signed_out"
        assert "signed out" in refused.json()["error"]
    # the other device goes on, and lists one device now
    assert client.get("/api/me", headers=auth(ann["key"])).json()["name"] == "Ann"
    assert [d["this"] for d in devices(client, ann["key"])] == [True]
    # signing it out again, or a device of someone else, finds nothing
    again = sign_out(client, f"/api/me/devices/{phone_id}", ann["key"])
    assert again.status_code == 404
    bob = new_player(client, "Bob")
    bob_device = devices(client, bob["key"])[0]["id"]
    theirs = sign_out(client, f"/api/me/devices/{bob_device}", ann["key"])
    assert theirs.status_code == 404
    assert client.get("/api/me", headers=auth(bob["key"])).status_code == 200
    odd = sign_out(client, "/api/me/devices/" + "x" * 40, ann["key"])
    assert odd.status_code == 404


def test_a_player_signs_out_the_device_they_are_on(client):
    ann = new_player(client, "Ann")
    mine = devices(client, ann["key"])[0]["id"]
    answer = sign_out(client, f"/api/me/devices/{mine}", ann["key"])
    assert answer.status_code == 200 and answer.json()["this"] is True
    assert client.get("/api/me", headers=auth(ann["key"])).json()["code"] == "signed_out"


def test_device_routes_need_the_players_own_key(client):
    assert client.get("/api/me/devices").status_code == 401
    assert sign_out(client, "/api/me/devices/abc").status_code == 401
    ann = new_player(client, "Ann")
    table = new_table(client, "the-mob", ["human", "random", "random"], player=ann)
    # a seat's token is no player key
    token = table["seats"][0]["token"]
    assert client.get("/api/me/devices", headers=auth(token)).status_code == 401


def test_sign_outs_are_rate_limited_per_address(client):
    ann = new_player(client, "Ann")
    codes = [sign_out(client, "/api/me/devices/nope", ann["key"]).status_code for _ in range(31)]
    assert codes[:30] == [404] * 30 and codes[30] == 429
