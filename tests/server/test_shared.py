"""Two `famiglia serve` processes on one PostgreSQL serve one game together (one owns it and
holds it, the other forwards to it: ownership.py, forwarding.py).

Both real servers run on loopback against the throwaway PostgreSQL of the fixtures. A move made
through one reaches the websocket clients of the other (LISTEN/NOTIFY); the same move sent to
both at once is played once (the unique (table, n) row decides); the bots are played by the
table's owner alone, which every stored move shows (`famiglia_moves.server`); and when either
server is killed with SIGKILL mid-game, its clients go over to the other, which takes over the
bots, and the game ends with a record holding every move that was answered 200.
"""

from __future__ import annotations

import json
import random
import threading
import time

import httpx
import psycopg
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from famiglia.core.record import replay

from .helpers import auth, claim_all, eventually, frames_until, owned_once, serve, ws_url
from .test_crash import gone

# The Mob, 5 players, 8 years: long enough that the game outlives both takeovers (a Cash 'n
# Guns game could end before the second one)
SEATS = ["human", "human", "random", "human", "random"]
BOTS = {2, 4}


def one_move(http, table, tokens):
    """A human seat to act, its token's payload and one of its legal actions (or None)."""
    public = http.get(f"/api/tables/{table}").json()
    humans = [seat for seat in public["to_act"] if seat in tokens]
    if not humans:
        return None
    seat = humans[0]
    mine = http.get(f"/api/tables/{table}", headers=auth(tokens[seat])).json()
    if not mine["legal"]:
        return None
    return seat, mine


def play(servers, table, tokens, acked, stop, rng) -> None:
    """Human seats play random moves through either server (whichever answers); every move
    answered 200 is noted as [seat, action] at its n."""
    while not stop.is_set():
        alive = [s for s in servers if not s.dead]
        if not alive:
            return
        server = rng.choice(alive)
        try:
            public = server.http.get(f"/api/tables/{table}")
            if public.status_code == 503:  # the table is changing servers: Retry-After
                time.sleep(0.2)
                continue
            public = public.json()
            if public["over"]:
                return
            humans = [seat for seat in public["to_act"] if seat in tokens]
            if not humans:
                time.sleep(0.005)
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
            server.dead = True  # killed under us: the other one it is
            continue
        if answer.status_code == 200:
            acked[mine["n"]] = [seat, choice["action"]]
        else:
            # another move took the slot, or the table was changing servers (503, Retry-After)
            assert answer.status_code in (409, 503), answer.text


class Player:
    """`play` in a thread until `count` more moves are acknowledged or `stop`."""

    def __init__(self, servers, table, tokens, acked, seed) -> None:
        self.stop = threading.Event()
        self.acked = acked
        self.thread = threading.Thread(
            target=play, args=(servers, table, tokens, acked, self.stop, random.Random(seed))
        )
        self.thread.start()

    def wait_for(self, count: int, seconds=120) -> None:
        target = len(self.acked) + count
        deadline = time.monotonic() + seconds
        while len(self.acked) < target and self.thread.is_alive():
            assert time.monotonic() < deadline, "the game did not go on"
            time.sleep(0.01)

    def end(self) -> None:
        self.stop.set()
        self.thread.join(30)
        assert not self.thread.is_alive()


def start(pg_url, folder):
    return serve(pg_url, folder, secret=None)  # no shared secret: forwarding works without


def owner_and_moves(pg_url, table):
    with psycopg.connect(pg_url) as conn:
        owner = conn.execute(
            "SELECT owner FROM famiglia_tables WHERE id = %s", (table,)
        ).fetchone()[0]
        moves = conn.execute(
            "SELECT n, seat, server FROM famiglia_moves WHERE table_id = %s ORDER BY n", (table,)
        ).fetchall()
    return owner, moves


def bot_moves_stored_by(moves, after: int, until: int) -> set:
    return {server for n, seat, server in moves if seat in BOTS and after <= n < until}


def test_two_servers_share_a_game_and_survive_losing_either(pg_url, tmp_path):
    a, b = start(pg_url, tmp_path), start(pg_url, tmp_path)
    c = None
    try:
        made = a.http.post(
            "/api/tables",
            json={
                "game": "the-mob",
                "players": 5,
                "seats": SEATS,
                "seed": 5,
                "options": {"max_years": 8},
            },
        ).json()
        table = made["id"]
        tokens = claim_all(a.http, made)
        owner_a, _ = owner_and_moves(pg_url, table)
        assert owner_a is not None

        # B hears of the table made on A: it is in B's lobby at once.
        eventually(lambda: any(t["id"] == table for t in b.http.get("/api/tables").json()))

        with (
            connect(ws_url(b, table, tokens[0])) as on_b,
            connect(ws_url(a, table, tokens[1])) as on_a,
        ):
            # Presence crosses over: A shows seat 0 (connected on B) present.
            def present_on_a():
                lobby = a.http.get("/api/tables").json()
                entry = next(t for t in lobby if t["id"] == table)
                return entry["seats"][0]["present"]

            eventually(present_on_a, what="A never saw the player connected on B")
            # A move through A reaches B's websocket, and one through B reaches A's.
            for through, watcher in ((a, on_b), (b, on_a)):
                for _attempt in range(10):
                    found = eventually(
                        lambda through=through: one_move(through.http, table, tokens)
                    )
                    seat, mine = found
                    answer = through.http.post(
                        f"/api/tables/{table}/moves",
                        json={"action": mine["legal"][0]["action"], "n": mine["n"]},
                        headers=auth(tokens[seat]),
                    )
                    if answer.status_code == 200:
                        break
                    assert answer.status_code == 409, answer.text  # a bot took the slot first
                assert answer.status_code == 200
                # Move n was made through the other server: this one shows it (and any after).
                frames_until(watcher, lambda f, n=mine["n"]: "view" in f and f["n"] > n)
            # A chat line said on B is read on A.
            on_b.send(json.dumps({"chat": "from B"}))
            frames_until(on_a, lambda f: any(x["text"] == "from B" for x in f.get("chat", [])))

            # The same move sent to both at once is played once: one 200, one 409.
            for _attempt in range(5):
                seat, mine = eventually(lambda: one_move(a.http, table, tokens))
                body = {"action": mine["legal"][0]["action"], "n": mine["n"]}
                answers = [None, None]

                def send(i, server, body=body, seat=seat, answers=answers):
                    answers[i] = server.http.post(
                        f"/api/tables/{table}/moves", json=body, headers=auth(tokens[seat])
                    ).status_code

                both = [threading.Thread(target=send, args=(i, s)) for i, s in enumerate((a, b))]
                for thread in both:
                    thread.start()
                for thread in both:
                    thread.join(30)
                if 200 in answers:
                    break
            assert sorted(answers) == [200, 409], answers
            _, moves = owner_and_moves(pg_url, table)
            assert [m[0] for m in moves] == list(range(len(moves)))

        # Both servers then show the very same table to a spectator.
        def same_view():
            one, two = (s.http.get(f"/api/tables/{table}").json() for s in (a, b))
            return one == two

        eventually(same_view)

        # Humans play through both; then A, the owner, is killed mid-game.
        acked: dict = {}
        player = Player([a, b], table, tokens, acked, seed=1)
        player.wait_for(10)
        with connect(ws_url(a, table, tokens[1])) as watcher:
            before_kill = len(owner_and_moves(pg_url, table)[1])
            a.dead = True
            workers = a.kill()
            # the humans wait while nobody plays the bots: the game must still be on at the
            # takeover (they played through the kill itself, moves in flight included)
            player.end()
            assert gone(workers), "the bot workers outlived the killed server"
            # While both lived, each bot move was stored by A, the owner, never by B.
            moves = owner_and_moves(pg_url, table)[1]
            assert bot_moves_stored_by(moves, 0, before_kill) == {owner_a}
            with pytest.raises(ConnectionClosed):  # its client sees it gone
                while True:
                    watcher.recv(timeout=20)
        # Its websocket client goes over to B and finds the game where it was, or further.
        with connect(ws_url(b, table, tokens[1])) as again:
            payload = frames_until(again, lambda f: "view" in f and f["n"] >= before_kill)
            assert payload["seat"] == 1
        # B takes over the bots, and the game goes on.
        owner_b = eventually(
            lambda: (owner := owner_and_moves(pg_url, table)[0]) != owner_a and owner,
            seconds=60,  # a sweep a second, but CI's two cores are busy with other tests
            what="nobody took over the table of the killed server",
            logs=(a.log, b.log),
        )
        player = Player([a, b], table, tokens, acked, seed=2)
        player.wait_for(10)

        # A new server joins; then B, now the owner, is killed too.
        c = start(pg_url, tmp_path)
        joined_at = len(owner_and_moves(pg_url, table)[1])
        player.wait_for(10)
        assert owner_and_moves(pg_url, table)[0] == owner_b  # the owner lives: it keeps it
        before_second_kill = len(owner_and_moves(pg_url, table)[1])
        b.dead = True
        workers = b.kill()
        player.end()  # (as above: the game must still be on when C takes over)
        assert gone(workers)
        moves = owner_and_moves(pg_url, table)[1]
        # while B owned the table, no other server stored a bot's move (there may have been none
        # in those ten moves: who acts next is the game's, not the test's)
        assert bot_moves_stored_by(moves, joined_at, before_second_kill) <= {owner_b}
        owner_c = eventually(
            lambda: (
                (owner := owner_and_moves(pg_url, table)[0]) not in (owner_a, owner_b) and owner
            ),
            seconds=60,
            what="the new server did not take the table over",
            logs=(b.log, c.log),
            sessions=pg_url,
        )
        taken_at = len(owner_and_moves(pg_url, table)[1])
        player = Player([a, b, c], table, tokens, acked, seed=3)
        player.wait_for(5)
        player.end()

        # The creator hands the humans' seats to bots on C, which finish the game.
        creator = auth(made["creator_key"])
        handed_at = len(owner_and_moves(pg_url, table)[1])
        for seat in tokens:
            handed = c.http.post(
                f"/api/tables/{table}/seats/{seat}", json={"kind": "random"}, headers=creator
            )
            assert handed.status_code == 200, handed.text
        eventually(lambda: c.http.get(f"/api/tables/{table}").json()["over"], seconds=120)
        record = c.http.get(f"/api/tables/{table}/record").json()
        for n, move in acked.items():
            assert record["moves"][n] == move, f"acknowledged move {n} was lost"
        assert replay(record).result().to_json() == record["result"]

        # Once C alone lived, every move went through it, the bots' included (the seats handed
        # to bots, at least, had moves to make: the game went on to its end after that).
        _, moves = owner_and_moves(pg_url, table)
        assert {server for n, _seat, server in moves if n >= taken_at} == {owner_c}
        assert len(moves) > handed_at
        owned_once(pg_url)  # A, then B, then C wrote its moves, never two in turns
    finally:
        for server in (a, b, c):
            if server is not None and server.process.poll() is None:
                server.kill()
