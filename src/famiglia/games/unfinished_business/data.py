"""The cards of Unfinished Business, read once from data.toml and turned into flat tables.

A card kind is a small int: property kinds first (in data order), then action cards, then
events. A card held in a hidden zone (hand, safe, bank, betting office, poker slot) is an int
`kind | mask << KIND_BITS`, where `mask` has bit s set when seat s knows that this card is
there (the zone's owner always knows and has no bit of his own), and bit PUBLIC_BIT when every
seat and a spectator know it.
"""

from __future__ import annotations

import tomllib
from importlib import resources

KIND_BITS = 5
KIND_MASK = (1 << KIND_BITS) - 1
MAX_SEATS = 6
PUBLIC_BIT = 1 << MAX_SEATS  # inside the mask: the card is known to everyone

_EFFECTS = {
    "action": {
        "discard_kinds",
        "burglary",
        "launder",
        "godfather",
        "funeral",
        "interrogation",
        "swap",
        "key",
    },
    "event": {
        "discard_kinds",
        "random_discard",
        "robbery",
        "poker",
        "draw_each",
        "new_hand",
        "revenge",
    },
}


def _load() -> dict:
    text = resources.files(__package__).joinpath("data.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _validate(data: dict) -> None:
    setup = data["setup"]
    for key in (
        "hand_size",
        "black_market",
        "bank",
        "betting_office",
        "action_cards",
        "event_cards",
        "safes",
    ):
        if not isinstance(setup.get(key), int) or setup[key] < 0:
            raise ValueError(f"data.toml: setup.{key} must be a whole number >= 0")
    names = [c["name"] for group in ("property", "action", "event") for c in data[group]]
    if len(set(names)) != len(names):
        raise ValueError("data.toml: card names must be unique")
    if len(names) > KIND_MASK + 1:
        raise ValueError("data.toml: too many card kinds for the card encoding")
    for card in data["property"]:
        if card["value"] <= 0 or card["count"] <= 0:
            raise ValueError(f"data.toml: property {card['name']} needs a value and a count")
    if not any(not c.get("joker", False) for c in data["property"]):
        raise ValueError("data.toml: some property kind must not be a joker")
    for group in ("action", "event"):
        for card in data[group]:
            if card["effect"] not in _EFFECTS[group]:
                raise ValueError(
                    f"data.toml: {group} {card['name']}: unknown effect {card['effect']!r}"
                )
            for kind in card.get("kinds", ()):
                if kind not in [p["name"] for p in data["property"]]:
                    raise ValueError(f"data.toml: {card['name']} names unknown card {kind!r}")
    keys = [c for c in data["action"] if c["effect"] == "key"]
    if len(keys) != 1:
        raise ValueError("data.toml: exactly one action card must have the key effect")
    if setup["action_cards"] > len(data["action"]) - 1:
        raise ValueError("data.toml: setup.action_cards exceeds the action cards there are")
    if setup["event_cards"] > len(data["event"]):
        raise ValueError("data.toml: setup.event_cards exceeds the event cards there are")
    if setup["safes"] < MAX_SEATS:
        raise ValueError("data.toml: there must be a safe for each of 6 seats")


DATA = _load()
_validate(DATA)
SETUP = DATA["setup"]
HAND_SIZE: int = SETUP["hand_size"]

NAME: list[str] = []
VALUE: list[int] = []
COUNT: list[int] = []
IS_PROP: list[bool] = []
IS_JOKER: list[bool] = []
IS_ACTION: list[bool] = []
IS_EVENT: list[bool] = []
EFFECT: list[str] = []
INFO: list[dict] = []  # the card's whole data entry

for _group in ("property", "action", "event"):
    for _card in DATA[_group]:
        NAME.append(_card["name"])
        VALUE.append(_card.get("value", 0))
        COUNT.append(_card.get("count", 1) if _group == "property" else 1)
        IS_PROP.append(_group == "property")
        IS_JOKER.append(bool(_card.get("joker", False)))
        IS_ACTION.append(_group == "action")
        IS_EVENT.append(_group == "event")
        EFFECT.append(_card.get("effect", ""))
        INFO.append(_card)

KINDS = len(NAME)
KIND_BY_NAME = {name: k for k, name in enumerate(NAME)}
PROPERTY_KINDS = tuple(k for k in range(KINDS) if IS_PROP[k])
JOKERS = tuple(k for k in PROPERTY_KINDS if IS_JOKER[k])
ACTION_KINDS = tuple(k for k in range(KINDS) if IS_ACTION[k])
EVENT_KINDS = tuple(k for k in range(KINDS) if IS_EVENT[k])
KEY = next(k for k in ACTION_KINDS if EFFECT[k] == "key")
GODFATHER = next(k for k in ACTION_KINDS if EFFECT[k] == "godfather")
TOTAL_CARDS = sum(COUNT)
# Cards that name another Don: the Godfather shields his owner from these (UB-7.6).
TARGETED = frozenset(
    k for k in ACTION_KINDS if EFFECT[k] in ("burglary", "funeral", "interrogation")
)
# Kinds listed by discard effects, as frozensets of kinds.
DISCARD_KINDS = {
    k: frozenset(KIND_BY_NAME[n] for n in INFO[k].get("kinds", ())) for k in range(KINDS)
}


def set_order(kind: int) -> int:
    """Sort key inside a set: the real property first, jokers after (they lie under it)."""
    return kind + (KINDS if IS_JOKER[kind] else 0)


_SET_ORDER = [set_order(kind) for kind in range(KINDS)]


def make_set(kinds) -> tuple:
    """A set as a tuple of kinds, its non-joker type first."""
    if len(kinds) == 2:  # (most sets: an Investment, a purchase, what a loot leaves)
        a, b = kinds
        return (a, b) if _SET_ORDER[a] <= _SET_ORDER[b] else (b, a)
    return tuple(sorted(kinds, key=_SET_ORDER.__getitem__))  # (a table: no call per card)


def names(kinds) -> list[str]:
    return [NAME[k] for k in kinds]
