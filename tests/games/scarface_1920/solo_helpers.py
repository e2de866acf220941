"""Helpers for the Solo Mode and Tequila tests: a solo game past setup, a clean board, and the
solo gang's actions run on their own."""

from __future__ import annotations

from famiglia.games.scarface_1920 import data as D

from .helpers import GAME, HOOD, do, fresh, ops, settle

G = 1  # the solo gang's gang index in a one-player game


def solo(seed=0, tequila=False, hood=None):
    """A Solo Mode game after setup: the player takes the first gang offered and `hood` (or the
    first free neighborhood not in the solo gang's Home District)."""
    st = GAME.new(1, seed, solo=True, tequila=tequila)
    do(st, str(st.legal_actions(0)[0]))
    if hood is None:
        hood = next(
            D.HOODS[n]["name"]
            for n in range(len(D.HOODS))
            if st.control[n] < 0 and D.HOODS[n]["district"] != st.home[G]
        )
    do(st, f"start in {hood}")
    settle(st)
    return st


def bare(st):
    """Nobody on the board, no control, the police cars and Ness in Far South, which is also
    the solo gang's Home District and where its token stands; its Angry Boss in Headquarters;
    its turn under way (so what follows its actions is the player's turn)."""
    st.turn_seat = G
    st.home[G] = st.token = D.D_INDEX["Far South"]
    for s in range(st.gangs):
        st.dist[s] = [0] * len(D.DISTRICTS)
        st.boss_loc[s] = "hq"
    st.control = [-1] * len(D.HOODS)
    st.business = [""] * len(D.HOODS)
    st.police = [D.D_INDEX["Far South"]] * 3
    st.ness = D.D_INDEX["Far South"]
    return fresh(st)


def cube(st, kind):
    """Runs one of the solo gang's actions now (SF-S.8 to SF-S.11)."""
    ops(st, [["solo_cube", G, kind]])


def meet(st, jid, g=G):
    """Sets the solo gang up so that every requirement of Job `jid` holds."""
    for need in D.JOBS[jid]["needs"]:
        if need[0] == "thugs":
            st.dist[g][D.D_INDEX[need[1]]] += need[2]
        elif need[0] == "deliver":
            if need[1] == "alcohol":
                st.alcohol[g] += need[2]
            else:
                st.guns[g] += need[2]
        elif need[0] == "control":
            free = [n for n in range(len(D.HOODS)) if st.control[n] < 0]
            for n in free[: need[1]]:
                st.control[n] = g
        elif need[0] == "crime_max":
            st.crime[g] = min(st.crime[g], need[1])
        else:
            st.crime[g] = max(st.crime[g], need[1])
    fresh(st)


def own(st, names, gang=G):
    for name in names:
        st.control[HOOD[name]] = gang
    fresh(st)


def solo_turn(st):
    """The solo gang's whole turn, as when the player's turn has just ended."""
    st.turn_seat = G
    ops(st, [["solo_turn", G]])
