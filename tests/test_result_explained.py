"""Each game explains a finished game's ranking in words (the result's `how`, shown by the page
beside it), from rules and public facts only: every sample of what a seat cannot see gives the
same words."""

from __future__ import annotations

import pytest

import famiglia
from famiglia.core.rng import Rng

# (players, options) per game: a capped game and a whole one, whose explanations differ.
CASES = {
    "the-mob": [(3, {"max_years": 1}), (4, {})],
    "unfinished-business": [(3, {})],
    "cash-n-guns": [(4, {}), (6, {"teams": True, "mercenaries": True})],
    "blood-feud": [(2, {"max_rounds": 2}), (3, {})],
    "scarface-1920": [(3, {"max_turns": 2}), (2, {}), (1, {"solo": True})],
}


def finished(name, players, options, seed):
    state = famiglia.load(name).new(players, seed, **options)
    rng = Rng(seed)
    while not state.is_over():
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return state


@pytest.mark.parametrize("name", famiglia.games())
def test_the_ranking_is_explained_from_public_facts(name):
    game = famiglia.load(name)
    told = set()
    for players, options in CASES[name]:
        state = finished(name, players, options, seed=3)
        how = game.explain_result(state)
        assert len(how) > 40 and how.endswith("."), how
        told.add(how)
        for seat in range(players):
            for sample in range(3):
                seen = state.determinize(seat, sample)
                assert game.explain_result(seen) == how, (seat, options)
    assert len(told) == len(CASES[name])  # each case is told in its own words
