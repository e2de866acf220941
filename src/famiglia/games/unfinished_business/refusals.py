"""Why a move is refused: a reason a player understands and the rule clause it breaks."""

from __future__ import annotations

from .cardmoves import counts
from .data import IS_JOKER, KEY, KIND_BY_NAME
from .phases import PHASES

# The moves each decision asks for (phases.py says what each decision is, with its clause).
_KINDS_OF_DECISION = {
    "act": {"invest", "market", "attack", "play", "plan"},
    "bonus": {"bonus", "nobonus"},
    "fight": {"answer", "giveup"},
    "loot": {"loot"},
    "discard": {"discard"},
    "launder": {"launder", "stop"},
    "take": {"take"},
    "swaptake": {"swaptake", "noswap"},
    "swapgive": {"swapgive"},
    "poker": {"pass"},
    "revenge": {"revenge", "norevenge"},
}


def why_illegal(state, seat, action) -> tuple[str, str]:
    """A reason a player understands and the clause, for a move not among the legal ones."""
    top = state.stack[-1]
    op = top[0]
    if action.kind not in _KINDS_OF_DECISION[op]:
        what, clause = PHASES[op].decision
        return f"'{action}' is not possible now: you must {what}", clause
    args = action.args
    names = [a for a in args if isinstance(a, str)]
    hand_cnt = counts(state.hands[seat])
    move = action.kind
    if move == "play" and names and KIND_BY_NAME.get(names[0]) == KEY:
        return "the Key cannot be played; it scores the bank at the game end", "UB-7.11"
    if move == "invest" and len(names) == 2 and all(IS_JOKER[KIND_BY_NAME[n]] for n in names):
        return "a set needs a real property card: never two jokers", "UB-4.1"
    if move in ("attack", "revenge", "play") and any(isinstance(a, int) for a in args):
        other = next(a for a in args if isinstance(a, int))
        if other == seat or other >= state.players:
            return f"seat {other} is not another Don at this table", "UB-6.1"
        if state.godfather[other]:
            return f"seat {other} is under the Godfather's protection", "UB-7.6"
        if move != "play" and not state.fronts[other]:
            return f"seat {other} has no set to attack; safes cannot be attacked", "UB-6.1"
        if move == "play" and names and hand_cnt[KIND_BY_NAME[names[0]]]:
            return f"{names[0]} can do nothing to seat {other} now", "UB-7.1"
    holder = state.hands[seat] if move not in ("take", "swaptake", "loot") else None
    if holder is not None and move != "market":
        for n in names:
            if n in KIND_BY_NAME and not hand_cnt[KIND_BY_NAME[n]]:
                return f"you hold no {n}", "UB-3.2"
    if move in ("attack", "revenge", "answer"):
        return "an attack card must match the set's property or be a joker", "UB-6.2"
    if move == "market":
        return "the card must match the black market's top card, with at most one joker", "UB-5.1"
    if move == "invest":
        return "a set is two identical property cards, or one and a joker", "UB-4.1"
    if move == "loot":
        return "the rest of the set must keep a real property card", "UB-6.5"
    what, clause = PHASES[op].decision
    return f"'{action}' is not a legal move now: you must {what}", clause
