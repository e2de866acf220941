"""Evaluation functions: looked up by game, turned into rewards the same way for every game."""

from __future__ import annotations

import pytest

import famiglia
from famiglia.agents import GreedyAgent, ISMCTSAgent, info_for
from famiglia.agents import heuristics as H
from famiglia.agents.heuristics import generic
from famiglia.arena.simulate import simulate
from famiglia.core import Result, Rng
from tests.agents.positions import random_position
from tests.core.toy import GAME as TOY


def test_games_without_their_own_evaluation_get_the_generic_one():
    assert H.for_game("no-such-game") is generic.evaluate
    assert H.for_game("toy") is generic.evaluate


def test_finished_games_reward_the_winner_most_and_shared_wins_are_shared():
    rewards = H.result_rewards(Result.from_keys([5, 9, 1], [(5,), (9,), (1,)]))
    assert rewards[1] == 1.0 and rewards[2] == 0.0 and 0 < rewards[0] < 0.5
    shared = H.result_rewards(Result.from_keys([3, 3], [(3,), (3,)]))
    assert shared == [0.5, 0.5]


def test_the_weight_of_winning_against_placing_can_be_chosen():
    result = Result.from_keys([5, 9, 1], [(5,), (9,), (1,)])
    assert H.result_rewards(result, win=1.0) == [0.0, 1.0, 0.0]  # only the win counts
    assert H.result_rewards(result, win=0.0) == [0.5, 1.0, 0.0]  # only the place counts
    values = [0.0, 2.0, 1.0, -3.0]
    only_win = H.value_rewards(values, win=1.0)
    assert abs(sum(only_win) - 1.0) < 1e-9  # chances of winning, shared out
    assert max(range(4), key=only_win.__getitem__) == 1


def test_evaluations_turn_into_rewards_that_follow_the_values():
    rewards = H.value_rewards([0.0, 2.0, 1.0, -3.0])
    assert sorted(range(4), key=rewards.__getitem__) == [3, 0, 2, 1]
    assert all(0 <= r <= 1 for r in rewards)
    assert H.value_rewards([1.0, 1.0]) == [0.5, 0.5]


def test_a_seat_placed_first_wins_only_when_it_is_a_winner():
    """Scarface's Tequila at a death (SF-T.4): the seats keep their places among themselves,
    but when his purse won, the seat placed 1 gets no share of a win, only its place."""
    lost = H.result_rewards(Result((5, 9, 1), (), (2, 1, 3)), win=1.0)
    assert lost == [0.0, 0.0, 0.0]
    won = H.result_rewards(Result((5, 9, 1), (1,), (2, 1, 3)), win=1.0)
    assert won == [0.0, 1.0, 0.0]
    assert H.result_rewards(Result((5, 9, 1), (), (2, 1, 3)), win=0.0) == [0.5, 1.0, 0.0]


def test_one_seat_against_the_games_own_opponent():
    """A solo game: its result is a win (place 1) or a loss (place 2, no winner); its
    evaluation is the seat's edge, turned into odds."""
    assert H.result_rewards(Result((40,), (0,), (1,))) == [1.0]
    assert H.result_rewards(Result((40,), (), (2,))) == [0.0]
    assert H.value_rewards([0.0]) == [0.5]
    ahead, behind = H.value_rewards([2.0])[0], H.value_rewards([-2.0])[0]
    assert 0.5 < ahead < 1.0 and 0.0 < behind < 0.5 and abs(ahead + behind - 1.0) < 1e-9


def test_generic_evaluation_reads_the_scores_as_they_stand():
    state = TOY.new(2, seed=0)
    assert generic.evaluate(state) == [0.0, 0.0]
    state.apply(state.turn, state.legal_actions(state.turn)[0])  # adding makes this seat "last"
    values = generic.evaluate(state)
    assert values[0] > values[1]


# ----- The Mob ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def mob():
    return famiglia.load("the-mob")


def test_the_mob_has_its_own_evaluation(mob):
    from famiglia.games.the_mob import evaluation as the_mob

    assert H.for_game("the-mob") is the_mob.evaluate


def test_the_mob_evaluation_values_money_investment_and_family(mob):
    from famiglia.games.the_mob import data as D
    from famiglia.games.the_mob.evaluation import evaluate

    state = mob.new(4, seed=1)
    state.hands = [[] for _ in range(4)]
    base = evaluate(state)
    assert len(set(base)) == 1  # everyone starts equal, but for the cards in hand
    richer = state.clone()
    richer.cash[2] += 50
    assert evaluate(richer)[2] > base[2]
    invested = state.clone()
    invested.cash[2] -= D.INVEST_STEP
    invested.invest[2] += 1
    assert evaluate(invested)[2] > base[2]  # the chip is worth more than the cash it cost
    harboured = state.clone()
    harboured.members[2][D.DON] = D.HARBOUR
    assert evaluate(harboured)[2] < base[2]
    dealt = state.clone()
    dealt.hands[2] = [D.CARD_NAMES.index("Bar")]
    assert evaluate(dealt)[2] > base[2]  # a card in hand is worth something


def test_the_mob_evaluation_of_a_seat_uses_only_what_that_seat_sees(mob):
    state = mob.new(5, seed=3)
    rng = Rng(3)
    for _ in range(70):
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    evaluate = H.for_game("the-mob")
    for seat in range(5):
        assert evaluate(state.determinize(seat, 99))[seat] == evaluate(state)[seat]


def _invest_decision(mob):
    for seed in range(200):
        state, rng = mob.new(4, seed=seed), Rng(seed)
        while not state.is_over():
            seat = state.seats_to_act()[0]
            legal = state.legal_actions(seat)
            if state.phase == "invest" and "invest" in [a.kind for a in legal]:
                if not any(a.kind in ("bail", "undo") for a in legal):
                    return state, seat
            state.apply(seat, legal[rng.below(len(legal))])
    raise AssertionError("no investment decision found")


def test_greedy_invests_when_it_can(mob):
    state, seat = _invest_decision(mob)
    assert GreedyAgent(seed=0).act(info_for(state, seat)).kind == "invest"


def test_greedy_beats_random_at_the_mob(mob):
    wins = 0.0
    for seat in range(4):
        specs = ["random"] * 4
        specs[seat] = "greedy:samples=1"
        summary, _ = simulate(mob, 4, 1, seat, specs)
        wins += summary.wins[seat]
    assert wins >= 3


def test_ismcts_decides_at_the_mob_reproducibly(mob):
    state, seat = _invest_decision(mob)
    picks = [ISMCTSAgent(seed=7, iterations=40).act(info_for(state, seat)) for _ in range(2)]
    assert picks[0] == picks[1] and picks[0] in state.legal_actions(seat)


# ----- the other games with their own evaluation ----------------------------------------------
def _random_position(game, players, seed, moves):
    return random_position(game, players, seed, moves)


@pytest.mark.parametrize("name", ["unfinished-business", "cash-n-guns"])
def test_other_games_have_their_own_evaluation_that_follows_the_score(name):
    game = famiglia.load(name)
    evaluate = H.for_game(name)
    assert evaluate is not generic.evaluate
    state = _random_position(game, 4, 2, 150)
    values, scores = evaluate(state), state.result().scores
    assert len(values) == 4
    best = max(range(4), key=scores.__getitem__)
    worst = min(range(4), key=scores.__getitem__)
    if scores[best] > scores[worst] + 100:  # far ahead on the game's own count: ahead here too
        assert values[best] > values[worst]


def test_cash_n_guns_wounds_and_death_cost_the_loot():
    from famiglia.games.cash_n_guns.evaluation import evaluate

    state = _random_position(famiglia.load("cash-n-guns"), 4, 1, 120)
    seat = max(range(4), key=lambda s: state.result().scores[s])
    base = evaluate(state)[seat]
    assert base > 0
    hurt = state.clone()
    hurt.wounds[seat] += 1
    assert evaluate(hurt)[seat] < base
