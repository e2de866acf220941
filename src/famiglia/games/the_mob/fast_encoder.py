"""The Mob's observation read from the state (famiglia.rl.fast): the same vector as the view's.

Public: the board, the families, the cards played; private to `seat`: its hand, the cards it
returns and those it set aside (MOB-9, as in the_mob/view.py).
"""

from __future__ import annotations

from famiglia.games.the_mob import data as D
from famiglia.rl.fast import flat, kept, lists

from .encoder import MOST_STAKE, PHASE

M = len(D.MEMBERS)
GUARDS = 1.0 / D.BODYGUARDS
PHOTO, HARBOUR, OOC_BASE, PRISON_BASE = D.PHOTO, D.HARBOUR, D.OOC_BASE, D.PRISON_BASE
VALUES = D.MEMBER_VALUES


def write_state(enc, s, seat: int, out) -> None:
    n = enc.players
    out[enc.o_me + seat] = 1.0
    year = s.year
    most = enc.options["max_years"]
    out[enc.o_year] = 0.0 if year <= 0 else 1.0 if year >= most else year / most
    out[enc.o_dealer + s.dealer] = 1.0
    out[enc.o_phase + PHASE[s.phase]] = 1.0
    if s.actor >= 0:
        out[enc.o_actor + s.actor] = 1.0
    played, per_year = s.cards_played, D.HAND_SIZE[n] * n
    if played > 0:
        out[enc.o_played_n] = 1.0 if played >= per_year else played / per_year
    out[enc.o_last] = float(s.last_card)
    out[enc.o_strict] = float(s.strict_stakes)
    # The families and the board, kept between calls (fast.kept): a move changes a few fields.
    memo = enc.memo
    at, end = enc.o_cash, enc.o_hands
    fields = (s.cash, s.invest, s.members, s.guards_photo, s.guards_removed, s.guards_lost)
    kept(memo, "families", fields, lists, _families, enc, out, at, end)
    hands, marked, most = s.hands, s.marked, enc.hand_most
    for p in range(n):
        out[enc.o_hands + p] = min(1.0, (len(hands[p]) + len(marked[p])) / most)
    at, end = enc.o_spaces, enc.o_park
    fields = (s.members, s.space_owner, s.space_guards, s.legal_guard)
    kept(memo, "board", fields, lists, _board, enc, out, at, end)
    cards = len(enc.card_weight)
    at = enc.o_park
    kept(memo, "played", (s.park,), flat, _cards, enc, out, at, at + cards)
    at, end = enc.o_hand, enc.o_my_aside + cards  # my hand, cards I return, cards I set aside
    fields = (s.hands[seat], s.marked[seat], s.set_aside[seat])
    kept(memo, ("mine", seat), fields, flat, _cards, enc, out, at, end)
    deck = len(enc.deck)
    out[enc.o_stock] = len(s.stock) / deck
    out[enc.o_aside] = sum(len(a) for a in s.set_aside) / deck
    if s.pending is not None:
        card, space, chosen, guards, least = s.pending
        out[enc.o_card + card] = 1.0
        out[enc.o_card_seat + s.actor] = 1.0
        if space >= 0:
            out[enc.o_card_space + space] = 1.0
            at = enc.o_card_pieces
            for m in chosen:
                out[at + m] = 1.0
            out[at + M] = guards * GUARDS
            out[at + M + 1] = min(1.0, least / MOST_STAKE)


def _cards(enc, out, *piles) -> None:
    """Cards per type / copies, pile after pile."""
    weight = enc.card_weight
    at = 0
    for cards in piles:
        for c in cards:
            out[at + c] += weight[c]
        at += len(weight)


def _families(enc, out, cash, invest, members, guards_photo, guards_removed, guards_lost) -> None:
    n, base = enc.players, enc.o_cash
    for p in range(n):
        money = cash[p]
        out[p] = money / (money + 100.0) if money > 0 else 0.0
        out[enc.o_invest - base + p] = min(1.0, invest[p] / D.WIN_INVESTMENT)
        photo = enc.o_photo - base + p * M
        prison = enc.o_prison - base + p * M
        harbour = enc.o_harbour - base + p * M
        for m, where in enumerate(members[p]):
            if where == PHOTO:
                out[photo + m] = 1.0
            elif where > PRISON_BASE:
                out[prison + m] = (where - PRISON_BASE) / 3.0
            elif where == HARBOUR:
                out[harbour + m] = 1.0
        out[enc.o_guards - base + p] = guards_photo[p] * GUARDS
        out[enc.o_removed - base + p] = guards_removed[p] * GUARDS
        out[enc.o_lost - base + p] = guards_lost[p] * GUARDS


def _board(enc, out, members, space_owner, space_guards, legal_guard) -> None:
    n, base = enc.players, enc.o_spaces
    on_space: dict[int, list[int]] = {}  # a space's members, whichever family they are of
    ooc, width_ooc = enc.o_ooc - base, n * M
    for p in range(n):
        for m, where in enumerate(members[p]):
            if OOC_BASE <= where <= PRISON_BASE:  # (above it: prison blocks)
                out[ooc + (where - OOC_BASE) * width_ooc + p * M + m] = 1.0
            elif 0 <= where < OOC_BASE:
                on_space.setdefault(where, []).append(m)
    width = n + M + 2
    for space, owner in enumerate(space_owner):
        if owner >= 0:
            at = space * width
            out[at + owner] = 1.0
            at += n
            members_there = on_space.get(space, ())
            for m in members_there:
                out[at + m] = 1.0
            guards = space_guards[space]
            out[at + M] = guards * GUARDS
            stake = sum(VALUES[m] for m in members_there) + guards * D.GUARD_VALUE
            out[at + M + 1] = min(1.0, stake / MOST_STAKE)
    for i, owner in enumerate(legal_guard):
        if owner >= 0:
            out[enc.o_legal - base + i * n + owner] = 1.0
