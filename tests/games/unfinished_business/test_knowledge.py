"""Safes, hidden information and what each Don knows (UB-10)."""

from __future__ import annotations

from collections import Counter

from famiglia.games.unfinished_business.cardmoves import remove_public
from famiglia.games.unfinished_business.data import IS_EVENT, IS_PROP, KEY, KIND_MASK

from .helpers import GAME, do, k, known_by, names, safe, scene

FILL = ["Alcohol"] * 20


def test_safe_order_and_secrecy():
    """UB-10.1: new cards go to the bottom; the owner sees them, the others see the size."""
    st = scene(
        hands={0: ["Money Laundry", "Mansion", "Gold"], 1: ["Alcohol"]},
        safes={0: ["Diamond"]},
        pile=FILL,
    )
    do(st, "play Money Laundry", "launder Mansion", "launder Gold")
    assert safe(st, 0) == ["Diamond", "Mansion", "Gold"]  # top (oldest) first
    assert st.view(0)["dons"][0]["safe"] == ["Diamond", "Mansion", "Gold"]
    assert st.view(1)["dons"][0]["safe"] == [None, None, None]
    assert st.view(1)["dons"][0]["safe_size"] == 3
    assert st.view(None)["dons"][0]["safe"] == [None, None, None]


def test_views_hide_what_the_table_hides():
    """UB-10.2: other hands, the bank, the betting office, the pile and supplies are hidden."""
    st = GAME.new(4, 3)
    for seat in (None, 0, 1, 2, 3):
        view = st.view(seat)
        assert "pile" not in str(view).replace("draw_pile", "")
        for don in view["dons"]:
            if don["seat"] == seat:
                assert don["hand"] == names(st.hands[seat])
            else:
                assert "hand" not in don and don["known_in_hand"] == []
                assert don["hand_size"] == 4
        assert view["bank"] == {"size": 6, "known": []}
        assert view["betting_office"] == {"size": 1, "known": []}
        assert view["draw_pile"] == len(st.pile)
        assert view["supply"] == {"action": 1, "event": 1}


def test_determinize_keeps_what_was_seen_and_redraws_the_rest():
    """UB-10.2: an interrogated hand, a looked-at bank stay; everything else is redrawn."""
    st = scene(
        players=3,
        hands={
            0: ["Interrogation", "Accountant", "Weapons", "Weapons"],
            1: ["Mansion", "Gold", "Restaurant"],
            2: ["Diamond", "Motor Boat", "Night Club", "Alcohol"],
        },
        bank=("Money Bag", "Gold", "Alcohol", "Alcohol", "Mansion", "Alcohol"),
        office=("Diamond",),
        pile=[*FILL, "Raid", "Key", "Hitman"],
    )
    do(st, "play Interrogation on seat 1", "take Gold")
    assert st.view(0)["dons"][1]["known_in_hand"] == ["Mansion", "Restaurant"]
    changed = 0
    for seed in range(40):
        sample = st.determinize(0, seed)
        assert sample.view(0) == st.view(0)
        assert names(sample.hands[1]) == names(st.hands[1])  # all of it was seen
        assert Counter(sample.pile) + Counter(sample.supply_action + sample.supply_event) + Counter(
            c & KIND_MASK for h in sample.hands[2:] for c in h
        ) + Counter(c & KIND_MASK for c in sample.bank + sample.office) == Counter(
            st.pile
        ) + Counter(st.supply_action + st.supply_event) + Counter(
            c & KIND_MASK for h in st.hands[2:] for c in h
        ) + Counter(c & KIND_MASK for c in st.bank + st.office)
        for h in sample.hands:
            assert not any(IS_EVENT[c & KIND_MASK] for c in h)
        assert all(IS_PROP[c & KIND_MASK] for c in sample.bank + sample.office)
        assert sample.supply_action[0] != KEY
        changed += names(sample.hands[2]) != names(st.hands[2])
    assert changed > 30


def test_looked_at_zones_stay_fixed():
    """UB-10.2: the bank seen through the Accountant survives determinize until it changes
    unseen."""
    st = scene(
        players=3,
        hands={0: ["Accountant", "Weapons"], 1: ["Alcohol"], 2: ["Alcohol"]},
        bank=("Money Bag", "Gold", "Alcohol", "Alcohol", "Mansion", "Alcohol"),
        pile=FILL,
    )
    do(st, "play Accountant", "take Gold from the bank", "put Weapons in the bank")
    for seed in range(10):
        assert names(st.determinize(0, seed).bank) == names(st.bank)
    # Seat 1 never saw the bank: its samples redraw it.
    assert any(names(st.determinize(1, seed).bank) != names(st.bank) for seed in range(10))


def test_knowledge_fades_when_cards_move_unseen():
    """UB-10.2: when a card leaves a hand unseen, onlookers no longer know that hand."""
    st = scene(
        players=3,
        hands={
            0: ["Interrogation", "Weapons"],
            1: ["Money Laundry", "Mansion", "Restaurant", "Gold"],
            2: ["Alcohol", "Alcohol"],
        },
        pile=FILL,
    )
    do(st, "play Interrogation on seat 1", "take Gold")
    assert st.view(0)["dons"][1]["known_in_hand"] == ["Mansion", "Money Laundry", "Restaurant"]
    assert st.view(2)["dons"][1]["known_in_hand"] == []
    do(st, "play Money Laundry")  # in plain sight: seat 0 still knows the rest
    assert st.view(0)["dons"][1]["known_in_hand"] == ["Mansion", "Restaurant"]
    do(st, "launder Mansion", "stop laundering")  # unseen: which card went?
    assert st.view(0)["dons"][1]["known_in_hand"] == []


def test_the_robber_keeps_track_the_others_do_not():
    """UB-10.2, UB-9.3: the drawer of Robbery sees what he took; a third Don who knew the
    robbed hand cannot tell which card went."""
    st = scene(
        players=3,
        hands={0: ["Weapons"], 1: ["Mansion", "Restaurant"], 2: ["Weapons"]},
        pile=["Robbery", "Alcohol", *FILL],
    )
    both = (1 << 0 | 1 << 2) << 5
    st.hands[1] = [c | both for c in st.hands[1]]  # seats 0 and 2 have seen seat 1's hand
    assert st.view(2)["dons"][1]["known_in_hand"] == ["Mansion", "Restaurant"]
    do(st, "plan: draw 1 card, then discard 1")  # Robbery: seat 0 robs seats 1 and 2
    taken = [
        line
        for line in st.events(0)
        if line.startswith("seat 0 takes ")
        and line.endswith("from seat 1")
        and "random" not in line
    ]
    assert len(taken) == 1
    left = ["Restaurant"] if "Mansion" in taken[0] else ["Mansion"]
    assert st.view(0)["dons"][1]["known_in_hand"] == left
    assert st.view(2)["dons"][1]["known_in_hand"] == []


def test_a_copy_played_openly_counts_against_known_copies():
    """UB-10.2: knowing one Gold in a hand of two Golds, seeing a Gold leave means no longer
    knowing that any Gold stays."""
    gold = k("Gold")
    seen = gold | (1 << 0) << 5
    unseen = gold
    cards = [unseen, seen]
    remove_public(cards, 0)
    assert not known_by(cards[0], 0)
    cards = [seen, unseen]
    remove_public(cards, 0)
    assert not known_by(cards[0], 0)


def test_determinize_spreads_the_events_through_the_pile():
    """UB-10.2: the pile's order is redrawn without bias: events are not kept near the top."""
    st = GAME.new(3, 21)
    depth = []
    for seed in range(300):
        pile = st.determinize(0, seed).pile
        depth += [i / (len(pile) - 1) for i, kind in enumerate(pile) if IS_EVENT[kind]]
    assert 0.45 < sum(depth) / len(depth) < 0.55


def test_renderer_shows_a_seat_its_own_hand_only():
    """UB-10.2: the terminal picture is drawn from the seat's view."""
    from rich.console import Console

    st = scene(hands={0: ["Diamond", "Mansion"], 1: ["Restaurant", "Weapons"]}, pile=["Gold"])
    console = Console(width=140, record=True)
    console.print(GAME.renderer()(st, 0))
    text = console.export_text()
    assert "Diamond" in text and "Restaurant" not in text
