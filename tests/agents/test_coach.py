"""The coach's hint (issue 39): the hard bot's move and two alternatives, each with an estimated
chance to win, worked out from the seat's information alone."""

from __future__ import annotations

import pytest

import famiglia
from famiglia.agents import Info, ISMCTSAgent, info_for
from famiglia.agents.coach import describe, hint

from ..games.the_mob.helpers import at_play, do, new


def test_the_hint_is_the_search_s_move_then_two_legal_alternatives():
    state = famiglia.load("the-mob").new(4, 3)
    seat = state.seats_to_act()[0]
    info = info_for(state, seat)
    assert len(info.legal_actions) > 3
    got = hint(info, seed=5, iterations=120)
    assert len(got) == 3 and len({s.action for s in got}) == 3
    assert all(s.action in info.legal_actions for s in got)
    bot = ISMCTSAgent(seed=5, iterations=120, early=0)
    assert got[0].action == bot.act(info_for(state, seat))
    assert got[0].visits >= got[1].visits >= got[2].visits
    assert all(0.0 <= s.chance <= 1.0 for s in got)


def test_a_hint_is_the_same_for_the_same_seed():
    state = famiglia.load("unfinished-business").new(3, 2)
    seat = state.seats_to_act()[0]
    first = [s.to_json() for s in hint(info_for(state, seat), seed=9, iterations=80)]
    again = [s.to_json() for s in hint(info_for(state, seat), seed=9, iterations=80)]
    assert first == again


class OnlyDeterminize:
    """The true state behind a seat's Info, letting through only `determinize(seat, ...)`:
    what the conformance kit checks gives a sample matching that seat's view and nothing more."""

    def __init__(self, state, seat):
        self._state, self._seat, self.samples = state, seat, 0

    def determinize(self, seat, seed):
        assert seat == self._seat, "a sample for another seat"
        self.samples += 1
        return self._state.determinize(seat, seed)

    def __getattr__(self, name):
        raise AssertionError(f"the hint read the true state's {name!r}")


@pytest.mark.parametrize("name", ["the-mob", "cash-n-guns", "unfinished-business", "blood-feud"])
def test_a_hint_reads_the_table_only_through_the_seat_s_samples(name):
    """The hint sees the seat's view and legal moves, and the rest only through samples drawn
    for that seat (Info.sample): never the true state, so nothing hidden from the seat."""
    state = famiglia.load(name).new(4, 11)
    for _ in range(6):  # a few moves in, so that something is hidden
        seat = state.seats_to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.seats_to_act()[0]
    guarded = OnlyDeterminize(state, seat)
    info = Info(seat, state.view(seat), state.legal_actions(seat), guarded)
    got = hint(info, seed=4, iterations=60)
    assert got and guarded.samples >= 60


def test_the_winning_investment_is_suggested_with_a_high_chance():
    """MOB-7.1: a chip on 10 after investing wins; one step short with the cash for it, the
    coach's first hint is to invest, with a chance to win near certain."""
    s = new(4)
    s.invest[1], s.cash[1] = 9, 100
    at_play(s, 0, ["Bar"], last_card=True)
    do(s, 0, "lay down Bar unused")
    assert s.phase == "invest" and s.seats_to_act() == (1,)
    got = hint(info_for(s, 1), seed=1, iterations=100)
    assert got[0].action.text == "invest $100k in legal business"
    assert got[0].chance > 0.9
    stop = [x for x in got if x.action.text == "end investing"]
    assert not stop or stop[0].chance < got[0].chance


def test_a_seat_with_no_move_gets_a_clear_refusal():
    state = famiglia.load("the-mob").new(4, 3)
    idle = next(k for k in range(4) if k not in state.seats_to_act())
    with pytest.raises(ValueError, match="no move to make now"):
        hint(info_for(state, idle))


def test_the_hint_reads_as_a_sentence():
    state = famiglia.load("the-mob").new(4, 1)
    seat = state.seats_to_act()[0]
    lines = describe(hint(info_for(state, seat), seed=0, iterations=40))
    assert lines[0].startswith("hint: ") and "% to win)" in lines[0]
    assert all(line.startswith("  or: ") for line in lines[1:])
