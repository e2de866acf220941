"""The conformance kit for 2 to 6 Dons, with the game's own invariants (UB-1.1, UB-10.2)."""

from __future__ import annotations

import json

import pytest

from famiglia.arena.simulate import simulate
from famiglia.core.testing import check_game, check_saved_states
from famiglia.games.unfinished_business.cards import (
    EVENT_KINDS,
    IS_EVENT,
    IS_JOKER,
    IS_PROP,
    KIND_BITS,
    KIND_MASK,
    TOTAL_CARDS,
)

from .helpers import GAME, complete_deck, k, scene


def cards_conserved(st):
    """UB-1.1, UB-1.2: all 141 cards are somewhere, exactly once."""
    assert st.card_total() == TOTAL_CARDS


def zones_hold_what_they_may(st):
    """UB-3.5, UB-4.1: no event in a hand; property only in safes, bank, office, black market;
    every set has a non-joker first."""
    for hand in st.hands:
        assert not any(IS_EVENT[c & KIND_MASK] for c in hand)
    for zone in (*st.safes, st.bank, st.office):
        assert all(IS_PROP[c & KIND_MASK] for c in zone)
    assert all(IS_PROP[k] for k in st.market)
    for front in st.fronts:
        for cards in front:
            assert len(cards) >= 2 and not IS_JOKER[cards[0]]
            assert all(k == cards[0] or IS_JOKER[k] for k in cards)


def knowledge_is_true(st):
    """UB-10.2: a card a seat is told it knows is really there (views come from the masks,
    and every mask bit names a seat at the table)."""
    limit = (1 << st.players) - 1
    for zone in (*st.hands, *st.safes, st.bank, st.office):
        for c in zone:
            assert (c >> KIND_BITS) & ~(limit | 1 << 6) == 0


INVARIANTS = [cards_conserved, zones_hold_what_they_may, knowledge_is_true]


@pytest.mark.parametrize("players", range(2, 7))
def test_conformance(players):
    """UB-1.3: the kit for every player count."""
    check_game(GAME, players, games=4, seed=100 * players, invariants=INVARIANTS)


@pytest.mark.soak
@pytest.mark.parametrize("players", range(2, 7))
def test_conformance_soak(players):
    check_game(GAME, players, games=200, seed=7 * players, invariants=INVARIANTS, deep_every=3)


def test_simulate_random_bots():
    """UB-11.6: bot games end with a well-formed result."""
    summary, records = simulate(GAME, 4, 3, 0, ["random"] * 4)
    assert summary.games == 3 and all(r["result"]["winners"] for r in records)


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


def test_renderer_shows_a_seat_its_own_hand_only():
    """UB-10.2: the terminal picture is drawn from the seat's view."""
    from rich.console import Console

    st = scene(hands={0: ["Diamond", "Mansion"], 1: ["Restaurant", "Weapons"]}, pile=["Gold"])
    console = Console(width=140, record=True)
    console.print(GAME.renderer()(st, 0))
    text = console.export_text()
    assert "Diamond" in text and "Restaurant" not in text


# Saved states to damage: short games of each kind, sampled along the way and at the end.
SAVED_FROM = [(2, {}), (4, {}), (6, {})]


def test_broken_saved_states_are_refused_or_play_on():
    """Issue 12: 300 damaged saved states, each refused with ValueError or played on for 100
    random moves without any other exception (core/testing.py, check_saved_states)."""
    report = check_saved_states(GAME, SAVED_FROM, mutations=300)
    assert report.tried == 300 and report.refused and report.played


@pytest.mark.soak
def test_broken_saved_states_are_refused_or_play_on_soak():
    report = check_saved_states(GAME, SAVED_FROM, mutations=10_000, seed=12)
    assert report.refused and report.played
