"""The turn's options: Investment, Black Market, Attack, Planning (UB-4, UB-5, UB-6, UB-8)."""

from __future__ import annotations

import pytest

from famiglia import IllegalAction

from .helpers import GAME, do, hand, safe, scene, sets, texts

PILE = ["Alcohol"] * 12


def test_investment_sets():
    """UB-4.1: two alike or one and a joker; never two jokers; one set only."""
    st = scene(
        hands={0: ["Mansion", "Mansion", "Gold", "Diamond", "Weapons"], 1: ["Alcohol"]},
        market=(),
        pile=PILE,
    )
    invests = [t for t in texts(st) if t.startswith("invest")]
    assert invests == [
        "invest Mansion + Mansion",
        "invest Mansion + Diamond",
        "invest Mansion + Gold",
        "invest Weapons + Diamond",
        "invest Weapons + Gold",
    ]
    with pytest.raises(IllegalAction) as err:
        do(st, "invest Gold + Diamond")
    assert err.value.clause == "UB-4.1"
    do(st, "invest Mansion + Gold", "no starting bonus")
    assert sets(st, 0) == [["Mansion", "Gold"]]  # the joker lies under the property
    assert hand(st, 0) == ["Alcohol", "Diamond", "Mansion", "Weapons"]


def test_investment_goes_on_top_and_never_joins_a_set():
    """UB-4.1: a second Mansion set is a new set on top, not added to the first."""
    st = scene(
        hands={0: ["Mansion", "Mansion", "Mansion", "Mansion"], 1: ["Alcohol"]},
        fronts={0: [["Weapons", "Weapons"]]},
        market=(),
        pile=PILE,
    )
    do(st, "invest Mansion + Mansion")
    assert sets(st, 0) == [["Weapons", "Weapons"], ["Mansion", "Mansion"]]


def test_starting_bonus_only_without_a_set():
    """UB-4.2: the bonus is offered only if no set lay in front of the safe before."""
    st = scene(
        hands={0: ["Mansion", "Mansion", "Gold", "Alcohol"], 1: ["Weapons"]}, market=(), pile=PILE
    )
    do(st, "invest Mansion + Mansion")
    assert texts(st) == ["put Gold in my safe", "put Alcohol in my safe", "no starting bonus"]
    do(st, "put Gold in my safe")
    assert safe(st, 0) == ["Gold"]
    assert "seat 0 moves a card from his hand into his safe (starting bonus)" in st.events(1)
    assert not any("Gold" in line for line in st.events(1)[-3:])
    again = scene(
        hands={0: ["Mansion", "Mansion", "Gold"], 1: ["Weapons"]},
        fronts={0: [["Alcohol", "Alcohol"]]},
        market=(),
        pile=PILE,
    )
    do(again, "invest Mansion + Mansion")
    assert again.seats_to_act() == (1,)  # no bonus question: the turn went on


def test_starting_bonus_returns_after_losing_every_set():
    """UB-4.2: what counts is having no set just before the option."""
    st = scene(
        hands={0: ["Mansion", "Gold", "Alcohol"], 1: ["Weapons"]}, market=("Mansion",), pile=PILE
    )
    assert "buy the black-market Mansion with Mansion" in texts(st)
    do(st, "buy the black-market Mansion with Mansion")
    assert texts(st) == ["put Gold in my safe", "put Alcohol in my safe", "no starting bonus"]


def test_black_market():
    """UB-5.1: pair a hand card with the top card; a joker on one side only."""
    st = scene(
        hands={0: ["Restaurant", "Gold", "Weapons"], 1: ["Alcohol"]},
        market=("Mansion", "Restaurant"),
        pile=PILE,
    )
    buys = [t for t in texts(st) if t.startswith("buy")]
    assert buys == [
        "buy the black-market Restaurant with Restaurant",
        "buy the black-market Restaurant with Gold",
    ]
    do(st, "buy the black-market Restaurant with Gold", "no starting bonus")
    assert sets(st, 0) == [["Restaurant", "Gold"]]
    assert st.view(1)["black_market"] == {"top": "Mansion", "size": 1}
    joker_top = scene(
        hands={0: ["Restaurant", "Gold", "Diamond"], 1: ["Alcohol"]}, market=("Diamond",), pile=PILE
    )
    buys = [t for t in texts(joker_top) if t.startswith("buy")]
    assert buys == ["buy the black-market Diamond with Restaurant"]
    with pytest.raises(IllegalAction) as err:
        do(joker_top, "buy the black-market Diamond with Gold")
    assert err.value.clause == "UB-5.1"


def test_attack_targets():
    """UB-6.1: only another Don's top set; never a safe; not a Don without sets."""
    st = scene(
        players=3,
        hands={0: ["Mansion", "Weapons", "Gold"], 1: ["Alcohol"], 2: ["Alcohol"]},
        fronts={1: [["Mansion", "Mansion"], ["Weapons", "Weapons"]]},
        safes={2: ["Diamond"]},
        market=(),
        pile=PILE,
    )
    attacks = [t for t in texts(st) if t.startswith("attack")]
    assert attacks == ["attack seat 1 with Weapons", "attack seat 1 with Gold"]
    with pytest.raises(IllegalAction) as err:
        do(st, "attack seat 1 with Mansion")  # Mansion is under the top set
    assert err.value.clause == "UB-6.2"
    with pytest.raises(IllegalAction) as err:
        do(st, "attack seat 2 with Gold")
    assert err.value.clause == "UB-6.1"


def test_attack_back_and_forth_defender_wins():
    """UB-6.2, UB-6.3, UB-6.4: defender first, each answers or gives up; the defender may win
    and keeps the bigger set as his top set."""
    st = scene(
        hands={0: ["Mansion", "Gold", "Weapons"], 1: ["Mansion", "Diamond", "Alcohol"]},
        fronts={1: [["Mansion", "Mansion"]]},
        market=(),
        pile=PILE,
    )
    do(st, "attack seat 1 with Mansion")
    assert st.seats_to_act() == (1,)
    assert texts(st) == ["answer with Mansion", "answer with Diamond", "give up the fight"]
    do(st, "answer with Diamond")
    assert st.seats_to_act() == (0,)
    assert texts(st) == ["answer with Gold", "give up the fight"]
    do(st, "answer with Gold")
    do(st, "answer with Mansion")
    assert texts(st) == ["give up the fight"]  # seat 0 has only Weapons left
    do(st, "give up the fight")
    assert sets(st, 1) == [["Mansion", "Mansion", "Mansion", "Mansion", "Diamond", "Gold"]]
    assert sets(st, 0) == []
    assert st.seats_to_act() == (1,)  # the winner loots


def test_looting_bonus_keeps_a_real_property():
    """UB-6.5: one card of the won set into the safe, openly; a non-joker must stay."""
    st = scene(
        hands={0: ["Gold", "Diamond"], 1: ["Alcohol"]},
        fronts={1: [["Mansion", "Gold"]]},
        market=(),
        pile=PILE,
    )
    do(st, "attack seat 1 with Diamond", "give up the fight")  # seat 1 holds nothing matching
    assert texts(st) == ["loot Diamond into my safe", "loot Gold into my safe"]
    with pytest.raises(IllegalAction) as err:
        do(st, "loot Mansion into my safe")
    assert err.value.clause == "UB-6.5"
    do(st, "loot Diamond into my safe")
    assert safe(st, 0) == ["Diamond"]
    assert sets(st, 0) == [["Mansion", "Gold"]]
    assert st.view(1)["dons"][0]["safe"] == ["Diamond"]  # looted openly
    assert st.view(None)["dons"][0]["safe"] == ["Diamond"]


def test_refill_after_an_attack_loser_first():
    """UB-6.6: the loser fills up to 4 first, then the winner."""
    st = scene(
        hands={0: ["Mansion", "Weapons"], 1: ["Alcohol", "Weapons"]},
        fronts={1: [["Mansion", "Mansion"]]},
        market=(),
        pile=["Gold", "Gold", "Diamond", "Diamond", "Diamond", "Motor Boat"],
    )
    do(st, "attack seat 1 with Mansion", "give up the fight")  # the one loot is taken at once
    assert hand(st, 1) == ["Alcohol", "Gold", "Gold", "Weapons"]
    assert hand(st, 0) == ["Diamond", "Diamond", "Diamond", "Weapons"]


def test_planning():
    """UB-8.1: draw one card, then discard one: property to the black market, action to the
    discard pile."""
    st = scene(
        hands={0: ["Weapons"], 1: ["Alcohol"]},
        market=("Mansion",),
        pile=["Hitman", "Gold", "Gold", "Gold", "Gold"],
    )
    do(st, "plan: draw 1 card, then discard 1")
    assert texts(st) == ["put Weapons on the black market", "discard Hitman"]
    do(st, "put Weapons on the black market")
    assert st.view(1)["black_market"] == {"top": "Weapons", "size": 2}
    st2 = scene(
        hands={0: ["Weapons"], 1: ["Alcohol"]},
        market=(),
        pile=["Hitman", "Gold", "Gold", "Gold", "Gold"],
    )
    do(st2, "plan: draw 1 card, then discard 1", "discard Hitman")
    from .helpers import k

    assert st2.discard == [k("Hitman")]


def test_refusals_name_the_rule():
    """UB-3.2: a move of another phase is refused with the rule to follow."""
    st = scene(hands={0: ["Weapons", "Key"], 1: ["Alcohol"]}, market=(), pile=PILE)
    with pytest.raises(IllegalAction) as err:
        do(st, "give up the fight")
    assert err.value.clause == "UB-3.2"
    with pytest.raises(IllegalAction) as err:
        do(st, "play Key")
    assert err.value.clause == "UB-7.11"
    before = st.to_json()
    with pytest.raises(IllegalAction):
        st.apply(0, GAME.action_from_json({"kind": "invest", "args": ["Gold", "Gold"]}))
    assert st.to_json() == before
