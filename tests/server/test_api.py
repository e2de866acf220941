"""The JSON API (docs/architecture.md, "The web protocol"), route by route, with every
refusal: a clean JSON error with a reason, and nothing changed."""

from __future__ import annotations

import re

import pytest
from starlette.websockets import WebSocketDisconnect

import famiglia
from famiglia.core.record import replay

from .helpers import (
    PAYLOAD_KEYS,
    app_client,
    auth,
    create,
    create_raw,
    receive,
    until_payload,
    wait_until,
)


def payload(client, table, token=None):
    response = client.get(f"/api/tables/{table}", headers=auth(token) if token else {})
    assert response.status_code == 200, response.text
    return response.json()


def move(client, table, token, n, **body):
    return client.post(f"/api/tables/{table}/moves", json={"n": n, **body}, headers=auth(token))


# The code of a refusal that has no finer one, by status (docs/server.md).
STATUS_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "not_allowed",
    409: "conflict",
    413: "too_large",
    422: "invalid",
}


ILLEGAL = "illegal"  # the rules refuse the move, whoever sends it in turn


def refused(response, status, *words, clause="", code=None):
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "code", "clause"} and body["clause"] == clause, body
    assert body["code"] == (code or STATUS_CODES[status]), body
    for word in words:
        assert word in body["error"], body
    return body


def play_to_end(client, table, tokens):
    """Every seat plays its first legal move until the game ends."""
    while True:
        seen = payload(client, table)
        if seen["over"]:
            return seen
        seat = seen["to_act"][0]
        mine = payload(client, table, tokens[seat])
        response = move(client, table, tokens[seat], mine["n"], action=mine["legal"][0]["action"])
        assert response.status_code == 200, response.text


def test_health(client):
    health = client.get("/healthz").json()
    assert health["ok"] is True and health["tables"] == 0
    assert set(health["bots"]) >= {"waiting", "oldest_wait", "thinking", "workers", "cut"}


def test_create_gives_the_creator_a_token_and_each_friend_a_claim_code_once(client):
    made = create_raw(client, "cash-n-guns", ["human", "random", "human", "open", "greedy"])
    assert set(made) == {"id", "seats", "url", "creator_seat", "creator_key"}
    assert made["url"] == f"http://testserver/tables/{made['id']}"
    assert made["creator_seat"] == 0  # by default the first human seat
    me, bot, friend, lobby, bot2 = made["seats"]
    assert me == {"seat": 0, "kind": "human", "token": me["token"], "url": made["url"]}
    assert friend == {
        "seat": 2,
        "kind": "human",
        "claim": friend["claim"],
        "url": f"{made['url']}#claim={friend['claim']}",
    }
    assert lobby == {"seat": 3, "kind": "human", "open": True}
    assert bot == {"seat": 1, "kind": "random"} and bot2 == {"seat": 4, "kind": "greedy"}
    secrets = [me["token"], friend["claim"], made["creator_key"]]
    assert len(set(secrets)) == 3 and all(len(t) >= 32 for t in secrets)  # 192 random bits
    # No secret is shown again: not in the lobby, not in any payload.
    listing = client.get("/api/tables").text + payload(client, made["id"]).__repr__()
    assert not any(t in listing for t in secrets)
    # The friend's claim code is not a token: it plays nothing and reads no hand.
    refused(client.get(f"/api/tables/{made['id']}", headers=auth(friend["claim"])), 403)


def test_the_creator_may_sit_elsewhere_or_nowhere(client):
    base = {"game": "the-mob", "players": 3, "seats": ["human", "human", "random"]}
    made = client.post("/api/tables", json={**base, "creator_seat": 1}).json()
    assert made["creator_seat"] == 1 and "token" in made["seats"][1]
    assert "claim" in made["seats"][0] and "token" not in made["seats"][0]
    nobody = client.post("/api/tables", json={**base, "creator_seat": None}).json()
    assert nobody["creator_seat"] is None
    assert all("claim" in s for s in nobody["seats"][:2])
    refused(client.post("/api/tables", json={**base, "creator_seat": 2}), 400, "human seat", "0, 1")


def test_create_refuses_bad_tables_and_says_what_is_allowed(client):
    def attempt(status, *words, **body):
        base = {"game": "the-mob", "players": 3, "seats": ["human", "random", "random"]}
        refused(client.post("/api/tables", json={**base, **body}), status, *words)

    attempt(400, "unknown game", "the-mob, ", game="chess")
    attempt(400, "3 to 6 players", players=2, seats=["human", "random"])
    attempt(400, "seats names 2", seats=["human", "random"])
    attempt(
        400, "seat 1", "unknown bot", "random, greedy, ismcts", seats=["human", "smart", "random"]
    )
    attempt(400, "out of this server's range", seats=["human", "ismcts:seconds=600", "random"])
    attempt(400, "has no option", seats=["human", "greedy:depth=3", "random"])
    attempt(400, "not allowed", "1..1000", options={"max_years": 0})
    attempt(400, "unknown option", options={"speed": 2})
    attempt(
        400, "strict_stakes='yes' is not allowed", "False, True", options={"strict_stakes": "yes"}
    )
    attempt(400, "max_years=' 5 ' is not allowed", options={"max_years": " 5 "})
    attempt(422, "players", players="3")
    attempt(422, "unknown field 'colour'", colour="red")
    attempt(422, "seed", seed=-1)
    attempt(422, "control characters", name="a\x00b")
    attempt(422, "direction overrides", name="table \u202egnp.exe")  # would show reversed
    refused(
        client.post(
            "/api/tables", content=b'{"game": ', headers={"content-type": "application/json"}
        ),
        400,
        "not valid JSON",
    )
    big = {"game": "the-mob", "players": 3, "seats": ["human"] * 3, "name": "x" * 70_000}
    refused(client.post("/api/tables", json=big), 413, "at most 65536 bytes")
    assert client.get("/api/tables").json() == []  # nothing was made


def test_lobby_lists_running_tables_without_secrets(client):
    made = create_raw(
        client, "the-mob", ["human", "random", "human", "open"], name="Friday night", seed=99
    )
    [entry] = client.get("/api/tables").json()
    assert entry["id"] == made["id"] and entry["name"] == "Friday night"
    assert entry["game"] == "the-mob" and entry["players"] == 4 and entry["over"] is False
    assert [(s["seat"], s["kind"], s["free"], s["invited"]) for s in entry["seats"]] == [
        (0, "human", False, False),  # the creator's
        (1, "random", False, False),
        (2, "human", False, True),  # kept for the invited friend
        (3, "human", True, False),  # open to the lobby
    ]
    assert "seed" not in entry and "99" not in str(entry["options"])
    finished = create(client, "the-mob", ["random"] * 3, seed=5)
    wait_until(client, finished["id"], lambda p: p["over"])
    # A finished table stays listed for a while after the running ones, marked over.
    listed = [(t["id"], t["over"]) for t in client.get("/api/tables").json()]
    assert listed == [(made["id"], False), (finished["id"], True)]


def test_finished_tables_leave_the_lobby_after_a_while_but_stay_readable(tmp_path):
    with app_client(tmp_path / "t.db", finished_listed_minutes=0) as client:
        finished = create(client, "the-mob", ["random"] * 3, seed=5)
        wait_until(client, finished["id"], lambda p: p["over"])
        assert client.get("/api/tables").json() == []
        assert payload(client, finished["id"])["over"] is True


def test_payload_for_a_seat_and_for_a_spectator(client):
    made = create(client, "cash-n-guns", ["human"] * 4)
    table, token = made["id"], made["seats"][1]["token"]
    mine = payload(client, table, token)
    assert set(mine) == PAYLOAD_KEYS
    assert mine["seat"] == 1 and mine["n"] == 0 and mine["to_act"] == [0, 1, 2, 3]
    assert {m["text"] for m in mine["legal"]} <= {"load a Click", "load a Bang!"}
    assert mine["over"] is False and mine["result"] is None
    state = famiglia.load("cash-n-guns").new(4, 7)
    assert mine["view"] == state.view(1) and mine["events"] == state.events(1)
    watcher = payload(client, table)
    assert (
        watcher["seat"] is None and watcher["legal"] == [] and watcher["view"] == state.view(None)
    )


def test_payload_refusals(client):
    table = create(client)["id"]
    refused(client.get(f"/api/tables/{table}", headers=auth("not-a-token")), 403, "holds no seat")
    refused(client.get(f"/api/tables/{table}", headers={"Authorization": "Basic abc"}), 403)
    refused(client.get("/api/tables/nosuchtable"), 404, "no table")
    refused(client.get("/api/tables/%F0%9F%98%80%20x"), 404, "no table")
    refused(client.get("/api/tables/" + "a" * 300), 404)


def test_moves_by_action_or_text_are_checked_against_n(client):
    made = create(client, "cash-n-guns", ["human"] * 4)
    table = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    first = payload(client, table, tokens[0])["legal"][0]
    after = move(client, table, tokens[0], 0, action=first["action"])
    assert after.status_code == 200 and after.json()["n"] == 1 and after.json()["seat"] == 0
    # The same request again is stale: the move is not played twice.
    refused(move(client, table, tokens[0], 0, action=first["action"]), 409, code="stale")
    refused(move(client, table, tokens[1], 0, text="load a Click"), 409, "1 moves", code="stale")
    assert payload(client, table)["n"] == 1
    third = move(client, table, tokens[1], 1, text="  LOAD a   click ")
    assert third.status_code == 200 and third.json()["n"] == 2


def test_refused_moves_say_why_with_the_clause_and_change_nothing(client):
    made = create(client, "cash-n-guns", ["human"] * 4)
    table = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    for seat in range(4):
        assert move(client, table, tokens[seat], seat, text="load a Click").status_code == 200
    before = payload(client, table, tokens[0])
    assert before["n"] == 4 and "aim at seat 1" in [m["text"] for m in before["legal"]]
    refused(
        move(client, table, tokens[0], 4, text="aim at seat 0"), 400, clause="CNG-5.2", code=ILLEGAL
    )
    refused(
        move(client, table, tokens[0], 4, text="fly away"),
        400,
        "not a legal move",
        "Legal:",
        code=ILLEGAL,
    )
    refused(move(client, table, tokens[0], 4, action={"kind": "aim", "args": [9]}), 400)
    refused(move(client, table, tokens[0], 4, action={"kind": "x", "args": [[[{}]]]}), 400)
    refused(move(client, table, tokens[0], 4, action={"args": []}), 400, "'kind'")
    refused(move(client, table, tokens[0], 4), 400, "either")
    refused(move(client, table, tokens[0], 4, text="a", action={"kind": "aim"}), 400, "either")
    refused(move(client, table, tokens[0], 4, text="x" * 501), 422, "text")
    refused(move(client, table, "forged", 4, text="aim at seat 1"), 403, "holds no seat")
    refused(
        client.post(f"/api/tables/{table}/moves", json={"n": 4, "text": "aim at seat 1"}),
        401,
        "token",
    )
    refused(move(client, table, tokens[0], 4, text="aim at seat 1", seat=2), 422)
    assert payload(client, table, tokens[0]) == before


def test_a_move_out_of_turn_is_refused(client):
    made = create(client, "the-mob", ["human"] * 3)
    table = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    seen = payload(client, table)
    idle = next(s for s in range(3) if s not in seen["to_act"])
    mover = seen["to_act"][0]
    legal = payload(client, table, tokens[mover])["legal"][0]
    refused(
        move(client, table, tokens[idle], 0, action=legal["action"]),
        400,
        "not seat",
        clause="MOB-2.2",  # what the game waits for: the card exchange
        code="not_your_turn",
    )
    assert payload(client, table)["n"] == 0


def test_a_finished_game_takes_no_move_and_serves_its_record(client):
    made = create(client, "the-mob", ["human"] * 3, seed=3)
    table = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    refused(
        client.get(f"/api/tables/{table}/record"), 409, "once the game is over", code="not_over"
    )
    end = play_to_end(client, table, tokens)
    assert end["over"] and end["result"]["winners"] and end["legal"] == []
    refused(move(client, table, tokens[0], end["n"], text="pass"), 409, "over", code="over")
    record = client.get(f"/api/tables/{table}/record").json()
    assert record["game"] == "the-mob" and record["seed"] == 3 and len(record["moves"]) == end["n"]
    result = {k: v for k, v in end["result"].items() if k != "how"}  # (the page's words)
    assert end["result"]["how"].endswith("(MOB-7.2).")  # a capped game's ranking, explained
    assert record["agents"] == ["human"] * 3 and record["result"] == result
    assert replay(record).result().to_json() == result  # the record replays exactly


def test_a_claim_code_opens_its_seat_once_and_join_takes_only_open_seats(client):
    made = create_raw(client, "the-mob", ["human", "human", "random", "open", "open"])
    table, claim = made["id"], made["seats"][1]["claim"]
    # The invited seat is not the lobby's: join refuses it, naming the seats that are open.
    refused(
        client.post(f"/api/tables/{table}/join", json={"seat": 1}),
        403,
        "kept for the player the creator invited",
        "open to the lobby: 3, 4",
    )
    got = client.post(f"/api/tables/{table}/claim", json={"claim": claim})
    assert got.status_code == 200 and set(got.json()) == {"seat", "token", "name"}
    token = got.json()["token"]
    assert got.json()["seat"] == 1 and token != claim
    assert payload(client, table, token)["seat"] == 1
    # The code is dead: a second opening of the link (a forwarded mail) is refused.
    refused(client.post(f"/api/tables/{table}/claim", json={"claim": claim}), 403, "used already")
    refused(client.post(f"/api/tables/{table}/claim", json={"claim": "x" * 32}), 403)
    refused(client.post(f"/api/tables/{table}/claim", json={"claim": ""}), 422)
    joined = client.post(f"/api/tables/{table}/join", json={}).json()
    assert set(joined) == {"seat", "token", "name"} and joined["seat"] == 3
    assert payload(client, table, joined["token"])["seat"] == 3
    refused(client.post(f"/api/tables/{table}/join", json={"seat": 0}), 409, "taken", "lobby: 4")
    refused(client.post(f"/api/tables/{table}/join", json={"seat": 2}), 409, "bot random")
    refused(client.post(f"/api/tables/{table}/join", json={"seat": 7}), 400, "between 0 and 4")
    refused(client.post(f"/api/tables/{table}/join", json={"seat": "1"}), 422)
    assert client.post(f"/api/tables/{table}/join", json={}).json()["seat"] == 4
    refused(client.post(f"/api/tables/{table}/join", json={}), 409, "no seat open")
    refused(client.post("/api/tables/nothing/join", json={}), 404)
    seats = client.get("/api/tables").json()[0]["seats"]
    assert [s["free"] for s in seats] == [False] * 5


def test_the_creator_hands_an_empty_seat_to_a_bot_and_back(client):
    made = create(client, "the-mob", ["human"] * 3, seed=11)
    table, creator = made["id"], made["creator_key"]
    tokens = [s["token"] for s in made["seats"]]

    def change(seat, kind, token=creator):
        return client.post(
            f"/api/tables/{table}/seats/{seat}", json={"kind": kind}, headers=auth(token)
        )

    refused(change(1, "random", tokens[0]), 403, "creator")
    refused(change(1, "random", None), 403, "creator")
    refused(change(1, "oracle"), 400, "unknown bot")
    refused(change(5, "random"), 400, "between 0 and 2")
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}"):
        refused(change(1, "random"), 409, "connected")
    for seat in (1, 2):
        handed = change(seat, "random")
        assert handed.status_code == 200 and handed.json() == {"seat": seat, "kind": "random"}
    refused(client.get(f"/api/tables/{table}", headers=auth(tokens[1])), 403)  # token revoked
    mover = payload(client, table)["to_act"]
    # Seats 1 and 2 are bots now: seat 0's moves are answered by theirs.
    wait_until(client, table, lambda p: p["to_act"] == [0] or p["over"])
    seen = payload(client, table, tokens[0])
    assert mover and seen["to_act"] == [0]
    n = seen["n"]
    assert move(client, table, tokens[0], n, action=seen["legal"][0]["action"]).status_code == 200
    back = change(1, "human").json()
    assert set(back) == {"seat", "kind", "claim", "url"} and back["url"].endswith(back["claim"])
    token = client.post(f"/api/tables/{table}/claim", json={"claim": back["claim"]}).json()
    assert payload(client, table, token["token"])["seat"] == 1
    assert change(2, "open").json() == {"seat": 2, "kind": "human", "open": True}
    assert [(s["kind"], s["free"]) for s in client.get("/api/tables").json()[0]["seats"]] == [
        ("human", False),
        ("human", False),
        ("human", True),
    ]


def test_a_new_invite_link_for_a_seat_ends_its_old_token_and_connection(client):
    """A friend who lost their device gets a new link from the creator: whoever still holds
    the old token (or the old link) reads that seat's hand no more."""
    made = create(client, "unfinished-business", ["human"] * 3)
    table, creator, old = made["id"], made["creator_key"], made["seats"][1]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={old}") as ws:
        until_payload(ws)
        answer = client.post(
            f"/api/tables/{table}/seats/1", json={"kind": "human"}, headers=auth(creator)
        )
        assert answer.status_code == 200
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                receive(ws, timeout=10)
        assert closed.value.code == 1008 and "handed on" in closed.value.reason
    refused(client.get(f"/api/tables/{table}", headers=auth(old)), 403)
    fresh = client.post(f"/api/tables/{table}/claim", json={"claim": answer.json()["claim"]})
    assert payload(client, table, fresh.json()["token"])["seat"] == 1


def test_a_long_unknown_table_id_is_not_echoed_whole(client):
    answer = client.get("/api/tables/" + "x" * 5000)
    assert answer.status_code == 404 and len(answer.text) < 200, answer.text


def test_unknown_addresses_and_methods_answer_json(client):
    refused(client.get("/api/nothing"), 404, "no such address")
    refused(client.delete("/api/tables", headers={"content-type": "application/json"}), 405)
    refused(client.put("/healthz", json={}), 405)


def test_pages_load_nothing_from_the_internet_and_the_schema_is_served(client):
    table = create(client)["id"]
    for path in ("/", f"/tables/{table}"):
        page = client.get(path)
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        assert not re.search(r"(src|href)=[\"']?(https?:)?//", page.text)
        assert 'fetch("http' not in page.text
    assert client.get("/docs").status_code == 404  # Swagger UI would load scripts from a CDN
    schema = client.get("/openapi.json").json()
    assert {"/api/tables", "/api/tables/{table_id}", "/api/tables/{table_id}/moves"} <= set(
        schema["paths"]
    )


def test_every_error_code_is_in_the_server_doc():
    """A program tests `code`, so each code the server may send is documented (docs/server.md)."""
    from pathlib import Path

    from famiglia.server import errors

    doc = (Path(__file__).resolve().parents[2] / "docs" / "server.md").read_text()
    codes = {*errors.CODES, *errors.STATUS_CODES.values()}
    assert not [code for code in sorted(codes) if f"| `{code}` |" not in doc]
