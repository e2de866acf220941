"""A killed server loses nothing it acknowledged.

The real `famiglia serve` runs as a subprocess; humans play over HTTP while bots play too, a
chat line is sent; the server is killed with SIGKILL in the middle of it all, started again on
the same database, and must hold every move it answered 200 to (and the chat line it
broadcast); then the game goes on to its end and its record replays.
"""

from __future__ import annotations

import json
import os
import queue
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import pytest
import typer
from typer.testing import CliRunner
from websockets.sync.client import connect

from famiglia.cli.serve import serve
from famiglia.core.record import replay

from .helpers import claim_all


class Served:
    """`python -m famiglia serve` on a free port, as a user starts it."""

    def __init__(self, db: str, folder: Path, *flags: str) -> None:
        # The server's log goes to a file and its output is read to the end: a pipe nobody
        # drains fills up and stops the server at its next log line.
        self.log = Path(tempfile.mkstemp(prefix="server-", suffix=".log", dir=folder)[1])
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                [
                    *(sys.executable, "-m", "famiglia", "serve"),
                    *("--port", "0", "--db", db, "--no-browser"),
                    *flags,
                ],
                cwd=folder,
                stdout=subprocess.PIPE,
                stderr=log,
                text=True,
            )
        lines: queue.Queue = queue.Queue()
        threading.Thread(
            target=lambda: [lines.put(line) for line in self.process.stdout], daemon=True
        ).start()
        try:
            first = lines.get(timeout=60)
        except queue.Empty:
            self.process.kill()
            raise AssertionError("the server did not start within 60 s") from None
        assert "tables at http://127.0.0.1:" in first, first + self.log.read_text()
        self.url = first.split("tables at ")[1].split()[0].rstrip("/")
        self.http = httpx.Client(base_url=self.url, timeout=30)

    def children(self) -> list[int]:
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                except OSError:
                    continue
                if int(stat.rsplit(")", 1)[1].split()[1]) == self.process.pid:
                    found.append(int(entry.name))
        return found

    def kill(self) -> list[int]:
        children = self.children()
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self.http.close()
        return children

    def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        code = self.process.wait(30)
        self.http.close()
        return code


def gone(pids, seconds=15) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not any(Path(f"/proc/{pid}").exists() for pid in pids):
            return True
        time.sleep(0.1)
    return False


def play(http, table, tokens, acked, stop: threading.Event, rng) -> None:
    """Human seats play random moves; each move answered 200 is noted as (seat, action) at n."""
    try:
        while not stop.is_set():
            public = http.get(f"/api/tables/{table}").json()
            if public["over"]:
                return
            humans = [seat for seat in public["to_act"] if seat in tokens]
            if not humans:
                time.sleep(0.005)  # the bots are thinking
                continue
            seat = rng.choice(humans)
            header = {"Authorization": f"Bearer {tokens[seat]}"}
            mine = http.get(f"/api/tables/{table}", headers=header).json()
            if not mine["legal"]:
                continue
            choice = rng.choice(mine["legal"])
            answer = http.post(
                f"/api/tables/{table}/moves",
                json={"action": choice["action"], "n": mine["n"]},
                headers=header,
            )
            if answer.status_code == 200:
                acked[mine["n"]] = [seat, choice["action"]]
            else:
                assert answer.status_code == 409, answer.text  # a bot moved first: stale
    except httpx.HTTPError:
        return  # the server was killed under us


# A table of every other game, played by bots alone all through the crash.
BOT_TABLES = {
    "the-mob": (4, {"max_years": 3}),
    "unfinished-business": (3, {}),
    "blood-feud": (3, {"max_rounds": 2}),
    "scarface-1920": (3, {"max_turns": 6}),
}


def crash_and_recover(db: str, folder: Path) -> None:
    server = Served(db, folder)
    bot_tables = {}
    for name, (players, options) in BOT_TABLES.items():
        body = {"game": name, "players": players, "options": options, "seats": ["random"] * players}
        bot_tables[name] = server.http.post("/api/tables", json=body).json()["id"]
    made = server.http.post(
        "/api/tables",
        json={
            "game": "cash-n-guns",
            "players": 5,
            "seats": ["human", "human", "random", "human", "greedy:samples=1,steps=1"],
            "seed": 12,
        },
    ).json()
    table = made["id"]
    tokens = claim_all(server.http, made)
    socket = f"/ws/tables/{table}?token={tokens[0]}"
    with connect(server.url.replace("http://", "ws://") + socket) as ws:
        ws.send(json.dumps({"chat": "before the crash"}))
        while "chat" not in (frame := json.loads(ws.recv(timeout=30))) or not frame["chat"]:
            pass
        assert frame["chat"][0]["text"] == "before the crash"  # broadcast: so it is stored
    acked: dict = {}
    stop = threading.Event()
    player = threading.Thread(
        target=play, args=(server.http, table, tokens, acked, stop, random.Random(3))
    )
    player.start()
    deadline = time.monotonic() + 120
    while len(acked) < 20 and player.is_alive() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(acked) >= 20, "the game did not get going"
    watched = {t: server.http.get(f"/api/tables/{t}").json() for t in bot_tables.values()}
    workers = server.kill()  # SIGKILL, with moves in flight
    stop.set()
    player.join(30)
    assert gone(workers), "the bot workers outlived the killed server"

    server = Served(db, folder)
    try:
        seen = server.http.get(f"/api/tables/{table}").json()
        assert seen["n"] > max(acked) and not seen["over"]
        with connect(server.url.replace("http://", "ws://") + socket) as ws:
            frames = [json.loads(ws.recv(timeout=30)) for _ in range(3)]
        chat = next(f["chat"] for f in frames if "chat" in f)
        assert [line["text"] for line in chat] == ["before the crash"]
        # The game goes on: a few more moves, then the creator hands the humans' seats to
        # bots, which play it to its end.
        more: dict = {}
        stop = threading.Event()
        player = threading.Thread(
            target=play, args=(server.http, table, tokens, more, stop, random.Random(4))
        )
        player.start()
        while len(more) < 10 and player.is_alive():
            time.sleep(0.01)
        stop.set()
        player.join(30)
        assert len(more) >= 10
        creator = {"Authorization": f"Bearer {made['creator_key']}"}
        for seat in tokens:
            handed = server.http.post(
                f"/api/tables/{table}/seats/{seat}", json={"kind": "random"}, headers=creator
            )
            assert handed.status_code == 200, handed.text
        deadline = time.monotonic() + 120
        while not server.http.get(f"/api/tables/{table}").json()["over"]:
            assert time.monotonic() < deadline, "the bots did not finish the game"
            time.sleep(0.05)
        record = server.http.get(f"/api/tables/{table}/record").json()
        for n, move in (acked | more).items():
            assert record["moves"][n] == move, f"acknowledged move {n} was lost"
        assert replay(record).result().to_json() == record["result"]
        # The bots' tables went on too, and their records hold what a spectator had seen.
        for table_id, before in watched.items():
            deadline = time.monotonic() + 120
            while not server.http.get(f"/api/tables/{table_id}").json()["over"]:
                assert time.monotonic() < deadline, f"the bots of {before['game']} did not finish"
                time.sleep(0.05)
            record = server.http.get(f"/api/tables/{table_id}/record").json()
            assert replay(record).result().to_json() == record["result"]
            seen_then = replay(record, until=before["n"])
            assert seen_then.events(None) == before["events"]
            assert seen_then.view(None) == before["view"]
    finally:
        assert server.stop() == 0  # SIGTERM: a clean stop


@pytest.mark.slow
def test_sigkill_loses_no_acknowledged_move_on_sqlite(tmp_path):
    crash_and_recover(f"sqlite:///{tmp_path}/crash.db", tmp_path)


def test_sigkill_loses_no_acknowledged_move_on_postgresql(pg_url, tmp_path):
    crash_and_recover(pg_url, tmp_path)


def test_serve_refuses_a_database_it_cannot_use(tmp_path):
    app = typer.Typer()
    app.command("serve")(serve)
    app.command("other")(lambda: None)  # two commands, as in the real cli
    for db, words in (
        ("mysql://x/y", "unsupported database"),
        ("postgresql://nobody@127.0.0.1:1/none", "cannot open the database"),
        (str(tmp_path / "no" / "such" / "dir" / "x.db"), "cannot open the database"),
    ):
        run = CliRunner().invoke(app, ["serve", "--db", db, "--no-browser"])
        assert run.exit_code == 2 and words in run.output, run.output
        assert run.exception is None or isinstance(run.exception, SystemExit)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "getpgid"), reason="POSIX only")
def test_serve_prints_its_address_and_stops_cleanly_on_sigterm(tmp_path):
    server = Served(str(tmp_path / "s.db"), tmp_path)
    assert server.http.get("/healthz").json()["ok"] is True
    assert server.stop() == 0
    assert (tmp_path / "s.db").exists()
