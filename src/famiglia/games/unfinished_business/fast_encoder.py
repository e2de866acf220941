"""Unfinished Business' observation read from the state (famiglia.rl.fast): the same vector as
the view's. A card's number carries, above its kind, one bit per seat that knows it (UB-10.2);
`seat` reads its own hand and safe, and of the others' hands, safes, the bank and the betting
office only the cards whose bit it holds (all of them once the game is over), as
unfinished_business/state.py's view does."""

from __future__ import annotations

from famiglia.games.unfinished_business import data as C
from famiglia.games.unfinished_business.data import KIND_BITS, KIND_MASK
from famiglia.rl.encoding import share, squash
from famiglia.rl.fast import deep, flat, kept, lists

from .encoder import ALL_CARDS, DECISION, MOST_SETS, K

WEIGHT = [1.0 / count for count in C.COUNT]  # by kind: all copies of a kind read 1


def write_state(enc, s, seat: int, out) -> None:
    over = s.over
    out[enc.o_me + seat] = 1.0
    out[enc.o_turn + s.turn] = 1.0
    for p in s.seats_to_act():
        out[enc.o_to_act + p] = 1.0
    if not over:
        _decision(enc, s, out)
    # The Dons' sets, their safes, the discard pile and the bank and betting office, in runs
    # kept between calls (fast.kept): a move changes a few of the fields behind them. What
    # `seat` knows of the cards depends on the seat: those runs are kept per seat.
    memo = enc.memo
    hands, poker, safes = s.hands, s.poker, s.safes
    fields = (s.safe_no, s.fronts, s.godfather)
    kept(memo, "dons", fields, deep, _dons, enc, out, enc.o_safe_no, enc.o_hand_n)
    fields = (seat, over, safes)
    kept(memo, ("safes", seat), fields, lists, _safes, enc, out, enc.o_safe, enc.o_poker)
    me = 1 << seat
    for p in range(enc.players):
        hand = hands[p]
        out[enc.o_hand_n + p] = share(len(hand) + (poker[p] >= 0), C.HAND_SIZE)
        out[enc.o_safe_n + p] = squash(len(safes[p]), 4)
        out[enc.o_poker + p] = float(poker[p] >= 0)
        if p == seat:
            at = enc.o_hand
            for c in hand:
                k = c & KIND_MASK
                out[at + k] += WEIGHT[k]
            if poker[p] >= 0:
                out[enc.o_poker_card + poker[p]] = 1.0
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
    at = enc.o_discard
    kept(memo, "discard", (s.discard,), flat, _discard, enc, out, at, at + K)
    fields = (seat, over, s.bank, s.office)
    kept(memo, ("zones", seat), fields, flat, _zones, enc, out, enc.o_bank, enc.o_over)
    out[enc.o_over] = float(over)


def _dons(enc, out, safe_no, fronts, godfather) -> None:
    """Every Don's safe number, sets (all, and the top one) and Godfather."""
    base = enc.o_safe_no
    for p in range(enc.players):
        out[p] = share(safe_no[p], 6)
        sets = fronts[p]
        at = enc.o_sets - base + p * K
        for cards in sets:
            for k in cards:
                out[at + k] += WEIGHT[k]
        out[enc.o_nsets - base + p] = share(len(sets), MOST_SETS)
        if sets:
            at = enc.o_top - base + p * K
            for k in sets[-1]:
                out[at + k] += WEIGHT[k]
        out[enc.o_godfather - base + p] = float(godfather[p])


def _safes(enc, out, seat, over, safes) -> None:
    """The cards `seat` knows in every Don's safe: its own, all of them once the game is over."""
    me = 1 << seat
    for p, safe in enumerate(safes):
        at = p * K
        every = over or p == seat
        for c in safe:
            if every or c >> KIND_BITS & me:
                k = c & KIND_MASK
                out[at + k] += WEIGHT[k]


def _zones(enc, out, seat, over, bank, office) -> None:
    """The bank and the betting office: the cards `seat` knows there, and their sizes."""
    me = 1 << seat
    for at, zone, most in ((0, bank, 6), (enc.o_office - enc.o_bank, office, 3)):
        for c in zone:
            if over or c >> KIND_BITS & me:
                k = c & KIND_MASK
                out[at + k] += WEIGHT[k]
        out[at + K] = share(len(zone), most)


def _discard(enc, out, discard) -> None:
    counts: dict[int, int] = {}
    for k in discard:
        counts[k] = counts.get(k, 0) + 1
    for k, copies in counts.items():
        out[k] = share(copies, C.COUNT[k])


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
