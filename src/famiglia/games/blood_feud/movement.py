"""Movement on foot (BF-4) and choosing which piece moves; vehicles are in vehicles.py."""

from __future__ import annotations

from . import allies, delivery, family
from . import board as B
from .actions import A_PIECE, act
from .battle import defender_at, hostile
from .state import ABOARD, AT, DONE, FLAG, KIND, MV, OWN


def enemy_precinct(s, space: int, me: int) -> bool:
    owner = s.owner[space]
    return owner >= 0 and owner != me and s.building[space] == "precinct"


def premium(s, space: int) -> int:
    return s.price[space] + B.MONEY["premium_step"]


def enter(s, me: int, uid: int, space: int, pay_premium: bool = False) -> None:
    """A piece of personnel steps into `space` (BF-4.3): it steals the vehicles left there
    unguarded (BF-4.5) and captures a district, unless an enemy precinct stops it (BF-7.3)."""
    if s.handovers and allies.receive(s, me, space):
        family.take_district(s, me, space)  # with its building, no premium due (BF-9.10)
        return
    ok = allies.friends(s, space, me) if s.invites or s.deliveries else (me,)
    steal(s, me, space, ok)
    if not B.IS_DISTRICT[space] or s.owner[space] == me or len(ok) > 1:
        return  # a guest takes nothing from his host (BF-9.7)
    if enemy_precinct(s, space, me):
        s.units[uid][MV] = 0  # the precinct stops him for the turn
        if not pay_premium:
            return
        price = premium(s, space)
        s.money[me] -= price
        s.price[space] = price
        s.say(f"seat {me} pays the ${price} premium for {B.NAMES[space]}")
    family.take_district(s, me, space)


def offer_premium(s, me: int, space: int) -> None:
    """BF-7.3: people a vehicle brought or dropped off into an enemy precinct district that
    nobody defends may pay the premium to take it, as people on foot may; the mover decides
    once they are in."""
    if not B.IS_DISTRICT[space] or not enemy_precinct(s, space, me):
        return
    if (s.invites or s.deliveries) and len(allies.friends(s, space, me)) > 1:
        return  # a guest pays no premium: he takes nothing (BF-9.7)
    price = premium(s, space)
    if s.money[me] >= price and defender_at(s, space, me) < 0:
        s.todo.append({"k": "premium", "t": space, "price": price})


def steal(s, me: int, space: int, ok=None) -> None:
    """My personnel stepping into `space` take the vehicles others left there unguarded, on
    land or afloat (BF-4.5, BF-6.9); `ok` are the seats whose vehicles are safe from me."""
    if ok is None:
        ok = allies.friends(s, space, me) if s.invites or s.deliveries else (me,)
    for u in s.units.values():
        if u[AT] == space and u[OWN] not in ok and u[KIND] in B.VEHICLES and u[ABOARD] < 0:
            if not (B.IS_AIRPORT[space] and u[KIND] == "helicopter"):
                s.say(f"seat {me} steals {A_PIECE[u[KIND]]} of seat {u[OWN]} in {B.NAMES[space]}")
                u[OWN], u[MV], u[FLAG] = me, 0, DONE


def foot_steps(s, me: int, uid: int) -> list:
    u = s.units[uid]
    acts = []
    h = hostile(s, me)
    closed = ()
    if s.deliveries and u[KIND] in delivery.NOT_GIVEN:
        closed = delivery.closed_to_family(s, me)  # BF-9.13
    for t in B.LAND[u[AT]]:
        if h[t] >= 0 or t in closed:
            continue  # occupied: only an attack gets in (BF-4.4)
        acts.append(act("step", (t,)))
        if enemy_precinct(s, t, me) and s.money[me] >= premium(s, t):
            if (s.invites or s.deliveries) and len(allies.friends(s, t, me)) > 1:
                continue  # a guest pays no premium: he takes nothing (BF-9.7)
            acts.append(act("step-premium", (t, premium(s, t))))
    return acts


def walker_free(u, me) -> bool:
    return u[OWN] == me and u[KIND] in B.RANK and u[ABOARD] < 0 and u[FLAG] != DONE and u[MV] > 0


def vehicle_free(u, me) -> bool:
    return u[OWN] == me and u[KIND] in B.VEHICLES and u[FLAG] != DONE and u[MV] == B.MOVE[u[KIND]]


def select_actions(s, me: int, h: list[int] | None = None) -> list:
    """One action per (kind, space) that has a piece able to move now. `h` is the
    `hostile` table, computed by the caller when it has one."""
    seen = set()
    keys = []
    land, rank, move = B.LAND, B.RANK, B.MOVE
    for u in s.units.values():
        if u[OWN] != me or u[FLAG] == DONE:
            continue
        kind = u[KIND]
        if kind in rank:
            if u[ABOARD] >= 0 or u[MV] <= 0:
                continue
        elif u[MV] != move[kind]:
            continue
        key = (kind, u[AT])
        if key in seen:
            continue
        seen.add(key)
        if kind in rank:
            if h is None:
                h = hostile(s, me)
            if all(h[t] >= 0 for t in land[u[AT]]):
                continue  # hemmed in: only an attack moves him
        keys.append(key)
    keys.sort(key=lambda k: (k[1], k[0]))
    return [act("select", k) for k in keys]


def pick_unit(s, me: int, kind: str, space: int) -> int:
    best, best_mv = -1, -1
    for uid, u in s.units.items():
        if u[KIND] == kind and u[AT] == space:
            if (walker_free(u, me) or vehicle_free(u, me)) and u[MV] > best_mv:
                best, best_mv = uid, u[MV]
    return best


def apply_step(s, me: int, uid: int, action) -> None:
    u = s.units[uid]
    t = action.args[0]
    s.say(f"seat {me} moves {A_PIECE[u[KIND]]} from {B.NAMES[u[AT]]} to {B.NAMES[t]}")
    u[AT] = t
    u[MV] -= 1
    enter(s, me, uid, t, action.kind == "step-premium")
