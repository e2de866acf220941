"""Drawing cards (UB-3.4, UB-3.5): one at a time from the pile; an event resolves at once and
is replaced by the next card."""

from __future__ import annotations

from .data import EFFECT, HAND_SIZE, INFO, IS_EVENT, KIND_MASK, MAX_SEATS, NAME
from .events import EVENTS
from .scoring import check_end

# What a card drawn into a hand tells each seat, made once (nearly every move draws): [seat]
# for the table, [kind] for the drawer alone, and the drawer as the audience.
_DRAWS = [f"seat {seat} draws a card" for seat in range(MAX_SEATS)]
_YOU_DRAW = [f"you draw {name}" for name in NAME]
_ALONE = [(seat,) for seat in range(MAX_SEATS)]


def draw(state, task) -> None:
    """UB-3.4, UB-3.5: one card from the pile; an event resolves and is replaced."""
    seat = task[1]
    if state.pile:
        kind = state.pile.pop()
        if IS_EVENT[kind]:
            state.discard.append(kind)
            state.say(f"seat {seat} draws the event {NAME[kind]}")
            state.stack.append(("draw", seat))
            if not check_end(state):
                EVENTS[EFFECT[kind]](state, seat, kind)
            return
        _take(state, seat, kind)
    check_end(state)


def _take(state, seat, kind) -> None:
    """A drawn card that is no event goes into the hand."""
    state.hands[seat].append(kind)
    state.say(_DRAWS[seat])
    state.say(_YOU_DRAW[kind], _ALONE[seat])


def fill(state, task) -> None:
    """UB-3.1, UB-3.3: draw until the hand holds HAND_SIZE cards or the pile is empty."""
    seat = task[1]
    pile = state.pile
    hand = state.hands[seat]
    # Cards that are no event are drawn here, one after the other, as the tasks ("draw", then
    # "fill" again) would draw them; an event goes through the stack, since the tasks it
    # pushes run before the hand is filled further.
    while len(hand) < HAND_SIZE and pile:
        if IS_EVENT[pile[-1]]:
            state.stack += [("fill", seat), ("draw", seat)]
            return
        _take(state, seat, pile.pop())
        if not pile:  # the last card: the game may end (UB-11.1)
            check_end(state)
            return


def new_hand(state, task) -> None:
    """UB-9.6: the Don discards his whole hand face up and draws a new one."""
    seat = task[1]
    hand = state.hands[seat]
    if hand:
        state.say(f"seat {seat} discards {', '.join(NAME[card & KIND_MASK] for card in hand)}")
        state.discard += [card & KIND_MASK for card in hand]
        hand.clear()
    state.stack += [("draw", seat)] * INFO[task[2]]["count"]
