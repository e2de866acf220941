"""The event cards (UB-9): each resolves the moment it is drawn, from the drawer clockwise.

An event either acts at once (Raid, Drive By, Robbery, Fake Money) or pushes tasks on the
stack (the Poker Round's choice, Mamas Dinner's draws, New Hand, the Revenge attack).
"""

from __future__ import annotations

from .cardmoves import attackable, clockwise, remove_hidden, remove_public
from .data import DISCARD_KINDS, INFO, KIND_BITS, KIND_MASK, NAME


def discard_kinds(state, seat, kind, other=None) -> None:
    """UB-9.1 Raid, UB-9.8 Fake Money (every Don), UB-7.3 Hitman (every other Don: it names
    nobody, so the Godfather does not shield from it, UB-7.6)."""
    kinds = DISCARD_KINDS[kind]
    for other in clockwise(state, seat):
        if INFO[kind]["who"] == "others" and other == seat:
            continue
        hand = state.hands[other]
        gone = [card & KIND_MASK for card in hand if card & KIND_MASK in kinds]
        if gone:
            state.hands[other] = [card for card in hand if card & KIND_MASK not in kinds]
            state.discard += gone
            state.say(f"seat {other} discards {', '.join(NAME[g] for g in gone)}")


def _drive_by(state, seat, kind, other=None) -> None:
    """UB-9.2: every Don discards one hand card at random."""
    for other in clockwise(state, seat):
        hand = state.hands[other]
        if hand:
            gone = remove_public(hand, state.rng.below(len(hand)))
            state.discard.append(gone)
            state.say(f"seat {other} discards {NAME[gone]} at random")


def _robbery(state, seat, kind, other=None) -> None:
    """UB-9.3: the drawer takes a random hand card from every other Don."""
    for other in clockwise(state, seat)[1:]:
        hand = state.hands[other]
        if hand:
            card = remove_hidden(hand, state.rng.below(len(hand)), 1 << seat)
            state.hands[seat].append((card & KIND_MASK) | (1 << other) << KIND_BITS)
            state.say(f"seat {seat} takes a random card from seat {other}")
            state.say(
                f"seat {seat} takes {NAME[card & KIND_MASK]} from seat {other}", (seat, other)
            )


def _poker_round(state, seat, kind, other=None) -> None:
    """UB-9.4: every Don with a hand card chooses one in secret."""
    waiting = 0
    for other in range(state.players):
        if state.hands[other]:
            waiting |= 1 << other
    if waiting:
        state.stack.append(("poker", waiting))
    else:
        state.say("nobody has a card to pass")


def _mamas_dinner(state, seat, kind, other=None) -> None:
    """UB-9.5: every Don draws, clockwise from the drawer."""
    state.stack += [
        ("draw", other)
        for other in reversed(clockwise(state, seat))
        for _ in range(INFO[kind]["count"])
    ]


def _new_hand(state, seat, kind, other=None) -> None:
    """UB-9.6: every Don discards his hand and draws a new one, clockwise from the drawer."""
    state.stack += [("newhand", other, kind) for other in reversed(clockwise(state, seat))]


def _revenge(state, seat, kind, other=None) -> None:
    """UB-9.7: the drawer may attack at once."""
    if any(attackable(state, seat, other) for other in range(state.players)):
        state.stack.append(("revenge", seat))
    else:
        state.say("there is no set to take revenge on")


EVENTS = {
    "discard_kinds": discard_kinds,
    "random_discard": _drive_by,
    "robbery": _robbery,
    "poker": _poker_round,
    "draw_each": _mamas_dinner,
    "new_hand": _new_hand,
    "revenge": _revenge,
}
