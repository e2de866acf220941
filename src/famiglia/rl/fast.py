"""What the fast paths of the observation encoders share. A game's fast path is its Game's
`fast_encoder` (games/<game>/fast_encoder.py), with `write_state(enc, state, seat, out)`, writing the very vector `enc.write(state.view(seat),
seat, out)` writes, read from the state's fields instead of a view (no dicts of names built
and parsed again at every step of an RL environment).

The view-based encoder (games/<game>/encoder.py) stays the reference: it documents the layout
and what a seat may see. It never imports its fast path: famiglia.rl.encoder() puts the two
together, so the fast path reads the encoder's tables without an import circle. A fast path must hide exactly what the view hides; it reuses the game's
own visibility rules where the view module has them, and the tests compare both paths element
for element on random positions of every player count and option (tests/rl/test_fast.py).

Parts of the vector may be kept from one call to the next (`enc.memo`, with `kept` below): they
must be kept with everything they were read from, so that any state, in any order, still gets
the reference vector (tests/rl/test_fast.py shuffles positions and clones to check it).
"""

from __future__ import annotations


def kept(memo, name, fields: tuple, copy, fill, enc, out, at: int, end: int) -> None:
    """Writes `out[at:end]`, a run of the vector that reads nothing but `fields` (the state's
    values, some of them lists changed in place), through `fill(enc, run, *fields)` (`run` is
    the slice, indexed from 0), and keeps it in `memo[name]` with a copy of the fields it came
    from (`copy` of each, deep enough that the state's later changes cannot reach it); while
    they stay equal, the run is copied from there. A move changes a few of a state's fields,
    so most runs are copied; a state unrelated to the last one costs the copies on top."""
    found = memo.get(name)
    if found is not None and found[0] == fields:
        out[at:end] = found[1]
        return
    fill(enc, memoryview(out)[at:end], *fields)
    memo[name] = (tuple(map(copy, fields)), out[at:end])


def flat(value):
    """A copy of a flat list field (other values are not changed in place)."""
    return list(value) if type(value) is list else value


def lists(value):
    """A copy of a flat list or a list of flat lists (as the state's clone() copies them);
    other values are not changed in place."""
    if type(value) is not list:
        return value
    if value and type(value[0]) is list:
        return list(map(list, value))
    return list(value)


def deep(value):
    """A copy of a field, lists copied to the bottom."""
    if type(value) is not list:
        return value
    return [deep(x) if type(x) is list else x for x in value]
