"""Components and set-up (UB-1, UB-2)."""

from __future__ import annotations

from collections import Counter

import pytest

from famiglia.games.unfinished_business.data import (
    ACTION_KINDS,
    COUNT,
    EVENT_KINDS,
    IS_JOKER,
    IS_PROP,
    KEY,
    KIND_MASK,
    NAME,
    PROPERTY_KINDS,
    TOTAL_CARDS,
    VALUE,
)

from .helpers import GAME


def test_property_cards():
    """UB-1.1: 11 kinds, printed counts adding up to 124, Diamond and Gold are the jokers."""
    table = {NAME[k]: (VALUE[k], COUNT[k]) for k in PROPERTY_KINDS}
    assert table == {
        "Diamond": (100, 4),
        "Gold": (50, 8),
        "Mansion": (40, 10),
        "Night Club": (30, 12),
        "Restaurant": (30, 12),
        "Racing Horse": (20, 12),
        "Luxury Car": (20, 12),
        "Motor Boat": (20, 12),
        "Money Bag": (10, 14),
        "Alcohol": (10, 14),
        "Weapons": (10, 14),
    }
    assert sum(COUNT[k] for k in PROPERTY_KINDS) == 124
    assert TOTAL_CARDS == 124 + 17
    assert {NAME[k] for k in PROPERTY_KINDS if IS_JOKER[k]} == {"Diamond", "Gold"}


def test_special_cards():
    """UB-1.2: nine action cards with the Key, eight events, one of each."""
    assert {NAME[k] for k in ACTION_KINDS} == {
        "Hitman",
        "Burglary",
        "Money Laundry",
        "Godfather",
        "Funeral",
        "Interrogation",
        "Horse Betting",
        "Key",
        "Accountant",
    }
    assert {NAME[k] for k in EVENT_KINDS} == {
        "Raid",
        "Drive By",
        "Robbery",
        "Poker Round",
        "Mamas Dinner",
        "New Hand",
        "Revenge",
        "Fake Money",
    }


@pytest.mark.parametrize("players", [1, 7, 0])
def test_player_counts_refused(players):
    """UB-1.3: 2 to 6 Dons."""
    with pytest.raises(ValueError, match="2 to 6"):
        GAME.new(players)


@pytest.mark.parametrize("players", range(2, 7))
def test_safes_and_first_player(players):
    """UB-1.3, UB-2.1: one random safe each; the lowest number starts; turns go clockwise."""
    seen_starts = set()
    for seed in range(30):
        st = GAME.new(players, seed)
        assert len(set(st.safe_no)) == players and set(st.safe_no) <= set(range(1, 7))
        low = st.safe_no.index(min(st.safe_no))
        assert st.turn == low and st.seats_to_act() == (low,)
        seen_starts.add(low)
    assert len(seen_starts) > 1  # the safes really are dealt at random
    st = GAME.new(players, 3)
    first = st.turn
    st.apply(first, st.legal_actions(first)[-1])  # plan
    while st.turn == first and not st.is_over():
        seat = st.seats_to_act()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    assert st.turn == (first + 1) % players


@pytest.mark.parametrize("players", range(2, 7))
def test_deal(players):
    """UB-2.2, UB-2.3, UB-2.4, UB-2.5: black market, hands, bank, office, pile and supplies."""
    st = GAME.new(players, 11)
    # The first turn may already have drawn nothing: no one has acted yet.
    assert len(st.market) == 3 and all(IS_PROP[k] for k in st.market)
    assert st.market_unseen == 2
    assert all(len(h) == 4 and all(IS_PROP[c & KIND_MASK] for c in h) for h in st.hands)
    assert len(st.bank) == 6 and len(st.office) == 1
    assert all(IS_PROP[c & KIND_MASK] for c in st.bank + st.office)
    specials = [k for k in st.pile if not IS_PROP[k]]
    assert len(specials) == 15 and KEY in specials
    assert sum(1 for k in specials if k in EVENT_KINDS) == 7
    assert len(st.supply_action) == 1 and len(st.supply_event) == 1
    assert st.supply_action[0] != KEY and st.supply_action[0] in ACTION_KINDS
    assert st.supply_event[0] in EVENT_KINDS
    assert Counter(specials + st.supply_action + st.supply_event) == Counter(
        ACTION_KINDS + EVENT_KINDS
    )
    props = sum(1 for k in st.pile if IS_PROP[k])
    assert props == 124 - 3 - 4 * players - 6 - 1
    assert st.card_total() == 124 + 17


def test_black_market_shows_only_its_top():
    """UB-2.2: the view shows the top card and the size, never the cards below."""
    st = GAME.new(3, 5)
    for seat in (None, 0, 1, 2):
        market = st.view(seat)["black_market"]
        assert market == {"top": NAME[st.market[-1]], "size": 3}


def test_same_seed_same_game():
    """UB-2.1: the deal comes from the game's own seeded generator."""
    assert GAME.new(4, 9).to_json() == GAME.new(4, 9).to_json()
    assert GAME.new(4, 9).to_json() != GAME.new(4, 10).to_json()
