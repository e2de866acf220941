"""Games on Ray: whole games in batches, one Ray task per batch, records streamed back.

A task plays a batch of games one after the other and returns their records, so Ray's cost (a
task, its arguments, its result) is paid once per batch, never per move. Batches start at one
game and grow until a batch takes about `TARGET_SECONDS`: short games go by the hundred, games of
a second or more one by one, and a record never waits long before it reaches the progress bar.
At most two batches per worker are in flight: one playing, one queued, so no worker idles
between batches and the last batches stay short.

Ray retries a task whose worker died (a lost node); a game depends only on its job, so a
replayed batch gives the same records.
"""

from __future__ import annotations

import logging
import os
import re
from collections import deque

import famiglia

from .jobs import BackendError, play_batch

TARGET_SECONDS = 1.0  # a batch's playing time, once the games' length is known
MAX_BATCH = 1_000
ADDRESS = re.compile(r"^ray://[^\s/:]+:\d{1,5}$")


def check_address(address: str) -> None:
    if address != "auto" and not ADDRESS.match(address):
        raise ValueError(
            f"--address {address!r} is not a Ray cluster's address; give ray://HOST:PORT "
            "(the head node's Ray Client port, 10001 by default) or auto (the cluster this "
            "machine belongs to, or RAY_ADDRESS)"
        )


def _import_ray():
    try:
        import ray
    except ImportError as exc:
        raise BackendError(
            f"the Ray backend needs Ray ({exc.name} is missing): pip install 'famiglia[ray]'"
        ) from None
    return ray


def _cluster_versions() -> tuple[str, str]:
    """Runs on the cluster: the famiglia and Python versions its workers have."""
    import platform

    return famiglia.__version__, platform.python_version()


class RayRunner:
    """Plays jobs on Ray. Use it in `with`: it connects (or starts a local Ray) on entry and
    lets go on exit; a Ray this process was already connected to is left as it was."""

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        self.address = address
        self.workers = workers
        self.connected_here = False
        self.ray = None
        self.waiting: deque = deque()  # jobs not yet sent to the cluster

    def __enter__(self) -> RayRunner:
        if self.address is None:
            # A Ray started for this run serves this machine only: it listens on the loopback
            # address and reports no usage statistics. (Read when ray is first imported.)
            os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        ray = self.ray = _import_ray()
        if not ray.is_initialized():
            self._connect(ray)
            self.connected_here = True
        try:
            self._check_cluster(ray)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc) -> None:
        if self.connected_here and self.ray is not None:
            self.ray.shutdown()  # a Ray started here stops; a cluster is only disconnected
            self.connected_here = False

    def _connect(self, ray) -> None:
        quiet = dict(log_to_driver=False, logging_level=logging.ERROR)
        try:
            if self.address is None:
                ray.init(
                    address="local",  # a Ray of our own, never one found lying around
                    num_cpus=self.workers or os.cpu_count() or 1,
                    include_dashboard=False,
                    **quiet,
                )
            else:
                self._connect_to_cluster(ray, quiet)
        except BackendError:
            raise
        except Exception as exc:
            where = self.address or "a local Ray"
            raise BackendError(f"cannot start or reach {where}: {first_line(exc)}") from exc

    def _connect_to_cluster(self, ray, quiet: dict) -> None:
        # Ray Client's server sometimes fails to start a session (ray issue 63202): try again.
        attempts = 3 if self.address.startswith("ray://") else 1
        for attempt in range(attempts):
            try:
                ray.init(address=self.address, **quiet)
                return
            except (ConnectionAbortedError, RuntimeError):
                if attempt == attempts - 1:
                    raise

    def _check_cluster(self, ray) -> None:
        """The cluster's workers must play exactly the games this famiglia plays."""
        try:
            version, python = ray.get(ray.remote(_cluster_versions).remote(), timeout=300)
        except Exception as exc:
            raise BackendError(
                "the Ray cluster's workers cannot run famiglia "
                f"({first_line(exc)}); install famiglia {famiglia.__version__} on every node"
            ) from exc
        if version != famiglia.__version__:
            raise BackendError(
                f"the Ray cluster's workers run famiglia {version}, this is famiglia "
                f"{famiglia.__version__}: install the same version on every node"
            )

    def slots(self) -> int:
        """Games played at once: `workers`, or every CPU of the cluster."""
        if self.workers:
            return self.workers
        return max(1, int(self.ray.cluster_resources().get("CPU", 1)))

    def run(self, jobs: list):
        """Yields (index, record) as batches finish."""
        ray = self.ray
        task = ray.remote(num_cpus=1)(play_batch)
        slots = self.slots()
        waiting = self.waiting = deque(jobs)
        pending: dict = {}  # object ref -> number of games in its batch
        played = seconds = 0.0
        while waiting or pending:
            while waiting and len(pending) < 2 * slots:
                size = batch_size(len(waiting), slots, played, seconds)
                batch = [waiting.popleft() for _ in range(size)]
                pending[task.remote(batch)] = len(batch)
            [ready], _ = ray.wait(list(pending), num_returns=1)
            games = pending.pop(ready)
            done, took = ray.get(ready)
            played, seconds = played + games, seconds + took
            yield from done


def batch_size(waiting: int, slots: int, played: float, seconds: float) -> int:
    """Games in the next batch: about TARGET_SECONDS of play once a game's length is known
    (one game until then), and never more than a fair share of what is left."""
    if not played:
        size = 1
    else:
        per_game = seconds / played
        size = int(TARGET_SECONDS / per_game) if per_game > 0 else MAX_BATCH
    share = -(-waiting // (2 * slots))  # ceil: the games left, spread over every slot
    return max(1, min(size, share, MAX_BATCH))


def first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
