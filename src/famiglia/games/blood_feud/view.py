"""What a seat sees of Blood Feud, and a bot's sample of what it cannot know."""

from __future__ import annotations

from famiglia.core import Rng

from . import data as D
from .state import ABOARD, AT, EXTRA, FLAG, KIND, MOVES, OWNER, copy_step


def view(s, seat) -> dict:
    # Blood Feud hides nothing: the board, purses and captives are on the table.
    return {
        "round": s.round,
        "turn": s.turn,
        "phase": s.phase,
        "homes": list(s.home),  # "": a seat still to choose its starting point
        "ranking": list(s.ranking),  # the order the seats choose them in (BF-1.2)
        "alive": list(s.alive),
        "money": list(s.money),
        "income": list(s.income),
        "districts": {
            D.NAMES[i]: [s.owner[i], s.building[i], s.price[i]]
            for i in D.DISTRICTS
            if s.owner[i] >= 0 or s.building[i]
        },
        "units": [
            [uid, u[OWNER], u[KIND], D.NAMES[u[AT]], u[MOVES], u[FLAG], u[ABOARD], u[EXTRA]]
            for uid, u in s.units.items()
        ],
        "captives": [list(c) for c in s.captives],
        "invites": [list(x) for x in s.invites],
        "handovers": [list(x) for x in s.handovers],
        "deliveries": [list(x) for x in s.deliveries],
        "todo": [copy_step(p) for p in s.todo],
        # Negotiations open once per phase of a turn, and a deal goes to each seat at most
        # PROPOSALS_PER_TURN times a turn (BF-9.5): what the table saw decides what is legal.
        "negotiated": s.talked[0] == s.turn_no and s.talked[1] == s.phase,
        "deals_proposed_to": list(s.asked) if s.asked_turn == s.turn_no else [],
        "over": s.over,
        "winners": list(s.winners),
    }


def determinize(s, seat, seed):
    # Everything on the table is open; only the dice to come are unknown: reseed them.
    c = s.clone()
    c.rng = Rng(seed)
    return c
