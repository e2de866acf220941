"""Blood Feud's phase table: set-up, then each turn's battle, movement and purchases phases
(BF-2), what each offers and does and where it goes next; the game may end in any of them
(`s.over`). Within a phase a move may open a decision of several steps (a walk, a ride, an
attack being assembled, a negotiation...), kept on `s.todo`, topmost first, and answered
before the phase goes on: STEPS is their table. What runs after every move is here too: a
turn cut short by its player's death, and the lists of the top of the phase carried over."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from famiglia.core import Phase

from . import attacks, family, movement, negotiation, purchases, selection, setup, turn, vehicles
from .turn import after_deaths

PHASES = {
    "battle": Phase(
        turn.battle_actions,
        turn.battle,
        # (a turn cut short by its player's death goes on in the next seat's battle phase)
        next=("move",),
        decision=("attack, or end the battle phase", "BF-2.2"),
    ),
    "move": Phase(
        turn.move_actions,
        turn.move,
        next=("buy", "battle"),  # battle: the next seat's, the mover killed on a ride
        decision=("move pieces that have not fought, or end movement", "BF-2.3"),
    ),
    "buy": Phase(
        turn.buy_actions,
        turn.buy,
        next=("battle",),
        decision=("buy pieces and buildings, or end the turn", "BF-2.5"),
    ),
    "setup": Phase(
        setup.legal_start,
        setup.apply_start,
        next=("battle",),
        decision=("choose your starting point", "BF-1.2"),
    ),
}


class Step(NamedTuple):
    """One kind of decision in progress (the top of `s.todo`)."""

    legal: Callable  # (state, seat, step) -> the seat's legal actions
    apply: Callable  # (state, seat, step, action) -> None
    decision: tuple[str, str]  # what the seat decides (words after "you must"), and its clause


_ARRANGE = Step(negotiation.legal_arrange, negotiation.apply_arrange, ("", ""))
STEPS = {
    "walk": Step(
        movement.legal_walk,
        movement.apply_walk,
        ("choose where the piece walks, or go back", "BF-4.1"),
    ),
    "attack": Step(
        attacks.legal_attack_step,
        attacks.apply_attack_step,
        ("put the attack together (add pieces, bring vehicles), then confirm or cancel", "BF-3.13"),
    ),
    "trip": Step(
        vehicles.legal_trip,
        vehicles.apply_trip,
        ("go on with the ride: take people aboard, drop them off, drive, or end it", "BF-6.1"),
    ),
    "block": Step(
        attacks.legal_block,
        attacks.apply_block,
        ("fight the passing vehicle or let it pass", "BF-6.8"),
    ),
    "reboard": Step(
        attacks.legal_reboard,
        attacks.apply_reboard,
        ("take riders back aboard the helicopter, or leave them there", "BF-6.7"),
    ),
    "captive": Step(
        family.legal_captive,
        family.apply_captive,
        ("kidnap or kill the fallen family member", "BF-3.12"),
    ),
    "premium": Step(
        movement.legal_premium,
        movement.apply_premium,
        ("pay the premium for the district, or leave it to its owner", "BF-7.3"),
    ),
    "place": Step(
        purchases.legal_place,
        purchases.apply_place,
        ("choose where the new piece is placed", "BF-7.2"),
    ),
    "site": Step(
        purchases.legal_site,
        purchases.apply_site,
        ("choose the district for the building", "BF-7.4"),
    ),
    "talk": Step(
        negotiation.legal_talk,
        negotiation.apply_talk,
        ("give money, free or kill a captive, propose a deal, or go back", "BF-9.1"),
    ),
    "offer": Step(
        negotiation.legal_offer, negotiation.apply_offer, ("choose what you offer", "BF-9.3")
    ),
    "ask": Step(
        negotiation.legal_ask, negotiation.apply_ask, ("choose what you ask for", "BF-9.3")
    ),
    "answer": Step(
        negotiation.legal_answer, negotiation.apply_answer, ("accept or refuse the deal", "BF-9.3")
    ),
    "invite": _ARRANGE._replace(
        decision=("choose the district you invite into, or go back", "BF-9.6")
    ),
    "withdraw": _ARRANGE._replace(
        decision=("choose the invitation to withdraw, or go back", "BF-9.6")
    ),
    "hand-over": _ARRANGE._replace(
        decision=("choose the district whose pieces you hand over, or go back", "BF-9.10")
    ),
    "reclaim": _ARRANGE._replace(
        decision=("choose the handover to take back, or go back", "BF-9.10")
    ),
    "deliver": _ARRANGE._replace(
        decision=("choose the district you deliver into, or go back", "BF-9.12")
    ),
}
assert set(STEPS) >= set(negotiation.ARRANGE_STEPS)

# The table's columns by name (every move reads them: a dictionary look-up, not an attribute)
_PHASE_LEGAL = {name: row.legal for name, row in PHASES.items()}
_PHASE_APPLY = {name: row.apply for name, row in PHASES.items()}
_STEP_LEGAL = {k: row.legal for k, row in STEPS.items()}
_STEP_APPLY = {k: row.apply for k, row in STEPS.items()}


def legal_now(s, seat: int) -> list:
    """The legal list of any seat (State._legal_now): empty unless it is the one to act."""
    if s.over:
        return []
    todo = s.todo
    if todo:
        step = todo[-1]
        if seat != (step["seat"] if "seat" in step else s.turn):  # (a look-up, not a call)
            return []
        return _STEP_LEGAL[step["k"]](s, seat, step)
    return _PHASE_LEGAL[s.phase](s, seat) if seat == s.turn else []


def legal_actions(s, seat: int) -> list:
    """The legal list of the seat to act: the decision under way, else its phase's moves."""
    todo = s.todo
    if todo:
        step = todo[-1]
        return _STEP_LEGAL[step["k"]](s, seat, step)
    return _PHASE_LEGAL[s.phase](s, seat)


def apply(s, seat: int, action) -> None:
    """Plays a legal move, then what follows every move: the deaths it caused, and the lists of
    the top of the phase carried over when the move cannot have changed them (selection.py)."""
    kept = s._top
    s._top = None
    todo = s.todo
    if todo:
        step = todo[-1]
        _STEP_APPLY[step["k"]](s, seat, step, action)
    else:
        _PHASE_APPLY[s.phase](s, seat, action)
    if s.over:
        after_deaths(s)
    elif False in s.alive:
        # A Boss is dead: his turn ends, and so do the decisions waiting on his seat (after_deaths).
        # Looked for here, without a call: this is every move of half a game.
        alive = s.alive
        if not alive[s.turn]:
            after_deaths(s)
        else:
            for waiting in s.todo:
                if "seat" in waiting and not alive[waiting["seat"]]:
                    after_deaths(s)
                    break
    if kept is not None:
        s._top = selection.carry(s, kept, action)


def decision(s) -> tuple[str, str]:
    """What the seat to act must decide now, and the clause that asks it."""
    if s.over:
        return "", ""
    if s.todo:
        return STEPS[s.todo[-1]["k"]].decision
    return PHASES[s.phase].decision
