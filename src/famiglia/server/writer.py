"""The database's one writer: a thread that commits whatever writes have queued up in one
transaction (group commit), so that under load many moves share a disk flush.

A write that fails spoils its batch: the batch is rolled back and each of its writes run alone,
so only the failing one fails (with its own exception, handed to whoever waits for it).
"""

from __future__ import annotations

import concurrent.futures
import queue
import threading
from collections.abc import Callable

from sqlalchemy.engine import Connection

BATCH = 256  # writes committed together at most


class Writer:
    """One thread that runs queued write operations, many per transaction."""

    def __init__(self, engine) -> None:
        self.engine = engine
        self.jobs: queue.Queue = queue.Queue()
        self.thread = threading.Thread(target=self._run, name="famiglia-db-writer", daemon=True)
        self.thread.start()

    def submit(self, op: Callable[[Connection], object]) -> concurrent.futures.Future:
        future: concurrent.futures.Future = concurrent.futures.Future()
        self.jobs.put((op, future))
        return future

    def close(self) -> None:
        self.jobs.put(None)
        self.thread.join()

    def _run(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None:
                return
            batch = [job] if job[1].set_running_or_notify_cancel() else []
            while len(batch) < BATCH:
                try:
                    job = self.jobs.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    self.jobs.put(None)  # finish this batch, then stop
                    break
                if job[1].set_running_or_notify_cancel():  # else nobody waits for it any more
                    batch.append(job)
            if batch:
                self._commit(batch)

    def _commit(self, batch) -> None:
        try:
            with self.engine.begin() as conn:
                results = [op(conn) for op, _ in batch]
        except Exception:
            if len(batch) == 1:
                results = None
            else:  # one write spoilt the batch: run each alone, so only it fails
                for job in batch:
                    self._commit([job])
                return
        if results is None:
            op, future = batch[0]
            try:
                with self.engine.begin() as conn:
                    future.set_result(op(conn))
            except Exception as exc:  # handed to whoever waits for the write
                future.set_exception(exc)
            return
        for (_, future), result in zip(batch, results, strict=True):
            future.set_result(result)
