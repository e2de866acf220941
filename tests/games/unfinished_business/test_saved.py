"""A saved game of Unfinished Business loads only if it is sound (saved.py): each broken state
is refused with ValueError naming the field."""

from __future__ import annotations

import json

from famiglia.games.unfinished_business.data import EVENT_KINDS, KIND_BITS, PUBLIC_BIT

from ..saving import refusal, saved_when
from .helpers import GAME, complete_deck, k, scene
from .invariants import cards_conserved, zones_hold_what_they_may


def _turn():
    return saved_when(GAME, 3, lambda s: s.stack and s.stack[-1][0] == "act")


def _fight():
    return saved_when(GAME, 3, lambda s: s.stack and s.stack[-1][0] == "fight")


def test_fields_are_typed_and_in_range():
    data = _turn()
    data["turn"] = 3
    assert refusal(GAME, data).startswith("turn must be a whole number 0..2, got 3")
    data = _turn()
    data["godfather"][1] = 1
    assert refusal(GAME, data).startswith("godfather[1] must be true or false")
    data = _turn()
    data["market"].append(k("Robbery"))  # UB-5.1: only property lies on the black market
    assert refusal(GAME, data).startswith(f"market[{len(data['market']) - 1}] must be one of")
    data = _turn()
    data["hands"][0].append(k("Mansion") | 1 << 5 << KIND_BITS)  # seat 5 is not at the table
    assert "says a seat not at the table knows" in refusal(GAME, data)
    data = _turn()
    data["bank"][0] = k("Gold") | PUBLIC_BIT << KIND_BITS  # known to all: allowed
    data["bank"][1] = "Gold"
    assert refusal(GAME, data).startswith("bank[1] must be a card that zone may hold")


def test_every_card_is_somewhere_once():
    """UB-1.1: 141 cards; a missing or an extra one is named."""
    data = _turn()
    data["pile"].pop()
    assert refusal(GAME, data).startswith("the cards hold")
    data = _turn()
    data["discard"].append(k("Diamond"))
    assert refusal(GAME, data).startswith("the cards hold Diamond 5 time(s), the game has 4")
    data = _turn()
    data["safe_no"][0] = data["safe_no"][1]
    assert refusal(GAME, data).startswith("safe_no must be distinct")


def test_the_task_stack_must_be_one_the_rules_can_run():
    """The machine (turn.py) needs the turn's end at the bottom and a decision on top."""
    data = _turn()
    data["stack"].pop(0)
    assert refusal(GAME, data).startswith("stack must start with the end of seat")
    data = _turn()
    data["stack"].append(["fill", 0])
    assert refusal(GAME, data).startswith("stack[4] must be a decision waiting for a seat")
    data = _turn()
    data["stack"][-1] = ["act"]
    assert refusal(GAME, data).startswith("stack[3] must hold 2 entries")
    data = _turn()
    data["stack"][-1] = ["dance", 0]
    assert refusal(GAME, data).startswith("stack[3][0] must name a task of the rules")
    data = _turn()
    data["stack"].insert(2, ["loot", 1])
    assert refusal(GAME, data).startswith("stack[2] holds the decision 'loot' under other tasks")


def test_a_fight_is_for_a_set_that_is_there():
    """UB-6.2, UB-6.3: the defender's top set, answered in turn with cards that fit it."""
    data = _fight()
    defender = data["stack"][-1][3]
    data["discard"] += [kind for cards in data["fronts"][defender] for kind in cards]
    data["fronts"][defender] = []  # his sets discarded: the fight is over nothing
    assert "a fight without another Don's set" in refusal(GAME, data)
    data = _fight()
    data["stack"][-1][1] = data["stack"][-1][2]  # the attacker answering his own card
    assert "answer after 1 card(s) played" in refusal(GAME, data)
    data = _fight()
    data["over"] = True
    assert refusal(GAME, data).startswith("stack must be empty once the game is over")


def _round_trips(st):
    back = GAME.from_json(json.loads(json.dumps(st.to_json())))
    assert back == st and back.seats_to_act() == st.seats_to_act()
    for seat in range(st.players):
        assert back.view(seat) == st.view(seat)
        sample = st.determinize(seat, 5)
        assert sample.view(seat) == st.view(seat)
        if seat in st.seats_to_act():
            assert sample.legal_actions(seat) == st.legal_actions(seat)
        cards_conserved(sample)
        zones_hold_what_they_may(sample)


def test_pending_poker_round_and_fight_survive_json_and_determinize():
    """UB-9.4, UB-6.3: half-made secret choices and fights are saved and sampled correctly."""
    st = GAME.new(3, 2)
    poker = k("Poker Round")
    if poker in st.supply_event:  # swap it with the event left out
        other = next(c for c in st.pile if c in EVENT_KINDS)
        st.pile.remove(other)
        st.supply_event = [other]
    else:
        st.pile.remove(poker)
    st.pile.append(poker)  # the Poker Round on top of the pile
    seat = st.seats_to_act()[0]
    st.apply(seat, GAME.parse_action(st, seat, "plan: draw 1 card, then discard 1"))
    assert st.stack[-1][0] == "poker"
    first = st.seats_to_act()[0]
    st.apply(first, st.legal_actions(first)[0])
    _round_trips(st)
    fight = scene(
        hands={0: ["Gold", "Mansion"], 1: ["Mansion", "Weapons"]},
        fronts={1: [["Mansion", "Mansion"]]},
        pile=["Weapons"] * 10,
    )
    complete_deck(fight)
    fight.apply(0, GAME.parse_action(fight, 0, "attack seat 1 with Gold"))
    assert fight.stack[-1][0] == "fight"
    _round_trips(fight)
