"""The conformance kit for every player count and option set, plus game invariants."""

from __future__ import annotations

from collections import Counter

import pytest

from famiglia.core.testing import check_game, check_saved_states
from famiglia.games.cash_n_guns import GAME
from famiglia.games.cash_n_guns.content import DECK

CONFIGS = (
    [(n, {}) for n in range(4, 9)]
    + [(n, {"surprises": True}) for n in range(4, 9)]
    + [(n, {"teams": True}) for n in (4, 6, 7, 8, 9)]
    + [(n, {"teams": True, "surprises": True}) for n in (4, 6, 7, 8, 9)]
    + [(n, {"teams": True, "mercenaries": True}) for n in (4, 6, 7, 8, 9)]
    + [
        (n, {"teams": True, "mercenaries": True, "surprises": True, "first_game": True})
        for n in (4, 6, 7, 8, 9)
    ]
)


def loot_never_grows(state):
    """Cards are never created: every card in play is one of the deck's 64 (kits and Clips go
    when used, lost loot goes)."""
    cards = Counter(state.table)
    for pile in state.piles:
        cards.update(pile)
    for loot in state.loot:
        cards.update(loot)
    for env in state.envelopes:
        cards.update(env)
    for _, unit in state.units:
        cards.update(unit)
    deck = Counter(DECK)
    for code, count in cards.items():
        if count > deck[code]:
            raise AssertionError(f"{count} x {code} in play, the deck has {deck[code]}")
    for seat in range(state.players):
        if min(state.hand[seat]) < 0 or state.wounds[seat] < 0:
            raise AssertionError(f"negative hand or wounds at seat {seat}")


def bomb_on_a_share(state):
    """CNG-11.5: a placed parcel bomb always sits on one share still on the table."""
    if state.bomb and state.bomb not in state.table and state.bomb not in state.tokens:
        raise AssertionError(f"the parcel bomb sits on {state.bomb!r}, which is not on the table")


INVARIANTS = [loot_never_grows, bomb_on_a_share]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_conformance(players, options):
    check_game(GAME, players, options, games=1, invariants=INVARIANTS)


@pytest.mark.soak
@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_conformance_soak(players, options):
    check_game(GAME, players, options, games=40, seed=1000, invariants=INVARIANTS)


# Saved states to damage: short games of each kind, sampled along the way and at the end.
SAVED_FROM = [
    (4, {}),
    (5, {"surprises": True}),
    (6, {"teams": True}),
    (7, {"teams": True, "mercenaries": True, "surprises": True}),
    (9, {"teams": True, "mercenaries": True}),
]


def test_broken_saved_states_are_refused_or_play_on():
    """Issue 12: 300 damaged saved states, each refused with ValueError or played on for 100
    random moves without any other exception (core/testing.py, check_saved_states)."""
    report = check_saved_states(GAME, SAVED_FROM, mutations=300)
    assert report.tried == 300 and report.refused and report.played


@pytest.mark.soak
def test_broken_saved_states_are_refused_or_play_on_soak():
    report = check_saved_states(GAME, SAVED_FROM, mutations=10_000, seed=13)
    assert report.refused and report.played
