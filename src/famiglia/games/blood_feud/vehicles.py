"""Vehicles (BF-6): a ride is a series of short steps: take people aboard, go to a space,
drop people off, attack, end the ride. Blockers are asked whether they fight (BF-6.8)."""

from __future__ import annotations

from . import allies
from . import board as B
from .actions import act
from .battle import defender_at, fight, hostile, needs_bribe
from .movement import enemy_precinct, enter
from .state import ABOARD, AT, DONE, EXTRA, FLAG, FREE, KIND, MV, OWN, RODE


def passengers(s, vid: int) -> list[int]:
    return [uid for uid, u in s.units.items() if u[ABOARD] == vid]


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


def _moves(s, me: int, v, riders: int, h: list[int]) -> list[int]:
    at, mv, kind = v[AT], v[MV], v[KIND]
    if mv <= 0:
        return []
    if kind == "limousine":
        options = B.LIMO[at]
    elif kind == "speedboat":
        options = B.WATER[at] + B.SHORE[at] if B.IS_WATER[at] else B.SHORE[at]
    else:
        land = landings(s, me, h)
        dist = B.AIR_DIST
        return [t for t in B.AIR[at] if any(dist[t][x] <= mv - 1 for x in land)]
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
        if riders and (not needs_bribe(s, at, enemy) or s.money[me] >= B.MONEY["bribe"]):
            acts.append(act("assault", ()))
    elif not B.IS_WATER[at]:
        if step["mode"] != "drop" and len(riders) < B.CARRIES[kind]:
            kinds = []
            for u in s.units.values():
                if (
                    u[OWN] == me
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
    acts += [act("drive", (t,)) for t in _moves(s, me, v, len(riders), h)]
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
    ok = allies.friends(s, t, me) if s.invites or s.handovers else (me,)
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
    if not B.IS_WATER[at]:
        for uid in passengers(s, vid):
            s.units[uid][ABOARD] = -1
            enter(s, me, uid, at)
    else:
        for uid in passengers(s, vid):
            s.units[uid][MV] = 0
    v[MV], v[FLAG] = 0, DONE
    if v[KIND] == "speedboat" and not B.IS_WATER[at] and v[EXTRA] < 0:
        v[EXTRA] = B.SHORE[at][0]
    s.todo.remove(step)


def battle_from_ride(s, me, step, defender, forced=False, walkers=()) -> None:
    """The riders fight where the vehicle stands, with any `walkers` joining them in one
    combined battle (BF-6.7)."""
    vid = step["v"]
    v = s.units[vid]
    riders = passengers(s, vid) + list(walkers)
    at = v[AT]
    flying = v[KIND] == "helicopter"
    s.todo.remove(step)
    if not riders and not s.personnel_at(at, defender):
        v[MV], v[FLAG] = 0, DONE  # nobody to fight: the vehicle is simply stopped
        return
    mv = v[MV]
    depth = len(s.todo)
    aboard = passengers(s, vid) if flying else []
    before = (s.owner[at], s.since[at])
    outcome = fight(s, me, at, riders, [] if flying else [vid], defender, forced)
    if flying and vid in s.units:
        if outcome == "attacker" and s.alive[me]:
            # the helicopter flies on to its landing, after the battle's decisions (BF-6.7);
            # first its surviving riders may get back aboard instead of staying
            v[MV], v[FLAG] = mv, FREE
            s.todo.insert(depth, {"k": "trip", "v": vid, "mode": "drop", "moved": 1})
            back = [uid for uid in aboard if uid in s.units]
            if back:
                s.todo.insert(
                    depth + 1,
                    {
                        "k": "reboard",
                        "v": vid,
                        "left": back,
                        "owner": before[0],
                        "since": before[1],
                    },
                )
        else:
            del s.units[vid]


def legal_reboard(s, me: int, step) -> list:
    kinds = sorted({s.units[uid][KIND] for uid in step["left"]}, key=B.RANK.get)
    return [act("reboard", (k,)) for k in kinds] + [act("stay", ())]


def apply_reboard(s, me: int, action) -> None:
    """A rider gets back into the helicopter; if nobody of the family stays in the space,
    it stays with whoever held it before the battle (BF-6.7)."""
    step = s.todo[-1]
    if action.kind == "stay":
        s.todo.pop()
        return
    uid = next(u for u in step["left"] if s.units[u][KIND] == action.args[0])
    step["left"].remove(uid)
    u = s.units[uid]
    u[ABOARD] = step["v"]
    at = u[AT]
    if not any(
        x[OWN] == me and x[AT] == at and x[KIND] in B.RANK and x[ABOARD] < 0
        for x in s.units.values()
    ):
        if B.IS_DISTRICT[at] and s.owner[at] == me:
            s.owner[at], s.since[at] = step["owner"], step["since"]
    if not step["left"]:
        s.todo.pop()


def apply_trip(s, me: int, action) -> None:
    step = s.todo[-1]
    vid = step["v"]
    v = s.units[vid]
    kind = action.kind
    if kind == "board":
        best, best_mv = -1, -1
        for uid, u in s.units.items():
            if (
                u[OWN] == me
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
        s.todo.append({"k": "attack", "t": v[AT], "chosen": [], "ride": vid})
    elif kind == "stop":
        end_ride(s, me, step)


def legal_block(s, seat: int, step) -> list:
    return [act("fight", ()), act("let-pass", ())]


def apply_block(s, seat: int, action) -> None:
    step = s.todo.pop()
    trip = s.todo[-1]
    me = s.turn
    if action.kind == "let-pass":
        s.say(f"seat {seat} lets it pass")
        return
    s.say(f"seat {seat} stops it in {B.NAMES[step['t']]} and fights")
    battle_from_ride(s, me, trip, seat, forced=True)
