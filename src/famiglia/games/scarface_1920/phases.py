"""Scarface 1920's phase table: in each phase, what the seat to act may do and what its move does
(SF-5 to SF-12). The top of the rules: it imports the rule modules, none imports it back.

A phase's move is looked up by its kind in the phase's own table (`_moves`). Two things run
beside the table, in the State (__init__.py): a decision inside an effect (`st.pending`,
rules/decisions.py) is answered before the phase's moves, in any phase; and after every move
the queue of effects runs (rules/vocabulary.py). In the phases "end" (a turn's last effects)
and "solo" (the solo gang's turn) no seat moves but to answer such a decision: their rows offer
no move of their own, and say where the queue may go on to.
"""

from __future__ import annotations

from famiglia.core import Phase

from .actions import act
from .modes import enforcers, solo, tequila
from .rules import (
    endgame,
    extortion,
    jobs,
    order_moves,
    order_start,
    order_steps,
    setup_phase,
    turn,
)
from .rules.extortion import legal as extortion_legal
from .rules.jobs import legal as jobs_legal
from .rules.order_start import startable
from .rules.turn import (
    BRIBE_COST,
    NESS_VOTE_COST,
    NESS_VOTES,
    PLAY_SG,
    bribes,
    skills_legal,
)


def _moves(table: dict):
    """A phase's apply: the move's own rule, looked up by its kind."""

    def apply(st, seat, action) -> None:
        table[action.kind](st, seat, action.args)

    apply.moves = table  # (the State looks the move up itself: one call less per move)
    return apply


def actions_legal(st, s) -> list:
    """The Action turn's choices, in the order of the Turns Aid Sheet."""
    out = skills_legal(st, s)  # (the others add theirs to this list)
    if not st.order_used:
        startable(st, s, out)
    if not st.extortion_used:
        extortion_legal(st, s, out)
    if held := st.street_gangs[s]:  # the Street Gangs held
        for sid in sorted(held) if len(held) > 1 else held:
            out.append(PLAY_SG[sid])
    if st.jobs[s] or st.active_jobs[s]:
        jobs_legal(st, s, out)
    # bribes, Angry Eliot Ness moved with Votes: anytime_legal, each tuple added at once
    # without joining them first (the Crime Rate stays within NESS_VOTE_COST's table)
    if st.money[s] >= BRIBE_COST:
        out += bribes(st)
    if st.votes[s] >= NESS_VOTE_COST[st.crime[s]]:
        out += NESS_VOTES[st.ness]
    if st.tequila:
        out += tequila.player_actions(st, s)  # against Tequila (SF-T.16, SF-T.17)
        out += enforcers.actions(st, s)  # SF-E.3, SF-T.2
    out.append(END_ACTIONS)
    return out


END_ACTIONS = act("end_actions")


def no_moves(st, s) -> list:
    """A phase of the queue alone: only a decision inside an effect is asked in it."""
    return []


def no_move(st, s, action) -> None:
    raise AssertionError(f"no move is played in the phase {st.phase!r}")  # none is legal


def vote(st, s, a) -> None:
    """A secret vote (SF-12.1); once every seat has voted, the solo gang's vote is drawn
    (SF-S.25) and all are revealed."""
    endgame.vote(st, s, a)
    if endgame.all_voted(st):
        if st.automa >= 0:
            solo.vote(st)
        endgame.reveal(st)


# Where a move may lead, besides its own phase. A move that ends a turn (ending the actions,
# reorganizing, answering a decision of a turn's last effects or of the solo gang's turn) runs
# the queue on: the next seat's Plan or Reorganization, or the solo gang's turn, in which the
# player may be asked a decision; or the turn limit ends the game. The Time marker's last box
# (a Reorganization's) brings Extra! Extra!, whose raid first asks every seat for an
# OPPORTUNITY (SF-10.3), in "end" or "solo"; the election follows its answer (SF-12.1). A
# gunshot of Tequila may end the game at once (SF-T.3). No card changes the phase.
_NEXT_TURN = ("plan", "reorg", "solo", "over")

PHASES = {
    "setup": Phase(
        setup_phase.setup_legal,
        _moves({"gang": setup_phase.choose_gang, "start": setup_phase.choose_start}),
        next=("plan",),
        decision=("choose your gang, then the neighborhood you start in", "SF-1.2"),
    ),
    "plan": Phase(
        turn.plan_legal,
        _moves({"lay": turn.lay, "plan_done": turn.plan_done}),
        next=("actions",),
        decision=("lay out your Plan, then carry out actions", "SF-5.2"),
    ),
    "actions": Phase(
        actions_legal,
        _moves(
            {
                "skill": turn.use_skill,
                "match": turn.use_match,
                "order": order_start.give,
                "extort": extortion.extort,
                "play_sg": turn.play_street_gang,
                "activate": jobs.activate,
                "activate_boss": jobs.activate_boss,
                "fulfil": jobs.fulfil,
                "bribe": turn.bribe,
                "ness_votes": turn.ness_votes,
                "end_actions": turn.end_actions,
                # against Tequila, the Enforcers (SF-T, SF-E)
                "tequila_flip": tequila.discard_to_flip,
                "attack_tequila": tequila.attack,
                "enforcer_move": enforcers.move,
                "gunshot": enforcers.shoot,
            }
        ),
        next=("order", *_NEXT_TURN),
        decision=(
            "carry out your actions (skills, one order, an extortion, jobs, street gangs) or "
            "end them",
            "SF-5.3",
        ),
    ),
    "order": Phase(
        order_steps.units,
        _moves(order_moves.MOVES),
        next=("actions",),
        decision=("carry out the steps of your order, or finish it", "SF-5.4"),
    ),
    "reorg": Phase(
        turn.reorg_legal,
        _moves(
            {
                "reorganize": turn.reorganize,
                "reorg_good": turn.reorg_good,
                "reorg_hood": turn.reorg_hood,
                "reorg_confirm": turn.reorg_confirm,
                "bribe": turn.bribe,
                "ness_votes": turn.ness_votes,
            }
        ),
        next=("end", *_NEXT_TURN),
        decision=(
            "make your Reorganization's sales one at a time (bribes and moving Angry Eliot Ness "
            "between them), or reorganize",
            "SF-11.5",
        ),
    ),
    "end": Phase(no_moves, no_move, next=(*_NEXT_TURN, "election")),
    "solo": Phase(no_moves, no_move, next=(*_NEXT_TURN, "election")),
    "election": Phase(
        endgame.vote_legal,
        _moves({"vote": vote}),
        next=("over",),
        decision=("back a candidate in secret", "SF-12.1"),
    ),
}
