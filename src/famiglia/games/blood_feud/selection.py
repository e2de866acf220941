"""What a player may select at the top of the battle and movement phases, with no decision
under way: the groups of his pieces free to move, the spaces he may attack (BF-3.1) and the
guests he may turn on (BF-9.9).

Working these out looks at every piece of the player, and they are asked for after nearly every
move. Yet most moves of a turn cannot change them (backing out of a choice, assembling an attack,
opening negotiations), and the most common one changes them in two places only: a piece walking
one step. So they are kept beside the legal-move cache (`s._top`) and carried across such
moves (`carry`, called by phases.apply after every move), instead of being worked out again.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import compress

from . import allies, battle, negotiation
from . import data as D
from .actions import ATTACK, KIND_CODE, SELECT, TURN_ON, act
from .movement import KIND_INFO
from .state import ABOARD, AT, DONE, FLAG, KIND, MOVES, OWNER

_KINDS = len(KIND_CODE)
_KIND_OF = {code: kind for kind, code in KIND_CODE.items()}
_WALKS = [KIND_INFO[_KIND_OF[code]][2] for code in range(_KINDS)]  # code -> personnel?
_CODES = D.N * _KINDS  # every (space, kind) group: code = space * _KINDS + kind's code
_NOBODY = [0] * _KINDS  # a space's counts, emptied
_END_BATTLE, _END_MOVE, _NEGOTIATE = (
    act("end-battle", ()),
    act("end-move", ()),
    act("negotiate", ()),
)


def actions(s, seat: int) -> list:
    """The legal actions of the battle or movement phase with no decision under way (BF-2.2,
    BF-2.3): attack, set a piece moving, end the phase, turn on guests, and open negotiations
    once per phase of a turn (BF-9.5). The list is kept with the lists it is made from, and
    the legal-move cache holds the same one: it is changed only after a move (_after_step),
    once the core has emptied that cache, and the core hands out copies of it."""
    top = s._top
    if top is None or top["seat"] != seat:
        top = s._top = _work_out(s, seat)
    elif top["dirty"]:
        _refresh(s, top)
    phase, talked = s.phase, s.talked  # [turn_no, phase] of the last opening of negotiations
    may_talk = talked[0] != s.turn_no or talked[1] != phase
    made = top["list"]
    if made is None or made[0] != phase or made[1] != may_talk:
        made = top["list"] = (phase, may_talk, _make_list(s, top, may_talk))
    return made[2]


def free_vehicles(s, seat: int) -> list[tuple[str, int]] | None:
    """The (kind, space) groups of the seat's vehicles free to ride, from the kept lists, by
    space then kind (the order of the select actions); None when none are kept for him.
    Asked while an attack is being assembled, with no ride under way: the spaces a ride
    went through (to the attack) are looked at again now, as the top of the phase would."""
    top = s._top
    if top is None or top["seat"] != seat:
        return None
    if top["dirty"]:
        _refresh(s, top)
    return [(_KIND_OF[c % _KINDS], c // _KINDS) for c in top["keys"] if not _WALKS[c % _KINDS]]


def _make_list(s, top: dict, may_talk: bool) -> list:
    if top["selects"] is None:
        top["selects"] = list(map(SELECT.__getitem__, top["keys"]))
    if s.phase == "battle":
        if top["attacks"] is None:
            targets = set().union(*top["reach"].values())
            top["attacks"] = list(map(ATTACK.__getitem__, sorted(targets)))
        acts = top["attacks"] + top["selects"]
        acts.append(_END_BATTLE)
    else:
        acts = top["selects"] + [_END_MOVE]
    if top["turn_on"]:
        acts += map(TURN_ON.__getitem__, top["turn_on"])
    if may_talk:
        acts.append(_NEGOTIATE)
    return acts


def _work_out(s, seat: int) -> dict:
    h = battle.hostile(s, seat)
    counts = [0] * _CODES
    walkers = [0] * D.N
    found = []  # the codes of the groups with a free piece, as found
    places = []  # the spaces of free personnel, as found
    info = KIND_INFO
    for u in map(s.units.__getitem__, s.mine[seat]):
        if u[FLAG] == DONE:
            continue
        code, full, walks = info[u[KIND]]
        at = u[AT]
        if walks:
            if u[ABOARD] >= 0 or u[MOVES] <= 0:
                continue
            if not walkers[at]:
                places.append(at)
            walkers[at] += 1
        elif u[MOVES] != full:
            continue  # a vehicle moves in one ride, from its full move
        key = at * _KINDS + code
        if not counts[key]:
            found.append(key)
        counts[key] += 1
    hemmed = set()  # spaces of free personnel hemmed in there: only an attack moves them
    reach = {}
    if s.phase == "battle":
        rich = s.money[seat] >= D.MONEY["bribe"]
        for at in places:
            stuck, reach[at] = _around(s, seat, h, at, rich)
            if stuck:
                hemmed.add(at)
    else:
        for at in places:
            if _hemmed(s, seat, h, at):
                hemmed.add(at)
    keys = found  # the codes of the select actions: the groups, but personnel hemmed in
    if hemmed:
        keys = [key for key in found if not (_WALKS[key % _KINDS] and key // _KINDS in hemmed)]
    keys.sort()
    turn_on = negotiation.turn_on_targets(s, seat) if s.invites else []
    return {
        "seat": seat,
        "hostile": h,  # whom he must fight where (battle.hostile), filled in as asked
        "keys": keys,  # codes of the select actions (actions.SELECT), in order
        "counts": counts,  # code -> free pieces in that group, hemmed in or not
        "walkers": walkers,  # space -> free personnel there
        "reach": reach,  # battle: space of free personnel -> the targets next to it
        "turn_on": turn_on,
        "selects": None,  # the actions, made from those when first asked for
        "attacks": None,
        "list": None,  # (phase, may_talk, the whole list) made from those
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
    (`top` is changed in place.)"""
    kind = action.kind
    # (the most frequent moves first: select, step, the moves of a ride)
    if kind == "select" or kind == "bring":
        if action.args[0] not in D.RANK:  # a ride begins (to an attack being assembled: bring)
            top["ride"] = s.todo[-1]["v"]
            top["dirty"].add(action.args[1])
        return top
    if kind == "step":
        return _after_step(s, top, *s._walked) if s._walked is not None else None
    if kind in _RIDE:
        return _during_ride(s, top, kind, action) if top["ride"] >= 0 else None
    if kind in _SAME:
        return top
    if kind == "gift":
        return _after_gift(s, top)
    if kind in _ARRANGED:
        return _after_agreement(s, top, action.args[0])
    return None


# The moves that make or end an invitation, a handover or a delivery (negotiation.apply_arrange).
_ARRANGED = frozenset(("into", "uninvite", "leave", "take-back", "deliver-into"))


def _after_agreement(s, top: dict, space: int):
    """An agreement about `space` was made or ended: it decides whom the player must fight
    there (allies.hostile_in), which matters only where somebody else's personnel stand; and
    the guests he may turn on."""
    me = top["seat"]
    if s.held[space] & ~(1 << me):
        return None
    top["turn_on"] = negotiation.turn_on_targets(s, me) if s.invites else []
    top["handovers"] = len(s.handovers)
    top["hostile"] = battle.Hostile(s, me)  # (the spaces named in his agreements changed)
    top["list"] = None
    return top


def _after_gift(s, top: dict):
    """A gift changes only the giver's purse: the lists hold unless it changed whether he can
    pay a precinct's bribe (the attacks he may make)."""
    money, bribe = s.money[top["seat"]], D.MONEY["bribe"]
    if (money >= bribe) != (top["money"] >= bribe):
        return None
    top["money"] = money
    return top


_RIDE = frozenset(("board", "drive", "drop", "stop"))


def _during_ride(s, top: dict, kind: str, action):
    """A ride changes the player's pieces only where it starts, takes people aboard, drops
    them off and ends (looked at again once back at the top: the vehicle and its riders are
    nobody free to move in the spaces it goes through), unless it costs him money (an
    airport's fee), or riders take over a district under an agreement (it may lapse)."""
    if s.money[top["seat"]] != top["money"] or len(s.handovers) != top["handovers"]:
        return None
    if kind == "drive":
        space = action.args[0]
        todo, ride = s.todo, top["ride"]
        if todo and (todo[-1].get("v") == ride or any(st.get("v") == ride for st in todo)):
            return top  # the ride goes on: nobody got off
        top["dirty"].add(space)  # (it ended there)
    else:
        vehicle = s.units.get(top["ride"])
        if vehicle is None:
            return top  # lost among the enemy, with its riders, where it stood
        space = vehicle[AT]
        top["dirty"].add(space)
        if kind == "board":
            return top
    if s.owner[space] == top["seat"] and s.since[space] == s.turn_no:
        # Riders may have taken it over now (or it was taken earlier this turn): under an
        # agreement about it, that may end the agreement, and whom he must fight there.
        if (s.invites or s.handovers or s.deliveries) and allies.named(s, space):
            return None
    return top


def _after_step(s, top: dict, uid: int, start: int, end: int) -> dict:
    """A piece walked from `start` to `end` and nothing else changed for its player: his
    groups' counts of free pieces tell what changed. (`top` is changed in place.)"""
    me, keys, reach, selects = top["seat"], top["keys"], top["reach"], top["selects"]
    counts, walkers = top["counts"], top["walkers"]
    battle_phase = s.phase == "battle"
    u = s.units[uid]
    code = KIND_CODE[u[KIND]]
    gone, new = start * _KINDS + code, end * _KINDS + code
    made = top["list"]
    # The whole list, when made for this phase, is changed in place with the select actions:
    # they follow the attacks in the battle phase, and come first in the movement phase.
    if made is not None and made[0] != s.phase:
        made = top["list"] = None
    counts[gone] -= 1  # (he was free there: he was selected)
    if not counts[gone] and gone in keys:
        i = keys.index(gone)
        del keys[i]
        if selects is not None:
            del selects[i]
        if made is not None:
            del made[2][len(top["attacks"]) + i if battle_phase else i]
    walkers[start] -= 1
    if not walkers[start] and battle_phase and start in reach:
        if reach.pop(start):  # (no targets from there: the attacks stay the same)
            top["attacks"] = top["list"] = None
    if u[ABOARD] < 0 and u[FLAG] != DONE and u[MOVES] > 0:  # he may walk on
        counts[new] += 1
        if counts[new] == 1:  # a new group: selected unless hemmed in
            if not _hemmed(s, me, top["hostile"], end):
                i = bisect_left(keys, new)
                keys.insert(i, new)
                if selects is not None:
                    selects.insert(i, SELECT[new])
                made = top["list"]
                if made is not None:
                    made[2].insert(len(top["attacks"]) + i if battle_phase else i, SELECT[new])
        walkers[end] += 1
        if walkers[end] == 1 and battle_phase:
            rich = s.money[me] >= D.MONEY["bribe"]
            near = reach[end] = battle.targets_from(s, me, top["hostile"], end, rich)
            if near:
                top["attacks"] = top["list"] = None
    return top


def _refresh(s, top: dict) -> None:
    """Looks again at all the player's groups of pieces in the spaces a ride went through."""
    me, keys, reach, counts, walkers, selects = (
        top["seat"], top["keys"], top["reach"], top["counts"], top["walkers"], top["selects"]
    )  # fmt: skip
    units, info, h = s.units, KIND_INFO, top["hostile"]
    for x in top["dirty"]:
        low = x * _KINDS
        counts[low : low + _KINDS] = _NOBODY
        free = 0  # personnel free to move in x
        for uid in s.stack[x]:
            u = units[uid]
            if u[OWNER] != me or u[FLAG] == DONE:
                continue
            code, full, walks = info[u[KIND]]
            if walks:
                if u[ABOARD] < 0 and u[MOVES] > 0:
                    counts[low + code] += 1
                    free += 1
            elif u[MOVES] == full:
                counts[low + code] += 1
        walkers[x] = free
        codes = list(compress(range(low, low + _KINDS), counts[low : low + _KINDS]))
        if free and _hemmed(s, me, h, x):
            codes = [c for c in codes if not _WALKS[c - low]]  # vehicles only
        i = bisect_left(keys, low)
        j = bisect_left(keys, low + _KINDS, i)
        if keys[i:j] != codes:
            keys[i:j] = codes
            if selects is not None:
                selects[i:j] = map(SELECT.__getitem__, codes)
            top["list"] = None
        if s.phase == "battle":
            if free and x not in reach:
                near = reach[x] = battle.targets_from(s, me, h, x, s.money[me] >= D.MONEY["bribe"])
                if near:
                    top["attacks"] = top["list"] = None
            elif not free and x in reach:
                if reach.pop(x):
                    top["attacks"] = top["list"] = None
    top["dirty"] = set()


def _around(s, me: int, h, space: int, rich: bool) -> tuple[bool, tuple[int, ...]]:
    """What the battle phase asks of a space of free personnel, in one look at the spaces next
    to it: whether they are hemmed in there (_hemmed), and the attack targets next to it
    (battle.targets_from; `rich`: he can pay a precinct's bribe)."""
    held, notme, airport = s.held, ~(1 << me), D.IS_AIRPORT
    stuck = True
    out = ()
    for t in D.LAND[space]:
        if not (held[t] & notme or airport[t]):
            stuck = False  # nobody else's personnel there
            continue
        d = h[t]
        if d < 0:
            stuck = False
        elif rich or not battle.needs_bribe(s, t, d):
            out += (t,)
    return stuck, out


def _hemmed(s, me: int, h, space: int) -> bool:
    held, notme, airport = s.held, ~(1 << me), D.IS_AIRPORT
    for t in D.LAND[space]:
        if not (held[t] & notme or airport[t]) or h[t] < 0:
            return False
    return True
