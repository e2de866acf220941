"""The moves of Unfinished Business and the phrases players read.

Every action's text comes from its kind and args alone (cards by name, Dons by seat number),
and each distinct action is built once and reused: the hot path only looks actions up.
"""

from __future__ import annotations

from famiglia.core import ActionSchema
from famiglia.core.actions import Action

from .data import IS_ACTION, IS_PROP, KIND_BY_NAME, MAX_SEATS, NAME

ZONES = ("bank", "betting office")  # the face-down zones a swap reaches, by index

CARDS = tuple(NAME)
PROPERTIES = tuple(n for k, n in enumerate(NAME) if IS_PROP[k])
ACTIONS = tuple(n for k, n in enumerate(NAME) if IS_ACTION[k])
SEATS = range(MAX_SEATS)

# Every action and the values of its arguments: records and requests are checked against it.
SCHEMA = ActionSchema(
    "Unfinished Business",
    {
        "invest": (PROPERTIES, PROPERTIES),
        "market": (PROPERTIES, PROPERTIES),
        "attack": (SEATS, PROPERTIES),
        "play": [(ACTIONS,), (ACTIONS, SEATS)],
        "plan": (),
        "bonus": (PROPERTIES,),
        "nobonus": (),
        "answer": (PROPERTIES,),
        "giveup": (),
        "loot": (PROPERTIES,),
        "discard": (CARDS,),
        "launder": (PROPERTIES,),
        "stop": (),
        "take": (CARDS,),
        "swaptake": (CARDS, ZONES),
        "swapgive": (PROPERTIES, ZONES),
        "noswap": (),
        "pass": (CARDS,),
        "revenge": (SEATS, PROPERTIES),
        "norevenge": (),
    },
)


def _discard(card):
    return f"put {card} on the black market" if IS_PROP[KIND_BY_NAME[card]] else f"discard {card}"


def _play(card, seat=None):
    return f"play {card}" if seat is None else f"play {card} on seat {seat}"


_TEXT = {
    "invest": lambda a, b: f"invest {a} + {b}",
    "market": lambda card, top: f"buy the black-market {top} with {card}",
    "attack": lambda seat, card: f"attack seat {seat} with {card}",
    "play": _play,
    "plan": lambda: "plan: draw 1 card, then discard 1",
    "bonus": lambda card: f"put {card} in my safe",
    "nobonus": lambda: "no starting bonus",
    "answer": lambda card: f"answer with {card}",
    "giveup": lambda: "give up the fight",
    "loot": lambda card: f"loot {card} into my safe",
    "discard": _discard,
    "launder": lambda card: f"launder {card}",
    "stop": lambda: "stop laundering",
    "take": lambda card: f"take {card}",
    "swaptake": lambda card, zone: f"take {card} from the {zone}",
    "swapgive": lambda card, zone: f"put {card} in the {zone}",
    "noswap": lambda: "swap nothing",
    "pass": lambda card: f"pass {card} to the left",
    "revenge": lambda seat, card: f"take revenge on seat {seat} with {card}",
    "norevenge": lambda: "let the revenge go",
}

KINDS = tuple(_TEXT)


def describe(kind: str, args: tuple) -> str:
    """The phrase for an action; ValueError when kind or args name no move of this game."""
    SCHEMA.check(kind, args)
    return _TEXT[kind](*args)


_MADE: dict = {}


def make(kind: str, args: tuple = ()) -> Action:
    """The action (kind, args), built once."""
    key = (kind, args)
    action = _MADE.get(key)
    if action is None:
        action = _MADE[key] = Action(kind, args, describe(kind, args))
    return action
