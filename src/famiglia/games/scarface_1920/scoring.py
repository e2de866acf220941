"""The result of a game of Scarface 1920 (SF-12.4): money with the elected Candidate's bonuses,
money at a capped game; the Solo Mode's one seat against the solo gang (SF-S.14, SF-T.18); the
end at a death with Tequila (SF-T.3)."""

from __future__ import annotations

from famiglia.core import Result

from .modes.solo import result as solo_result
from .modes.tequila import death_result
from .rules.endgame import candidate_bonus


def result(st) -> Result:
    """The result of the game now over: final money (money and the elected Candidate's
    bonus), then money, ranks the seats (SF-12.4); a capped game ranks by money alone."""
    if st.solo:
        if st.capped or st.elected < 0:
            return solo_result(st, None)
        bonus = candidate_bonus(st, st.elected)
        return solo_result(st, [max(0, st.money[s] + bonus[s]) for s in range(st.gangs)])
    if st.dead >= 0:
        return death_result(st)
    if st.capped or st.elected < 0:
        keys = [(st.money[s],) for s in range(st.players)]
        return Result.from_keys(list(st.money), keys, capped=bool(st.capped))
    bonus = candidate_bonus(st, st.elected)
    final = [max(0, st.money[s] + bonus[s]) for s in range(st.players)]
    keys = [(final[s], st.money[s]) for s in range(st.players)]
    return Result.from_keys(final, keys)
