"""Vehicles (BF-6): a ride is a series of short steps: take people aboard, go to a space,
drop people off, attack, end the ride. The battles rides lead to are in combined.py."""

from __future__ import annotations

from . import allies
from . import board as B
from .actions import act
from .battle import defender_at, hostile, needs_bribe
from .delivery import NOT_GIVEN, closed_to_family
from .movement import enemy_precinct, enter, offer_premium, steal
from .state import ABOARD, AT, DONE, EXTRA, FLAG, FREE, KIND, MV, OWN, RODE


def passengers(s, vid: int) -> list[int]:
    return [uid for uid, u in s.units.items() if u[ABOARD] == vid]


def committed(s) -> set[int]:
    """Walkers already added to an attack being assembled: no ride may take them away."""
    return {uid for st in s.todo if st["k"] == "attack" for uid in st["chosen"]}


def start_ride(s, me: int, vid: int) -> None:
    """People already aboard (a boat left afloat) pay their movement for this ride."""
    for uid in passengers(s, vid):
        u = s.units[uid]
        u[MV] = max(0, u[MV] - 1)
        u[FLAG] = RODE
    s.todo.append({"k": "trip", "v": vid, "mode": "", "moved": 0})


def landings(s, me: int, h: list[int]) -> list[int]:
    """Where a helicopter may set down: my districts and, for the fee, airports (BF-6.6)."""
    out = []
    fee_ok = s.money[me] >= B.MONEY["airport_fee"]
    for i in range(B.N):
        if (B.IS_DISTRICT[i] and s.owner[i] == me) or (B.IS_AIRPORT[i] and fee_ok):
            if h[i] < 0:
                out.append(i)
    return out


def can_stop(s, me: int, v) -> bool:
    at = v[AT]
    if defender_at(s, at, me) >= 0:
        return False
    if v[KIND] == "helicopter":
        if B.IS_AIRPORT[at]:
            return s.money[me] >= B.MONEY["airport_fee"]
        return B.IS_DISTRICT[at] and s.owner[at] == me
    return True


def _moves(s, me: int, vid: int, riders: list[int], h: list[int], join: int = -1) -> list[int]:
    """Where the vehicle may go next. `join`: the target of the combined attack this ride is
    bringing riders to; such a ride enters no other enemy-held space (BF-3.13)."""
    v = s.units[vid]
    at, mv, kind = v[AT], v[MV], v[KIND]
    if mv <= 0:
        return []
    if kind == "helicopter":
        land = landings(s, me, h)
        dist = B.AIR_DIST
        options = [t for t in B.AIR[at] if any(dist[t][x] <= mv - 1 for x in land)]
    else:
        options = B.LIMO[at] if kind == "limousine" else B.BOAT[at]
    if s.deliveries and any(s.units[r][KIND] in NOT_GIVEN for r in riders):
        closed = closed_to_family(s, me)  # no Boss or family into a delivery (BF-9.13)
        options = [t for t in options if t not in closed]
    if join >= 0:
        options = [t for t in options if h[t] < 0 or (t == join and riders)]
    if kind == "helicopter":
        return options
    out = []
    for t in options:
        held = h[t] >= 0
        if held and not riders and (mv == 1 or not B.IS_WATER[t] and kind == "speedboat"):
            continue  # an empty vehicle may pass an enemy but not stop among them
        if held and enemy_precinct(s, t, me):
            if not riders or s.money[me] < B.MONEY["bribe"]:
                continue  # the precinct would stop it among the enemy, unable to fight
        out.append(t)
    return out


def legal_trip(s, me: int, step) -> list:
    vid = step["v"]
    v = s.units[vid]
    at, kind = v[AT], v[KIND]
    riders = passengers(s, vid)
    acts = []
    h = hostile(s, me)
    enemy = h[at]
    if enemy >= 0:
        if (
            riders
            and "join" not in step
            and (not needs_bribe(s, at, enemy) or s.money[me] >= B.MONEY["bribe"])
        ):
            acts.append(act("assault", ()))
    elif not B.IS_WATER[at]:
        if step["mode"] != "drop" and len(riders) < B.CARRIES[kind]:
            kinds = []
            busy = committed(s) if "join" in step else ()
            for uid, u in s.units.items():
                if (
                    uid not in busy
                    and u[OWN] == me
                    and u[AT] == at
                    and u[KIND] in B.RANK
                    and u[ABOARD] < 0
                    and u[FLAG] == FREE
                    and u[MV] > 0
                    and u[KIND] not in kinds
                ):
                    kinds.append(u[KIND])
            acts += [act("board", (k,)) for k in sorted(kinds, key=B.RANK.get)]
        if step["moved"] and step["mode"] != "pick":
            kinds = sorted({s.units[r][KIND] for r in riders}, key=B.RANK.get)
            acts += [act("drop", (k,)) for k in kinds]
    acts += [act("drive", (t,)) for t in _moves(s, me, vid, riders, h, step.get("join", -1))]
    if enemy < 0 and can_stop(s, me, v):
        acts.append(act("stop", ()))
    if not acts:
        acts.append(act("stop", ()))  # nowhere left to go: the ride ends where it is
    return acts


def _blocker(s, me: int, v, t: int) -> int:
    """The enemy who may stop this vehicle in `t` (BF-6.8): boats stop boats on water;
    limousines and helicopters stop limousines on land; helicopters stop helicopters."""
    stoppers = {
        "limousine": ("limousine", "helicopter"),
        "speedboat": ("speedboat",),
        "helicopter": ("helicopter",),
    }[v[KIND]]
    if v[KIND] == "speedboat" and not B.IS_WATER[t]:
        return -1
    ok = allies.friends(s, t, me) if s.invites or s.handovers or s.deliveries else (me,)
    for u in s.units.values():
        if u[AT] == t and u[OWN] not in ok and u[KIND] in stoppers and u[ABOARD] < 0:
            return u[OWN]
    return -1


def end_ride(s, me: int, step) -> None:
    """The ride is over: people aboard step into the space (BF-6.3), except on a boat left
    afloat, where they may stay aboard (BF-6.5)."""
    vid = step["v"]
    v = s.units[vid]
    at = v[AT]
    if defender_at(s, at, me) >= 0:  # stranded among the enemy: vehicle and riders are lost
        for uid in passengers(s, vid) + [vid]:
            del s.units[uid]
        s.todo.remove(step)
        return
    if B.IS_AIRPORT[at] and v[KIND] == "helicopter" and step["moved"]:
        fee = min(B.MONEY["airport_fee"], s.money[me])
        s.money[me] -= fee
        s.say(f"seat {me} pays ${fee} to land at {B.NAMES[at]}")
    riders = passengers(s, vid)
    if not B.IS_WATER[at]:
        for uid in riders:
            s.units[uid][ABOARD] = -1
            enter(s, me, uid, at)
    else:
        aboard = passengers(s, vid)
        for uid in aboard:
            s.units[uid][MV] = 0
        if aboard:  # the riders step onto that water: empty boats there are theirs (BF-6.9)
            steal(s, me, at)
    v[MV], v[FLAG] = 0, DONE
    if v[KIND] == "speedboat" and not B.IS_WATER[at] and v[EXTRA] < 0:
        v[EXTRA] = B.SHORE[at][0]
    s.todo.remove(step)
    if riders and not B.IS_WATER[at]:
        offer_premium(s, me, at)


def apply_trip(s, me: int, action) -> None:
    step = s.todo[-1]
    vid = step["v"]
    v = s.units[vid]
    kind = action.kind
    if kind == "board":
        best, best_mv = -1, -1
        busy = committed(s) if "join" in step else ()
        for uid, u in s.units.items():
            if (
                uid not in busy
                and u[OWN] == me
                and u[AT] == v[AT]
                and u[KIND] == action.args[0]
                and u[ABOARD] < 0
                and u[FLAG] == FREE
                and u[MV] > best_mv
            ):
                best, best_mv = uid, u[MV]
        u = s.units[best]
        u[ABOARD], u[MV], u[FLAG] = vid, u[MV] - 1, RODE
        if step["moved"]:
            step["mode"] = "pick"
    elif kind == "drop":
        riders = [r for r in passengers(s, vid) if s.units[r][KIND] == action.args[0]]
        uid = max(riders, key=lambda r: s.units[r][MV])
        s.units[uid][ABOARD] = -1
        step["mode"] = "drop"
        enter(s, me, uid, v[AT])
        offer_premium(s, me, v[AT])
    elif kind == "drive":
        t = action.args[0]
        v[MV] -= 1
        if v[KIND] == "speedboat":
            v[EXTRA] = v[AT] if B.IS_WATER[v[AT]] and not B.IS_WATER[t] else -1
        v[AT] = t
        for uid in passengers(s, vid):
            s.units[uid][AT] = t
        step["moved"] = 1
        s.say(f"seat {me}'s {v[KIND]} goes to {B.NAMES[t]}")
        if step.get("join") == t:
            # it has brought its riders to the combined attack being assembled (BF-3.13)
            s.todo.pop()
            s.todo[-1]["rides"].append(vid)
            return
        blocker = _blocker(s, me, v, t)
        if blocker >= 0:
            s.todo.append({"k": "block", "seat": blocker, "t": t})
        elif v[KIND] != "helicopter" and enemy_precinct(s, t, me):
            if defender_at(s, t, me) < 0:
                end_ride(s, me, step)  # the precinct stops it here for the turn (BF-7.3)
            else:
                v[MV] = 0  # stopped among the enemy: only an attack is left
    elif kind == "assault":
        # walkers next to the space may join the riders (a combined attack)
        s.todo.append({"k": "attack", "t": v[AT], "chosen": [], "rides": [], "ride": vid})
    elif kind == "stop":
        end_ride(s, me, step)
