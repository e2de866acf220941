"""Server-side bots: each decision runs in a worker process, off the event loop.

A bot is handed what its seat knows and nothing more: the server draws a sample of the game
from the seat's point of view (`determinize(seat)`, every hidden card, choice and die redrawn,
narration cut to the seat's own) and the worker builds `info_for(sample, seat)` from it. The
true state never leaves the server's process, so a bot cannot cheat even by accident.

A server open to strangers bounds what a bot may cost: every option of a bot spec is checked
against an allow-list with bounds (BOUNDS), and decisions wait in a fair queue (bot_queue.py):
one client's slow bots take turns with everyone else's instead of holding every worker, and a
table where a person waits goes before tables of bots alone. Random and greedy bots, which
decide in milliseconds, have a worker of their own, so a table of them never waits behind a
search.

A decision's budget is wall-clock time counted from the bot's turn, its wait in the queue
included: the search ends at that deadline (ismcts's `cap`), so on a busy server load costs the
bot strength, never the player time. A decision still running GRACE seconds past it is cut by
the worker itself (a timer signal, then a random legal move). A move that is forced, or whose
every choice leads to the same position, is played at once, without a worker.
"""

from __future__ import annotations

import asyncio
import hashlib
import math
import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import famiglia
from famiglia.agents import Info, heuristics, info_for, make_agent
from famiglia.agents import parse_spec as _parse_spec
from famiglia.agents.levels import spec_of
from famiglia.core.rng import Rng

from .bot_queue import FairQueue

MAX_SPEC = 200
SECONDS = 2.0  # wall-clock seconds a decision may take, by default (famiglia serve --bot-seconds)
GRACE = 0.5  # past its deadline, before the worker cuts a decision short
STARVE = 10.0  # seconds a decision of bots alone waits at most behind urgent ones
# A lane of two workers or more keeps one for tables where a person sits while such a table's
# bots have asked for a worker within this many seconds: a person's bot then never waits for a
# search of bots alone to end (up to its whole budget), and bots alone keep the other workers.
RESERVE_SECONDS = 30.0
LEAST = 0.05  # seconds a search gets even when its wait in the queue spent its whole budget
STAGES = ("sample", "queue", "start", "think", "back", "apply")  # where a decision's time goes
SEARCH_NICE = 19  # searches yield the processor to the server's loop and to quick bots

# Every option a server bot may be given, with its bounds: (lowest, highest) or the choices.
BOUNDS: dict[str, dict[str, tuple]] = {
    "random": {},
    "greedy": {"samples": (1, 20), "steps": (1, 10), "budget": (1, 5_000)},
    "ismcts": {
        "iterations": (1, 20_000),
        "seconds": (0.01, SECONDS),  # the upper bound follows --bot-seconds
        "c": (0.0, 10.0),
        "depth": (0, 50),
        "prior": (0, 100),
        "early": (0, 1),
        "clock": ("wall", "cpu"),
        "rollout": (1, 8),
        "win": (0.0, 1.0),
        "rivals": (0.0, 10.0),
        "shun": (0, 1),
        "orders": (0, 1),
        "look": (0, 3),
        "secret": (0, 1),
        "reuse": (0, 2),
        "widen": (0.0, 100.0),
        "shift": (0, 1),
    },
}
TRIVIAL_MOVES = 12  # the most moves compared position by position before a search
QUICK = {"random": {}, "greedy": {"samples": 3, "steps": 3, "budget": 300}}  # at most these


def check_spec(spec: str, seconds: float = SECONDS) -> str:
    """The spec, stripped, if it names a bot the server runs with options in bounds;
    ValueError naming the option and its allowed range otherwise."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(
            "a seat is 'human', a bot level (easy, medium, hard) or a bot spec such as "
            "random, greedy, ismcts:seconds=1"
        )
    spec = spec_of(spec.strip())  # a level's name stands for its bot
    if len(spec) > MAX_SPEC:
        raise ValueError(f"a bot spec has at most {MAX_SPEC} characters")
    name, params = _parse_spec(spec)
    if name not in BOUNDS:
        raise ValueError(f"unknown bot {name!r}; this server runs: {', '.join(BOUNDS)}")
    bounds = BOUNDS[name]
    for key, value in params.items():
        if key not in bounds:
            known = ", ".join(bounds) or "none"
            raise ValueError(f"bot {name!r} has no option {key!r} here; options: {known}")
        allowed = bounds[key]
        if key == "seconds":
            allowed = (allowed[0], seconds)
        if isinstance(allowed[0], str):
            if value not in allowed:
                raise ValueError(f"bot option {key}={value} must be one of: {', '.join(allowed)}")
            continue
        low, high = allowed
        try:
            number = float(value)
        except ValueError:
            number = None
        if number is None or not low <= number <= high:
            raise ValueError(
                f"bot option {key}={value} is out of this server's range: {low} to {high}"
            )
    make_agent(spec)  # the bot's own checks (whole numbers, options that exclude each other)
    return spec


def is_quick(spec: str) -> bool:
    """Whether a bot decides in milliseconds: random, or greedy at most at its usual effort."""
    name, params = _parse_spec(spec)
    limits = QUICK.get(name)
    if limits is None:
        return False
    return all(float(params.get(key, high)) <= high for key, high in limits.items())


def decision_seed(table_seed: int, seat: int, n: int) -> int:
    """A seed for one decision, fixed by the table, the seat and the move number."""
    digest = hashlib.sha256(f"{table_seed}:{seat}:{n}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seat_sample(state, seat: int, seed: int) -> dict:
    """What a bot at `seat` may be given: a sample of the game as the seat sees it, as JSON."""
    sample = state.determinize(seat, seed)
    sample.forget_private_events(seat)
    return sample.to_json()


class Overrun(Exception):
    """A decision ran past its deadline."""


def _overrun(signum, frame):
    raise Overrun


KEEP = 8  # bots a worker keeps between their decisions, for their trees (ismcts reuse)
_kept: OrderedDict = OrderedDict()  # in a worker: (table, seat, spec) -> the bot


def _agent_for(spec: str, seed: int, keep):
    """The bot for a decision: the one this worker kept for `keep` (table, seat) if its spec
    reuses its trees, reseeded; else a new one. The trees it keeps grew from its own seat's
    samples only."""
    if keep is None or _parse_spec(spec)[1].get("reuse", "0") in ("0", ""):
        return make_agent(spec, seed=seed)
    key = (*keep, spec)
    agent = _kept.pop(key, None)
    if agent is None:
        agent = make_agent(spec, seed=seed)
    else:
        agent.reseed(seed)
    _kept[key] = agent
    while len(_kept) > KEEP:
        _kept.popitem(last=False)
    return agent


def think(
    game_name: str,
    sample: dict,
    seat: int,
    spec: str,
    seed: int,
    deadline=None,
    budget=0.0,
    keep=None,
) -> dict:
    """Runs in a worker process: the bot's move, as action JSON. With `deadline` (a time on
    time.monotonic, which every process of the machine shares), a search ends there (at least
    LEAST seconds from now). A decision still running GRACE seconds past the later of the
    deadline and its own `budget` from now (a bot that does not search, such as greedy, is not
    cut for the time it waited) is cut short (SIGALRM) and a random legal move played instead;
    `cut` says so. `started` and `ended` (time.monotonic) time the thinking for the server's
    account of where the wait goes. `keep` (table, seat): a bot that reuses its trees is kept
    in this worker for its next decision; `reused` says whether this one started from them."""
    started = time.monotonic()
    game = famiglia.load(game_name)
    state = game.from_json(sample)
    agent = _agent_for(spec, seed, keep)
    info = info_for(state, seat)
    if deadline is None:
        return agent.act(info).to_json()
    cap = max(deadline, started + LEAST)
    if hasattr(agent, "cap"):
        agent.cap = cap
    previous = signal.signal(signal.SIGALRM, _overrun)
    cut_at = max(cap, started + budget) + GRACE
    signal.setitimer(signal.ITIMER_REAL, max(0.001, cut_at - time.monotonic()))
    try:
        action, cut = agent.act(info), False
    except Overrun:
        legal = info.legal_actions
        action, cut = legal[Rng(seed).below(len(legal))], True
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    ended = time.monotonic()
    return {
        "action": action.to_json(),
        "cut": cut,
        "seconds": ended - started,
        "started": started,
        "ended": ended,
        "reused": bool(getattr(agent, "last_reused", 0)),
    }


def budget_of(spec: str, seconds: float) -> float:
    """A decision's wall-clock budget: the bot's own `seconds`, within the server's."""
    name, params = _parse_spec(spec)
    own = params.get("seconds")
    return min(float(own), seconds) if own is not None else seconds


def settled_move(game, state, seat: int, legal: list):
    """The move to play at once when the choice is trivial on the seat's sample `state`: the
    game's own `one_order` leaves one move, or every move leads to the same position
    (narration aside). None otherwise."""
    if len(legal) > TRIVIAL_MOVES:
        return None
    one_order = heuristics.one_order(game.name)
    if one_order is not None and len(one_order(state, seat, legal)) == 1:
        return one_order(state, seat, legal)[0]
    first = None
    for action in legal:
        after = state.after(seat, action).to_json()
        after.pop("log", None)
        if first is None:
            first = after
        elif after != first:
            return None
    return legal[0]


def _start_worker(parent: int, nice: int) -> None:
    """Runs in each worker as it starts: it takes the CPU priority of its lane, and ends when
    the server is gone, even killed with SIGKILL (its queue would otherwise keep it waiting
    for ever)."""
    if nice:
        os.nice(nice)

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="famiglia-parent-watch", daemon=True).start()


def _warm() -> int:
    for name in famiglia.games():
        famiglia.load(name)
    return os.getpid()


class Lane:
    """A process pool and the fair queue in front of it: at most `workers` decisions run at
    once, and whichever waits next is chosen by the queue, not by arrival. `nice` lowers the
    workers' CPU priority: a busy search never slows the server's own loop, which answers
    every player, nor the quick bots."""

    def __init__(self, name: str, workers: int, nice: int = 0) -> None:
        self.name = name
        self.nice = nice
        self.workers = max(1, workers)
        self.executor: ProcessPoolExecutor | None = None
        self.queue = FairQueue()
        self.urgent = FairQueue()  # decisions at tables where a person waits: these go first
        self.running = 0
        self.running_alone = 0  # of those running, decisions at tables of bots alone
        self.person_asked = -math.inf  # when a table where a person sits last asked (monotonic)

    def waiting(self) -> int:
        return len(self.queue) + len(self.urgent)

    def oldest_wait(self) -> float:
        return max(self.queue.oldest_wait(), self.urgent.oldest_wait())

    def pool(self) -> ProcessPoolExecutor:
        if self.executor is None:
            # spawn: workers start clean, not as forks of a server full of threads
            context = multiprocessing.get_context("spawn")
            self.executor = ProcessPoolExecutor(
                self.workers,
                mp_context=context,
                initializer=_start_worker,
                initargs=(os.getpid(), self.nice),
            )
        return self.executor

    async def run(self, key: tuple, args: tuple, urgent: bool = False, times=None):
        """The worker's answer to `args`; `times`, a dict if given, gets when it was taken
        from the queue ("taken", time.monotonic)."""
        future = asyncio.get_running_loop().create_future()
        queue = self.urgent if urgent else self.queue
        if urgent:
            self.person_asked = time.monotonic()
        queue.put(key, (future, args, times))
        self._dispatch()
        try:
            return await future
        except asyncio.CancelledError:
            queue.discard(key, future)
            raise

    def _alone_may_run(self) -> bool:
        """Whether a decision of bots alone may take a worker now (RESERVE_SECONDS)."""
        kept = self.workers > 1 and time.monotonic() - self.person_asked < RESERVE_SECONDS
        return self.running_alone < self.workers - kept

    def _next(self):
        """(the next decision, whether a person waits for it), or None when only decisions
        of bots alone wait and the worker left is kept for people's tables. Urgent decisions
        first, unless one of bots alone has waited STARVE seconds."""
        alone = len(self.queue) and self._alone_may_run()
        if len(self.urgent) and not (alone and self.queue.oldest_wait() > STARVE):
            return self.urgent.take(), True
        return (self.queue.take(), False) if alone else None

    def _dispatch(self) -> None:
        while self.running < self.workers and self.waiting():
            taken = self._next()
            if taken is None:
                return
            (future, args, times), urgent = taken
            if future.done():  # given up while it waited
                continue
            if times is not None:
                times["taken"] = time.monotonic()
            self.running += 1
            self.running_alone += not urgent
            task = asyncio.ensure_future(self._run_one(args))
            task.add_done_callback(lambda t, f=future, u=urgent: self._finished(t, f, u))

    async def _run_one(self, args: tuple):
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.pool(), *args)
        except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh
            self.close()
            return await loop.run_in_executor(self.pool(), *args)

    def _finished(self, task: asyncio.Task, future: asyncio.Future, urgent: bool) -> None:
        self.running -= 1
        self.running_alone -= not urgent
        if not future.done():
            if task.cancelled():
                future.cancel()
            elif task.exception() is not None:
                future.set_exception(task.exception())
            else:
                future.set_result(task.result())
        self._dispatch()

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


class BotPool:
    """The server's bot workers: a lane of search workers sized to the machine, and a lane of
    one worker for quick bots. Each decision may take `seconds` from the bot's turn (wall
    clock)."""

    def __init__(self, workers: int | None = None, seconds: float = SECONDS) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.seconds = seconds
        self.search = Lane("search", self.workers, nice=SEARCH_NICE)
        self.quick = Lane("quick", 1)
        self.decisions = 0
        self.cut = 0
        # where a decision's time goes: the bot's own thinking, and all of decide() (the
        # sample, the queue, the trip to a worker and back), in seconds, summed
        self.think_seconds = 0.0
        self.decide_seconds = 0.0
        # the same, stage by stage (STAGES: drawing the sample, waiting in the queue, the trip
        # to a worker, thinking, the trip back, playing and sending the move), summed
        self.stages = dict.fromkeys(STAGES, 0.0)
        # the same again for the tables where a person waits alone (urgent), and how many
        # decisions went to a worker there: a person's wait above the bots' own thinking
        self.person_stages = dict.fromkeys(STAGES, 0.0)
        self.person_decisions = 0
        self.trivial = 0  # decisions played at once, without a worker
        self.reused = 0  # decisions that started from the trees their bot kept

    def check(self, spec: str) -> str:
        return check_spec(spec, self.seconds)

    def warm_up(self) -> None:
        for lane in (self.search, self.quick):
            pool = lane.pool()
            for _ in range(lane.workers):
                pool.submit(_warm)

    async def decide(
        self, game, state, seat: int, spec: str, seed: int, key=("", ""), urgent=False
    ) -> dict:
        """The bot's move as action JSON. `key` is (client, table): decisions of one client
        take turns with other clients', and within a client its tables take turns; `urgent`
        (a person waits at the table) goes before tables of bots alone."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:  # forced: every bot plays it, so no sample and no trip to a worker
            return legal[0].to_json()
        if spec == "random":  # a draw among the seat's own moves: no sample, no worker
            return make_agent(spec, seed=seed).act(Info(seat, {}, legal, None)).to_json()
        started = time.monotonic()
        budget = budget_of(spec, self.seconds)
        deadline = started + budget
        sample = state.determinize(seat, seed)
        sample.forget_private_events(seat)
        settled = settled_move(game, sample, seat, legal)
        if settled is not None:  # judged on the seat's sample: the true state tells nothing
            self.trivial += 1
            return settled.to_json()
        sample = sample.to_json()
        lane = self.quick if is_quick(spec) else self.search
        times = {}
        queued = time.monotonic()
        keep = (key[1], seat) if key[1] else None
        args = (think, game.name, sample, seat, spec, seed, deadline, budget, keep)
        answer = await lane.run(key, args, urgent, times)
        back = time.monotonic()
        self.decisions += 1
        self.think_seconds += answer["seconds"]
        self.decide_seconds += back - started
        taken = times.get("taken", queued)
        for stage, seconds in (
            ("sample", queued - started),
            ("queue", taken - queued),
            ("start", answer["started"] - taken),
            ("think", answer["seconds"]),
            ("back", back - answer["ended"]),
        ):
            self.stages[stage] += max(0.0, seconds)
            if urgent:
                self.person_stages[stage] += max(0.0, seconds)
        self.person_decisions += bool(urgent)
        if answer["cut"]:
            self.cut += 1
        self.reused += answer["reused"]
        return answer["action"]

    def status(self) -> dict:
        """What /healthz and /metrics report of the bots."""
        lanes = (self.search, self.quick)
        return {
            "waiting": sum(lane.waiting() for lane in lanes),
            "oldest_wait": round(max(lane.oldest_wait() for lane in lanes), 3),
            "thinking": sum(lane.running for lane in lanes),
            "workers": sum(lane.workers for lane in lanes),
            "decisions": self.decisions,
            "cut": self.cut,
            "think_seconds": round(self.think_seconds, 3),
            "decide_seconds": round(self.decide_seconds, 3),
            "trivial": self.trivial,
            "reused": self.reused,
            "stages": {stage: round(seconds, 3) for stage, seconds in self.stages.items()},
            "person_decisions": self.person_decisions,
            "person_stages": {s: round(sec, 3) for s, sec in self.person_stages.items()},
        }

    def close(self) -> None:
        for lane in (self.search, self.quick):
            lane.close()
