"""The Mob's actions: their kinds, how they are built, and the phrase each one reads as.

Every phrase comes from the action's kind and arguments alone, so an action read back from a
record reads the same. No phrase names a card another player cannot see.
"""

from __future__ import annotations

from famiglia.core import ActionBook, ActionSchema
from famiglia.core.text import plural

from . import data as D

GUARD = 8  # as a piece number: "a bodyguard" (members are 0..7)


def where_name(where: int) -> str:
    if where >= D.OOC_BASE:
        return D.OOC_SPACES[where - D.OOC_BASE]
    return D.SPACE_NAMES[where]


def _piece(piece: int) -> str:
    return "a bodyguard" if piece == GUARD else D.MEMBER_NAMES[piece]


def _seat(seat: int) -> str:
    return f"seat {seat}"


_PHRASES = {
    "return": lambda c: f"return {D.CARD_NAMES[c]}",
    "keep": lambda: "keep the other cards",
    "play": lambda c: f"play {D.CARD_NAMES[c]}",
    "unused": lambda c: f"lay down {D.CARD_NAMES[c]} unused",
    "space": lambda s: f"choose {D.SPACE_NAMES[s]}",
    "add": lambda p: f"add {_piece(p)}",
    "done": lambda: "finish placing",
    "last": lambda s, p: (
        f"place {plural(D.SPACE_VALUE[s] // D.GUARD_VALUE, 'bodyguard')} on {D.SPACE_NAMES[s]}"
        if p == GUARD
        else f"place {D.MEMBER_NAMES[p]} on {D.SPACE_NAMES[s]}"
    ),
    "ooc": lambda i, seat, m: f"send {_seat(seat)}'s {D.MEMBER_NAMES[m]} to {D.OOC_SPACES[i]}",
    "jail": lambda seat, m: f"jail {_seat(seat)}'s {D.MEMBER_NAMES[m]}",
    "extort": lambda seat: f"collect protection money from {_seat(seat)}",
    "offer": lambda seat, w: f"remove {_seat(seat)}'s pieces from {where_name(w)}",
    "takeover": lambda s: f"take over {D.SPACE_NAMES[s]}",
    "bail": lambda m: f"bail out {D.MEMBER_NAMES[m]} (${D.MEMBER_VALUES[m]}k)",
    "undo": lambda: f"undo an investment (+${D.UNDO_REFUND}k)",
    "rehire": lambda n: f"hire back {plural(n, 'bodyguard')} (${n * D.GUARD_VALUE}k)",
    "invest": lambda: f"invest ${D.INVEST_STEP}k in legal business",
    "stop": lambda: "end investing",
}

CARDS = range(len(D.CARD_NAMES))
SEATS = range(6)  # the most seats a table of The Mob has
PIECES = range(GUARD + 1)  # the members, then "a bodyguard"
WHERE = (*D.SPACES, *(D.OOC_BASE + i for i in range(len(D.OOC_SPACES))))

# Every action and the values of its arguments: records and requests are checked against it.
SCHEMA = ActionSchema(
    "The Mob",
    {
        "return": (CARDS,),
        "keep": (),
        "play": (CARDS,),
        "unused": (CARDS,),
        "space": (D.SPACES,),
        "add": (PIECES,),
        "done": (),
        "last": (D.SPACES, PIECES),
        "ooc": (range(len(D.OOC_SPACES)), SEATS, D.MEMBERS),
        "jail": (SEATS, D.MEMBERS),
        "extort": (SEATS,),
        "offer": (SEATS, WHERE),
        "takeover": (D.SPACES,),
        "bail": (D.MEMBERS,),
        "undo": (),
        "rehire": (range(D.BODYGUARDS + 1),),
        "invest": (),
        "stop": (),
    },
)


def describe(kind: str, args: tuple) -> str:
    """The phrase for an action; ValueError if the kind or arguments are not The Mob's."""
    SCHEMA.check(kind, args)
    return _PHRASES[kind](*args)


# Actions are interned: the same move is always the same object, built once.
act = ActionBook(describe).act
