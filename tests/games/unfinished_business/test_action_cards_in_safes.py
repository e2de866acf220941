"""Action cards in a safe (UB-10.3, UB-10.4): no effect puts one there in play, one per effect
checked below; a position that holds one anyway loads, shows, plays on and scores as the
rulebook says."""

from __future__ import annotations

from famiglia import rl
from famiglia.games.unfinished_business.data import (
    ACTION_KINDS,
    EVENT_KINDS,
    IS_PROP,
    KEY,
    KIND_MASK,
    KINDS,
)
from famiglia.games.unfinished_business.render import board, result_notes

from ..saving import refusal, saved_when
from .helpers import GAME, do, hand, k, safe, scene, texts

PILE = ["Alcohol"] * 20


def _all_property(st) -> bool:
    return all(IS_PROP[c & KIND_MASK] for s in st.safes for c in s)


# ----- UB-10.3: no effect moves an action card into a safe -------------------------------------
def test_the_looting_bonus_offers_only_the_won_sets_cards():
    """UB-10.3, UB-6.5: the looting bonus picks a card of the set just won, which holds the
    attacked set and the cards played: property only, whatever the winner holds in hand."""
    st = scene(
        hands={0: ["Mansion", "Hitman", "Key", "Burglary"], 1: ["Weapons"]},
        fronts={1: [["Mansion", "Gold"]]},
        pile=PILE,
    )
    do(st, "attack seat 1 with Mansion", "give up the fight")
    assert sorted(texts(st)) == ["loot Gold into my safe", "loot Mansion into my safe"]
    do(st, "loot Gold into my safe")
    assert safe(st, 0) == ["Gold"] and _all_property(st)
    assert {"Hitman", "Key", "Burglary"} <= set(hand(st, 0))


def test_the_looting_bonus_after_a_long_fight_still_offers_property_only():
    """UB-10.3, UB-6.3, UB-6.4: every card answered in the fight joins the set; each is of the
    set's kind or a joker, so an action card never lies in it to be looted."""
    st = scene(
        hands={0: ["Restaurant", "Diamond", "Funeral"], 1: ["Gold", "Key"]},
        fronts={1: [["Restaurant", "Restaurant"]]},
        pile=PILE,
    )
    attacks = [t for t in texts(st) if t.startswith("attack")]
    assert attacks == ["attack seat 1 with Restaurant", "attack seat 1 with Diamond"]
    do(st, "attack seat 1 with Restaurant")
    assert texts(st) == ["answer with Gold", "give up the fight"]  # the Key cannot answer
    do(st, "answer with Gold")
    assert texts(st) == ["answer with Diamond", "give up the fight"]  # nor the Funeral
    do(st, "answer with Diamond", "give up the fight")
    loot = texts(st)
    assert loot and all(t.startswith("loot ") for t in loot)
    assert not any(name in t for t in loot for name in ("Key", "Funeral"))


def test_the_starting_bonus_moves_property_only():
    """UB-10.3, UB-4.2: the starting bonus offers the property cards of the hand, no action
    card."""
    st = scene(hands={0: ["Mansion", "Mansion", "Key", "Hitman", "Weapons"], 1: ["Alcohol"]})
    do(st, "invest Mansion + Mansion")
    assert texts(st) == ["put Weapons in my safe", "no starting bonus"]


def test_money_laundry_moves_property_only():
    """UB-10.3, UB-7.5: Money Laundry offers the property cards of the hand, no action card."""
    st = scene(hands={0: ["Money Laundry", "Key", "Funeral", "Gold"], 1: ["Alcohol"]}, pile=PILE)
    do(st, "play Money Laundry")
    assert texts(st) == ["launder Gold", "stop laundering"]
    do(st, "launder Gold")
    assert texts(st) == ["stop laundering"]  # the Key and the Funeral stay in his hand
    do(st, "stop laundering")
    assert safe(st, 0) == ["Gold"] and _all_property(st)


def test_the_bank_the_key_empties_holds_property_only():
    """UB-10.3, UB-2.4, UB-7.10, UB-11.2: the bank is dealt property only, the Accountant puts
    back a property card, so the Key's holder moves no action card into his safe."""
    for seed in range(5):
        st = GAME.new(4, seed)
        assert st.bank and all(IS_PROP[c & KIND_MASK] for c in st.bank)
    st = scene(hands={0: ["Accountant", "Hitman", "Weapons"], 1: ["Alcohol"]}, pile=PILE)
    do(st, "play Accountant", "take Alcohol from the bank")
    assert texts(st) == ["put Alcohol in the bank", "put Weapons in the bank"]
    do(st, "put Weapons in the bank")
    assert all(IS_PROP[c & KIND_MASK] for c in st.bank)


# ----- UB-10.4: a safe that holds one anyway ---------------------------------------------------
def _saved_with_in_safe(kinds) -> dict:
    """A real saved game with the first card of `kinds` found on the draw pile or the discard
    pile moved to the top of seat 1's safe."""
    data = saved_when(GAME, 3, lambda s: s.stack and s.stack[-1][0] == "act")
    for zone in ("pile", "discard"):
        for i, kind in enumerate(data[zone]):
            if kind in kinds:
                data["safes"][1].insert(0, data[zone].pop(i))
                return data
    raise AssertionError("no such card on the piles")


def test_a_saved_game_may_hold_an_action_card_in_a_safe_never_an_event():
    """UB-10.4: the load accepts an action card in a safe and plays on; an event card there
    is still refused."""
    data = _saved_with_in_safe(ACTION_KINDS)
    kind = data["safes"][1][0]
    st = GAME.from_json(data)
    assert st.safes[1][0] & KIND_MASK == kind
    for _ in range(30):
        if st.is_over():
            break
        seat = st.seats_to_act()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    data = _saved_with_in_safe(EVENT_KINDS)
    assert refusal(GAME, data).startswith("safes[1][0] must be a card that zone may hold")


def test_views_show_or_hide_an_action_card_in_a_safe_like_any_safe_card():
    """UB-10.4, UB-10.1, UB-10.2: the owner sees it, the others and a spectator see a card
    face down; at the end everyone sees it. The text board and the vectors of the learning
    encoders read it the same way."""
    st = scene(hands={0: ["Weapons"], 1: ["Alcohol"]}, safes={1: ["Key", "Gold"]}, pile=PILE)
    assert st.view(1)["dons"][1]["safe"] == ["Key", "Gold"]
    assert st.view(0)["dons"][1]["safe"] == [None, None]
    assert st.view(None)["dons"][1]["safe"] == [None, None]
    assert st.view(0)["dons"][1]["safe_size"] == 2
    assert "safe #" in board(st, 1)[3] and "Key, Gold" in board(st, 1)[3]
    assert "?, ?" in board(st, 0)[3] and "Key" not in board(st, 0)[3]
    enc = rl.encoder("unfinished-business", 2)
    at = enc.segment("safe_known").start + KINDS  # seat 1's part, then the Key's place in it
    for seat, sees_key in ((1, 1.0), (0, 0.0)):
        fast, slow = enc.encode_state(st, seat), enc.encode(st.view(seat), seat)
        assert fast == slow
        assert slow[at + KEY] == sees_key


def test_a_sampled_copy_keeps_a_seen_action_card_and_redraws_an_unseen_one():
    """UB-10.4, UB-10.2: the owner's sample keeps his Key in his safe; another Don's sample
    puts a property card there (as play would) and keeps every card of the game."""
    st = scene(hands={0: ["Weapons"], 1: ["Alcohol"]}, safes={1: ["Key"]}, pile=PILE)
    mine = st.determinize(1, 5)
    assert mine.safes[1][0] & KIND_MASK == KEY
    theirs = st.determinize(0, 5)
    assert IS_PROP[theirs.safes[1][0] & KIND_MASK]
    assert theirs.card_total() == st.card_total()


def test_burglary_takes_an_action_card_from_a_safe():
    """UB-10.4, UB-7.4: Burglary takes the safe's top card into the hand, an action card
    too; a Key taken so is the burglar's Key (UB-7.11) and still cannot be played."""
    st = scene(hands={0: ["Burglary"], 1: ["Alcohol"]}, safes={1: ["Key", "Gold"]}, pile=PILE)
    do(st, "play Burglary on seat 1")
    assert safe(st, 1) == ["Gold"] and "Key" in hand(st, 0)
    assert "seat 0 takes Key from seat 1's safe" in st.events(1)
    assert st.view(1)["dons"][0]["known_in_hand"] == ["Key"]


def test_end_scoring_with_action_cards_in_a_safe():
    """UB-10.4, UB-11.2, UB-11.5, UB-11.6: a Key in a safe makes its owner the holder, who
    moves the bank in; action cards in a safe score 0 and are no property cards for the
    tie."""
    st = scene(
        hands={0: ["Mansion", "Mansion"], 1: ["Alcohol"]},
        safes={0: ["Hitman", "Funeral", "Godfather"], 1: ["Key", "Gold"]},
        bank=("Weapons", "Weapons", "Weapons"),
        office=("Diamond",),
        pile=[],
    )
    do(st, "invest Mansion + Mansion")  # seat 0's hand is empty, the pile too: the end
    assert st.is_over()
    assert "seat 1 holds the Key and moves the bank into his safe" in " ".join(st.events(0))
    assert safe(st, 1) == ["Key", "Gold", "Weapons", "Weapons", "Weapons"]
    assert safe(st, 0) == ["Hitman", "Funeral", "Godfather"]
    # Seat 0: Mansion + Mansion 80, three action cards 0; seat 1: Gold 50 + 3 Weapons 30.
    assert st.scores() == [80, 80]
    # Tied on money: seat 1 has 4 property cards, seat 0 only 2 (its action cards not counted).
    assert st.property_counts() == [2, 4]
    assert st.result().winners == (1,) and st.result().ranking == (2, 1)
    how, details = result_notes(st)
    assert "action cards in a safe count for nothing" in how
    assert details[0].endswith("(3 action cards, worth nothing)")
    assert details[1].endswith("(1 action card, worth nothing)")
    assert st.view(0)["dons"][1]["safe"][0] == "Key"  # all safes are shown at the end
    assert k("Alcohol") in st.discard  # the hands are discarded unscored (UB-11.3)
