"""Invitations into a district (BF-9.6 .. BF-9.9), handing pieces over through a district
(BF-9.10) and the negotiation steps that open a delivery (BF-9.12, delivery.py). Records are
small lists kept on the state:

- `s.invites`: [district, host, guest]: the guest's pieces may share the host's district.
- `s.handovers`: [district, giver, receiver]: the receiver may step in and take it all.
"""

from __future__ import annotations

from . import board as B
from .actions import A_PIECE, act
from .delivery import delivery_valid
from .delivery import spots as delivery_spots
from .state import DONE, FLAG, KIND, MV, OWN, where


def invite_valid(s, rec) -> bool:
    space, host, guest = rec
    return s.alive[host] and s.alive[guest] and s.owner[space] == host


def handover_valid(s, rec) -> bool:
    """The giver still exploits the district, no Boss or family member of his and nobody
    else's personnel stands there, and he has a piece there to give (BF-9.10)."""
    space, giver, receiver = rec
    if not (s.alive[giver] and s.alive[receiver] and s.owner[space] == giver):
        return False
    found = False
    units = s.units
    for uid in s.stack[space]:
        u = units[uid]
        if u[OWN] != giver:
            if u[KIND] in B.RANK and u[OWN] != receiver:
                return False
        elif u[KIND] in ("boss", "family"):
            return False
        else:
            found = True
    return found


def pacts(s, spaces=None) -> dict[int, list[tuple[int, int]]]:
    """space -> the (host, guest) pairs standing together there: invitations (BF-9.7) and
    deliveries, whose receiver is the host (BF-9.12). `spaces`: only those spaces."""
    out: dict = {}
    for r in s.invites:
        if (spaces is None or r[0] in spaces) and invite_valid(s, r):
            out.setdefault(r[0], []).append((r[1], r[2]))
    for r in s.deliveries:
        if (spaces is None or r[0] in spaces) and delivery_valid(s, r):
            out.setdefault(r[0], []).append((r[2], r[1]))
    return out


def side_of(pairs, seat: int) -> set[int]:
    """The seats standing together with `seat`, given one space's (host, guest) pairs."""
    out = {seat}
    for host, guest in pairs:
        if seat in (host, guest):
            out.add(host)
            out.add(guest)
    if len(out) > 1:  # a host with several guests: they all stand together
        for host, guest in pairs:
            if host in out:
                out.add(guest)
    return out


def _names(records, space: int) -> bool:
    """Whether one of the [district, seat, seat] records is about `space`."""
    for rec in records:
        if rec[0] == space:
            return True
    return False


def named(s, space: int) -> bool:
    """Whether an invitation, a handover or a delivery is about `space`."""
    return _names(s.invites, space) or _names(s.handovers, space) or _names(s.deliveries, space)


def side(s, space: int, seat: int) -> set[int]:
    """The seats whose pieces stand together with `seat`'s in `space`: host and guests
    (BF-9.7, BF-9.8), and a receiver with the pieces delivered to him (BF-9.12)."""
    if not _names(s.invites, space) and not _names(s.deliveries, space):
        return {seat}  # (most spaces: no pact there)
    return side_of(pacts(s, (space,)).get(space, ()), seat)


def friends(s, space: int, me: int) -> set[int]:
    """The seats `me` need not fight to enter `space`: his side there, and a giver who hands
    the district over to him."""
    out = side(s, space, me) if s.invites or s.deliveries else {me}
    for rec in s.handovers:
        if rec[0] == space and rec[2] == me and handover_valid(s, rec):
            out.add(rec[1])
    return out


def host_of(s, space: int, seat: int) -> int:
    """The seat that leads the defence of `space` when `seat`'s pieces are attacked there:
    the host when guests are present (BF-9.8), the receiver of delivered pieces (BF-9.12)."""
    if s.invites or s.deliveries:
        group = side(s, space, seat)
        if len(group) > 1 and s.owner[space] in group:
            return s.owner[space]
    return seat


def hostile_spaces(s, me: int) -> set[int]:
    """The spaces where invitations, handovers or deliveries may let `me` in: there the
    `hostile` table follows hostile_in."""
    spaces = {rec[0] for rec in s.invites if rec[1] == me or rec[2] == me}
    if s.handovers:
        spaces.update(rec[0] for rec in s.handovers if rec[2] == me)
    if s.deliveries:
        spaces.update(rec[0] for rec in s.deliveries if rec[1] == me or rec[2] == me)
    return spaces


def hostile_in(s, me: int, space: int) -> int:
    """Whom `me` must fight to enter one of the hostile_spaces: the first personnel there of
    a seat neither on his side nor handing the district over to him (-1: none)."""
    ok = side_of(pacts(s, (space,)).get(space, ()), me)
    for rec in s.handovers:  # as in friends()
        if rec[2] == me and rec[0] == space and handover_valid(s, rec):
            ok.add(rec[1])
    units, rank = s.units, B.RANK
    for uid in s.stack[space]:
        u = units[uid]
        if u[KIND] in rank and u[OWN] not in ok:
            return u[OWN]
    return -1


def receive(s, me: int, space: int) -> bool:
    """`me` steps into a district handed over to him: he takes the giver's pieces there, which
    cannot move or attack this turn, and the district (BF-9.10). True if it was one."""
    for rec in s.handovers:
        if rec[0] == space and rec[2] == me and handover_valid(s, rec):
            giver = rec[1]
            s.handovers.remove(rec)
            for uid in s.stack[space]:
                u = s.units[uid]
                if u[OWN] == giver:
                    s.give_unit(uid, me)
                    u[MV], u[FLAG] = 0, DONE
            s.say(f"seat {me} takes over the pieces seat {giver} left in {B.NAMES[space]}")
            return True
    return False


def purge(s) -> None:
    """At the end of a turn, lapsed invitations and handovers are dropped."""
    s.invites = [r for r in s.invites if invite_valid(s, r)]
    s.handovers = [r for r in s.handovers if handover_valid(s, r)]
    s.deliveries = [r for r in s.deliveries if delivery_valid(s, r)]


# ----- decisions ---------------------------------------------------------------------------
# Negotiations list one entry per other player and kind of change; the district is chosen in
# a second step (as long as the list of one's districts when building). Every change, and
# backing out of that second step, closes the opening of negotiations (BF-9.5, BF-9.6).


def _guests_in(s, space: int, host: int) -> list[int]:
    """The pieces of the host's invited guests in `space` (not pieces delivered to him)."""
    guests = {r[2] for r in s.invites if r[0] == space and r[1] == host and invite_valid(s, r)}
    return [uid for uid in s.stack[space] if s.units[uid][OWN] in guests]


def _has_guest_pieces(s, rec) -> bool:
    space, _host, guest = rec
    i = space * s.players + guest
    return bool(s.heads[i] or s.cars[i])  # (the guest's personnel and vehicles there)


def _invitable(s, me: int, guest: int, mine: list[int] | None = None) -> list[int]:
    """`mine`: my districts, when the caller has them."""
    have = {r[0] for r in s.invites if r[1] == me and r[2] == guest}
    if mine is None:
        mine = [i for i in B.DISTRICTS if s.owner[i] == me]
    return [i for i in mine if i not in have]


def _withdrawable(s, me: int, guest: int) -> list[int]:
    return sorted(
        r[0]
        for r in s.invites
        if r[1] == me and r[2] == guest and invite_valid(s, r) and not _has_guest_pieces(s, r)
    )


def _handover_spots(s, me: int) -> list[int]:
    """My districts holding my pieces, none of them Boss or family, and nobody else's
    personnel, not already handed over (BF-9.10)."""
    return list(_handover_spots_among(s, me))


def _handover_spots_among(s, me: int, mine=None):
    """_handover_spots, one by one, ascending. `mine`: my districts, when the caller has them."""
    units, stack, players, heads, cars = s.units, s.stack, s.players, s.heads, s.cars
    held, notme = s.held, ~(1 << me)
    given = {r[0] for r in s.handovers if r[1] == me} if s.handovers else ()
    for at in where(s.owner, me) if mine is None else mine:  # (only districts are held)
        i = at * players + me
        if not (heads[i] or cars[i]) or at in given or held[at] & notme:
            continue  # none of my pieces there, or handed over, or someone else's personnel
        for uid in stack[at]:
            u = units[uid]
            if u[OWN] == me and u[KIND] in ("boss", "family"):
                break
        else:
            yield at


def _reclaimable(s, me: int, receiver: int) -> list[int]:
    return sorted(r[0] for r in s.handovers if r[1] == me and r[2] == receiver)


def talk_actions(s, me: int) -> list:
    """What BF-9.6 and BF-9.10 add to an opening of negotiations. (Each entry needs one
    district to choose from in its second step: legal_arrange; looked for here the quick way.)"""
    acts = []
    owner, invites, held, cars, players = s.owner, s.invites, s.held, s.cars, s.players
    mine = list(where(owner, me))  # my districts
    invited: dict = {}  # guest -> the districts I invited him into
    withdrawable = set()  # the guests _withdrawable names a district for
    barred = {r[0] for r in s.deliveries if r[1] == me}  # delivery.barred_by_deals
    for r in invites:
        if r[1] == me:
            barred.add(r[0])
            invited.setdefault(r[2], set()).add(r[0])
            if invite_valid(s, r) and not _has_guest_pieces(s, r):
                withdrawable.add(r[2])
        elif r[2] == me:
            barred.add(r[0])
    reclaimable = {r[2] for r in s.handovers if r[1] == me}  # _reclaimable
    spots = next(_handover_spots_among(s, me, mine), None) is not None
    for p in range(players):
        if p == me or not s.alive[p]:
            continue
        if mine:
            have = invited.get(p)
            if not have or any(i not in have for i in mine):  # _invitable
                acts.append(_INVITE[p])
        if p in withdrawable:
            acts.append(_WITHDRAW[p])
        if spots:
            acts.append(_HAND_OVER[p])
        if p in reclaimable:
            acts.append(_RECLAIM[p])
        # delivery.spots: nor where I have pieces (my personnel show in `held`, my vehicles
        # in `cars`)
        others = ~(1 << p)
        for i in where(owner, p):
            if i not in barred and not held[i] & others and not cars[i * players + me]:
                acts.append(_DELIVER[p])
                break
    return acts


# The first step of each arrangement, by seat.
_INVITE, _WITHDRAW, _HAND_OVER, _RECLAIM, _DELIVER = (
    tuple(act(kind, (p,)) for p in range(len(B.BOROUGHS)))
    for kind in ("invite", "withdraw", "hand-over", "reclaim", "deliver")
)


def legal_arrange(s, me: int, step) -> list:
    """The second step: which district."""
    k, p = step["k"], step["to"]
    if k == "invite":
        acts = [act("into", (i,)) for i in _invitable(s, me, p)]
    elif k == "withdraw":
        acts = [act("uninvite", (i,)) for i in _withdrawable(s, me, p)]
    elif k == "hand-over":
        acts = [act("leave", (i,)) for i in _handover_spots(s, me)]
    elif k == "deliver":
        acts = [act("deliver-into", (i,)) for i in delivery_spots(s, me, p)]
    else:
        acts = [act("take-back", (i,)) for i in _reclaimable(s, me, p)]
    return acts + [act("back", ())]


def apply_talk(s, me: int, action) -> None:
    s.todo.pop()  # the opening of negotiations ends here (BF-9.6)
    s.todo.append({"k": action.kind, "to": action.args[0]})


def apply_arrange(s, me: int, action) -> None:
    step = s.todo.pop()
    p = step["to"]
    kind = action.kind
    if kind == "back":
        return
    (space,) = action.args
    name = B.NAMES[space]
    if kind == "into":
        s.invites.append([space, me, p])
        s.say(f"seat {me} invites seat {p} into {name}")
    elif kind == "uninvite":
        s.invites.remove([space, me, p])
        s.say(f"seat {me} withdraws the invitation of seat {p} into {name}")
    elif kind == "leave":
        s.handovers.append([space, me, p])
        s.say(f"seat {me} hands over his pieces in {name} to seat {p}")
    elif kind == "deliver-into":
        s.deliveries.append([space, me, p])
        s.say(f"seat {me} will deliver pieces into {name}, a district of seat {p}")
    else:
        s.handovers.remove([space, me, p])
        s.say(f"seat {me} takes back the handover of {name}")


ARRANGE_STEPS = ("invite", "withdraw", "hand-over", "reclaim", "deliver")


def turn_on_targets(s, me: int) -> list[int]:
    """The invited districts where `me`'s guests have pieces (BF-9.9)."""
    out = []
    alive, owner, heads, cars, players = s.alive, s.owner, s.heads, s.cars, s.players
    if not alive[me]:
        return out
    for space, host, guest in s.invites:  # (invite_valid, written out: this is on every list)
        if host == me and owner[space] == me and alive[guest] and space not in out:
            i = space * players + guest
            if heads[i] or cars[i]:  # (the guest's personnel and vehicles there)
                out.append(space)
    out.sort()
    return out


def turn_on(s, me: int, space: int) -> None:
    """The host kills his guests' personnel in `space` and takes their vehicles, which cannot
    move before his next turn (BF-9.9)."""
    from . import family

    s.say(f"seat {me} turns on his guests in {B.NAMES[space]}")
    dead_bosses = []
    for uid in _guests_in(s, space, me):
        u = s.units[uid]
        if u[KIND] in B.RANK:
            if u[KIND] == "boss":
                dead_bosses.append(u[OWN])
            s.remove_unit(uid)
        else:
            s.say(f"seat {me} commandeers {A_PIECE[u[KIND]]} of seat {u[OWN]}")
            s.give_unit(uid, me)
            u[MV], u[FLAG] = 0, DONE
    s.invites = [r for r in s.invites if not (r[0] == space and r[1] == me)]
    for victim in dead_bosses:
        family.assassinate(s, me, victim)
