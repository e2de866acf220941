"""Phase 3, factor income: total assets times independent family members (BF-5)."""

from __future__ import annotations

from famiglia.core.text import plural

from . import data as D
from .state import ABOARD, AT, KIND

# The assets of each building ("": none), as assets() reads them.
_BUILDING_ASSETS = {"": 0} | {kind: b["assets"] for kind, b in D.BUILDINGS.items()}


def assets(s, seat: int) -> int:
    """$10 per exploited district plus the buildings' assets there (BF-5.1)."""
    lands, building, of = s.lands[seat], s.building, _BUILDING_ASSETS
    total = len(lands) * D.MONEY["district_assets"]  # (only districts are held)
    for i in lands:
        total += of[building[i]]
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
            if D.IS_DISTRICT[space] and s.owner[space] == seat:
                places.add(space)
    return len(places)


def income(s, seat: int) -> int:
    return assets(s, seat) * ifm(s, seat)


def factor_income(s) -> None:
    """The player whose turn it is earns his income; $6,000 or more wins at once (BF-5.4)."""
    me = s.turn
    got_assets, members = assets(s, me), ifm(s, me)
    got = got_assets * members  # income()
    s.income[me] = got
    s.money[me] += got
    s.say(
        f"seat {me} earns ${got}: assets ${got_assets} x "
        + plural(members, "independent family member")
    )
    if got >= D.MONEY["win_income"]:
        s.winners = [me]
        s.over = True
        s.say(f"seat {me} earns ${got} and gains incontestable dominance")
