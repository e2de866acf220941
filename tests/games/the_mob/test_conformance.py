"""The conformance kit on The Mob for every player count and option set, with its invariants:
cards and pieces are conserved and money never goes below zero."""

from __future__ import annotations

from collections import Counter

import pytest

from famiglia.core.testing import check_game, check_saved_states
from famiglia.games.the_mob import data as D

from .helpers import GAME


def cards_conserved(s):
    """MOB-1.2: every card of the deck is in exactly one place (after the first deal)."""
    if s.is_over():
        return
    where = (
        s.stock
        + s.park
        + [
            c
            for seat in range(s.players)
            for c in s.hands[seat] + s.marked[seat] + s.set_aside[seat]
        ]
    )
    if s.pending is not None:
        where.append(s.pending[0])
    assert Counter(where) == Counter(D.deck(s.players))


def pieces_conserved(s):
    """MOB-1.1: eight bodyguards per family, wherever they are; one family per space."""
    on_spaces = Counter()
    for space in D.SPACES:
        owner = s.space_owner[space]
        if owner < 0:
            assert s.space_guards[space] == 0
        else:
            on_spaces[owner] += s.space_guards[space]
            members, guards = s.pieces_on(space)
            assert members or guards, f"empty space {space} still owned"
    on_legal = Counter(g for g in s.legal_guard if g >= 0)
    for seat in range(s.players):
        total = (
            s.guards_photo[seat]
            + on_spaces[seat]
            + on_legal[seat]
            + s.guards_removed[seat]
            + s.guards_lost[seat]
        )
        assert total == D.BODYGUARDS
        assert min(s.guards_photo[seat], s.guards_removed[seat], s.guards_lost[seat]) >= 0


def money_never_negative(s):
    assert all(cash >= 0 for cash in s.cash)
    assert all(0 <= level <= D.WIN_INVESTMENT for level in s.invest)


def don_and_mama_limits(s):
    """MOB-3.2 and MOB-3.3 hold on every space at all times."""
    from famiglia.games.the_mob.placement import members_may_share

    for space in D.SPACES:
        members, _ = s.pieces_on(space)
        assert members_may_share(members), f"{members} on {D.SPACE_NAMES[space]}"


INVARIANTS = [cards_conserved, pieces_conserved, money_never_negative, don_and_mama_limits]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("strict", [False, True])
def test_conformance(players, strict):
    check_game(
        GAME,
        players,
        {"strict_stakes": strict, "max_years": 2},
        games=3,
        seed=players * 100,
        invariants=INVARIANTS,
    )


@pytest.mark.soak
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_conformance_full_games(players):
    check_game(GAME, players, {}, games=5, seed=players, invariants=INVARIANTS, deep_every=50)


def test_conformance_over_several_years():
    """Long enough for prison terms to run out and dealers to go round (MOB-5.3, MOB-2.1)."""
    check_game(GAME, 4, {"max_years": 8}, games=1, seed=42, invariants=INVARIANTS, deep_every=60)


# Saved states to damage: short games of each kind, sampled along the way and at the end.
SAVED_FROM = [
    (3, {"max_years": 2}),
    (4, {"max_years": 2, "strict_stakes": True}),
    (6, {"max_years": 2}),
]


def test_broken_saved_states_are_refused_or_play_on():
    """Issue 12: 300 damaged saved states, each refused with ValueError or played on for 100
    random moves without any other exception (core/testing.py, check_saved_states)."""
    report = check_saved_states(GAME, SAVED_FROM, mutations=300)
    assert report.tried == 300 and report.refused and report.played


@pytest.mark.soak
def test_broken_saved_states_are_refused_or_play_on_soak():
    report = check_saved_states(GAME, SAVED_FROM, mutations=10_000, seed=11)
    assert report.refused and report.played
