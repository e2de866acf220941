"""The Mob's phase table: the year's four decisions, what each offers and does, and where the
year goes next (the rules of each are in turn.py). Bail and undoing an investment belong to no
phase: a player may make them at any of his decisions (MOB-5.4, MOB-6.5), so they are added
around the table here."""

from __future__ import annotations

from famiglia.core import Phase

from . import turn as T
from . import yearend as Y
from .state import MobState

PHASES = {
    "exchange": Phase(
        T.exchange_actions,
        T.exchange,
        next=("play",),
        decision=("give back cards to exchange, or keep the other cards", "MOB-2.2"),
    ),
    "play": Phase(
        T.play_actions,
        T.play,
        next=("rehire", "invest", "exchange", "over"),
        decision=("play a card of your hand, or lay it down unused", "MOB-2.3"),
    ),
    "rehire": Phase(
        T.rehire_actions,
        T.rehiring,
        next=("invest", "exchange", "over"),
        decision=("choose how many bodyguards to hire back", "MOB-6.3"),
    ),
    "invest": Phase(
        T.invest_actions,
        T.investing,
        next=("exchange", "over"),
        decision=("invest in legal business, or end investing", "MOB-6.5"),
    ),
}


def legal_actions(s: MobState, seat: int) -> list:
    """The phase's moves, then bail and undo where open."""
    found = PHASES[s.phase].legal(s, seat)
    for extra in T.free_actions(s, seat):
        if extra not in found:
            found.append(extra)
    return found


def apply(s: MobState, seat: int, action) -> None:
    if action.kind == "bail":
        Y.bail(s, seat, action.args[0])
    elif action.kind == "undo":
        Y.undo_investment(s, seat)
    else:
        PHASES[s.phase].apply(s, seat, action)
