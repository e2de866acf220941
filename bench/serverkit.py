"""What the benches of the server share: a `famiglia serve` started for a bench, its /metrics
read into numbers, the load average, percentiles, tables made over the API, and a scripted
player's random legal move over its websocket. Imported by bench_server.py and bench_bots.py
(run as scripts, so this folder is on their path) and by docs/screenshots/make_screenshots.py
(which puts it there); not a bench of its own."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))] if ordered else float("nan")


def start_server(folder: str, *extra: str):
    """`famiglia serve` on a free port of this machine, run from `folder`, with `extra`
    arguments: (the process, its address)."""
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "famiglia", "serve", "--port", "0", "--no-browser"),
            *extra,
            # one client makes every table of a bench: the limits per client step aside
            *("--tables-per-minute", "100000", "--tables-per-client", "100000"),
            *("--server-tables-per-minute", "100000"),
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


def stop_server(process, wait: float = 10) -> None:
    """Ends a server started here: asked first, then killed (bots deep in thought are not
    worth waiting for)."""
    process.terminate()
    try:
        process.wait(timeout=wait)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def metrics(text: str) -> dict:
    """/metrics as numbers: each unlabelled figure by its name, and the bots' seconds by stage
    as `stage_NAME` (all tables) and `person_stage_NAME` (tables where a person sits)."""
    found = {
        name: float(value)
        for name, value in re.findall(r"^(famiglia_\w+) (\S+)$", text, re.MULTILINE)
    }
    for prefix, metric in (
        ("stage", "famiglia_bot_stage_seconds_total"),
        ("person_stage", "famiglia_bot_person_stage_seconds_total"),
    ):
        for stage, value in re.findall(rf'^{metric}\{{stage="(\w+)"\}} (\S+)$', text, re.MULTILINE):
            found[f"{prefix}_{stage}"] = float(value)
    return found


def load_average() -> str:
    try:
        with open("/proc/loadavg") as file:
            return " ".join(file.read().split()[:3])
    except OSError:
        return "unknown"


async def create_table(http, game: str, seats: list[str], seed: int) -> dict:
    """A new table (POST /api/tables) by the client `http`: its id and seats, tokens included."""
    answer = await http.post(
        "/api/tables", json={"game": game, "players": len(seats), "seats": seats, "seed": seed}
    )
    return answer.raise_for_status().json()


async def random_move(ws, frame: dict, rng, think: float) -> None:
    """A scripted player's answer to a payload that asks it to move: after `think` seconds, a
    legal move drawn by `rng`, sent with the payload's move number."""
    await asyncio.sleep(think)
    choice = rng.choice(frame["legal"])
    await ws.send(json.dumps({"move": choice["action"], "n": frame["n"]}))
