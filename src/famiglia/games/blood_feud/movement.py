"""Movement on foot (BF-4) and choosing which piece moves; vehicles are in vehicles.py."""

from __future__ import annotations

from . import allies, delivery, family
from . import data as D
from .actions import A_PIECE, KIND_CODE, STEP, act
from .battle import defender_at, hostile
from .state import ABOARD, AT, DONE, FLAG, KIND, MOVES, OTHERS, OWNER

_BACK = act("back", ())


def enemy_precinct(s, space: int, me: int) -> bool:
    owner = s.owner[space]
    return owner >= 0 and owner != me and s.building[space] == "precinct"


def premium(s, space: int) -> int:
    return s.price[space] + D.MONEY["premium_step"]


def enter(s, me: int, uid: int, space: int, pay_premium: bool = False) -> None:
    """A piece of personnel steps into `space` (BF-4.3): it steals the vehicles left there
    unguarded (BF-4.5) and captures a district, unless an enemy precinct stops it (BF-7.3)."""
    if (not D.IS_DISTRICT[space] or s.owner[space] == me) and not s.parked[space] & OTHERS[me]:
        return  # nothing to steal, nothing to take (the common case, made quick)
    # (a district handed over is held by its giver, never the receiver: none was passed above)
    if s.handovers and allies.receive(s, me, space):
        family.take_district(s, me, space)  # with its building, no premium due (BF-9.10)
        return
    ok = allies.friends(s, space, me) if s.invites or s.deliveries else (me,)
    steal(s, me, space, ok)
    if not D.IS_DISTRICT[space] or s.owner[space] == me or len(ok) > 1:
        return  # a guest takes nothing from his host (BF-9.7)
    if enemy_precinct(s, space, me):
        s.units[uid][MOVES] = 0  # the precinct stops him for the turn
        if not pay_premium:
            return
        price = premium(s, space)
        s.money[me] -= price
        s.price[space] = price
        s.say(f"seat {me} pays the ${price} premium for {D.NAMES[space]}")
    family.take_district(s, me, space)


def offer_premium(s, me: int, space: int) -> None:
    """BF-7.3: people a vehicle brought or dropped off into an enemy precinct district that
    nobody defends may pay the premium to take it, as people on foot may; the mover decides
    once they are in."""
    if not D.IS_DISTRICT[space] or not enemy_precinct(s, space, me):
        return
    if (s.invites or s.deliveries) and len(allies.friends(s, space, me)) > 1:
        return  # a guest pays no premium: he takes nothing (BF-9.7)
    price = premium(s, space)
    if s.money[me] >= price and defender_at(s, space, me) < 0:
        s.todo.append({"k": "premium", "t": space, "price": price})


def steal(s, me: int, space: int, ok=None) -> None:
    """My personnel stepping into `space` take the vehicles others left there unguarded, on
    land or afloat (BF-4.5, BF-6.9); `ok` are the seats whose vehicles are safe from me."""
    if not s.parked[space] & OTHERS[me]:
        return  # no vehicle of anybody else there
    if ok is None:
        ok = allies.friends(s, space, me) if s.invites or s.deliveries else (me,)
    units = s.units
    for uid in s.stack[space]:
        u = units[uid]
        if u[OWNER] not in ok and u[KIND] in D.VEHICLES and u[ABOARD] < 0:
            if not (D.IS_AIRPORT[space] and u[KIND] == "helicopter"):
                s.say(f"seat {me} steals {A_PIECE[u[KIND]]} of seat {u[OWNER]} in {D.NAMES[space]}")
                s.give_unit(uid, me)
                u[MOVES], u[FLAG] = 0, DONE


def legal_walk(s, me: int, step) -> list:
    """Where the selected piece may step (BF-4.1, BF-4.4), or go back to choose another."""
    u = s.units[step["uid"]]
    acts = []
    closed = ()
    if s.deliveries and u[KIND] in delivery.NOT_GIVEN:
        closed = delivery.closed_to_family(s, me)  # BF-9.13
    held, notme, airport, building = s.held, OTHERS[me], D.IS_AIRPORT, s.building
    h = None  # the hostile table, looked up once needed
    for t in D.LAND[u[AT]]:
        if held[t] & notme or airport[t]:
            if h is None:
                h = hostile(s, me)
            if h[t] >= 0:
                continue  # occupied: only an attack gets in (BF-4.4)
        if closed and t in closed:
            continue
        acts.append(STEP[t])
        if (
            building[t] == "precinct"
            and 0 <= s.owner[t] != me  # (enemy_precinct)
            and s.money[me] >= premium(s, t)
        ):
            if (s.invites or s.deliveries) and len(allies.friends(s, t, me)) > 1:
                continue  # a guest pays no premium: he takes nothing (BF-9.7)
            acts.append(act("step-premium", (t, premium(s, t))))
    acts.append(_BACK)
    return acts


def walker_free(u, me) -> bool:
    return (
        u[OWNER] == me and u[KIND] in D.RANK and u[ABOARD] < 0 and u[FLAG] != DONE and u[MOVES] > 0
    )


def vehicle_free(u, me) -> bool:
    return (
        u[OWNER] == me and u[KIND] in D.VEHICLES and u[FLAG] != DONE and u[MOVES] == D.MOVE[u[KIND]]
    )


# kind -> (its code in SELECT, its full move, whether it walks: personnel)
KIND_INFO = {kind: (KIND_CODE[kind], D.MOVE[kind], kind in D.RANK) for kind in D.PIECES}


def pick_unit(s, me: int, kind: str, space: int) -> int:
    """The free piece of that kind there with the most moves left (the first of them)."""
    best, best_mv = -1, -1
    _code, full, walks = KIND_INFO[kind]
    units = s.units
    for uid in s.stack[space]:
        u = units[uid]
        if u[KIND] != kind or u[OWNER] != me or u[FLAG] == DONE or u[MOVES] <= best_mv:
            continue
        if (u[ABOARD] < 0 and u[MOVES] > 0) if walks else u[MOVES] == full:
            best, best_mv = uid, u[MOVES]
            if best_mv == full:
                break  # nobody has more moves than a full move
    return best


def _moves(me: int, kind: str, start: int, end: int) -> str:
    return f"seat {me} moves {A_PIECE[kind]} from {D.NAMES[start]} to {D.NAMES[end]}"


def apply_walk(s, me: int, step, action) -> None:
    """The selected piece steps into a space (BF-4.3), or the walk is taken back."""
    s.todo.pop()
    if action.kind == "back":
        return
    uid = step["uid"]
    u = s.units[uid]
    t = action.args[0]
    start, owner = u[AT], s.owner[t]
    s.log = (s.log, None, (_moves, me, u[KIND], start, t))  # (said, worded when read)
    s.move_unit(uid, t)
    u[MOVES] -= 1
    # For selection.carry, which reads it right after this move: the piece (its unit) and where
    # it walked, unless the step changed somebody's hold on a district under an agreement:
    # None. Only enter may do that.
    s._walked = (u, start, t)
    if (D.IS_DISTRICT[t] and owner != me) or s.parked[t] & OTHERS[me]:  # (else enter does nothing)
        handovers = len(s.handovers)
        enter(s, me, uid, t, action.kind == "step-premium")
        if len(s.handovers) != handovers or (s.owner[t] != owner and allies.named(s, t)):
            s._walked = None


# ----- the decision of a premium -----------------------------------------------------------
def legal_premium(s, seat: int, step) -> list:
    acts = [act("no-premium", ())]
    if s.money[seat] >= step["price"]:
        acts.insert(0, act("premium", (step["price"],)))
    return acts


def apply_premium(s, seat: int, step, action) -> None:
    """The premium paid takes the district (BF-7.3); unpaid, it stays with its owner."""
    s.todo.pop()
    if action.kind == "premium":
        t = step["t"]
        s.money[seat] -= step["price"]
        s.price[t] = step["price"]
        s.say(f"seat {seat} pays the ${step['price']} premium for {D.NAMES[t]}")
        family.take_district(s, seat, t)
