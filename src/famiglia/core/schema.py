"""Which actions a game has: every kind, and the values each of its arguments may take.

A game declares its actions once, next to the phrases that describe them:

    SCHEMA = ActionSchema("The Mob", {
        "keep": (),                      # no argument
        "play": (CARDS,),                # one argument: a card number
        "last": (SPACES, PIECES),        # two
        "offer": [("money", AMOUNTS), ("nothing", (0,))],   # a list: several shapes
    })

A domain is a `range` (whole numbers in it) or a tuple of the values allowed (strings, whole
numbers, booleans). A value must match in type as well: `1` is not `True`, `"1"` is not `1`.
A plain string in a shape stands for itself (the shape's fixed word, like "money" above).

`check(kind, args)` raises ValueError saying what is wrong with an action that came from a file
or a request; `catalogue()` lists every action the game could ever offer, in a stable order,
which is how a typed move that is not legal now is recognised and explained.
"""

from __future__ import annotations

from itertools import product
from math import prod

from .text import brief

# A shape with more combinations than this stays out of the catalogue (a premium in dollars,
# say): such moves are still checked, only not recognised from their typed text.
_CATALOGUE_LIMIT = 20_000


class _Domain:
    __slots__ = ("allowed", "numbers", "shown", "values")

    def __init__(self, spec) -> None:
        if isinstance(spec, str):
            spec = (spec,)
        if isinstance(spec, range):
            self.numbers, self.values, self.allowed = spec, spec, None
            stop = spec.stop - spec.step
            self.shown = f"a whole number {spec.start}..{stop}"
            if spec.step != 1:
                self.shown += f" in steps of {spec.step}"
        elif isinstance(spec, tuple) and all(type(v) in (int, str, bool) for v in spec):
            self.numbers, self.values = None, spec
            self.allowed = frozenset((type(v), v) for v in spec)
            shown = ", ".join(repr(v) for v in spec[:12])
            self.shown = "one of " + shown + (f" (and {len(spec) - 12} more)" if spec[12:] else "")
        else:
            raise TypeError(f"an argument's domain is a range or a tuple of values, not {spec!r}")

    def __contains__(self, value) -> bool:
        if self.numbers is not None:
            return type(value) is int and value in self.numbers
        try:
            return (type(value), value) in self.allowed
        except TypeError:  # an unhashable value (a dict from JSON) is never allowed
            return False

    def size(self) -> int:
        return len(self.numbers) if self.numbers is not None else len(self.values)


class ActionSchema:
    """Every action kind of one game and the values its arguments may take."""

    def __init__(self, title: str, kinds: dict) -> None:
        self.title = title
        self.shapes: dict[str, tuple[tuple[_Domain, ...], ...]] = {}
        for kind, spec in kinds.items():
            shapes = spec if isinstance(spec, list) else [spec]
            self.shapes[kind] = tuple(tuple(_Domain(d) for d in shape) for shape in shapes)

    def kinds(self) -> tuple[str, ...]:
        return tuple(self.shapes)

    def check(self, kind, args: tuple) -> None:
        """Nothing if `kind` and `args` make an action of this game; ValueError saying why not."""
        shapes = self.shapes.get(kind) if isinstance(kind, str) else None
        if shapes is None:
            raise ValueError(
                f"{self.title} has no action {brief(kind)}; its actions: {', '.join(self.shapes)}"
            )
        problem = ""
        for shape in shapes:
            if len(shape) != len(args):
                counts = sorted({len(s) for s in shapes})
                problem = problem or (
                    f"action {kind!r} takes {' or '.join(map(str, counts))} argument(s), "
                    f"got {len(args)}"
                )
                continue
            for i, (value, domain) in enumerate(zip(args, shape, strict=True)):
                if value not in domain:
                    problem = (
                        f"action {kind!r}, argument {i + 1}: {brief(value)} is not allowed; "
                        f"allowed: {domain.shown}"
                    )
                    break
            else:
                return
        raise ValueError(problem)

    def catalogue(self) -> list[tuple[str, tuple]]:
        """Every (kind, args) the schema allows, in a stable order (big shapes left out)."""
        found = []
        for kind, shapes in self.shapes.items():
            for shape in shapes:
                if prod(d.size() for d in shape) <= _CATALOGUE_LIMIT:
                    found += [(kind, args) for args in product(*(d.values for d in shape))]
        return found
