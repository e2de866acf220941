"""The rules, phase by phase: every legal action and its effect is dispatched from here."""

from __future__ import annotations

from . import effects, endgame, enforcers, extortion, jobs, orders, setup, solo, tequila, turn
from .texts import named

APPLY = {
    "gang": setup.choose_gang,
    "start": setup.choose_start,
    "lay": turn.lay,
    "plan_done": turn.plan_done,
    "skill": turn.use_skill,
    "match": turn.use_match,
    "order": orders.start,
    "extort": extortion.extort,
    "play_sg": turn.play_street_gang,
    "activate": jobs.activate,
    "fulfil": jobs.fulfil,
    "bribe": turn.bribe,
    "ness_votes": turn.ness_votes,
    "end_actions": turn.end_actions,
    "reorganize": turn.reorganize,
    "reorg_good": turn.reorg_good,
    "reorg_hood": turn.reorg_hood,
    "reorg_confirm": turn.reorg_confirm,
    "vote": endgame.vote,
    # the Solo Mode against Tequila, the Enforcers (SF-T, SF-E)
    "tequila_flip": tequila.discard_to_flip,
    "attack_tequila": tequila.attack,
    "enforcer_move": enforcers.move,
    "gunshot": enforcers.shoot,
}
turn.OPS["setup_end"] = setup._setup_end
turn.OPS.update(solo.OPS)  # the solo gang's turn (rules/solo.py, rules/automa.py)
effects.AUTOMA.update(override=solo.override, decide=solo.decide)
effects.CHOICE["flip"] = effects._needs(lambda st, item: item[2] > 0)
effects.MORE_CHOICES["flip"] = tequila.flip_choices
effects.MORE_RESOLVE["flip_target"] = tequila.flip_one


def legal(st, seat: int) -> list:
    if st.pending:
        return [named(a) for a in effects.choices(st)]
    phase = st.phase
    if phase == "plan":
        return turn.plan_legal(st, seat)
    if phase == "actions":
        return turn.actions_legal(st, seat)
    if phase == "order":
        return orders.units(st, seat)
    if phase == "reorg":
        return turn.reorg_legal(st, seat)
    if phase == "election":
        return endgame.vote_legal(st, seat)
    if phase == "setup":
        return setup.setup_legal(st, seat)
    return []


def apply(st, seat: int, action) -> None:
    if st.pending:
        effects.resolve(st, seat, action)
    elif st.phase == "order":
        orders.unit(st, seat, action)
    else:
        APPLY[action.kind](st, seat, action.args)
    effects.run(st)


REFUSALS = {
    "order": ("you have already given your one order this turn", "SF-5.4"),
    "extort": (
        "you may carry out only one extortion per turn, paid with bullet tokens you hold",
        "SF-9.1",
    ),
    "lay": ("cards are laid out only while you lay out your Plan", "SF-5.2"),
    "bribe": ("bribery costs 5 money and moves a police car to an adjacent district", "SF-3.4"),
    "ness_votes": ("moving Angry Eliot Ness costs Votes by your Crime area (1/2/3/4)", "SF-8.5"),
    "hire": ("hiring costs influence equal to the Associate's stars", "SF-6.6"),
    "seize": (
        "seizing needs your thug in the district, no police car there and muscle at least the shield plus the controller's thugs",
        "SF-6.9",
    ),
    "reorg_good": (
        "in a Reorganization you sell once in each neighborhood you control that buys a good you hold",
        "SF-11.5",
    ),
    "reorg_hood": (
        "choose a neighborhood you control, not yet sold in, that buys the chosen good",
        "SF-11.5",
    ),
    "reorg_confirm": ("confirm the sale you chose, or stop selling", "SF-11.5"),
    "fulfil": ("a job is fulfilled when it is active and all its requirements are met", "SF-7.2"),
    "attack_tequila": (
        "attacking Tequila is your one order: Plan muscle at least his Jobs, and 1 bullet token",
        "SF-T.17",
    ),
    "tequila_flip": (
        "against Tequila, discard a Street Gang you hold with influence in your Plan",
        "SF-T.16",
    ),
    "hire_enforcer": ("an Enforcer is hired in the Hire order, one per gang", "SF-E.2"),
    "enforcer_move": ("your Enforcer moves once a turn, to a neighbouring district", "SF-E.3"),
    "gunshot": (
        "Tequila shoots once a turn at a rival in his district, once a News card is out",
        "SF-T.2",
    ),
}


ORDER_WAITS = ("order", "extort", "activate", "fulfil", "bribe", "ness_votes", "end_actions")


def why_illegal(st, seat: int, action):
    if not st.pending and st.phase == "order" and action.kind in ORDER_WAITS:
        return (
            "finish the order first: only its steps, Street Gangs and skills come in between",
            "SF-14.11",
        )
    if st.pending and action.kind not in (
        "hit_pick",
        "kill_pick",
        "heal_to",
        "ness_to",
        "police_move",
        "thug_move",
        "bus_place",
        "bus_remove",
        "bus_exchange",
        "sale",
        "skip",
        "mw_pick",
        "sg_discard",
        "sg_effect",
        "opp_card",
        "opp_sg",
        "opp_pass",
        "flip_target",
    ):
        return ("a decision is pending first: " + st.pending[0], "SF-4.3")
    return REFUSALS.get(action.kind)
