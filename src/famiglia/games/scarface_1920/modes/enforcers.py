"""The Enforcers (SF-E), in play with Tequila: hired in the Hire order, moved by their owner once
a turn; Tequila as an Enforcer shoots (SF-T.2). Their figures on the board, their abilities and
their loss are board questions (rules/board.py)."""

from __future__ import annotations

from .. import data as D
from ..actions import act
from ..rules import known as K
from ..rules.board import figures_in, name, working
from .tequila import gunshot


# ----- hiring, moving, shooting ----------------------------------------------------------------
def fee(e: int) -> int:
    return D.TEQ["fee"] if e == D.TEQUILA else 0


def hire_units(st, s, influence: int) -> list:
    """SF-E.2: steps of the Hire order; at most one Enforcer per gang."""
    if not st.enforcers or st.enforcer[s] >= 0:
        return []
    return [
        act("hire_enforcer", e)
        for e in st.enforcers
        if D.ENFORCERS[e]["stars"] <= influence and st.money[s] >= fee(e)
    ]


def hire(st, s, a) -> None:
    e = a[0]
    card = D.ENFORCERS[e]
    st.order_i -= card["stars"]
    st.enforcers.remove(e)
    st.enforcer[s] = e
    st.enf_loc[s] = st.home[s]
    st.say(f"{name(st, s)} hires the Enforcer {card['name']}, who stands in its Home District")
    if fee(e):  # SF-T.1: Tequila's fee goes into his own purse
        st.money[s] -= fee(e)
        K.spent(st, "money", s, fee(e))
        st.purse += fee(e)
        st.say(f"{name(st, s)} pays Tequila his fee of {fee(e)} money")


def actions(st, s) -> list:
    """SF-E.3: move the Enforcer once a turn; SF-T.2: Tequila's gunshot (Standard Mode)."""
    out = []
    if st.enforcer[s] < 0:
        return out
    here = st.enf_loc[s]
    if not st.enf_moved:
        out += [act("enforcer_move", here, b) for b in D.ADJ[here]]
    d = working(st, s, "gunshot")
    if d >= 0 and not st.shot_used and not st.solo and len(st.news_seen):
        out += [
            act("gunshot", v, st.gang[v])
            for v in range(st.players)
            if v != s and figures_in(st, v, d)
        ]
    return out


def move(st, s, a) -> None:
    st.enf_moved = 1
    st.enf_loc[s] = a[1]
    enforcer = D.ENFORCERS[st.enforcer[s]]["name"]
    st.say(f"{name(st, s)} moves {enforcer} from {D.DISTRICTS[a[0]]} to {D.DISTRICTS[a[1]]}")


def shoot(st, s, a) -> None:
    st.shot_used = 1
    st.say(f"{name(st, s)}'s Tequila fires at {name(st, a[0])}")
    gunshot(st, a[0])
