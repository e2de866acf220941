"""What a famiglia state inside a pyspiel state keeps (famiglia.rl.openspiel): the tables one
game reads at every step, the dealer of its initial states (seed, seed + 1, ...) and the box
around each state (its copy, its history and the memory of the moves its seats saw)."""

from __future__ import annotations

import weakref

import famiglia

from . import catalogue as _catalogue
from . import encoder as _encoder
from . import max_decisions as _max_decisions
from .memory import Layout, Memory

__all__ = ["_Box", "_Dealer", "_Tables", "_tables"]


class _Tables:
    """What the states of one game read at every step, in one place (a state reaches it
    through its box's dealer: pyspiel's get_game() costs a round trip through C++)."""

    def __init__(self, name: str, players: int, options: dict) -> None:
        game = famiglia.load(name)
        self.encoder = _encoder(game, players, **options)
        self.catalogue = _catalogue(game)
        self.actions = len(self.catalogue)
        self.players = players
        self.max_length = _max_decisions(game, players, **options)
        self.layout = Layout(self.catalogue, players)


_TABLES: dict[tuple, _Tables] = {}


def _tables(name: str, players: int, options: dict) -> _Tables:
    key = (name, players, tuple(sorted(options.items())))
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = _Tables(name, players, options)
    return found


class _Dealer:
    """Deals the initial states of one pyspiel game: seed, seed + 1, ... in the order states
    start. The next deal is made once and kept: OpenSpiel builds a throwaway initial state
    every time it measures a tensor, and those only ever look at this spare deal."""

    def __init__(self, name: str, players: int, options: dict, seed: int) -> None:
        self.name, self.players, self.options = name, players, options
        self.tables = _tables(name, players, options)
        self.next = seed
        self._spare = None  # (seed, state) of the next deal, once someone looked at it
        self._played: set[int] = set()  # seeds past `next` already taken to play
        self._held: dict[int, weakref.WeakSet] = {}  # seed -> the live boxes looking at it

    def free(self, box) -> int:
        """The seed of a state looking at its deal for the first time: the first one from `next`
        that no other live state holds and no state played; `box` holds it while it lives (a
        throwaway state, gone, holds nothing)."""
        seed = self.next
        while seed in self._played or self._held.get(seed):
            seed += 1
        self.hold(seed, box)
        return seed

    def hold(self, seed: int, box) -> None:
        self._held.setdefault(seed, weakref.WeakSet()).add(box)

    def _new(self, seed: int):
        return famiglia.load(self.name).new(self.players, seed, **self.options)

    def look(self, seed: int):
        """The initial state of `seed`, to read only."""
        if seed != self.next:
            return self._new(seed)
        if self._spare is None or self._spare[0] != seed:
            self._spare = (seed, self._new(seed))
        return self._spare[1]

    def take(self, seed: int):
        """The initial state of `seed`, to play; the deals move on past it."""
        state = self.look(seed)
        self._played.add(seed)
        self._held.pop(seed, None)
        while self.next in self._played:
            self._played.discard(self.next)
            self.next += 1
        return state


class _Box:
    """A famiglia state inside a pyspiel state: copied with `clone()`, saved as JSON.

    OpenSpiel copies a Python state by deep-copying its attributes and saves it by pickling
    them; this box makes both go through the game's own fast `clone` and `to_json`. A fresh
    box takes its seed (the dealer's first free one) when first looked at, and its state when
    first played, so the throwaway states OpenSpiel makes cost nothing.
    """

    __slots__ = (
        "dealer",
        "seed",
        "_state",
        "legal",
        "decisions",
        "moves",
        "_memory",
        "__weakref__",
    )

    def __init__(self, dealer: _Dealer, seed: int | None = None, state=None) -> None:
        self.dealer = dealer
        self.seed = seed
        self._state = state
        self.legal = None  # (player, {index: action}) of the current state
        self.decisions = 0
        # The moves so far as a persistent linked list (previous, player, action), so that a copy
        # shares it for free: the history, and what the memory is worked out from.
        self.moves = None
        # (Memory, decisions it covers): worked out when a seat's information state is asked
        # for, from the moves since; never changed in place, so copies share it.
        self._memory = None

    def _bind(self) -> int:
        if self.seed is None:
            self.seed = self.dealer.free(self)
        return self.seed

    @property
    def state(self):
        """The state, to play (a fresh box takes its deal now)."""
        if self._state is None:
            self._state = self.dealer.take(self._bind())
        return self._state

    def look(self):
        """The state, to read only (a fresh box looks at its deal without taking it)."""
        if self._state is not None:
            return self._state
        return self.dealer.look(self._bind())

    def replace(self, state) -> None:
        self._state, self.legal = state, None

    def __deepcopy__(self, memo) -> _Box:
        copy = _Box(self.dealer, self._bind())
        if self._state is not None:
            copy._state = self._state.clone()
        else:
            self.dealer.hold(copy.seed, copy)  # an unplayed copy looks at the same deal
        copy.decisions, copy.moves, copy._memory = self.decisions, self.moves, self._memory
        return copy

    def history(self) -> list[tuple[int, int]]:
        """(player, action) of every move, oldest first."""
        found, node = [], self.moves
        while node is not None:
            node, player, action = node
            found.append((player, action))
        found.reverse()
        return found

    def memory(self) -> Memory:
        """The memory of the moves so far (not to be changed: copies share it)."""
        known = self._memory
        if known is not None and known[1] == self.decisions:
            return known[0]
        if known is None:
            memory, at = Memory(self.dealer.tables.layout), 0
        else:
            memory, at = known[0].copy(), known[1]
        pending, node = [], self.moves
        for _ in range(self.decisions - at):
            node, player, action = node
            pending.append((player, action))
        for player, action in reversed(pending):
            memory.record(player, action)
        self._memory = (memory, self.decisions)
        return memory

    def __getstate__(self):
        d = self.dealer
        saved = None if self._state is None else self._state.to_json()
        memory = None if self._memory is None else (self._memory[0].to_json(), self._memory[1])
        history = self.history()
        return (d.name, d.players, d.options, self._bind(), saved, history, memory)

    def __setstate__(self, data) -> None:
        name, players, options, self.seed, saved, history, memory = data
        self.dealer = _Dealer(name, players, options, self.seed)
        self._state = None if saved is None else famiglia.load(name).from_json(saved)
        self.legal = None
        self.moves, self.decisions = None, len(history)
        for player, action in history:
            self.moves = (self.moves, player, action)
        self._memory = None
        if memory is not None:
            kept = Memory(self.dealer.tables.layout)
            kept.load(memory[0])
            self._memory = (kept, memory[1])
