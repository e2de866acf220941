"""The rules, phase by phase: every legal action and its effect is dispatched from here."""

from __future__ import annotations

from . import (
    effects,
    endgame,
    enforcers,
    extortion,
    jobs,
    offers,
    order_choices,
    orders,
    setup,
    solo,
    tequila,
    turn,
)
from .refusals import decision, why_illegal
from .texts import act, named

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
    "activate_boss": jobs.activate_boss,
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
offers.MORE_CHOICES["flip"] = tequila.flip_choices
effects.MORE_RESOLVE["flip_target"] = tequila.flip_one

__all__ = ["APPLY", "apply", "decision", "legal", "why_illegal"]


def legal(st, seat: int) -> list:
    if st.pending:
        return pending_legal(st)
    lists = LEGAL.get(st.phase)
    return lists(st, seat) if lists is not None else []


def pending_legal(st) -> list:
    """The choices of the pending decision, with their phrases."""
    return [named(a) for a in offers.choices(st)]


def actions_legal(st, s) -> list:
    """The Action turn's choices, in the order of the Turns Aid Sheet."""
    out = turn.skills_legal(st, s)
    if not st.order_used:
        out += order_choices.startable(st, s)
    if not st.extortion_used:
        out += extortion.legal(st, s)
    for sid in sorted(st.street_gangs[s]):  # the Street Gangs held
        out.append(turn.PLAY_SG[sid])
    out += jobs.legal(st, s)
    out += turn.anytime_legal(st, s)  # bribes, Ness moved with Votes
    if st.tequila:
        out += tequila.player_actions(st, s)
    out.append(END_ACTIONS)
    return out


END_ACTIONS = act("end_actions")
LEGAL = {  # phase -> its legal actions
    "plan": turn.plan_legal,
    "actions": actions_legal,
    "order": orders.units,
    "reorg": turn.reorg_legal,
    "election": endgame.vote_legal,
    "setup": setup.setup_legal,
}


def apply(st, seat: int, action) -> None:
    # (State.apply in ../__init__.py writes this out for every move: keep the two alike)
    if st.pending:
        effects.resolve(st, seat, action)
    elif st.phase == "order":
        orders.unit(st, seat, action)
    else:
        APPLY[action.kind](st, seat, action.args)
    if st.todo or st.ness_due or st.phase == "over":  # (most moves queue nothing)
        effects.run(st)
