"""Checking saved states before loading them (core/checks.py): typed specs name the first bad
field; the shared layout (players, rng, log) is checked once for every game."""

from __future__ import annotations

import pytest

from famiglia.core.checks import (
    BOOL,
    TEXT,
    BrokenState,
    Int,
    ListOf,
    Maybe,
    OneOf,
    Record,
    Tuple,
    check_saved,
    checked,
    same_cards,
)


def refused(spec, value, where="f"):
    with pytest.raises(BrokenState) as info:
        spec(value, where)
    return str(info.value)


def test_whole_numbers_in_range_and_never_bools_or_floats():
    spec = Int(0, 5)
    for good in (0, 3, 5):
        spec(good, "x")
    for bad in (-1, 6, True, 2.0, "2", None, [2]):
        assert refused(spec, bad, "cash[2]").startswith("cash[2] must be a whole number 0..5")
    Int()(10**30, "x")  # open ends
    assert "whole number >= 1" in refused(Int(1), 0)
    assert "whole number <= 1" in refused(Int(hi=1), 2)


def test_bools_strings_and_choices_keep_their_types():
    BOOL(False, "x")
    assert "true or false" in refused(BOOL, 0)
    TEXT("", "x")
    assert "a string" in refused(TEXT, 1)
    spec = OneOf(("play", "over", 1))
    spec("over", "x")
    spec(1, "x")
    assert "one of" in refused(spec, True)  # True == 1, but is not 1
    assert "one of" in refused(spec, ["play"])  # unhashable: refused, not a TypeError
    big = OneOf(range(1, 100_001))  # a range stays a range
    big(100_000, "x")
    assert "1..100000" in refused(big, 0)
    assert "1..100000" in refused(big, 5.0)


def test_lists_tuples_and_records_name_the_inner_field():
    hands = ListOf(ListOf(Int(0, 9)), 3)
    hands([[1], [], [9, 9]], "hands")
    assert refused(hands, [[1], [], [9, 10]], "hands").startswith("hands[2][1] must be")
    assert "must hold 3 entries, not 2" in refused(hands, [[1], []], "hands")
    assert "must be a list" in refused(hands, {"0": []}, "hands")
    assert "2 to 4 entries" in refused(ListOf(BOOL, range(2, 5)), [True], "g")
    pending = Maybe(Tuple(Int(0), TEXT))
    pending(None, "pending")
    pending([3, "x"], "pending")
    assert refused(pending, [3, 4], "pending").startswith("pending[1] must be a string")
    assert "must hold 2 entries" in refused(pending, [3], "pending")
    step = Record({"k": TEXT, "to": Int(0, 3)}, {"join": Int(0)})
    step({"k": "offer", "to": 1}, "todo[0]")
    step({"k": "offer", "to": 1, "join": 4}, "todo[0]")
    assert refused(step, {"k": "offer"}, "todo[0]") == "todo[0].to is missing"
    assert "todo[0].x is not a field" in refused(step, {"k": "o", "to": 1, "x": 1}, "todo[0]")
    assert refused(step, {"k": "o", "to": 7}, "todo[0]").startswith("todo[0].to must be")
    assert "must be an object" in refused(step, [1], "todo[0]")


def _layout(n):
    return {"turn": Int(0, n - 1), "cash": ListOf(Int(0), n)}


def _saved(**changes):
    data = {"game": "g", "players": 3, "rng": 5, "turn": 2, "cash": [1, 2, 3], "log": []}
    data["log"] = [[None, "hello"], [[0, 2], "a secret"]]
    data.update(changes)
    return data


def test_a_whole_saved_state_is_checked_field_by_field():
    assert check_saved(_saved(), range(2, 5), _layout) == 3
    missing = _saved()
    del missing["cash"]
    with pytest.raises(BrokenState, match="^cash is missing$"):
        check_saved(missing, range(2, 5), _layout)


@pytest.mark.parametrize(
    "data, message",
    [
        (_saved(players=5), "players must be a whole number 2..4"),
        (_saved(rng=-1), "rng must be a whole number 0.."),
        (_saved(rng="1"), "rng must be"),
        (_saved(turn=3), "turn must be a whole number 0..2"),
        (_saved(cash=[1, 2]), "cash must hold 3 entries"),
        (_saved(bonus=1), "bonus is not a field"),
        (_saved(log=[[None]]), "log[0] must be [audience, text]"),
        (_saved(log=[[[3], "x"]]), "log[0][0] must be null or a list of seats"),
        (_saved(log=[[None, 5]]), "log[0][1] must be a string"),
        ([1, 2], "the saved state must be an object"),
    ],
)
def test_the_first_bad_field_is_named(data, message):
    with pytest.raises(BrokenState) as info:
        check_saved(data, range(2, 5), _layout)
    assert str(info.value).startswith(message)


def test_same_cards_names_the_card_too_many_or_missing():
    same_cards("the cards", [1, 2, 2], [2, 1, 2])
    with pytest.raises(BrokenState, match="the cards hold 2 2 time"):
        same_cards("the cards", [1, 2, 2], [1, 2, 3])
    with pytest.raises(BrokenState, match="hold Three 0 time.*has 1"):
        same_cards("the cards", [1, 2], [1, 2, 3], name={1: "One", 2: "Two", 3: "Three"}.get)


def test_refusals_name_the_game_and_are_value_errors():
    @checked("the-mob")
    def check(value):
        Int(0)(value, "cash[1]")
        return value

    assert check(4) == 4
    with pytest.raises(ValueError, match=r"^broken the-mob state: cash\[1\] must be"):
        check(-5)
