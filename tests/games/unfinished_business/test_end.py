"""Game end and scoring (UB-11)."""

from __future__ import annotations

from famiglia.arena.simulate import simulate
from famiglia.games.unfinished_business import scoring

from .helpers import GAME, do, k, safe, scene


def test_game_ends_when_pile_empty_and_a_hand_empty():
    """UB-11.1: checked after the option (here an Investment that empties the hand)."""
    st = scene(hands={0: ["Mansion", "Mansion"], 1: ["Alcohol"]}, pile=[])
    do(st, "invest Mansion + Mansion")
    assert st.is_over() and st.seats_to_act() == ()
    assert "the draw pile is empty and a Don has no hand card: the game ends" in st.events(1)


def test_game_ends_on_the_draw_that_empties_the_pile():
    """UB-11.1: a draw that takes the last card ends the game at once if a hand is empty."""
    st = scene(players=3, hands={0: ["Weapons", "Alcohol"], 1: [], 2: ["Gold"]}, pile=["Mansion"])
    # Seat 0 plans: it draws the last card; seat 1 holds nothing: the game ends before the
    # discard.
    do(st, "plan: draw 1 card, then discard 1")
    assert st.is_over()
    assert st.discard.count(k("Mansion")) == 1  # hands are discarded at the end


def test_game_goes_on_with_an_empty_pile_while_every_hand_holds_cards():
    """UB-11.1, UB-3.4: an empty pile alone does not end the game."""
    st = scene(hands={0: ["Mansion", "Mansion", "Weapons"], 1: ["Alcohol"]}, pile=[])
    do(st, "invest Mansion + Mansion", "no starting bonus")
    assert not st.is_over() and st.seats_to_act() == (1,)


def test_key_holder_scores_the_bank():
    """UB-11.2, UB-11.3: the Key's holder moves the bank into his safe; hands score nothing."""
    st = scene(
        hands={0: ["Mansion", "Mansion"], 1: ["Key", "Diamond"]},
        bank=("Gold", "Gold"),
        office=("Weapons",),
        pile=[],
    )
    do(st, "invest Mansion + Mansion")
    assert st.is_over()
    assert safe(st, 1) == ["Gold", "Gold"] and st.bank == []
    assert st.scores() == [80, 100]  # the Diamond in hand is not counted
    assert st.result().winners == (1,)


def test_without_a_key_holder_the_bank_is_lost():
    """UB-11.2: a discarded Key belongs to nobody."""
    st = scene(hands={0: ["Mansion", "Mansion"], 1: ["Alcohol"]}, bank=("Gold", "Gold"), pile=[])
    st.discard.append(k("Key"))
    do(st, "invest Mansion + Mansion")
    assert st.is_over() and len(st.bank) == 2
    assert "nobody holds the Key: the bank is not scored" in st.events(0)


def test_betting_office_multipliers_and_scores():
    """UB-11.4, UB-11.5: each office card adds 1 to its kind's multiplier for everyone;
    action cards in a safe score nothing."""
    st = scene(
        hands={0: ["Alcohol"], 1: ["Alcohol"]},
        fronts={0: [["Mansion", "Gold"]], 1: [["Weapons", "Weapons"]]},
        safes={0: ["Key"], 1: ["Gold"]},
        office=("Gold", "Gold"),
        pile=[],
    )
    # Mansion 40 + Gold 50 x 3; Weapons 10 x 2 + Gold 50 x 3.
    assert st.scores() == [40 + 150, 20 + 150]


def test_ties_go_to_more_property_cards_then_shared():
    """UB-11.6: money first, then the number of property cards; still tied: shared."""
    st = scene(
        players=3,
        hands={0: ["Alcohol"], 1: ["Alcohol"], 2: ["Alcohol"]},
        fronts={0: [["Mansion", "Mansion"]], 1: [["Weapons"] * 8], 2: [["Mansion", "Mansion"]]},
        office=("Diamond",),
        pile=[],
    )
    scoring.finish(st)
    result = st.result()
    assert st.scores() == [80, 80, 80]
    assert result.winners == (1,)
    assert result.ranking == (2, 1, 2)
    st.fronts[1] = [(k("Weapons"),) * 2]
    assert st.result().winners == (0, 2)


def test_simulate_random_bots():
    """UB-11.6: bot games end with a well-formed result."""
    summary, records = simulate(GAME, 4, 3, 0, ["random"] * 4)
    assert summary.games == 3 and all(r["result"]["winners"] for r in records)
