"""What a player may select at the top of the battle and movement phases, with no decision
under way: the groups of his pieces free to move, the spaces he may attack (BF-3.1) and the
guests he may turn on (BF-9.9).

Working these out looks at every piece of the player, and they are asked for after nearly every
move. Yet most moves of a turn cannot change them (backing out of a choice, assembling an attack,
opening negotiations), and the most common ones change them in a few groups only: a piece walking
one step, a ride taking people aboard, ending, dropping them off. So they are kept beside the
legal-move cache (`s._top`) and carried across such moves (`carry`, called by phases.apply after
every move), instead of being worked out again.
"""

from __future__ import annotations

from bisect import bisect_left

from . import allies, battle, negotiation
from . import data as D
from .actions import ATTACK, KIND_CODE, SELECT, TURN_ON, act
from .movement import KIND_INFO
from .state import ABOARD, AT, DONE, FLAG, FREE, KIND, MOVES, OTHERS

_KINDS = len(KIND_CODE)
_KIND_OF = {code: kind for kind, code in KIND_CODE.items()}
_WALKS = [KIND_INFO[_KIND_OF[code]][2] for code in range(_KINDS)]  # code -> personnel?
_CODES = D.N * _KINDS  # every (space, kind) group: code = space * _KINDS + kind's code
# [space][kind's code] -> the group's code: read, not worked out (most codes are ints above 256,
# which arithmetic makes anew each time)
_GROUP = tuple(tuple(at * _KINDS + c for c in range(_KINDS)) for at in range(D.N))
_SPACE = tuple(c // _KINDS for c in range(_CODES))  # code -> the group's space
_ON_FOOT = tuple(_WALKS[c % _KINDS] for c in range(_CODES))  # code -> a group of personnel?
# code -> (kind, space) of a group of vehicles, None for personnel
_RIDES = [
    None if _WALKS[c % _KINDS] else (_KIND_OF[c % _KINDS], c // _KINDS) for c in range(_CODES)
]
_END_BATTLE, _END_MOVE, _NEGOTIATE = (
    act("end-battle", ()),
    act("end-move", ()),
    act("negotiate", ()),
)


class Kept:
    """The lists kept for a seat at the top of his phase (`s._top`), and what they are made of.
    An object with slots, not a dictionary: they are read at nearly every move."""

    __slots__ = (
        "seat",
        "hostile",  # whom he must fight where (battle.hostile), filled in as asked
        "keys",  # codes of the select actions (actions.SELECT), in order
        "counts",  # code -> free pieces in that group, hemmed in or not
        "walkers",  # space -> free personnel there
        "reach",  # battle: space of free personnel -> the targets next to it
        "turn_on",  # the guests he may turn on
        "selects",  # the actions, made from those when first asked for
        "attacks",
        "made",  # (phase, may_talk, the whole list) made from those
        "ride",  # the vehicle of a ride under way (_during_ride)
        "set_off",  # its group's code where it set off, while it still counts there as free
        "aboard",  # who rides in it
        "money",  # his purse, the number of handovers, and the next piece's number (uid),
        "handovers",  # when these were made
        "next_uid",
    )

    def __init__(self, seat, hostile, keys, counts, walkers, reach, turn_on, s):
        self.seat, self.hostile, self.keys, self.counts = seat, hostile, keys, counts
        self.walkers, self.reach, self.turn_on = walkers, reach, turn_on
        self.selects = self.attacks = self.made = None
        self.ride, self.set_off, self.aboard = -1, -1, ()
        self.money, self.handovers, self.next_uid = s.money[seat], len(s.handovers), s.next_uid


def actions(s, seat: int) -> list:
    """The legal actions of the battle or movement phase with no decision under way (BF-2.2,
    BF-2.3): attack, set a piece moving, end the phase, turn on guests, and open negotiations
    once per phase of a turn (BF-9.5). The list is kept with the lists it is made from, and
    the legal-move cache holds the same one: it is changed only after a move (carry),
    once the core has emptied that cache, and the core hands out copies of it."""
    top = s._top
    if top is None or top.seat != seat:
        top = s._top = _work_out(s, seat)
    phase, talked = s.phase, s.talked  # [turn_no, phase] of the last opening of negotiations
    may_talk = talked[0] != s.turn_no or talked[1] != phase
    made = top.made
    if made is None or made[0] != phase or made[1] != may_talk:
        made = top.made = (phase, may_talk, _make_list(s, top, may_talk))
    return made[2]


def free_vehicles(s, seat: int) -> list[tuple[str, int]] | None:
    """The (kind, space) groups of the seat's vehicles free to ride, from the kept lists, by
    space then kind (the order of the select actions); None when none are kept for him.
    Asked while an attack is being assembled, with no ride under way."""
    top = s._top
    if top is None or top.seat != seat:
        return None
    return [_RIDES[c] for c in top.keys if _RIDES[c]]


def _make_list(s, top: Kept, may_talk: bool) -> list:
    if top.selects is None:
        top.selects = list(map(SELECT.__getitem__, top.keys))
    if s.phase == "battle":
        if top.attacks is None:
            targets = set().union(*top.reach.values())
            top.attacks = list(map(ATTACK.__getitem__, sorted(targets)))
        acts = top.attacks + top.selects
        acts.append(_END_BATTLE)
    else:
        acts = top.selects + [_END_MOVE]
    if top.turn_on:
        acts += map(TURN_ON.__getitem__, top.turn_on)
    if may_talk:
        acts.append(_NEGOTIATE)
    return acts


def start_turn(s, seat: int) -> None:
    """A turn's start: the player's pieces get their full move back and are free again, and
    the lists of the top of his battle phase are worked out in the same look at them (every
    piece of the player, a hundred late in a random game), not in a second one when first
    asked for. (What `_work_out` finds, knowing every piece is free with its full move.)"""
    counts = [0] * _CODES
    walkers = [0] * D.N
    found = []
    places = []
    info, group = KIND_INFO, _GROUP
    for u in map(s.units.__getitem__, s.mine[seat]):
        code, full, walks = info[u[KIND]]
        u[MOVES] = full
        u[FLAG] = FREE
        at = u[AT]
        if walks:
            if u[ABOARD] >= 0:
                continue  # afloat in a boat: it moves with the boat
            if not walkers[at]:
                places.append(at)
            walkers[at] += 1
        key = group[at][code]
        if not counts[key]:
            found.append(key)
        counts[key] += 1
    s._top = _lists(s, seat, battle.Hostile(s, seat), counts, walkers, found, places)


def _work_out(s, seat: int) -> Kept:
    counts = [0] * _CODES
    walkers = [0] * D.N
    found = []  # the codes of the groups with a free piece, as found
    places = []  # the spaces of free personnel, as found
    info, group = KIND_INFO, _GROUP
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
        key = group[at][code]
        if not counts[key]:
            found.append(key)
        counts[key] += 1
    return _lists(s, seat, battle.hostile(s, seat), counts, walkers, found, places)


def _lists(s, seat: int, h, counts: list, walkers: list, found: list, places: list) -> Kept:
    """The kept lists, from the seat's free pieces: `counts` by group code, `walkers` by
    space, and the codes and the spaces with some, in the order found."""
    hemmed = set()  # spaces of free personnel hemmed in there: only an attack moves them
    reach = {}
    if s.phase == "battle":
        # In one look at the spaces next to each: whether the personnel there are hemmed in
        # (_hemmed), and the attack targets next to it (battle.targets_from).
        rich = s.money[seat] >= D.MONEY["bribe"]
        held, notme, airport, land = s.held, OTHERS[seat], D.IS_AIRPORT, D.LAND
        for at in places:
            stuck = True
            out = ()
            for t in land[at]:
                if not (held[t] & notme or airport[t]):
                    stuck = False  # nobody else's personnel there
                    continue
                d = h[t]
                if d < 0:
                    stuck = False
                elif rich or not battle.needs_bribe(s, t, d):
                    out += (t,)
            reach[at] = out
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
    return Kept(seat, h, keys, counts, walkers, reach, turn_on, s)


# Moves after which the lists are unchanged: they change no piece, no purse, no district and no
# agreement (they open or close a step of a decision, or say no).
_SAME = frozenset(
    ("back", "attack", "add", "cancel", "end-battle", "negotiate", "refuse", "let-pass")
    + ("invite", "withdraw", "hand-over", "reclaim", "deliver", "deal", "offer", "ask")
)


def carry(s, top: Kept, action):
    """The lists after `action`, given `top`, the lists before it; None to work them out anew.
    (`top` is changed in place.)"""
    kind = action.kind
    # (the most frequent moves first: select, step, the moves of a ride)
    if kind == "select" or kind == "bring":
        if action.args[0] not in D.RANK:  # a ride begins (to an attack being assembled: bring)
            vid = top.ride = s.todo[-1]["v"]
            top.set_off = _GROUP[action.args[1]][KIND_CODE[action.args[0]]]
            top.aboard = s.riders.get(vid, ())
        return top
    if kind == "step" or kind == "step-premium":
        walked = s._walked
        if walked is None:
            return None  # (it changed somebody's hold on a district under an agreement)
        # A piece walked from `start` to `end` and nothing else changed for its player but his
        # purse, if he paid a premium: his groups' counts of free pieces tell what changed.
        u, start, end = walked
        code = KIND_CODE[u[KIND]]
        walks_on = u[ABOARD] < 0 and u[FLAG] != DONE and u[MOVES] > 0  # (he was free at the start)
        _regroup(s, top, _GROUP[start][code], _GROUP[end][code] if walks_on else -1)
        return top if kind == "step" else _after_payment(s, top)
    if kind in _RIDE:
        return _during_ride(s, top, kind, action) if top.ride >= 0 else None
    if kind in _SAME:
        if kind == "end-battle":  # (the whole list is the battle phase's, and so are its attacks)
            top.made = None
        return top
    if kind == "gift":
        return _after_payment(s, top)
    if kind == "accept":
        return _after_deal(s, top)
    if kind in _ARRANGED:
        return _after_agreement(s, top, action.args[0])
    return None


# The moves that make or end an invitation, a handover or a delivery (negotiation.apply_arrange).
_ARRANGED = frozenset(("into", "uninvite", "leave", "take-back", "deliver-into"))


def _after_agreement(s, top: Kept, space: int):
    """An agreement about `space` was made or ended: it decides whom the player must fight
    there (allies.hostile_in), which matters only where somebody else's personnel stand, and
    whether attacking them there needs a bribe (battle.needs_bribe asks who hosts them); and
    the guests he may turn on. Nowhere else: his hostile table holds for the other spaces."""
    me = top.seat
    before = top.hostile
    h = top.hostile = battle.Hostile(s, me)  # (the spaces named in his agreements changed)
    h.update(before)
    h.pop(space, None)
    if s.held[space] & OTHERS[me]:
        # The lists asked the table about every space they depend on: about this one too if
        # they depend on it. They hold if the answer there holds, and no attack there may
        # have come to need or not need a bribe.
        was = dict.get(before, space)  # (None: never asked)
        if was is not None:
            now = h[space]
            if now != was or (now >= 0 and s.money[me] < D.MONEY["bribe"]):
                return None
    top.turn_on = negotiation.turn_on_targets(s, me) if s.invites else []
    top.handovers = len(s.handovers)
    top.made = None
    return top


def _after_payment(s, top: Kept):
    """A gift or a premium changes the payer's purse: the lists hold unless it changed whether
    he can pay a precinct's bribe (the attacks he may make)."""
    money, bribe = s.money[top.seat], D.MONEY["bribe"]
    if (money >= bribe) != (top.money >= bribe):
        return None
    top.money = money
    return top


def _after_deal(s, top: Kept):
    """A deal accepted moves money and captives (negotiation.apply_answer): the lists hold
    unless a captive came back into play (a new piece on the board: none has since the lists
    were made) or the player's purse changed whether he can pay a bribe."""
    if s.next_uid != top.next_uid:
        return None
    return _after_payment(s, top)


_RIDE = frozenset(("board", "drive", "drop", "stop"))


def _during_ride(s, top: Kept, kind: str, action):
    """A ride changes the player's free pieces only as it goes: those who get aboard are no
    longer free where they stood, the vehicle no longer where it set off once it has moved,
    and those who get off may be free where they do. Unless riders take over a district under
    an agreement (it may lapse), or an airport's fee leaves him unable to pay a bribe: then
    None."""
    if len(s.handovers) != top.handovers:
        return None
    if s.money[top.seat] != top.money and _after_payment(s, top) is None:
        return None
    ride = top.ride
    vehicle = s.units.get(ride)
    if kind == "drive":
        if top.set_off >= 0:  # its first drive: it has ridden (its move is no longer whole)
            _regroup(s, top, top.set_off, -1)
            top.set_off = -1
        space = action.args[0]
        todo = s.todo
        if todo and (todo[-1].get("v") == ride or any(st.get("v") == ride for st in todo)):
            return top  # the ride goes on: nobody got off
        _ride_over(s, top)  # (it ended there)
    elif kind == "board":
        # the free piece of that kind with the most moves got aboard where the vehicle stands
        _regroup(s, top, _GROUP[vehicle[AT]][KIND_CODE[action.args[0]]], -1)
        top.aboard = s.riders.get(ride, ())
        return top
    elif vehicle is None:  # (stop) lost among the enemy, with its riders, where it stood
        _ride_over(s, top)
        return top
    else:
        space = vehicle[AT]
        if kind == "drop":
            _got_off(s, top)
            top.aboard = s.riders.get(ride, ())
        else:
            _ride_over(s, top)
    if s.owner[space] == top.seat and s.since[space] == s.turn_no:
        # Riders may have taken it over now (or it was taken earlier this turn): under an
        # agreement about it, that may end the agreement, and whom he must fight there.
        if (s.invites or s.handovers or s.deliveries) and allies.named(s, space):
            return None
    return top


def _ride_over(s, top: Kept) -> None:
    """The vehicle has ridden (or is lost), and its riders got off (or stayed afloat)."""
    if top.set_off >= 0:
        _regroup(s, top, top.set_off, -1)
    _got_off(s, top)
    top.ride, top.set_off, top.aboard = -1, -1, ()


def _got_off(s, top: Kept) -> None:
    """Those of the vehicle's riders who are no longer aboard (nor lost) stand where they got
    off, free if they have moves left."""
    units = s.units
    for uid in top.aboard:
        u = units.get(uid)
        if u is not None and u[ABOARD] < 0 and u[FLAG] != DONE and u[MOVES] > 0:
            _regroup(s, top, -1, _GROUP[u[AT]][KIND_CODE[u[KIND]]])


def _regroup(s, top: Kept, gone: int, new: int) -> None:
    """One free piece fewer in the group `gone`, one more in the group `new` (codes; -1: none).
    The whole list, when made, is changed in place with the select actions: they follow the
    attacks in the battle phase, and come first in the movement phase. (It is made for the
    phase under way: carry drops it when the battle phase ends.)"""
    counts = top.counts
    if gone >= 0:
        n = counts[gone] = counts[gone] - 1
        if not n:  # its select action goes (none for personnel hemmed in)
            keys = top.keys
            i = bisect_left(keys, gone)
            if i < len(keys) and keys[i] == gone:
                del keys[i]
                if top.selects is not None:
                    del top.selects[i]
                made = top.made
                if made is not None:
                    del made[2][len(top.attacks) + i if s.phase == "battle" else i]
        if _ON_FOOT[gone]:
            start = _SPACE[gone]
            walkers = top.walkers
            n = walkers[start] = walkers[start] - 1
            if not n and start in top.reach and s.phase == "battle":
                if top.reach.pop(start):  # (no targets from there: the attacks stay the same)
                    top.attacks = top.made = None
    if new < 0:
        return
    end, walks = _SPACE[new], _ON_FOOT[new]
    n = counts[new] = counts[new] + 1
    if n == 1:  # a new group: selected unless hemmed in
        if not (walks and _hemmed(s, top.seat, top.hostile, end)):
            keys = top.keys
            i = bisect_left(keys, new)
            keys.insert(i, new)
            if top.selects is not None:
                top.selects.insert(i, SELECT[new])
            made = top.made
            if made is not None:
                made[2].insert(len(top.attacks) + i if s.phase == "battle" else i, SELECT[new])
    if walks:
        walkers = top.walkers
        n = walkers[end] = walkers[end] + 1
        if n == 1 and s.phase == "battle":
            me = top.seat
            rich = s.money[me] >= D.MONEY["bribe"]
            near = top.reach[end] = battle.targets_from(s, me, top.hostile, end, rich)
            if near:
                top.attacks = top.made = None


def _hemmed(s, me: int, h, space: int) -> bool:
    held, notme, airport = s.held, OTHERS[me], D.IS_AIRPORT
    for t in D.LAND[space]:
        if not (held[t] & notme or airport[t]) or h[t] < 0:
            return False
    return True
