"""A saved game of The Mob loads only if it is sound (saved.py): each broken state is refused
with ValueError naming the field; every real state loads (the conformance kit saves and loads
them all along its games)."""

from __future__ import annotations

import pytest

from ..saving import refusal, saved_when
from .helpers import GAME


def _start():
    return saved_when(GAME, 4, lambda s: s.phase == "exchange", max_years=2)


def _placing():
    """A Bar card being placed, its space chosen, nothing added yet."""
    return saved_when(GAME, 4, lambda s: s.pending is not None and s.pending[1] >= 0, max_years=2)


def _set(path, value):
    def change(data):
        *keys, last = path
        for key in keys:
            data = data[key]
        data[last] = value

    return change


def _drop(path):
    def change(data):
        *keys, last = path
        for key in keys:
            data = data[key]
        del data[last]

    return change


@pytest.mark.parametrize(
    "change, named",
    [
        (_set(["cash", 1], -5), "cash[1] must be a whole number >= 0, got -5"),
        (_set(["dealer"], None), "dealer must be a whole number 0..3, got null"),
        (_set(["invest", 0], 11), "invest[0] must be a whole number 0..10"),
        (_set(["members", 0, 0], 55), "members[0][0] must be one of"),
        (_set(["strict_stakes"], 0), "strict_stakes must be true or false"),
        (_set(["phase"], "bidding"), "phase must be one of"),
        (_drop(["stock"]), "stock is missing"),
        (_set(["bonus"], 1), "bonus is not a field"),
        (_drop(["hands", 0, 0]), "the cards hold"),  # MOB-1.2: a card went missing
        (_set(["guards_photo", 2], 7), "bodyguards of seat 2 number 7, not 8"),
        (_set(["members", 0, 0], 5), "space_owner[5] is -1, but another family has members"),
        (_set(["year"], 3), "year is 3, past max_years 2"),
        (_set(["capped"], True), "capped is true in a game that is not over"),
    ],
)
def test_a_broken_field_is_named(change, named):
    data = _start()
    change(data)
    assert refusal(GAME, data).startswith(named)


def test_the_turn_must_agree_with_the_phase():
    """MOB-2.2, MOB-2.3: the seat to act is the queue's first in the exchange, the next in
    play order when the cards are played."""
    data = _start()
    data["actor"] = (data["actor"] + 1) % 4
    assert refusal(GAME, data).startswith("actor is")
    data = _placing()
    data["actor"] = (data["actor"] + 1) % 4
    assert refusal(GAME, data).startswith(f"actor is {data['actor']}, but card 2 is seat")
    data = _placing()
    data["cards_played"] += 1
    assert refusal(GAME, data).startswith("park holds")


def test_the_card_being_placed_must_be_one_the_rules_built():
    """MOB-3.5: the stake needed is the card's value, or the rival's stake plus one bodyguard."""
    data = _placing()
    data["pending"][4] -= 1
    assert "the rules say" in refusal(GAME, data)
    data = _placing()
    data["pending"][3] = 9
    assert refusal(GAME, data).startswith("pending[3] must be a whole number 0..8")
    data = _placing()
    data["pending"][2] = [0, 0]
    assert "not free on the family photo" in refusal(GAME, data)
    data["pending"] = None  # the card went nowhere
    assert refusal(GAME, data).startswith("the cards hold")


def test_investing_comes_after_every_card_is_played():
    """MOB-2.4, MOB-6: the year's cards are all played before the year ends."""
    data = _placing()
    data["park"].append(data["pending"][0])
    data["phase"], data["queue"], data["pending"] = "invest", [data["actor"]], None
    assert refusal(GAME, data).startswith("cards_played is 1 in the invest phase, not 20")
