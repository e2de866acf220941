"""The lists kept between moves (made once per key, rules/turn.py) equal the ones made afresh:
after every move of random games, for every table size, the Solo Mode and Tequila."""

from __future__ import annotations

import pytest

import famiglia
from famiglia.core.rng import Rng
from famiglia.games.scarface_1920.rules.turn import LAYS, PLAN_DONE

TABLES = [(1, {"solo": True}), (2, {}), (3, {}), (4, {}), (3, {"tequila": True})]


def _plan_afresh(st, s) -> list:
    """The Plan's choices as the rulebook says them: each card of the hand, then ending it."""
    return [LAYS[cid] for cid in sorted(st.hand[s])] + [PLAN_DONE]


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_kept_plan_choices_equal_fresh_ones(players, options):
    game = famiglia.load("scarface-1920")
    checked = 0
    for seed in range(4):
        st, chooser = game.new(players, seed, **options), Rng(seed)
        while not st.is_over():
            s = st.seats_to_act()[0]
            legal = st.legal_actions(s)
            if st.phase == "plan" and not st.pending:
                assert legal == _plan_afresh(st, s)
                checked += 1
            st.apply(s, legal[chooser.below(len(legal))])
    assert checked > 100
