"""Tournaments on Ray against the local process pool: games/s side by side, in one run.

The same tournament (same games, seeds, bots: the records must come out identical) is played in
turns by the local pool and by Ray with the same number of workers, `--rounds` times each, local
and Ray alternating so that both see the same load on a shared machine; the medians are
compared. Ray's overhead per game is how much longer a game takes on Ray, as a share of the
local time (the goal: under 10% at 2 workers for games of 1 s or more). Ray's start-up is timed
apart: it is paid once per run, not per game. A second, short tournament of games of a few
milliseconds shows what batching buys.

Run `python bench/bench_ray.py [--games N] [--workers W] [--rounds R] [--short-games M]
[--address ray://HOST:PORT|auto]` (needs the `ray` extra). Without an address a Ray of W CPUs
is started on this machine, on the loopback address only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from famiglia.arena.jobs import RunConfig
from famiglia.arena.ray_runner import RayRunner
from famiglia.arena.tournament import run_tournament, split_seats

# Games of about a second of processor time each (on the 2-core machine of the figures).
LONG = ("the-mob", 4, "greedy,greedy,random,random", {"max_years": 2})
SHORT = ("the-mob", 3, "random,random,random", {"max_years": 1})


def load() -> str:
    """The machine's load: the load average, and how often tasks waited for a processor."""
    one, five, _ = os.getloadavg()
    text = f"load average {one:.1f} (5 min {five:.1f})"
    pressure = Path("/proc/pressure/cpu")
    if pressure.exists():
        some = pressure.read_text().split()[1]  # avg10=..
        text += f", processor pressure {some.split('=')[1]}% (10 s)"
    return text


def timed(spec, games: int, workers: int, backend: str, address: str | None):
    game, players, seats, options = spec
    started = time.perf_counter()
    result = run_tournament(
        game,
        players,
        split_seats(seats),
        games,
        seed=1,
        options=options,
        config=RunConfig(workers, backend, address),
    )
    return time.perf_counter() - started, result.records


def compare(spec, games: int, workers: int, rounds: int, address: str | None) -> None:
    game, players, seats, options = spec
    opts = " ".join(f"-o {k}={v}" for k, v in options.items())
    print(
        f"tournament: {game}, {players} players, {seats} {opts}, {games} games, {workers} workers"
    )
    print(f"{'backend':<8} {'round':>5} {'seconds':>8} {'games/s':>8} {'s/game':>7}")
    seconds: dict[str, list[float]] = {"local": [], "ray": []}
    records = {}
    for round_ in range(1, rounds + 1):
        for backend in ("local", "ray"):
            took, records[backend] = timed(spec, games, workers, backend, address)
            seconds[backend].append(took)
            per_game = took * workers / games  # a worker's wall time per game
            print(f"{backend:<8} {round_:>5} {took:>8.2f} {games / took:>8.2f} {per_game:>7.3f}")
    assert records["ray"] == records["local"], "Ray and the local pool played different games"
    local, ray = (statistics.median(seconds[b]) for b in ("local", "ray"))
    overhead = (ray - local) * workers / games
    print(
        f"median: local {games / local:.2f} games/s, ray {games / ray:.2f} games/s; "
        f"a game {local * workers / games:.3f} s locally, Ray adds {overhead * 1000:+.1f} ms "
        f"a game ({(ray / local - 1) * 100:+.1f}%); same records: yes"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=16, help="games of the long tournament")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2, help="runs of each backend")
    parser.add_argument(
        "--short-games", type=int, default=400, help="games of the short one (0: skip it)"
    )
    parser.add_argument("--address", default=None, help="a Ray cluster instead of a local Ray")
    args = parser.parse_args()

    print(f"machine: {os.cpu_count()} processors; before: {load()}")
    started = time.perf_counter()
    with RayRunner(args.address, args.workers):  # the Ray every run below uses
        print(f"ray start-up: {time.perf_counter() - started:.1f} s (paid once per run)")
        compare(LONG, args.games, args.workers, args.rounds, args.address)
        if args.short_games:
            compare(SHORT, args.short_games, args.workers, args.rounds, args.address)
    print(f"after: {load()}")


if __name__ == "__main__":
    main()
