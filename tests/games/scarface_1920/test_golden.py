"""Scarface 1920 plays exactly as the code before the speed work did (tests/golden.py): the same
seed and moves give the same legal-action lists, events and final states, clones included, for
2-4 players, the Solo Mode, Tequila and both. The default suite replays the capped games and
the first seeds of each case; --soak replays all."""

from __future__ import annotations

import pytest

import famiglia
from famiglia.core.rng import Rng
from tests.golden import digest, load

ROWS = load("scarface-1920")
QUICK = [r for r in ROWS if "max_turns" in r["options"] or r["seed"] < 3]


def _check(rows):
    for r in rows:
        got, moves = digest("scarface-1920", r["players"], r["seed"], r["options"])
        assert (got, moves) == (r["digest"], r["moves"]), r


def test_golden_games_play_as_recorded():
    """Every rule behind the capped games and three full games of each case, unchanged."""
    assert len(QUICK) > 50
    assert {(r["players"], tuple(r["options"])) for r in QUICK} >= {
        (2, ()),
        (4, ()),
        (1, ("solo",)),
        (3, ("tequila",)),
        (1, ("solo", "tequila")),
    }
    _check(QUICK)


@pytest.mark.soak
def test_golden_games_play_as_recorded_soak():
    """All 306 recorded games, full length."""
    _check([r for r in ROWS if r not in QUICK])


def test_only_the_seats_to_act_have_moves():
    """A seat has legal actions exactly when it is in seats_to_act(), in every phase and
    decision (the speed work writes the turn check out inside the legal-action lists)."""
    game = famiglia.load("scarface-1920")
    for players, options in ((3, {}), (2, {"tequila": True}), (1, {"solo": True})):
        state = game.new(players, 5, **options)
        chooser = Rng(5)
        phases = set()
        while not state.is_over():
            to_act = state.seats_to_act()
            phases.add(state.pending[0] if state.pending else state.phase)
            for seat in range(players):
                assert bool(state.legal_actions(seat)) == (seat in to_act), (seat, to_act)
            legal = state.legal_actions(to_act[0])
            state.apply(to_act[0], legal[chooser.below(len(legal))])
        assert all(not state.legal_actions(seat) for seat in range(players))
        assert {"setup", "plan", "actions", "order", "reorg", "election", "opp"} <= phases, phases


def test_the_phase_table_answers_every_phase_the_game_rests_in():
    """The core's State answers legal_actions and apply (no copy of them in the game), through
    the phase table: every phase a game waits in has its row, and each move leads only where
    its phase's row says (the solo gang's turn and a turn's last effects included)."""
    from famiglia.core import State

    game = famiglia.load("scarface-1920")
    for players, options in ((3, {}), (2, {"tequila": True}), (1, {"solo": True})):
        state = game.new(players, 7, **options)
        cls = type(state)
        assert cls.apply is State.apply and cls.legal_actions is State.legal_actions
        chooser = Rng(7)
        while not state.is_over():
            before = state.phase
            assert before in game.phases, before
            seat = state.seats_to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[chooser.below(len(legal))])
            assert state.phase in (before, *game.phases[before].next), (before, state.phase)
