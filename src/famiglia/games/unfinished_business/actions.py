"""The moves of Unfinished Business and the phrases players read.

Every action's text comes from its kind and args alone (cards by name, Dons by seat number),
and each distinct action is built once and reused: the hot path only looks actions up.
"""

from __future__ import annotations

from famiglia.core.actions import Action

from .cards import IS_PROP, KIND_BY_NAME

ZONES = ("bank", "betting office")  # the face-down zones a swap reaches, by index


def _card(name) -> str:
    if not isinstance(name, str) or name not in KIND_BY_NAME:
        raise ValueError(f"unknown card {name!r}")
    return name


def _seat(seat) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 6:
        raise ValueError(f"a seat must be a number 0..5, got {seat!r}")
    return seat


def _zone(zone) -> str:
    if zone not in ZONES:
        raise ValueError(f"unknown zone {zone!r}; zones: {', '.join(ZONES)}")
    return zone


def _discard(card):
    name = _card(card)
    return f"put {name} on the black market" if IS_PROP[KIND_BY_NAME[name]] else f"discard {name}"


def _play(card, seat=None):
    return f"play {_card(card)}" if seat is None else f"play {_card(card)} on seat {_seat(seat)}"


_TEXT = {
    "invest": lambda a, b: f"invest {_card(a)} + {_card(b)}",
    "market": lambda card, top: f"buy the black-market {_card(top)} with {_card(card)}",
    "attack": lambda seat, card: f"attack seat {_seat(seat)} with {_card(card)}",
    "play": _play,
    "plan": lambda: "plan: draw 1 card, then discard 1",
    "bonus": lambda card: f"put {_card(card)} in my safe",
    "nobonus": lambda: "no starting bonus",
    "answer": lambda card: f"answer with {_card(card)}",
    "giveup": lambda: "give up the fight",
    "loot": lambda card: f"loot {_card(card)} into my safe",
    "discard": _discard,
    "launder": lambda card: f"launder {_card(card)}",
    "stop": lambda: "stop laundering",
    "take": lambda card: f"take {_card(card)}",
    "swaptake": lambda card, zone: f"take {_card(card)} from the {_zone(zone)}",
    "swapgive": lambda card, zone: f"put {_card(card)} in the {_zone(zone)}",
    "noswap": lambda: "swap nothing",
    "pass": lambda card: f"pass {_card(card)} to the left",
    "revenge": lambda seat, card: f"take revenge on seat {_seat(seat)} with {_card(card)}",
    "norevenge": lambda: "let the revenge go",
}

KINDS = tuple(_TEXT)


def describe(kind: str, args: tuple) -> str:
    """The phrase for an action; ValueError when kind or args name no move of this game."""
    text = _TEXT.get(kind)
    if text is None:
        raise ValueError(f"unknown action {kind!r}; actions: {', '.join(_TEXT)}")
    try:
        return text(*args)
    except TypeError as exc:
        raise ValueError(f"wrong arguments {list(args)!r} for action {kind!r}") from exc


_MADE: dict = {}


def make(kind: str, args: tuple = ()) -> Action:
    """The action (kind, args), built once."""
    key = (kind, args)
    action = _MADE.get(key)
    if action is None:
        action = _MADE[key] = Action(kind, args, describe(kind, args))
    return action
