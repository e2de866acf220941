"""ismcts's look option: a new move after which the same seat acts again alone is judged by its
best follow-up, not by the half-made position it leads to."""

from __future__ import annotations

import random

import famiglia
from famiglia.agents import Info, ISMCTSAgent, heuristics, make_agent

PRIOR = 10


class Known:
    """Stands in for the state inside Info: every sample is this very position (so the test
    can judge the same position the bot judged)."""

    def __init__(self, state):
        self.state = state

    def determinize(self, seat, seed):
        return self.state.clone()


def _choosing_a_card():
    """A Mob position where the seat to act chooses among several cards to play."""
    mob = famiglia.load("the-mob")
    chooser = random.Random(2)
    state = mob.new(4, 5)
    while True:
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        if state.phase == "play" and state.pending is None and len(legal) > 6:
            return state, seat
        state.apply(seat, chooser.choice(legal))


def _reward(state, seat, evaluate):
    return heuristics.rewards(state, evaluate, heuristics.WIN_WEIGHT)[seat]


def _judged(look: int):
    """(position, seat, {move: the value its prior was given}) after one iteration."""
    state, seat = _choosing_a_card()
    bot = ISMCTSAgent(seed=3, iterations=1, early=0, prior=PRIOR, look=look, win=0.5)
    bot.act(Info(seat, state.view(seat), state.legal_actions(seat), Known(state)))
    stats = bot.last_roots[seat].stats
    # the one move the iteration went down has a rollout's reward added: leave it out
    return state, seat, {a: st[1] / st[0] for a, st in stats.items() if st[0] == PRIOR}


def test_without_look_a_new_move_is_judged_by_the_position_it_leads_to():
    state, seat, priors = _judged(0)
    evaluate = heuristics.for_game("the-mob")
    assert len(priors) >= 5
    for action, value in priors.items():
        after = state.clone()
        after.apply(seat, action)
        assert abs(value - _reward(after, seat, evaluate)) < 1e-9


def test_with_look_a_new_move_is_judged_by_its_best_follow_up():
    state, seat, priors = _judged(1)
    evaluate = heuristics.for_game("the-mob")
    looked_through = 0
    for action, value in priors.items():
        after = state.clone()
        after.apply(seat, action)
        expected = _reward(after, seat, evaluate)
        if not after.is_over() and after.seats_to_act() == (seat,):  # the card is being played
            follow_ups = []
            for follow in after.legal_actions(seat):
                further = after.clone()
                further.apply(seat, follow)
                follow_ups.append(_reward(further, seat, evaluate))
            expected = max(follow_ups)
            looked_through += 1
        assert abs(value - expected) < 1e-9, action
    assert looked_through >= 2


def test_look_is_an_option_of_the_spec():
    bot = make_agent("ismcts:iterations=5,look=2")
    assert bot.look == 2
    assert make_agent(bot.spec()).spec() == bot.spec()
