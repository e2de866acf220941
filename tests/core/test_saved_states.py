"""The saved-state part of the conformance kit (core/testing.py, core/mutations.py): damaged
states are refused with ValueError or play on; a game that loads anything is caught."""

from __future__ import annotations

import json
import time

import pytest

from famiglia.core import Rng
from famiglia.core.checks import Int, ListOf, check_saved, checked, same_cards
from famiglia.core.mutations import OPERATIONS, mutate
from famiglia.core.testing import ConformanceError, check_saved_states, saved_states

from . import toy

CONFIGS = [(2, {}), (3, {}), (4, {})]


def test_a_mutation_damages_a_copy_and_says_what_it_did():
    data = toy.GAME.new(3, seed=1).to_json()
    before = json.dumps(data)
    seen = set()
    rng = Rng(3)
    for _ in range(300):
        broken, what = mutate(data, rng)
        assert json.dumps(data) == before  # the original is untouched
        seen.add(what.split()[0].rstrip(":"))
        json.dumps(broken)  # still JSON
    assert seen == set(OPERATIONS)


def test_mutations_are_reproducible_and_change_something():
    data = toy.GAME.new(3, seed=1).to_json()
    first = [mutate(data, Rng(9)) for _ in range(2)]
    assert first[0] == first[1]
    rng = Rng(4)
    for _ in range(200):
        broken, what = mutate(data, rng)
        assert broken != data, what


def test_saved_states_come_from_real_games_along_the_way_and_at_the_end():
    states = saved_states(toy.GAME, CONFIGS, per_config=3)
    assert len(states) == 3 * 4
    for data in states:
        toy.GAME.from_json(data)  # real output loads
    assert {data["players"] for data in states} == {2, 3, 4}
    assert any(data["pile"] >= 12 for data in states)  # the final states are there


@checked("toy")
def _sound_toy(data):
    """The toy game's state, checked as every game's saved.py does."""

    def fields(n):
        return {
            "deck": ListOf(Int(1, 6)),
            "hands": ListOf(Int(1, 6), n),
            "turn": Int(0, n - 1),
            "pile": Int(0, 17),
            "last": Int(-1, n - 1),
        }

    check_saved(data, range(2, 5), fields)
    same_cards("the cards", data["deck"] + data["hands"], range(1, 7))
    return toy.GAME._from_json(data)


def test_the_kit_catches_a_game_that_loads_broken_states():
    with pytest.raises(ConformanceError, match="toy mutation"):
        check_saved_states(toy.GAME, CONFIGS, mutations=300)
    report = check_saved_states(toy.GAME, CONFIGS, mutations=300, collect=True)
    assert report.tried == 300 and report.failures
    assert report.refused + report.played == 300


def test_the_kit_passes_a_game_that_checks_what_it_loads(monkeypatch):
    game = toy.ToyGame(name="toy", title="Toy", min_players=2, max_players=4)
    monkeypatch.setattr(game, "_from_json", _sound_toy)
    report = check_saved_states(game, CONFIGS, mutations=300)
    assert report.tried == 300 and not report.failures
    assert report.refused > 150 and report.played > 10  # both outcomes happen


class Stuck(toy.ToyState):
    def _legal_actions(self, seat):
        if self.pile == 7:
            while True:  # a hang, on a state only a mutation makes
                pass
        return super()._legal_actions(seat)


def test_the_kit_stops_a_hang_and_reports_it(monkeypatch):
    game = toy.ToyGame(name="toy", title="Toy", min_players=2, max_players=4)

    def load(data):
        state = _sound_toy(data)
        state.__class__ = Stuck
        return state

    monkeypatch.setattr(game, "_from_json", load)
    started = time.monotonic()
    report = check_saved_states(game, CONFIGS, mutations=120, collect=True, time_limit=0.5)
    assert any("no answer after 0.5 s" in f for f in report.failures)
    assert time.monotonic() - started < 60
