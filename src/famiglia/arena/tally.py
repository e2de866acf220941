"""Counting games as they finish: records put back in game order, wins counted by side, and
tallies whose size does not grow with the number of games (a simulation of 100,000 games of
The Mob would need some 90 GB to hold its records).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable


class GameOrder:
    """Records arriving in finishing order, handed on in game order: a record is held back until
    every game before it is in, so whatever was handed on is always games 0..k-1."""

    def __init__(self) -> None:
        self.next = 0
        self.held: dict[int, dict] = {}

    def add(self, index: int, record: dict) -> list[tuple[int, dict]]:
        """The (index, record) pairs now due, in game order (none while a gap remains)."""
        self.held[index] = record
        due = []
        while self.next in self.held:
            due.append((self.next, self.held.pop(self.next)))
            self.next += 1
        return due

    def rest(self) -> list[tuple[int, dict]]:
        """The records held back behind a game that never finished (a stopped run), in game
        order: finished games are kept, even past a gap."""
        rest = sorted(self.held.items())
        self.held.clear()
        return rest


def in_game_order(
    finished: Iterable[tuple[int, dict]],
    on_record: Callable[[int, dict], None],
    on_finished: Callable[[], None] | None = None,
    guard=None,
) -> None:
    """Calls `on_record(index, record)` for every game of `finished`, in game order, as soon as
    the games before it are in; `on_finished()` as each one arrives (a progress bar).

    On a stop (KeyboardInterrupt, which a SIGTERM becomes in the command line) the games held
    back behind an unfinished one are handed on too, still in game order, before the stop goes
    on: a stopped run keeps every game it finished. Whatever plays the games (a worker pool) is
    closed on the way out. `guard()`: a context manager each call of `on_record` runs in (the
    command line holds a stop there, so that a game is counted and written, or neither).
    """
    order = GameOrder()

    def hand_on(pairs) -> None:
        for pair in pairs:
            if guard is None:
                on_record(*pair)
            else:
                with guard():
                    on_record(*pair)

    try:
        for index, record in finished:
            if on_finished:
                on_finished()
            hand_on(order.add(index, record))
    except KeyboardInterrupt:
        hand_on(order.rest())
        raise
    finally:
        close = getattr(finished, "close", None)
        if close:
            close()  # a generator's `with Pool` ends: its workers are terminated


def seat_teams(game, players: int, options: dict) -> tuple[int, ...]:
    """The side of each seat in games of `game` with these players and options (sides are fixed
    by them: Cash 'n Guns seats its teams by a pattern)."""
    return tuple(game.new(players, 0, **options).seat_teams())


def win_shares(result: dict, teams: tuple[int, ...] | None = None) -> dict[int, float]:
    """Each winning seat's win: one divided among the rival sides that won. A team's win is a
    whole win for every member; only a tie between rivals (seats or teams) is shared. No winner
    (a solo game's own opponent won): no seat wins."""
    winners = result["winners"]
    sides = {teams[seat] if teams else seat for seat in winners}
    return {seat: 1 / len(sides) for seat in winners}


class Tally:
    """Values counted, not kept: a mean, the least and the most, and the distribution (for a
    chart) in memory that grows with the distinct values only."""

    def __init__(self) -> None:
        self.counts: Counter = Counter()
        self.n = 0
        self.total = 0.0

    def __eq__(self, other) -> bool:
        return isinstance(other, Tally) and self.counts == other.counts

    __hash__ = None

    def __repr__(self) -> str:
        return f"Tally(n={self.n}, mean={self.mean:g})"

    def add(self, value) -> None:
        self.counts[value] += 1
        self.n += 1
        self.total += value

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def min(self):
        return min(self.counts) if self.counts else 0

    @property
    def max(self):
        return max(self.counts) if self.counts else 0

    def values(self) -> list:
        """Every value added, smallest first (for a chart)."""
        return sorted(self.counts.elements())


def game_ranges(indexes: Iterable[int]) -> str:
    """Game numbers (from 1) as ranges: '1-37, 40, 42-43'."""
    parts: list[list[int]] = []
    for i in sorted(indexes):
        if parts and i == parts[-1][1] + 1:
            parts[-1][1] = i
        else:
            parts.append([i, i])
    return ", ".join(f"{a + 1}" if a == b else f"{a + 1}-{b + 1}" for a, b in parts)
