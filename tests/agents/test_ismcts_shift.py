"""ismcts's shifted priors (`shift=1`): a new move's prior counts at its value plus how far the
moves searched at that choice rose above their own first values."""

from __future__ import annotations

import math

import famiglia
from famiglia.agents import ISMCTSAgent, info_for, make_agent
from famiglia.agents.ismcts import _pick

PRIOR = 10  # ismcts's default virtual visits for a new move


def _positions(count: int):
    """Mob positions, reached by seeded random play, where the seat to act has 3+ moves."""
    game = famiglia.load("the-mob")
    found = []
    for seed in range(100):
        state = game.new(4, seed)
        for step in range(7 * seed % 90):
            if state.is_over():
                break
            seat = state.seats_to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[(seed + step) % len(legal)])
        if not state.is_over():
            seat = state.seats_to_act()[0]
            if len(state.legal_actions(seat)) >= 3:
                found.append((state, seat))
        if len(found) == count:
            return found
    raise AssertionError("too few positions")


def _root(state, seat, shift):
    bot = ISMCTSAgent(seed=4, iterations=800, early=0, shift=shift)
    bot.act(info_for(state, seat))
    return bot.last_roots[seat]


def test_a_choice_keeps_the_rise_of_its_real_visits_over_their_moves_first_value():
    state, seat = _positions(1)[0]
    root = _root(state, seat, 1)
    # each move's reward sum holds PRIOR virtual visits at its first value, then real ones
    rise = sum(st[1] - st[0] * st[3] for st in root.stats.values())
    real = sum(st[0] - PRIOR for st in root.stats.values())
    assert root.risen == real > 0
    assert math.isclose(root.rise, rise, abs_tol=1e-6)
    assert _root(state, seat, 0).risen == 0  # kept only when shifting


def test_a_prior_counts_at_its_value_plus_the_mean_rise():
    """Move A was judged 0.45 at first and its 100 real visits came out at 0.60 on average;
    move B, judged 0.50, has only its prior. Unshifted, A's mean (0.586) beats B's 0.50 and B
    is never searched; shifted by the rise seen (0.15 a visit), B counts at 0.65 and is next."""
    stats = {
        "A": [PRIOR + 100, PRIOR * 0.45 + 100 * 0.60, 105, 0.45],
        "B": [PRIOR, PRIOR * 0.5, 105, 0.5],
    }
    assert _pick(stats, ["A", "B"], 0.0, 1.0, 0.0)[1] == "A"
    assert _pick(stats, ["A", "B"], 0.0, 1.0, 0.0, lift=PRIOR * 0.15)[1] == "B"


def test_shift_is_an_option_of_the_spec():
    bot = make_agent("ismcts:iterations=20,shift=1")
    assert bot.shift is True
    assert make_agent(bot.spec()).spec() == bot.spec()
    assert make_agent("ismcts:iterations=20").shift is None
