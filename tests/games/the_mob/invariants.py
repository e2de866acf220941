"""What must hold in every position of The Mob, checked by the conformance kit after every
move (tests/games/test_conformance.py): cards and pieces are conserved, money never goes
below zero."""

from __future__ import annotations

from collections import Counter

from famiglia.games.the_mob import data as D


def cards_conserved(s):
    """MOB-1.2: every card of the deck is in exactly one place (after the first deal)."""
    if s.is_over():
        return
    where = (
        s.stock
        + s.park
        + [
            c
            for seat in range(s.players)
            for c in s.hands[seat] + s.marked[seat] + s.set_aside[seat]
        ]
    )
    if s.pending is not None:
        where.append(s.pending[0])
    assert Counter(where) == Counter(D.deck(s.players))


def pieces_conserved(s):
    """MOB-1.1: eight bodyguards per family, wherever they are; one family per space."""
    on_spaces = Counter()
    for space in D.SPACES:
        owner = s.space_owner[space]
        if owner < 0:
            assert s.space_guards[space] == 0
        else:
            on_spaces[owner] += s.space_guards[space]
            members, guards = s.pieces_on(space)
            assert members or guards, f"empty space {space} still owned"
    on_legal = Counter(g for g in s.legal_guard if g >= 0)
    for seat in range(s.players):
        total = (
            s.guards_photo[seat]
            + on_spaces[seat]
            + on_legal[seat]
            + s.guards_removed[seat]
            + s.guards_lost[seat]
        )
        assert total == D.BODYGUARDS
        assert min(s.guards_photo[seat], s.guards_removed[seat], s.guards_lost[seat]) >= 0


def money_never_negative(s):
    assert all(cash >= 0 for cash in s.cash)
    assert all(0 <= level <= D.WIN_INVESTMENT for level in s.invest)


def don_and_mama_limits(s):
    """MOB-3.2 and MOB-3.3 hold on every space at all times."""
    from famiglia.games.the_mob.placement import members_may_share

    for space in D.SPACES:
        members, _ = s.pieces_on(space)
        assert members_may_share(members), f"{members} on {D.SPACE_NAMES[space]}"


INVARIANTS = [cards_conserved, pieces_conserved, money_never_negative, don_and_mama_limits]
