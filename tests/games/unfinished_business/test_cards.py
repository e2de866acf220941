"""Action cards (UB-7)."""

from __future__ import annotations

import pytest

from famiglia import IllegalAction

from .helpers import do, hand, k, known_by, names, safe, scene, sets, texts

PILE = ["Alcohol"] * 20


def test_play_then_discard_and_targets_need_something_to_hit():
    """UB-7.1: a played card is shown and discarded; a named Don must offer something."""
    st = scene(
        players=3,
        hands={0: ["Burglary", "Funeral", "Interrogation", "Weapons"], 1: ["Alcohol"], 2: []},
        fronts={2: [["Mansion", "Mansion"]]},
        safes={1: ["Gold"]},
        pile=PILE,
    )
    plays = [t for t in texts(st) if t.startswith("play")]
    assert plays == [
        "play Burglary on seat 1",
        "play Funeral on seat 2",
        "play Interrogation on seat 1",
    ]
    do(st, "play Funeral on seat 2")
    assert k("Funeral") in st.discard
    assert "seat 0 plays Funeral on seat 2" in st.events(1)


def test_lost_cards_are_not_refilled_at_once():
    """UB-7.2: the victims of an effect do not draw; only the player refills in phase 3."""
    st = scene(
        players=3,
        hands={0: ["Hitman", "Weapons"], 1: ["Gold", "Alcohol"], 2: ["Diamond", "Gold", "Mansion"]},
        pile=PILE,
    )
    do(st, "play Hitman")
    assert hand(st, 1) == ["Alcohol"] and hand(st, 2) == ["Mansion"]
    assert len(st.hands[0]) == 4


def test_hitman():
    """UB-7.3: every other Don discards all his Gold and Diamonds; the player keeps his."""
    st = scene(
        players=3,
        hands={0: ["Hitman", "Gold"], 1: ["Gold", "Diamond", "Gold"], 2: ["Weapons"]},
        pile=PILE,
    )
    do(st, "play Hitman")
    assert "seat 1 discards Gold, Diamond, Gold" in st.events(2)
    assert hand(st, 2) == ["Weapons"]
    assert "Gold" in hand(st, 0)
    # Seat 1 had nothing left and refilled only as its own turn began (UB-3.1).
    assert hand(st, 1) == ["Alcohol"] * 4
    assert sorted(st.discard) == sorted([k("Hitman"), k("Gold"), k("Diamond"), k("Gold")])


def test_burglary_takes_the_oldest_safe_card():
    """UB-7.4: the top (oldest) card of the safe goes to the player's hand; only the two
    Dons learn which it was."""
    st = scene(
        players=3,
        hands={0: ["Burglary"], 1: ["Alcohol"], 2: ["Alcohol"]},
        safes={1: ["Diamond", "Money Bag"]},
        pile=PILE,
    )
    do(st, "play Burglary on seat 1")
    assert safe(st, 1) == ["Money Bag"]
    assert "Diamond" in hand(st, 0)
    assert "seat 0 takes Diamond from seat 1's safe" in st.events(1)
    assert not any("Diamond" in line for line in st.events(2))
    assert st.view(1)["dons"][0]["known_in_hand"] == ["Diamond"]
    assert st.view(2)["dons"][0]["known_in_hand"] == []


def test_money_laundry():
    """UB-7.5: up to two property cards into the safe, one at a time; may stop."""
    st = scene(hands={0: ["Money Laundry", "Mansion", "Gold", "Hitman"], 1: ["Alcohol"]}, pile=PILE)
    do(st, "play Money Laundry")
    assert texts(st) == ["launder Gold", "launder Mansion", "stop laundering"]
    do(st, "launder Gold", "launder Mansion")
    assert safe(st, 0) == ["Gold", "Mansion"]
    st = scene(hands={0: ["Money Laundry", "Mansion", "Gold"], 1: ["Alcohol"]}, pile=PILE)
    do(st, "play Money Laundry", "launder Mansion", "stop laundering")
    assert safe(st, 0) == ["Mansion"]


def test_godfather_shields_until_the_next_turn():
    """UB-7.6: no attack, no Burglary/Funeral/Interrogation naming him, until the start of his
    next turn; then the card is discarded. Hitman names nobody: it reaches him too."""
    st = scene(
        players=2,
        hands={
            0: ["Godfather", "Alcohol"],
            1: ["Mansion", "Hitman", "Burglary", "Funeral", "Gold"],
        },
        fronts={0: [["Mansion", "Mansion"]]},
        safes={0: ["Diamond"]},
        pile=PILE,
    )
    do(st, "play Godfather")
    assert st.godfather[0] and k("Godfather") not in st.discard
    assert st.seats_to_act() == (1,)
    options = texts(st)
    assert not any(t.startswith(("attack", "play Burglary", "play Funeral")) for t in options)
    with pytest.raises(IllegalAction) as err:
        do(st, "attack seat 0 with Mansion")
    assert err.value.clause == "UB-7.6"
    # Hitman targets nobody: the Godfather's owner discards his Gold like anyone.
    st.hands[0].append(k("Gold"))
    do(st, "play Hitman")
    assert "Gold" not in hand(st, 0) and "seat 0 discards Gold" in st.events(1)
    # Seat 0's next turn starts: the Godfather goes.
    assert st.seats_to_act() == (0,) and not st.godfather[0]
    assert k("Godfather") in st.discard


def test_funeral():
    """UB-7.7: the named Don discards his top set."""
    st = scene(
        hands={0: ["Funeral"], 1: ["Alcohol"]},
        fronts={1: [["Mansion", "Mansion"], ["Weapons", "Gold"]]},
        pile=PILE,
    )
    do(st, "play Funeral on seat 1")
    assert sets(st, 1) == [["Mansion", "Mansion"]]
    assert k("Weapons") in st.discard and k("Gold") in st.discard


def test_interrogation():
    """UB-7.8: the player sees the whole hand and takes the card he chooses."""
    st = scene(
        players=3,
        hands={0: ["Interrogation"], 1: ["Mansion", "Gold", "Alcohol"], 2: ["Alcohol"]},
        pile=PILE,
    )
    do(st, "play Interrogation on seat 1")
    assert texts(st) == ["take Gold", "take Mansion", "take Alcohol"]
    assert st.view(0)["dons"][1]["known_in_hand"] == ["Alcohol", "Gold", "Mansion"]
    assert "seat 1's hand: Alcohol, Gold, Mansion" in st.events(0)
    assert "seat 1's hand: Alcohol, Gold, Mansion" not in st.events(2)
    do(st, "take Gold")
    assert hand(st, 1) == ["Alcohol", "Mansion"]
    assert "Gold" in hand(st, 0)
    assert st.view(0)["dons"][1]["known_in_hand"] == ["Alcohol", "Mansion"]
    assert st.view(1)["dons"][0]["known_in_hand"] == ["Gold"]


def test_horse_betting():
    """UB-7.9: look at the betting office; take one card and give one property, or nothing."""
    st = scene(
        hands={0: ["Horse Betting", "Weapons", "Key"], 1: ["Alcohol"]},
        office=("Diamond", "Mansion"),
        pile=PILE,
    )
    do(st, "play Horse Betting")
    assert st.view(0)["betting_office"]["known"] == ["Diamond", "Mansion"]
    assert st.view(1)["betting_office"]["known"] == []
    assert texts(st) == [
        "take Diamond from the betting office",
        "take Mansion from the betting office",
        "swap nothing",
    ]
    do(st, "take Diamond from the betting office")
    assert texts(st) == ["put Diamond in the betting office", "put Weapons in the betting office"]
    do(st, "put Weapons in the betting office")
    assert names(st.office) == ["Mansion", "Weapons"]
    assert st.view(0)["betting_office"]["known"] == ["Mansion", "Weapons"]
    assert "Diamond" in hand(st, 0)
    only_actions = scene(hands={0: ["Horse Betting", "Key"], 1: ["Alcohol"]}, pile=PILE)
    do(only_actions, "play Horse Betting")  # no property to give: nothing to take either
    assert texts(only_actions) == ["swap nothing"]  # (asked: his hand is his secret, UB-3.6)
    do(only_actions, "swap nothing")
    assert only_actions.seats_to_act() == (1,)


def test_accountant():
    """UB-7.10: the same with the bank."""
    st = scene(
        hands={0: ["Accountant", "Weapons"], 1: ["Alcohol"]},
        bank=("Diamond", "Gold", "Alcohol", "Alcohol", "Mansion", "Alcohol"),
        pile=PILE,
    )
    do(st, "play Accountant")
    assert st.view(0)["bank"]["known"] == [
        "Alcohol",
        "Alcohol",
        "Alcohol",
        "Diamond",
        "Gold",
        "Mansion",
    ]
    do(st, "take Diamond from the bank", "put Weapons in the bank")
    assert names(st.bank) == ["Alcohol", "Alcohol", "Alcohol", "Gold", "Mansion", "Weapons"]
    assert known_by(st.bank[-1], 0) and not known_by(st.bank[-1], 1)


def test_key_cannot_be_played_and_scores_the_bank():
    """UB-7.11: never played; at the end its holder moves the bank into his safe."""
    st = scene(hands={0: ["Key", "Weapons"], 1: ["Alcohol"]}, pile=PILE)
    assert not any("Key" in t and t.startswith("play") for t in texts(st))
    with pytest.raises(IllegalAction) as err:
        do(st, "play Key")
    assert err.value.clause == "UB-7.11"
    assert "discard Key" not in texts(st)  # only Planning can throw it away
    do(st, "plan: draw 1 card, then discard 1")
    assert "discard Key" in texts(st)
