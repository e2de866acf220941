"""Carrying out the order given (SF-5.4, SF-6): the steps it offers now, and what may come
between them. Giving the order (which ones may be given, the figure sent, the Plan's points
counted) is order_start.py's; what each step does, paid from those points (`order_m`,
`order_i`), and finishing it are order_moves.py's.
"""

from __future__ import annotations

from .. import data as D
from ..actions import act
from ..modes import enforcers as E
from . import board as B
from .board import DEAL_TAGS
from .effect_checks import REMOVABLE, available_kinds
from .strength import upgrade_cost
from .turn import PLAY_SG, skills_legal

UPGRADES = ("boss", "hand", "lawyers", "recruiters", "dealers")
UPGRADE_MAX = {"boss": 5, "hand": 6, "lawyers": 3, "recruiters": 3, "dealers": 2}


def _upgrade_value(st, s, kind) -> int:
    return {
        "boss": st.boss_row[s],
        "hand": st.hand_size[s],
        "lawyers": st.lawyers[s],
        "recruiters": st.recruiters[s],
        "dealers": st.dealer_bonus[s],
    }[kind]


def locked(st, s) -> list:
    """Advanced gang members not yet unlocked."""
    mine = (
        set(st.hand[s])
        | set(st.deck[s])
        | set(st.discard[s])
        | set(st.plan[s])
        | set(st.duration_cards[s])
        | set(st.snitches[s])
    )
    return [c for c in D.GANG_ADVANCED[st.gang[s]] if c not in mine]


def units(st, s) -> list:
    """The choices while an order is carried out: its next steps, then (SF-14.11) the Street
    Gangs and skills that may come between two steps, then finishing it. An order with null
    effect is no action (SF-5.3): it is finished only once one of its steps was carried out
    (order_flag), or when none is possible any more (a Street Gang or a skill played between
    steps used up what they needed), so that the player is never stuck."""
    # order_steps written out (every move of an order asks): a list of its own, to which the
    # others add theirs
    steps = STEPS.get(st.order_kind)
    out = steps(st, s, st.order_m, st.order_i, st.order_fig) if steps is not None else []
    steps = len(out)
    out += skills_legal(st, s)
    if held := st.street_gangs[s]:  # the Street Gangs held
        for sid in sorted(held) if len(held) > 1 else held:
            out.append(PLAY_SG[sid])
    if st.order_flag or not steps:
        out.append(ORDER_DONE)
    return out


ORDER_DONE = act("order_done")


def order_steps(st, s) -> list:
    """The steps of the order being carried out that are possible now."""
    steps = STEPS.get(st.order_kind)
    return steps(st, s, st.order_m, st.order_i, st.order_fig) if steps is not None else []


# Each order's steps possible now, (st, s, muscle left, influence left, figure) -> the
# actions: STEPS, below, looks them up by the order's kind.
def _recruit(st, s, m, i, fig) -> list:
    return [STEP_RECRUIT] if i >= 1 and st.slums[s] else []


def _job(st, s, m, i, fig) -> list:
    if i >= 1 and st.job_deck and len(st.jobs[s]) + len(st.active_jobs[s]) < D.C["max_jobs"]:
        return [STEP_DRAW_JOB]
    return []


def _dealer(st, s, m, i, fig) -> list:
    return [STEP_DRAW_DEALER] if i >= 1 and st.dealer_deck else []


def _sell(st, s, m, i, fig) -> list:
    out = []
    if i >= 1:
        for n, g in B.sales(st, s):
            out.append(act("sell", n, g))
    return out


def _hire(st, s, m, i, fig) -> list:
    out = []
    for cid in sorted(st.market):
        if D.CARD_STARS[cid] <= i:
            out.append(HIRES[cid])
    if st.enforcers:
        out += E.hire_units(st, s, i)  # SF-E.2
    return out


def _decontrol(st, s, m, i, fig) -> list:
    if i < 5:
        return []
    return [
        act("decontrol", n)
        for n in range(len(D.HOODS))
        if st.control[n] >= 0 and st.control[n] != s
    ]


def _reduce(st, s, m, i, fig) -> list:
    return [STEP_REDUCE_CRIME] if i >= 1 and st.crime[s] > st.ness_level else []


def _business(st, s, m, i, fig) -> list:
    out = []
    if i >= 1:
        kinds = available_kinds(st, REMOVABLE)  # (speakeasy, brothel, casino: nightclubs aside)
        for n in range(len(D.HOODS)):
            if st.control[n] == s and not st.business[n]:
                adds = ADD_BUSINESS[n]
                for k in kinds:
                    out.append(adds[k])
    return out


def _prison(st, s, m, i, fig) -> list:
    if (
        i >= 2
        and not st.order_flag  # one step: all of them at once
        and (st.prison[s] or st.boss_loc[s] == "prison")
    ):
        return [STEP_FREE_PRISON]
    return []


def _sell_auth(st, s, m, i, fig) -> list:
    out = []
    if i >= 1:
        if st.alcohol[s]:
            out.append(SELL_ALCOHOL)
        if st.guns[s]:
            out.append(SELL_GUNS)
    return out


SELL_ALCOHOL, SELL_GUNS = act("sell_auth", "alcohol"), act("sell_auth", "guns")


def _send(st, s, m, i, fig) -> list:
    out = []
    if m >= 1:
        targets = []
        for d in range(len(D.DISTRICTS)):
            if B.presence(st, s, d):
                targets.append(d)
        if st.hq[s]:
            for d in targets:
                out.append(SENDS["thug"][d])
        if fig == "boss" and st.boss_loc[s] == "hq":
            for d in targets:
                out.append(SENDS["boss"][d])
    return out


def _move(st, s, m, i, fig) -> list:
    out = []
    if m >= 1:
        if fig == "thug":
            dist = st.dist[s]
            for a in range(len(D.DISTRICTS)):
                if dist[a]:
                    out += MOVES["thug"][a]
        elif (a := B.TAG_DISTRICT.get(st.boss_loc[s], -1)) >= 0:
            out += MOVES["boss"][a]
        # the aid's "move a car": a police car, 1 muscle per district (its Extra V effect too)
        out += move_cars(st)
        # SF-6.11: the gang's truck, carrying up to truck_load of its thugs from its district
        a = st.truck[s]
        out += TRUCK_MOVES[a][min(D.C["truck_load"], st.dist[s][a])]
    return out


def _seize(st, s, m, i, fig) -> list:
    out = []
    if not st.order_flag:  # one neighborhood per order (SF-6.9)
        for n in range(len(D.HOODS)):
            d = D.HOODS[n]["district"]
            if fig == "boss" and not B.boss_in(st, s, d):
                continue
            if B.can_seize(st, s, n) and m >= B.seize_cost(st, s, n):
                out.append(act("seize", n))
    return out


def _deals(st, s, m, i, fig) -> list:
    out = []
    boss = 1 if fig == "boss" and st.boss_loc[s] == "hq" else 0
    if st.hq[s] or boss:
        for k, did in enumerate(st.deals[s]):
            deal = D.DEALERS[did]
            if (
                on_deal(st, s, k) < deal["limit"]
                and (m if deal["pay"] == "muscle" else i) >= deal["cost"]
            ):
                out.append(act("deal", k, did, deal["pay"], boss))
    return out


def _upgrade(st, s, m, i, fig) -> list:
    if st.money[s] < upgrade_cost(st, s) or st.upgrades[s] >= D.C["max_upgrades"]:
        return []
    pays = [(pm, 2 - pm) for pm in (2, 1, 0) if pm <= m and 2 - pm <= i]
    kinds = [(k, -1) for k in UPGRADES if _upgrade_value(st, s, k) < UPGRADE_MAX[k]]
    kinds += [("unlock", c) for c in locked(st, s)]
    return [act("upgrade", k, c, pm, pi) for k, c in kinds for pm, pi in pays]


# The orders' steps by kind, looked up at once: in a chain of tests, the commonest (move,
# deals, send) came 11th to 14th.
STEPS = {
    "recruit": _recruit,
    "job": _job,
    "dealer": _dealer,
    "sell": _sell,
    "hire": _hire,
    "decontrol": _decontrol,
    "reduce": _reduce,
    "business": _business,
    "prison": _prison,
    "sell_auth": _sell_auth,
    "send": _send,
    "move": _move,
    "seize": _seize,
    "deals": _deals,
    "upgrade": _upgrade,
}


# The steps that come back order after order, made once.
STEP_RECRUIT, STEP_DRAW_JOB, STEP_DRAW_DEALER, STEP_REDUCE_CRIME, STEP_FREE_PRISON = (
    act(kind) for kind in ("recruit", "draw_job", "draw_dealer", "reduce_crime", "free_prison")
)
HIRES = tuple(act("hire", cid) for cid in range(len(D.CARDS)))
ADD_BUSINESS = tuple({k: act("add_business", n, k) for k in REMOVABLE} for n in range(len(D.HOODS)))
SENDS = {
    fig: tuple(act("send", d, fig) for d in range(len(D.DISTRICTS))) for fig in ("thug", "boss")
}
MOVES = {
    fig: tuple(tuple(act("move", a, b, fig) for b in D.ADJ[a]) for a in range(len(D.DISTRICTS)))
    for fig in ("thug", "boss")
}
TRUCK_MOVES = tuple(  # from district a carrying up to `load` thugs: [a][load]
    tuple(
        tuple(act("move_truck", a, b, k) for b in D.ADJ[a] for k in range(load + 1))
        for load in range(D.C["truck_load"] + 1)
    )
    for a in range(len(D.DISTRICTS))
)
_MOVE_CARS: dict = {}  # police cars' districts -> the moves of a car


def move_cars(st) -> tuple:
    key = tuple(st.police)
    out = _MOVE_CARS.get(key)
    if out is None:
        out = _MOVE_CARS[key] = tuple(act("move_car", a, b) for a, b in B.police_moves(st))
    return out


def on_deal(st, s, k) -> int:
    """Figures of s on its k-th Deal: thugs and the Angry Boss count toward its limit (SF-6.10)."""
    return st.deal_thugs[s][k] + (1 if st.boss_loc[s] == DEAL_TAGS[k] else 0)
