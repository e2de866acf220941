"""Scarface 1920's actions: their kinds and arguments (SCHEMA), the phrase each reads as, built
from its kind and args alone so that a record reads back the same (PHRASES), and `act`, which
builds each distinct action once."""

from __future__ import annotations

from famiglia.core import Action, ActionBook, ActionSchema
from famiglia.core.text import plural

from . import data as D

ORDER_TEXT = {
    "recruit": "Underworld, recruit thugs",
    "job": "Underworld, get jobs",
    "dealer": "Underworld, get dealers",
    "sell": "Underworld, sell in the neighborhoods",
    "hire": "Underworld, hire associates",
    "decontrol": "Authorities, remove control markers",
    "reduce": "Authorities, reduce your crime rate",
    "business": "Authorities, add business markers",
    "prison": "Authorities, retrieve your thugs from prison",
    "sell_auth": "Authorities, sell to the authorities",
    "send": "send thugs to districts",
    "move": "move thugs, a police car or your truck",
    "seize": "seize a neighborhood",
    "deals": "get supply from deals",
    "upgrade": "upgrade your gang",
}
EXTORT_TEXT = {  # the phrase, and what is counted in it
    "gangs": ("get {}", "street gang"),
    "business": ("remove or exchange {}", "business marker"),
    "jobs": ("ignore requirements of {}", "job"),
    "heal": ("heal {}", "thug"),
    "districts": ("gain money from {}", "district"),
}
HEAL_TEXT = {
    "hq": "heal a thug to headquarters",
    "home": "heal a thug to your home district",
    "boss_hq": "heal the Angry Boss to headquarters",
    "boss_home": "heal the Angry Boss to your home district",
}
UPGRADE_TEXT = {
    "boss": "the Boss track",
    "hand": "hand size",
    "lawyers": "lawyers",
    "recruiters": "recruiters",
    "dealers": "dealers supply",
}


DISTRICTS = range(len(D.DISTRICTS))
HOODS = range(len(D.HOODS))
CARDS = range(len(D.CARDS))
STREET_GANGS = range(len(D.STREET_GANGS))
GANGS = range(len(D.GANGS))
SEATS = range(4)  # the most seats a table of Scarface 1920 has
GOODS = ("alcohol", "guns")
FIGURES = ("thug", "boss")
BUSINESSES = tuple(D.BUSINESS_KINDS)
PAY = range(3)  # muscle or influence points paid for an upgrade
# The most tokens one extortion can use: the largest room any of them has (SF-9).
MOST_EXTORTED = max(len(D.STREET_GANGS), len(D.HOODS), len(D.JOBS), D.C["thugs"] + 1)

# Every action and the values of its arguments: records and requests are checked against it.
SCHEMA = ActionSchema(
    "Scarface 1920",
    {
        "gang": (GANGS,),
        "start": (HOODS,),
        "lay": (CARDS,),
        "plan_done": (),
        "skill": (CARDS,),
        "match": (CARDS,),
        "order": (tuple(ORDER_TEXT), FIGURES),
        "extort": (tuple(EXTORT_TEXT), range(1, MOST_EXTORTED + 1)),
        "play_sg": (STREET_GANGS,),
        "activate": (range(len(D.JOBS)),),
        "activate_boss": (range(len(D.JOBS)),),
        "fulfil": (range(len(D.JOBS)), (0, 1)),
        "bribe": (DISTRICTS, DISTRICTS),
        "ness_votes": (DISTRICTS,),
        "end_actions": (),
        "reorganize": (),
        "reorg_good": (GOODS,),
        "reorg_hood": (HOODS,),
        "reorg_confirm": (HOODS, GOODS),
        "vote": (tuple(sorted({c["party"] for c in D.CANDIDATES})),),
        "recruit": (),
        "draw_job": (),
        "draw_dealer": (),
        "sell": (HOODS, GOODS),
        "hire": (CARDS,),
        "decontrol": (HOODS,),
        "reduce_crime": (),
        "add_business": (HOODS, BUSINESSES),
        "free_prison": (),
        "sell_auth": (GOODS,),
        "send": (DISTRICTS, FIGURES),
        "move": (DISTRICTS, DISTRICTS, FIGURES),
        "move_car": (DISTRICTS, DISTRICTS),
        "move_truck": (DISTRICTS, DISTRICTS, range(D.C["truck_load"] + 1)),
        "seize": (HOODS,),
        "deal": (range(len(D.DEALERS)), range(len(D.DEALERS)), ("muscle", "influence"), (0, 1)),
        "upgrade": [
            (tuple(UPGRADE_TEXT), (-1,), PAY, PAY),
            ("unlock", CARDS, PAY, PAY),
        ],
        "order_done": (),
        "hit_pick": (DISTRICTS, SEATS, GANGS),
        "kill_pick": (DISTRICTS, SEATS, GANGS),
        "heal_to": (tuple(HEAL_TEXT),),
        "ness_to": (DISTRICTS,),
        "thug_move": (DISTRICTS, DISTRICTS, FIGURES),
        "police_move": (DISTRICTS, DISTRICTS),
        "bus_place": (HOODS, BUSINESSES),
        "bus_remove": (HOODS,),
        "bus_exchange": (HOODS, BUSINESSES),
        "sale": (HOODS, GOODS),
        "skip": (),
        "mw_pick": (range(len(D.CRIMES)),),
        "sg_discard": (STREET_GANGS,),
        "sg_effect": (STREET_GANGS, (0, 1)),
        "sg_no_hit": (STREET_GANGS,),
        "opp_card": (CARDS,),
        "opp_sg": (STREET_GANGS,),
        "opp_pass": (),
        # the Solo Mode against Tequila and the Enforcers (SF-T, SF-E)
        "tequila_flip": (STREET_GANGS,),
        "flip_target": (DISTRICTS,),
        "attack_tequila": (),
        "hire_enforcer": (range(len(D.ENFORCERS)),),
        "enforcer_move": (DISTRICTS, DISTRICTS),
        "gunshot": (SEATS, GANGS),
    },
)


def _d(i):
    return D.DISTRICTS[i]


def _h(i):
    return D.HOODS[i]["name"]


def _c(i):
    return D.CARDS[i]["name"]


def _who(fig):
    return "the Angry Boss" if fig == "boss" else "a thug"


def _extort(kind, n):
    phrase, counted = EXTORT_TEXT[kind]
    return "extort: " + phrase.format(plural(n, counted))


def _upgrade(kind, cid, muscle, influence):
    what = f"unlock {_c(cid)}" if kind == "unlock" else UPGRADE_TEXT[kind]
    return f"upgrade {what} paying {muscle} muscle and {influence} influence"


# Each kind's phrase, from its args (in the order of SCHEMA).
PHRASES = {
    "gang": lambda g: f"play {D.GANGS[g]}",
    "start": lambda n: f"start in {_h(n)}",
    "lay": lambda c: f"lay out {_c(c)}",
    "plan_done": lambda: "carry out actions",
    "skill": lambda c: f"use the skill of {_c(c)}",
    "match": lambda c: f"use the matching skill of {_c(c)}",
    "order": lambda kind, fig: (
        f"order: {ORDER_TEXT[kind]}" + (" with the Angry Boss" if fig == "boss" else "")
    ),
    "extort": _extort,
    "play_sg": lambda sid: f"play street gang {D.STREET_GANGS[sid]['name']}",
    "activate": lambda jid: f"put a thug on job {D.JOBS[jid]['name']}",
    "activate_boss": lambda jid: f"put the Angry Boss on job {D.JOBS[jid]['name']}",
    "fulfil": lambda jid, ignoring: (
        f"fulfil job {D.JOBS[jid]['name']}" + (" ignoring one requirement" if ignoring else "")
    ),
    "bribe": lambda a, b: f"bribe: police car from {_d(a)} to {_d(b)}",
    "ness_votes": lambda d: f"spend votes: Angry Eliot Ness to {_d(d)}",
    "end_actions": lambda: "end actions and draw",
    "reorganize": lambda: "reorganize",
    "reorg_good": lambda good: f"reorganization: sell {good}",
    "reorg_hood": lambda n: f"reorganization: sell in {_h(n)}",
    "reorg_confirm": lambda n, good: f"reorganization: confirm the sale of {good} in {_h(n)}",
    "vote": lambda party: f"vote for the {party} candidate",
    # the steps of an order
    "recruit": lambda: "recruit 1 thug",
    "draw_job": lambda: "draw 1 job",
    "draw_dealer": lambda: "draw 1 dealer",
    "sell": lambda n, good: f"sell {good} in {_h(n)}",
    "hire": lambda c: f"hire {_c(c)}",
    "decontrol": lambda n: f"remove the control marker in {_h(n)}",
    "reduce_crime": lambda: "reduce your crime rate by 1",
    "add_business": lambda n, kind: f"add a {kind} in {_h(n)}",
    "free_prison": lambda: "retrieve all your thugs from prison",
    "sell_auth": lambda good: f"sell 1 {'gun' if good == 'guns' else good} to the authorities",
    "send": lambda d, fig: f"send {_who(fig)} to {_d(d)}",
    "move": lambda a, b, fig: f"move {_who(fig)} from {_d(a)} to {_d(b)}",
    "move_car": lambda a, b: f"move a police car from {_d(a)} to {_d(b)} (1 muscle)",
    "move_truck": lambda a, b, k: (
        f"move your truck from {_d(a)} to {_d(b)} with {plural(k, 'thug')} (1 muscle)"
    ),
    "seize": lambda n: f"seize {_h(n)}",
    "deal": lambda k, did, pay, boss: (
        f"get supply from {D.DEALERS[did]['name']} (deal {k + 1}) paying {pay}"
        + (" with the Angry Boss" if boss else "")
    ),
    "upgrade": _upgrade,
    "order_done": lambda: "finish the order",
    # the decisions inside effects
    "hit_pick": lambda d, v, g: f"hit {D.A_THUG[g]} in {_d(d)}",
    "kill_pick": lambda d, v, g: f"kill {D.A_THUG[g]} in {_d(d)}",
    "heal_to": lambda where: HEAL_TEXT[where],
    "ness_to": lambda d: f"Angry Eliot Ness to {_d(d)}",
    "thug_move": lambda a, b, fig: f"move {_who(fig)} from {_d(a)} to {_d(b)} (card effect)",
    "police_move": lambda a, b: f"move a police car from {_d(a)} to {_d(b)}",
    "bus_place": lambda n, kind: f"put a {kind} in {_h(n)}",
    "bus_remove": lambda n: f"remove the business marker in {_h(n)}",
    "bus_exchange": lambda n, kind: f"exchange the business marker in {_h(n)} for a {kind}",
    "sale": lambda n, good: f"make a sale: {good} in {_h(n)}",
    "skip": lambda: "skip",
    "mw_pick": lambda crime: f"take the Most Wanted reward of {D.CRIMES[crime]}",
    "sg_discard": lambda i: f"discard your street gang number {i + 1}",
    "sg_effect": lambda sid, e: f"use effect {'AB'[e]} of {D.STREET_GANGS[sid]['name']}",
    "sg_no_hit": lambda sid: f"carry out no hit with {D.STREET_GANGS[sid]['name']}",
    "opp_card": lambda c: f"play {_c(c)} now (opportunity)",
    "opp_sg": lambda sid: f"play street gang {D.STREET_GANGS[sid]['name']} now (opportunity)",
    "opp_pass": lambda: "let the opportunity pass",
    # the Solo Mode against Tequila and the Enforcers (SF-T, SF-E)
    "tequila_flip": lambda sid: (
        f"discard street gang {D.STREET_GANGS[sid]['name']} to turn Target tokens"
    ),
    "flip_target": lambda d: f"turn the token in {_d(d)}",
    "attack_tequila": lambda: "order: attack Tequila",
    "hire_enforcer": lambda e: f"hire the Enforcer {D.ENFORCERS[e]['name']}",
    "enforcer_move": lambda a, b: f"move your Enforcer from {_d(a)} to {_d(b)}",
    "gunshot": lambda v, g: f"Tequila shoots at {D.GANGS[g]}",
}


def describe(kind: str, a: tuple) -> str:
    """The phrase for an action; ValueError when kind or args name no move of this game."""
    SCHEMA.check(kind, a)
    phrase = PHRASES.get(kind)
    if phrase is None:
        raise ValueError(f"unknown action kind {kind!r}")
    return phrase(*a)


# Each distinct action is built once and shared (its phrase depends on kind and args only).
act = ActionBook(describe).act


def named(action: Action) -> Action:
    """Fills in the phrase of an action built without one."""
    return action if action.text else act(action.kind, *action.args)
