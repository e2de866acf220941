"""Phase 4, purchases (BF-7): hiring, vehicles and buildings, and where they go."""

from __future__ import annotations

from itertools import compress

from . import data as D
from .actions import A_PIECE, act
from .state import ABOARD, AT

HIRES = ("thug", "henchman", "hitman", "limousine", "speedboat", "helicopter")
_BUY = {kind: act("buy", (kind,)) for kind in (*HIRES, *D.BUILDINGS)}


def centres(s, me: int) -> list[int]:
    """Where new pieces may be placed: with the Boss, or at a penthouse palace held since
    before this turn (BF-7.2)."""
    out = []
    boss = s.boss_of(me)
    if boss >= 0:
        u = s.units[boss]
        if u[ABOARD] < 0 and not D.IS_WATER[u[AT]]:
            out.append(u[AT])
    if s.penthouses:
        owner, since, now = s.owner, s.since, s.turn_no
        for i in s.penthouses:
            if owner[i] == me and since[i] < now and i not in out:
                out.append(i)
        out.sort()
    return out


def places_for(s, me: int, kind: str, spots: list[int] | None = None) -> list[int]:
    """Where a new piece of `kind` may go; `spots`: centres(s, me), if the caller has them."""
    if spots is None:
        spots = centres(s, me)
    if kind in _ON_DISTRICTS:
        return list(compress(spots, map(_ON_DISTRICTS[kind].__getitem__, spots)))
    return spots


# The hires that need more than a centre (places_for): space -> whether one may go there, a
# limousine in a district, a speedboat in a district on the water.
_ON_DISTRICTS = {
    "limousine": tuple(bool(D.IS_DISTRICT[i]) for i in range(D.N)),
    "speedboat": tuple(bool(D.IS_DISTRICT[i] and D.SHORE[i]) for i in range(D.N)),
}


# What legal_buys reads of each hire and building, in the order of the list: its kind, price,
# pool (for all players together) and the action buying it.
_HIRE_ROWS = tuple((kind, D.COST[kind], D.POOL[kind], _BUY[kind]) for kind in HIRES)
_BUILD_ROWS = tuple((kind, b["cost"], b["pool"], _BUY[kind]) for kind, b in D.BUILDINGS.items())


def legal_buys(s, me: int) -> list:
    acts = []
    money = s.money[me]
    spots = centres(s, me)
    if spots:
        tally = s.tally
        for kind, cost, pool, buy in _HIRE_ROWS:
            if (
                cost <= money
                and tally.get(kind, 0) < pool
                and (kind not in _ON_DISTRICTS or any(map(_ON_DISTRICTS[kind].__getitem__, spots)))
            ):
                acts.append(buy)
    built_in_play = s.built
    lands = s.lands[me]  # (only districts are held)
    if not lands:
        return acts  # nowhere to build
    # A district of mine without this kind of building: there is one unless all of them hold
    # the same (`first`; "" for none), which is known at the first that differs.
    mixed = None  # whether they hold more than one kind, when first needed
    for kind, cost, pool, buy in _BUILD_ROWS:
        if cost > money or built_in_play[kind] >= pool:
            continue
        if mixed is None:
            building = s.building
            first = building[lands[0]]
            mixed = False
            for i in lands:
                if building[i] != first:
                    mixed = True
                    break
        if mixed or kind != first:
            acts.append(buy)
    return acts


def apply_buy(s, me: int, action) -> None:
    (kind,) = action.args
    if kind in D.BUILDINGS:
        s.money[me] -= D.BUILDINGS[kind]["cost"]
        s.todo.append({"k": "site", "item": kind})
        return
    s.money[me] -= D.COST[kind]
    s.say(f"seat {me} buys {A_PIECE[kind]}")
    spots = places_for(s, me, kind)
    if len(spots) == 1 and (kind != "speedboat" or len(D.SHORE[spots[0]]) == 1):
        place(s, me, kind, spots[0])
    else:
        s.todo.append({"k": "place", "item": kind})


def place(s, me: int, kind: str, space: int, shore: int = -1) -> None:
    if kind == "speedboat":
        if shore < 0:
            shore = D.SHORE[space][0]
        # the one water it may set off onto (BF-6.5): said, since the board cannot show it
        s.say(f"seat {me}'s speedboat is docked in {D.NAMES[space]} on {D.NAMES[shore]}")
    s.new_unit(me, kind, space, extra=shore)


def legal_place(s, me: int, step) -> list:
    if "at" in step:
        return [act("shore", (w,)) for w in D.SHORE[step["at"]]]
    return list(map(_PLACE.__getitem__, places_for(s, me, step["item"])))


_PLACE = tuple(act("place", (i,)) for i in range(D.N))  # by space


def apply_place(s, me: int, step, action) -> None:
    kind = step["item"]
    if action.kind == "shore":
        s.todo.pop()
        place(s, me, kind, step["at"], action.args[0])
        return
    (space,) = action.args
    if kind == "speedboat" and len(D.SHORE[space]) > 1:
        step["at"] = space  # then choose the shore it is docked on (BF-6.5)
        return
    s.todo.pop()
    place(s, me, kind, space)


def legal_site(s, me: int, step) -> list:
    kind = step["item"]
    building = s.building
    return [_SITE[i] for i in s.lands[me] if building[i] != kind]  # (only districts are held)


_SITE = tuple(act("site", (i,)) if D.IS_DISTRICT[i] else None for i in range(D.N))  # by space


def apply_site(s, me: int, step, action) -> None:
    """A building goes in any district I hold; one building per district, the old one is
    demolished (BF-7.4)."""
    s.todo.pop()
    kind = step["item"]
    (space,) = action.args
    old = s.building[space]
    s.set_building(space, kind)
    if kind == "precinct":
        s.price[space] = D.BUILDINGS["precinct"]["cost"]
    if kind == "penthouse":
        s.since[space] = s.turn_no  # usable for placement from the next turn on
    name = D.BUILDINGS[kind]["name"]
    gone = f", demolishing its {D.BUILDINGS[old]['name']}" if old else ""
    s.say(
        f"seat {me} builds {'an' if name[0] in 'aeiou' else 'a'} {name} in {D.NAMES[space]}{gone}"
    )
