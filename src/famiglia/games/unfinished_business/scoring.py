"""The game end (UB-11): when it comes, the Key, the discarded hands and the betting office;
the result and its tie-break."""

from __future__ import annotations

from famiglia.core import Result

from .cardmoves import find
from .data import KEY, KIND_MASK, NAME


def check_end(state) -> bool:
    """UB-11.1: the draw pile is empty and some Don has no hand card."""
    if state.pile or state.over:
        return state.over
    for hand in state.hands:
        if not hand:
            finish(state)
            return True
    return False


def finish(state) -> None:
    """UB-11.2 to UB-11.6: the key, hands discarded, the betting office revealed."""
    state.over = True
    state.stack.clear()
    state.say("the draw pile is empty and a Don has no hand card: the game ends")
    holder = None
    for seat in range(state.players):
        if find(state.hands[seat], KEY) >= 0 or find(state.safes[seat], KEY) >= 0:
            holder = seat
    if holder is None:
        state.say("nobody holds the Key: the bank is not scored")
    else:
        moved = [card & KIND_MASK for card in state.bank]
        state.safes[holder] += moved
        state.bank.clear()
        state.say(
            f"seat {holder} holds the Key and moves the bank into his safe: "
            f"{', '.join(NAME[kind] for kind in moved) or 'nothing'}"
        )
    for seat in range(state.players):
        state.discard += [card & KIND_MASK for card in state.hands[seat]]
        state.hands[seat] = []
    state.say(
        "the betting office holds "
        + (", ".join(NAME[card & KIND_MASK] for card in state.office) or "nothing")
    )
    scores = state.scores()
    state.say("scores: " + ", ".join(f"seat {seat} {v}k" for seat, v in enumerate(scores)))


def result(state) -> Result:
    """UB-11.6: most money; then most property cards; still tied: a shared win."""
    scores = state.scores()
    props = state.property_counts()
    return Result.from_keys(scores, [(scores[s], props[s]) for s in range(state.players)])
