"""Saving a state's fields: the JSON layout games share, written once.

A game's `to_json` is `{"game", "players", "rng", <its fields in order>, "log"}`; `Fields`
describes the fields (name -> how the value is copied) and writes and reads that layout. Copying
for `clone()` stays hand-written in each game: it is on the hot path, this is not.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .rng import Rng

SCALAR = "scalar"  # saved and loaded as is (ints, strings, bools, None)
LIST = "list"  # a flat list, copied
NESTED = "nested"  # a list of lists, each copied; None entries stay None

# A field's kind: one of the three above, or (dump, load), two functions for anything else.
Kind = str | tuple[Callable, Callable]


class Fields:
    """The saved fields of a state, in the order they are written.

    `Fields(game, [(name, kind), ...])`, or `Fields.grouped(game, scalars, lists, nested)` when
    the order is scalars, then lists, then lists of lists.
    """

    __slots__ = ("game", "layout")

    def __init__(self, game: str, layout: Iterable[tuple[str, Kind]]) -> None:
        self.game = game
        self.layout = tuple(layout)
        for name, kind in self.layout:
            if kind not in (SCALAR, LIST, NESTED) and not (
                isinstance(kind, tuple) and len(kind) == 2 and all(map(callable, kind))
            ):
                raise ValueError(f"field {name!r}: unknown kind {kind!r}")

    @classmethod
    def grouped(
        cls,
        game: str,
        scalars: Iterable[str] = (),
        lists: Iterable[str] = (),
        nested: Iterable[str] = (),
        extras: Iterable[tuple[str, Kind]] = (),
    ) -> Fields:
        return cls(
            game,
            [
                *((n, SCALAR) for n in scalars),
                *((n, LIST) for n in lists),
                *((n, NESTED) for n in nested),
                *extras,
            ],
        )

    def to_json(self, state) -> dict:
        data = {"game": self.game, "players": state.players, "rng": state.rng.to_json()}
        for name, kind in self.layout:
            data[name] = _copy(kind, 0, getattr(state, name))
        data["log"] = state.log_to_json()
        return data

    def from_json(self, cls, data: dict):
        """A new `cls` (a State subclass, built without __init__) holding the saved fields."""
        state = cls.__new__(cls)
        state._init_base(data["players"], Rng.from_json(data["rng"]))
        for name, kind in self.layout:
            setattr(state, name, _copy(kind, 1, data[name]))
        state.log_from_json(data["log"])
        return state


def _copy(kind: Kind, way: int, value):
    if kind == SCALAR:
        return value
    if kind == LIST:
        return list(value)
    if kind == NESTED:
        return [None if x is None else list(x) for x in value]
    return kind[way](value)
