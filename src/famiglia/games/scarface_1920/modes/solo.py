"""The Solo Mode around the solo gang's Action turn (automa.py): setting up the modes, the
solo gang's own setup and Reorganization, what its effects do differently, the choices it
makes inside card effects, its vote, and the one-seat result (SF-S)."""

from __future__ import annotations

from famiglia.core import Action, Result
from famiglia.core.text import plural

from .. import data as D
from ..rules import board as B
from ..rules import known as K
from ..rules.effects import schedule
from ..rules.strength import healing_value
from . import automa as A
from .automa_actions import max_jobs, profit_after


# ----- setup ---------------------------------------------------------------------------------
def init_modes(st, options) -> None:
    """The fields of the Solo Mode, Tequila and the Enforcers (all empty without them); the solo
    gang's setup (SF-S.2, SF-T.10); the Enforcers for hire (SF-T.1, SF-T.13)."""
    solo, tequila = bool(options.get("solo")), bool(options.get("tequila"))
    G = st.gangs
    st.solo, st.tequila = int(solo), int(tequila)
    st.automa = st.players if solo else -1
    st.token = -1
    st.boss_bonus = st.tokens = st.purse = st.enf_moved = st.shot_used = st.unused = 0
    st.dead = -1
    st.bag, st.cubes_out, st.targets, st.deal_tokens = [], [], [], []
    st.enforcers = []
    if tequila:
        st.enforcers = [e for e in range(len(D.ENFORCERS)) if not (solo and e == D.TEQUILA)]
    st.enforcer, st.enf_loc = [-1] * G, [-1] * G
    if solo:
        _setup_solo_gang(st)


def _setup_solo_gang(st) -> None:
    """SF-S.2: a random gang and a random free neighborhood; no cards; 2 Jobs, face up."""
    g, rng = st.automa, st.rng
    st.gang[g] = rng.below(len(D.GANGS))
    free = [n for n in range(len(D.HOODS)) if st.control[n] < 0]
    n = free[rng.below(len(free))]
    st.control[n] = g
    d = D.HOODS[n]["district"]
    st.home[g] = st.token = st.truck[g] = d
    st.dist[g][d] = 1
    st.boss_loc[g] = B.DISTRICT_TAGS[d]
    st.bag = sorted(D.CUBES)
    for _ in range(D.TEQ["start_jobs"] if st.tequila else D.C["start_jobs"]):
        jid = st.job_deck.pop()
        st.jobs[g].append(jid)
        K.shown(st.job_known, jid)
    if st.tequila:
        st.deals[g] = list(D.TEQUILA_DEALS)
        st.deal_tokens = [D.TEQ["starting_tokens"]] * len(D.TEQUILA_DEALS)
        st.targets = [1] * len(D.DISTRICTS)  # 1: the Target side up, 0: the Gunshot side
        st.tokens = st.alcohol[g] + st.guns[g]  # his starting goods are Tequila tokens too
        st.alcohol[g] = st.guns[g] = 0
    who = "Tequila" if st.tequila else "the solo gang"
    st.say(
        f"{who} plays {D.GANGS[st.gang[g]]} and starts in {D.HOODS[n]['name']};"
        f" home district {D.DISTRICTS[d]}"
    )


# ----- its turn --------------------------------------------------------------------------------
def _turn(st, item) -> None:
    """SF-S.4: an Action turn while cubes are in the bag, else a Reorganization."""
    g = item[1]
    st.phase = "solo"
    st.boss_bonus = st.unused = 0
    name = A.name(st, g)
    if st.bag:
        st.say(f"{name}: Action turn")
        schedule(st, [["solo_move", g], ["solo_draw", g]])
    else:
        st.say(f"{name}: Reorganization turn")
        schedule(st, [["solo_reorg", g]])


def _reorganize(st, item) -> None:
    """SF-S.12 (SF-T.15: Tequila steals nothing)."""
    g = item[1]
    A.sell_best(st, g, len(D.HOODS), once_per_hood=True)
    gained = B.profit_of(st, g)
    if gained:
        st.money[g] += gained
        K.counted(st, "money", g, gained)
        st.say(f"{A.name(st, g)} gains {gained} money from its businesses")
    if not st.tequila:
        steal(st, g)
    st.hq[g] += st.authorities[g] + st.job_thugs[g] + sum(st.deal_thugs[g])
    st.authorities[g] = st.job_thugs[g] = 0
    st.deal_thugs[g] = [0] * len(st.deal_thugs[g])
    if st.boss_loc[g] in ("authorities", "job") or st.boss_loc[g].startswith("deal"):
        st.boss_loc[g] = "hq"
    st.bag = sorted(D.CUBES)
    st.cubes_out = []
    schedule(
        st,
        [
            ["retrieve_prison", g, st.lawyers[g]],
            ["heal", g, healing_value(st, g)],
            ["recruit", g, st.recruiters[g]],
            ["time", g],
        ],
    )


def steal(st, g) -> None:
    """The Extortion table's money for the districts where the solo gang has figures and at
    least as many as any rival, taken from the player (at most all he has)."""
    count = 0
    for d in range(len(D.DISTRICTS)):
        mine = B.figures_in(st, g, d)
        if mine and all(B.figures_in(st, o, d) <= mine for o in A.rivals(st, g)):
            count += 1
    if not count:
        return
    victim = 0
    amount = min(D.SOLO["steal"][count - 1], st.money[victim])
    if amount <= 0:
        return
    st.money[victim] -= amount
    K.counted(st, "money", victim, -amount)
    st.money[g] += amount
    st.say(
        f"the solo gang steals {amount} money from {B.name(st, victim)} ({plural(count, 'district')})"
    )


# ----- how its effects differ, and its choices -------------------------------------------------
def _no_street_gangs(st, item) -> None:  # SF-S.23
    st.say("the solo gang never takes Street Gangs")


def _bullets(st, item) -> None:  # SF-S.24
    n = item[2]
    if n > 0:
        money = n * D.SOLO["bullet_money"]
        st.money[item[1]] += money
        K.counted(st, "money", item[1], money)
        st.say(f"{A.name(st, item[1])} takes {money} money instead of {plural(n, 'bullet token')}")


def _tokens(st, item) -> None:  # SF-T.11: Tequila takes Tequila tokens for goods
    st.tokens = max(0, st.tokens + item[2])
    verb = "gains" if item[2] >= 0 else "loses"
    st.say(f"Tequila {verb} {plural(abs(item[2]), 'Tequila token')} (for {item[0]})")


def _sale(st, item) -> None:
    A.sell_best(st, item[1], item[2])


def _heal(st, item) -> None:
    A.heal(st, item[1], item[2])


def _job(st, item) -> None:
    """Jobs it draws lie face up (SF-S.3)."""
    g = item[1]
    for _ in range(item[2]):
        if st.job_deck and len(st.jobs[g]) < max_jobs(st):
            jid = st.job_deck.pop()
            st.jobs[g].append(jid)
            K.shown(st.job_known, jid)
            st.say(f"{A.name(st, g)} draws the job {D.JOBS[jid]['name']}")


def _nothing(st, item) -> None:
    """No cards, no hand, no OPPORTUNITY, no peeking for the solo gang."""


OVERRIDES = {
    "street_gang": _no_street_gangs,
    "bullets": _bullets,
    "sale": _sale,
    "heal": _heal,
    "job": _job,
    "draw": _nothing,
    "opp": _nothing,
    "peek_raid": _nothing,
    "sg_limit": _nothing,
}


def override(st, item) -> bool:
    """Carries out an operation of the solo gang that works differently for it; False if none."""
    op = item[0]
    handler = OVERRIDES.get(op)
    if handler is None and st.tequila and op in ("alcohol", "guns"):
        handler = _tokens
    if handler is None:
        return False
    handler(st, item)
    return True


def decide(st, item, options: list) -> Action:
    """SF-S.13: the solo gang's choice inside an effect, by a fixed rule: which of `options`
    (the choices of its decision `item`, now pending) it takes."""
    g = item[1]
    kind = item[0]
    if kind == "mw":  # SF-S.27
        pick = options[st.rng.below(len(options))]
        st.say(f"the solo gang's Most Wanted type is drawn: {D.CRIMES[pick.args[0]]}")
    else:
        pick = max(options, key=lambda a: (_worth(st, g, kind, a), -options.index(a)))
    return pick


def _worth(st, g, kind, a: Action):  # noqa: C901 - one line per kind of choice
    others = A.rivals(st, g)
    if kind in ("hit", "kill"):
        d, v = a.args[0], a.args[1]
        return (v != g, B.figures_in(st, v, d))
    if kind == "ness":
        d = a.args[0]
        return sum(1 for n in D.HOODS_IN[d] if st.control[n] in others)
    if kind == "police":
        return sum(B.figures_in(st, o, a.args[1]) for o in others)
    if kind == "move_thug":
        return A.STEPS[a.args[0]][st.token] - A.STEPS[a.args[1]][st.token]
    if kind == "business":
        return profit_after(st, a.args[1])
    if kind in ("unbusiness", "bus_extort"):
        n = a.args[0]
        return (
            a.kind == "bus_remove",
            st.control[n] in others,
            B.business_profit(st, st.business[n]),
        )
    return 0


# ----- the election and the end ------------------------------------------------------------------
def vote(st) -> None:
    """SF-S.25: the solo gang backs a Candidate at random, when the player's choice is in."""
    g = st.automa
    st.votes_cast[g] = st.rng.below(2)
    st.say(
        f"the solo gang's vote is drawn: {D.CANDIDATES[st.candidates[st.votes_cast[g]]]['name']}"
    )


def result(st, final: list[int] | None) -> Result:
    """SF-S.14, SF-T.18: one seat, placed 1 when the player beats the solo gang, else 2.
    `final` is every gang's final money (None for a capped game: money alone counts)."""
    g = st.automa
    if st.dead == 0:
        return Result((st.money[0],), (), (2,), bool(st.capped))
    if final is None:
        mine, theirs = (st.money[0],), (st.money[g],)
        score = st.money[0]
    else:
        mine, theirs = (final[0], st.money[0]), (final[g], st.money[g])
        score = final[0]
    won = mine >= theirs  # a tie shared is the player's win
    return Result((score,), (0,) if won else (), (1,) if won else (2,), bool(st.capped))


OPS = {"solo_turn": _turn, "solo_reorg": _reorganize}
