"""Set-up and the shape of a year: MOB-1.x, MOB-2.1, MOB-2.3, MOB-2.4."""

from __future__ import annotations

from collections import Counter

import pytest

from famiglia.games.the_mob import data as D

from .helpers import GAME, do, new, texts


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_families_start_equal(players):
    """MOB-1.1: $100k, chip on 0, eight members and eight bodyguards at home."""
    s = new(players)
    view = s.view(None)
    for family in view["families"]:
        assert family["cash"] == 100
        assert family["investment"] == 0
        assert family["photo"] == [
            "Don",
            "Mama",
            "Right Hand",
            "Enforcer",
            "Lawyer",
            "Bookkeeper",
            "Secretary",
            "Novice",
        ]
        assert family["bodyguards"] == 8
    assert D.MEMBER_VALUES == (100, 60, 50, 40, 40, 30, 30, 20)


def test_player_counts_outside_three_to_six_are_refused():
    """MOB-1.1: three to six players."""
    for bad in (2, 7):
        with pytest.raises(ValueError, match="3 to 6"):
            GAME.new(bad)


@pytest.mark.parametrize("players,total,per_kind", [(3, 46, 3), (4, 56, 4), (6, 56, 4)])
def test_deck(players, total, per_kind):
    """MOB-1.2: 56 cards, 46 with three players (one card fewer of each illegal business)."""
    deck = Counter(D.deck(players))
    assert sum(deck.values()) == total
    for kind in D.KIND_NAMES:
        assert deck[D.CARD_NAMES.index(kind)] == per_kind
    assert deck[D.CARD_NAMES.index("An Offer That Cannot Be Refused")] == 2
    for single in ("F.B.I.", "Protection Money", "Takeover", "Bakery", "Party at Molly's"):
        assert deck[D.CARD_NAMES.index(single)] == 1


def test_board():
    """MOB-1.3: two spaces per illegal business with the sign values; 8 legal; 3 out of
    circulation."""
    assert len(D.SPACES) == 20
    values = dict(zip(D.SPACE_NAMES, D.SPACE_VALUE, strict=True))
    assert values["Bar 1"] == values["Pawnbroker 2"] == 5
    assert values["Nightclub 2"] == values["Exchange Office 1"] == 10
    assert values["Casino 1"] == values["Printing Works 2"] == values["Loan Office 1"] == 20
    assert values["Bank 2"] == values["Jeweller 1"] == values["Weapons Shop 2"] == 30
    assert len(D.LEGAL_NAMES) == 8
    assert D.OOC_SPACES == ("Molly's Penthouse", "Hairdresser", "Restaurant")


@pytest.mark.parametrize("players,size", [(3, 5), (5, 5), (6, 4)])
def test_deal(players, size):
    """MOB-2.1: seat 0 deals five cards each (four with six); the stock holds the rest."""
    s = new(players)
    assert s.dealer == 0
    assert all(len(h) == size for h in s.hands)
    assert len(s.stock) == len(D.deck(players)) - size * players
    assert s.seats_to_act() == (1,)  # the dealer's left exchanges first


def test_year_turn_order_and_end():
    """MOB-2.3 and MOB-2.4: clockwise from the dealer's left, one card a turn, and the year
    ends with the last card; MOB-2.1: the dealer then moves one seat left."""
    s = new(4)
    for _ in range(4):
        do(s, s.actor, "keep the other cards")
    order = []
    while s.phase == "play":
        order.append(s.actor)
        seat = s.actor
        do(s, seat, [t for t in texts(s, seat) if t.startswith("lay down")][0])
    assert order == [1, 2, 3, 0] * 5
    assert s.phase in ("invest", "exchange")
    while s.phase == "invest":
        do(s, s.actor, "end investing")
    assert s.year == 2 and s.dealer == 1 and s.seats_to_act() == (2,)
    assert all(len(h) == 5 for h in s.hands)
    assert s.view(None)["played"] == []


def test_played_cards_are_public():
    """MOB-2.3: a card laid down is seen by everyone."""
    s = new(3)
    for _ in range(3):
        do(s, s.actor, "keep the other cards")
    seat = s.actor
    choice = [t for t in texts(s, seat) if t.startswith("lay down")][0]
    name = choice[len("lay down ") : -len(" unused")]
    do(s, seat, choice)
    for viewer in (None, 0, 1, 2):
        assert s.view(viewer)["played"] == [name]
