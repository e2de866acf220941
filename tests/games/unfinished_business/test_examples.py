"""The rulebook's worked examples, played out (UB-4, UB-6, UB-7, UB-11)."""

from __future__ import annotations

from famiglia.games.unfinished_business import scoring

from .helpers import do, hand, k, safe, scene, sets, texts

JONNY, CARLO, OTTI = 0, 1, 2


def test_don_jonnys_three_investments():
    """UB-4.1, UB-4.2: Money Bags with the starting bonus (a Gold into the safe); then Luxury
    Car with a Diamond joker and no bonus, which buries the Money Bags; then another Luxury
    Car set, laid as a new set on top."""
    st = scene(
        players=2,
        turn=JONNY,
        hands={
            JONNY: [
                "Money Bag",
                "Money Bag",
                "Gold",
                "Luxury Car",
                "Diamond",
                "Luxury Car",
                "Luxury Car",
            ],
            CARLO: ["Weapons", "Alcohol", "Luxury Car", "Money Bag"],
        },
        market=(),
        pile=["Restaurant"] * 30,
    )
    do(st, "invest Money Bag + Money Bag", "put Gold in my safe")
    assert sets(st, JONNY) == [["Money Bag", "Money Bag"]]
    assert safe(st, JONNY) == ["Gold"]
    assert len(st.hands[JONNY]) == 4  # 4 left: no draw
    # While the Money Bags are the top set, Carlo could attack them.
    assert "attack seat 0 with Money Bag" in texts(st)
    do(st, "plan: draw 1 card, then discard 1", "put Weapons on the black market")
    do(st, "invest Luxury Car + Diamond")
    # No starting bonus this time: the turn went straight on to Carlo.
    assert st.seats_to_act() == (CARLO,)
    assert sets(st, JONNY) == [["Money Bag", "Money Bag"], ["Luxury Car", "Diamond"]]
    attacks = [t for t in texts(st) if t.startswith("attack")]
    assert attacks == ["attack seat 0 with Luxury Car"]  # the Money Bags are safe now
    do(st, "plan: draw 1 card, then discard 1", "put Alcohol on the black market")
    do(st, "invest Luxury Car + Luxury Car")
    assert sets(st, JONNY) == [
        ["Money Bag", "Money Bag"],
        ["Luxury Car", "Diamond"],
        ["Luxury Car", "Luxury Car"],
    ]


def test_don_carlos_attack_on_don_jonny():
    """UB-6.2 to UB-6.6: Diamond, answered by a Luxury Car, answered by a Luxury Car; Jonny
    cannot go on; Carlo takes all five cards as one set, loots the Diamond, and Jonny refills
    before Carlo."""
    st = scene(
        players=2,
        turn=CARLO,
        hands={CARLO: ["Diamond", "Luxury Car", "Alcohol"], JONNY: ["Luxury Car", "Weapons"]},
        fronts={JONNY: [["Money Bag", "Money Bag"], ["Luxury Car", "Diamond"]]},
        market=(),
        pile=["Gold", "Gold", "Gold", "Mansion", "Mansion", "Mansion", *["Restaurant"] * 10],
    )
    do(st, "attack seat 0 with Diamond")
    assert st.seats_to_act() == (JONNY,)
    do(st, "answer with Luxury Car")
    assert st.seats_to_act() == (CARLO,)
    do(st, "answer with Luxury Car")
    # Jonny has no Luxury Car and no joker left: giving up is all he can do (UB-3.6: still
    # asked, his hand is his secret).
    assert st.seats_to_act() == (JONNY,) and texts(st) == ["give up the fight"]
    do(st, "give up the fight")
    assert sets(st, CARLO) == [["Luxury Car", "Luxury Car", "Luxury Car", "Diamond", "Diamond"]]
    assert sets(st, JONNY) == [["Money Bag", "Money Bag"]]
    assert texts(st) == ["loot Diamond into my safe", "loot Luxury Car into my safe"]
    do(st, "loot Diamond into my safe")
    assert safe(st, CARLO) == ["Diamond"]
    assert sets(st, CARLO) == [["Luxury Car", "Luxury Car", "Luxury Car", "Diamond"]]
    assert hand(st, JONNY) == ["Gold", "Gold", "Gold", "Weapons"]
    assert hand(st, CARLO) == ["Alcohol", "Mansion", "Mansion", "Mansion"]


def test_betting_office_with_two_money_bags_and_a_diamond():
    """UB-11.4: Money Bags score 3 x 10k, Diamonds 2 x 100k, for every Don."""
    st = scene(
        players=2,
        hands={0: ["Alcohol"], 1: ["Alcohol"]},
        fronts={0: [["Money Bag", "Diamond"]], 1: [["Money Bag", "Money Bag"]]},
        safes={0: ["Diamond"], 1: ["Weapons"]},
        office=("Money Bag", "Money Bag", "Diamond"),
        pile=[],
    )
    scoring.finish(st)
    assert st.scores() == [30 + 200 + 200, 30 + 30 + 10]
    assert "the betting office holds Money Bag, Money Bag, Diamond" in st.events(1)


def test_don_ottis_hitman():
    """UB-7.3, UB-7.1, UB-7.2: the others discard their jokers, the Hitman is discarded, and
    the others do not draw for what they lost."""
    st = scene(
        players=3,
        turn=OTTI,
        hands={
            OTTI: ["Hitman", "Gold", "Weapons"],
            JONNY: ["Gold", "Alcohol"],
            CARLO: ["Diamond", "Weapons", "Weapons", "Gold"],
        },
        pile=["Mansion"] * 20,
    )
    do(st, "play Hitman")
    assert hand(st, JONNY) == ["Alcohol"]
    assert hand(st, CARLO) == ["Weapons", "Weapons"]
    assert hand(st, OTTI) == ["Gold", "Mansion", "Mansion", "Weapons"]  # Otti refills, phase 3
    assert sorted(st.discard) == sorted([k("Hitman"), k("Gold"), k("Diamond"), k("Gold")])
    assert st.seats_to_act() == (JONNY,)
