"""Tournaments: seats rotate, workers change nothing, standings and ratings add up."""

from __future__ import annotations

import pytest

import famiglia
from famiglia.arena.jobs import RunConfig
from famiglia.arena.ratings import rate, wilson
from famiglia.arena.tournament import run_tournament, seating, split_seats
from famiglia.core.record import read_records, replay, write_records


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(famiglia.REGISTRY, "toy", "tests.core.toy")
    return famiglia.load("toy")


def test_split_seats_keeps_bot_options_together():
    assert split_seats("ismcts:seconds=1,depth=10,greedy, random") == [
        "ismcts:seconds=1,depth=10",
        "greedy",
        "random",
    ]
    assert split_seats("greedy:samples=2,greedy:samples=5") == [
        "greedy:samples=2",
        "greedy:samples=5",
    ]
    assert split_seats(" , ") == []


def test_every_bot_sits_in_every_seat_equally_often():
    specs = ["a", "b", "c", "d"]
    counts = {(bot, seat): 0 for bot in specs for seat in range(4)}
    for i in range(8):
        for seat, bot in enumerate(seating(specs, i)):
            counts[bot, seat] += 1
    assert set(counts.values()) == {2}


def test_wilson_interval_known_values():
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_ratings_order_a_bot_that_always_wins_first():
    games = [(["strong", "weak"], [1, 2]), (["weak", "strong"], [2, 1])] * 10
    ratings = rate(games)
    assert ratings["strong"].mu > 25 > ratings["weak"].mu
    assert ratings["strong"].ordinal > ratings["weak"].ordinal


def test_tournament_records_are_the_same_with_one_worker_or_two(toy):
    specs = ["greedy", "random", "ismcts:iterations=20"]
    one = run_tournament(toy, 3, specs, 9, seed=5, config=RunConfig(workers=1))
    two = run_tournament("toy", 3, specs, 9, seed=5, config=RunConfig(workers=2))
    assert one.records == two.records
    for i, record in enumerate(one.records):
        assert record["seed"] == 5 + i
        assert record["agents"][0].split(":")[0] == seating(specs, i)[0].split(":")[0]
        replay(record)  # a core record that replays to its result


def test_standings_add_up(toy):
    specs = ["greedy", "random", "random:"]
    result = run_tournament(toy, 3, specs, 12, seed=0)
    standings = result.standings()
    assert [st.bot for st in standings] == specs
    assert all(st.seat_games == 12 for st in standings)
    assert sum(st.wins for st in standings) == pytest.approx(12)
    assert sum(result.seat_wins()) == pytest.approx(12)
    for st in standings:
        low, high = st.interval
        assert low <= st.win_rate <= high
        assert st.vs_fair == pytest.approx(st.win_rate * 3)
        assert 1 <= st.mean_place <= 3 and st.rating is not None
    per_bot = result.bot_seat_wins()
    assert all(n == 4 for cells in per_bot.values() for _, n in cells)
    assert len(result.lengths()) == 12 and result.capped() == 0


def test_one_bot_in_several_seats(toy):
    result = run_tournament(toy, 3, ["greedy", "random", "random"], 6)
    standings = result.standings()
    assert [st.bot for st in standings] == ["greedy", "random"]
    assert [st.seat_games for st in standings] == [6, 12]


def test_records_round_trip_through_json_lines(toy, tmp_path):
    result = run_tournament(toy, 2, ["greedy", "random"], 4)
    path = tmp_path / "games.jsonl"
    write_records(path, result.records)
    assert read_records(path) == result.records


@pytest.mark.parametrize(
    "players, specs, games, workers, options, message",
    [
        (3, ["greedy", "random"], 5, 1, {}, "2 bots given for 3 players"),
        (2, ["greedy", "random"], 0, 1, {}, "at least 1"),
        (2, ["greedy", "random"], 5, 0, {}, "workers"),
        (2, ["greedy", "nobot"], 5, 1, {}, "unknown bot 'nobot'"),
        (2, ["greedy", "random"], 5, 1, {"x": 1}, "unknown option 'x'"),
        (7, ["random"] * 7, 5, 1, {}, "2 to 4 players"),
    ],
)
def test_bad_arguments_are_refused_with_a_reason(
    toy, players, specs, games, workers, options, message
):
    with pytest.raises(ValueError, match=message):
        run_tournament(toy, players, specs, games, options=options, config=RunConfig(workers))
