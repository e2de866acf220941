"""Broken saved states, made on purpose: small random damage to real `to_json()` output.

The conformance kit loads each mutated state and requires that it is refused with ValueError
or plays on like any other (see `testing.check_saved_states`). A mutation picks a top-level
field, walks down into it at random, and there changes a type, drops or adds a key or an
element, pushes a number out of range or shuffles a list; some apply two or three at once.
"""

from __future__ import annotations

import json

from .rng import Rng

# Values of every JSON type, to swap in for a value of another type.
_STRANGERS = ("x", "", 1.5, None, [], {}, True, False, 0, 7, [0], {"x": 1})
# Numbers a field rarely takes: below zero, just outside, absurdly large.
_NUMBERS = (-1, -2, 1, 2, 3, 10**6, 2**64, -(10**9))

OPERATIONS = ("type", "missing", "extra", "number", "shuffle", "nested")


def _kind(value) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    return type(value).__name__


def _walk(data: dict, rng: Rng) -> tuple[object, object, str]:
    """A random place in the saved state: (container, key or index, path text).

    The top-level field is drawn uniformly (so big fields like the log do not drown the
    others), then each level goes one step deeper half the time."""
    keys = list(data)
    key = keys[rng.below(len(keys))]
    parent, path = data, key
    while True:
        value = parent[key]
        if isinstance(value, dict):
            children = list(value)
        else:
            children = range(len(value)) if isinstance(value, list) else []
        if not children or rng.below(2):
            return parent, key, path
        parent = value
        key = children[rng.below(len(children))]
        path += f"[{key!r}]" if isinstance(key, str) else f"[{key}]"


def _fits(op: str, value) -> bool:
    if op == "number":
        return _kind(value) == "number"
    if op == "shuffle":
        return isinstance(value, list) and any(v != value[0] for v in value)
    if op == "extra":
        return isinstance(value, list | dict)
    return True


def _mutate_once(data: dict, rng: Rng, op: str) -> str:
    for _ in range(12):  # look for a place the operation fits; else change a type there
        parent, key, path = _walk(data, rng)
        value = parent[key]
        if _fits(op, value):
            break
    if op == "number" and _kind(value) == "number":
        new = value
        while new == value:
            if rng.below(2):
                new = value + (1 if rng.below(2) else -1) * (1 + rng.below(3))
            else:
                new = _NUMBERS[rng.below(len(_NUMBERS))]
        parent[key] = new
        return f"{path}: {value!r} -> {new!r}"
    if op == "shuffle" and isinstance(value, list) and len(value) > 1:
        before = list(value)
        for _ in range(4):  # try for an order that differs
            rng.shuffle(value)
            if value != before:
                break
        return f"{path}: shuffled"
    if op == "extra" and isinstance(value, list):
        new = json.loads(json.dumps(value[rng.below(len(value))])) if value and rng.below(3) else 0
        value.insert(rng.below(len(value) + 1), new)
        return f"{path}: extra element {_short(new)}"
    if op == "extra" and isinstance(value, dict):
        value["extra_key"] = 1
        return f"{path}: extra key"
    if op == "missing":
        if isinstance(parent, dict):
            del parent[key]
            return f"{path}: key removed"
        parent.pop(key)
        return f"{path}: element removed"
    kind = _kind(value)
    others = [v for v in _STRANGERS if _kind(v) != kind]
    new = json.loads(json.dumps(others[rng.below(len(others))]))
    parent[key] = new
    return f"{path}: {_short(value)} -> {_short(new)}"


def _short(value) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def mutate(data: dict, rng: Rng) -> tuple[dict, str]:
    """A damaged copy of `data` (a state's `to_json()`) and what was done to it."""
    data = json.loads(json.dumps(data))
    op = OPERATIONS[rng.below(len(OPERATIONS))]
    if op != "nested":
        return data, f"{op} {_mutate_once(data, rng, op)}"
    done = []
    for _ in range(2 + rng.below(2)):
        if not data:
            break
        op = OPERATIONS[rng.below(len(OPERATIONS) - 1)]
        done.append(f"{op} {_mutate_once(data, rng, op)}")
    return data, "nested: " + "; ".join(done)
