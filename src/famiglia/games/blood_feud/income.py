"""Phase 3, factor income: total assets times independent family members (BF-5)."""

from __future__ import annotations

from . import board as B
from .state import ABOARD, AT, KIND, where


def assets(s, seat: int) -> int:
    """$10 per exploited district plus the buildings' assets there (BF-5.1)."""
    total = 0
    building = s.building
    for i in where(s.owner, seat):  # (only districts are held)
        total += B.MONEY["district_assets"]
        if building[i]:
            total += B.BUILDINGS[building[i]]["assets"]
    return total


def ifm(s, seat: int) -> int:
    """Exploited districts holding at least one of the seat's family members, Boss included,
    each counted once (BF-5.2). Family afloat or in someone else's district count for nothing."""
    places = set()
    units = s.units
    for uid in s.mine[seat]:
        u = units[uid]
        if u[KIND] in ("boss", "family") and u[ABOARD] < 0:
            space = u[AT]
            if B.IS_DISTRICT[space] and s.owner[space] == seat:
                places.add(space)
    return len(places)


def income(s, seat: int) -> int:
    return assets(s, seat) * ifm(s, seat)
