"""The Mob's observation read from the state (famiglia.rl.fast): the same vector as the view's.

Public: the board, the families, the cards played; private to `seat`: its hand, the cards it
returns and those it set aside (MOB-9, as in the_mob/view.py).
"""

from __future__ import annotations

from famiglia.games.the_mob import data as D

from ..games.the_mob import MOST_STAKE, PHASE

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
    on_space: dict[int, list[int]] = {}  # a space's members, whichever family they are of
    ooc, width_ooc = enc.o_ooc, n * M
    for p in range(n):
        cash = s.cash[p]
        out[enc.o_cash + p] = cash / (cash + 100.0) if cash > 0 else 0.0
        out[enc.o_invest + p] = min(1.0, s.invest[p] / D.WIN_INVESTMENT)
        photo, prison, harbour = enc.o_photo + p * M, enc.o_prison + p * M, enc.o_harbour + p * M
        for m, where in enumerate(s.members[p]):
            if where == PHOTO:
                out[photo + m] = 1.0
            elif where > PRISON_BASE:
                out[prison + m] = (where - PRISON_BASE) / 3.0
            elif where == HARBOUR:
                out[harbour + m] = 1.0
            elif where >= OOC_BASE:
                out[ooc + (where - OOC_BASE) * width_ooc + p * M + m] = 1.0
            elif where >= 0:
                on_space.setdefault(where, []).append(m)
        out[enc.o_guards + p] = s.guards_photo[p] * GUARDS
        out[enc.o_removed + p] = s.guards_removed[p] * GUARDS
        out[enc.o_lost + p] = s.guards_lost[p] * GUARDS
        out[enc.o_hands + p] = min(1.0, (len(s.hands[p]) + len(s.marked[p])) / enc.hand_most)
    width = n + M + 2
    for space, owner in enumerate(s.space_owner):
        if owner >= 0:
            at = enc.o_spaces + space * width
            out[at + owner] = 1.0
            at += n
            members = on_space.get(space, ())
            for m in members:
                out[at + m] = 1.0
            guards = s.space_guards[space]
            out[at + M] = guards * GUARDS
            stake = sum(VALUES[m] for m in members) + guards * D.GUARD_VALUE
            out[at + M + 1] = min(1.0, stake / MOST_STAKE)
    for i, owner in enumerate(s.legal_guard):
        if owner >= 0:
            out[enc.o_legal + i * n + owner] = 1.0
    weight = enc.card_weight
    for at, cards in (
        (enc.o_park, s.park),
        (enc.o_hand, s.hands[seat]),
        (enc.o_returning, s.marked[seat]),
        (enc.o_my_aside, s.set_aside[seat]),
    ):
        for c in cards:
            out[at + c] += weight[c]
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
