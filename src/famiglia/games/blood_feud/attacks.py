"""Attacks: assembling one from walkers and the vehicles brought in with their riders
(BF-3.1, BF-3.13), who then fight one battle as a single group; and the battles rides lead to,
blocked on the way or ended among the enemy (BF-6.7, BF-6.8)."""

from __future__ import annotations

from itertools import compress

from . import data as D
from . import selection
from .actions import ADD, BRING, act
from .battle import attack_groups, defender_at, fight, pick
from .movement import vehicle_free
from .state import ABOARD, AT, DOCKED, DONE, FLAG, FREE, KIND, MOVES, OWNER
from .vehicles import passengers, start_ride

_SPACES = range(D.N)


def legal_attack_step(s, me: int, step) -> list:
    """Assembling an attack: add walkers one by one, bring in vehicles with riders, confirm.
    Once riders are in the target space they are committed: no cancelling (BF-3.1, BF-3.13)."""
    chosen = step["chosen"]
    acts = list(map(ADD.__getitem__, attack_groups(s, me, step["t"], chosen)))
    acts += map(BRING.__getitem__, bring_groups(s, me, step))
    if chosen or step.get("rides") or "ride" in step:
        acts.append(_CONFIRM)
    if not step.get("rides") and "ride" not in step:
        acts.append(_CANCEL)
    return acts


_CONFIRM, _CANCEL = act("confirm", ()), act("cancel", ())


def apply_attack_step(s, me: int, step, action) -> None:
    kind = action.kind
    if kind == "add":
        step["chosen"].append(pick(s, me, *action.args, step["chosen"]))
    elif kind == "bring":
        bring(s, me, step, *action.args)
    elif kind == "cancel":
        s.todo.pop()
    else:  # confirm
        s.todo.pop()
        t = step["t"]
        defender = defender_at(s, t, me)
        joined = step.get("rides", [])
        if "ride" in step:
            battle_from_ride(s, me, s.todo[-1], defender, walkers=step["chosen"], joined=joined)
        elif joined:
            ride_battle(s, me, t, joined, step["chosen"], defender)
        else:
            fight(s, me, t, list(step["chosen"]), [], defender)


def bring_groups(s, me: int, step) -> list[tuple[str, int]]:
    """The (kind, space) of my vehicles that have not ridden this turn and have the target in
    range: each may be brought in to carry riders to the attack being assembled (BF-3.13).
    Range follows each vehicle's own ways: roads, water and shores, or the air."""
    t = step["t"]
    reach, full = D.REACH, D.MOVE
    free = selection.free_vehicles(s, me)  # (kept with the lists of the top of the phase)
    if free is not None:  # (in the order wanted: by space, then kind)
        out = []
        for kind, x in free:
            if (
                _docked_in_range(s, me, x, t)
                if kind == "speedboat" and not D.IS_WATER[x]
                else 0 < reach[kind][x][t] <= full[kind]
            ):
                out.append((kind, x))
        return out
    out = []
    units = s.units
    for x in compress(_SPACES, s.cars[me :: s.players]):  # the spaces holding my vehicles
        for uid in s.stack[x]:
            u = units[uid]
            kind = u[KIND]
            if u[OWNER] != me or kind not in reach or u[FLAG] == DONE or u[MOVES] != full[kind]:
                continue  # (not a vehicle of mine free to ride: movement.vehicle_free)
            d = _docked_reach(u, t) if kind == "speedboat" else reach[kind][x][t]
            if 0 < d <= u[MOVES] and (kind, x) not in out:
                out.append((kind, x))
    out.sort(key=lambda g: (g[1], g[0]))
    return out


def _docked_reach(u, t: int) -> int:
    """How far a speedboat must go to reach `t`: docked, it sets off on its shore (BF-6.5)."""
    at, shore = u[AT], u[DOCKED]
    if D.IS_WATER[at] or shore < 0:
        return D.REACH["speedboat"][at][t]
    d = D.REACH["speedboat"][shore][t]
    return d + 1 if d >= 0 else -1


def _docked_in_range(s, me: int, x: int, t: int) -> bool:
    """Whether one of my free speedboats docked at `x` has `t` within its move."""
    full = D.MOVE["speedboat"]
    for uid in s.stack[x]:
        u = s.units[uid]
        if u[KIND] == "speedboat" and vehicle_free(u, me) and 0 < _docked_reach(u, t) <= full:
            return True
    return False


def bring(s, me: int, step, kind: str, space: int) -> None:
    """Starts the ride of one more vehicle; reaching the target adds it to the attack."""
    best, best_mv = -1, -1
    for uid in s.stack[space]:
        u = s.units[uid]
        if u[KIND] == kind and vehicle_free(u, me) and u[MOVES] > best_mv:
            best, best_mv = uid, u[MOVES]
            break  # a free vehicle has its full move: nobody has more
    start_ride(s, me, best)
    s.todo[-1]["join"] = step["t"]


def battle_from_ride(s, me, step, defender, forced=False, walkers=(), joined=()) -> None:
    """The riders fight where the vehicle stands, with any `walkers` and the riders of the
    `joined` vehicles (already there) in one combined battle (BF-6.7, BF-3.13)."""
    s.todo.remove(step)
    ride_battle(s, me, s.units[step["v"]][AT], [step["v"], *joined], walkers, defender, forced)


def ride_battle(s, me, at, vids, walkers, defender, forced=False) -> None:
    """A battle at `at` fought by the riders of the vehicles `vids` and by `walkers`. Limousines
    and speedboats stay there (and are lost with a lost battle); a helicopter that wins flies
    on to its landing, its surviving riders first choosing to stay or get back aboard."""
    carried = {uid: vid for vid in vids for uid in passengers(s, vid)}
    riders = list(carried) + list(walkers)
    if not riders and not s.personnel_at(at, defender):
        for vid in vids:
            s.units[vid][MOVES], s.units[vid][FLAG] = 0, DONE  # nobody to fight: just stopped
        return
    helis = [vid for vid in vids if s.units[vid][KIND] == "helicopter"]
    moves = {vid: s.units[vid][MOVES] for vid in helis}
    depth = len(s.todo)
    before = (s.owner[at], s.since[at])
    outcome = fight(s, me, at, riders, [v for v in vids if v not in helis], defender, forced)
    won = outcome == "attacker" and s.alive[me]
    afloat = D.IS_WATER[at]
    if won and afloat:
        # nobody stands on water: the riders stay aboard what brought them
        for uid, vid in carried.items():
            if uid in s.units and vid in s.units:
                s.set_aboard(uid, vid)
    then = []
    for vid in helis:
        if vid not in s.units:
            continue
        if not won:
            s.remove_unit(vid)
            continue
        # it flies on after the battle's decisions (BF-6.7)
        s.units[vid][MOVES], s.units[vid][FLAG] = moves[vid], FREE
        then.append({"k": "trip", "v": vid, "mode": "drop", "moved": 1})
        back = [uid for uid, c in carried.items() if c == vid and uid in s.units]
        if back and not afloat:
            then.append(
                {"k": "reboard", "v": vid, "left": back, "owner": before[0], "since": before[1]}
            )
    s.todo[depth:depth] = then


def legal_reboard(s, me: int, step) -> list:
    kinds = sorted({s.units[uid][KIND] for uid in step["left"]}, key=D.RANK.get)
    return [act("reboard", (k,)) for k in kinds] + [act("stay", ())]


def apply_reboard(s, me: int, step, action) -> None:
    """A rider gets back into the helicopter; if nobody of the family stays in the space,
    it stays with whoever held it before the battle (BF-6.7)."""
    if action.kind == "stay":
        s.todo.pop()
        return
    uid = next(u for u in step["left"] if s.units[u][KIND] == action.args[0])
    step["left"].remove(uid)
    u = s.units[uid]
    s.set_aboard(uid, step["v"])
    at = u[AT]
    units = s.units
    if not any(
        units[x][OWNER] == me and units[x][KIND] in D.RANK and units[x][ABOARD] < 0
        for x in s.stack[at]
    ):
        if D.IS_DISTRICT[at] and s.owner[at] == me:
            held = step["owner"]
            if held >= 0 and not s.alive[held]:
                held = -1  # its holder was assassinated in the battle: it is neutral (BF-8.5)
            s.set_owner(at, held)
            s.since[at] = step["since"]
    if not step["left"]:
        s.todo.pop()


def legal_block(s, seat: int, step) -> list:
    return [act("fight", ()), act("let-pass", ())]


def apply_block(s, seat: int, step, action) -> None:
    """The blocker lets the vehicle pass or fights its riders (BF-6.8)."""
    s.todo.pop()
    trip = s.todo[-1]
    me = s.turn
    if action.kind == "let-pass":
        s.say(f"seat {seat} lets it pass")
        return
    s.say(f"seat {seat} stops it in {D.NAMES[step['t']]} and fights")
    battle_from_ride(s, me, trip, seat, forced=True)
