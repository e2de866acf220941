"""Moving cards between zones and keeping track of who knows which card (UB-10).

A hidden card carries the seats that know it (see data.py). A card moved in plain sight keeps
its mask; a card moved where others cannot tell which one it was (a hand card put in a safe,
taken by Robbery, chosen for the Poker Round, ...) makes the onlookers forget what they knew of
that hand or zone. And the board's questions the rules ask in several places (counts, the
seats in turn order, who may be attacked).
"""

from __future__ import annotations

from .data import KIND_BITS, KIND_MASK, KINDS, NAME

EVERYONE = (1 << 7) - 1  # every seat bit and the public bit


def remove_at(cards: list, i: int, seers: int = EVERYONE) -> int:
    """Removes cards[i] and returns it (with its mask).

    `seers` are the seats (besides the zone's owner) that see which kind of card left; the
    others cannot follow the move and forget what they knew of the cards that stay. A seer
    knows which kind left but not which copy: if it knew of copies of that kind but not of
    the one that left, it now knows of one copy fewer.
    """
    card = cards.pop(i)
    if seers != EVERYONE:
        clear = KIND_MASK | (seers << KIND_BITS)
        for j, other in enumerate(cards):
            if other & ~clear:
                cards[j] = other & clear
    kind = card & KIND_MASK
    extra = 0
    for other in cards:
        if other & KIND_MASK == kind:
            extra |= other >> KIND_BITS
    extra &= ~(card >> KIND_BITS)
    if extra:
        for j, other in enumerate(cards):
            if other & KIND_MASK == kind:
                hit = (other >> KIND_BITS) & extra
                if hit:
                    cards[j] = other & ~(hit << KIND_BITS)
                    extra &= ~hit
                    if not extra:
                        break
    return card


def remove_public(cards: list, i: int) -> int:
    """Removes cards[i] in plain sight and returns its kind."""
    return remove_at(cards, i) & KIND_MASK


def remove_kind_public(cards: list, kind: int) -> int:
    """Removes a card of `kind` in plain sight (a card shown as it is played) and returns it."""
    for i, card in enumerate(cards):
        if card & KIND_MASK == kind:
            return remove_at(cards, i) & KIND_MASK
    raise AssertionError(f"no {NAME[kind]} to remove")


def remove_hidden(cards: list, i: int, keep: int = 0) -> int:
    """Removes cards[i] where only the seats in `keep` (and the owner) see which it was."""
    return remove_at(cards, i, keep)


def find(cards: list, kind: int) -> int:
    """The index of a card of `kind` in `cards`, or -1."""
    for i, card in enumerate(cards):
        if card & KIND_MASK == kind:
            return i
    return -1


def counts(cards) -> list:
    """How many cards of each kind `cards` holds, indexed by kind."""
    cnt = [0] * KINDS
    for card in cards:
        cnt[card & KIND_MASK] += 1
    return cnt


def all_seats(state) -> int:
    """The bit mask of every seat at the table."""
    return (1 << state.players) - 1


def clockwise(state, first: int):
    """Every seat in turn order, starting with `first` (events resolve this way, UB-9)."""
    n = state.players
    return [(first + i) % n for i in range(n)]


def swap_zone(state, z) -> list:
    """The face-down zone a swap reaches: 0 the bank (UB-7.10), 1 the betting office (UB-7.9)."""
    return state.bank if z == 0 else state.office


def attackable(state, seat, other) -> bool:
    """UB-6.1: another Don with a set in front of his safe, not under a Godfather."""
    return other != seat and bool(state.fronts[other]) and not state.godfather[other]
