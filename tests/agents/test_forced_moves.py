"""A forced move (one legal action) is played at once by every bot: no sample, no search."""

from __future__ import annotations

import asyncio

import pytest

from famiglia.agents import Info, agent_names, make_agent
from famiglia.server.bots import BotPool
from tests.core.toy import GAME as TOY

from .test_ismcts import SamplesOnly

BOTS = [name for name in agent_names() if name != "human"]


def forced_position():
    state = TOY.new(2, seed=1)
    state.deck.clear()  # no swap possible: adding is the only move
    seat = state.seats_to_act()[0]
    assert [str(a) for a in state.legal_actions(seat)] == ["add my card"]
    return state, seat


@pytest.mark.parametrize("name", BOTS)
def test_every_bot_plays_a_forced_move_without_looking_at_the_game(name):
    state, seat = forced_position()
    guard = SamplesOnly(state)  # any sample or peek at the state fails the test
    info = Info(seat, state.view(seat), state.legal_actions(seat), guard)
    spec = "ismcts:seconds=5" if name == "ismcts" else name  # would take 5 s if it searched
    assert str(make_agent(spec, seed=3).act(info)) == "add my card"
    assert guard.samples == 0


def test_a_forced_move_leaves_the_random_bots_generator_alone():
    state, seat = forced_position()
    choice = TOY.new(2, seed=1)
    choice_seat = choice.seats_to_act()[0]
    assert len(choice.legal_actions(choice_seat)) == 2
    fresh, used = make_agent("random", seed=8), make_agent("random", seed=8)
    used.act(Info(seat, state.view(seat), state.legal_actions(seat), SamplesOnly(state)))
    for _ in range(20):  # both draw the same choices afterwards
        info = Info(choice_seat, choice.view(choice_seat), choice.legal_actions(choice_seat), None)
        assert fresh.act(info) == used.act(info)


def test_the_server_answers_a_forced_move_without_a_worker():
    state, seat = forced_position()
    pool = BotPool(workers=1)
    try:
        data = asyncio.run(pool.decide(TOY, state, seat, "ismcts:seconds=5", seed=1))
        assert TOY.action_from_json(data) == state.legal_actions(seat)[0]
        assert pool.search.executor is None and pool.quick.executor is None  # no pool started
    finally:
        pool.close()
