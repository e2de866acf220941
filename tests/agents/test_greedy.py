"""greedy: one step of lookahead on samples, judged by the game's evaluation."""

from __future__ import annotations

import json

import pytest

from famiglia.agents import GreedyAgent, Info, info_for, make_agent
from famiglia.arena.simulate import play_game, simulate
from tests.core.toy import GAME as TOY

from .games import DIE_GUESS, SHOWDOWN
from .test_ismcts import SamplesOnly


def test_greedy_plays_on_samples_and_leaves_the_state_alone():
    state = TOY.new(3, seed=2)
    before = json.dumps(state.to_json(), sort_keys=True)
    guard = SamplesOnly(state)
    action = GreedyAgent(seed=0, samples=4).act(
        Info(0, state.view(0), state.legal_actions(0), guard)
    )
    assert action in state.legal_actions(0)
    assert guard.samples == 4
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_greedy_takes_a_win_in_one():
    """Toy: adding a card that brings the pile to 12 ends the game with this seat the winner."""
    state = TOY.new(2, seed=0)
    state.pile = 11
    assert str(GreedyAgent(seed=0).act(info_for(state, state.turn))) == "add my card"


def test_greedy_beats_random_in_the_toy_game():
    wins = 0.0
    for order in (0, 1):
        specs = ["greedy", "random"][:: 1 if order == 0 else -1]
        summary, _ = simulate(TOY, 2, 100, 1000 * order, specs)
        wins += summary.wins[order]
    assert wins / 200 > 0.55


def test_greedy_cannot_foresee_the_real_dice():
    hits = 0
    for seed in range(60):
        state = DIE_GUESS.new(2, seed=seed)
        state.apply(0, GreedyAgent(seed=seed).act(info_for(state, 0)))
        hits += state.guess == state.roll
    assert hits <= 25


def test_greedy_plays_simultaneous_rounds_and_is_reproducible():
    specs = ["greedy", "greedy:samples=2", "random"]
    _, first = play_game(SHOWDOWN, 3, 5, specs)
    _, again = play_game(SHOWDOWN, 3, 5, specs)
    assert first == again and first["result"] is not None


def test_greedy_options():
    assert make_agent("greedy:samples=5,steps=1", seed=1).spec() == "greedy:samples=5,steps=1"
    for bad in ("greedy:samples=0", "greedy:samples=two", "greedy:depth=3"):
        with pytest.raises(ValueError):
            make_agent(bad)


def test_back_at_the_same_position_greedy_tries_another_move():
    """A take-back (select, then "back") must not send greedy round in a circle."""
    state = TOY.new(2, seed=1)
    seat = state.seats_to_act()[0]
    legal = state.legal_actions(seat)
    assert len(legal) >= 2
    bot = GreedyAgent(seed=0)
    first = bot.act(info_for(state, seat))
    second = bot.act(info_for(state, seat))  # exactly the same position again
    assert second != first
    tried = {first, second}
    for _ in range(len(legal) - 2):
        tried.add(bot.act(info_for(state, seat)))
    assert tried == set(legal)  # every move once, then it starts over
    assert bot.act(info_for(state, seat)) in legal
