"""Giving the Action turn's one order (SF-5.4): which orders can be given now (SF-5.3: only
those that can do something), and giving one. Its steps are order_steps.py's and
order_moves.py's.

Each order is checked from its first step without building its steps: every move of an
Action turn asks."""

from __future__ import annotations

from .. import data as D
from ..actions import ORDER_TEXT, act
from ..modes import enforcers as E
from . import board as B
from . import known as K
from .board import DEAL_TAGS
from .crime import change_crime
from .strength import boss_bonus, plan_strength, upgrade_cost

# The orders by where their figure goes (SF-5.4): the Underworld, the Authorities, elsewhere.
UNDERWORLD = ("recruit", "job", "dealer", "sell", "hire")
AUTHORITIES = ("decontrol", "reduce", "business", "prison", "sell_auth")
OTHER = ("send", "move", "seize", "deals", "upgrade")


def startable(st, s, out=None) -> list:
    """Orders that can do something now: an order with null effect is not an action (SF-5.3).
    Each order's first unit is checked without building its steps (the hot path). A Street
    Gang or a skill that the step list also offers (SF-14.11) could be played without the
    order and does not make it worth giving. Added to `out` if given (the Action turn's list:
    no list of their own to make and copy over), which is returned."""
    if out is None:
        out = []
    m, i = plan_strength(st, s)
    loc = st.boss_loc[s]
    boss_at = B.TAG_DISTRICT.get(loc, -1)  # the Angry Boss's district, if he stands in one
    # every order's first step costs a point (LEAST_COST): without one a thug gives none
    thug, boss = st.hq[s] > 0 and (m >= 1 or i >= 1), loc == "hq"
    if boss or boss_at >= 0:  # his points count only where he may be given an order from
        bm, bi = boss_bonus(st, s)
        bm, bi = m + bm, i + bi
    else:
        bm = bi = 0
    if thug or boss:
        _from_hq(st, s, out, m, i, bm, bi, thug, boss)
    if m >= 1:  # a police car can always be moved
        out.append(THUG_ORDER["move"])
    if boss_at >= 0 and bm >= 1:
        out.append(BOSS_ORDER["move"])
    # (every shield is at least 2: with less muscle, no seizing to look for)
    if m >= 2 and _can_seize(st, s, m, -1):
        out.append(THUG_ORDER["seize"])
    if boss_at >= 0 and bm >= 2 and _can_seize(st, s, bm, boss_at):
        out.append(BOSS_ORDER["seize"])
    # some kind of upgrade and some split of the 2 points always remain then
    if m + i >= 2 and st.money[s] >= upgrade_cost(st, s) and st.upgrades[s] < MAX_UPGRADES:
        out.append(THUG_ORDER["upgrade"])
    return out


def _from_hq(st, s, out, m, i, bm, bi, thug, boss) -> None:  # noqa: C901 - one branch per order
    """Adds to `out` the orders given from Headquarters, in the order offered. Most need some
    influence and something on the board: `BY_FIGURE[kind][thug has enough][boss has enough]`
    are the figures that bring enough; hire, send and deals are checked with each figure's
    points."""
    ti, bo = i if thug else -1, bi if boss else -1  # the influence each brings (-1: not there)
    t1, b1 = ti >= 1, bo >= 1
    by1 = BY_FIGURES[t1][b1]  # each order's figures with enough for one step
    if t1 or b1:
        if st.slums[s] > 0:
            out += by1["recruit"]
        if st.job_deck and len(st.jobs[s]) + len(st.active_jobs[s]) < MAX_JOBS:
            out += by1["job"]
        if st.dealer_deck:
            out += by1["dealer"]
        if B.can_sell(st, s):
            out += by1["sell"]
    if thug and _can_hire(st, s, i):
        out.append(THUG_ORDER["hire"])
    if boss and _can_hire(st, s, bi):
        out.append(BOSS_ORDER["hire"])
    control = st.control
    # a rival's marker: neither nobody's (-1) nor s's own
    if (ti >= 5 or bo >= 5) and control.count(-1) + control.count(s) < len(control):
        out += BY_FIGURE["decontrol"][ti >= 5][bo >= 5]
    if t1 or b1:
        if st.crime[s] > st.ness_level:
            out += by1["reduce"]
        if any(st.track) and _free_hood(st, s):
            out += by1["business"]
    if (ti >= 2 or bo >= 2) and (st.prison[s] > 0 or st.boss_loc[s] == "prison"):
        out += BY_FIGURE["prison"][ti >= 2][bo >= 2]
    if (t1 or b1) and (st.alcohol[s] > 0 or st.guns[s] > 0):
        out += by1["sell_auth"]
    if thug and m >= 1:
        out.append(THUG_ORDER["send"])
    if boss and bm >= 1:
        out.append(BOSS_ORDER["send"])
    if thug and _can_deal(st, s, m, i):
        out.append(THUG_ORDER["deals"])
    if boss and _can_deal(st, s, bm, bi):
        out.append(BOSS_ORDER["deals"])


def _free_hood(st, s) -> bool:
    """A neighborhood s controls without a business marker."""
    control, business, n = st.control, st.business, -1
    for _ in range(control.count(s)):  # the neighborhoods s controls, found by the list itself
        n = control.index(s, n + 1)
        if not business[n]:
            return True
    return False


def _can_seize(st, s, m, only) -> bool:
    """A neighborhood s may seize with m muscle (in district `only` if not -1: the Boss's).
    Whether s has a control marker left is asked last, of a neighborhood found: few Action
    turns find one, and counting the markers on the whole board is dear."""
    if m < 2:  # every shield is at least 2
        return False
    figures, control, police = B.figures(st, s), st.control, st.police
    torpedo = st.enforcer[s] >= 0  # (the Torpedo may lower a cost: B.seize_cost says)
    for d in range(len(figures)) if only < 0 else (only,):
        if not figures[d] or d in police:
            continue
        for n in D.HOODS_IN[d]:
            # B.can_seize written out (the gang's figures, the police and its markers are seen)
            owner = control[n]
            if owner < 0:  # nobody's: its shield alone, which the Torpedo only lowers
                if m >= HOOD_SHIELD[n] or (torpedo and m >= B.seize_cost(st, s, n)):
                    return control.count(s) < MAX_CONTROL
            elif owner != s and "seize" not in st.shields[owner] and m >= B.seize_cost(st, s, n):
                return control.count(s) < MAX_CONTROL
    return False


def _can_deal(st, s, m, i) -> bool:
    thugs, boss = st.deal_thugs[s], st.boss_loc[s]
    for k, did in enumerate(st.deals[s]):
        # on_deal written out: the thugs and the Angry Boss on the k-th Deal
        by_muscle, cost, limit = DEAL_FACTS[did]
        if (m if by_muscle else i) >= cost and thugs[k] + (boss == DEAL_TAGS[k]) < limit:
            return True
    return False


DEAL_FACTS = tuple(zip(D.DEAL_BY_MUSCLE, D.DEAL_COST, D.DEAL_LIMIT, strict=True))  # per Deal
HOOD_SHIELD = tuple(hood["shield"] for hood in D.HOODS)
MAX_CONTROL = D.C["control_markers"]


def _can_hire(st, s, i) -> bool:
    for c in st.market:
        if D.CARD_STARS[c] <= i:
            return True
    return bool(st.enforcers and E.hire_units(st, s, i))


ORDERS = {(kind, fig): act("order", kind, fig) for kind in ORDER_TEXT for fig in ("thug", "boss")}


def _by_figure(kind: str) -> tuple:
    thug, boss = ORDERS[kind, "thug"], ORDERS[kind, "boss"]
    return ((), (boss,)), ((thug,), (thug, boss))


BY_FIGURE = {kind: _by_figure(kind) for kind in ORDER_TEXT}  # [a thug can][the Boss can]
# the same by the figures first: [a thug can][the Boss can][kind]
BY_FIGURES = tuple(
    tuple({kind: BY_FIGURE[kind][t][b] for kind in ORDER_TEXT} for b in (0, 1)) for t in (0, 1)
)
THUG_ORDER = {kind: ORDERS[kind, "thug"] for kind in ORDER_TEXT}
BOSS_ORDER = {kind: ORDERS[kind, "boss"] for kind in ORDER_TEXT}
MAX_JOBS = D.C["max_jobs"]
# The least any order's first step costs: its rule's own point, the cheapest Deal, Associate in
# the market or Enforcer. At 1, a figure with no point can give no order (startable).
LEAST_COST = min(
    1,
    min(D.DEAL_COST),
    min(D.CARD_STARS[c] for c in D.ASSOCIATES),
    min(e["stars"] for e in D.ENFORCERS),
)
if LEAST_COST < 1:
    raise ValueError("startable skips a thug with no point: an order costing none needs it")
MAX_UPGRADES = D.C["max_upgrades"]


def _orders_given(who: str) -> dict:
    return {kind: f"{who} gives an order: {text}" for kind, text in ORDER_TEXT.items()}


ORDER_LINES = B.by_gang(_orders_given)  # by gang and kind of order


def give(st, s, a) -> None:
    """Gives the order `a` (kind, figure): the figure goes where the order sends it and the
    Plan's points (with the Angry Boss's row) are counted for its steps (SF-5.4)."""
    kind, fig = a
    m, i = plan_strength(st, s)
    if fig == "boss":
        bm, bi = boss_bonus(st, s)
        m, i = m + bm, i + bi
    st.order_used = 1
    st.phase = "order"
    st.order_kind, st.order_fig, st.order_m, st.order_i, st.order_flag = kind, fig, m, i, 0
    st.say((ORDER_LINES[st.gang[s]] or _orders_given(B.name(st, s)))[kind])
    if kind in UNDERWORLD or kind in AUTHORITIES:
        if fig == "boss":
            st.boss_loc[s] = "underworld" if kind in UNDERWORLD else "authorities"
        else:
            st.hq[s] -= 1
            if kind in UNDERWORLD:
                st.underworld[s] += 1
            else:
                st.authorities[s] += 1
        if kind in UNDERWORLD:
            change_crime(st, s, 1)  # (at once: queued, it would be the next op run)
        else:
            # every thug sent to the Authorities brings a Vote, while the supply has one
            if K.take(st, "votes", s, 1):
                st.say("you take a vote", (s,))
            else:
                st.say("no Vote is left in the supply")
