"""Spectators of a table, watching through a server that does not own it, are fed by that
server from one socket of its own on the owner's (spectators.py): the owner carries one
connection for them all, they see every move, and nothing a seat hides reaches them.
"""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .helpers import (
    PEER_SECRET,
    auth,
    eventually,
    frames_until,
    instances,
    owners,
    serve,
    ws_url,
)
from .test_owners import legal_move, new_table

HUMANS = ["human", "human", "human"]
WATCHERS = 20


def sockets_to(server) -> int:
    """Established TCP connections whose server end is `server`'s port (loopback, so both ends
    are in this machine's tables; the server end is the one whose local port is the port)."""
    port = int(server.url.rsplit(":", 1)[1])
    count = 0
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        path = Path(name)
        if not path.exists():
            continue
        for line in path.read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "01":
                count += 1
    return count


class Watcher:
    """A spectator's socket, every frame it got kept (as text) for the leak checks."""

    def __init__(self, server, table, stack: ExitStack) -> None:
        self.socket = stack.enter_context(connect(ws_url(server, table), open_timeout=30))
        self.texts: list[str] = []

    def until(self, test, seconds=30.0) -> dict:
        def kept(frame):
            self.texts.append(json.dumps(frame))
            return test(frame)

        return frames_until(self.socket, kept, seconds)


def play_one(owner, table, tokens) -> int:
    """A legal move of whichever seat is to act, made on the owner; its n."""
    seat, payload = eventually(lambda: legal_move(owner.http, table, tokens), seconds=30)
    move = {"action": payload["legal"][0]["action"], "n": payload["n"]}
    answer = owner.http.post(f"/api/tables/{table}/moves", json=move, headers=auth(tokens[seat]))
    assert answer.status_code == 200, answer.text
    return payload["n"]


def test_spectators_on_another_server_share_one_socket_to_the_owner(pg_url, tmp_path):
    a, b = servers = [serve(pg_url, tmp_path) for _ in range(2)]
    watchers: list[Watcher] = []
    stack = ExitStack()
    try:
        numbers = eventually(lambda: instances(pg_url, servers), what="no rows")
        table, made, tokens = new_table(a, seats=HUMANS, headers={"x-famiglia-hop": "1"})
        assert owners(pg_url)[table] == numbers[a]
        secrets = [*tokens.values(), made["creator_key"], PEER_SECRET]
        with connect(ws_url(a, table, tokens[0])) as player:
            frames_until(player, lambda f: "view" in f)
            player.send(json.dumps({"chat": "good luck, all"}))
            player.send(json.dumps({"chat": "seat 1 only", "to": [1]}))
            frames_until(
                player, lambda f: any(x["text"] == "seat 1 only" for x in f.get("chat", []))
            )
            play_one(a, table, tokens)

            before = sockets_to(a)
            for _ in range(WATCHERS):
                watchers.append(Watcher(b, table, stack))
            public = a.http.get(f"/api/tables/{table}").json()
            for watcher in watchers:  # each greeted as the owner greets a spectator
                assert watcher.until(lambda f: "view" in f) == public
                page = watcher.until(lambda f: "chat" in f)
                assert [line["text"] for line in page["chat"]] == ["good luck, all"]
            # the owner carries one socket for the twenty (its own HTTP client's is counted
            # in both figures)
            assert sockets_to(a) - before <= 1, (before, sockets_to(a))

            # every move reaches every spectator, as the owner shows it to a spectator
            for _move in range(4):
                n = play_one(a, table, tokens)
                public = a.http.get(f"/api/tables/{table}").json()
                assert public["n"] == n + 1
                for watcher in watchers:
                    assert watcher.until(lambda f, n=n: "view" in f and f["n"] == n + 1) == public
            # a chat line said at the table reaches them; a private one never does
            player.send(json.dumps({"chat": "seat 2, a word", "to": [2]}))
            player.send(json.dumps({"chat": "well played"}))
            for watcher in watchers:
                line = watcher.until(lambda f: "chat" in f)["chat"]
                assert [x["text"] for x in line] == ["well played"] and line[0]["k"] == 1

        # a spectator's move and chat are refused as the owner refuses them
        first = watchers[0]
        first.socket.send(json.dumps({"move": "anything", "n": 0}))
        assert first.until(lambda f: "error" in f)["code"] == "unauthorized"
        first.socket.send(json.dumps({"chat": "hello"}))
        assert first.until(lambda f: "error" in f)["code"] == "forbidden"
        # older chat lines, asked through the feed, come to the one who asked
        first.socket.send(json.dumps({"chat_before": 1}))
        older = first.until(lambda f: f.get("older"))
        assert [x["text"] for x in older["chat"]] == ["good luck, all"]
        # a late spectator is greeted with the table as it is now
        late = Watcher(b, table, stack)
        watchers.append(late)
        assert late.until(lambda f: "view" in f)["n"] == public["n"]
        assert [x["text"] for x in late.until(lambda f: "chat" in f)["chat"]] == [
            "good luck, all",
            "well played",
        ]
        assert sockets_to(a) - before <= 1

        # nothing hidden in any spectator's frames: no token, no key, no private line
        for watcher in watchers:
            text = "\n".join(watcher.texts)
            for secret in [*secrets, "seat 1 only", "seat 2, a word"]:
                assert secret not in text

        # the owner stops (SIGTERM: its tables go to B): every spectator is told to
        # reconnect, and finds the table on B, now its owner
        assert a.stop() in (0, 143)
        a.dead = True
        for watcher in watchers:
            try:
                watcher.until(lambda f: False, seconds=60)
            except ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == 1012, closed.rcvd
        assert owners(pg_url)[table] == numbers[b]
        again = Watcher(b, table, stack)
        watchers.append(again)
        assert again.until(lambda f: "view" in f) == b.http.get(f"/api/tables/{table}").json()
    finally:
        stack.close()
        for server in servers:
            if server.process.poll() is None:
                server.kill()
