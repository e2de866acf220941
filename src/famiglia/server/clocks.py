"""A table's time control: none, real time (a bank per seat plus a Fischer increment) or slow
play (a fixed time for each move), as plain values the server stores and rebuilds.

Everything here is pure: the moment is always passed in (epoch seconds from the hub's time
source, timekeeper.py), so tests move time by hand and nothing sleeps.

Chess-clock rules, as written in each game's docs/rules page (the CLOCK clauses):
- a human seat's clock runs while it is one of the seats to act, from the moment it became one;
  during a simultaneous secret choice every chooser's clock runs from the same start (one shared
  clock) and each is charged the time until its own choice;
- real time: after each move the mover gains `per_move` seconds; slow: each move has `per_move`
  seconds afresh, and there is no bank;
- no clock runs until every human seat is taken (an invite not yet used costs nobody time);
- at zero the seat is timed out: a bot of the chosen level moves for it until its player takes
  back control (any move, or resume), with max(per_move, RESUME_MIN) seconds then; or, with
  "forfeit", the easy bot plays it to the end and it is ranked last.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from famiglia.agents.levels import levels

from .errors import ApiError

MODES = ("none", "realtime", "slow")
REALTIME_BANK = (30, 3 * 3600)  # seconds
REALTIME_PER_MOVE = (0, 600)
SLOW_PER_MOVE = (3600, 14 * 86400)
RESUME_MIN = 30.0  # a player taking back control never starts with less than this
FORFEIT_LEVEL = "easy"  # who plays a forfeited seat to the end
MAX_NOTICES = 30  # the table's clock log lines kept


def _seconds(data: dict, key: str, low: int, high: int, mode: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ApiError(
            400,
            f"clock: {mode} takes {key!r} in whole seconds from {low} to {high}; got {value!r}",
        )
    return value


@dataclass(frozen=True)
class ClockSpec:
    mode: str  # realtime | slow
    per_move: int
    on_timeout: str  # "bot:LEVEL" or "forfeit"
    bank: int = 0  # realtime only

    @property
    def forfeits(self) -> bool:
        return self.on_timeout == "forfeit"

    @property
    def bot_level(self) -> str:
        """The level of the bot that moves for a timed-out (or forfeited) seat."""
        return FORFEIT_LEVEL if self.forfeits else self.on_timeout.split(":", 1)[1]

    @property
    def bot_spec(self) -> str:
        return levels()[self.bot_level].spec

    def to_json(self) -> dict:
        out = {"mode": self.mode, "per_move": self.per_move, "on_timeout": self.on_timeout}
        if self.mode == "realtime":
            out["bank"] = self.bank
        return out


def parse_clock(data) -> ClockSpec | None:
    """A table's clock from its creation request (None: no clock); 400 saying what is allowed."""
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ApiError(400, 'clock is an object such as {"mode": "none"}')
    mode = data.get("mode")
    if mode not in MODES:
        raise ApiError(400, f"clock: mode is one of {', '.join(MODES)}; got {mode!r}")
    allowed = {"mode"} if mode == "none" else {"mode", "per_move", "on_timeout"}
    if mode == "realtime":
        allowed.add("bank")
    extra = sorted(set(data) - allowed)
    if extra:
        raise ApiError(
            400, f"clock: {mode} takes {', '.join(sorted(allowed))}; not {', '.join(extra)}"
        )
    if mode == "none":
        return None
    choices = ["forfeit", *(f"bot:{name}" for name in levels())]
    on_timeout = data.get("on_timeout", f"bot:{FORFEIT_LEVEL}")
    if on_timeout not in choices:
        raise ApiError(400, f"clock: on_timeout is one of {', '.join(choices)}; got {on_timeout!r}")
    if mode == "realtime":
        bank = _seconds(data, "bank", *REALTIME_BANK, mode)
        per_move = _seconds(data, "per_move", *REALTIME_PER_MOVE, mode)
        return ClockSpec(mode, per_move, on_timeout, bank)
    return ClockSpec(mode, _seconds(data, "per_move", *SLOW_PER_MOVE, mode), on_timeout)


def spec_from_json(data: dict) -> ClockSpec:
    return ClockSpec(data["mode"], data["per_move"], data["on_timeout"], data.get("bank", 0))


@dataclass
class SeatClock:
    remaining: float  # seconds left at `since` (running) or now (stopped)
    since: float | None = None  # when it started running; None: stopped
    timed_out: bool = False  # a bot moves for it until its player takes back control
    forfeit: bool = False  # timed out for good: played by the easy bot, ranked last

    def left(self, at: float) -> float:
        if self.since is None:
            return max(0.0, self.remaining)
        return max(0.0, self.remaining - (at - self.since))

    def stop(self, at: float) -> None:
        self.remaining, self.since = self.left(at), None


@dataclass
class TableClock:
    spec: ClockSpec
    seats: list[SeatClock]
    n: int = 0  # the number of moves this clock has seen
    started: bool = False  # every human seat taken: the clocks run
    # the clock's log: [{"at", "seat", "kind", ...}], words left to the page, which names seats
    notices: list = field(default_factory=list)

    @classmethod
    def new(cls, spec: ClockSpec, players: int) -> TableClock:
        start = spec.bank if spec.mode == "realtime" else spec.per_move
        return cls(spec, [SeatClock(float(start)) for _ in range(players)])

    # ----- facts -------------------------------------------------------------------------------
    def running(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.since is not None]

    def deadline(self) -> tuple[float, int] | None:
        """(when, seat) of the first running clock to reach zero."""
        found = [
            (s.since + s.remaining, i) for i, s in enumerate(self.seats) if s.since is not None
        ]
        return min(found) if found else None

    def forfeits(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.forfeit]

    def seat_json(self, seat: int, at: float) -> dict:
        s = self.seats[seat]
        return {
            "remaining": round(s.left(at), 1),
            "running": s.since is not None,
            "timed_out": s.timed_out,
            "forfeit": s.forfeit,
        }

    def to_view(self, at: float) -> dict:
        """What every seat and spectator is sent: nothing here is secret."""
        return {
            **self.spec.to_json(),
            "started": self.started,
            "seats": [self.seat_json(i, at) for i in range(len(self.seats))],
            "notices": self.notices[-10:],
        }

    # ----- changes (each on a copy, kept once stored) -------------------------------------------
    def copy(self) -> TableClock:
        return copy.deepcopy(self)

    def sync(self, to_act, humans, at: float) -> None:
        """Runs exactly the clocks of the human seats to act (not timed out): a seat that stopped
        being one is charged its time; one that became one starts (slow: with per_move)."""
        runs = set(to_act) & set(humans) if self.started else set()
        for i, s in enumerate(self.seats):
            should = i in runs and not s.timed_out and not s.forfeit
            if s.since is not None and not should:
                s.stop(at)
            elif s.since is None and should:
                if self.spec.mode == "slow":
                    s.remaining = float(self.spec.per_move)
                s.since = at

    def start(self, to_act, humans, at: float) -> None:
        self.started = True
        self.sync(to_act, humans, at)

    def after_move(self, seat: int, to_act, humans, n: int, at: float, by_player: bool) -> None:
        s = self.seats[seat]
        if by_player and s.timed_out:  # the player takes back control by moving
            self.take_back(seat, at)
        elif s.timed_out or s.forfeit:
            self.bot_moved(seat, at)
        if s.since is not None:
            s.stop(at)
            if self.spec.mode == "realtime":
                s.remaining += self.spec.per_move  # Fischer increment
            # slow: the next move of this seat starts afresh with per_move (sync)
        self.n = n
        self.sync(to_act, humans, at)

    def time_out(self, seat: int, at: float) -> None:
        s = self.seats[seat]
        s.remaining, s.since = 0.0, None
        if self.spec.forfeits:
            s.forfeit = True
            self.say(at, seat, "forfeit", level=self.spec.bot_level)
        else:
            s.timed_out = True
            self.say(at, seat, "timed_out", level=self.spec.bot_level)

    def take_back(self, seat: int, at: float) -> None:
        """The seat's player is back: its clock again, with per_move time (RESUME_MIN at least
        in real time, where per_move may be 0)."""
        s = self.seats[seat]
        s.timed_out = False
        floor = RESUME_MIN if self.spec.mode == "realtime" else 0.0
        s.remaining = max(float(self.spec.per_move), floor)
        self.say(at, seat, "back")

    def bot_moved(self, seat: int, at: float) -> None:
        """The table says a bot moved for a timed-out seat: one line per spell, counting its
        moves (a line a move would push the time-out itself out of the log)."""
        last = self.notices[-1] if self.notices else None
        count = last.get("bot_moves", 0) + 1 if last and last["seat"] == seat else 1
        if count > 1:
            self.notices.pop()
        self.say(at, seat, "bot_moved", level=self.spec.bot_level, bot_moves=count)

    def say(self, at: float, seat: int, kind: str, **details) -> None:
        """A line of the log: what happened (`kind`) to which seat, with its details."""
        self.notices.append({"at": round(at, 3), "seat": seat, "kind": kind, **details})
        del self.notices[:-MAX_NOTICES]

    # ----- stored as JSON --------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "spec": self.spec.to_json(),
            "n": self.n,
            "started": self.started,
            "seats": [[s.remaining, s.since, s.timed_out, s.forfeit] for s in self.seats],
            "notices": self.notices,
        }

    @classmethod
    def from_json(cls, data: dict) -> TableClock:
        return cls(
            spec_from_json(data["spec"]),
            [SeatClock(float(r), since, bool(t), bool(f)) for r, since, t, f in data["seats"]],
            int(data["n"]),
            bool(data["started"]),
            list(data.get("notices", [])),
        )


def with_forfeits(result: dict, forfeits: list[int]) -> dict:
    """A finished game's result with the forfeited seats ranked last (sharing that place), the
    others keeping their order; winners are the seats then placed first, unless nobody won
    (an opponent without a seat did), and `forfeit` lists them. The stored record keeps the
    game's own result: this is the table's standing, shown beside it."""
    if not forfeits:
        return result
    ranking = result["ranking"]
    stay = [i for i in range(len(ranking)) if i not in forfeits]
    places = [1 + sum(1 for j in stay if ranking[j] < ranking[i]) for i in range(len(ranking))]
    for i in forfeits:
        places[i] = len(stay) + 1
    winners = [i for i in stay if places[i] == 1] if result["winners"] else []
    return {**result, "ranking": places, "winners": winners, "forfeit": sorted(forfeits)}
