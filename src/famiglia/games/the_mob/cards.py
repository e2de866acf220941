"""What each card does once played: the targets it offers and its effect.

The board rules for placing pieces are in placement.py; the order of play is in turn.py.
"""

from __future__ import annotations

from famiglia.core.text import plural

from . import data as D
from . import placement as P
from .actions import GUARD, act, where_name


def _other_seats(state, seat):
    return [s for s in range(state.players) if s != seat]


# ----- who or what a card can be played on ---------------------------------------------------
def targets(state, seat: int, ctype: int) -> list:
    """The first choices after playing `ctype`; empty when the card can only be laid down."""
    effect, index = D.CARD_EFFECT[ctype], D.CARD_INDEX[ctype]
    if effect == "illegal":
        if state.last_card:
            return [act("last", s, p) for s, p in P.last_card_options(state, seat, index)]
        return [act("space", s) for s in _open_spaces(state, seat, index)]
    if effect == "legal":
        return []  # played in one step, see playable()
    if effect == "ooc":
        return [
            act("ooc", index, other, m)
            for other in _other_seats(state, seat)
            for m in D.MEMBERS
            if 0 <= state.members[other][m] < D.OOC_BASE
        ]
    if effect == "fbi":
        return [
            act("jail", other, m)
            for other in _other_seats(state, seat)
            for m in D.MEMBERS
            if 0 <= state.members[other][m] < D.PRISON_BASE
        ]
    if effect == "protection":
        return [
            act("extort", other) for other in _other_seats(state, seat) if state.invest[other] > 0
        ]
    if effect == "offer":
        found = []
        for other in _other_seats(state, seat):
            found += [act("offer", other, s) for s in D.SPACES if state.space_owner[s] == other]
            found += [
                act("offer", other, D.OOC_BASE + i)
                for i in range(len(D.OOC_SPACES))
                if D.OOC_BASE + i in state.members[other]
            ]
        return found
    if effect == "takeover":
        return [
            act("takeover", s)
            for s in D.SPACES
            if state.space_owner[s] not in (-1, seat)
            and P.exact_reachable(state, seat, (), 0, state.stake(s))
        ]
    raise AssertionError(f"unknown card effect {effect}")


def _open_spaces(state, seat: int, index: int, fresh: int | None = None):
    """The spaces of business `index` where `seat` could place enough for the card (lazily)."""
    value = D.KIND_VALUES[index]
    if fresh is None:  # off our own spaces the reach is the same everywhere: work it out once
        fresh = P.fresh_reach(state, seat)
    owners = state.space_owner
    for s in D.KIND_SPACES[index]:
        reach = P.placement_reach(state, seat, s, (), 0) if owners[s] == seat else fresh
        if reach >= P.need(state, seat, s, value):
            yield s


def playable(state, seat: int, ctype: int, fresh: int | None = None) -> bool:
    """Whether playing the card can have any effect (else it can only be laid down unused).

    `fresh` is the seat's reach on an empty space, if the caller has it already."""
    effect = D.CARD_EFFECT[ctype]
    if effect == "legal":
        return state.invest[seat] > 0 and state.guards_photo[seat] > 0  # MOB-4.1
    if effect == "illegal" and not state.last_card:  # one open space is enough
        return next(_open_spaces(state, seat, D.CARD_INDEX[ctype], fresh), None) is not None
    return bool(targets(state, seat, ctype))


# ----- effects ---------------------------------------------------------------------------------
def clear_space(state, space: int, to_harbour: bool) -> None:
    """Takes the occupant's pieces off an illegal space: members to the harbour (MOB-3.5,
    MOB-5.7) or home to the photo (MOB-5.6); bodyguards removed, or home."""
    owner = state.space_owner[space]
    if owner < 0:
        return
    row = state.members[owner]
    for m in D.MEMBERS:
        if row[m] == space:
            row[m] = D.HARBOUR if to_harbour else D.PHOTO
    if to_harbour:
        state.guards_removed[owner] += state.space_guards[space]
    else:
        state.guards_photo[owner] += state.space_guards[space]
    state.space_guards[space] = 0
    state.space_owner[space] = -1


def to_the_harbour(state, owner: int, where: int) -> str:
    """What of `owner`'s leaves `where` for good, in words: "Mama goes to the harbour, 2
    bodyguards are removed" (MOB-3.5, MOB-5.7). Read before the pieces are moved."""
    names = [D.MEMBER_NAMES[m] for m in D.MEMBERS if state.members[owner][m] == where]
    guards = state.space_guards[where] if where < D.OOC_BASE else 0
    told = []
    if names:
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        told.append(f"{listed} {'goes' if len(names) == 1 else 'go'} to the harbour")
    if guards:
        told.append(f"{plural(guards, 'bodyguard')} {'is' if guards == 1 else 'are'} removed")
    return ", ".join(told)


def release_if_empty(state, space: int) -> None:
    """A space left with none of its family's pieces is free again."""
    owner = state.space_owner[space]
    if owner >= 0 and state.space_guards[space] == 0 and space not in state.members[owner]:
        state.space_owner[space] = -1


def place(state, seat: int, space: int, members, guards: int) -> None:
    """Puts pieces from the photo on a space, clearing another family first (MOB-3.5)."""
    owner = state.space_owner[space]
    if owner >= 0 and owner != seat:
        gone = to_the_harbour(state, owner, space)
        state.say(f"seat {owner}'s pieces on {D.SPACE_NAMES[space]} are driven out: {gone}")
        clear_space(state, space, to_harbour=True)
    state.space_owner[space] = seat
    for m in members:
        state.members[seat][m] = space
    state.space_guards[space] += guards
    state.guards_photo[seat] -= guards
    names = [D.MEMBER_NAMES[m] for m in members]
    if guards:
        names.append(f"{guards} bodyguard{'s' if guards > 1 else ''}")
    state.say(
        f"seat {seat} places {', '.join(names)} on {D.SPACE_NAMES[space]} "
        f"(stake ${state.stake(space)}k)"
    )


def play_legal(state, seat: int, ctype: int) -> None:
    """MOB-4.1: a bodyguard to the legal business, income by the investment table at once."""
    index = D.CARD_INDEX[ctype]
    state.guards_photo[seat] -= 1
    state.legal_guard[index] = seat
    income = D.LEGAL_INCOME[state.invest[seat]]
    state.cash[seat] += income
    state.say(f"seat {seat} posts a bodyguard at the {D.LEGAL_NAMES[index]} and earns ${income}k")


def send_out(state, seat: int, ooc: int, other: int, member: int) -> None:
    """MOB-5.1: another family's member leaves its business for an out-of-circulation space."""
    space = state.members[other][member]
    state.members[other][member] = D.OOC_BASE + ooc
    release_if_empty(state, space)
    state.say(
        f"seat {seat} sends seat {other}'s {D.MEMBER_NAMES[member]} from "
        f"{D.SPACE_NAMES[space]} to {D.OOC_SPACES[ooc]}"
    )


def jail(state, seat: int, other: int, member: int) -> None:
    """MOB-5.2: another family's member goes to block 3 of the prison."""
    where = state.members[other][member]
    state.members[other][member] = D.PRISON_BASE + D.PRISON_ENTRY
    if where < D.OOC_BASE:
        release_if_empty(state, where)
    state.say(
        f"seat {seat} has seat {other}'s {D.MEMBER_NAMES[member]} jailed (from {where_name(where)})"
    )


def extort(state, seat: int, other: int) -> None:
    """MOB-5.5: protection money by the victim's investment; all his cash if he is short."""
    owed = D.PROTECTION_MONEY[state.invest[other]]
    paid = min(owed, state.cash[other])
    state.cash[other] -= paid
    state.cash[seat] += paid
    state.say(f"seat {seat} collects ${paid}k protection money from seat {other}")


def offer(state, seat: int, other: int, where: int) -> None:
    """MOB-5.7: all of another family's pieces leave a space; members for good."""
    gone = to_the_harbour(state, other, where)
    if where >= D.OOC_BASE:
        row = state.members[other]
        for m in D.MEMBERS:
            if row[m] == where:
                row[m] = D.HARBOUR
    else:
        clear_space(state, where, to_harbour=True)
    state.say(f"seat {seat} makes seat {other} an offer: from {where_name(where)}, {gone}")


def take_over(state, seat: int, space: int, members, guards: int) -> None:
    """MOB-5.6: the occupant's pieces go home; ours of exactly the same value replace them."""
    owner = state.space_owner[space]
    state.say(f"seat {seat} takes over {D.SPACE_NAMES[space]}; seat {owner}'s pieces go home")
    clear_space(state, space, to_harbour=False)
    place(state, seat, space, members, guards)


def piece_name(piece: int) -> str:
    return "bodyguard" if piece == GUARD else D.MEMBER_NAMES[piece]
