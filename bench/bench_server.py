"""The game server under load: N tables played at once by scripted clients over websockets.

Starts `famiglia serve` (a subprocess, SQLite file with full sync by default), creates the
tables, opens every seat's websocket, and lets each client answer its turn after a think time
with a random legal move (`{"move": action, "n": n}`). Prints moves/s and the latency from a
move being sent to the new payload reaching the mover, and reaching every seat of the table
(the broadcast), at p50/p95/p99. Bot seats (`--seats human,human,human,random`) play
server-side; their moves are not timed. Goal on a 2-core machine: 200 tables, p99 under 50 ms.

With `--servers N --db postgresql://...` N servers share the database: each table lives on
one of them (placed on the least loaded) and each table's seats are spread over all of them,
as a round-robin load balancer would, so most sockets reach their table's owner through
another server's relay (`--direct`: each seat goes to its table's owner, as a load balancer
that knows where tables live would send it). `--servers 1,2,3` runs the same bench once per count, each on a fresh
database made beside the one given, and prints a line per count: each server's tables in memory
and resident memory (the server's process; its bot workers are apart), moves/s and p99.

    python bench/bench_server.py [--tables 200] [--game the-mob] [--seconds 30] [--think 1.0]
        [--db URL] [--servers 1[,2,3]]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from serverkit import percentile, start_server


class Bench:
    def __init__(self, args, urls, server_pids=()):
        self.args, self.url = args, urls[0]
        self.ws_urls = [url.replace("http://", "ws://") for url in urls]
        self.sent: dict = {}  # (table, n) -> (time sent, listeners still to hear it)
        self.to_mover: list[float] = []
        self.to_all: list[float] = []
        self.moves = self.refused = self.reconnects = 0
        self.measuring = False
        self.server_pids = list(server_pids)
        self.urls = list(urls)
        self.cpu: dict = {}
        self.memory: list[tuple[int, float]] = []  # per server: tables held, resident MB
        self.figures: dict = {}
        self.owners: dict = {}  # with --direct: table -> its owner's websocket address

    async def seat(self, table: str, seat: int, token: str, listeners: int, rng) -> None:
        """One player: hears every payload, notes when a timed move reaches it, and answers
        its turn after a think time. Seats take the servers in turns."""
        server = self.owners.get(table) or self.ws_urls[seat % len(self.ws_urls)]
        url = f"{server}/ws/tables/{table}?token={token}"
        while True:  # a socket closed by a server (a relay, a table moving) reconnects
            try:
                done = await self.listen(url, table, seat, listeners, rng)
            except (ConnectionClosed, OSError, TimeoutError):
                done = False
            if done:
                return
            self.reconnects += 1
            await asyncio.sleep(0.5)

    async def listen(self, url, table, seat, listeners, rng) -> bool:
        """Hears one socket until it closes; True when the game is over."""
        thinking = None  # this seat's think-then-move task
        latest = None  # the newest payload it heard
        async with connect(url, max_size=None, ping_interval=None, open_timeout=60) as ws:
            try:
                # No timeout per frame (a task each): run() cancels the seats when time is up.
                async for text in ws:
                    now = time.perf_counter()
                    frame = json.loads(text)
                    if "error" in frame:  # stale: another seat was quicker; choose anew
                        self.refused += 1
                    elif "view" in frame:
                        latest = frame
                        self.heard(table, seat, frame["n"], now)
                        if frame["over"]:
                            return True
                    else:
                        continue  # chat and seats
                    if latest["legal"] and (thinking is None or thinking.done()):
                        thinking = asyncio.create_task(
                            self.move(ws, table, seat, latest, listeners, rng)
                        )
            except ConnectionClosed:
                return False
            finally:
                if thinking is not None:
                    thinking.cancel()
        return False

    def heard(self, table: str, seat: int, n: int, now: float) -> None:
        timed = self.sent.get((table, n))
        if timed is None:
            return
        start, mover, left = timed
        if seat == mover and self.measuring:
            self.to_mover.append(now - start)
        left.discard(seat)
        if not left:
            del self.sent[(table, n)]
            if self.measuring:
                self.to_all.append(now - start)

    async def move(self, ws, table, seat, frame, listeners, rng) -> None:
        think = self.args.think
        await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
        choice = rng.choice(frame["legal"])
        n = frame["n"]
        self.sent[(table, n + 1)] = (time.perf_counter(), seat, set(range(listeners)))
        try:
            await ws.send(json.dumps({"move": choice["action"], "n": n}))
        except ConnectionClosed:
            return
        self.moves += self.measuring

    async def run(self) -> None:
        args = self.args
        seats = args.seats.split(",")
        humans = [i for i, kind in enumerate(seats) if kind == "human"]
        if len(self.urls) > 1:  # each server reports its address within a sweep or two
            await asyncio.sleep(3)
        async with httpx.AsyncClient(base_url=self.url, timeout=60) as http:
            made = []
            for t in range(args.tables):
                answer = await http.post(
                    "/api/tables",
                    json={"game": args.game, "players": len(seats), "seats": seats, "seed": t},
                )
                answer.raise_for_status()
                made.append(answer.json())
            for table in made:  # each friend's seat taken with its claim code
                for entry in table["seats"]:
                    if "claim" in entry:
                        got = await http.post(
                            f"/api/tables/{table['id']}/claim", json={"claim": entry["claim"]}
                        )
                        entry["token"] = got.raise_for_status().json()["token"]
        if args.direct and len(self.urls) > 1:
            self.owners = owners_of(args.db, [t["id"] for t in made])
        tasks = []
        for t, table in enumerate(made):
            tokens = {s["seat"]: s["token"] for s in table["seats"] if "token" in s}
            for seat in humans:
                rng = random.Random(t * 100 + seat)
                tasks.append(
                    asyncio.create_task(
                        self.seat(table["id"], seat, tokens[seat], len(humans), rng)
                    )
                )
        print(f"{args.tables} tables, {len(tasks)} websockets open; warming up {args.warmup} s")
        await asyncio.sleep(args.warmup)
        # The clients' own full garbage collections would be timed as the server's latency: as
        # the server does (cli/serve.py: calm_collector), what lives now is left out of them.
        gc.freeze()
        gc.set_threshold(700, 10, 1000)
        self.measuring = True
        began = time.perf_counter()
        cpu_before = self.cpu_seconds()
        await asyncio.sleep(args.seconds)
        self.measuring = False
        elapsed = time.perf_counter() - began
        cpu_after = self.cpu_seconds()
        self.cpu = {who: cpu_after[who] - cpu_before[who] for who in cpu_before}
        await self.measure_memory()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.report(elapsed)

    async def measure_memory(self) -> None:
        """Each server's running tables in memory (/healthz) and resident memory (/proc)."""
        async with httpx.AsyncClient(timeout=30) as http:
            for i, url in enumerate(self.urls):
                held = (await http.get(url + "/healthz")).json()["tables"]
                mb = float("nan")
                if i < len(self.server_pids):
                    for line in (
                        Path(f"/proc/{self.server_pids[i]}/status").read_text().splitlines()
                    ):
                        if line.startswith("VmRSS:"):
                            mb = int(line.split()[1]) / 1024
                self.memory.append((held, mb))

    def cpu_seconds(self) -> dict:
        """Processor seconds used so far by this client and by the server (when started here)."""
        usage = os.times()
        seconds = {"client": usage.user + usage.system}
        if self.server_pids:
            seconds["server"] = 0.0
            for pid in self.server_pids:  # all servers together
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                ticks = os.sysconf("SC_CLK_TCK")
                seconds["server"] += (int(fields[11]) + int(fields[12])) / ticks
        return seconds

    def report(self, elapsed: float) -> None:
        ms = 1000

        def line(name, values):
            if not values:
                return f"{name}: no samples"
            return (
                f"{name}: p50 {percentile(values, 50) * ms:.1f} ms, p95 {percentile(values, 95) * ms:.1f} ms, "
                f"p99 {percentile(values, 99) * ms:.1f} ms, max {max(values) * ms:.1f} ms "
                f"(mean {statistics.mean(values) * ms:.1f} ms, {len(values)} moves)"
            )

        print(
            f"human moves: {self.moves / elapsed:.1f} moves/s over {elapsed:.0f} s; "
            f"refused {self.refused}; sockets reconnected {self.reconnects}"
        )
        print(line("move -> payload to the mover", self.to_mover))
        print(line("move -> payload to every seat", self.to_all))
        for i, (held, mb) in enumerate(self.memory):
            print(f"server {i + 1}: {held} tables in memory, {mb:.0f} MB resident")
        self.figures = {
            "moves_s": self.moves / elapsed,
            "p99_mover": percentile(self.to_mover, 99) * ms,
            "p99_all": percentile(self.to_all, 99) * ms,
            "memory": self.memory,
        }
        moves = max(1, len(self.to_mover))
        for who, seconds in self.cpu.items():
            print(
                f"{who} processor time: {seconds / elapsed:.0%} of one core, "
                f"{seconds / moves * 1000:.2f} ms per move"
            )


def owners_of(db: str, tables: list[str]) -> dict:
    """Each table's owner's websocket address, as a load balancer that knows would send its
    players there (`--direct`)."""
    import psycopg

    with psycopg.connect(db.replace("postgresql+psycopg://", "postgresql://")) as conn:
        rows = conn.execute(
            "SELECT t.id, s.address FROM famiglia_tables t "
            "JOIN famiglia_servers s ON s.instance = t.owner WHERE t.id = ANY(%s)",
            (tables,),
        ).fetchall()
    return {table: address.replace("http://", "ws://") for table, address in rows}


def fast_loop():
    """uvloop when installed (the server's extra brings it): the clients, which share the
    machine with the server, then take less of its processor time."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--game", default="the-mob")
    parser.add_argument("--seats", default="human,human,human,human", help="one per player")
    parser.add_argument("--seconds", type=float, default=30, help="measured time")
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds before a move")
    parser.add_argument(
        "--db", default=None, help="database URL (default: a temporary SQLite file)"
    )
    parser.add_argument("--url", default=None, help="use a running server instead of starting one")
    parser.add_argument(
        "--servers",
        default="1",
        help="servers sharing the database (PostgreSQL only); a list (1,2,3): one run per count",
    )
    parser.add_argument(
        "--direct",
        action="store_true",
        help="several servers: each seat connects to its table's owner (else seats take the "
        "servers in turns, and most reach their table through another server's relay)",
    )
    args = parser.parse_args()
    try:
        counts = [int(n) for n in args.servers.split(",")]
    except ValueError:
        raise SystemExit("--servers is a number of servers, or a list of them: 1,2,3") from None
    if any(n < 1 for n in counts):
        raise SystemExit("--servers: each count is 1 or more")
    if (len(counts) > 1 or counts[0] > 1) and not (args.db or "").startswith("postgres"):
        raise SystemExit("--servers needs --db postgresql://... (servers share PostgreSQL only)")
    if len(counts) == 1:
        args.servers = counts[0]
        one_run(args)
        return
    rows = []
    for count in counts:
        args.servers = count
        with fresh_database(args.db) as db:
            rows.append((count, one_run(argparse.Namespace(**{**vars(args), "db": db}))))
    print(
        f"\n{args.tables} tables in all | moves/s | p99 to the mover | p99 to every seat | "
        "per server: tables in memory, resident MB"
    )
    for count, f in rows:
        each = ", ".join(f"{held} / {mb:.0f} MB" for held, mb in f["memory"])
        print(
            f"{count} server(s) | {f['moves_s']:.1f} | {f['p99_mover']:.0f} ms | "
            f"{f['p99_all']:.0f} ms | {each}"
        )


class fresh_database:
    """A new, empty database beside the one of `url` (dropped afterwards): one per run."""

    def __init__(self, url: str) -> None:
        import uuid

        self.base, _, _ = url.rpartition("/")
        self.name = f"bench_{uuid.uuid4().hex[:10]}"

    def _admin(self, statement: str) -> None:
        import psycopg

        # psycopg takes a plain libpq URL, not SQLAlchemy's "postgresql+psycopg://".
        base = self.base.replace("postgresql+psycopg://", "postgresql://")
        with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
            conn.execute(statement)

    def __enter__(self) -> str:
        self._admin(f"CREATE DATABASE {self.name}")
        return f"{self.base}/{self.name}"

    def __exit__(self, *exc) -> None:
        self._admin(f"DROP DATABASE IF EXISTS {self.name} WITH (FORCE)")


def one_run(args) -> dict:
    load = os.getloadavg()
    print(f"{os.cpu_count()} cores; load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    with tempfile.TemporaryDirectory() as folder:
        processes = []
        urls = [args.url] if args.url else []
        try:
            if not urls:
                db = args.db or f"sqlite:///{folder}/bench.db"
                for _ in range(args.servers):
                    process, url = start_server(folder, "--db", db, "--peer-secret", "bench")
                    processes.append(process)
                    urls.append(url)
                print(f"servers at {', '.join(urls)} on {db.split('@')[-1]}")
            bench = Bench(args, urls, [p.pid for p in processes])
            with asyncio.Runner(loop_factory=fast_loop()) as runner:
                runner.run(bench.run())
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                process.wait(60)
    load = os.getloadavg()
    print(f"load average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return bench.figures


if __name__ == "__main__":
    main()
