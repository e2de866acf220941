"""The Enforcers (SF-E): hired in the Hire order, a figure of their gang on the board, moved by
their owner once a turn, lost when hit; abilities that Angry Eliot Ness switches off."""

from __future__ import annotations

from .. import data as D
from . import known as K
from .texts import act


def working(st, s, ability: str) -> int:
    """The district where s's Enforcer with `ability` stands and works, else -1 (SF-E.5)."""
    e = st.enforcer[s]
    if e < 0 or D.ENFORCERS[e]["ability"] != ability:
        return -1
    d = st.enf_loc[s]
    return d if d != st.ness else -1


def guarded(st, s, d) -> bool:
    """The Bodyguard: s's figures in its district cannot be hit."""
    return st.enforcer[s] >= 0 and working(st, s, "guard") == d


def seize_discount(st, s, d) -> int:
    if st.enforcer[s] >= 0 and working(st, s, "torpedo") == d:
        return D.ENFORCERS[st.enforcer[s]]["torpedo"]
    return 0


def sale_bonus(st, s, d) -> int:
    if st.enforcer[s] >= 0 and working(st, s, "bagman") == d:
        return D.ENFORCERS[st.enforcer[s]]["bagman"]
    return 0


# ----- hiring, moving, losing ------------------------------------------------------------------
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
    st.say(f"{_gang(st, s)} hires the Enforcer {card['name']}, who stands in its Home District")
    if fee(e):  # SF-T.1: Tequila's fee goes into his own purse
        st.money[s] -= fee(e)
        K.spent(st, "money", s, fee(e))
        st.purse += fee(e)
        st.say(f"{_gang(st, s)} pays Tequila his fee of {fee(e)} money")


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
        from .board import figures_in

        out += [
            act("gunshot", v, st.gang[v])
            for v in range(st.players)
            if v != s and figures_in(st, v, d)
        ]
    return out


def move(st, s, a) -> None:
    st.enf_moved = 1
    st.enf_loc[s] = a[1]
    name = D.ENFORCERS[st.enforcer[s]]["name"]
    st.say(f"{_gang(st, s)} moves {name} from {D.DISTRICTS[a[0]]} to {D.DISTRICTS[a[1]]}")


def shoot(st, s, a) -> None:
    from .tequila import gunshot

    st.shot_used = 1
    st.say(f"{_gang(st, s)}'s Tequila fires at {_gang(st, a[0])}")
    gunshot(st, a[0])


def lose(st, s) -> None:
    """SF-E.4: a hit or killed Enforcer leaves the gang; its card can be hired again."""
    e = st.enforcer[s]
    st.enforcer[s] = st.enf_loc[s] = -1
    st.enforcers.append(e)
    st.enforcers.sort()
    st.say(f"{_gang(st, s)} loses the Enforcer {D.ENFORCERS[e]['name']}")


def _gang(st, s) -> str:
    from .board import name

    return name(st, s)
