"""No secret of a live table through the clocks: the clock in a payload is the same for every
seat and spectator (public), the rest of the payload is exactly what the contract lets that seat
see, and the new routes (resume, waiting) answer nothing of the game."""

from __future__ import annotations

from .helpers import auth, expected_payload, receive
from .test_clocks import client, fake, tick  # noqa: F401 (its fixtures)

CLOCK = {"mode": "realtime", "bank": 60, "per_move": 2, "on_timeout": "bot:easy"}


def test_clocks_and_their_routes_tell_nothing_hidden(client, fake):  # noqa: F811
    made = client.post(
        "/api/tables",
        json={
            "game": "cash-n-guns",
            "players": 4,
            "seats": ["human", "open", "open", "random"],
            "seed": 7,
            "clock": CLOCK,
        },
    ).json()
    table_id = made["id"]
    tokens = {0: made["seats"][0]["token"]}
    for seat in (1, 2):
        tokens[seat] = client.post(f"/api/tables/{table_id}/join", json={"seat": seat}).json()[
            "token"
        ]
    hub = client.app.state.hub
    fake.advance(61)
    tick(client)  # every human seat timed out: bots choose for them
    fake.advance(1)
    table = client.portal.call(hub.get, table_id)

    def look(token):
        return client.get(f"/api/tables/{table_id}", headers=auth(token) if token else {}).json()

    seen = {seat: look(token) for seat, token in [*tokens.items(), (None, None)]}
    n = seen[None]["n"]
    for seat, payload in seen.items():
        if payload["n"] != n:
            continue  # a bot moved between two looks: compared at the next one
        clock = payload.pop("clock")
        assert clock == seen[None].get("clock", clock)  # one public clock for everyone
        assert {"seats", "notices", "mode", "started"} <= set(clock)
        expected = expected_payload(table_id, table.state, seat, table.names())
        expected["n"] = payload["n"]
        if payload["n"] == table.n:
            assert payload == expected
    # the seats frame: the clocks, no token, no secret
    with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as ws:
        frames = [receive(ws) for _ in range(3)]
    seats = next(f for f in frames if "seats" in f)["seats"]
    assert all("remaining" in s and "timed_out" in s for s in seats)
    text = str(frames)
    for token in tokens.values():
        assert token not in text
    # resume: only the seat's own token, and it answers the seat's (public) clock only
    resumed = client.post(
        f"/api/tables/{table_id}/seats/1/resume", json={}, headers=auth(tokens[1])
    )
    if resumed.status_code == 200:
        assert set(resumed.json()) == {"seat", "clock"}
    wrong = client.post(f"/api/tables/{table_id}/seats/1/resume", json={}, headers=auth(tokens[2]))
    assert wrong.status_code == 403 and tokens[1] not in wrong.text
    # waiting: what the lobby shows, for the seats whose token it was given, nothing else
    body = {"seats": [{"table": table_id, "token": t} for t in tokens.values()]}
    answer = client.post("/api/tables/waiting", json=body).json()
    for entry in answer["tables"]:
        assert set(entry) <= {"id", "game", "title", "name", "seat", "n", "url", "clock"}
    forged = {"seats": [{"table": table_id, "token": "x" * 32}]}
    assert client.post("/api/tables/waiting", json=forged).json() == {"count": 0, "tables": []}
