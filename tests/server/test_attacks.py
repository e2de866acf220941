"""The server open to strangers: each test is an attack a stranger could make, and asserts the
clear refusal and that the other clients are still served (issue: no stranger can stop it,
take a seat or read a hand)."""

from __future__ import annotations

import json
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from starlette.websockets import WebSocketDisconnect

from famiglia.server.security import hosts_for, networks
from famiglia.server.storage import StorageError

from .helpers import (
    app_client,
    auth,
    create,
    create_raw,
    play_out,
    receive,
    until_payload,
    wait_until,
)
from .test_crash import Served

MOB = {"game": "the-mob", "players": 3, "seats": ["human", "random", "random"]}
EVIL = "http://evil.example"


def refused(answer, status, *words, code=None):
    assert answer.status_code == status, answer.text
    text = answer.json()["error"]
    assert code is None or answer.json()["code"] == code, answer.text
    assert all(w in text for w in words), text
    return text


def test_a_flood_of_new_tables_is_slowed_per_client_and_others_are_served(tmp_path):
    """One address making tables in a loop gets 429 with Retry-After once it has made its
    share for the minute; a forged X-Forwarded-For does not make it someone else (its peer is
    no trusted proxy); another client makes tables as before."""
    with app_client(tmp_path / "t.db", peer=("198.51.100.7", 4000), tables_per_minute=5) as flood:
        made, answers = 0, []
        for k in range(12):
            answer = flood.post("/api/tables", json=MOB, headers={"x-forwarded-for": f"10.0.0.{k}"})
            answers.append(answer)
            made += answer.status_code == 201
        assert made == 5
        last = answers[-1]
        refused(last, 429, "5 tables in the last minute", "try again in", code="rate_limited")
        assert 1 <= int(last.headers["retry-after"]) <= 12
        # Another client (here: the same app, another peer) is served at once.
        hub = flood.app.state.hub
        other = hub.seating.limits.tables_a_minute.buckets.copy()
        assert list(other) == ["198.51.100.7"]  # one bucket: the forged addresses counted as one
    with app_client(tmp_path / "t.db", peer=("203.0.113.9", 4000), tables_per_minute=5) as friend:
        assert friend.post("/api/tables", json=MOB).status_code == 201


def test_behind_a_trusted_proxy_the_forwarded_address_is_the_client(tmp_path):
    proxies = networks(["127.0.0.0/8"])
    with app_client(
        tmp_path / "t.db", peer=("127.0.0.1", 4000), trusted_proxies=proxies, tables_per_minute=2
    ) as proxy:
        ann, bob = {"x-forwarded-for": "198.51.100.1"}, {"x-forwarded-for": "198.51.100.2"}
        assert [proxy.post("/api/tables", json=MOB, headers=ann).status_code for _ in range(3)] == [
            201,
            201,
            429,
        ]
        assert proxy.post("/api/tables", json=MOB, headers=bob).status_code == 201


def test_one_client_has_a_bounded_number_of_open_tables(tmp_path):
    with app_client(tmp_path / "t.db", tables_per_client=3, tables_per_minute=100) as client:
        for _ in range(3):
            assert client.post("/api/tables", json=MOB).status_code == 201
        answer = client.post("/api/tables", json=MOB)
        refused(answer, 429, "3 open tables", "the most one client may have", code="rate_limited")
        assert answer.headers["retry-after"]


def test_the_cap_on_tables_holds_under_concurrent_creation(tmp_path):
    """Twenty creations at once against a cap of five: exactly five tables, the others a clear
    503 (the check and the taking of a place are one step)."""
    with app_client(
        tmp_path / "t.db", max_tables=5, tables_per_client=100, tables_per_minute=100
    ) as client:
        with ThreadPoolExecutor(20) as pool:
            answers = list(pool.map(lambda _: client.post("/api/tables", json=MOB), range(20)))
        codes = sorted(a.status_code for a in answers)
        assert codes == [201] * 5 + [503] * 15
        assert all(
            "5 tables, its limit" in a.json()["error"] for a in answers if a.status_code == 503
        )
        assert client.get("/healthz").json()["tables"] == 5


def test_tables_nobody_uses_close_and_leave_the_lobby(tmp_path):
    """A table where nobody claimed a seat or moved for the idle time is closed: it leaves the
    lobby and the limits, its address says why, and it takes no move; after a restart it
    stays closed."""
    db = tmp_path / "t.db"
    with app_client(db, idle_hours=1) as client:
        hub = client.app.state.hub
        idle = create_raw(client, "the-mob", ["human", "human", "human"])
        busy = create(client, "the-mob", ["human", "human", "human"])
        token = busy["seats"][0]["token"]
        for table in hub.tables.values():
            table.active_at -= timedelta(hours=2)  # two hours pass
        claim = idle["seats"][1]["claim"]
        # Someone claims a seat at `busy` only now: it is in use again.
        hub.tables[busy["id"]].active_at += timedelta(hours=2)
        closed = client.portal.call(hub.close_idle)
        assert closed == [idle["id"]]
        assert [t["id"] for t in client.get("/api/tables").json()] == [busy["id"]]
        seen = client.get(f"/api/tables/{idle['id']}").json()
        assert seen["closed"] == "nobody claimed a seat or moved for 1 hours"
        refused(
            client.post(f"/api/tables/{idle['id']}/claim", json={"claim": claim}), 409, "closed"
        )
        refused(
            client.post(
                f"/api/tables/{idle['id']}/moves",
                json={"text": "x", "n": 0},
                headers=auth(idle["seats"][0]["token"]),
            ),
            409,
            "closed",
        )
        assert client.get(f"/api/tables/{busy['id']}", headers=auth(token)).status_code == 200
    with app_client(db, idle_hours=1) as client:
        assert [t["id"] for t in client.get("/api/tables").json()] == [busy["id"]]
        assert client.get(f"/api/tables/{idle['id']}").json()["closed"]


def test_a_creators_copy_of_the_answer_reads_no_friends_hand(client):
    """The creation answer holds the friend's claim code, not a token: once the friend has
    claimed the seat, nothing the creator holds reads that seat or plays it."""
    made = create_raw(client, "cash-n-guns", ["human", "human", "human", "human"])
    table = made["id"]
    got = client.post(f"/api/tables/{table}/claim", json={"claim": made["seats"][1]["claim"]})
    assert got.status_code == 200
    creator_holds = [made["creator_key"], made["seats"][0]["token"]] + [
        s["claim"] for s in made["seats"] if "claim" in s
    ]
    for secret in creator_holds:
        seen = client.get(f"/api/tables/{table}", headers=auth(secret))
        assert seen.status_code == 403 or seen.json()["seat"] != 1
    refused(
        client.post(f"/api/tables/{table}/claim", json={"claim": made["seats"][1]["claim"]}),
        403,
        "used already",
    )
    # The friend plays on with the token only they received.
    friend = client.get(f"/api/tables/{table}", headers=auth(got.json()["token"])).json()
    assert friend["seat"] == 1


def test_no_one_joins_a_seat_kept_for_an_invited_friend(client):
    made = create_raw(client, "the-mob", ["human", "human", "random"])
    table = made["id"]
    refused(client.post(f"/api/tables/{table}/join", json={}), 409, "no seat open to the lobby")
    refused(client.post(f"/api/tables/{table}/join", json={"seat": 1}), 403, "invited")
    claim = made["seats"][1]["claim"]
    assert client.post(f"/api/tables/{table}/claim", json={"claim": claim}).status_code == 200


@pytest.mark.parametrize(
    "headers, body, status, words, code",
    [
        (
            {"origin": EVIL, "content-type": "application/json"},
            "{}",
            403,
            "evil.example",
            "forbidden",
        ),
        ({"origin": EVIL}, None, 403, "evil.example", "forbidden"),  # no content type, as a form
        ({"content-type": "text/plain"}, "{}", 415, "application/json", "not_json"),
        (
            {"sec-fetch-site": "cross-site", "content-type": "application/json"},
            "{}",
            403,
            "site",
            "forbidden",
        ),
    ],
)
def test_another_sites_page_changes_nothing(client, headers, body, status, words, code):
    """A join, a claim, a table, a move sent by a page of another site is refused before it
    is read; the seat stays free and the table unchanged."""
    made = create_raw(client, "the-mob", ["human", "open", "random"])
    table = made["id"]
    paths = [
        f"/api/tables/{table}/join",
        f"/api/tables/{table}/claim",
        "/api/tables",
        f"/api/tables/{table}/moves",
    ]
    for path in paths:
        refused(client.post(path, content=body, headers=headers), status, words, code=code)
    [entry] = client.get("/api/tables").json()
    assert entry["seats"][1]["free"] is True and entry["n"] == 0
    # The same request from this server's own page goes through.
    own = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}
    assert client.post(f"/api/tables/{table}/join", json={}, headers=own).status_code == 200


def test_a_rebound_host_name_reaches_nothing(client):
    """DNS rebinding: a page of evil.example, its name pointed at this machine, asks with its
    own Host and Origin; the Host is not one the server answers to."""
    made = create(client, "the-mob", ["human", "random", "random"])
    evil = {"host": "evil.example:8000", "origin": "http://evil.example:8000"}
    for path in ("/", "/api/tables", f"/api/tables/{made['id']}", "/static/app.js"):
        refused(
            client.get(path, headers=evil),
            421,
            "does not answer to the host name",
            code="wrong_host",
        )
    token = made["seats"][0]["token"]
    with pytest.raises(WebSocketDisconnect) as closed:
        with client.websocket_connect(f"/ws/tables/{made['id']}?token={token}", headers=evil) as ws:
            receive(ws)
    assert closed.value.code == 1008
    # The server's own name still works.
    assert client.get("/api/tables").status_code == 200


def test_hosts_listened_on_every_address_allow_addresses_not_names():
    hosts = hosts_for("0.0.0.0", "https://games.example")
    assert hosts.allows("192.0.2.10:8000") and hosts.allows("[::1]:8000")
    assert hosts.allows("games.example") and hosts.allows("localhost:8000")
    assert not hosts.allows("evil.example:8000") and not hosts.allows(None)
    assert not hosts_for("127.0.0.1").allows("192.0.2.10")


def test_security_headers_on_every_page_asset_and_answer(client):
    for path in ("/", "/tables/abc", "/static/app.js", "/static/style.css", "/api/tables", "/nope"):
        headers = client.get(path).headers
        csp = headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert (
            "unsafe-eval" not in csp
            and "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
        )
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-frame-options"] == "DENY"


def test_an_oversize_header_is_refused(client):
    refused(client.get("/api/tables", headers={"x-big": "a" * 20_000}), 431, "at most 16384 bytes")
    refused(client.get("/api/tables?" + "q" * 20_000), 431)
    assert client.get("/api/tables").status_code == 200


def test_the_chat_is_bounded_and_a_new_socket_gets_its_last_page(tmp_path):
    with app_client(tmp_path / "t.db", chat_lines=300, chat_bytes=30_000) as client:
        made = create(client, "the-mob", ["human", "human", "random"])
        table, token = made["id"], made["seats"][0]["token"]
        text = "x" * 499
        with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
            until_payload(ws)
            said, errors = 0, []
            for _ in range(70):
                ws.send_json({"chat": text})
            while said + len(errors) < 70:
                frame = receive(ws)
                said += len(frame.get("chat", ())) if "more" not in frame else 0
                errors += [frame["error"]] if "error" in frame else []
        assert said == 60 and errors[0] == (
            "this table's chat is full (at most 300 lines, 30000 bytes)"
        )  # 60 lines of 499 bytes: the bytes run out first
        other = made["seats"][1]["token"]
        with client.websocket_connect(f"/ws/tables/{table}?token={other}") as ws:
            frames = [receive(ws) for _ in range(3)]
            [page] = [f for f in frames if "chat" in f]
            assert len(page["chat"]) == 50 and page["more"] is True
            assert [line["k"] for line in page["chat"]] == list(range(10, 60))
            assert len(json.dumps(page)) < 40_000  # one page, not the whole chat
            ws.send_json({"chat_before": 10})
            older = receive(ws)
            while "older" not in older:
                older = receive(ws)
            assert [line["k"] for line in older["chat"]] == list(range(10))
            assert older["more"] is False


def test_a_rematch_hands_each_seat_its_code_by_its_own_token_never_in_a_frame(client):
    made = create(client, "the-mob", ["human", "human", "random"], options={"max_years": 1})
    table, creator = made["id"], made["creator_key"]
    tokens = [s.get("token") for s in made["seats"]]
    refused(
        client.post(f"/api/tables/{table}/rematch", json={}, headers=auth(creator)), 409, "over"
    )
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as friend:
        with client.websocket_connect(f"/ws/tables/{table}") as watcher:
            until_payload(friend), until_payload(watcher)
            play_out(client, table, {0: tokens[0], 1: tokens[1]})  # each its first move
            refused(client.post(f"/api/tables/{table}/rematch", json={}), 401)
            again = client.post(f"/api/tables/{table}/rematch", json={}, headers=auth(creator))
            assert again.status_code == 201
            made2 = again.json()
            assert "claim" not in made2 and made2["creator_key"]  # the key holds no seat
            own = client.get(f"/api/tables/{table}/rematch", headers=auth(tokens[0])).json()
            code = client.get(f"/api/tables/{table}/rematch", headers=auth(tokens[1])).json()
            code = code["claim"]
            assert code not in json.dumps(own) and code not in again.text
            frames = []
            for ws in (friend, watcher):
                frame = receive(ws)
                while "rematch" not in frame:
                    frame = receive(ws)
                frames.append(frame)
            for frame in frames:
                assert frame["rematch"] == {
                    "id": made2["id"],
                    "url": made2["url"],
                    "seating": "same",
                }
    storage = client.app.state.hub.storage
    with storage.engine.connect() as conn:
        chat = conn.exec_driver_sql("SELECT text FROM famiglia_chat").all()
        seats = conn.exec_driver_sql("SELECT token_hash, claim_hash FROM famiglia_seats").all()
    assert not any(code in row.text for row in chat)
    stored = json.dumps([list(row) for row in seats])
    assert code not in stored and own["claim"] not in stored  # hashes only
    got = client.post(f"/api/tables/{made2['id']}/claim", json={"claim": code}).json()
    assert got["seat"] == 1


def test_a_database_failure_says_what_failed_without_driver_details(client, monkeypatch):
    storage = client.app.state.hub.storage

    async def down(*args, **kwargs):
        raise StorageError('connection to server at "10.1.2.3", port 5432 failed: FATAL')

    monkeypatch.setattr(storage, "create_table", down)
    answer = client.post("/api/tables", json=MOB)
    text = refused(answer, 503, "could not save the table")
    assert "5432" not in text and "10.1.2.3" not in text and "FATAL" not in text


@pytest.mark.slow
def test_slow_bots_beside_do_not_starve_another_tables_bots(tmp_path):
    """Six tables of the slowest bots this server allows beside a table of greedy bots: the
    greedy table keeps at least a third of the moves a second it makes alone."""
    quick = {"game": "the-mob", "players": 4, "seats": ["greedy"] * 4, "options": {}}
    slow_spec = "ismcts:iterations=20000,depth=50,rollout=8,look=3"
    slow = {"game": "cash-n-guns", "players": 4, "seats": [slow_spec] * 4, "options": {}}

    def rate(client, seconds: float) -> float:
        """Moves a second of greedy tables over `seconds` (a new table when one ends)."""
        moves, start = 0, time.monotonic()
        while time.monotonic() - start < seconds:
            table = client.post("/api/tables", json=quick).json()["id"]
            seen = wait_until(client, table, lambda p: p["n"] >= 3)
            first = seen["n"]
            while not seen["over"] and time.monotonic() - start < seconds:
                time.sleep(0.2)
                seen = client.get(f"/api/tables/{table}").json()
            moves += seen["n"] - first
        return moves / (time.monotonic() - start)

    with app_client(
        tmp_path / "t.db", bot_workers=2, tables_per_minute=1000, tables_per_client=1000
    ) as client:
        rate(client, 2.0)  # the quick bots' worker starts
        alone = rate(client, 5.0)
        for _ in range(6):
            assert client.post("/api/tables", json=slow).status_code == 201
        time.sleep(2)  # the slow bots' workers start and think
        health = client.get("/healthz").json()["bots"]
        beside = rate(client, 6.0)
        assert health["thinking"] >= 2 and health["waiting"] >= 1, health
        assert alone > 5, alone
        assert beside >= alone / 3, (alone, beside)


def test_a_decision_ends_at_its_deadline():
    import famiglia
    from famiglia.server.bots import seat_sample, think

    state = famiglia.load("blood-feud").new(4, 3)
    seat = state.seats_to_act()[0]
    started = time.monotonic()
    answer = think(
        "blood-feud",
        seat_sample(state, seat, 1),
        seat,
        "ismcts:iterations=20000,early=0",
        1,
        started + 0.3,
    )
    assert time.monotonic() - started < 5  # (the cut of a bot that ignores it: test_bot_time)
    action = famiglia.load("blood-feud").action_from_json(answer["action"])
    assert action in state.legal_actions(seat)


def test_the_fair_queue_takes_clients_then_tables_in_turn():
    from famiglia.server.bot_queue import FairQueue

    queue = FairQueue()
    for k in range(3):
        queue.put(("attacker", f"t{k}"), f"a{k}-1")
        queue.put(("attacker", f"t{k}"), f"a{k}-2")
    queue.put(("victim", "v"), "v-1")
    queue.put(("victim", "v"), "v-2")
    taken = [queue.take() for _ in range(8)]
    assert taken == ["a0-1", "v-1", "a1-1", "v-2", "a2-1", "a0-2", "a1-2", "a2-2"]
    assert len(queue) == 0 and queue.oldest_wait() == 0.0


def test_health_and_metrics_report_the_bot_queue(client):
    health = client.get("/healthz").json()
    assert health["bots"]["waiting"] == 0 and health["bots"]["oldest_wait"] == 0.0
    text = client.get("/metrics").text
    assert "# TYPE famiglia_bot_waiting gauge\nfamiglia_bot_waiting 0\n" in text
    assert "famiglia_bot_oldest_wait_seconds 0.0" in text


@pytest.mark.slow
def test_a_real_server_refuses_a_huge_header_and_serves_on(tmp_path):
    """uvicorn itself bounds a request's head: a 10 MB header gets 431 and the connection is
    closed before the server holds it; the next client is served."""
    server = Served(str(tmp_path / "t.db"), tmp_path, "--max-head", "8192")
    try:
        host, port = server.url.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=10) as raw:
            raw.sendall(b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ")
            answer = b""
            try:
                for _ in range(10_000):  # 10 MB, a kilobyte at a time, until refused
                    raw.sendall(b"a" * 1024)
            except OSError:
                pass
            raw.settimeout(10)
            try:
                while chunk := raw.recv(4096):
                    answer += chunk
            except OSError:
                pass
        assert answer.startswith(b"HTTP/1.1 431"), answer[:200]
        assert server.http.get("/healthz").json()["ok"] is True
        assert server.http.get("/", headers={"host": "evil.example"}).status_code == 421
    finally:
        server.stop()
