"""What a decision offers: the choices of a pending decision (the legal actions of its seat),
whether a choice op offers anything, and whether an effect would do something now (an action
with a null effect is not offered, SF-5.3). Reads the state, changes nothing."""

from __future__ import annotations

from .. import data as D
from . import board as B
from . import enforcers as E
from .texts import act

# Decisions that other rules modules add: pending kind -> choices (set in rules/__init__.py).
MORE_CHOICES: dict = {}


# ----- whether an effect does something ------------------------------------------------------
def usefulness(ops):
    """Whether the operations `ops` would do something now, as a check (st, s) -> bool made
    once per list (any of them useful), or None when the list does something in every state:
    a gain (or a Crime rise) or an operation that always has an effect."""
    if any(op[0] not in USEFUL or (op[0] in _GAINS and op[1] > 0) for op in ops):
        return None
    checks = tuple((USEFUL[op[0]], op) for op in ops)

    def check(st, s) -> bool:
        for useful, op in checks:
            if useful(st, s, op):
                return True
        return False

    return check


_GAINS = {"money", "alcohol", "guns", "votes", "bullets", "crime"}


def _gain_useful(field):
    return lambda st, s, op: op[1] > 0 or getattr(st, field)[s] > 0


# Whether an operation would do something now, for the operations whose usefulness depends
# on the state (any other is always useful): (st, s, op) -> bool.
USEFUL = {
    **{field: _gain_useful(field) for field in ("money", "alcohol", "guns", "votes", "bullets")},
    "draw": lambda st, s, op: bool(st.deck[s]),
    "street_gang": lambda st, s, op: bool(st.sg_deck),
    "job": lambda st, s, op: (
        bool(st.job_deck) and len(st.jobs[s]) + len(st.active_jobs[s]) < D.C["max_jobs"]
    ),
    "recruit": lambda st, s, op: st.slums[s] > 0,
    "retrieve_prison": lambda st, s, op: st.prison[s] > 0 or st.boss_loc[s] == "prison",
    "retrieve_deal": lambda st, s, op: any(st.deal_thugs[s]) or st.boss_loc[s].startswith("deal"),
    "heal": lambda st, s, op: hospital(st, s) > 0,
    "crime": lambda st, s, op: op[1] > 0 or st.crime[s] > st.ness_level,
    "hit": lambda st, s, op: any_hit_target(st, op[1]),
    "kill": lambda st, s, op: any_hit_target(st, op[1]),
    "sale": lambda st, s, op: B.can_sell(st, s),
    "business": lambda st, s, op: bool(business_choices(st, s, op[1])),
    "unbusiness": lambda st, s, op: removable_business(st),
    "profit": lambda st, s, op: B.profit_of(st, s) > 0,
    "move_thug": lambda st, s, op: any(st.dist[s]) or st.boss_loc[s] in B.DISTRICT_TAGS,
    "peek_raid": lambda st, s, op: bool(st.raid_deck) and st.raid_peek[s] != st.raid_deck[-1],
    "shield": lambda st, s, op: op[1] not in st.shields[s],
}


# ----- the choices of a pending decision -----------------------------------------------------
def hit_targets(st, item, pick: str = "hit_pick") -> list:
    """The `pick` actions (hit_pick or kill_pick) of every figure the op `item` may hit."""
    districts = range(len(D.DISTRICTS)) if item[2] == "any" else item[2]
    if isinstance(districts, str):
        districts = (D.D_INDEX[districts],)
    out = []
    for d in districts:
        for v in range(st.gangs):
            if B.hittable(st, v, d):
                out.append(act(pick, d, v, st.gang[v]))
    return out


def any_hit_target(st, where) -> bool:
    """Whether hit_targets finds any (without making them)."""
    districts = range(len(D.DISTRICTS)) if where == "any" else where
    if isinstance(districts, str):
        districts = (D.D_INDEX[districts],)
    anywhere = where == "any"
    for v in range(st.gangs):  # B.hittable, gang by gang: its shield, then its figures
        if "hit" in st.shields[v]:
            continue
        if anywhere and st.enforcer[v] < 0:  # no Bodyguard: any figure on the board will do
            if any(st.dist[v]) or st.boss_loc[v] in B.TAG_DISTRICT:
                return True
            continue
        figures = B.figures(st, v)
        for d in districts:
            if figures[d] and not E.guarded(st, v, d):
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
            out += [places[k] for k in kinds]
    return out


def available(st, kind) -> bool:
    if kind == "nightclub":
        return bool(st.nightclubs)
    return st.track[KIND_INDEX[kind]] > 0


def available_kinds(st, kinds) -> list:
    """Those of `kinds` with a marker left, in the order given."""
    return [k for k in kinds if available(st, k)]


ALL_KINDS = ("speakeasy", "brothel", "casino", "nightclub")
REMOVABLE = ("speakeasy", "brothel", "casino")  # the markers an effect may remove or exchange
KIND_INDEX = {kind: i for i, kind in enumerate(D.BUSINESS_KINDS)}
# Each neighborhood's business choices, made once: [n][kind]
BUS_PLACE = tuple({k: act("bus_place", n, k) for k in ALL_KINDS} for n in range(len(D.HOODS)))
BUS_REMOVE = tuple(act("bus_remove", n) for n in range(len(D.HOODS)))
BUS_EXCHANGE = tuple({k: act("bus_exchange", n, k) for k in REMOVABLE} for n in range(len(D.HOODS)))
HEAL_TO = {where: act("heal_to", where) for where in ("hq", "home", "boss_hq", "boss_home")}
SKIP = act("skip")


def sale_choices(st, s) -> list:
    return [act("sale", n, g) for n, g in B.sales(st, s)]


def choices(st) -> list:
    """The legal actions of the pending decision (texts filled in by the caller)."""
    p = st.pending
    kind, s = p[0], p[1]
    if kind in ("hit", "kill"):
        return hit_targets(st, p, kind + "_pick")
    if kind == "heal":
        out = []
        if st.hospital[s]:
            out += [HEAL_TO["hq"], HEAL_TO["home"]]
        if st.boss_loc[s] == "hospital":
            out += [HEAL_TO["boss_hq"], HEAL_TO["boss_home"]]
        return out
    if kind == "ness":
        return [act("ness_to", d) for d in range(len(D.DISTRICTS)) if d != st.ness]
    if kind == "police":
        return [act("police_move", *ab) for ab in B.police_moves(st)]
    if kind == "move_thug":
        out = []
        for a in range(len(D.DISTRICTS)):
            if st.dist[s][a]:
                out += [act("thug_move", a, b, "thug") for b in D.ADJ[a]]
            if B.boss_in(st, s, a):
                out += [act("thug_move", a, b, "boss") for b in D.ADJ[a]]
        return out
    if kind == "business":
        return business_choices(st, s, p[2])
    if kind == "unbusiness":
        return [BUS_REMOVE[n] for n, b in enumerate(st.business) if b in REMOVABLE]
    if kind == "bus_extort":
        out = []
        kinds = available_kinds(st, REMOVABLE)
        for n, b in enumerate(st.business):
            if b in REMOVABLE:
                out.append(BUS_REMOVE[n])
                exchanges = BUS_EXCHANGE[n]
                out += [exchanges[k] for k in kinds if k != b]
        out.append(SKIP)
        return out
    if kind == "sale":
        return sale_choices(st, s) + [SKIP]
    if kind == "mw":
        return [act("mw_pick", c) for c in p[2]]
    if kind == "sg_limit":
        return [act("sg_discard", i) for i in range(len(st.street_gangs[s]))]
    if kind == "sg_play":
        return street_gang_choices(st, p)
    if kind == "opp":
        out = []
        for cid in st.hand[s]:
            c = D.CARDS[cid]
            if c["keyword"] == "opportunity" and c["trigger"] == p[2]:
                out.append(act("opp_card", cid))
        for sid in st.street_gangs[s]:
            if D.STREET_GANGS[sid]["opportunity"] == p[2]:
                out.append(act("opp_sg", sid))
        return sorted(set(out)) + [act("opp_pass")]
    if kind in MORE_CHOICES:
        return MORE_CHOICES[kind](st)
    raise KeyError(kind)


SG_EFFECTS = tuple(  # a Street Gang's effect A, B
    (act("sg_effect", sid, 0), act("sg_effect", sid, 1)) for sid in range(len(D.STREET_GANGS))
)
SG_NO_HIT = tuple(act("sg_no_hit", sid) for sid in range(len(D.STREET_GANGS)))
SG_DISTRICTS = tuple(tuple(sg["hit"]) for sg in D.STREET_GANGS)


def sg_districts(sid: int) -> tuple:
    """The districts a Street Gang's hit may land in."""
    return SG_DISTRICTS[sid]


def street_gang_choices(st, p) -> list:
    """A Street Gang being played (SF-10.1), pending ["sg_play", seat, sid, hit left, effect
    left]: its hit's targets and not hitting, and its effects; with the effect alone left, A,
    B or none ("skip"). With nobody to hit, the hit is no choice (SF-4.3)."""
    sid, hit_left, effect_left = p[2], p[3], p[4]
    hits = hit_targets(st, [p[0], p[1], list(SG_DISTRICTS[sid])]) if hit_left else []
    out = hits + [SG_NO_HIT[sid]] if hits else []
    if effect_left:
        out += SG_EFFECTS[sid]
        if not hits:
            out.append(SKIP)
    return out


def can_move_figure(st, s) -> bool:
    return any(st.dist[s]) or st.boss_loc[s] in B.TAG_DISTRICT


def removable_business(st) -> bool:
    business = st.business
    return "speakeasy" in business or "brothel" in business or "casino" in business
