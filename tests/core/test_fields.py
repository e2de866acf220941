"""Fields: the shared save/load layout of a state (core/fields.py)."""

from __future__ import annotations

import json

import pytest

from famiglia.core import LIST, NESTED, SCALAR, Fields, Rng, State


class Small(State):
    SAVED = Fields.grouped(
        "small",
        scalars=("phase", "turn"),
        lists=("money",),
        nested=("hands",),
        extras=[("pending", (list, tuple))],
    )

    def to_json(self):
        return self.SAVED.to_json(self)


def _small() -> Small:
    s = Small.__new__(Small)
    s._init_base(3, Rng(5))
    s.rng.next64()
    s.phase, s.turn = "play", 2
    s.money = [1, 2, 3]
    s.hands = [[4, 5], None, []]
    s.pending = (1, 2)
    s.say("hello")
    s.say("secret", (1,))
    return s


def test_layout_order_and_shape():
    data = _small().to_json()
    keys = ["game", "players", "rng", "phase", "turn", "money", "hands", "pending", "log"]
    assert list(data) == keys
    assert data["pending"] == [1, 2]
    assert data["game"] == "small" and data["players"] == 3
    assert data["hands"] == [[4, 5], None, []]
    assert data["log"] == [[None, "hello"], [[1], "secret"]]


def test_round_trip_through_json_text():
    s = _small()
    data = json.loads(json.dumps(s.to_json()))
    back = Small.SAVED.from_json(Small, data)
    assert back.to_json() == s.to_json()
    assert back.rng.state == s.rng.state and back.players == 3
    assert back.pending == (1, 2)  # the extra's own load ran
    assert back.events(1) == ["hello", "secret"] and back.events(0) == ["hello"]
    assert back._legal == {}


def test_copies_are_independent():
    s = _small()
    data = s.to_json()
    data["money"].append(9)
    data["hands"][0].append(9)
    assert s.money == [1, 2, 3] and s.hands[0] == [4, 5]
    back = Small.SAVED.from_json(Small, data)
    back.money.append(7)
    back.hands[0].append(7)
    assert data["money"] == [1, 2, 3, 9] and data["hands"][0] == [4, 5, 9]


def test_explicit_order_and_bad_kind():
    f = Fields("x", [("b", LIST), ("a", SCALAR), ("c", NESTED)])
    s = _small()
    s.a, s.b, s.c = 1, (2, 3), ((4,),)
    data = f.to_json(s)
    assert list(data) == ["game", "players", "rng", "b", "a", "c", "log"]
    assert data["b"] == [2, 3] and data["c"] == [[4]]
    with pytest.raises(ValueError, match="unknown kind"):
        Fields("x", [("a", "dict")])
