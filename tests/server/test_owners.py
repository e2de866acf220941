"""Each table lives on one server, and any server answers for it (issue 42).

Real `famiglia serve` processes on loopback share the throwaway PostgreSQL of the fixtures.
New tables are placed on the least loaded server; only a table's owner holds it in memory (its
`/healthz` counts it, the others' do not); a client of another server plays it through that
server, over HTTP and over a websocket relayed to the owner's. Throughout, no table is held by
two servers (`held_at_most_once`, checked against the tables' rows).
"""

from __future__ import annotations

import json
from pathlib import Path

import psycopg
import pytest
from websockets.sync.client import connect

from .conftest import free_port
from .helpers import (
    PEER_SECRET,
    auth,
    claim_all,
    eventually,
    frames_until,
    held,
    held_at_most_once,
    instances,
    owners,
    serve,
    ws_url,
)

SECRET = PEER_SECRET
SEATS = ["human", "human", "random", "human", "random"]


def new_table(server, seed=5, seats=SEATS, **extra) -> tuple[str, dict, dict]:
    body = {
        "game": "the-mob",
        "players": len(seats),
        "seats": seats,
        "seed": seed,
        "options": {"max_years": 4},
    }
    made = server.http.post("/api/tables", json=body, headers=extra.get("headers")).json()
    return made["id"], made, claim_all(server.http, made)


def legal_move(http, table, tokens):
    """(seat, payload) of a human seat with a legal move now, or None."""
    public = http.get(f"/api/tables/{table}").json()
    for seat in public["to_act"]:
        if seat in tokens:
            mine = http.get(f"/api/tables/{table}", headers=auth(tokens[seat])).json()
            if mine["legal"]:
                return seat, mine
    return None


@pytest.fixture
def three(pg_url, tmp_path):
    servers = [serve(pg_url, tmp_path) for _ in range(3)]
    yield servers
    for server in servers:
        if server.process.poll() is None:
            server.kill()


def test_tables_are_placed_one_third_each_and_held_by_their_owner_only(pg_url, three):
    a, b, c = three
    numbers = eventually(lambda: instances(pg_url, three), what="the servers' rows never came")
    tables = [new_table(a, seed=i)[0] for i in range(6)]
    placed = owners(pg_url)
    assert sorted(placed) == sorted(tables)
    # the least loaded server each time: two tables each, whichever server was asked
    assert sorted(placed.values()) == sorted(list(numbers.values()) * 2)
    for server in three:
        assert held(server) == 2, "a server holds tables it does not own"
    held_at_most_once(pg_url, three)
    # every server's lobby lists every table, each held by one of them
    for server in three:
        listed = {t["id"] for t in server.http.get("/api/tables").json()}
        assert set(tables) <= listed
    # asking another server for a table does not make it hold it
    for table in tables:
        for server in three:
            assert server.http.get(f"/api/tables/{table}").status_code == 200
    for server in three:
        assert held(server) == 2
    held_at_most_once(pg_url, three)


def test_a_client_of_one_server_plays_a_table_owned_by_another(pg_url, three):
    a, b, c = three
    numbers = eventually(lambda: instances(pg_url, three), what="the servers' rows never came")
    by_number = {n: s for s, n in numbers.items()}
    table, made, tokens = new_table(a)
    owner = by_number[owners(pg_url)[table]]
    others = [s for s in three if s is not owner]
    here, third = others
    assert held(here) == 0 and held(third) == 0

    # HTTP through a server that does not own it: the same payload as the owner's
    mine = here.http.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()
    assert mine == owner.http.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()
    assert mine["seat"] == 0
    # a spectator through `here` sees what a spectator of the owner sees, and no seat's secret
    public = here.http.get(f"/api/tables/{table}")
    assert public.json() == owner.http.get(f"/api/tables/{table}").json()
    assert public.json()["seat"] is None
    lobby = here.http.get("/api/tables").text
    for secret in [*tokens.values(), made["creator_key"], SECRET]:
        assert secret not in public.text and secret not in lobby
    # a wrong token is refused just as by the owner
    refused = here.http.get(f"/api/tables/{table}", headers=auth("not-a-token"))
    assert refused.status_code == 403 and refused.json()["code"] == "forbidden"

    # a websocket on `here`, relayed to the owner's: payloads come, moves go
    with connect(ws_url(here, table, tokens[0])) as socket:
        first = frames_until(socket, lambda f: "view" in f)
        assert first["seat"] == 0
        frames_until(socket, lambda f: "chat" in f)
        for _attempt in range(20):
            found = eventually(lambda: legal_move(third.http, table, tokens), seconds=30)
            seat, payload = found
            answer = third.http.post(
                f"/api/tables/{table}/moves",
                json={"action": payload["legal"][0]["action"], "n": payload["n"]},
                headers=auth(tokens[seat]),
            )
            if answer.status_code == 200:
                break
            assert answer.status_code == 409, answer.text  # a bot moved first
        assert answer.status_code == 200, answer.text
        # a move through the third server reaches the socket on `here`
        frames_until(socket, lambda f, n=payload["n"]: "view" in f and f["n"] > n)
        # a chat line sent into the relayed socket is stored by the owner
        socket.send(json.dumps({"chat": "through the relay"}))
        frames_until(
            socket, lambda f: any(x["text"] == "through the relay" for x in f.get("chat", []))
        )
        # a move from the relayed socket itself (the other humans play over HTTP meanwhile)
        for _attempt in range(200):
            seat, payload = eventually(lambda: legal_move(here.http, table, tokens), seconds=60)
            move = {"action": payload["legal"][0]["action"], "n": payload["n"]}
            if seat != 0:
                third.http.post(f"/api/tables/{table}/moves", json=move, headers=auth(tokens[seat]))
                continue
            socket.send(json.dumps({"move": move["action"], "n": move["n"]}))
            frame = frames_until(
                socket, lambda f, n=move["n"]: ("view" in f and f["n"] > n) or "error" in f
            )
            if "view" in frame:
                break
        else:
            raise AssertionError("no move went through the relayed socket")
        # a bad frame closes the relayed socket with the owner's reason
        socket.send("not json")
        with pytest.raises(Exception) as closed:
            while True:
                socket.recv(timeout=20)
        assert "JSON" in str(closed.value) or "1007" in str(closed.value)
    # nobody but the owner held the table through all this
    assert held(here) == 0 and held(third) == 0 and held(owner) == 1
    held_at_most_once(pg_url, three)


def test_forwarded_requests_keep_their_client_and_hide_the_secret(pg_url, tmp_path):
    """The per-client limit counts the client, not the server that forwarded; headers a
    client forges are not believed; the secret is in no answer."""
    a = serve(pg_url, tmp_path, "--tables-per-client", "2")
    b = serve(pg_url, tmp_path, "--tables-per-client", "2")
    try:
        eventually(lambda: instances(pg_url, [a, b]), what="the servers' rows never came")
        forged = {"x-famiglia-client": "203.0.113.9", "x-famiglia-peer": "a guess"}
        answers = []
        for i in range(3):
            body = {"game": "the-mob", "players": 3, "seats": ["human"] * 3, "seed": i}
            answers.append(a.http.post("/api/tables", json=body, headers=forged))
        assert [r.status_code for r in answers] == [201, 201, 429], [r.text for r in answers]
        placed = set(owners(pg_url).values())
        assert len(placed) == 2, "both servers were given a table"
        for reply in answers:
            assert SECRET not in reply.text
            assert not any(SECRET in v for v in reply.headers.values())
            assert not any(k.startswith("x-famiglia") for k in reply.headers)
        # links in a forwarded creation name the server the client asked
        assert answers[0].json()["url"].startswith(a.url) or answers[1].json()["url"].startswith(
            a.url
        )
        assert all(r.json()["url"].startswith(a.url) for r in answers[:2])
    finally:
        for server in (a, b):
            server.kill()


def test_a_server_is_reached_at_its_internal_url(pg_url, tmp_path):
    """--internal-url: the others reach a server at the address given, not the one it listens
    on (here B listens on every address and says it is reached at 127.0.0.2)."""
    port = free_port()
    internal = f"http://127.0.0.2:{port}"
    a = serve(pg_url, tmp_path)
    b = serve(
        pg_url, tmp_path, "--host", "0.0.0.0", "--port", str(port), "--internal-url", internal
    )
    try:
        rows = eventually(lambda: len(addresses(pg_url)) == 2 and addresses(pg_url))
        assert sorted(rows) == sorted([a.url, internal])  # B's row names its internal address
        table, made, tokens = new_table(b, headers={"x-famiglia-hop": "1"})
        assert held(b) == 1 and held(a) == 0
        # through A, over HTTP and a relayed socket: A reached B at 127.0.0.2
        mine = a.http.get(f"/api/tables/{table}", headers=auth(tokens[0]))
        assert mine.status_code == 200 and mine.json()["seat"] == 0
        with connect(ws_url(a, table, tokens[0])) as socket:
            frames_until(socket, lambda f: "view" in f)
            assert connections_to("127.0.0.2", port), "A did not use B's internal address"
        assert held(a) == 0
    finally:
        for server in (a, b):
            if server.process.poll() is None:
                server.kill()


def addresses(pg_url) -> list[str]:
    with psycopg.connect(pg_url) as conn:
        return [row[0] for row in conn.execute("SELECT address FROM famiglia_servers")]


def connections_to(ip: str, port: int) -> int:
    """Established TCP connections whose server end is ip:port (from /proc/net/tcp)."""
    wanted = "".join(f"{int(part):02X}" for part in reversed(ip.split("."))) + f":{port:04X}"
    lines = Path("/proc/net/tcp").read_text().splitlines()[1:]
    return sum(1 for line in lines if line.split()[1] == wanted and line.split()[3] == "01")
