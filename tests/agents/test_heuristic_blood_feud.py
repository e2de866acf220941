"""The Blood Feud evaluation: each thing that leads to a win moves a seat's value the right way."""

from __future__ import annotations

import math

import pytest

import famiglia
from famiglia.agents import heuristics as H
from famiglia.games.blood_feud import data as D
from famiglia.games.blood_feud import evaluation as blood_feud
from famiglia.games.blood_feud.evaluation import evaluate
from famiglia.games.blood_feud.state import AT, KIND, OWNER
from tests.agents.positions import random_position
from tests.games.blood_feud.helpers import S, blank, own, put


def _two_families(players: int = 2, **options):
    """Equal families far apart: a Boss, 3 family members and 2 thugs each, on one district."""
    s = blank(players, **options)
    homes = ["Jamaica", "Hoboken", "Riverdale", "Wall Street", "Coney Island", "Tottenville"]
    for seat in range(players):
        home = homes[seat]
        own(s, seat, home)
        put(s, seat, "boss", home)
        put(s, seat, "family", home, 3)
        put(s, seat, "thug", home, 2)
    return s


def _send(s, seat: int, kind: str, spaces) -> None:
    """Moves pieces of `seat` of that kind, one to each of `spaces`."""
    units = [u for u in s.units.values() if u[OWNER] == seat and u[KIND] == kind]
    for u, space in zip(units, spaces, strict=False):
        u[AT] = space if isinstance(space, int) else S[space]


def _random_position(players: int, seed: int, moves: int):
    return random_position(famiglia.load("blood-feud"), players, seed, moves)


def test_blood_feud_uses_this_evaluation():
    assert H.for_game("blood-feud") is blood_feud.evaluate


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_one_finite_value_per_seat_and_equal_starts_are_close(players):
    state = famiglia.load("blood-feud").new(players, 0)
    while state.phase == "setup":  # each seat chooses its starting point (BF-1.2)
        state.apply(state.turn, state.legal_actions(state.turn)[0])
    values = evaluate(state)
    assert len(values) == players
    assert all(math.isfinite(v) for v in values)
    assert max(values) - min(values) < 0.5  # nobody has a clear edge at the start


def test_symmetric_families_are_valued_the_same():
    s = _two_families(2)
    own(s, 0, "Forest Hills", "Corona", "Howard Beach")
    own(s, 1, "Jersey City", "Union City", "Newark")
    s.phase = "buy"  # seat 0 has had this turn's income, as seat 1 has had his last turn
    values = evaluate(s)
    assert values[0] == pytest.approx(values[1], abs=0.01)  # a hair: seat 0 is still playing
    s.phase = "battle"  # seat 0's income is still to come this turn
    assert evaluate(s)[0] > values[0]


def test_random_positions_give_finite_values_and_leave_the_state_alone():
    for seed in range(3):
        state = _random_position(4, seed, 600)
        before = state.to_json()
        values = evaluate(state)
        assert len(values) == 4 and all(math.isfinite(v) for v in values)
        assert state.to_json() == before


def test_finishing_a_phase_of_ones_turn_gains_a_hair():
    s = _two_families()
    s.owner[S["Jamaica"]] = -1  # no income is due: ending the phases changes nothing else
    s.phase = "move"
    move = evaluate(s)[0]
    s.phase = "buy"
    buy = evaluate(s)
    assert 0 < buy[0] - move < 0.01
    s.turn = 1
    s.phase = "battle"
    assert evaluate(s)[0] > buy[0]


def test_more_money_is_better():
    s = _two_families()
    s.money[0] = 500
    values = evaluate(s)
    assert values[0] > values[1]
    s.money[1] = 1000
    values = evaluate(s)
    assert values[1] > values[0]


def test_more_districts_are_better():
    s = _two_families()
    own(s, 0, "Forest Hills", "Corona", "Howard Beach")
    values = evaluate(s)
    assert values[0] > values[1]


def test_family_members_spread_over_own_districts_multiply_income():
    together = _two_families()
    own(together, 0, "Forest Hills", "Corona")
    spread = together.clone()
    _send(spread, 0, "family", ["Forest Hills", "Corona"])  # they go out to earn
    assert evaluate(spread)[0] > evaluate(together)[0]


def test_an_illicit_activity_is_worth_more_than_its_price_in_cash():
    s = _two_families()
    own(s, 0, "Forest Hills")
    put(s, 0, "family", "Forest Hills")
    cash = s.clone()
    cash.money[0] += 200
    built = s.clone()
    built.building[D.INDEX["Forest Hills"]] = "illicit"
    assert evaluate(built)[0] > evaluate(cash)[0]


def test_more_pieces_are_better():
    s = _two_families()
    put(s, 0, "henchman", "Jamaica", 2)
    put(s, 0, "limousine", "Jamaica")
    values = evaluate(s)
    assert values[0] > values[1]


def test_a_dead_boss_is_worst_of_all():
    s = _two_families(3)
    s.money[1] = 5000
    s.alive[1] = False
    values = evaluate(s)
    assert values[1] < min(values[0], values[2]) - 5


def test_a_boss_next_to_enemies_is_in_danger_and_guards_help():
    s = blank(2)
    own(s, 0, "Jamaica")
    own(s, 1, "Hoboken")
    put(s, 0, "boss", "Jamaica")
    put(s, 1, "boss", "Hoboken")
    put(s, 1, "family", "Hoboken")
    safe = evaluate(s)[0]
    put(s, 1, "hitman", "Forest Hills", 2)  # next to Jamaica
    put(s, 1, "henchman", "Howard Beach", 2)
    threatened = evaluate(s)
    assert threatened[0] < safe - 0.5
    put(s, 0, "thug", "Jamaica", 4)
    guarded = evaluate(s)[0]
    assert guarded > threatened[0] + 0.3


def test_a_boss_in_a_penthouse_palace_is_safer():
    s = blank(2)
    own(s, 0, "Jamaica")
    put(s, 0, "boss", "Jamaica")
    put(s, 0, "thug", "Jamaica", 2)
    put(s, 1, "boss", "Hoboken")
    put(s, 1, "hitman", "Forest Hills", 3)
    open_ = evaluate(s)[0]
    s.building[D.INDEX["Jamaica"]] = "penthouse"
    assert evaluate(s)[0] > open_ + 0.1


def test_income_at_the_winning_level_is_almost_a_win():
    s = _two_families()
    base = evaluate(s)
    districts = D.DISTRICTS
    free = [i for i in districts if s.owner[i] < 0][:30]
    for i in free:
        s.owner[i] = 0
        s.building[i] = "illicit"
    _send(s, 0, "family", free[:3])
    values = evaluate(s)
    assert values[0] > values[1] + 3
    assert values[1] == pytest.approx(base[1])


def test_holding_manhattan_counts_only_in_the_scenario():
    from famiglia.games.blood_feud.data import MANHATTAN

    for scenario in (False, True):
        s = _two_families(take_manhattan=scenario)
        base = evaluate(s)[0]
        for i in MANHATTAN[:12]:  # districts without family: little income
            s.owner[i] = 0
        most = evaluate(s)[0]
        for i in MANHATTAN:
            s.owner[i] = 0
        all_ = evaluate(s)[0]
        if scenario:
            assert most > base + 1.0 and all_ > most + 1.0
        else:
            assert all_ - most < 0.5


def test_holding_a_captive_is_worth_something():
    s = _two_families(3)
    before = evaluate(s)
    s.captives.append([0, 2, 2])
    after = evaluate(s)
    assert after[0] > before[0]
