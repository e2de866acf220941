"""Event cards (UB-9): each is drawn here by seat 0 planning."""

from __future__ import annotations

import pytest

from famiglia import IllegalAction

from .helpers import do, hand, k, safe, scene, sets, texts

PLAN = "plan: draw 1 card, then discard 1"
FILL = ["Alcohol"] * 20


def test_raid():
    """UB-9.1: every Don discards all Alcohol and Weapons."""
    st = scene(
        players=3,
        hands={
            0: ["Mansion", "Alcohol"],
            1: ["Weapons", "Gold"],
            2: ["Alcohol", "Weapons", "Mansion"],
        },
        pile=["Raid", "Gold", *FILL],
    )
    do(st, PLAN)
    assert hand(st, 1) == ["Gold"] and hand(st, 2) == ["Mansion"]
    assert hand(st, 0) == ["Gold", "Mansion"]  # Alcohol gone, Gold the replacement draw


def test_drive_by():
    """UB-9.2: every Don discards one random card, seen by all."""
    st = scene(
        players=3,
        hands={0: ["Mansion", "Mansion"], 1: ["Weapons", "Gold"], 2: []},
        pile=["Drive By", "Diamond", *FILL],
    )
    do(st, PLAN)
    assert hand(st, 0) == ["Diamond", "Mansion"]  # one Mansion went, Diamond replaced the event
    assert len(st.hands[1]) == 1
    gone = [line for line in st.events(2) if "at random" in line]
    assert len(gone) == 2 and gone[0] == "seat 0 discards Mansion at random"


def test_robbery():
    """UB-9.3: the drawer takes one random card from every other Don; only the two see it."""
    st = scene(
        players=3,
        hands={0: ["Mansion"], 1: ["Gold"], 2: ["Diamond", "Diamond"]},
        pile=["Robbery", "Weapons", *FILL],
    )
    do(st, PLAN)
    assert hand(st, 0) == ["Diamond", "Gold", "Mansion", "Weapons"]
    assert hand(st, 1) == [] and hand(st, 2) == ["Diamond"]
    assert "seat 0 takes Gold from seat 1" in st.events(1)
    assert "seat 0 takes Gold from seat 1" not in st.events(2)
    assert "seat 0 takes a random card from seat 1" in st.events(2)


def test_poker_round_is_a_simultaneous_secret_choice():
    """UB-9.4: all Dons with cards choose at once, unseen; then every card goes left."""
    st = scene(
        players=3,
        hands={0: ["Mansion"], 1: ["Gold", "Weapons"], 2: ["Diamond"]},
        pile=["Poker Round", "Alcohol", *FILL],
    )
    do(st, PLAN)
    assert st.seats_to_act() == (0, 1, 2)
    assert texts(st, 1) == ["pass Gold to the left", "pass Weapons to the left"]
    do(st, "pass Weapons to the left", seat=1)
    assert st.seats_to_act() == (0, 2)
    # Nobody else can tell what seat 1 chose, not in the view, not in the events.
    assert st.view(2)["dons"][1]["poker_chosen"] is True
    assert st.view(2)["dons"][1]["known_in_hand"] == []
    assert not any("Weapons" in line for line in st.events(2))
    assert st.view(1)["dons"][1]["poker_card"] == "Weapons"
    assert st.view(1)["dons"][1]["hand_size"] == 2
    with pytest.raises(IllegalAction):
        do(st, "pass Gold to the left", seat=1)  # one choice each
    do(st, "pass Diamond to the left", seat=2)
    do(st, "pass Mansion to the left", seat=0)
    assert hand(st, 1) == ["Gold", "Mansion"]
    assert hand(st, 2) == ["Weapons"]
    assert "Diamond" in hand(st, 0)
    assert st.view(2)["dons"][1]["known_in_hand"] == []
    assert st.view(1)["dons"][2]["known_in_hand"] == ["Weapons"]
    assert st.view(0)["dons"][1]["known_in_hand"] == ["Mansion"]


def test_poker_round_passes_to_an_empty_hand():
    """UB-9.4: a Don without cards does not choose but still receives."""
    st = scene(
        players=3,
        hands={0: ["Mansion"], 1: [], 2: ["Gold"]},
        pile=["Poker Round", "Alcohol", *FILL],
    )
    do(st, PLAN)
    assert st.seats_to_act() == (0, 2)
    do(st, "pass Mansion to the left", seat=0)
    do(st, "pass Gold to the left", seat=2)
    assert hand(st, 1) == ["Mansion"]
    assert hand(st, 0) == ["Alcohol", "Gold"]


def test_mamas_dinner():
    """UB-9.5: every Don draws one card, clockwise from the drawer."""
    st = scene(
        players=3,
        hands={0: ["Mansion"], 1: ["Weapons"], 2: ["Weapons"]},
        pile=["Mamas Dinner", "Gold", "Diamond", "Restaurant", "Motor Boat", *FILL],
    )
    do(st, PLAN)
    assert hand(st, 1) == ["Diamond", "Weapons"]
    assert hand(st, 2) == ["Restaurant", "Weapons"]
    assert hand(st, 0) == ["Gold", "Mansion", "Motor Boat"]


def test_new_hand():
    """UB-9.6: clockwise from the drawer, each Don discards his hand and draws 4."""
    st = scene(
        players=2,
        hands={0: ["Mansion", "Gold"], 1: ["Weapons"]},
        pile=["New Hand", *["Diamond"] * 4, *["Restaurant"] * 4, "Motor Boat", *FILL],
    )
    do(st, PLAN)
    assert hand(st, 1) == ["Restaurant"] * 4
    assert k("Mansion") in st.discard and k("Weapons") in st.discard
    # Seat 0: 4 Diamonds, the replacement Motor Boat, then its Planning discard.
    assert hand(st, 0) == ["Diamond"] * 4 + ["Motor Boat"]


def test_revenge():
    """UB-9.7: the drawer may attack at once, looting bonus included, with no refill."""
    st = scene(
        players=2,
        hands={0: ["Gold", "Alcohol"], 1: ["Weapons"]},
        fronts={1: [["Mansion", "Mansion"]]},
        pile=["Revenge", "Diamond", *FILL],
    )
    do(st, PLAN)
    assert texts(st) == ["take revenge on seat 1 with Gold", "let the revenge go"]
    do(st, "take revenge on seat 1 with Gold", "give up the fight", "loot Gold into my safe")
    assert sets(st, 0) == [["Mansion", "Mansion"]] and sets(st, 1) == []
    assert safe(st, 0) == ["Gold"]
    # Then the replacement draw, then the Planning discard: no refill of seat 1.
    assert hand(st, 1) == ["Weapons"]
    assert hand(st, 0) == ["Alcohol", "Diamond"]
    assert texts(st) == ["put Diamond on the black market", "put Alcohol on the black market"]


def test_revenge_without_targets_passes():
    """UB-9.7: with no set to attack, there is nothing to decide."""
    st = scene(players=2, hands={0: ["Gold"], 1: ["Weapons"]}, pile=["Revenge", "Diamond", *FILL])
    do(st, PLAN)
    assert "there is no set to take revenge on" in st.events(1)
    assert texts(st) == ["put Diamond on the black market", "put Gold on the black market"]


def test_fake_money():
    """UB-9.8: every Don discards all Money Bags."""
    st = scene(
        players=2,
        hands={0: ["Money Bag", "Mansion"], 1: ["Money Bag", "Money Bag"]},
        pile=["Fake Money", "Gold", *FILL],
    )
    do(st, PLAN)
    assert hand(st, 1) == []
    assert hand(st, 0) == ["Gold", "Mansion"]
