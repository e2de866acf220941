"""Unfinished Business: money as it stands, plus part of what the hand could still bring.

The money is the game's own count (sets in front and the safe, times the betting office). A
property card in hand can still be banked in a set, so it counts for part of its value; an
action card for a little. Jokers and events count as their data says (events score nothing).
"""

from __future__ import annotations

from famiglia.games.unfinished_business.data import IS_ACTION, IS_PROP, KIND_MASK, VALUE

IN_HAND = 0.3  # share of a property card's value while it is still in the hand
ACTION_CARD = 15.0  # $k for an action card in hand
SCALE = 80.0  # $80k ahead is a clear edge

_HAND_WORTH = tuple(
    IN_HAND * VALUE[k] if IS_PROP[k] else ACTION_CARD if IS_ACTION[k] else 0.0
    for k in range(len(VALUE))
)


def evaluate(state) -> list[float]:
    scores = state.scores()
    return [
        (scores[s] + sum(_HAND_WORTH[card & KIND_MASK] for card in state.hands[s])) / SCALE
        for s in range(state.players)
    ]
