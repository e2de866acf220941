"""The top of the battle and movement phases: the pieces that may be selected, the spaces that
may be attacked (BF-3.1) and the guests that may be turned on (BF-9.9).

Working these out looks at every piece of the player, and they are asked for after nearly every
move. Yet most moves of a turn cannot change them (backing out of a choice, assembling an attack,
opening negotiations), and the most common one changes them in two places only: a piece walking
one step. So they are kept with the legal-move cache (`s._legal["top"]`) and carried across such
moves (`carry`, called by BloodFeudState.apply), instead of being worked out again.
"""

from __future__ import annotations

from bisect import bisect_left

from . import allies, battle
from . import board as B
from .actions import ATTACK, KIND_CODE, SELECT, act
from .movement import KIND_INFO, select_codes
from .state import ABOARD, AT, DONE, FLAG, KIND, MV, OWN

_KINDS = len(KIND_CODE)
_KIND_OF = {code: kind for kind, code in KIND_CODE.items()}
_END_BATTLE, _END_MOVE = act("end-battle", ()), act("end-move", ())


def actions(s, seat: int) -> list:
    """The legal actions of the battle or movement phase with no decision under way."""
    top = s._legal.get("top")
    if top is None or top["seat"] != seat:
        top = s._legal["top"] = _work_out(s, seat)
    elif top["dirty"]:
        _refresh(s, top)
    made = top["list"]
    if made is None or made[0] != s.phase:
        made = top["list"] = (s.phase, _make_list(s, top))
    return list(made[1])


def _make_list(s, top: dict) -> list:
    if top["selects"] is None:
        top["selects"] = [SELECT[k] for k in top["keys"]]
    if s.phase == "battle":
        if top["attacks"] is None:
            targets = set()
            for near in top["reach"].values():
                targets.update(near)
            top["attacks"] = [ATTACK[t] for t in sorted(targets)]
        acts = top["attacks"] + top["selects"]
        acts.append(_END_BATTLE)
    else:
        acts = top["selects"] + [_END_MOVE]
    if top["turn_on"]:
        acts += [act("turn-on", (i,)) for i in top["turn_on"]]
    return acts


def _work_out(s, seat: int) -> dict:
    h = battle.hostile(s, seat)
    sources: set = set()
    keys = select_codes(s, seat, h, sources)
    reach = {}
    if s.phase == "battle":
        rich = s.money[seat] >= B.MONEY["bribe"]
        reach = {src: battle.targets_from(s, seat, h, src, rich) for src in sources}
    turn_on = allies.turn_on_targets(s, seat) if s.invites else []
    return {
        "seat": seat,
        "keys": keys,  # codes of the select actions (actions.SELECT), in order
        "reach": reach,  # battle: space of free personnel -> the targets next to it
        "turn_on": turn_on,
        "selects": None,  # the actions, made from those when first asked for
        "attacks": None,
        "list": None,  # (phase, the whole list) made from those
        "dirty": set(),  # spaces where the player's pieces changed during a ride: see _refresh
        "ride": -1,  # the vehicle of that ride
        "money": s.money[seat],
        "handovers": len(s.handovers),
    }


# Moves after which the lists are unchanged: they change no piece, no purse, no district and no
# agreement (they open or close a step of a decision, or say no).
_SAME = frozenset(
    ("back", "attack", "add", "cancel", "end-battle", "negotiate", "refuse", "let-pass")
    + ("invite", "withdraw", "hand-over", "reclaim", "deliver", "deal", "offer", "ask")
)


def carry(s, top: dict, action):
    """The lists after `action`, given `top`, the lists before it; None to work them out anew.
    (`top` belonged to the legal-move cache the move emptied: it is changed in place.)"""
    kind = action.kind
    if kind in _SAME:
        return top
    if kind == "select":
        if action.args[0] not in B.RANK:  # a ride begins
            top["ride"] = s.todo[-1]["v"]
            top["dirty"].add(action.args[1])
        return top
    if kind == "step":
        return _after_step(s, top, *s._walked) if s._walked is not None else None
    if kind in _RIDE and top["ride"] >= 0:
        return _during_ride(s, top, kind, action)
    return None


_RIDE = frozenset(("board", "drive", "drop", "stop"))


def _during_ride(s, top: dict, kind: str, action):
    """A ride changes the player's pieces only in the spaces its vehicle goes through (looked
    at again once back at the top) unless it costs him money (an airport's fee), or riders take
    over a district under an agreement (the agreement may lapse)."""
    if s.money[top["seat"]] != top["money"] or len(s.handovers) != top["handovers"]:
        return None
    if kind == "board":
        return top
    if kind == "drive":
        space = action.args[0]
        top["dirty"].add(space)
        if any(st.get("v") == top["ride"] for st in s.todo):
            return top  # the ride goes on: nobody got off
    else:
        vehicle = s.units.get(top["ride"])
        if vehicle is None:
            return top  # lost among the enemy, with its riders, where it stood
        space = vehicle[AT]
    if (s.invites or s.handovers or s.deliveries) and allies.named(s, space):
        return None  # riders may have taken it over
    return top


def _after_step(s, top: dict, uid: int, start: int, end: int) -> dict:
    """A piece walked from `start` to `end` and nothing else changed for its player: only his
    groups of pieces in those two spaces are looked at again. (`top` belonged to the legal-move
    cache the move emptied: it is changed in place.)"""
    me, keys, reach, selects = top["seat"], top["keys"], top["reach"], top["selects"]
    u = s.units[uid]
    kind = u[KIND]
    code = KIND_CODE[kind]
    gone, new = start * _KINDS + code, end * _KINDS + code
    h = None
    kind_left = _free_of_kind(s, me, start, kind)
    if not kind_left and gone in keys:
        i = keys.index(gone)
        del keys[i]
        if selects is not None:
            del selects[i]
        top["list"] = None
    if u[ABOARD] < 0 and u[FLAG] != DONE and u[MV] > 0:
        kind_here = any_here = True  # he may walk on
    else:
        kind_here, any_here = _free_of_kind(s, me, end, kind), None
    if kind_here and new not in keys:
        h = battle.hostile(s, me)
        if not _hemmed(s, me, h, end):
            i = bisect_left(keys, new)
            keys.insert(i, new)
            if selects is not None:
                selects.insert(i, SELECT[new])
            top["list"] = None
    if s.phase == "battle":
        if start in reach and not kind_left and not _free(s, me, start)[1]:
            del reach[start]
            top["attacks"] = top["list"] = None
        if any_here is None and end not in reach:
            any_here = kind_here or _free(s, me, end)[1]
        if any_here and end not in reach:
            rich = s.money[me] >= B.MONEY["bribe"]
            reach[end] = battle.targets_from(s, me, h or battle.hostile(s, me), end, rich)
            top["attacks"] = top["list"] = None
    return top


def _free_of_kind(s, me: int, space: int, kind: str) -> bool:
    """Whether a piece of personnel of that kind of `me` in `space` may walk or attack."""
    units = s.units
    for uid in s.stack[space]:
        u = units[uid]
        if u[KIND] == kind and u[OWN] == me and u[ABOARD] < 0 and u[FLAG] != DONE and u[MV] > 0:
            return True
    return False


def _free(s, me: int, space: int, kind: str = "") -> tuple[bool, bool]:
    """Whether a piece of personnel of `me` in `space` may walk or attack: (one of that kind,
    one of any kind)."""
    units = s.units
    found = False
    for uid in s.stack[space]:
        u = units[uid]
        if u[OWN] == me and u[ABOARD] < 0 and u[FLAG] != DONE and u[MV] > 0 and u[KIND] in B.RANK:
            if u[KIND] == kind:
                return True, True
            found = True
    return False, found


def _refresh(s, top: dict) -> None:
    """Looks again at all the player's groups of pieces in the spaces a ride went through."""
    me, keys, reach = top["seat"], top["keys"], top["reach"]
    units, info = s.units, KIND_INFO
    h = None
    for x in top["dirty"]:
        codes = []
        walkers = False
        for uid in s.stack[x]:
            u = units[uid]
            if u[OWN] != me or u[FLAG] == DONE:
                continue
            code, full, walks = info[u[KIND]]
            if walks:
                if u[ABOARD] < 0 and u[MV] > 0:
                    codes.append(code)
                    walkers = True
            elif u[MV] == full:
                codes.append(code)
        if walkers:
            h = h or battle.hostile(s, me)
            if _hemmed(s, me, h, x):
                codes = [c for c in codes if not info[_KIND_OF[c]][2]]  # vehicles only
        low = x * _KINDS
        i = bisect_left(keys, low)
        j = bisect_left(keys, low + _KINDS, i)
        new = sorted({low + c for c in codes})
        if keys[i:j] != new:
            keys[i:j] = new
            top["selects"] = top["list"] = None
        if s.phase == "battle":
            if walkers and x not in reach:
                h = h or battle.hostile(s, me)
                reach[x] = battle.targets_from(s, me, h, x, s.money[me] >= B.MONEY["bribe"])
                top["attacks"] = top["list"] = None
            elif not walkers and x in reach:
                del reach[x]
                top["attacks"] = top["list"] = None
    top["dirty"] = set()


def _hemmed(s, me: int, h, space: int) -> bool:
    held, notme, airport = s.held, ~(1 << me), B.IS_AIRPORT
    for t in B.LAND[space]:
        if not (held[t] & notme or airport[t]) or h[t] < 0:
            return False
    return True
