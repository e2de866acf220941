"""Placing pieces on illegal businesses: what may stand together and what a placement must reach.

The Don stands with no other member; the Mama with at most one other member, never the Don;
bodyguards join anyone (MOB-3.2, MOB-3.3). Placements are built one piece at a time, and a piece
is offered only if the placement can still be completed with it.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from . import data as D
from .actions import GUARD

VALUES = D.MEMBER_VALUES
DON, MAMA = D.DON, D.MAMA


def members_may_share(members) -> bool:
    """True when these members of one family may stand on one space together."""
    if DON in members:
        return len(members) == 1
    if MAMA in members:
        return len(members) <= 2
    return True


def need(state, seat: int, space: int, card_value: int) -> int:
    """The least stake `seat` must place on `space` for a card worth `card_value` (MOB-3.5)."""
    owner = state.space_owner[space]
    if owner < 0 or owner == seat:
        return card_value
    return max(card_value, state.stake(space) + D.GUARD_VALUE)


def resident_members(state, seat: int, space: int) -> list[int]:
    """Members of `seat` already on `space` (the placement must fit beside them)."""
    if state.space_owner[space] != seat:
        return []
    return [m for m in D.MEMBERS if state.members[seat][m] == space]


def best_extra(base: list[int], candidates: list[int]) -> int:
    """Highest total of members from `candidates` that may join `base` on one space."""
    if DON in base:
        return 0
    others = [m for m in candidates if m != DON and m != MAMA]
    if MAMA in base:
        room = 2 - len(base)
        return sum(sorted((VALUES[m] for m in others), reverse=True)[:room])
    best = sum(VALUES[m] for m in others)  # any number of members without Don or Mama
    if not base and DON in candidates:
        best = max(best, VALUES[DON])
    if len(base) <= 1 and MAMA in candidates:
        top = 0 if base else max((VALUES[m] for m in others), default=0)
        best = max(best, VALUES[MAMA] + top)
    return best


# A family has eight members, so a set of them fits in a small whole number (bit m = member m).
# What a set of members can still reach depends on the sets alone: worked out once, then looked up.
def _members(mask: int) -> list[int]:
    return [m for m in D.MEMBERS if mask >> m & 1]


@cache
def _extra(base: int, candidates: int) -> int:
    """best_extra for member sets given as bits."""
    return best_extra(_members(base), _members(candidates))


@cache
def _joiners(base: int, candidates: int) -> tuple:
    """(member, the most the members can reach once he joins) for each candidate that may join."""
    found = []
    members = _members(base)
    for m in _members(candidates):
        with_m = [*members, m]
        if members_may_share(with_m):
            rest = candidates & ~(1 << m)
            found.append((m, VALUES[m] + best_extra(with_m, _members(rest))))
    return tuple(found)


def _sets(state, seat: int, space: int, chosen: tuple) -> tuple[int, int]:
    """(members standing in the placement, members still free to join it), as bits."""
    home = state.space_owner[space] == seat if space >= 0 else False
    base = candidates = 0
    for m, where in enumerate(state.members[seat]):
        if where == D.PHOTO:
            candidates |= 1 << m
        elif home and where == space:
            base |= 1 << m
    for m in chosen:  # chosen members are still on the photo until the placement is done
        base |= 1 << m
        candidates &= ~(1 << m)
    return base, candidates


def placed_value(chosen: tuple, guards: int) -> int:
    """The stake of the pieces chosen so far."""
    return sum(VALUES[m] for m in chosen) + guards * D.GUARD_VALUE


def placement_reach(state, seat: int, space: int, chosen: tuple, guards: int, above=-1) -> int:
    """The largest stake a placement in progress could still reach (joined only by members
    numbered above `above`, if given: a bot building placements in one order asks that)."""
    base, candidates = _sets(state, seat, space, chosen)
    candidates &= -1 << (above + 1)
    spare_guards = state.guards_photo[seat] - guards
    return placed_value(chosen, guards) + _extra(base, candidates) + spare_guards * D.GUARD_VALUE


def fresh_reach(state, seat: int) -> int:
    """The largest stake `seat` could place on a space holding none of its pieces."""
    _, free = _sets(state, seat, -1, ())
    return _extra(0, free) + state.guards_photo[seat] * D.GUARD_VALUE


def pieces_to_add(state, seat: int, space: int, chosen: tuple, guards: int, least: int) -> list:
    """The pieces that can join a placement in progress and still let it reach `least`."""
    base, candidates = _sets(state, seat, space, chosen)
    placed = placed_value(chosen, guards)
    spare = (state.guards_photo[seat] - guards) * D.GUARD_VALUE  # all guards still at hand
    need_more = least - placed - spare
    pieces = [m for m, reach in _joiners(base, candidates) if reach >= need_more]
    if spare > 0 and _extra(base, candidates) >= need_more:
        pieces.append(GUARD)  # a guard moves from spare to placed: the reach stays the same
    return pieces


# ----- the last card of the year (MOB-3.6) ------------------------------------------------
def last_card_options(state, seat: int, kind: int) -> list[tuple[int, int]]:
    """(space, piece) placements the last card allows: exact bodyguards, else one member."""
    value = D.KIND_VALUES[kind]
    count = value // D.GUARD_VALUE
    spaces = D.KIND_SPACES[kind]
    if state.guards_photo[seat] >= count:
        with_guards = [(s, GUARD) for s in spaces if value >= need(state, seat, s, value)]
        if with_guards:
            return with_guards
    options = []
    free = state.free_members(seat)
    for s in spaces:
        least = need(state, seat, s, value)
        resident = resident_members(state, seat, s)
        fitting = [m for m in free if VALUES[m] >= least and members_may_share([*resident, m])]
        if fitting:
            lowest = min(VALUES[m] for m in fitting)
            options += [(s, m) for m in fitting if VALUES[m] == lowest]
    return options


# ----- Takeover: exactly the value removed (MOB-5.6) --------------------------------------
def exact_reachable(state, seat: int, chosen: tuple, guards: int, total: int, above=-1) -> bool:
    """Can the takeover in progress be completed to exactly `total`? (Joined only by members
    numbered above `above`, if given.)"""
    rest = total - sum(VALUES[m] for m in chosen) - guards * D.GUARD_VALUE
    if rest < 0:
        return False
    spare_guards = state.guards_photo[seat] - guards
    candidates = [m for m in state.free_members(seat) if m not in chosen and m > above]
    for size in range(len(candidates) + 1):
        for extra in combinations(candidates, size):
            if not members_may_share([*chosen, *extra]):
                continue
            left = rest - sum(VALUES[m] for m in extra)
            if 0 <= left <= spare_guards * D.GUARD_VALUE and left % D.GUARD_VALUE == 0:
                return True
    return False


def takeover_pieces(state, seat: int, chosen: tuple, guards: int, total: int) -> list:
    pieces = []
    for m in state.free_members(seat):
        if m not in chosen and members_may_share([*chosen, m]):
            if exact_reachable(state, seat, (*chosen, m), guards, total):
                pieces.append(m)
    if state.guards_photo[seat] > guards and exact_reachable(
        state, seat, chosen, guards + 1, total
    ):
        pieces.append(GUARD)
    return pieces
