"""Players' names (docs/server.md, "Names"): given at creation, on claiming or joining a seat;
checked, stored, and carried by every payload, seats frame and lobby entry."""

from __future__ import annotations

import pytest

from .helpers import app_client, auth, create_raw, receive


@pytest.fixture
def client(tmp_path):
    with app_client(tmp_path / "t.db") as c:
        yield c


def refused(response, status, *words):
    assert response.status_code == status, response.text
    text = response.json()["error"]
    for word in words:
        assert word in text, text


def test_names_given_at_creation_and_on_claiming_reach_every_payload_and_the_lobby(client):
    made = create_raw(
        client,
        "cash-n-guns",
        [{"kind": "human", "name": "  Ann  "}, "human", "greedy", "open"],
        creator_seat=0,
    )
    assert made["seats"][0]["name"] == "Ann"
    table = made["id"]
    claim = made["seats"][1]["claim"]
    got = client.post(f"/api/tables/{table}/claim", json={"claim": claim, "name": "Bo  Lee"})
    assert got.status_code == 200, got.text
    assert got.json()["name"] == "Bo Lee"  # runs of spaces made one
    joined = client.post(f"/api/tables/{table}/join", json={"seat": 3, "name": "Cy"}).json()
    names = ["Ann", "Bo Lee", "greedy bot", "Cy"]
    for token in (made["seats"][0]["token"], got.json()["token"], joined["token"], None):
        headers = auth(token) if token else {}
        assert client.get(f"/api/tables/{table}", headers=headers).json()["names"] == names
    seats = client.get("/api/tables").json()[0]["seats"]
    assert [s["name"] for s in seats] == names
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        frames = [receive(ws) for _ in range(3)]
        seats_frame = next(f for f in frames if "seats" in f)
        assert [s["name"] for s in seats_frame["seats"]] == names


def test_names_survive_a_restart_of_the_server(tmp_path):
    with app_client(tmp_path / "t.db") as c:
        made = create_raw(
            c, "cash-n-guns", [{"kind": "human", "name": "Ann"}, "human", "random", "random"]
        )
        table = made["id"]
        c.post(f"/api/tables/{table}/claim", json={"claim": made["seats"][1]["claim"]})
    with app_client(tmp_path / "t.db") as c:
        assert c.get(f"/api/tables/{table}").json()["names"] == [
            "Ann",
            None,
            "random bot",
            "random bot",
        ]


@pytest.mark.parametrize(
    "name, words",
    [
        ("", ["1 to 24"]),
        ("   ", ["1 to 24"]),
        ("x" * 25, ["1 to 24", "25"]),
        ("Ann\nBo", ["no control"]),
        ("Ann\u202eoB", ["no control"]),
        ("zero\u200bwidth", ["no control"]),
        ("you", ["cannot be a name"]),
        ("You", ["cannot be a name"]),
        ("seat 2", ["cannot be a name"]),
        ("greedy bot", ["cannot be a name"]),
    ],
)
def test_a_bad_name_is_refused_naming_what_is_allowed(client, name, words):
    made = create_raw(client, "cash-n-guns", ["human", "human", "open", "random"])
    table = made["id"]
    claim = made["seats"][1]["claim"]
    refused(
        client.post(f"/api/tables/{table}/claim", json={"claim": claim, "name": name}), 422, *words
    )
    refused(client.post(f"/api/tables/{table}/join", json={"name": name}), 422, *words)
    body = {"game": "cash-n-guns", "players": 4, "seats": [{"kind": "human", "name": name}] * 4}
    refused(client.post("/api/tables", json=body), 422, *words)
    # nothing was taken: the claim code still opens its seat
    assert client.post(f"/api/tables/{table}/claim", json={"claim": claim}).status_code == 200


def test_two_seats_cannot_share_a_name_and_a_bot_takes_none(client):
    made = create_raw(
        client, "cash-n-guns", [{"kind": "human", "name": "Ann"}, "human", "open", "random"]
    )
    table = made["id"]
    claim = made["seats"][1]["claim"]
    body = {"claim": claim, "name": "ANN"}
    refused(client.post(f"/api/tables/{table}/claim", json=body), 409, "taken")
    refused(client.post(f"/api/tables/{table}/join", json={"name": "ann"}), 409, "taken")
    body = {"game": "cash-n-guns", "players": 4, "seats": [{"kind": "greedy", "name": "Al"}] * 4}
    refused(client.post("/api/tables", json=body), 422, "only a human seat")
    names = [{"kind": "human", "name": "Al"}, {"kind": "human", "name": "al"}, "random", "random"]
    body = {"game": "cash-n-guns", "players": 4, "seats": names}
    refused(client.post("/api/tables", json=body), 409, "taken")


def test_a_bot_to_act_says_for_how_long_it_has_been_thinking(client):
    made = create_raw(client, "cash-n-guns", ["human", "ismcts:seconds=2", "human", "human"])
    seats = client.get("/api/tables").json()[0]["seats"]
    to_act = client.get(f"/api/tables/{made['id']}").json()["to_act"]
    # Cash 'n Guns opens with every seat's secret choice: the bot is to act until it has chosen
    if 1 in to_act:
        assert seats[1]["thinking"] is not None and 0 <= seats[1]["thinking"] < 5
    assert [seats[k]["thinking"] for k in (0, 2, 3)] == [None] * 3  # humans never "think"
