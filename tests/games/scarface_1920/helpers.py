"""Shared helpers: a game past setup, and small tools to set up exact positions."""

from __future__ import annotations

import famiglia
from famiglia.games.scarface_1920 import data as D
from famiglia.games.scarface_1920.rules.effects import schedule
from famiglia.games.scarface_1920.rules.vocabulary import run

GAME = famiglia.load("scarface-1920")
HOOD = {h["name"]: i for i, h in enumerate(D.HOODS)}
DIS = D.D_INDEX
CARD = D.CARD_BY_NAME


def started(players=2, seed=0, picks=None, **options):
    """A game after setup. `picks[seat] = (gang name, neighborhood name)`; by default seat s
    plays gang s and starts in Rogers Park / The Loop / Bronzeville / Pullman."""
    default = ["Rogers Park", "The Loop", "Bronzeville", "Pullman"]
    picks = picks or [(D.GANGS[s], default[s]) for s in range(players)]
    st = GAME.new(players, seed, **options)
    while st.phase == "setup" and not st.pending:
        s = st.seats_to_act()[0]
        gang, hood = picks[s]
        text = f"play {gang}" if st.gang[s] < 0 else f"start in {hood}"
        st.apply(s, GAME.parse_action(st, s, text))
    settle(st)
    return st


def settle(st):
    """Answers any pending decision with its first choice until none is left."""
    guard = 0
    while st.pending and guard < 100:
        s = st.seats_to_act()[0]
        st.apply(s, st.legal_actions(s)[0])
        guard += 1


def fresh(st):
    """Forget cached legal actions after editing a state by hand."""
    st._legal = {}
    return st


def do(st, text, seat=None):
    seat = st.seats_to_act()[0] if seat is None else seat
    st.apply(seat, GAME.parse_action(st, seat, text))


def texts(st, seat=None):
    seat = st.seats_to_act()[0] if seat is None else seat
    return [str(a) for a in st.legal_actions(seat)]


def ops(st, items):
    """Runs effect items [op, seat, *args] right now."""
    schedule(st, items)
    run(st)
    fresh(st)


def to_actions(st, seat=0, plan=()):
    """Seat's Action turn, Plan laid out with the named cards (taken from anywhere)."""
    st.turn_seat = seat
    st.pending = []
    st.todo = []
    st.phase = "actions"
    st.used = []
    st.order_used = st.extortion_used = st.ignore_tokens = 0
    for name in plan:
        cid = CARD[name]
        for pile in (st.hand[seat], st.deck[seat], st.discard[seat]):
            if cid in pile:
                pile.remove(cid)
        st.plan[seat].append(cid)
    return fresh(st)


def clear_board(st):
    """No thugs in districts, no control, no police cars in the way (moved to Far North)."""
    for s in range(st.players):
        st.dist[s] = [0] * 7
        st.boss_loc[s] = "hq"
    st.control = [-1] * len(D.HOODS)
    return fresh(st)
