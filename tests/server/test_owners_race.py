"""A move racing its table's hand-over: the server it reached no longer owns the table by the
time the move is stored (its owner check refuses it, nothing is written), or the owner it was
forwarded to has just died. The move goes to the new owner and is answered 200 there, instead
of a 409 `not_owner` the client would have to make sense of.

The hand-over is made in the database, as a drain or a takeover makes it, a moment before the
move; the old owner still holds the table in memory (it lets it go at its next sweep), which is
the window a real hand-over leaves open.
"""

from __future__ import annotations

import json

import psycopg
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .helpers import auth, eventually, frames_until, instances, owned_once, serve, ws_url
from .test_owners import legal_move, new_table

HUMANS = ["human", "human", "human"]  # no bot moves in the way of the test's own


def hand_over(pg_url, table, to) -> None:
    with psycopg.connect(pg_url) as conn:
        conn.execute("UPDATE famiglia_tables SET owner = %s WHERE id = %s", (to, table))


def stored_by(pg_url, table, n) -> int | None:
    with psycopg.connect(pg_url) as conn:
        row = conn.execute(
            "SELECT server FROM famiglia_moves WHERE table_id = %s AND n = %s", (table, n)
        ).fetchone()
    return row[0] if row else None


def move_through(server, table, tokens, holder):
    """A legal move (seen on the table's holder) sent through `server`: (n, answer)."""
    seat, payload = eventually(lambda: legal_move(holder.http, table, tokens), seconds=30)
    body = {"action": payload["legal"][0]["action"], "n": payload["n"]}
    return payload["n"], body, seat


def test_a_move_racing_a_hand_over_is_played_by_the_new_owner(pg_url, tmp_path):
    a, b, c = servers = [serve(pg_url, tmp_path) for _ in range(3)]
    try:
        numbers = eventually(lambda: instances(pg_url, servers), what="no rows")
        table, made, tokens = new_table(a, seats=HUMANS, headers={"x-famiglia-hop": "1"})
        assert a.http.get("/healthz").json()["tables"] == 1

        # 1. The move reaches the owner itself (A), whose table was just handed to B.
        n, body, seat = move_through(a, table, tokens, a)
        hand_over(pg_url, table, numbers[b])
        answer = a.http.post(f"/api/tables/{table}/moves", json=body, headers=auth(tokens[seat]))
        assert answer.status_code == 200, answer.text
        assert stored_by(pg_url, table, n) == numbers[b]

        # 2. The move reaches A, which forwards it to the owner it knows (B, remembered a
        #    moment ago); B has just handed the table to C: A sends it again, to C.
        n, body, seat = move_through(a, table, tokens, b)
        assert a.http.get(f"/api/tables/{table}").status_code == 200  # A remembers B
        hand_over(pg_url, table, numbers[c])
        answer = a.http.post(f"/api/tables/{table}/moves", json=body, headers=auth(tokens[seat]))
        assert answer.status_code == 200, answer.text
        assert stored_by(pg_url, table, n) == numbers[c]

        # 3. The owner (C) dies just before the move reaches A: A finds the table's next owner.
        n, body, seat = move_through(a, table, tokens, c)
        assert a.http.get(f"/api/tables/{table}").status_code == 200  # A remembers C
        c.kill()
        c.dead = True
        answer = a.http.post(f"/api/tables/{table}/moves", json=body, headers=auth(tokens[seat]))
        assert answer.status_code == 200, answer.text
        assert stored_by(pg_url, table, n) in (numbers[a], numbers[b])

        # no refusal reached the client, the moves are all there, in order, each stored once
        record = a.http.get(f"/api/tables/{table}").json()
        assert record["n"] == n + 1
        owned_once(pg_url)
        logs = a.log.read_text() + b.log.read_text()
        assert "changed servers under a request" in logs  # the race was met, not missed
    finally:
        for server in servers:
            if server.process.poll() is None:
                server.kill()


def test_a_socket_move_racing_a_hand_over_is_played_by_the_new_owner(pg_url, tmp_path):
    a, b = servers = [serve(pg_url, tmp_path) for _ in range(2)]
    try:
        numbers = eventually(lambda: instances(pg_url, servers), what="no rows")
        table, made, tokens = new_table(a, seats=HUMANS, headers={"x-famiglia-hop": "1"})
        seat, payload = eventually(lambda: legal_move(a.http, table, tokens), seconds=30)
        n = payload["n"]
        # the seat's socket on the owner itself, A; the table goes to B, then the move comes
        with connect(ws_url(a, table, tokens[seat])) as socket:
            frames_until(socket, lambda f: "view" in f)
            hand_over(pg_url, table, numbers[b])
            socket.send(json.dumps({"move": payload["legal"][0]["action"], "n": n}))
            frames = []
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    frames.append(json.loads(socket.recv(timeout=30)))
        # the socket is told to reconnect (the table left A), and no refusal came before
        assert closed.value.rcvd.code == 1012, closed.value.rcvd
        assert not [f for f in frames if "error" in f], frames
        eventually(lambda: stored_by(pg_url, table, n) == numbers[b], seconds=15)
        # reconnecting through A reaches B, where the move is played
        with connect(ws_url(a, table, tokens[seat])) as socket:
            frames_until(socket, lambda f: "view" in f and f["n"] == n + 1)
        owned_once(pg_url)
    finally:
        for server in servers:
            if server.process.poll() is None:
                server.kill()
