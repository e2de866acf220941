"""The search's budget: when its choice is settled, and its options read as numbers."""

from __future__ import annotations

import math


def settled(root, left: float) -> bool:
    """True when the most visited move stays ahead even if every iteration left went to the
    runner-up (each iteration adds at most one visit to one of the bot's own moves)."""
    top = second = 0
    for st in root.stats.values():
        visits = st[0]
        if visits > top:
            top, second = visits, top
        elif visits > second:
            second = visits
    return top - second > left


def number(value, kind, name, low):
    what = "a whole number" if kind is int else "a finite number"
    try:
        number = kind(value)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"ismcts option {name}={value!r} must be {what}") from None
    if kind is float and not math.isfinite(number):
        raise ValueError(f"ismcts option {name}={value!r} must be a finite number")
    if number < low:
        raise ValueError(f"ismcts option {name}={value!r} must be at least {low}")
    return number
