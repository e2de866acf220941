"""ismcts's time: the server's wall-clock cap ends a search whatever its own budget, counted on
an injected clock (no real time is measured here); trees carried across other seats' moves
(reuse=2) keep the decisions legal and reproducible."""

from __future__ import annotations

import pytest

import famiglia
from famiglia.agents import ISMCTSAgent, info_for, make_agent
from famiglia.arena.simulate import play_game


class Ticks:
    """A clock that moves on `step` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step, self.reads = 0.0, step, 0

    def __call__(self) -> float:
        self.now += self.step
        self.reads += 1
        return self.now


def _decision(name="the-mob", seed=2):
    state = famiglia.load(name).new(4, seed=seed)
    while True:
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 2:
            return state, seat
        state.apply(seat, legal[0])


def test_the_cap_ends_an_iteration_budget_at_its_time():
    state, seat = _decision()
    bot = ISMCTSAgent(seed=1, iterations=10_000, early=0)
    bot.wall = Ticks(0.01)  # each iteration reads the clock once: 100 reads a second
    bot.cap = 1.0
    action = bot.act(info_for(state, seat))
    assert action in state.legal_actions(seat)
    assert bot.last_capped
    assert 90 <= bot.last_iterations <= 101


def test_the_cap_ends_a_seconds_budget_before_its_own_clock_does():
    # a busy machine: the bot's own budget (1 s of processor time) is far from spent when the
    # server's wall-clock cap comes
    state, seat = _decision()
    bot = ISMCTSAgent(seed=1, seconds=1, clock="cpu", early=0)
    bot.timer = Ticks(0.001)  # 1000 iterations' worth of processor time
    bot.wall = Ticks(0.02)  # the wall clock runs 20 times faster: the cap comes first
    bot.cap = 0.5
    bot.act(info_for(state, seat))
    assert bot.last_capped
    assert bot.last_iterations <= 25


def test_a_cap_already_past_still_gives_a_judged_legal_move():
    state, seat = _decision()
    bot = ISMCTSAgent(seed=1, iterations=500)
    bot.wall = Ticks(1.0)
    bot.cap = 0.0  # the decision waited its whole budget in the queue
    action = bot.act(info_for(state, seat))
    assert action in state.legal_actions(seat)
    assert bot.last_iterations == 1 and bot.last_capped
    # the one iteration judged every move (its prior), so the choice is greedy's, not any move
    assert len(bot.last_roots[seat].stats) == len(state.legal_actions(seat))


def test_without_a_cap_the_budget_is_the_bots_own():
    state, seat = _decision()
    bot = ISMCTSAgent(seed=1, seconds=0.5, early=0)
    bot.timer = Ticks(0.01)
    bot.wall = Ticks(100.0)  # never read for a budget when there is no cap
    bot.act(info_for(state, seat))
    assert not bot.last_capped
    assert 45 <= bot.last_iterations <= 51
    assert bot.wall.reads == 0


def _walk(name, options, spec, moves=80):
    """Seat 0 played by a bot of `spec`, the others by random bots: its decisions, and the
    number that started from a tree kept across another seat's move."""
    state = famiglia.load(name).new(4, seed=4, **options)
    bot = make_agent(spec, seed=3)
    others = [make_agent("random", seed=s) for s in range(4)]
    chosen, across = [], 0
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.seats_to_act()[0]
        if seat == 0:
            kept = bot._kept
            action = bot.act(info_for(state, 0))
            assert action in state.legal_actions(0)
            chosen.append(action)
            if kept is not None and kept.state.seats_to_act() != (0,) and bot.last_reused:
                across += 1
        else:
            action = others[seat].act(info_for(state, seat))
        state.apply(seat, action)
    return chosen, across


def test_trees_kept_across_the_other_seats_moves_stay_legal_and_reproducible():
    # (against random players few of their moves are in the tree: this game and seed meet some)
    options = {"max_rounds": 2}
    first, across = _walk("blood-feud", options, "ismcts:iterations=60,reuse=2", moves=150)
    again, _ = _walk("blood-feud", options, "ismcts:iterations=60,reuse=2", moves=150)
    assert first == again
    assert across > 0  # some decisions did start from a tree kept across another seat's move
    _, never = _walk("blood-feud", options, "ismcts:iterations=60,reuse=1", moves=150)
    assert never == 0  # reuse=1 keeps nothing across another seat's move


@pytest.mark.slow
def test_reuse_2_plays_whole_games_reproducibly():
    game = famiglia.load("unfinished-business")
    specs = ["ismcts:iterations=30,reuse=2", "greedy", "random", "ismcts:iterations=30,reuse=2"]
    _, first = play_game(game, 4, 11, specs, {})
    _, again = play_game(game, 4, 11, specs, {})
    assert first == again
    assert make_agent("ismcts:reuse=2,iterations=5").spec().endswith("reuse=2")
