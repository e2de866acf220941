"""A table's owner dies (SIGKILL) or drains (SIGTERM) while its players, connected to the other
servers, go on playing: another server owns it within seconds, the websocket relayed through
a surviving server reconnects through it, and every move answered 200 is in the record, once.
"""

from __future__ import annotations

import random
import threading
import time

import httpx
import psycopg
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from famiglia.core.record import replay

from .helpers import (
    auth,
    eventually,
    frames_until,
    held,
    held_at_most_once,
    instances,
    owned_once,
    owners,
    serve,
    ws_url,
)
from .test_owners import new_table

BOTS = {2, 4}


def play(servers, table, tokens, acked, stop, rng, refused) -> None:
    """Humans play random moves through `servers` (never the owner's own address); a 503
    (the table changing servers) is tried again, as a client would after Retry-After."""
    while not stop.is_set():
        server = rng.choice(servers)
        try:
            public = server.http.get(f"/api/tables/{table}")
            if public.status_code == 503:
                time.sleep(0.2)
                continue
            public = public.json()
            if public["over"]:
                return
            humans = [seat for seat in public["to_act"] if seat in tokens]
            if not humans:
                time.sleep(0.01)
                continue
            seat = rng.choice(humans)
            mine = server.http.get(f"/api/tables/{table}", headers=auth(tokens[seat]))
            if mine.status_code != 200:
                continue
            mine = mine.json()
            if not mine["legal"]:
                continue
            choice = rng.choice(mine["legal"])
            answer = server.http.post(
                f"/api/tables/{table}/moves",
                json={"action": choice["action"], "n": mine["n"]},
                headers=auth(tokens[seat]),
            )
        except httpx.HTTPError:
            time.sleep(0.2)
            continue
        if answer.status_code == 200:
            acked[mine["n"]] = [seat, choice["action"]]
        else:
            refused.append(answer.status_code)
            assert answer.status_code in (409, 503), answer.text


class Player:
    def __init__(self, servers, table, tokens, seed) -> None:
        self.acked: dict = {}
        self.refused: list = []
        self.stop = threading.Event()
        self.thread = threading.Thread(
            target=play,
            args=(servers, table, tokens, self.acked, self.stop, random.Random(seed), self.refused),
        )
        self.thread.start()

    def wait_for(self, count: int, seconds=120, check=None) -> None:
        target = len(self.acked) + count
        deadline = time.monotonic() + seconds
        while len(self.acked) < target:
            assert self.thread.is_alive(), "the player stopped (the game ended, or it failed)"
            assert time.monotonic() < deadline, "the game did not go on"
            if check:
                check()
            time.sleep(0.05)

    def end(self) -> None:
        self.stop.set()
        self.thread.join(60)
        assert not self.thread.is_alive()


def stored_moves(pg_url, table) -> list:
    with psycopg.connect(pg_url) as conn:
        return conn.execute(
            "SELECT n, seat, action, server FROM famiglia_moves WHERE table_id = %s ORDER BY n",
            (table,),
        ).fetchall()


def finish(pg_url, table, made, tokens, server, acked) -> None:
    """Hands the humans' seats to bots; the game ends; every acknowledged move is in the
    record at its number, and the record replays to its result."""
    for seat in tokens:
        handed = server.http.post(
            f"/api/tables/{table}/seats/{seat}",
            json={"kind": "random"},
            headers=auth(made["creator_key"]),
        )
        assert handed.status_code == 200, handed.text
    eventually(lambda: server.http.get(f"/api/tables/{table}").json()["over"], seconds=180)
    record = server.http.get(f"/api/tables/{table}/record").json()
    for n, move in acked.items():
        assert record["moves"][n] == move, f"acknowledged move {n} was lost"
    assert replay(record).result().to_json() == record["result"]
    assert [row[0] for row in stored_moves(pg_url, table)] == list(range(len(record["moves"])))


def reconnect(server, table, token, at_least: int, seconds=60) -> dict:
    """The payload through `server` once a socket opens and shows move `at_least` or later."""
    deadline = time.monotonic() + seconds
    while True:
        assert time.monotonic() < deadline, "the socket never came back"
        try:
            with connect(ws_url(server, table, token), open_timeout=10) as socket:
                return frames_until(socket, lambda f: "view" in f and f["n"] >= at_least)
        except (ConnectionClosed, OSError, TimeoutError):
            time.sleep(0.3)


def test_sigkill_of_the_owner_with_its_players_on_other_servers(pg_url, tmp_path):
    a, b, c = servers = [serve(pg_url, tmp_path) for _ in range(3)]
    try:
        numbers = eventually(lambda: instances(pg_url, servers), what="no rows")
        # made on B itself (a request marked as forwarded is served where it lands)
        table, made, tokens = new_table(b, headers={"x-famiglia-hop": "1"})
        assert owners(pg_url)[table] == numbers[b]
        player = Player([a, c], table, tokens, seed=1)
        check = lambda: held_at_most_once(pg_url, servers)  # noqa: E731
        player.wait_for(10, check=check)
        with connect(ws_url(a, table, tokens[1])) as watcher:
            frames_until(watcher, lambda f: "view" in f)
            before = len(stored_moves(pg_url, table))
            b.kill()
            b.dead = True
            # the relayed socket on A closes with B (the client is told to reconnect) ...
            try:
                while True:
                    watcher.recv(timeout=30)
            except ConnectionClosed as closed:
                assert closed.rcvd is None or closed.rcvd.code in (1012, 1013), closed.rcvd
        # ... and reconnects through A to the table's new owner, where the game was
        payload = reconnect(a, table, tokens[1], before)
        assert payload["seat"] == 1
        killed_at = time.monotonic()
        new_owner = eventually(
            lambda: owners(pg_url)[table] not in (None, numbers[b]) and owners(pg_url)[table],
            seconds=30,
            what="nobody took the table over",
            logs=(a.log, c.log),
        )
        assert new_owner in (numbers[a], numbers[c])
        taken_at = len(stored_moves(pg_url, table))
        player.wait_for(10, check=check)
        assert time.monotonic() - killed_at < 120
        player.end()
        # after the takeover, the bots' moves were stored by the new owner only
        after = {server for n, seat, _a, server in stored_moves(pg_url, table) if n >= taken_at}
        assert after <= {new_owner}
        finish(pg_url, table, made, tokens, a, player.acked)
        assert len(player.acked) >= 20
    finally:
        for server in servers:
            if server.process.poll() is None:
                server.kill()


def test_sigterm_drains_the_owner_tables_to_the_others(pg_url, tmp_path):
    a, b, c = servers = [serve(pg_url, tmp_path) for _ in range(3)]
    try:
        numbers = eventually(lambda: instances(pg_url, servers), what="no rows")
        made_on_b = [new_table(b, seed=i, headers={"x-famiglia-hop": "1"}) for i in range(3)]
        table, made, tokens = made_on_b[0]
        assert {owners(pg_url)[t[0]] for t in made_on_b} == {numbers[b]}
        player = Player([a, c], table, tokens, seed=2)
        check = lambda: held_at_most_once(pg_url, servers)  # noqa: E731
        player.wait_for(10, check=check)
        with connect(ws_url(c, table, tokens[0])) as watcher:
            frames_until(watcher, lambda f: "view" in f)
            before = len(stored_moves(pg_url, table))
            assert b.stop() in (0, 143)  # SIGTERM: it hands its tables over, then exits
            b.dead = True
            try:
                while True:
                    watcher.recv(timeout=30)
            except ConnectionClosed:
                pass
        assert "3 tables handed to the other servers" in b.log.read_text()
        # handed over, not taken over: each has a live owner the moment B is gone
        placed = owners(pg_url)
        assert all(placed[t[0]] in (numbers[a], numbers[c]) for t in made_on_b)
        payload = reconnect(c, table, tokens[0], before)
        assert payload["seat"] == 0
        player.wait_for(10, check=check)
        player.end()
        # the new owners hold them, and play their bots
        eventually(lambda: sum(s.http.get("/healthz").json()["tables"] for s in (a, c)) == 3)
        finish(pg_url, table, made, tokens, a, player.acked)
    finally:
        for server in servers:
            if server.process.poll() is None:
                server.kill()


def test_a_dead_server_tables_are_spread_over_the_survivors(pg_url, tmp_path):
    a, b, c = servers = [serve(pg_url, tmp_path) for _ in range(3)]
    try:
        numbers = eventually(lambda: instances(pg_url, servers), what="no rows")
        hop = {"x-famiglia-hop": "1"}  # made where it lands, not placed
        new_table(a, seed=10, headers=hop)  # A starts with one table more than C
        on_b = [new_table(b, seed=i, headers=hop)[0] for i in range(7)]
        assert {owners(pg_url)[t] for t in on_b} == {numbers[b]}
        b.kill()
        b.dead = True

        def settled():
            placed = owners(pg_url)
            return all(placed[t] in (numbers[a], numbers[c]) for t in on_b) and placed

        placed = eventually(settled, seconds=60, what="B's tables were not taken over")
        owned_once(pg_url)
        # each of B's tables to the least loaded survivor in turn: A (1) and C (0) end at 4
        # each, rather than one of them taking all seven
        loads = {s: sum(1 for owner in placed.values() if owner == numbers[s]) for s in (a, c)}
        assert loads == {a: 4, c: 4}, loads
        taken = {s: sum(1 for t in on_b if placed[t] == numbers[s]) for s in (a, c)}
        assert taken == {a: 3, c: 4}, taken
        # and each holds in memory the tables it owns now
        eventually(lambda: held(a) == 4 and held(c) == 4, what="the tables were not loaded")
        held_at_most_once(pg_url, servers)
    finally:
        for server in servers:
            if server.process.poll() is None:
                server.kill()
