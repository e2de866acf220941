"""Whether an effect would do something now: of a card's operations (an action with a null
effect is not offered, SF-5.3), and of a choice operation (one with nothing to choose is
skipped). Reads the state, changes nothing. What a pending decision offers and what a choice
does are decisions.py's."""

from __future__ import annotations

from .. import data as D
from ..actions import act
from . import board as B


# ----- whether a card's operations do something ----------------------------------------------
def usefulness(ops):
    """Whether the operations `ops` would do something now, as a check (st, s) -> bool made
    once per list (any of them useful), or None when the list does something in every state:
    a gain (or a Crime rise) or an operation that always has an effect."""
    if any(op[0] not in USEFUL or (op[0] in _GAINS and op[1] > 0) for op in ops):
        return None
    checks = tuple(USEFUL[op[0]](op) for op in ops)
    if len(checks) == 1:
        return checks[0]  # (most lists: the operation's own check, with no loop around it)

    def check(st, s) -> bool:
        for useful in checks:
            if useful(st, s):
                return True
        return False

    return check


_GAINS = {"money", "alcohol", "guns", "votes", "bullets", "crime"}


def _gain_useful(field):
    return lambda op: lambda st, s: op[1] > 0 or getattr(st, field)[s] > 0


def _any_op(check):
    """The check of an operation whose arguments do not matter to it."""
    return lambda op: check


# Whether an operation would do something now, for the operations whose usefulness depends
# on the state (any other is always useful): op -> its check (st, s) -> bool, made once per
# printed operation (so that a card's check is one call).
USEFUL = {
    **{field: _gain_useful(field) for field in ("money", "alcohol", "guns", "votes", "bullets")},
    "draw": _any_op(lambda st, s: bool(st.deck[s])),
    "street_gang": _any_op(lambda st, s: bool(st.sg_deck)),
    "job": _any_op(
        lambda st, s: (
            bool(st.job_deck) and len(st.jobs[s]) + len(st.active_jobs[s]) < D.C["max_jobs"]
        )
    ),
    "recruit": _any_op(lambda st, s: st.slums[s] > 0),
    "retrieve_prison": _any_op(lambda st, s: st.prison[s] > 0 or st.boss_loc[s] == "prison"),
    "retrieve_deal": _any_op(
        lambda st, s: any(st.deal_thugs[s]) or st.boss_loc[s].startswith("deal")
    ),
    # (hospital() written out: a skill's check is asked at every move of an Action turn)
    "heal": _any_op(lambda st, s: st.hospital[s] > 0 or st.boss_loc[s] == "hospital"),
    "crime": lambda op: lambda st, s: op[1] > 0 or st.crime[s] > st.ness_level,
    "hit": lambda op: lambda st, s: any_hit_target(st, op[1]),
    "kill": lambda op: lambda st, s: any_hit_target(st, op[1]),
    "sale": _any_op(lambda st, s: B.can_sell(st, s)),
    "business": lambda op: lambda st, s: bool(business_choices(st, s, op[1])),
    "unbusiness": _any_op(lambda st, s: removable_business(st)),
    "profit": _any_op(lambda st, s: B.profit_of(st, s) > 0),
    "move_thug": _any_op(lambda st, s: any(st.dist[s]) or st.boss_loc[s] in B.DISTRICT_TAGS),
    "peek_raid": _any_op(lambda st, s: bool(st.raid_deck) and st.raid_peek[s] != st.raid_deck[-1]),
    "shield": lambda op: lambda st, s: op[1] not in st.shields[s],
}


# ----- whether a choice operation has something to choose -------------------------------------
def any_hit_target(st, where) -> bool:
    """Whether hit_targets finds any (without making them)."""
    districts = range(len(D.DISTRICTS)) if where == "any" else where
    if isinstance(districts, str):
        districts = (D.D_INDEX[districts],)
    anywhere = where == "any"
    boss_loc, enf_loc, tags = st.boss_loc, st.enf_loc, B.DISTRICT_TAGS
    for v in range(len(st.gang)):  # B.hittable, gang by gang: its shield, then its figures
        if "hit" in st.shields[v]:
            continue
        if anywhere and st.enforcer[v] < 0:  # no Bodyguard: any figure on the board will do
            if any(st.dist[v]) or boss_loc[v] in B.TAG_DISTRICT:
                return True
            continue
        dist = st.dist[v]
        for d in districts:
            # B.figures_in written out (the few districts of a hit: no list of all of them)
            if (dist[d] or boss_loc[v] == tags[d] or enf_loc[v] == d) and not B.guarded(st, v, d):
                return True
    return False


def hospital(st, s) -> int:
    return st.hospital[s] + (1 if st.boss_loc[s] == "hospital" else 0)


def business_choices(st, s, kind) -> list:
    kinds = available_kinds(st, ALL_KINDS if kind == "any" else (kind,))
    if not kinds:
        return []
    out = []
    control, business, n = st.control, st.business, -1
    for _ in range(control.count(s)):  # the neighborhoods s controls, found by the list itself
        n = control.index(s, n + 1)
        if not business[n]:
            places = BUS_PLACE[n]
            for k in kinds:
                out.append(places[k])
    return out


def available(st, kind) -> bool:
    if kind == "nightclub":
        return bool(st.nightclubs)
    return st.track[KIND_INDEX[kind]] > 0


def available_kinds(st, kinds) -> list:
    """Those of `kinds` with a marker left, in the order given."""
    out = []
    for k in kinds:
        if available(st, k):
            out.append(k)
    return out


ALL_KINDS = ("speakeasy", "brothel", "casino", "nightclub")
REMOVABLE = ("speakeasy", "brothel", "casino")  # the markers an effect may remove or exchange
KIND_INDEX = {kind: i for i, kind in enumerate(D.BUSINESS_KINDS)}
# Each neighborhood's business choices, made once: [n][kind]
BUS_PLACE = tuple({k: act("bus_place", n, k) for k in ALL_KINDS} for n in range(len(D.HOODS)))


SG_DISTRICTS = tuple(tuple(sg["hit"]) for sg in D.STREET_GANGS)


def sg_districts(sid: int) -> tuple:
    """The districts a Street Gang's hit may land in."""
    return SG_DISTRICTS[sid]


def can_move_figure(st, s) -> bool:
    return any(st.dist[s]) or st.boss_loc[s] in B.TAG_DISTRICT


def removable_business(st) -> bool:
    business = st.business
    return "speakeasy" in business or "brothel" in business or "casino" in business
