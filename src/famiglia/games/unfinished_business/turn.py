"""A Don's turn (UB-3) and the machine that runs the tasks of the rules. Rule clause ids refer
to docs/rules/unfinished-business.md.

Everything that happens is a task on `state.stack` (last = next). Plain tasks (draw a card,
fill a hand, start a turn, check for the game end) run at once; a decision task stops the
machine until its seat answers. Events drawn in the middle of anything push their own tasks,
so chains of events, a Poker Round inside a refill or a Revenge inside a Mamas Dinner simply
nest. Tasks are tuples of plain values: they go into JSON as they are.

Decision tasks keep the seat that answers at index 1 (the Poker Round keeps a bit mask of the
seats still to choose there instead).

The decisions are the phases of the phase table (phases.py): the machine stops at a task that
is a phase of the table, which it reads through the state's game (the table sits above the
rules, so it is not imported here).

Where each part of the rules lives, each module calling only those above it in this list:
- phases.py     the phase table: each decision's moves and what a move does
- turn.py       the turn and the machine
- effects.py    what each move does, action cards included (UB-4 to UB-8, UB-9.4)
- legal.py      the moves open at each decision (UB-3.2 to UB-9.7)
- drawing.py    drawing and refilling hands (UB-3.4, UB-3.5)
- events.py     the event cards (UB-9)
- scoring.py    the game end and the final count (UB-11)
- cardmoves.py  moving cards, and who knows which hidden card (UB-10); who may be attacked
- refusals.py   why a move is refused (above them all, beside the package)
"""

from __future__ import annotations

from .data import GODFATHER, MAX_SEATS
from .drawing import draw, fill, new_hand
from .effects import DO
from .scoring import check_end


# ----- a Don's turn (UB-3) ---------------------------------------------------------------------
def start_turn(state, task) -> None:
    """UB-3: a Don's turn, whose phases are pushed here in the order they are played."""
    seat = task[1]
    state.turn = seat
    if check_end(state):
        return
    state.say(_TURN_SAYS[seat])
    if state.godfather[seat]:  # UB-7.6: the Godfather leaves at the start of its owner's next turn
        state.godfather[seat] = False
        state.discard.append(GODFATHER)
        state.say(f"seat {seat} discards the Godfather")
    state.stack += _TURN_TASKS[seat]
    if not state.hands[seat]:  # UB-3.1 phase 1: a Don without hand cards fills his hand first
        state.stack.append(("fill", seat))


# The tasks of each seat's turn, made once. The stack runs last first: read each bottom to top.
_TURN_TASKS = [
    (
        ("next", seat),  # UB-3.3: then the next Don clockwise starts his turn
        ("fill", seat),  # UB-3.3 phase 3: fill the hand up to 4 cards
        ("check",),  # UB-11.1: the game may end right after the option
        ("act", seat),  # UB-3.2 phase 2: one option (invest, black market, attack, play, plan)
    )
    for seat in range(MAX_SEATS)
]
_TURN_SAYS = [f"seat {seat}'s turn" for seat in range(MAX_SEATS)]


def _next_turn(state, task) -> None:
    """UB-3.3: the turn passes clockwise (it starts at once, as its task on top would)."""
    start_turn(state, ("turn", (task[1] + 1) % state.players))


def _check(state, task) -> None:
    """UB-11.1: the game ends the moment the pile is empty and a Don has no hand card."""
    check_end(state)


# Plain tasks: they run as soon as they reach the top of the stack.
_TASKS = {
    "turn": start_turn,
    "next": _next_turn,
    "fill": fill,
    "check": _check,
    "draw": draw,
    "newhand": new_hand,
}


# UB-3.6: decisions taken for the player when only one answer is possible and everyone can
# tell so from what is public (the looting bonus's set lies open; an empty hand has no answer
# to give; a one-card hand has one card to give). Otherwise he is asked even with one answer,
# since at the table "cannot" looks the same as "will not": playing it at once would tell all
# what his hand lacks. Not the turn's option (it stays visible) and not the Poker Round (who is
# still choosing is public). The player alone is told, in the words every front end uses for a
# move with no alternative.
def _no_hand(state, seat, task) -> bool:
    return not state.hands[seat]


def _one_card(state, seat, task) -> bool:
    return len(state.hands[seat]) == 1


AUTO = {
    "bonus": _no_hand,
    "fight": _no_hand,
    "loot": lambda state, seat, task: True,
    "discard": _one_card,
    "launder": _no_hand,
    "take": lambda state, seat, task: len(state.hands[task[2]]) == 1,  # the interrogated hand
    "swaptake": _no_hand,
    "swapgive": _one_card,
    "revenge": _no_hand,
}


# ----- the machine -----------------------------------------------------------------------------
def run(state) -> None:
    """Runs plain tasks until a decision waits or the game is over."""
    stack = state.stack
    decisions = state.game.phases  # a decision task is a phase of the table
    while stack and not state.over:
        top = stack[-1]
        op = top[0]
        if op in decisions:
            if op in AUTO:
                seat = top[1]
                legal = decisions[op].legal(state, seat)
                if len(legal) == 1 and AUTO[op](state, seat, top):
                    state.say(f"your only possible move, played at once: {legal[0].text}", (seat,))
                    stack.pop()
                    DO[legal[0].kind](state, seat, legal[0].args, top)
                    continue
                state._legal[seat] = legal
            return
        stack.pop()
        _TASKS[op](state, top)
