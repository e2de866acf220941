"""The content: data.toml holds the cards and board in the counts the rules give, in one
vocabulary, and is validated at import."""

import pytest

from famiglia.games.scarface_1920 import data as D


def test_board_districts_borders_neighborhoods():
    """SF-2.1 SF-2.2: 7 districts, the 11 borders, 18 neighborhoods (Central 3, others 2-3)."""
    assert D.DISTRICTS == (
        "Far North",
        "North Side",
        "West Side",
        "Central",
        "Southwest",
        "South Side",
        "Far South",
    )
    pairs = {frozenset((D.DISTRICTS[a], D.DISTRICTS[b])) for a in range(7) for b in D.ADJ[a]}
    assert len(pairs) == 11
    assert frozenset(("Central", "South Side")) in pairs
    assert frozenset(("Far North", "Central")) not in pairs
    assert len(D.HOODS) == 18 and len(D.HOODS_IN[D.D_INDEX["Central"]]) == 3
    for h in D.HOODS:
        assert 2 <= h["shield"] <= 5 and 4 <= h["price"] <= 10 and h["buys"]


def test_card_counts():
    """SF-4.1: every deck in the counts SCARFACE.md gives, 10 members + Doctor per gang."""
    assert len(D.ASSOCIATES) == 82 and len(D.JOBS) == 51 and len(D.DEALER_DECK) == 32
    assert len(D.RAIDS) == 36 and len(D.NEWS) == 26 and len(D.GMEN) == 18
    assert len(D.CANDIDATES) == 10 and len(D.STREET_GANGS) == 55 and len(D.MOST_WANTED) == 45
    for g in range(4):
        assert len([c for c in D.CARDS if c["gang"] == g]) == 11
        assert len(D.GANG_START[g]) == 7 and len(D.GANG_ADVANCED[g]) == 4


def test_one_vocabulary_and_validation_refuses_bad_effects():
    """SF-4.1: effects outside the vocabulary are refused when the data is loaded."""
    D.check_ops((("money", 3), ("hit", "Central", 1)), "ok")
    with pytest.raises(ValueError):
        D.check_ops((("teleport", 1),), "bad op")
    with pytest.raises(ValueError):
        D.check_ops((("hit", "Atlantis", 1),), "bad district")
    with pytest.raises(ValueError):
        D.check_ops((("money",),), "missing argument")
    D.validate()


def test_business_track_values():
    """SF-2.4: the printed Business track values."""
    assert D.PROFIT["speakeasy"] == (2, 3, 4, 5, 6)
    assert D.PROFIT["brothel"] == (6, 6, 5, 5, 4)
    assert D.PROFIT["casino"] == (1, 1, 2, 2, 3)
    assert D.PROFIT["nightclub"] == (10, 9, 8, 7, 6)
