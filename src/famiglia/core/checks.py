"""Checking a saved state before it is loaded: typed field specs and the first bad field named.

A saved state comes from a file or a stranger, so `game.from_json` checks it whole before any
rule runs on it: each game lists what its fields may hold (games/<game>/saved.py) with the
specs below, then checks what ties the fields together (cards and pieces conserved, whose turn
it is). The first problem found is refused as

    ValueError: broken the-mob state: cash[2] must be a whole number >= 0, got -5

This runs on loading only: clone, apply and legal_actions never check anything here.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Callable, Iterable

MAX_RNG = (1 << 64) - 1


class BrokenState(ValueError):
    """A saved state that cannot be loaded; the message names the first bad field."""


def refuse(where: str, why: str):
    """Refuses the state: `where` names the field ("cash[2]"), `why` says what is wrong."""
    raise BrokenState(f"{where} {why}")


def shown(value) -> str:
    """A short rendering of a bad value for a message."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ----- specs: what a field may hold -----------------------------------------------------------
class Spec:
    """Checks one value; `text` says what is allowed."""

    text = "a value"

    def __call__(self, value, where: str) -> None:
        if not self.fits(value):
            refuse(where, f"must be {self.text}, got {shown(value)}")

    def fits(self, value) -> bool:
        raise NotImplementedError


class Int(Spec):
    """A whole number (never a bool or a float) in lo..hi; either end may be open (None)."""

    def __init__(self, lo: int | None = None, hi: int | None = None) -> None:
        self.lo, self.hi = lo, hi
        if lo is not None and hi is not None:
            self.text = f"a whole number {lo}..{hi}"
        elif lo is not None:
            self.text = f"a whole number >= {lo}"
        elif hi is not None:
            self.text = f"a whole number <= {hi}"
        else:
            self.text = "a whole number"

    def fits(self, value) -> bool:
        return (
            type(value) is int  # not a bool, not a float
            and (self.lo is None or value >= self.lo)
            and (self.hi is None or value <= self.hi)
        )


class _Bool(Spec):
    text = "true or false"

    def fits(self, value) -> bool:
        return isinstance(value, bool)


class _Text(Spec):
    text = "a string"

    def fits(self, value) -> bool:
        return isinstance(value, str)


BOOL = _Bool()
TEXT = _Text()


class OneOf(Spec):
    """One of the given values, of the same type (1 is not True); a range of whole numbers is
    kept as a range."""

    def __init__(self, values: Iterable) -> None:
        if isinstance(values, range):
            self.values, self._keys = values, None
            self.text = f"a whole number {values.start}..{values.stop - 1}"
            if values.step != 1:
                self.text += f" in steps of {values.step}"
            return
        self.values = tuple(values)
        self._keys = {(type(v), v) for v in self.values}
        listed = ", ".join(shown(v) for v in self.values[:12])
        more = ", ..." if len(self.values) > 12 else ""
        self.text = f"one of {listed}{more}"

    def fits(self, value) -> bool:
        if self._keys is None:
            return is_int(value) and value in self.values
        try:
            return (type(value), value) in self._keys
        except TypeError:  # unhashable: a list or a dict
            return False


class Maybe(Spec):
    """None, or what `spec` allows."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.text = f"null or {spec.text}"

    def __call__(self, value, where: str) -> None:
        if value is None:
            return
        if getattr(type(self.spec), "fits", Spec.fits) is Spec.fits:
            self.spec(value, where)  # a list or a record: it names the inner field
        elif not self.spec.fits(value):
            refuse(where, f"must be {self.text}, got {shown(value)}")


class ListOf(Spec):
    """A list of items that `item` allows; `size` is an exact length or a range of them."""

    def __init__(self, item: Spec | Callable, size: int | range | None = None) -> None:
        self.item, self.size = item, size

    def __call__(self, value, where: str) -> None:
        check_list(value, where, self.size)
        item = self.item
        if getattr(type(item), "fits", Spec.fits) is not Spec.fits and all(map(item.fits, value)):
            return  # a flat list that fits: no need to name each entry
        for i, x in enumerate(value):
            item(x, f"{where}[{i}]")


class Tuple(Spec):
    """A list of fixed length whose i-th entry `specs[i]` allows."""

    def __init__(self, *specs: Spec | Callable) -> None:
        self.specs = specs

    def __call__(self, value, where: str) -> None:
        check_list(value, where, len(self.specs))
        for i, (spec, x) in enumerate(zip(self.specs, value, strict=True)):
            spec(x, f"{where}[{i}]")


class Record(Spec):
    """An object with exactly these keys (each checked by its spec), plus optional ones."""

    def __init__(self, fields: dict, optional: dict | None = None) -> None:
        self.fields, self.optional = fields, optional or {}

    def __call__(self, value, where: str) -> None:
        if not isinstance(value, dict):
            refuse(where, f"must be an object, got {shown(value)}")
        check_keys(value, where, self.fields, self.optional)
        for key, x in value.items():
            spec = self.fields.get(key) or self.optional[key]
            spec(x, f"{where}.{key}")


def check_list(value, where: str, size: int | range | None = None) -> None:
    if not isinstance(value, list):
        refuse(where, f"must be a list, got {shown(value)}")
    if size is None:
        return
    if isinstance(size, int) and len(value) != size:
        refuse(where, f"must hold {size} entries, not {len(value)}")
    if isinstance(size, range) and len(value) not in size:
        refuse(where, f"must hold {size.start} to {size.stop - 1} entries, not {len(value)}")


def check_keys(data: dict, where: str, required: Iterable, optional: Iterable = ()) -> None:
    """Every required key present (the first missing one is named), no unknown key."""
    for key in required:
        if key not in data:
            refuse(f"{where}.{key}" if where else key, "is missing")
    allowed = {*required, *optional}
    for key in data:
        if key not in allowed:
            refuse(f"{where}.{key}" if where else str(key), "is not a field of this state")


# ----- whole saved states ---------------------------------------------------------------------
def check_saved(data, players: range, fields: Callable[[int], dict]) -> int:
    """Checks the layout every game shares and each field by its spec; returns the player count.

    `fields(players)` gives {field name: spec} for the game's own fields (they depend on the
    number of players); "game", "players", "rng" and "log" are checked here.
    """
    if not isinstance(data, dict):
        refuse("the saved state", f"must be an object, got {shown(data)}")
    for key in ("players", "rng", "log"):
        if key not in data:
            refuse(key, "is missing")
    n = data["players"]
    Int(players.start, players.stop - 1)(n, "players")
    Int(0, MAX_RNG)(data["rng"], "rng")
    check_log(data["log"], n)
    specs = fields(n)
    check_keys(data, "", ["game", "players", "rng", *specs, "log"])
    for name, spec in specs.items():
        spec(data[name], name)
    return n


def check_log(log, players: int) -> None:
    """The narration: [audience, text] pairs; audience null (everyone) or a list of seats."""
    check_list(log, "log")
    seats = range(players)
    for i, entry in enumerate(log):
        if type(entry) is not list or len(entry) != 2:
            refuse(f"log[{i}]", f"must be [audience, text], got {shown(entry)}")
        audience, text = entry
        if audience is not None and (
            type(audience) is not list or not all(type(s) is int and s in seats for s in audience)
        ):
            refuse(f"log[{i}][0]", f"must be null or a list of seats, got {shown(audience)}")
        if type(text) is not str:
            refuse(f"log[{i}][1]", f"must be a string, got {shown(text)}")


def same_cards(where: str, found: Iterable, expected: Iterable, name=str) -> None:
    """Refuses unless `found` holds exactly the cards of `expected` (as multisets)."""
    have, want = Counter(found), Counter(expected)
    if have == want:
        return
    extra = have - want
    if extra:
        card = next(iter(extra))
        refuse(where, f"hold {name(card)} {have[card]} time(s), the game has {want[card]}")
    card = next(iter(want - have))
    refuse(where, f"hold {name(card)} {have[card]} time(s), the game has {want[card]}")


def checked(game: str):
    """Decorates a game's check(data): its refusals read "broken GAME state: ..."."""

    def wrap(check):
        @functools.wraps(check)
        def run(*args, **kwargs):
            try:
                return check(*args, **kwargs)
            except BrokenState as exc:
                raise BrokenState(f"broken {game} state: {exc}") from None

        return run

    return wrap
