"""Giving pieces the second way (BF-9.12, BF-9.13): on his turn the giver moves employees and
vehicles straight into a district of the receiver, who commandeers them at the end of his own
turn. (The first way, leaving them in a district of one's own, is the handover in allies.py.)

`s.deliveries` holds [district, giver, receiver] records. While one holds, the giver's pieces
and the receiver's stand together in that district, like a guest and his host (allies.side).
"""

from __future__ import annotations

from famiglia.core.text import plural

from . import data as D
from .state import AT, DONE, FLAG, KIND, MOVES, OWNER

# A Boss or family member is never given away: only employees and vehicles (BF-9.13).
NOT_GIVEN = ("boss", "family")


def delivery_valid(s, rec) -> bool:
    """Both players live and the receiver still exploits the district."""
    space, giver, receiver = rec
    return s.alive[giver] and s.alive[receiver] and s.owner[space] == receiver


def spots(
    s, me: int, receiver: int, theirs: list[int] | None = None, barred: set | None = None
) -> list[int]:
    """The receiver's city districts `me` may deliver into: nobody else's personnel there, none
    of `me`'s pieces yet (so all he has there later was delivered), not already chosen, and no
    invitation of `me` there (a guest's pieces are not gifts). `theirs`: the receiver's
    districts, `barred`: barred_spaces(s, me), when the caller has them."""
    out = list(s.lands[receiver]) if theirs is None else theirs  # (only districts are held)
    if not out:
        return out
    if barred is None:
        barred = barred_spaces(s, me)
    held, others = s.held, ~(1 << receiver)
    return [i for i in out if i not in barred and not held[i] & others]


def barred_spaces(s, me: int) -> set[int]:
    """The spaces `me` may not deliver into, whoever's: where he delivers already, where an
    invitation of his holds (barred_by_deals), where he has pieces."""
    barred = barred_by_deals(s, me)
    units = s.units
    barred.update(units[uid][AT] for uid in s.mine[me])
    return barred


def barred_by_deals(s, me: int) -> set[int]:
    """The spaces where `me` delivers already or where an invitation of his holds."""
    barred = {r[0] for r in s.deliveries if r[1] == me}
    barred.update(r[0] for r in s.invites if me in (r[1], r[2]))
    return barred


def closed_to_family(s, me: int) -> tuple[int, ...]:
    """Districts `me`'s Boss and family members may not enter: those he is delivering into."""
    return tuple(r[0] for r in s.deliveries if r[1] == me)


def delivered(s, rec) -> list[int]:
    """The uids of the pieces delivered so far."""
    space, giver, _receiver = rec
    units = s.units
    return [
        uid
        for uid in s.stack[space]
        if units[uid][OWNER] == giver and units[uid][KIND] not in NOT_GIVEN
    ]


def commandeer(s) -> None:
    """At the end of a turn the player whose turn ends commandeers the pieces delivered to him;
    they cannot move before his next turn. A giver who delivered nothing loses the record."""
    me = s.turn
    keep = []
    for rec in s.deliveries:
        if not delivery_valid(s, rec):
            continue
        space, giver, receiver = rec
        pieces = delivered(s, rec)
        if receiver == me:
            for uid in pieces:
                s.give_unit(uid, receiver)
                s.units[uid][MOVES], s.units[uid][FLAG] = 0, DONE
            if pieces:
                s.say(
                    f"seat {receiver} commandeers the {plural(len(pieces), 'piece')} seat {giver} "
                    f"delivered to {D.NAMES[space]}"
                )
        elif giver != me or pieces:
            keep.append(rec)
    s.deliveries = keep
