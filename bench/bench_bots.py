"""How long a player waits for the bots, measured at the server.

Starts `famiglia serve`, makes one table of a human (this script, playing a random legal move
after `--think` seconds) and bots (`--bots hard,hard,hard`), and `--busy` more tables of bots
alone that keep the server's bot workers busy meanwhile. For every bot turn at the measured
table it times the wait from the payload that hands the turn to the bot to the payload with the
bot's move, as the human's browser would see them; from the server's /metrics it reads where
the bots' time went, stage by stage (all tables): drawing the seat's sample, waiting in the
queue, the trip to a worker (its start-up included), thinking, the trip back, and storing and
sending the move. Goal on this 2-core machine: p95 of the wait at most 1.5 s, and at most 0.3 s
above the bots' own thinking. The load average before and after is printed: other work on the
machine costs the bots strength (their budget is wall-clock time), not the player time.

    python bench/bench_bots.py [--game the-mob] [--bots hard,hard,hard] [--busy 2]
        [--seconds 60] [--think 0.3] [--bot-seconds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

import httpx
from websockets.asyncio.client import connect


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))] if ordered else float("nan")


def start_server(folder: str, bot_seconds: float):
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "famiglia", "serve", "--port", "0", "--no-browser"),
            *("--db", f"sqlite:///{folder}/bench.db", "--bot-seconds", str(bot_seconds)),
            *("--tables-per-minute", "100000", "--tables-per-client", "100000"),
        ],
        cwd=folder,
        stdout=subprocess.PIPE,
        text=True,
    )
    line = process.stdout.readline()
    if "tables at" not in line:
        process.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return process, line.split("tables at ")[1].split()[0].rstrip("/")


def metrics(text: str) -> dict:
    found = {
        name: float(value)
        for name, value in re.findall(r"^(famiglia_\w+) (\S+)$", text, re.MULTILINE)
    }
    for stage, value in re.findall(
        r'^famiglia_bot_stage_seconds_total\{stage="(\w+)"\} (\S+)$', text, re.MULTILINE
    ):
        found[f"stage_{stage}"] = float(value)
    return found


def load() -> str:
    try:
        with open("/proc/loadavg") as file:
            return " ".join(file.read().split()[:3])
    except OSError:
        return "unknown"


async def play(url: str, args) -> list[float]:
    """Plays the human's seat of the measured table; the bots' waits, in seconds."""
    seats = ["human", *args.bots.split(",")]
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        for b in range(args.busy):  # tables of bots alone, playing all along
            answer = await http.post(
                "/api/tables",
                json={
                    "game": args.game,
                    "players": len(seats),
                    "seats": [seats[1]] * len(seats),
                    "seed": 100 + b,
                },
            )
            answer.raise_for_status()
        made = (
            (
                await http.post(
                    "/api/tables",
                    json={"game": args.game, "players": len(seats), "seats": seats, "seed": 7},
                )
            )
            .raise_for_status()
            .json()
        )
    token = next(s["token"] for s in made["seats"] if "token" in s)
    rng = random.Random(1)
    waits: list[float] = []
    ws_url = url.replace("http://", "ws://") + f"/ws/tables/{made['id']}?token={token}"
    ends = time.perf_counter() + args.seconds
    bot_turn_since = None
    async with connect(ws_url, max_size=None) as ws:
        while time.perf_counter() < ends:
            try:
                text = await asyncio.wait_for(
                    ws.recv(), timeout=max(0.1, ends - time.perf_counter())
                )
            except TimeoutError:
                break
            now = time.perf_counter()
            frame = json.loads(text)
            if "view" not in frame:
                continue
            if bot_turn_since is not None:
                waits.append(now - bot_turn_since)
                bot_turn_since = None
            if frame["over"]:
                break
            if frame["to_act"] and 0 not in frame["to_act"]:
                bot_turn_since = now
            elif frame["legal"]:
                await asyncio.sleep(args.think)
                choice = rng.choice(frame["legal"])
                await ws.send(json.dumps({"move": choice["action"], "n": frame["n"]}))
    return waits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="the-mob")
    parser.add_argument(
        "--bots", default="hard,hard,hard", help="the other seats, by level or spec"
    )
    parser.add_argument("--busy", type=int, default=2, help="tables of bots alone meanwhile")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=0.3, help="the human's think time")
    parser.add_argument("--bot-seconds", type=float, default=2.0)
    args = parser.parse_args()
    load_before = load()
    with tempfile.TemporaryDirectory() as folder:
        process, url = start_server(folder, args.bot_seconds)
        try:
            before = metrics(httpx.get(f"{url}/metrics", timeout=60).text)
            waits = asyncio.run(play(url, args))
            after = metrics(httpx.get(f"{url}/metrics", timeout=60).text)
        finally:
            process.terminate()  # bots deep in thought are not worth waiting for
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    decisions = after["famiglia_bot_decisions_total"] - before["famiglia_bot_decisions_total"]
    think = after["famiglia_bot_think_seconds_total"] - before["famiglia_bot_think_seconds_total"]
    decide = (
        after["famiglia_bot_decide_seconds_total"] - before["famiglia_bot_decide_seconds_total"]
    )
    print(
        f"{args.game}, bots {args.bots}, {args.busy} busy tables, {args.seconds:.0f} s; load "
        f"average before {load_before}, after {load()}"
    )
    if not waits:
        raise SystemExit("no bot turn was timed: run longer")
    print(
        f"  bot turns at the measured table: {len(waits)}; wait p50 {percentile(waits, 50):.2f} s,"
        f" p95 {percentile(waits, 95):.2f} s, max {max(waits):.2f} s, mean "
        f"{statistics.mean(waits):.2f} s"
    )
    if decisions:
        print(
            f"  all tables: {decisions:.0f} bot decisions sent to a worker; thinking "
            f"{think / decisions:.2f} s each, the rest (sample, queue, worker trip) "
            f"{(decide - think) / decisions:.2f} s each"
        )
        stages = [k for k in after if k.startswith("stage_")]
        print(
            "  per decision, by stage: "
            + ", ".join(
                f"{k[6:]} {(after[k] - before.get(k, 0.0)) / decisions:.3f} s" for k in stages
            )
            + f"; played at once (trivial): "
            f"{after.get('famiglia_bot_trivial_total', 0) - before.get('famiglia_bot_trivial_total', 0):.0f}"
        )


if __name__ == "__main__":
    main()
