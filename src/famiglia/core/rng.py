"""The only source of chance in a game: a small seeded generator whose whole state is one int.

SplitMix64 is used because its state is a single integer: cloning is free, it fits in JSON, and
the same seed gives the same game on every machine and Python version.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    """`state` is all there is to the generator; `seed` remembers what it was made from (the
    game's seed, for its record), None when it was read back from JSON."""

    __slots__ = ("seed", "state")

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.state = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). The 64-bit draw makes the modulo bias negligible."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        # next64 written out: every random move and every card drawn comes through here
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n

    def die(self, sides: int) -> int:
        """A roll of one die: 1..sides."""
        return self.below(sides) + 1

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place: the same draws as `below(i + 1)` for each i, written out
        because samples for the search bots shuffle in their innermost loop. A long list
        (a whole deck) draws all its numbers at once with numpy, the same numbers."""
        if len(items) >= _LONG and _numpy() is not None:
            self._shuffle_long(items)
            return
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + 0x9E3779B97F4A7C15) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = s

    def _shuffle_long(self, items: list) -> None:
        """`shuffle`'s draws as arrays: numpy's uint64 wraps around as `& _MASK` does, and its
        modulo is exact, so each index is the one the loop would draw. The arrays that depend
        on the length alone are made once per length (decks come in a few lengths), and the
        steps work in place: at a deck's size numpy's cost is per call, not per card."""
        np = _NUMPY[0]
        n = len(items)
        steps, bounds = _long_tables(np, n)
        u = np.uint64
        with np.errstate(over="ignore"):
            s = steps + u(self.state & _MASK)
            z = s >> _U30
            z ^= s
            z *= _U_MIX1
            z ^= z >> _U27
            z *= _U_MIX2
            z ^= z >> _U31
            z %= bounds
        draws = z.tolist()
        for i, j in zip(range(n - 1, 0, -1), draws, strict=True):
            items[i], items[j] = items[j], items[i]
        self.state = int(s[-1])

    def quick_shuffle(self, items: list) -> None:
        """Fisher-Yates taking several indices from each 64-bit draw (mixed radix), while at
        least 20 bits of it are left, so the bias stays below one in a million: several times
        faster than `shuffle`.

        For determinized samples only, where speed counts and no record must replay: the game
        itself keeps `shuffle`, so saved games deal the same as before.
        """
        i = len(items) - 1
        while i > 0:
            z = self.next64()
            room = 1 << 64
            while i > 0 and room >> 20 > i:
                j = z % (i + 1)
                z //= i + 1
                room //= i + 1
                items[i], items[j] = items[j], items[i]
                i -= 1

    def random(self) -> float:
        return (self.next64() >> 11) / (1 << 53)

    def copy(self) -> Rng:
        other = Rng.__new__(type(self))
        other.seed = self.seed
        other.state = self.state
        return other

    def to_json(self) -> int:
        return self.state

    @classmethod
    def from_json(cls, state: int) -> Rng:
        rng = cls.__new__(cls)
        rng.seed = None
        rng.state = int(state)
        return rng


# From this length on, `shuffle` draws with numpy (quicker past numpy's fixed cost per call).
_LONG = 48
_NUMPY: list = []  # [the numpy module or None], once looked for


def _numpy():
    """numpy, imported on the first long shuffle (not with the core); None without it."""
    global _U30, _U27, _U31, _U_MIX1, _U_MIX2
    if not _NUMPY:
        try:
            import numpy
        except ImportError:  # (the loop then does it all)
            numpy = None
        if numpy is not None:
            u = numpy.uint64
            _U30, _U27, _U31 = u(30), u(27), u(31)
            _U_MIX1, _U_MIX2 = u(0xBF58476D1CE4E5B9), u(0x94D049BB133111EB)
        _NUMPY.append(numpy)
    return _NUMPY[0]


_U30 = _U27 = _U31 = _U_MIX1 = _U_MIX2 = None  # SplitMix64's constants as numpy scalars
_LONG_TABLES: dict = {}  # length -> (the state's step for each draw, each draw's bound)


def _long_tables(np, n: int) -> tuple:
    tables = _LONG_TABLES.get(n)
    if tables is None:
        u = np.uint64
        with np.errstate(over="ignore"):
            steps = np.arange(1, n, dtype=u) * u(0x9E3779B97F4A7C15)
        bounds = np.arange(n, 1, -1, dtype=u)
        steps.flags.writeable = bounds.flags.writeable = False  # shared by every shuffle
        tables = _LONG_TABLES[n] = (steps, bounds)
    return tables


def fresh_seed() -> int:
    """A new seed from the operating system, for a game nobody asked to repeat. 32 bits: any
    JSON reader (a browser's included) keeps it exact, and it is recorded with the game."""
    import secrets

    return secrets.randbits(32)


def check_seed(seed) -> int:
    """`seed` if it is a whole number; ValueError saying what is allowed otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"a seed must be a whole number (or None for a fresh one), got {seed!r}")
    return seed


class ScriptedRng(Rng):
    """For tests: `die` and `below` return the scripted values in order, then fall back to the seed.

    Values for `below(n)` are given as-is (0-based); values for `die` are the faces shown.
    """

    __slots__ = ("script",)

    def __init__(self, script, seed: int = 0) -> None:
        super().__init__(seed)
        self.script = list(script)

    def below(self, n: int) -> int:
        if self.script:
            value = self.script.pop(0)
            if not 0 <= value < n:
                raise ValueError(f"scripted value {value} is outside 0..{n - 1}")
            return value
        return super().below(n)

    def die(self, sides: int) -> int:
        if self.script:
            value = self.script.pop(0)
            if not 1 <= value <= sides:
                raise ValueError(f"scripted die {value} is outside 1..{sides}")
            return value
        return super().below(sides) + 1

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):  # through below(), so scripts reach shuffles
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> ScriptedRng:
        other = ScriptedRng(self.script, self.seed or 0)
        other.state = self.state
        return other
