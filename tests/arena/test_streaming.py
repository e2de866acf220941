"""Games counted as they finish: records handed on in game order, a stop keeps every finished
game, standings that keep counts rather than records, and a team's win counted whole."""

from __future__ import annotations

import pytest

import famiglia
from famiglia.arena.jobs import RunConfig
from famiglia.arena.simulate import simulate
from famiglia.arena.tally import GameOrder, game_ranges, in_game_order, win_shares
from famiglia.arena.tournament import run_tournament


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(famiglia.REGISTRY, "toy", "tests.core.toy")
    return famiglia.load("toy")


def test_records_are_held_back_until_the_games_before_them_are_in():
    order = GameOrder()
    assert order.add(2, "c") == []
    assert order.add(1, "b") == []
    assert order.add(0, "a") == [(0, "a"), (1, "b"), (2, "c")]
    assert order.add(4, "e") == [] and order.rest() == [(4, "e")]


def test_a_stop_hands_on_the_finished_games_held_back_in_game_order():
    def finishing():
        yield from [(1, "b"), (3, "d"), (0, "a")]
        raise KeyboardInterrupt  # game 2 never finishes

    got = []
    with pytest.raises(KeyboardInterrupt):
        in_game_order(finishing(), lambda i, r: got.append((i, r)))
    assert got == [(0, "a"), (1, "b"), (3, "d")]
    assert game_ranges(i for i, _ in got) == "1-2, 4"


def test_a_teams_win_is_whole_for_each_member_and_a_tie_between_rivals_is_shared():
    teams = (0, 1, 2, 0, 1, 2)
    assert win_shares({"winners": [0, 3]}, teams) == {0: 1.0, 3: 1.0}
    assert win_shares({"winners": [0, 3, 1, 4]}, teams) == {0: 0.5, 3: 0.5, 1: 0.5, 4: 0.5}
    assert win_shares({"winners": [0, 1]}) == {0: 0.5, 1: 0.5}  # no teams: rivals tie
    assert win_shares({"winners": []}) == {}  # a solo game's own opponent won


@pytest.mark.slow
def test_cash_n_guns_in_teams_counts_every_members_win():
    """The user's trial: greedy's team won all 12 games and it showed 'wins 6, 50%'."""
    options = {"teams": True}
    seats = ["greedy"] + ["random"] * 5
    result = run_tournament("cash-n-guns", 6, seats, 6, options=options)
    assert result.teams == (0, 1, 2, 0, 1, 2)
    team_wins = 0
    for record in result.records:
        winners = record["result"]["winners"]
        assert len({result.teams[s] for s in winners}) == 1  # no tie between teams here
        team_wins += len(winners)
    standings = {st.bot: st for st in result.standings()}
    assert standings["greedy"].wins + standings["random"].wins == team_wins  # whole wins
    assert sum(result.seat_wins()) == team_wins
    assert standings["greedy"].fair == pytest.approx(1 / 3)  # three teams, not six players
    summary, _ = simulate(famiglia.load("cash-n-guns"), 6, 6, 0, seats, options)
    assert sum(summary.wins) == team_wins


def test_a_tournament_without_records_has_the_same_standings(toy):
    specs = ["greedy", "random", "random:"]
    kept = run_tournament(toy, 3, specs, 9, seed=2)
    streamed = []
    lean = run_tournament(
        toy, 3, specs, 9, seed=2, config=RunConfig(on_record=streamed.append, keep_records=False)
    )
    assert lean.records is None and streamed == kept.records
    assert [vars(st) for st in lean.standings()] == [vars(st) for st in kept.standings()]
    assert lean.seat_wins() == kept.seat_wins() and lean.lengths() == kept.lengths()
    summary, records = simulate(toy, 3, 9, 2, specs, config=RunConfig(keep_records=False))
    assert records == [] and summary.games == 9


def test_the_standings_hold_counts_not_records(toy):
    """Memory must not grow with the games: nothing the size of a record is kept (a record of
    The Mob is about 0.9 MB)."""
    import pickle

    def size(games):
        result = run_tournament(
            toy, 2, ["greedy", "random"], games, config=RunConfig(keep_records=False)
        )
        assert result.records is None and result.games == games
        return len(pickle.dumps(result))

    assert size(80) < size(10) + 2000


def test_simulate_with_too_few_bots_says_so():
    game = famiglia.load("the-mob")
    with pytest.raises(ValueError, match="2 bots given for 3 players; give one bot per seat"):
        simulate(game, 3, 2, 0, ["random", "random"])
