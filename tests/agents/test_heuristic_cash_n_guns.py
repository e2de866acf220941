"""The Cash 'n Guns evaluation: each thing that leads to a win moves a seat's value the right way."""

from __future__ import annotations

import math

import pytest

import famiglia
from famiglia.agents import heuristics as H
from famiglia.games.cash_n_guns import evaluation as cash_n_guns
from famiglia.games.cash_n_guns.evaluation import evaluate
from tests.agents.positions import random_position
from tests.games.cash_n_guns.helpers import aim_all, do, fresh, holdup, load_all


def _random_position(players: int, seed: int, moves: int, **options):
    return random_position(famiglia.load("cash-n-guns"), players, seed, moves, **options)


def _in_split(s, courage):
    """Everyone loads a Click and aims at the next seat, then the given courage: the split."""
    living = [t for t in range(s.players) if s.alive[t]]
    holdup(
        s,
        {t: "click" for t in living},
        {t: s.targets(t)[0] for t in living},
        courage,
    )
    assert s.phase == "pick"
    return s


def test_cash_n_guns_uses_this_evaluation():
    assert H.for_game("cash-n-guns") is cash_n_guns.evaluate


@pytest.mark.parametrize("players", [4, 5, 6, 8])
def test_one_finite_value_per_seat_and_equal_starts_are_equal(players):
    s = fresh(players)
    values = evaluate(s)
    assert len(values) == players and all(math.isfinite(v) for v in values)
    assert max(values) - min(values) < 1e-9  # no powers, no loot, no wounds: nobody is ahead


@pytest.mark.parametrize(
    "options",
    [{}, {"surprises": True}, {"teams": True}, {"teams": True, "mercenaries": True}],
)
def test_random_positions_give_finite_values_and_leave_the_state_alone(options):
    for seed in range(3):
        for moves in (5, 60, 400):
            s = _random_position(4, seed, moves, **options)
            before = s.to_json()
            values = evaluate(s)
            assert len(values) == 4 and all(math.isfinite(v) for v in values)
            assert s.to_json() == before


def test_in_team_play_teammates_share_one_value():
    s = _random_position(4, 3, 80, teams=True)
    values = evaluate(s)
    assert values[0] == pytest.approx(values[2]) and values[1] == pytest.approx(values[3])


def test_more_loot_is_worth_more():
    s = fresh(4)
    base = evaluate(s)[0]
    s.loot[0] = ["b10"]
    ten = evaluate(s)[0]
    s.loot[0] = ["b20"]
    twenty = evaluate(s)[0]
    assert base < ten < twenty


def test_a_dead_player_is_valued_below_everyone():
    s = fresh(4)
    s.loot[1] = ["b20", "b20", "p", "p", "p"]
    s.alive[1], s.wounds[1] = False, 3
    s.wounds[2] = 2  # a living seat with nothing and two wounds still ranks above the dead
    s.refresh()
    values = evaluate(s)
    assert values[1] < min(values[t] for t in (0, 2, 3))


def test_wounds_lower_the_value_and_the_last_one_most():
    s = fresh(4)
    s.loot[0] = ["b20", "b10"]
    values = []
    for wounds in range(3):
        s.wounds[0] = wounds
        values.append(evaluate(s)[0])
    assert values[0] > values[1] > values[2]
    assert values[1] - values[2] > values[0] - values[1]


def test_unbreakable_fears_a_wound_less():
    s = fresh(4, powers=["unbreakable", "", "", ""])
    s.loot[0] = s.loot[1] = ["b20"]
    s.wounds[0] = s.wounds[1] = 2
    values = evaluate(s)
    assert values[0] > values[1]


def test_bang_cards_in_other_hands_are_a_threat():
    s = fresh(4)
    s.loot[0] = ["b20"]
    threatened = evaluate(s)[0]
    for t in (1, 2, 3):
        s.hand[t] = [8, 0]  # only Clicks left
    assert evaluate(s)[0] > threatened


def test_the_threat_fades_as_the_rounds_run_out():
    """A wounded seat is worth more late in the game: fewer shots are still to come."""
    early = fresh(4)
    late = fresh(4)
    for s in (early, late):
        s.loot[0] = ["b20"]
        s.wounds[0] = 2
    for t in range(4):  # late in the game, the hands hold few cards
        late.hand[t] = [1, 1]
    assert evaluate(late)[0] > evaluate(early)[0]


def test_a_painting_is_worth_more_to_a_seat_that_collects_them():
    s = fresh(4)
    s.loot[0] = ["p", "p", "p"]
    before = evaluate(s)
    s.loot[0].append("p")
    s.loot[1].append("p")
    after = evaluate(s)
    assert after[0] - before[0] > after[1] - before[1] > 0


def test_leading_on_diamonds_brings_the_bonus_closer():
    s = fresh(4)
    s.loot[0] = ["d1"]
    s.loot[1] = ["d1"]
    tied = evaluate(s)[0]
    s.loot[0] = ["d1", "d1"]
    ahead = evaluate(s)[0]
    assert ahead - tied > 1.0 / cash_n_guns.SCALE  # more than the $1k face value
    s.piles = [[c for c in pile if not c.startswith("d")] for pile in s.piles]
    s.table = [c for c in s.table if not c.startswith("d")]
    sure = evaluate(s)[0]  # no diamonds left to come: the bonus is all but certain
    assert sure > ahead


def test_being_in_the_split_is_worth_a_share_of_the_table():
    courage = {0: "stand", 1: "stand", 2: "down", 3: "down"}
    s = _in_split(fresh(4, table=["b20", "b20", "b10"]), courage)
    values = evaluate(s)
    assert values[0] > values[2] and values[1] > values[3]


def test_a_richer_table_is_worth_more_to_those_in_the_split():
    poor = _in_split(fresh(4, table=["b5"]), {0: "stand", 1: "down", 2: "down", 3: "down"})
    rich = _in_split(fresh(4, table=["b20", "b20"]), {0: "stand", 1: "down", 2: "down", 3: "down"})
    assert evaluate(rich)[0] > evaluate(poor)[0]
    assert evaluate(rich)[1] == pytest.approx(evaluate(poor)[1])


def test_taking_a_share_moves_value_from_the_table_to_the_taker():
    s = _in_split(fresh(4, table=["b20", "b5"]), {0: "stand", 1: "stand", 2: "down", 3: "down"})
    before = evaluate(s)[0]
    do(s, 0, "take $20k")
    assert evaluate(s)[0] > before


def test_a_loaded_bang_aimed_at_a_seat_lowers_its_value():
    calm = fresh(4, table=["b20", "b20", "b10"])
    load_all(calm, {0: "click", 1: "click", 2: "click", 3: "click"})
    aim_all(calm, {0: 1, 1: 2, 2: 3, 3: 1})
    shot = fresh(4, table=["b20", "b20", "b10"])
    load_all(shot, {0: "click", 1: "click", 2: "click", 3: "bang"})
    aim_all(shot, {0: 1, 1: 2, 2: 3, 3: 0})
    assert shot.phase == calm.phase == "privilege"
    assert evaluate(shot)[0] < evaluate(calm)[0]


def test_a_loaded_bang_is_a_threat_before_anyone_aims():
    calm = fresh(4, table=["b20", "b20", "b10"])
    load_all(calm, {0: "click", 1: "click", 2: "click", 3: "click"})
    armed = fresh(4, table=["b20", "b20", "b10"])
    load_all(armed, {0: "click", 1: "click", 2: "click", 3: "bang"})
    assert armed.phase == calm.phase == "aim"
    assert evaluate(armed)[0] < evaluate(calm)[0]


def test_lying_down_gives_up_the_share():
    table = ["b20", "b20", "b10"]
    stands = fresh(4, table=table)
    load_all(stands, {t: "click" for t in range(4)})
    aim_all(stands, {0: 1, 1: 2, 2: 3, 3: 0})
    do(stands, 0, "give no order")
    down = stands.clone()
    do(stands, 0, "stand")
    do(down, 0, "lie down")
    assert evaluate(stands)[0] > evaluate(down)[0]
