"""Legal businesses and action cards: MOB-4.x and MOB-5.x, with the rulebook's examples."""

from __future__ import annotations

import pytest

import famiglia
from famiglia.games.the_mob import data as D

from .helpers import at_play, do, member, new, put, space, texts


def test_alberto_earns_from_a_legal_business():
    """MOB-4.1 and MOB-4.2, the rulebook's example: chip on 3 earns $30k at once, and a
    bodyguard goes to the business."""
    alberto = 1
    s = at_play(new(4), alberto, ["Bakery"])
    s.invest[alberto] = 3
    do(s, alberto, "play Bakery")
    assert s.cash[alberto] == 130
    assert s.guards_photo[alberto] == 7
    assert s.view(None)["legal_businesses"] == {"Bakery": alberto}


@pytest.mark.parametrize(
    "chip,income", [(1, 10), (2, 20), (3, 30), (4, 30), (5, 40), (6, 40), (7, 50), (8, 50), (9, 60)]
)
def test_legal_income_table(chip, income):
    """MOB-4.2: the legal income table."""
    s = at_play(new(4), 1, ["Laundry"])
    s.invest[1] = chip
    do(s, 1, "play Laundry")
    assert s.cash[1] == 100 + income


def test_legal_card_needs_investment_and_a_bodyguard():
    """MOB-4.1: without an investment, or without a bodyguard at home, the card is unused."""
    s = at_play(new(4), 1, ["Newsstand"])
    assert texts(s, 1) == ["lay down Newsstand unused"]
    with pytest.raises(famiglia.IllegalAction) as refused:
        do(s, 1, "play Newsstand")
    assert refused.value.clause == "MOB-4.1" and "invest" in refused.value.reason
    s.invest[1] = 2
    s.guards_photo[1] = 0
    s.guards_lost[1] = 8
    s._legal = {}
    assert "play Newsstand" not in texts(s, 1)


def test_out_of_circulation():
    """MOB-5.1: a member of another family leaves its business for the card's space; its
    bodyguards stay; it earns nothing at the settlement."""
    s = at_play(new(4), 1, ["Party at Molly's"])
    put(s, 2, "Bank 1", ["Lawyer"], guards=2)
    do(s, 1, "play Party at Molly's")
    assert texts(s, 1) == [
        "send seat 2's Lawyer to Molly's Penthouse",
        "lay down Party at Molly's unused",
    ]
    do(s, 1, "send seat 2's Lawyer to Molly's Penthouse")
    assert s.members[2][member("Lawyer")] == D.OOC_BASE
    assert s.space_owner[space("Bank 1")] == 2 and s.stake(space("Bank 1")) == 10
    assert s.view(3)["out_of_circulation"] == {"Molly's Penthouse": [[2, "Lawyer"]]}


def test_out_of_circulation_needs_a_target():
    """MOB-5.1: own members and empty boards give the card no use."""
    s = at_play(new(4), 1, ["Invitation to Dinner"])
    put(s, 1, "Bar 1", ["Novice"])
    assert texts(s, 1) == ["lay down Invitation to Dinner unused"]


def test_fbi_jails_from_business_or_out_of_circulation():
    """MOB-5.2: to block 3 of the prison."""
    s = at_play(new(4), 1, ["F.B.I."])
    put(s, 2, "Casino 2", ["Right Hand"])
    s.members[3][member("Don")] = D.OOC_BASE + 2
    do(s, 1, "play F.B.I.")
    assert set(texts(s, 1)) == {
        "jail seat 2's Right Hand",
        "jail seat 3's Don",
        "lay down F.B.I. unused",
    }
    do(s, 1, "jail seat 2's Right Hand")
    assert s.members[2][member("Right Hand")] == D.PRISON_BASE + 3
    assert s.space_owner[space("Casino 2")] == -1  # nobody of seat 2 is left there
    assert s.view(0)["families"][2]["prison"] == {"Right Hand": 3}


def test_bail():
    """MOB-5.4: pay the member's value; he is home at once and can be placed right away."""
    s = at_play(new(4), 1, ["Casino"])
    s.members[1][member("Enforcer")] = D.PRISON_BASE + 2
    assert "bail out Enforcer ($40k)" in texts(s, 1)
    do(s, 1, "bail out Enforcer ($40k)")
    assert s.cash[1] == 60 and s.members[1][member("Enforcer")] == D.PHOTO
    do(s, 1, "play Casino", "choose Casino 1")
    assert "add Enforcer" in texts(s, 1)


def test_bail_needs_the_money():
    """MOB-5.4: not offered, and refused with the reason, when cash is short."""
    s = at_play(new(4), 1, ["Casino"])
    s.members[1][member("Don")] = D.PRISON_BASE + 1
    s.cash[1] = 99
    assert "bail out Don ($100k)" not in texts(s, 1)
    with pytest.raises(famiglia.IllegalAction) as refused:
        do(s, 1, "bail out Don ($100k)")
    assert refused.value.clause == "MOB-5.4"


def test_frederico_collects_protection_money():
    """MOB-5.5, the rulebook's example: Bernardo's chip on 5 costs him $30k."""
    frederico, bernardo = 2, 0
    s = at_play(new(4), frederico, ["Protection Money"])
    s.invest[bernardo] = 5
    do(s, frederico, "play Protection Money")
    assert texts(s, frederico) == [
        "collect protection money from seat 0",
        "lay down Protection Money unused",
    ]
    do(s, frederico, "collect protection money from seat 0")
    assert s.cash[frederico] == 130 and s.cash[bernardo] == 70


@pytest.mark.parametrize(
    "chip,owed", [(1, 10), (2, 10), (3, 20), (4, 20), (5, 30), (6, 30), (7, 40), (8, 40), (9, 50)]
)
def test_protection_table(chip, owed):
    """MOB-5.5: the protection money table."""
    s = at_play(new(4), 1, ["Protection Money"])
    s.invest[3] = chip
    do(s, 1, "play Protection Money", "collect protection money from seat 3")
    assert s.cash[3] == 100 - owed


def test_protection_from_the_uninvested_and_the_broke():
    """MOB-5.5: nobody with the chip on 0 pays; a victim short of money pays all he has."""
    s = at_play(new(4), 1, ["Protection Money"])
    assert texts(s, 1) == ["lay down Protection Money unused"]
    s.invest[2], s.cash[2] = 9, 12
    s._legal = {}
    do(s, 1, "play Protection Money", "collect protection money from seat 2")
    assert s.cash[2] == 0 and s.cash[1] == 112


def test_gianna_takes_over_the_bank():
    """MOB-5.6, the rulebook's example: Roberto's Secretary, Novice and four bodyguards (70)
    go home; Gianna's Mama and two bodyguards (70) take their place."""
    gianna, roberto = 1, 3
    s = at_play(new(4), gianna, ["Takeover"])
    put(s, roberto, "Bank 2", ["Secretary", "Novice"], guards=4)
    do(s, gianna, "play Takeover", "take over Bank 2", "add Mama")
    assert "finish placing" not in texts(s, gianna)
    do(s, gianna, "add a bodyguard")
    with pytest.raises(famiglia.IllegalAction) as refused:
        do(s, gianna, "finish placing")
    assert refused.value.clause == "MOB-5.6"
    do(s, gianna, "add a bodyguard")
    assert "add a bodyguard" not in texts(s, gianna)  # exactly 70, no more
    do(s, gianna, "finish placing")
    assert s.space_owner[space("Bank 2")] == gianna and s.stake(space("Bank 2")) == 70
    assert s.members[roberto][member("Secretary")] == D.PHOTO
    assert s.members[roberto][member("Novice")] == D.PHOTO
    assert s.guards_photo[roberto] == 8 and s.guards_removed[roberto] == 0


def test_takeover_offers_only_pieces_that_can_match_exactly():
    """MOB-5.6: a stake of 25 cannot be matched by a family with no bodyguards at home."""
    s = at_play(new(4), 1, ["Takeover"])
    put(s, 2, "Bar 1", ["Novice"], guards=1)
    s.guards_photo[1], s.guards_lost[1] = 0, 8
    assert texts(s, 1) == ["lay down Takeover unused"]


def test_offer_that_cannot_be_refused():
    """MOB-5.7: all of one family's pieces leave the space: members for good, bodyguards
    removed (to be hired back)."""
    s = at_play(new(4), 1, ["An Offer That Cannot Be Refused"])
    put(s, 0, "Weapons Shop 1", ["Don"], guards=3)
    s.members[2][member("Mama")] = D.OOC_BASE + 1
    do(s, 1, "play An Offer That Cannot Be Refused")
    assert set(texts(s, 1)) == {
        "remove seat 0's pieces from Weapons Shop 1",
        "remove seat 2's pieces from Hairdresser",
        "lay down An Offer That Cannot Be Refused unused",
    }
    do(s, 1, "remove seat 0's pieces from Weapons Shop 1")
    assert s.members[0][member("Don")] == D.HARBOUR
    assert s.guards_removed[0] == 3 and s.space_owner[space("Weapons Shop 1")] == -1
    said = "seat 1 makes seat 0 an offer: from Weapons Shop 1, Don goes to the harbour, 3 bodyguards are removed"
    assert said in s.events(3)


def test_offer_on_out_of_circulation():
    """MOB-5.7: from an out-of-circulation space too."""
    s = at_play(new(4), 1, ["An Offer That Cannot Be Refused"])
    s.members[2][member("Mama")] = D.OOC_BASE + 1
    do(s, 1, "play An Offer That Cannot Be Refused", "remove seat 2's pieces from Hairdresser")
    assert s.members[2][member("Mama")] == D.HARBOUR
    assert s.family_value(2) == 370 - 60
    assert "seat 1 makes seat 2 an offer: from Hairdresser, Mama goes to the harbour" in s.events(0)


def test_a_card_may_always_be_laid_down_unused():
    """MOB-2.3: forgoing the card, even after starting to place."""
    s = at_play(new(4), 1, ["Casino"])
    do(s, 1, "play Casino", "choose Casino 1", "add Don", "lay down Casino unused")
    assert s.members[1][member("Don")] == D.PHOTO
    assert s.view(0)["played"] == ["Casino"] and s.actor == 2
