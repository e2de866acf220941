"""The result (BF-10): the winners first, then the living, then by income and money (a game
stopped at its round limit ranks by income)."""

from __future__ import annotations

from famiglia.core import Result


def result(s) -> Result:
    keys = [
        (
            1 if seat in s.winners else 0,
            1 if s.alive[seat] else 0,
            s.income[seat],
            s.money[seat],
        )
        for seat in range(s.players)
    ]
    return Result.from_keys(list(s.income), keys, s.capped)
