"""Vehicles (BF-6): a ride is a series of short steps: take people aboard, go to a space,
drop people off, attack, end the ride. The battles rides lead to are in attacks.py."""

from __future__ import annotations

from . import allies
from . import data as D
from .actions import BOARD, DRIVE, DROP, act, pieces_named
from .battle import defender_at, hostile, needs_bribe
from .delivery import NOT_GIVEN, closed_to_family
from .movement import enemy_precinct, enter, offer_premium, steal
from .state import ABOARD, AT, DOCKED, DONE, FLAG, FREE, KIND, MOVES, OWNER, RODE

_STOP, _ASSAULT = act("stop", ()), act("assault", ())


def passengers(s, vid: int) -> list[int]:
    return list(s.riders.get(vid, ()))


def committed(s) -> set[int]:
    """Walkers already added to an attack being assembled: no ride may take them away."""
    return {uid for st in s.todo if st["k"] == "attack" for uid in st["chosen"]}


def start_ride(s, me: int, vid: int) -> None:
    """People already aboard (a boat left afloat) pay their movement for this ride."""
    for uid in s.riders.get(vid, ()):
        u = s.units[uid]
        u[MOVES] = max(0, u[MOVES] - 1)
        u[FLAG] = RODE
    s.todo.append({"k": "trip", "v": vid, "mode": "", "moved": 0})


def landings(s, me: int, h: list[int]) -> list[int]:
    """Where a helicopter may set down: my districts and, for the fee, airports (BF-6.6)."""
    out = []
    fee_ok = s.money[me] >= D.MONEY["airport_fee"]
    for i in range(D.N):
        if (D.IS_DISTRICT[i] and s.owner[i] == me) or (D.IS_AIRPORT[i] and fee_ok):
            if h[i] < 0:
                out.append(i)
    return out


def _flights(s, me: int, h, at: int, mv: int):
    """The spaces next to `at` a helicopter with `mv` moves may fly to: those from which one of
    the landings (above) is at most `mv - 1` flights away, so that it can still set down
    (BF-6.6). All of them (`D.AIR[at]` itself) when a landing is that near from `at`.
    (`h`: the hostile table, or None to make it when needed.)"""
    dist, owner, fee_ok = D.AIR_DIST[at], s.owner, s.money[me] >= D.MONEY["airport_fee"]
    held, notme, airport = s.held, ~(1 << me), D.IS_AIRPORT
    near = []  # the landings `mv - 1` or `mv` flights away: none is nearer
    for x in D.AIR_NEAREST[at]:  # (nearest first)
        if dist[x] > mv:
            break
        if (owner[x] == me and D.IS_DISTRICT[x]) or (airport[x] and fee_ok):
            if h is None and (held[x] & notme or airport[x]):
                h = hostile(s, me)
            if not (held[x] & notme or airport[x]) or h[x] < 0:
                if dist[x] <= mv - 2:
                    return D.AIR[at]  # (near enough from every next space)
                near.append(x)
    reach = mv - 1
    out = []
    for t in D.AIR[at]:
        way = D.AIR_DIST[t]
        for x in near:
            if way[x] <= reach:
                out.append(t)
                break
    return out


def can_stop(s, me: int, v) -> bool:
    """Whether the vehicle may end its ride where it is, nobody standing there to be beaten
    (BF-6.6: a helicopter lands in its player's district or, for the fee, at an airport)."""
    at = v[AT]
    if v[KIND] == "helicopter":
        if D.IS_AIRPORT[at]:
            return s.money[me] >= D.MONEY["airport_fee"]
        return D.IS_DISTRICT[at] and s.owner[at] == me
    return True


_FLIGHTS = tuple(tuple(map(DRIVE.__getitem__, D.AIR[x])) for x in range(D.N))  # by space


def _twins(s, me: int, vid: int):
    """The other speedboats of mine docked where `vid` stands, free to ride with their full move
    and nobody aboard: as alike as two pieces can be, but for the water each is docked on."""
    units, full = s.units, D.MOVE["speedboat"]
    for uid in s.stack[s.units[vid][AT]]:
        u = units[uid]
        if (
            uid != vid
            and u[OWNER] == me
            and u[KIND] == "speedboat"
            and u[FLAG] != DONE
            and u[MOVES] == full
            and u[DOCKED] >= 0
            and uid not in s.riders
        ):
            yield uid, u


def boat_ways(s, me: int, vid: int) -> list[int]:
    """The water a docked speedboat may set off on (BF-6.5): only the water it is docked on
    (the shore chosen when it was bought, or the water it came in from). At the start of its
    ride, the water another of my free boats there is docked on serves too: that boat goes."""
    v = s.units[vid]
    if v[DOCKED] < 0:
        return list(D.SHORE[v[AT]])  # (no shore known: any of them)
    ways = [v[DOCKED]]
    if v[MOVES] == D.MOVE["speedboat"]:
        for _uid, u in _twins(s, me, vid):
            if u[DOCKED] not in ways:
                ways.append(u[DOCKED])
        ways.sort()
    return ways


def _set_off(s, me: int, vid: int, t: int) -> None:
    """A docked boat sets off on `t`: if it is docked elsewhere, it is its twin docked on `t`
    that goes, so the two swap their shores (nothing else tells them apart)."""
    v = s.units[vid]
    if v[DOCKED] == t or v[DOCKED] < 0:
        return
    for _uid, u in _twins(s, me, vid):
        if u[DOCKED] == t:
            u[DOCKED], v[DOCKED] = v[DOCKED], t
            return
    raise AssertionError("a docked speedboat leaves only by its own shore")


# Each kind of personnel as a bit, least important first; a set of kinds is then a number, and
# the actions boarding or dropping off one of each, by rank, one look-up.
_BIT = {kind: 1 << r for kind, r in D.RANK.items()}
_BOARDS, _DROPS = (
    tuple(tuple(made[k] for k in D.PERSONNEL if kinds & _BIT[k]) for kinds in range(1 << len(_BIT)))
    for made in (BOARD, DROP)
)


def legal_trip(s, me: int, step) -> list:
    """What the ride may do next: attack where it stands, take people aboard or drop them off,
    drive on (a drive action for each space it may go to), or end. (One function, not one for
    each: this is every move of a ride.)"""
    vid = step["v"]
    v = s.units[vid]
    at, mv, kind = v[AT], v[MOVES], v[KIND]
    riders = s.riders.get(vid, ())
    # `join`: the target of the combined attack this ride brings riders to (-1: none); such a
    # ride enters no other enemy-held space (BF-3.13)
    join = step["join"] if "join" in step else -1
    acts = []
    held, notme, airport = s.held, ~(1 << me), D.IS_AIRPORT
    h = None  # the hostile table, made when first needed (most rides meet nobody)
    enemy = -1
    if held[at] & notme or airport[at]:
        h = hostile(s, me)
        enemy = h[at]
    # Attack where it stands, or take people aboard and drop them off (on land).
    if enemy >= 0:
        if (
            riders
            and join < 0
            and (not needs_bribe(s, at, enemy) or s.money[me] >= D.MONEY["bribe"])
        ):
            acts.append(_ASSAULT)
    elif not D.IS_WATER[at]:
        if (
            step["mode"] != "drop"
            and len(riders) < D.CARRIES[kind]
            and s.heads[at * s.players + me]  # (I have personnel here)
        ):
            found = 0  # the kinds of my free personnel here, as a set of bits (_BIT)
            busy = committed(s) if join >= 0 else ()
            units, bit = s.units, _BIT
            for uid in s.stack[at]:
                u = units[uid]
                # (free first: a third of the pieces there are vehicles, and few are not mine)
                if (
                    u[FLAG] == FREE
                    and u[KIND] in bit
                    and u[OWNER] == me
                    and u[ABOARD] < 0
                    and u[MOVES] > 0
                    and uid not in busy
                ):
                    found |= bit[u[KIND]]
            if found:
                acts += _BOARDS[found]
        if riders and step["moved"] and step["mode"] != "pick":
            if len(riders) == 1:
                acts.append(DROP[s.units[riders[0]][KIND]])
            else:
                found, units, bit = 0, s.units, _BIT
                for r in riders:
                    found |= bit[units[r][KIND]]
                acts += _DROPS[found]
    # Where it may go next.
    if mv <= 0:
        options = ()
    elif kind == "helicopter":
        options = _flights(s, me, h, at, mv)
    elif kind == "limousine":
        options = D.LIMO[at]
    else:
        options = D.BOAT[at] if D.IS_WATER[at] else boat_ways(s, me, vid)
    if s.deliveries and any(s.units[r][KIND] in NOT_GIVEN for r in riders):
        closed = closed_to_family(s, me)  # no Boss or family into a delivery (BF-9.13)
        options = [t for t in options if t not in closed]
    if kind == "helicopter":  # (it flies over anybody: BF-6.6)
        if join >= 0:
            h = h if h is not None else hostile(s, me)
            for t in options:  # (riders on their way to an attack: as below)
                if not (held[t] & notme or airport[t]) or h[t] < 0 or (t == join and riders):
                    acts.append(DRIVE[t])
        elif options is D.AIR[at]:
            acts += _FLIGHTS[at]  # (every space around: nothing barred)
        else:
            acts += map(DRIVE.__getitem__, options)
        if enemy < 0 and can_stop(s, me, v):
            acts.append(_STOP)
    else:
        for t in options:
            if not (held[t] & notme or airport[t]):
                acts.append(DRIVE[t])  # nobody else's personnel there (the common case)
                continue
            if h is None:
                h = hostile(s, me)
            if h[t] >= 0:  # occupied
                if join >= 0 and not (t == join and riders):
                    continue  # riders on their way to an attack go nowhere else held (BF-3.13)
                if not riders and (mv == 1 or not D.IS_WATER[t] and kind == "speedboat"):
                    continue  # an empty vehicle may pass an enemy but not stop among them
                if enemy_precinct(s, t, me) and (not riders or s.money[me] < D.MONEY["bribe"]):
                    continue  # the precinct would stop it among the enemy, unable to fight
            acts.append(DRIVE[t])
        if enemy < 0:
            acts.append(_STOP)
    if not acts:
        acts.append(_STOP)  # nowhere left to go: the ride ends where it is
    return acts


# Who may stop a vehicle (BF-6.8): boats stop boats on water; limousines and helicopters stop
# limousines on land; helicopters stop helicopters.
_STOPPERS = {
    "limousine": ("limousine", "helicopter"),
    "speedboat": ("speedboat",),
    "helicopter": ("helicopter",),
}


def _blocker(s, me: int, v, t: int) -> int:
    """The enemy who may stop this vehicle in `t` (BF-6.8)."""
    if not s.parked[t] & ~(1 << me) or v[KIND] == "speedboat" and not D.IS_WATER[t]:
        return -1  # (no vehicle of anybody else there)
    stoppers = _STOPPERS[v[KIND]]
    ok = allies.friends(s, t, me) if s.invites or s.handovers or s.deliveries else (me,)
    units = s.units
    for uid in s.stack[t]:
        u = units[uid]
        if u[OWNER] not in ok and u[KIND] in stoppers and u[ABOARD] < 0:
            return u[OWNER]
    return -1


def end_ride(s, me: int, step) -> None:
    """The ride is over: people aboard step into the space (BF-6.3), except on a boat left
    afloat, where they may stay aboard (BF-6.5)."""
    vid = step["v"]
    v = s.units[vid]
    at = v[AT]
    if defender_at(s, at, me) >= 0:  # stranded among the enemy: vehicle and riders are lost
        lost = passengers(s, vid) + [vid]
        s.say(
            f"seat {me} loses {pieces_named([s.units[uid][KIND] for uid in lost])}, stranded "
            f"among the enemy in {D.NAMES[at]}"
        )
        for uid in lost:
            s.remove_unit(uid)
        s.todo.remove(step)
        return
    if D.IS_AIRPORT[at] and v[KIND] == "helicopter" and step["moved"]:
        fee = min(D.MONEY["airport_fee"], s.money[me])
        s.money[me] -= fee
        s.say(f"seat {me} pays ${fee} to land at {D.NAMES[at]}")
    riders = s.riders.get(vid, ())  # (a tuple: getting off makes the vehicle a new one)
    afloat = D.IS_WATER[at]
    if not afloat:
        for uid in riders:
            s.set_aboard(uid, -1)
            enter(s, me, uid, at)
    else:
        for uid in riders:
            s.units[uid][MOVES] = 0
        if riders:  # the riders step onto that water: empty boats there are theirs (BF-6.9)
            steal(s, me, at)
    v[MOVES], v[FLAG] = 0, DONE
    if v[KIND] == "speedboat" and not afloat and v[DOCKED] < 0:
        v[DOCKED] = D.SHORE[at][0]
    s.todo.remove(step)
    if riders and not afloat:
        offer_premium(s, me, at)


def _goes(me: int, kind: str, to: int, aboard: tuple) -> str:
    riders = f" with {pieces_named(aboard)} aboard" if aboard else ""
    return f"seat {me}'s {kind} goes to {D.NAMES[to]}{riders}"


def apply_trip(s, me: int, step, action) -> None:
    vid = step["v"]
    v = s.units[vid]
    kind = action.kind
    if kind == "drive":  # (the most frequent first)
        t = action.args[0]
        if v[KIND] == "speedboat":
            if not D.IS_WATER[v[AT]]:
                _set_off(s, me, vid, t)  # (before the move is spent: its twins have it whole)
            v[DOCKED] = v[AT] if D.IS_WATER[v[AT]] and not D.IS_WATER[t] else -1
        v[MOVES] -= 1
        riders = s.riders.get(vid, ())
        for uid in riders:
            s.move_unit(uid, t)
        s.move_unit(vid, t)
        step["moved"] = 1
        aboard = tuple([s.units[r][KIND] for r in riders]) if riders else ()
        s.log = (s.log, None, (_goes, me, v[KIND], t, aboard))  # (said, worded when read)
        if "join" in step and step["join"] == t:
            # it has brought its riders to the combined attack being assembled (BF-3.13)
            s.todo.pop()
            s.todo[-1]["rides"].append(vid)
            return
        blocker = _blocker(s, me, v, t) if s.parked[t] & ~(1 << me) else -1
        if blocker >= 0:
            s.todo.append({"k": "block", "seat": blocker, "t": t})
        elif v[KIND] != "helicopter" and s.building[t] and enemy_precinct(s, t, me):
            if defender_at(s, t, me) < 0:
                end_ride(s, me, step)  # the precinct stops it here for the turn (BF-7.3)
            else:
                v[MOVES] = 0  # stopped among the enemy: only an attack is left
    elif kind == "board":
        best, best_mv = -1, -1
        busy = committed(s) if "join" in step else ()
        units = s.units
        for uid in s.stack[v[AT]]:
            u = units[uid]
            if (
                uid not in busy
                and u[OWNER] == me
                and u[KIND] == action.args[0]
                and u[ABOARD] < 0
                and u[FLAG] == FREE
                and u[MOVES] > best_mv
            ):
                best, best_mv = uid, u[MOVES]
                if best_mv == D.MOVE[u[KIND]]:
                    break  # nobody has more moves than a full move
        u = s.units[best]
        s.set_aboard(best, vid)
        u[MOVES], u[FLAG] = u[MOVES] - 1, RODE
        if step["moved"]:
            step["mode"] = "pick"
    elif kind == "drop":
        riders = [r for r in passengers(s, vid) if s.units[r][KIND] == action.args[0]]
        uid = max(riders, key=lambda r: s.units[r][MOVES])
        s.set_aboard(uid, -1)
        step["mode"] = "drop"
        enter(s, me, uid, v[AT])
        offer_premium(s, me, v[AT])
    elif kind == "assault":
        # walkers next to the space may join the riders (a combined attack)
        s.todo.append({"k": "attack", "t": v[AT], "chosen": [], "rides": [], "ride": vid})
    elif kind == "stop":
        end_ride(s, me, step)
