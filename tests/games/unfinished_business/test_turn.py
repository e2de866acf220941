"""The turn: its three phases, drawing, events and forced decisions (UB-3)."""

from __future__ import annotations

from .helpers import do, hand, scene, texts


def test_phase_one_fills_an_empty_hand_first():
    """UB-3.1: without a hand card, the Don fills up to 4 before choosing his option."""
    st = scene(hands={1: ["Alcohol"]}, pile=["Mansion", "Mansion", "Gold", "Weapons", "Alcohol"])
    assert st.seats_to_act() == (0,)
    assert hand(st, 0) == ["Gold", "Mansion", "Mansion", "Weapons"]
    assert "invest Mansion + Mansion" in texts(st)


def test_phase_one_skipped_with_one_card():
    """UB-3.1: a single card in hand is enough to skip phase 1."""
    st = scene(hands={0: ["Mansion"], 1: ["Alcohol"]}, pile=["Mansion", "Gold"])
    assert hand(st, 0) == ["Mansion"]
    assert len(st.pile) == 2


def test_exactly_one_option_then_phase_three():
    """UB-3.2, UB-3.3: one option (Planning is always there), then the hand is filled to 4."""
    st = scene(
        hands={0: ["Mansion", "Mansion", "Weapons"], 1: ["Alcohol"]},
        pile=["Restaurant", "Restaurant", "Motor Boat", "Alcohol"],
    )
    options = texts(st)
    assert options[-1] == "plan: draw 1 card, then discard 1"
    assert "invest Mansion + Mansion" in options
    do(st, "invest Mansion + Mansion", "no starting bonus")
    # Turn over: seat 0 drew up to 4 (Weapons + 3), seat 1 is to act.
    assert st.seats_to_act() == (1,)
    assert hand(st, 0) == ["Motor Boat", "Restaurant", "Restaurant", "Weapons"]


def test_no_hand_limit_and_no_draw_at_four_or_more():
    """UB-3.3: a Don with 4 or more cards after his option draws nothing and keeps them all."""
    six = ["Mansion", "Mansion", "Weapons", "Weapons", "Alcohol", "Alcohol"]
    st = scene(hands={0: six, 1: ["Alcohol"]}, pile=["Gold"] * 3)
    do(st, "invest Mansion + Mansion", "no starting bonus")
    assert hand(st, 0) == ["Alcohol", "Alcohol", "Weapons", "Weapons"]
    assert len(st.pile) == 3


def test_draws_come_from_the_top_one_by_one_and_stop_on_empty():
    """UB-3.4: cards come from the top in order; an empty pile gives nothing."""
    st = scene(
        players=2, hands={0: ["Mansion", "Mansion"], 1: ["Alcohol"]}, pile=["Gold", "Diamond"]
    )
    do(st, "invest Mansion + Mansion")  # the empty hand leaves no bonus to choose
    # The pile ran dry while filling; seat 0 holds the two cards it had.
    assert hand(st, 0) == ["Diamond", "Gold"]
    assert st.pile == []


def test_event_resolves_is_discarded_and_replaced():
    """UB-3.5: an event is resolved at once, never kept, and a replacement card is drawn."""
    st = scene(
        hands={0: ["Mansion", "Mansion", "Money Bag"], 1: ["Money Bag", "Alcohol"]},
        pile=["Fake Money", "Gold", "Weapons", "Weapons", "Weapons"],
    )
    do(st, "invest Mansion + Mansion", "no starting bonus")
    # Fake Money took both Money Bags; seat 0 then drew Gold and filled up to 4.
    assert hand(st, 0) == ["Gold", "Weapons", "Weapons", "Weapons"]
    assert hand(st, 1) == ["Alcohol"]
    from .helpers import k

    assert k("Fake Money") in st.discard
    assert "seat 0 draws the event Fake Money" in st.events(1)


def test_events_chain():
    """UB-3.5: an event drawn as the replacement of another is resolved too."""
    st = scene(
        hands={0: ["Mansion", "Mansion", "Alcohol", "Money Bag"], 1: ["Weapons"]},
        pile=["Raid", "Fake Money", "Gold", "Gold", "Gold", "Gold", "Alcohol"],
    )
    do(st, "invest Mansion + Mansion", "no starting bonus")
    assert hand(st, 0) == ["Gold", "Gold", "Gold", "Gold"]
    # Raid took seat 1's Weapons; starting its turn empty-handed it drew the last card.
    assert hand(st, 1) == ["Alcohol"]
    assert "seat 1 discards Weapons" in st.events(1)


def test_mamas_dinner_during_filling_can_leave_five_cards():
    """UB-3.5: the replacement draw comes on top of Mamas Dinner's card."""
    st = scene(
        players=2,
        hands={0: ["Mansion", "Mansion", "Alcohol", "Alcohol", "Weapons"], 1: ["Weapons"]},
        pile=["Mamas Dinner", "Gold", "Diamond", "Restaurant"],
    )
    do(st, "invest Mansion + Mansion", "no starting bonus")
    # Seat 0 had 3, drew the event: it draws Gold (dinner), seat 1 Diamond, then seat 0
    # draws Restaurant as the replacement: 5 cards.
    assert hand(st, 0) == ["Alcohol", "Alcohol", "Gold", "Restaurant", "Weapons"]
    assert hand(st, 1) == ["Diamond", "Weapons"]


def test_one_answer_is_asked_when_only_the_hand_knows_it_is_one():
    """UB-3.6: a defender holding no matching card and no joker is still asked (giving up is
    his one answer), since playing it at once would tell everyone what his hand lacks; the
    spectator sees the same as when he could have answered."""
    st = scene(
        players=2,
        hands={0: ["Gold", "Alcohol"], 1: ["Weapons"]},
        fronts={1: [["Mansion", "Mansion"]]},
        market=(),
        pile=["Alcohol"] * 5,
    )
    do(st, "attack seat 1 with Gold")
    assert st.seats_to_act() == (1,) and texts(st) == ["give up the fight"]
    from famiglia.games.unfinished_business.render import board

    seen = "\n".join(board(st, None)), "\n".join(board(st, 1))
    assert "Fight: seat 0 attacks seat 1's set Mansion + Mansion" in seen[0]
    assert "Fight: seat 0 attacks your set Mansion + Mansion" in seen[1]
    do(st, "give up the fight")
    assert st.seats_to_act() == (0,)
    assert "seat 1 gives up; seat 0 wins the set Mansion + Mansion + Gold" in st.events(0)


def test_one_answer_is_played_at_once_when_everyone_can_tell():
    """UB-3.6: a defender with an empty hand gives up without being asked (everyone sees he
    holds nothing), and a looting bonus with one candidate is taken for the winner; the
    turn's option is always asked even when Planning is the only one."""
    st = scene(
        players=2,
        hands={0: ["Gold", "Alcohol"], 1: []},
        fronts={1: [["Mansion", "Gold"]]},
        market=(),
        pile=["Alcohol"] * 5,
    )
    do(st, "attack seat 1 with Gold")
    assert "seat 1 gives up; seat 0 wins the set Mansion + Gold + Gold" in st.events(0)
    assert "your only possible move, played at once: give up the fight" in st.events(1)
    # the looting bonus had one candidate (the Gold: a real Mansion must stay): taken for seat 0
    assert "your only possible move, played at once: loot Gold into my safe" in st.events(0)
    lone = scene(players=2, hands={0: ["Weapons"], 1: ["Weapons"]}, market=())
    assert texts(lone) == ["plan: draw 1 card, then discard 1"]


def test_a_spectator_cannot_tell_whether_the_defender_could_answer():
    """UB-3.6: after an attack the table looks the same whether or not the defender holds a
    matching card: he is the one to act, on a fight decision, either way."""
    seen = []
    for defender_hand in (["Weapons"], ["Mansion"]):
        st = scene(
            players=2,
            hands={0: ["Gold", "Alcohol"], 1: defender_hand},
            fronts={1: [["Mansion", "Mansion"]]},
            market=(),
            pile=["Alcohol"] * 5,
        )
        do(st, "attack seat 1 with Gold")
        view = st.view(None)
        seen.append((st.seats_to_act(), view["to_act"], view["decision"], st.events(None)[-3:]))
    assert seen[0] == seen[1]


def test_every_decision_says_what_it_waits_for_by_a_clause_of_the_rulebook():
    """A refusal quotes the decision awaited: each names a clause our rules document has."""
    from famiglia import rulebook
    from famiglia.games.unfinished_business.phases import PHASES

    clauses = rulebook.clauses("unfinished-business")
    for name, row in PHASES.items():
        what, clause = row.decision
        assert what and clause in clauses, name
