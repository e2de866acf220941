"""The Mob's actions: their kinds, how they are built, and the phrase each one reads as.

Every phrase comes from the action's kind and arguments alone, so an action read back from a
record reads the same. No phrase names a card another player cannot see.
"""

from __future__ import annotations

from famiglia.core import ActionBook

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
        f"place {D.SPACE_VALUE[s] // D.GUARD_VALUE} bodyguards on {D.SPACE_NAMES[s]}"
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
    "rehire": lambda n: f"hire back {n} bodyguard{'s' if n != 1 else ''} (${n * D.GUARD_VALUE}k)",
    "invest": lambda: f"invest ${D.INVEST_STEP}k in legal business",
    "stop": lambda: "end investing",
}

_ARITY = {
    "return": 1,
    "keep": 0,
    "play": 1,
    "unused": 1,
    "space": 1,
    "add": 1,
    "done": 0,
    "last": 2,
    "ooc": 3,
    "jail": 2,
    "extort": 1,
    "offer": 2,
    "takeover": 1,
    "bail": 1,
    "undo": 0,
    "rehire": 1,
    "invest": 0,
    "stop": 0,
}


def describe(kind: str, args: tuple) -> str:
    """The phrase for an action; ValueError if the kind or arguments are not The Mob's."""
    phrase = _PHRASES.get(kind)
    if phrase is None or len(args) != _ARITY[kind] or not all(isinstance(a, int) for a in args):
        raise ValueError(f"not a move of The Mob: {kind} {list(args)}")
    try:
        return phrase(*args)
    except (IndexError, KeyError) as exc:
        raise ValueError(f"not a move of The Mob: {kind} {list(args)}") from exc


# Actions are interned: the same move is always the same object, built once.
act = ActionBook(describe).act


_BY_TEXT: dict = {}


def all_actions_by_text() -> dict:
    """Every move The Mob has, by its phrase (normalised): used to explain refusals."""
    if not _BY_TEXT:
        from famiglia.core.actions import normalize_text

        cards, seats, members = range(len(D.CARD_NAMES)), range(6), D.MEMBERS
        pieces = range(GUARD + 1)
        where = [*D.SPACES, *(D.OOC_BASE + i for i in range(len(D.OOC_SPACES)))]
        moves = [act(k) for k in ("keep", "done", "undo", "invest", "stop")]
        moves += [act(k, c) for k in ("return", "play", "unused") for c in cards]
        moves += [act("space", s) for s in D.SPACES] + [act("takeover", s) for s in D.SPACES]
        moves += [act("add", p) for p in pieces] + [act("bail", m) for m in members]
        moves += [act("last", s, p) for s in D.SPACES for p in pieces]
        moves += [
            act("ooc", i, o, m) for i in range(len(D.OOC_SPACES)) for o in seats for m in members
        ]
        moves += [act("jail", o, m) for o in seats for m in members]
        moves += [act("extort", o) for o in seats] + [act("rehire", n) for n in pieces]
        moves += [act("offer", o, w) for o in seats for w in where]
        _BY_TEXT.update((normalize_text(a.text), a) for a in moves)
    return _BY_TEXT
