"""The decisions inside effects (SF-4.3): a choice operation with something to choose waits as
`st.pending` ([kind, seat, *args]) for its seat. Here: what each decision offers (its seat's
legal actions) and what the choice made does; the queue then resumes (vocabulary.py).
Whether a choice operation asks at all is effect_checks.py's."""

from __future__ import annotations

from .. import data as D
from ..actions import act
from ..modes.tequila import flip_choices, flip_one
from . import board as B
from . import known as K
from .crime import move_police
from .effect_checks import REMOVABLE, SG_DISTRICTS, available_kinds, business_choices
from .effects import again, card_ops, most_wanted_reward, place_business, remove_business, schedule

STREET_GANG = "street gang"  # marks the hits of a Street Gang's play (their prompts wait)


# ----- what a decision offers ------------------------------------------------------------------
def hit_targets(st, item, pick: str = "hit_pick") -> list:
    """The `pick` actions (hit_pick or kill_pick) of every figure the op `item` may hit."""
    districts = range(len(D.DISTRICTS)) if item[2] == "any" else item[2]
    if isinstance(districts, str):
        districts = (D.D_INDEX[districts],)
    return targets_in(st, districts, pick)


def targets_in(st, districts, pick: str = "hit_pick") -> list:
    """The `pick` actions of every figure in `districts` (numbers) that may be hit."""
    out = []
    dist, boss_loc, enf_loc, shields = st.dist, st.boss_loc, st.enf_loc, st.shields
    gangs = range(len(st.gang))  # (st.gangs, without the property: asked at many moves)
    for d in districts:
        tag = B.DISTRICT_TAGS[d]
        for v in gangs:
            # B.hittable written out: a figure there, no shield against hits, no Bodyguard
            if (
                (dist[v][d] or boss_loc[v] == tag or enf_loc[v] == d)
                and "hit" not in shields[v]
                and not B.guarded(st, v, d)
            ):
                out.append(act(pick, d, v, st.gang[v]))
    return out


BUS_REMOVE = tuple(act("bus_remove", n) for n in range(len(D.HOODS)))
BUS_EXCHANGE = tuple({k: act("bus_exchange", n, k) for k in REMOVABLE} for n in range(len(D.HOODS)))
HEAL_TO = {where: act("heal_to", where) for where in ("hq", "home", "boss_hq", "boss_home")}
SKIP = act("skip")
OPP_PASS = act("opp_pass")
NESS_TO = tuple(  # where Angry Eliot Ness may be moved, by where he stands
    tuple(act("ness_to", d) for d in range(len(D.DISTRICTS)) if d != ness)
    for ness in range(len(D.DISTRICTS))
)
SG_DISCARD = tuple(act("sg_discard", i) for i in range(len(D.STREET_GANGS)))


def sale_choices(st, s) -> list:
    out = []
    for n, g in B.sales(st, s):
        out.append(act("sale", n, g))
    return out


def pending_legal(st) -> list:
    """The choices of the pending decision, with their phrases."""
    # (named written out: most choices are made with their phrase; only Tequila's are not)
    out = choices(st)
    if st.pending[0] == "flip":
        out = [a if a.text else act(a.kind, *a.args) for a in out]
    return out


def choices(st) -> list:
    """The legal actions of the pending decision (texts filled in by pending_legal)."""
    p = st.pending
    return CHOICES[p[0]](st, p, p[1])


# What each decision offers, (st, pending, its seat) -> the actions: CHOICES, below.
def _hits(st, p, s) -> list:
    return hit_targets(st, p, p[0] + "_pick")


def _heal(st, p, s) -> list:
    out = []
    if st.hospital[s]:
        out += [HEAL_TO["hq"], HEAL_TO["home"]]
    if st.boss_loc[s] == "hospital":
        out += [HEAL_TO["boss_hq"], HEAL_TO["boss_home"]]
    return out


def _police(st, p, s) -> list:
    out = []
    for a, b in B.police_moves(st):
        out.append(act("police_move", a, b))
    return out


def _move_thug(st, p, s) -> list:
    out = []
    for a in range(len(D.DISTRICTS)):
        if st.dist[s][a]:
            out += [act("thug_move", a, b, "thug") for b in D.ADJ[a]]
        if B.boss_in(st, s, a):
            out += [act("thug_move", a, b, "boss") for b in D.ADJ[a]]
    return out


def _bus_extort(st, p, s) -> list:
    out = []
    kinds = available_kinds(st, REMOVABLE)
    for n, b in enumerate(st.business):
        if b in REMOVABLE:
            out.append(BUS_REMOVE[n])
            exchanges = BUS_EXCHANGE[n]
            for k in kinds:
                if k != b:
                    out.append(exchanges[k])
    out.append(SKIP)
    return out


def _opportunity(st, p, s) -> list:
    out = []
    for cid in st.hand[s]:
        c = D.CARDS[cid]
        if c["keyword"] == "opportunity" and c["trigger"] == p[2]:
            out.append(act("opp_card", cid))
    for sid in st.street_gangs[s]:
        if D.STREET_GANGS[sid]["opportunity"] == p[2]:
            out.append(act("opp_sg", sid))
    out = sorted(set(out)) if out else out
    out.append(OPP_PASS)
    return out


SG_EFFECTS = tuple(  # a Street Gang's effect A, B
    (act("sg_effect", sid, 0), act("sg_effect", sid, 1)) for sid in range(len(D.STREET_GANGS))
)
SG_NO_HIT = tuple(act("sg_no_hit", sid) for sid in range(len(D.STREET_GANGS)))


def street_gang_choices(st, p, s) -> list:
    """A Street Gang being played (SF-10.1), pending ["sg_play", seat, sid, hit left, effect
    left]: its hit's targets and not hitting, and its effects; with the effect alone left, A,
    B or none ("skip"). With nobody to hit, the hit is no choice (SF-4.3)."""
    sid, hit_left, effect_left = p[2], p[3], p[4]
    hits = targets_in(st, SG_DISTRICTS[sid]) if hit_left else []
    out = hits + [SG_NO_HIT[sid]] if hits else []
    if effect_left:
        out += SG_EFFECTS[sid]
        if not hits:
            out.append(SKIP)
    return out


# Each decision's offers by its kind, looked up at once: in a chain of tests, the commonest
# (a Street Gang's play, a business marker extorted, the OPPORTUNITY prompt) came last.
CHOICES = {
    "hit": _hits,
    "kill": _hits,
    "heal": _heal,
    "ness": lambda st, p, s: list(NESS_TO[st.ness]),
    "police": _police,
    "move_thug": _move_thug,
    "business": lambda st, p, s: business_choices(st, s, p[2]),
    "unbusiness": lambda st, p, s: [
        BUS_REMOVE[n] for n, b in enumerate(st.business) if b in REMOVABLE
    ],
    "bus_extort": _bus_extort,
    "sale": lambda st, p, s: sale_choices(st, s) + [SKIP],
    "mw": lambda st, p, s: [act("mw_pick", c) for c in p[2]],
    "sg_limit": lambda st, p, s: list(SG_DISCARD[: len(st.street_gangs[s])]),
    "sg_play": street_gang_choices,
    "opp": _opportunity,
    "flip": lambda st, p, s: flip_choices(st),
}


# ----- what a choice does ----------------------------------------------------------------------
def resolve(st, seat: int, action) -> None:
    """Carries out the choice `action` of the pending decision, and clears it."""
    p, st.pending = st.pending, []
    kind, a = action.kind, action.args
    if p[0] == "sg_play":
        _sg_play(st, seat, p, kind, a)
        return
    if p[0] == "mw":  # nor which of the two Most Wanted rewards is taken
        K.unannounced(st, p[1], [most_wanted_reward(st, c) for c in p[2]], False, B.profit_of)
    if kind == "skip" or kind == "opp_pass":  # (the commonest answers after a Street Gang's)
        return  # nothing happens
    if kind in ("hit_pick", "kill_pick"):
        d, v = a[0], a[1]
        (B.hit if kind == "hit_pick" else B.kill)(st, v, d)
        if p[3] > 1:
            st.todo.append([p[0], p[1], p[2], p[3] - 1, *p[4:]])
        if v != seat:
            if p[-1] == STREET_GANG:  # a Street Gang's play is not interrupted: ask after it
                _opp_after_street_gang(st, v)
            else:
                schedule(st, [["opp", v, "hit"]])
    elif kind == "heal_to":
        s = p[1]
        where = "hq" if a[0] in ("hq", "boss_hq") else B.DISTRICT_TAGS[st.home[s]]
        if a[0].startswith("boss"):
            st.boss_loc[s] = where
        else:
            st.hospital[s] -= 1
            if where == "hq":
                st.hq[s] += 1
            else:
                st.dist[s][st.home[s]] += 1
        who = "its Angry Boss" if a[0].startswith("boss") else "a thug"
        to = "headquarters" if where == "hq" else D.DISTRICTS[st.home[s]]
        st.say(f"{B.name(st, s)} heals {who} into {to}")
        again(st, p)
    elif kind == "ness_to":
        st.ness = a[0]
        st.say(f"Angry Eliot Ness moves to {D.DISTRICTS[a[0]]}")
    elif kind == "police_move":
        move_police(st, seat, a[0], a[1])
        again(st, p)
    elif kind == "thug_move":
        a0, b0, fig = a
        if fig == "boss":
            st.boss_loc[seat] = B.DISTRICT_TAGS[b0]
        else:
            st.dist[seat][a0] -= 1
            st.dist[seat][b0] += 1
        st.say(f"{B.name(st, seat)} moves a figure from {D.DISTRICTS[a0]} to {D.DISTRICTS[b0]}")
        again(st, p)
    elif kind == "bus_place":
        place_business(st, a[0], a[1])
    elif kind == "bus_remove":
        remove_business(st, a[0])
        again(st, p)
    elif kind == "bus_exchange":
        remove_business(st, a[0])
        place_business(st, a[0], a[1])
        again(st, p)
    elif kind == "sale":
        B.sell(st, seat, a[0], a[1])
        again(st, p)
    elif kind == "mw_pick":
        schedule(st, K.hush(card_ops(seat, most_wanted_reward(st, a[0]))))
    elif kind == "sg_discard":
        sid = st.street_gangs[seat].pop(a[0])
        st.sg_deck.insert(0, sid)
        for other in [sid, *st.street_gangs[seat]]:  # the others cannot tell which one went
            st.sg_known[other] &= 1 << seat
        st.say(f"{B.name(st, seat)} discards a street gang")
        st.todo.append(["sg_limit", seat])
    elif kind == "opp_card":
        st.hand[seat].remove(a[0])
        K.leave_hand(st, seat, a[0])
        st.discard[seat].append(a[0])
        st.say(f"{B.name(st, seat)} plays {D.CARDS[a[0]]['name']} as an opportunity")
        schedule(st, card_ops(seat, D.CARDS[a[0]]["match"]))
    elif kind == "opp_sg":
        st.street_gangs[seat].remove(a[0])
        st.sg_deck.insert(0, a[0])
        K.shown(st.sg_known, a[0])
        sg = D.STREET_GANGS[a[0]]
        st.say(f"{B.name(st, seat)} plays street gang {sg['name']} as an opportunity")
        # SF-10.3: the OPPORTUNITY effect (A), then the hit may be carried out
        items = _street_gang_ops(seat, sg["effects"][0])
        schedule(st, [*items, ["sg_play", seat, a[0], 1, 0], ["sg_end", seat, a[0]]])
    elif kind == "flip_target":
        flip_one(st, seat, p, a)


def _sg_play(st, seat, p, kind, a) -> None:
    """A Street Gang being played (SF-10.1): the player carries out its hit or skips it, and
    uses effect A or B or none, in the order he likes; what is left is asked again. Which
    effect he used (or none) is not announced (SF-13.3): the bounds widen when the effect is
    settled, whatever he picked."""
    s, sid, hit_left, effect_left = p[1], p[2], p[3], p[4]
    if kind == "hit_pick":
        d, v = a[0], a[1]
        B.hit(st, v, d)
        if v != seat:
            _opp_after_street_gang(st, v)
        if effect_left:
            st.todo.append(["sg_play", s, sid, 0, 1])
        return
    if kind == "sg_no_hit":
        st.say(f"{B.name(st, s)} carries out no hit with {D.STREET_GANGS[sid]['name']}")
        if effect_left:
            st.todo.append(["sg_play", s, sid, 0, 1])
        return
    effects = D.STREET_GANGS[sid]["effects"]
    K.unannounced(st, s, effects, True, B.profit_of, SG_SPREADS[sid])  # sg_effect or skip
    items = K.hush(_street_gang_ops(s, effects[a[1]])) if a else []
    if hit_left:
        items.append(["sg_play", s, sid, 1, 0])
    schedule(st, items)


# Each Street Gang's effects' spread on the screened values, when it is the same in every state.
SG_SPREADS = tuple(K.fixed_spread(sg["effects"], True) for sg in D.STREET_GANGS)


def _street_gang_ops(s: int, ops) -> list:
    """A Street Gang effect's operations; its hits and kills are marked, so that the prompts
    they cause wait until the play is over (SF-10.1)."""
    items = card_ops(s, ops)
    for k, i in enumerate(items):
        if i[0] in ("hit", "kill"):
            items[k] = [*i, STREET_GANG]
    return items


def _opp_after_street_gang(st, victim: int) -> None:
    """Queues the victim's OPPORTUNITY prompt (SF-10.3) under the mark of the end of the Street
    Gang's play being carried out (after the prompts already waiting there)."""
    todo = st.todo
    for i in range(len(todo) - 1, -1, -1):
        if todo[i][0] == "sg_end":
            while i > 0 and todo[i - 1][0] == "opp" and todo[i - 1][-1] == STREET_GANG:
                i -= 1
            todo.insert(i, ["opp", victim, "hit", STREET_GANG])
            return
    schedule(st, [["opp", victim, "hit"]])
