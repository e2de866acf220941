"""Observation encoders: a seat's view -> a fixed-length vector of floats in [0, 1].

An encoder reads nothing but `state.view(seat)` (and the seat's number), so it hides exactly
what the view hides. That view-based `encode` is the reference and documents the layout. The RL
adapters call `encode_state(state, seat)`, which a game may speed up with a *fast path*
(`write_state`, the Game's `fast_encoder`, games/<game>/fast_encoder.py) reading the state's
fields directly:
the tests hold it equal, element for element, to `encode(state.view(seat), seat)` on random
positions of every player count and option, and run the leak tests on it too. Its
vector is cut into named segments (docs/rl.md lists them per game); each segment is written by
the game's encoder (games/<game>/encoder.py). Quantities with a ceiling in the game's data (cards of a
kind, pieces in the box, a year limit) are divided by it; open-ended ones (money) are squashed
as x / (x + half), which reads 0.5 at `half` and never reaches 1.

The vectors are `array('f')` (float32) so that this module needs no NumPy; the RL adapters wrap
them with `numpy.frombuffer` at no cost.
"""

from __future__ import annotations

from array import array
from typing import NamedTuple


class Segment(NamedTuple):
    name: str
    start: int
    size: int
    meaning: str


def squash(x: float, half: float) -> float:
    """An open-ended non-negative amount into [0, 1): 0.5 at `half`."""
    return x / (x + half) if x > 0 else 0.0


def share(x: float, most: float) -> float:
    """A bounded amount as a share of its most (clipped to [0, 1])."""
    if x <= 0:
        return 0.0
    return 1.0 if x >= most else x / most


class Encoder:
    """Base of every game's encoder: declare segments in `build`, fill them in `write`."""

    def __init__(self, players: int, options: dict | None = None) -> None:
        self.players = players
        self.options = dict(options or {})
        self.segments: list[Segment] = []
        self.size = 0
        self.build()
        self._zeros = array("f", bytes(4 * self.size))
        # What a fast path keeps from one call to the next (parts of the vector and the state's
        # fields they came from): it must write the same vector whatever state comes next.
        self.memo: dict = {}

    # ----- layout -----------------------------------------------------------------------------
    def add(self, name: str, size: int, meaning: str) -> int:
        """Declares the next segment; returns where it starts."""
        if any(s.name == name for s in self.segments):
            raise ValueError(f"segment {name!r} declared twice")
        start = self.size
        self.segments.append(Segment(name, start, size, meaning))
        self.size += size
        return start

    def segment(self, name: str) -> Segment:
        for s in self.segments:
            if s.name == name:
                return s
        raise KeyError(name)

    # ----- encoding ---------------------------------------------------------------------------
    def encode(self, view: dict, seat: int) -> array:
        """Seat `seat`'s view as a float32 array of length `size`. The seat is passed along
        because some views (Blood Feud's, which hides nothing) are the same for every seat."""
        out = array("f", self._zeros)
        self.write(view, seat, out)
        return out

    def encode_state(self, state, seat: int) -> array:
        """The same vector as `encode(state.view(seat), seat)`, through the game's fast path
        when it has one (what the RL adapters call)."""
        if not 0 <= seat < self.players:  # (a comparison: this is every step)
            raise ValueError(f"seat must be 0 to {self.players - 1}, not {seat!r}")
        out = array("f", self._zeros)
        self.write_state(state, seat, out)
        return out

    def build(self) -> None:
        raise NotImplementedError

    def write_state(self, state, seat: int, out: array) -> None:
        """The fast path: games override it to read the state without building a view."""
        self.write(state.view(seat), seat, out)

    def write(self, view: dict, seat: int, out: array) -> None:
        raise NotImplementedError
