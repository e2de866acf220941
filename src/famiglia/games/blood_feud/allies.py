"""What the agreements in force allow: invitations into a district (BF-9.6 .. BF-9.9),
pieces handed over through a district (BF-9.10) and deliveries (BF-9.12, delivery.py): who
stands together where, whom one must fight, and a handover taken up. They are made and ended
in negotiation.py. Records are small lists kept on the state:

- `s.invites`: [district, host, guest]: the guest's pieces may share the host's district.
- `s.handovers`: [district, giver, receiver]: the receiver may step in and take it all.
"""

from __future__ import annotations

from . import data as D
from .delivery import delivery_valid
from .state import DONE, FLAG, KIND, MOVES, OWNER


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
        if u[OWNER] != giver:
            if u[KIND] in D.RANK and u[OWNER] != receiver:
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
    spaces = set()  # (plain loops: a comprehension is a call of its own, and this is frequent)
    for rec in s.invites:
        if rec[1] == me or rec[2] == me:
            spaces.add(rec[0])
    for rec in s.handovers:
        if rec[2] == me:
            spaces.add(rec[0])
    for rec in s.deliveries:
        if rec[1] == me or rec[2] == me:
            spaces.add(rec[0])
    return spaces


def hostile_in(s, me: int, space: int) -> int:
    """Whom `me` must fight to enter one of the hostile_spaces: the first personnel there of
    a seat neither on his side nor handing the district over to him (-1: none)."""
    ok = side_of(pacts(s, (space,)).get(space, ()), me)
    for rec in s.handovers:  # as in friends()
        if rec[2] == me and rec[0] == space and handover_valid(s, rec):
            ok.add(rec[1])
    units, rank = s.units, D.RANK
    for uid in s.stack[space]:
        u = units[uid]
        if u[KIND] in rank and u[OWNER] not in ok:
            return u[OWNER]
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
                if u[OWNER] == giver:
                    s.give_unit(uid, me)
                    u[MOVES], u[FLAG] = 0, DONE
            s.say(f"seat {me} takes over the pieces seat {giver} left in {D.NAMES[space]}")
            return True
    return False


def purge(s) -> None:
    """At the end of a turn, lapsed invitations and handovers are dropped."""
    s.invites = [r for r in s.invites if invite_valid(s, r)]
    s.handovers = [r for r in s.handovers if handover_valid(s, r)]
    s.deliveries = [r for r in s.deliveries if delivery_valid(s, r)]
