"""Unfinished Business' observation read from the state (famiglia.rl.fast): the same vector as
the view's. A card's number carries, above its kind, one bit per seat that knows it (UB-10.2);
`seat` reads its own hand and safe, and of the others' hands, safes, the bank and the betting
office only the cards whose bit it holds (all of them once the game is over), as
unfinished_business/state.py's view does."""

from __future__ import annotations

from famiglia.games.unfinished_business import cards as C
from famiglia.games.unfinished_business.cards import KIND_BITS, KIND_MASK

from ..encoding import share, squash
from ..games.unfinished_business import ALL_CARDS, DECISION, MOST_SETS, K

WEIGHT = [1.0 / count for count in C.COUNT]  # by kind: all copies of a kind read 1


def write_state(enc, s, seat: int, out) -> None:
    n = enc.players
    over = s.over
    out[enc.o_me + seat] = 1.0
    out[enc.o_turn + s.turn] = 1.0
    for p in s.seats_to_act():
        out[enc.o_to_act + p] = 1.0
    if not over:
        _decision(enc, s, out)
    me = 1 << seat
    for p in range(n):
        out[enc.o_safe_no + p] = share(s.safe_no[p], 6)
        sets = s.fronts[p]
        at = enc.o_sets + p * K
        for cards in sets:
            for k in cards:
                out[at + k] += WEIGHT[k]
        out[enc.o_nsets + p] = share(len(sets), MOST_SETS)
        if sets:
            at = enc.o_top + p * K
            for k in sets[-1]:
                out[at + k] += WEIGHT[k]
        out[enc.o_godfather + p] = float(s.godfather[p])
        hand, poker = s.hands[p], s.poker[p]
        out[enc.o_hand_n + p] = share(len(hand) + (poker >= 0), C.HAND_SIZE)
        safe = s.safes[p]
        out[enc.o_safe_n + p] = squash(len(safe), 4)
        at = enc.o_safe + p * K
        every = over or p == seat
        for c in safe:
            if every or c >> KIND_BITS & me:
                k = c & KIND_MASK
                out[at + k] += WEIGHT[k]
        out[enc.o_poker + p] = float(poker >= 0)
        if p == seat:
            at = enc.o_hand
            for c in hand:
                k = c & KIND_MASK
                out[at + k] += WEIGHT[k]
            if poker >= 0:
                out[enc.o_poker_card + poker] = 1.0
        else:
            at = enc.o_known + p * K
            for c in hand:
                if c >> KIND_BITS & me:
                    k = c & KIND_MASK
                    out[at + k] += WEIGHT[k]
    out[enc.o_pile] = share(len(s.pile), ALL_CARDS)
    out[enc.o_supply] = share(len(s.supply_action), 3)
    out[enc.o_supply + 1] = share(len(s.supply_event), 3)
    if s.market:
        out[enc.o_market + s.market[-1]] = 1.0
    out[enc.o_market + K] = share(len(s.market), 10)
    discard: dict[int, int] = {}
    for k in s.discard:
        discard[k] = discard.get(k, 0) + 1
    for k, copies in discard.items():
        out[enc.o_discard + k] = share(copies, C.COUNT[k])
    for at, zone, most in ((enc.o_bank, s.bank, 6), (enc.o_office, s.office, 3)):
        for c in zone:
            if over or c >> KIND_BITS & me:
                k = c & KIND_MASK
                out[at + k] += WEIGHT[k]
        out[at + K] = share(len(zone), most)
    out[enc.o_over] = float(over)


def _decision(enc, s, out) -> None:
    """The decision on top of the stack: public, as the view's `decision`."""
    n = enc.players
    top = s.stack[-1]
    op = top[0]
    out[enc.o_decision + DECISION[op]] = 1.0
    if op == "poker":
        return
    out[enc.o_dseat + top[1]] = 1.0
    if op == "fight":
        _, _mover, attacker, defender, revenge, played = top
        out[enc.o_fight + attacker] = 1.0
        out[enc.o_fight + n + defender] = 1.0
        out[enc.o_fight + 2 * n] = float(bool(revenge))
        for at, cards in ((enc.o_target, s.fronts[defender][-1]), (enc.o_fplayed, played)):
            for k in cards:
                out[at + k] += WEIGHT[k]
    elif op == "launder":
        out[enc.o_left] = share(top[2], 2)
    elif op == "take":
        out[enc.o_from + top[2]] = 1.0
    elif op in ("swaptake", "swapgive"):
        out[enc.o_zone + top[2]] = 1.0  # the view names it ZONES[top[2]]
