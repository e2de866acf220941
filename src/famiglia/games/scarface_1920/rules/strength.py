"""What a gang brings to its turn: the Plan's muscle and influence, the Angry Boss's bonus, the
cost of its next upgrade and the healing value of its upgrades. Reads the state only."""

from __future__ import annotations

from .. import data as D
from .board import DISTRICT_TAGS


def plan_strength(st, s) -> tuple[int, int]:
    """The muscle and influence of the cards in s's Plan (the Boss card adds the Boss row)."""
    m = i = 0
    for cid in st.plan[s]:
        if D.CARD_IS_BOSS[cid]:
            bm, bi = D.BOSS_ROWS[st.boss_row[s] - 1]
            m, i = m + bm, i + bi
        m, i = m + D.CARD_MUSCLE[cid], i + D.CARD_INFLUENCE[cid]
    return m, i


def boss_bonus(st, s) -> tuple[int, int]:
    """The Angry Boss adds the Boss row, unless Angry Eliot Ness stands in its district."""
    if st.boss_loc[s] == DISTRICT_TAGS[st.ness]:
        return 0, 0
    return D.BOSS_ROWS[st.boss_row[s] - 1]


def upgrade_cost(st, s) -> int:
    return D.C["upgrade_money"] * (st.upgrades[s] + 1)


def healing_value(st, s) -> int:
    value = 0
    for least, heal in D.HEALING:
        if st.upgrades[s] >= least:
            value = heal
    return value
