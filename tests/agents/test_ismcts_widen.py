"""ismcts's progressive widening (`widen`): a choice opens its moves best-judged first, more of
them as it is made more often."""

from __future__ import annotations

import math

import famiglia
from famiglia.agents import ISMCTSAgent, info_for, make_agent

PRIOR = 10  # ismcts's default virtual visits for a new move


def _wide_position():
    """A Mob position where the seat to act has at least 6 moves."""
    game = famiglia.load("the-mob")
    for seed in range(40):
        state = game.new(4, seed)
        for _ in range(seed):
            seat = state.seats_to_act()[0]
            legal = state.legal_actions(seat)
            if len(legal) >= 6:
                return state, seat
            state.apply(seat, legal[seed % len(legal)])
    raise AssertionError("no wide position found")


def _searched(bot) -> dict:
    """The bot's own root moves that got visits beyond their prior: action -> entry."""
    root = bot.last_roots[bot.last_seat]
    return {a: st for a, st in root.stats.items() if st[0] > PRIOR}


def _search(state, seat, **options) -> ISMCTSAgent:
    bot = ISMCTSAgent(seed=2, iterations=100, early=0, c=4, **options)  # (c: explore widely)
    bot.act(info_for(state, seat))
    bot.last_seat = seat
    return bot


def test_widening_searches_only_the_moves_judged_best_until_visits_open_more():
    state, seat = _wide_position()
    legal = state.legal_actions(seat)
    plain = _searched(_search(state, seat, widen=0))
    assert len(plain) > 3  # without widening the search spreads over more moves

    narrow = _search(state, seat, widen=0.2)
    searched = _searched(narrow)
    opened = 1 + int(0.2 * math.sqrt(100))  # at most, after the 100th choice at the root
    assert 1 <= len(searched) <= opened
    stats = narrow.last_roots[seat].stats
    judged = sorted(legal, key=lambda a: stats[a][3], reverse=True)
    assert set(searched) <= set(judged[:opened])  # the best judged first
    assert narrow.last_roots[seat].passes == 100


def test_widen_is_the_games_choice_unless_given():
    bot = make_agent("ismcts:iterations=20,widen=1.5")
    assert bot.widen == 1.5
    assert make_agent(bot.spec()).spec() == bot.spec()
    state, seat = _wide_position()
    chosen = make_agent("ismcts:iterations=20")  # The Mob widens by default (its SEARCH)
    chosen.act(info_for(state, seat))
    assert chosen.widen is None and chosen._widen_by == 1.0 and "widen=" not in chosen.spec()
    off = make_agent("ismcts:iterations=20,widen=0")
    off.act(info_for(state, seat))
    assert off._widen_by == 0.0
