"""A job: one whole game of a simulation or a tournament, and how any worker plays it.

Every backend (runners.py: here, local processes, Ray) plays each job with `play_job` and hands
back `(index, record)`. A game depends only on its job (bots are seeded from the game's seed and
their seat), so the backend and the number of workers change nothing in the records.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

import famiglia
from famiglia.agents import info_for, make_agent
from famiglia.core.record import new_record


class Job(NamedTuple):
    index: int
    game: Any  # the game's name; or the Game itself where it is played in this process
    players: int
    seed: int
    specs: list
    options: dict


@dataclass(frozen=True)
class RunConfig:
    """How the games of a run (a simulation, a tournament) are played and handed on.

    Where: `backend` local (in this process with one worker, else a pool of `workers`
    processes) or ray (on the cluster at `address`, `ray://HOST:PORT` or `auto`, or on a Ray
    started for the run; `workers` caps the games at once). What becomes of each record, in game
    order: `on_record(record)` is called as soon as the games before it are in (a stop hands on
    the finished games held back behind an unfinished one too); `keep_records=False` keeps none
    in the result (its counts still hold every game), so memory stays flat however many games
    and `on_record` is where they go (a file). `guard`: see tally.in_game_order."""

    workers: int | None = None
    backend: str = "local"
    address: str | None = None
    on_record: Callable[[dict], None] | None = None
    keep_records: bool = True
    guard: Callable | None = None

    def here(self) -> bool:
        """Played in this process, one game after the other."""
        return self.backend == "local" and self.address is None and (self.workers or 1) == 1


class BackendError(Exception):
    """The chosen backend cannot run the games (Ray missing, a cluster out of reach)."""


def play_game(game, players: int, seed: int, specs: list[str], options: dict | None = None):
    """Plays one game between the bots `specs` (one per seat). Returns (final state, record).

    Bot seeds derive from the game seed and the seat, so the same arguments give the same game.
    """
    options = game.resolve_options(options or {})
    state = game.new(players, seed, **options)
    agents = [make_agent(spec, seed=seed * 1000 + seat) for seat, spec in enumerate(specs)]
    record = new_record(game, players, seed, options, [a.spec() for a in agents])
    moves = record["moves"]
    while not state.is_over():
        seat = state.seats_to_act()[0]
        action = agents[seat].act(info_for(state, seat))
        state.apply(seat, action)
        moves.append([seat, action.to_json()])
    record["result"] = state.result().to_json()
    return state, record


def play_job(job) -> tuple[int, dict]:
    """One game, in whichever process runs it: (index, record)."""
    index, game, players, seed, specs, options = job
    if isinstance(game, str):
        game = famiglia.load(game)
    _, record = play_game(game, players, seed, specs, options)
    return index, record


def play_batch(jobs) -> tuple[list, float]:
    """Several games one after the other: their (index, record) pairs and the seconds they took
    (which size the next batches)."""
    started = time.perf_counter()
    done = [play_job(job) for job in jobs]
    return done, time.perf_counter() - started
