"""How a game of The Mob is ranked (MOB-7)."""

from __future__ import annotations

from famiglia.core import Result

from . import data as D


def ranking_keys(state) -> list[tuple]:
    """Higher is better: a chip on 10 first, then investment, cash, family value (MOB-7)."""
    return [
        (state.invest[s] >= D.WIN_INVESTMENT, state.invest[s], state.cash[s], state.family_value(s))
        for s in range(state.players)
    ]


def result(state) -> Result:
    """Scores are the investment in $k; the ranking reads the keys above."""
    scores = [level * D.INVEST_STEP for level in state.invest]
    return Result.from_keys(scores, ranking_keys(state), state.capped)
