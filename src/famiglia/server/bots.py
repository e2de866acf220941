"""Server-side bots: each decision runs in a process pool, off the event loop.

A bot is handed what its seat knows and nothing more: the server draws a sample of the game
from the seat's point of view (`determinize(seat)`, every hidden card, choice and die redrawn,
narration cut to the seat's own) and the worker builds `info_for(sample, seat)` from it. The
true state never leaves the server's process, so a bot cannot cheat even by accident.
"""

from __future__ import annotations

import asyncio
import hashlib
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import famiglia
from famiglia.agents import info_for, make_agent
from famiglia.agents import parse_spec as _parse_spec

# A table's bots may not hold a worker for ever: options that buy thinking time are capped.
CAPS = {"seconds": 10.0, "iterations": 20_000, "samples": 20, "steps": 10, "budget": 5_000}
MAX_SPEC = 200


def check_spec(spec: str) -> str:
    """The spec, stripped, if it names a bot the server runs; ValueError saying why not."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError("a seat is 'human' or a bot spec such as random, greedy, ismcts:seconds=1")
    spec = spec.strip()
    if len(spec) > MAX_SPEC:
        raise ValueError(f"a bot spec has at most {MAX_SPEC} characters")
    name, params = _parse_spec(spec)
    make_agent(spec)  # unknown bot or option: ValueError naming the allowed ones
    for key, value in params.items():
        cap = CAPS.get(key)
        try:
            too_much = cap is not None and float(value) > cap
        except ValueError:
            too_much = False  # make_agent has accepted it; not a number we cap
        if too_much:
            raise ValueError(f"bot option {key}={value} is above this server's limit of {cap}")
    return spec


def decision_seed(table_seed: int, seat: int, n: int) -> int:
    """A seed for one decision, fixed by the table, the seat and the move number."""
    digest = hashlib.sha256(f"{table_seed}:{seat}:{n}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seat_sample(state, seat: int, seed: int) -> dict:
    """What a bot at `seat` may be given: a sample of the game as the seat sees it, as JSON."""
    sample = state.determinize(seat, seed)
    sample.forget_private_events(seat)
    return sample.to_json()


def think(game_name: str, sample: dict, seat: int, spec: str, seed: int) -> dict:
    """Runs in a worker process: the bot's move, as action JSON."""
    game = famiglia.load(game_name)
    state = game.from_json(sample)
    agent = make_agent(spec, seed=seed)
    return agent.act(info_for(state, seat)).to_json()


def _watch_parent(parent: int) -> None:
    """Runs in each worker: it ends when the server is gone, even killed with SIGKILL (its
    queue would otherwise keep it waiting for ever)."""

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="famiglia-parent-watch", daemon=True).start()


def _warm() -> int:
    for name in famiglia.games():
        famiglia.load(name)
    return os.getpid()


class BotPool:
    """A process pool sized to the machine, started on first use."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.executor: ProcessPoolExecutor | None = None

    def _pool(self) -> ProcessPoolExecutor:
        if self.executor is None:
            # spawn: workers start clean, not as forks of a server full of threads
            context = multiprocessing.get_context("spawn")
            self.executor = ProcessPoolExecutor(
                self.workers,
                mp_context=context,
                initializer=_watch_parent,
                initargs=(os.getpid(),),
            )
        return self.executor

    def warm_up(self) -> None:
        pool = self._pool()
        for _ in range(self.workers):
            pool.submit(_warm)

    async def decide(self, game, state, seat: int, spec: str, seed: int) -> dict:
        legal = state.legal_actions(seat)
        if len(legal) == 1:  # forced: every bot plays it, so no sample and no trip to a worker
            return legal[0].to_json()
        sample = seat_sample(state, seat, seed)
        loop = asyncio.get_running_loop()
        args = (think, game.name, sample, seat, spec, seed)
        try:
            return await loop.run_in_executor(self._pool(), *args)
        except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh
            self.close()
            return await loop.run_in_executor(self._pool(), *args)

    def close(self) -> None:
        if self.executor is None:
            return
        executor, self.executor = self.executor, None
        processes = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:  # a bot deep in thought is not worth waiting for
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(timeout=5)
