"""The phrase of every action, from its kind and args alone (so records read back the same)."""

from __future__ import annotations

from famiglia.core import Action, ActionBook, ActionSchema
from famiglia.core.text import plural

from .. import data as D

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


def describe(kind: str, a: tuple) -> str:  # noqa: C901 - one line per kind reads best
    """The phrase for an action; ValueError when kind or args name no move of this game."""
    SCHEMA.check(kind, a)
    if kind == "gang":
        return f"play {D.GANGS[a[0]]}"
    if kind == "start":
        return f"start in {_h(a[0])}"
    if kind == "lay":
        return f"lay out {_c(a[0])}"
    if kind == "plan_done":
        return "carry out actions"
    if kind == "skill":
        return f"use the skill of {_c(a[0])}"
    if kind == "match":
        return f"use the matching skill of {_c(a[0])}"
    if kind == "order":
        return f"order: {ORDER_TEXT[a[0]]}" + (" with the Angry Boss" if a[1] == "boss" else "")
    if kind == "extort":
        phrase, counted = EXTORT_TEXT[a[0]]
        return "extort: " + phrase.format(plural(a[1], counted))
    if kind == "play_sg":
        return f"play street gang {D.STREET_GANGS[a[0]]['name']}"
    if kind == "activate":
        return f"put a thug on job {D.JOBS[a[0]]['name']}"
    if kind == "activate_boss":
        return f"put the Angry Boss on job {D.JOBS[a[0]]['name']}"
    if kind == "fulfil":
        return f"fulfil job {D.JOBS[a[0]]['name']}" + (" ignoring one requirement" if a[1] else "")
    if kind == "bribe":
        return f"bribe: police car from {_d(a[0])} to {_d(a[1])}"
    if kind == "ness_votes":
        return f"spend votes: Angry Eliot Ness to {_d(a[0])}"
    if kind == "end_actions":
        return "end actions and draw"
    if kind == "reorganize":
        return "reorganize"
    if kind == "reorg_good":
        return f"reorganization: sell {a[0]}"
    if kind == "reorg_hood":
        return f"reorganization: sell in {_h(a[0])}"
    if kind == "reorg_confirm":
        return f"reorganization: confirm the sale of {a[1]} in {_h(a[0])}"
    if kind == "vote":
        return f"vote for the {a[0]} candidate"
    # order steps
    if kind == "recruit":
        return "recruit 1 thug"
    if kind == "draw_job":
        return "draw 1 job"
    if kind == "draw_dealer":
        return "draw 1 dealer"
    if kind == "sell":
        return f"sell {a[1]} in {_h(a[0])}"
    if kind == "hire":
        return f"hire {_c(a[0])}"
    if kind == "decontrol":
        return f"remove the control marker in {_h(a[0])}"
    if kind == "reduce_crime":
        return "reduce your crime rate by 1"
    if kind == "add_business":
        return f"add a {a[1]} in {_h(a[0])}"
    if kind == "free_prison":
        return "retrieve all your thugs from prison"
    if kind == "sell_auth":
        return f"sell 1 {'gun' if a[0] == 'guns' else a[0]} to the authorities"
    if kind == "send":
        return f"send {'the Angry Boss' if a[1] == 'boss' else 'a thug'} to {_d(a[0])}"
    if kind == "move":
        return (
            f"move {'the Angry Boss' if a[2] == 'boss' else 'a thug'} from {_d(a[0])} to {_d(a[1])}"
        )
    if kind == "move_car":
        return f"move a police car from {_d(a[0])} to {_d(a[1])} (1 muscle)"
    if kind == "move_truck":
        return (
            f"move your truck from {_d(a[0])} to {_d(a[1])} with {plural(a[2], 'thug')} (1 muscle)"
        )
    if kind == "seize":
        return f"seize {_h(a[0])}"
    if kind == "deal":
        return f"get supply from {D.DEALERS[a[1]]['name']} (deal {a[0] + 1}) paying {a[2]}" + (
            " with the Angry Boss" if a[3] else ""
        )
    if kind == "upgrade":
        what = f"unlock {_c(a[1])}" if a[0] == "unlock" else UPGRADE_TEXT[a[0]]
        return f"upgrade {what} paying {a[2]} muscle and {a[3]} influence"
    if kind == "order_done":
        return "finish the order"
    # decisions inside effects
    if kind == "hit_pick":
        return f"hit {D.A_THUG[a[2]]} in {_d(a[0])}"
    if kind == "kill_pick":
        return f"kill {D.A_THUG[a[2]]} in {_d(a[0])}"
    if kind == "heal_to":
        return HEAL_TEXT[a[0]]
    if kind == "ness_to":
        return f"Angry Eliot Ness to {_d(a[0])}"
    if kind == "thug_move":
        who = "the Angry Boss" if a[2] == "boss" else "a thug"
        return f"move {who} from {_d(a[0])} to {_d(a[1])} (card effect)"
    if kind == "police_move":
        return f"move a police car from {_d(a[0])} to {_d(a[1])}"
    if kind == "bus_place":
        return f"put a {a[1]} in {_h(a[0])}"
    if kind == "bus_remove":
        return f"remove the business marker in {_h(a[0])}"
    if kind == "bus_exchange":
        return f"exchange the business marker in {_h(a[0])} for a {a[1]}"
    if kind == "sale":
        return f"make a sale: {a[1]} in {_h(a[0])}"
    if kind == "skip":
        return "skip"
    if kind == "mw_pick":
        return f"take the Most Wanted reward of {D.CRIMES[a[0]]}"
    if kind == "sg_discard":
        return f"discard your street gang number {a[0] + 1}"
    if kind == "sg_effect":
        return f"use effect {'AB'[a[1]]} of {D.STREET_GANGS[a[0]]['name']}"
    if kind == "sg_no_hit":
        return f"carry out no hit with {D.STREET_GANGS[a[0]]['name']}"
    if kind == "opp_card":
        return f"play {_c(a[0])} now (opportunity)"
    if kind == "opp_sg":
        return f"play street gang {D.STREET_GANGS[a[0]]['name']} now (opportunity)"
    if kind == "opp_pass":
        return "let the opportunity pass"
    # the Solo Mode against Tequila and the Enforcers (SF-T, SF-E)
    if kind == "tequila_flip":
        return f"discard street gang {D.STREET_GANGS[a[0]]['name']} to turn Target tokens"
    if kind == "flip_target":
        return f"turn the token in {_d(a[0])}"
    if kind == "attack_tequila":
        return "order: attack Tequila"
    if kind == "hire_enforcer":
        return f"hire the Enforcer {D.ENFORCERS[a[0]]['name']}"
    if kind == "enforcer_move":
        return f"move your Enforcer from {_d(a[0])} to {_d(a[1])}"
    if kind == "gunshot":
        return f"Tequila shoots at {D.GANGS[a[1]]}"
    raise ValueError(f"unknown action kind {kind!r}")


# Each distinct action is built once and shared (its phrase depends on kind and args only).
act = ActionBook(describe).act


def named(action: Action) -> Action:
    """Fills in the phrase of an action built without one."""
    return action if action.text else act(action.kind, *action.args)
