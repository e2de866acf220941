"""How long a player waits for the bots, measured at the server.

Starts `famiglia serve`, makes one table of a human (this script, playing a random legal move
after `--think` seconds) and bots (`--bots hard,hard,hard`), and `--busy` more tables of bots
alone that keep the server's bot workers busy meanwhile. For every bot turn at the measured
table it times the wait from the payload that hands the turn to the bot to the payload with the
bot's move, as the human's browser would see them; from the server's /metrics it reads where
the bots' time went, stage by stage, over all tables and for the measured table alone: drawing the seat's sample, waiting in the
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
import statistics
import tempfile
import time

import httpx
from websockets.asyncio.client import connect

from serverkit import (
    create_table,
    load_average,
    metrics,
    percentile,
    random_move,
    start_server,
    stop_server,
)


async def play(url: str, args) -> tuple[list[float], dict]:
    """Plays the human's seat of the measured table: the bots' waits, in seconds, and /metrics
    as it was right after the first wait (the first bot turn may wait for the workers' start)."""
    seats = ["human", *bot_seats(args.bots)]
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        for b in range(args.busy):  # tables of bots alone, playing all along
            await create_table(http, args.game, [seats[1]] * len(seats), 100 + b)
        made = await create_table(http, args.game, seats, 7)
    token = next(s["token"] for s in made["seats"] if "token" in s)
    rng = random.Random(1)
    waits: list[float] = []
    first: dict = {}
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
                if len(waits) == 1:
                    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
                        first = metrics((await http.get("/metrics")).text)
                bot_turn_since = None
            if frame["over"]:
                break
            if frame["to_act"] and 0 not in frame["to_act"]:
                bot_turn_since = now
            elif frame["legal"]:
                await random_move(ws, frame, rng, args.think)
    return waits, first


def bot_seats(text: str) -> list[str]:
    """The bots of the measured table: levels or specs, apart by commas, or by semicolons when
    a spec has options of its own (`ismcts:seconds=1,reuse=2;hard;hard`)."""
    return [seat.strip() for seat in text.split(";" if ";" in text else ",")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="the-mob")
    parser.add_argument(
        "--bots",
        default="hard,hard,hard",
        help="the other seats, by level or spec (apart by ';' when a spec has options)",
    )
    parser.add_argument("--busy", type=int, default=2, help="tables of bots alone meanwhile")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=0.3, help="the human's think time")
    parser.add_argument("--bot-seconds", type=float, default=2.0)
    args = parser.parse_args()
    load_before = load_average()
    with tempfile.TemporaryDirectory() as folder:
        process, url = start_server(folder, "--db", f"sqlite:///{folder}/bench.db",
                                    "--bot-seconds", str(args.bot_seconds))  # fmt: skip
        try:
            before = metrics(httpx.get(f"{url}/metrics", timeout=60).text)
            waits, first = asyncio.run(play(url, args))
            after = metrics(httpx.get(f"{url}/metrics", timeout=60).text)
        finally:
            stop_server(process)
    decisions = after["famiglia_bot_decisions_total"] - before["famiglia_bot_decisions_total"]
    think = after["famiglia_bot_think_seconds_total"] - before["famiglia_bot_think_seconds_total"]
    decide = (
        after["famiglia_bot_decide_seconds_total"] - before["famiglia_bot_decide_seconds_total"]
    )
    print(
        f"{args.game}, bots {args.bots}, {args.busy} busy tables, {args.seconds:.0f} s; load "
        f"average before {load_before}, after {load_average()}"
    )
    if not waits:
        raise SystemExit("no bot turn was timed: run longer")
    print(
        f"  bot turns at the measured table: {len(waits)}; wait p50 {percentile(waits, 50):.2f} s,"
        f" p95 {percentile(waits, 95):.2f} s, max {max(waits):.2f} s, mean "
        f"{statistics.mean(waits):.2f} s"
    )

    def grown(name):
        return after.get(name, 0.0) - before.get(name, 0.0)

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
            + f"; played at once (trivial): {grown('famiglia_bot_trivial_total'):.0f}; "
            f"started from a kept tree (reuse): {grown('famiglia_bot_reused_total'):.0f}"
        )
    person(before, after, waits, "")
    if len(waits) > 1:
        person(first, after, waits[1:], " after its first bot turn")


def person(before: dict, after: dict, waits: list[float], since: str) -> None:
    """The stages of the measured table's own bot decisions (a person sits there; the busy
    tables have none): the goal of at most 0.3 s above the bots' own thinking."""
    name = "famiglia_bot_person_decisions_total"
    decisions = after.get(name, 0.0) - before.get(name, 0.0)
    if not decisions:
        return
    spent = {
        k[len("person_stage_") :]: after[k] - before.get(k, 0.0)
        for k in after
        if k.startswith("person_stage_")
    }
    think = spent.get("think", 0.0)
    rest = sum(spent.values()) - think
    print(
        f"  the measured table alone{since}: {decisions:.0f} bot decisions sent to a worker; thinking "
        f"{think / decisions:.2f} s each, the rest {rest / decisions:.3f} s each ("
        + ", ".join(f"{k} {v / decisions:.3f} s" for k, v in spent.items() if k != "think")
        + f"); its waits, {len(waits)} bot turns (p95 {percentile(waits, 95):.2f} s), were "
        f"{(sum(waits) - think) / len(waits):.3f} s above the bots' thinking on average"
    )


if __name__ == "__main__":
    main()
