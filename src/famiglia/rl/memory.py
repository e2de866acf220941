"""A seat's memory of the moves it saw: the part of OpenSpiel's information-state tensor that
the observation lacks (docs/rl.md, "Information-state memory").

The observation shows the board now; the memory adds a fixed-size summary of how play got
there, built from the moves alone, the same way for every game:

- `memory_acted` (players): per seat, a decayed count of the decisions it took,
- `memory_recent` (K x players): the seats that took the last K decisions, newest first, each
  one-hot (all zero before there were K),
- `memory_kinds` (kinds): the seat's own moves, a decayed count per catalogue kind,
- `memory_mine` (K): the seat's own last K moves, newest first, as (index + 1) / catalogue
  size (0 when there is none).

Of another seat's move a seat is taken to know only that the seat decided (the adapters show
which seat the game waits for): not its kind, since even a move's kind may be secret
(Scarface 1920's choice between a Special Gangster card's effect and skipping it looks the
same to the others), and the memory must hold nothing the seat could not tell. What the moves
did to the board is in the observation. The tests check on random games of every game that
two moves of another seat that leave a seat's view and narration the same leave its
information-state tensor the same, and that a resampled state gives the same tensor.

Counts decay by DECAY at every decision and are scaled by (1 - DECAY), so a count reads in
[0, 1]: a seat that took every one of the last many decisions reads near 1. The moves are
recorded one by one (`record`: one NumPy operation and a few list operations); the one-hot
parts are written only when a vector is asked for.
"""

from __future__ import annotations

from collections import deque

import numpy as np

K = 8  # moves remembered one by one
DECAY = 0.98  # per decision: a move counts half after 34 more


class Layout:
    """Where each part of the memory sits, for a catalogue and a player count."""

    def __init__(self, catalogue, players: int) -> None:
        self.players = players
        blocks = catalogue.blocks()
        self.kinds = len(blocks)
        self.size_catalogue = len(catalogue)
        self.kind_of = [0] * len(catalogue)  # catalogue index -> kind number (read one by one)
        for number, (_kind, first, count) in enumerate(blocks):
            self.kind_of[first : first + count] = [number] * count
        self.kind_names = [kind for kind, _first, _count in blocks]
        self.size = players + K * players + self.kinds + K

    def segments(self) -> list[tuple[str, int, str]]:
        """(name, size, meaning) of each part, in order."""
        p, k = self.players, self.kinds
        return [
            ("memory_acted", p, "per seat: decayed count of its decisions, x (1 - DECAY)"),
            ("memory_recent", K * p, f"seats of the last {K} decisions, newest first, one-hot"),
            ("memory_kinds", k, f"own moves: decayed count per catalogue kind ({k} kinds)"),
            ("memory_mine", K, f"own last {K} moves, newest first: (index + 1) / catalogue size"),
        ]


class Memory:
    """The memory of every seat in one game."""

    __slots__ = ("layout", "counts", "recent", "mine")

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        # acted (players), then each seat's own counts by kind (players x kinds)
        self.counts = np.zeros(layout.players * (1 + layout.kinds), np.float32)
        self.recent = deque(maxlen=K)  # seats, oldest first
        self.mine = [deque(maxlen=K) for _ in range(layout.players)]  # indices, oldest first

    def record(self, seat: int, index: int) -> None:
        """Seat `seat` played catalogue index `index`."""
        lay = self.layout
        counts = self.counts
        counts *= DECAY
        counts[seat] += 1.0 - DECAY
        counts[lay.players + seat * lay.kinds + lay.kind_of[index]] += 1.0 - DECAY
        self.recent.append(seat)
        self.mine[seat].append(index)

    def vector(self, seat: int) -> np.ndarray:
        """Seat `seat`'s memory: a new float32 array of `layout.size`."""
        lay = self.layout
        p = lay.players
        out = np.zeros(lay.size, np.float32)
        out[:p] = self.counts[:p]
        at = p
        for other in reversed(self.recent):  # newest first
            out[at + other] = 1.0
            at += p
        at = p + K * p
        start = p + seat * lay.kinds
        out[at : at + lay.kinds] = self.counts[start : start + lay.kinds]
        at += lay.kinds
        for index in reversed(self.mine[seat]):
            out[at] = (index + 1) / lay.size_catalogue
            at += 1
        return out

    def copy(self) -> Memory:
        other = Memory.__new__(Memory)
        other.layout, other.counts = self.layout, self.counts.copy()
        other.recent = self.recent.copy()
        other.mine = [d.copy() for d in self.mine]
        return other

    def forget_others(self, seat: int) -> None:
        """Drops every other seat's own moves (a sample made for `seat` must not hold them)."""
        lay = self.layout
        for other, moves in enumerate(self.mine):
            if other != seat:
                moves.clear()
                start = lay.players + other * lay.kinds
                self.counts[start : start + lay.kinds] = 0.0

    def to_json(self) -> list:
        return [self.counts.tolist(), list(self.recent), [list(m) for m in self.mine]]

    def load(self, data) -> None:
        counts, recent, mine = data
        self.counts[:] = counts
        self.recent.extend(recent)
        for moves, saved in zip(self.mine, mine, strict=True):
            moves.extend(saved)
