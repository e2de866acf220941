"""Where the games of a simulation or a tournament are played: here, in local processes, or on
a Ray cluster.

A job is one whole game (jobs.Job). Every backend plays each job with `play_job` and hands back
`(index, record)` as games finish, in whatever order they finish; callers put the records back
in game order. A game depends only on its job, so the backend and the number of workers change
nothing in the records.
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace

import famiglia

from .jobs import BackendError, RunConfig, play_job
from .tally import in_game_order

__all__ = ["BACKENDS", "BackendError", "RunConfig", "check_backend", "play_job", "run", "run_jobs"]

BACKENDS = ("local", "ray")


def check_backend(backend: str, address: str | None, workers: int | None) -> str:
    """The backend to use, or ValueError with one clear line. An address implies Ray."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if workers is not None and workers < 1:
        raise ValueError(f"the number of workers must be at least 1, not {workers}")
    if address is not None:
        if backend == "local" and address.strip():
            backend = "ray"
        from .ray_runner import check_address

        check_address(address)
    return backend


def checked(config: RunConfig) -> RunConfig:
    """The config with its backend resolved (an address implies Ray), or ValueError."""
    backend = check_backend(config.backend, config.address, config.workers)
    return config if backend == config.backend else replace(config, backend=backend)


def run(jobs: list, config: RunConfig, count: Callable[[dict], None]) -> None:
    """The one road of every run: plays the jobs where `config` says and, in game order, counts
    each record (`count`), then hands it to `config.on_record`."""

    def counted(_index: int, record: dict) -> None:
        count(record)
        if config.on_record:
            config.on_record(record)

    in_game_order(run_jobs(jobs, config), counted, guard=config.guard)


def run_jobs(jobs: list, where: RunConfig = RunConfig()) -> Iterator[tuple[int, dict]]:
    """Plays the jobs where `where` says and yields (index, record) as each game finishes.

    local: in this process (one worker) or a pool of `workers` processes. ray: on the cluster at
    `address` (`ray://HOST:PORT` or `auto`), or on a Ray started here for the run when none is
    given; `workers` caps the games played at once (default: every CPU of the cluster).
    """
    workers, address = where.workers, where.address
    backend = check_backend(where.backend, address, workers)
    if backend == "ray":
        from .ray_runner import RayRunner

        with RayRunner(address, workers) as runner:
            yield from runner.run(jobs)
        return
    workers = workers or 1
    if workers == 1 or len(jobs) == 1:
        for job in jobs:
            yield play_job(job)
        return
    context = multiprocessing.get_context(start_method())
    if context.get_start_method() == "forkserver":  # workers start with the games loaded
        context.set_forkserver_preload(["famiglia.arena.runners", *famiglia.REGISTRY.values()])
    # Leaving the `with` (the games done, or a stop) terminates the workers.
    with context.Pool(min(workers, len(jobs)), initializer=quiet_worker) as pool:
        yield from pool.imap_unordered(play_job, jobs, chunksize=1)


def quiet_worker() -> None:
    """A pool worker leaves Ctrl-C to the parent, which keeps the finished games and ends the
    pool (a worker stopped by it would print its own traceback), and ends at once on the
    SIGTERM by which the pool is terminated (a forked worker would inherit the command line's
    handler, which turns SIGTERM into a stop)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def start_method() -> str:
    """fork keeps whatever the parent registered (tests add toy games); but a process running
    Ray's threads is no safe parent to fork (the bench runs both): forkserver then, or spawn
    where there is no fork."""
    methods = multiprocessing.get_all_start_methods()
    ray = sys.modules.get("ray")
    if ray is not None and getattr(ray, "is_initialized", lambda: False)():
        return "forkserver" if "forkserver" in methods else "spawn"
    return "fork" if "fork" in methods else "spawn"
