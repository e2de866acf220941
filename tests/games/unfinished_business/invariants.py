"""What must hold in every position of Unfinished Business, checked by the conformance kit
after every move (tests/games/test_conformance.py) and by the saved-state tests (UB-1.1,
UB-10.2)."""

from __future__ import annotations

from famiglia.games.unfinished_business.data import (
    IS_EVENT,
    IS_JOKER,
    IS_PROP,
    KIND_BITS,
    KIND_MASK,
    TOTAL_CARDS,
)


def cards_conserved(st):
    """UB-1.1, UB-1.2: all 141 cards are somewhere, exactly once."""
    assert st.card_total() == TOTAL_CARDS


def zones_hold_what_they_may(st):
    """UB-3.5, UB-4.1: no event in a hand; property only in safes, bank, office, black market;
    every set has a non-joker first."""
    for hand in st.hands:
        assert not any(IS_EVENT[c & KIND_MASK] for c in hand)
    for zone in (*st.safes, st.bank, st.office):
        assert all(IS_PROP[c & KIND_MASK] for c in zone)
    assert all(IS_PROP[k] for k in st.market)
    for front in st.fronts:
        for cards in front:
            assert len(cards) >= 2 and not IS_JOKER[cards[0]]
            assert all(k == cards[0] or IS_JOKER[k] for k in cards)


def knowledge_is_true(st):
    """UB-10.2: a card a seat is told it knows is really there (views come from the masks,
    and every mask bit names a seat at the table)."""
    limit = (1 << st.players) - 1
    for zone in (*st.hands, *st.safes, st.bank, st.office):
        for c in zone:
            assert (c >> KIND_BITS) & ~(limit | 1 << 6) == 0


INVARIANTS = [cards_conserved, zones_hold_what_they_may, knowledge_is_true]
