"""ActionSchema: each game's actions and the values of their arguments."""

from __future__ import annotations

import pytest

from famiglia.core import ActionSchema

SCHEMA = ActionSchema(
    "Toy",
    {
        "pass": (),
        "play": (range(3),),
        "say": (("yes", "no"), (True, False)),
        "pay": [("money", range(0, 10**9)), ("nothing", (0,))],
    },
)


@pytest.mark.parametrize(
    "kind,args",
    [
        ("pass", ()),
        ("play", (2,)),
        ("say", ("no", True)),
        ("pay", ("money", 5)),
        ("pay", ("nothing", 0)),
    ],
)
def test_allowed_actions_pass(kind, args):
    SCHEMA.check(kind, args)


@pytest.mark.parametrize(
    "kind,args,message",
    [
        ("fly", (), "Toy has no action 'fly'; its actions: pass, play, say, pay"),
        (3, (), "has no action 3"),
        ("pass", (1,), "takes 0 argument(s), got 1"),
        ("play", (3,), "argument 1: 3 is not allowed; allowed: a whole number 0..2"),
        ("play", (-1,), "argument 1: -1 is not allowed"),
        ("play", (True,), "argument 1: True is not allowed"),  # a bool is not a number here
        ("play", (1.0,), "argument 1: 1.0 is not allowed"),
        ("play", ("1",), "argument 1: '1' is not allowed"),
        ("play", ({"a": 1},), "argument 1: {'a': 1} is not allowed"),
        ("say", ("yes", 1), "argument 2: 1 is not allowed; allowed: one of True, False"),
        ("pay", ("nothing", 5), "argument 2: 5 is not allowed; allowed: one of 0"),
        ("pay", ("money",), "takes 2 argument(s), got 1"),
        ("play", ("x" * 500,), "…"),  # a long value is quoted short
    ],
)
def test_refused_actions_say_what_is_wrong(kind, args, message):
    with pytest.raises(ValueError) as err:
        SCHEMA.check(kind, args)
    assert message in str(err.value)
    assert len(str(err.value)) < 300


def test_the_catalogue_lists_every_action_in_order_and_leaves_out_huge_shapes():
    assert SCHEMA.catalogue() == [
        ("pass", ()),
        ("play", (0,)),
        ("play", (1,)),
        ("play", (2,)),
        ("say", ("yes", True)),
        ("say", ("yes", False)),
        ("say", ("no", True)),
        ("say", ("no", False)),
        ("pay", ("nothing", 0)),  # ("money", 0..10^9) is too big to list
    ]


def test_a_domain_is_a_range_or_a_tuple_of_plain_values():
    with pytest.raises(TypeError):
        ActionSchema("Toy", {"play": ([1, 2],)})
    with pytest.raises(TypeError):
        ActionSchema("Toy", {"play": ((1.5,),)})
