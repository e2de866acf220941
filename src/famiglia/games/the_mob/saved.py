"""A saved game of The Mob loads only if it is sound: every field of the right type, length
and range, every card and piece where it can be, and the phase, the seat to act and the card
being played agreeing with each other. The first problem is refused with ValueError naming it.
"""

from __future__ import annotations

from functools import cache

from famiglia.core.checks import (
    BOOL,
    Int,
    ListOf,
    Maybe,
    OneOf,
    Tuple,
    check_saved,
    checked,
    refuse,
    same_cards,
)

from . import data as D
from .placement import members_may_share
from .setup import OPTIONS

PHASES = ("exchange", "play", "rehire", "invest", "over")
CARD = Int(0, len(D.CARD_NAMES) - 1)
MEMBER = Int(0, len(D.MEMBERS) - 1)
SPACE = Int(0, len(D.SPACES) - 1)
GUARDS = Int(0, D.BODYGUARDS)
# Where a family member can be: on the photo, in the harbour, on a space, out of circulation,
# in a prison block.
LOCATION = OneOf(
    (
        D.PHOTO,
        D.HARBOUR,
        *D.SPACES,
        *(D.OOC_BASE + i for i in range(len(D.OOC_SPACES))),
        *(D.PRISON_BASE + block for block in range(1, D.PRISON_ENTRY + 1)),
    )
)


@cache  # the specs of a player count, built once
def _fields(n: int) -> dict:
    seat, owner = Int(0, n - 1), Int(-1, n - 1)
    hands = ListOf(ListOf(CARD), n)
    years = OPTIONS["max_years"].allowed
    return {
        "strict_stakes": BOOL,
        "max_years": OneOf(years),
        "year": Int(1, years.stop - 1),
        "dealer": seat,
        "phase": OneOf(PHASES),
        "actor": owner,
        "cards_played": Int(0, D.HAND_SIZE[n] * n),
        "queue": ListOf(seat, range(n + 1)),
        "last_card": BOOL,
        "cash": ListOf(Int(0), n),
        "invest": ListOf(Int(0, D.WIN_INVESTMENT), n),
        "members": ListOf(ListOf(LOCATION, len(D.MEMBERS)), n),
        "guards_photo": ListOf(GUARDS, n),
        "guards_removed": ListOf(GUARDS, n),
        "guards_lost": ListOf(GUARDS, n),
        "space_owner": ListOf(owner, len(D.SPACES)),
        "space_guards": ListOf(GUARDS, len(D.SPACES)),
        "legal_guard": ListOf(owner, len(D.LEGAL_NAMES)),
        "hands": hands,
        "marked": hands,
        "set_aside": hands,
        "stock": ListOf(CARD),
        "park": ListOf(CARD),
        "capped": BOOL,
        # the card being played: (card, space or -1, members chosen, bodyguards chosen, least)
        "pending": Maybe(Tuple(CARD, Int(-1, len(D.SPACES) - 1), ListOf(MEMBER), GUARDS, Int(0))),
    }


@checked("the-mob")
def load(cls, data: dict):
    """The state saved in `data`, or ValueError naming the first thing wrong with it."""
    check_saved(data, range(3, 7), _fields)
    s = cls._SAVED.from_json(cls, data)
    if s.year > s.max_years:
        refuse("year", f"is {s.year}, past max_years {s.max_years}")
    _cards(s)
    _pieces(s)
    _turn(s)
    if s.pending is not None:
        _pending(s)
    return s


def _cards(s) -> None:
    """MOB-1.2: every card of the deck is in exactly one place."""
    found = list(s.stock) + list(s.park)
    for seat in range(s.players):
        found += s.hands[seat] + s.marked[seat] + s.set_aside[seat]
    if s.pending is not None:
        found.append(s.pending[0])
    same_cards("the cards", found, D.deck(s.players), lambda c: D.CARD_NAMES[c])


def _pieces(s) -> None:
    """MOB-1.1, MOB-3.2, MOB-3.3: eight bodyguards per family; one family per space, its
    pieces allowed together; an owned space holds some of its owner's pieces."""
    guards = list(s.guards_photo)
    for seat in range(s.players):
        guards[seat] += s.guards_removed[seat] + s.guards_lost[seat]
    for space in D.SPACES:
        owner = s.space_owner[space]
        members = [
            (seat, m) for seat in range(s.players) for m in D.MEMBERS if s.members[seat][m] == space
        ]
        where = f"space_owner[{space}]"
        if any(seat != owner for seat, _ in members):
            refuse(where, f"is {owner}, but another family has members on {D.SPACE_NAMES[space]}")
        if owner < 0:
            if s.space_guards[space]:
                refuse(f"space_guards[{space}]", "counts bodyguards on a space nobody holds")
            continue
        if not members and not s.space_guards[space]:
            refuse(where, f"is {owner}, but no piece of that family is on {D.SPACE_NAMES[space]}")
        if not members_may_share([m for _, m in members]):
            refuse(f"members of seat {owner}", f"may not stand together on {D.SPACE_NAMES[space]}")
        guards[owner] += s.space_guards[space]
    for seat in s.legal_guard:
        if seat >= 0:
            guards[seat] += 1
    for seat, total in enumerate(guards):
        if total != D.BODYGUARDS:
            refuse(f"bodyguards of seat {seat}", f"number {total}, not {D.BODYGUARDS}")


def _turn(s) -> None:
    """The phase, the seat to act, the queue and the hands tell one story (MOB-2)."""
    n, phase = s.players, s.phase
    total = D.HAND_SIZE[n] * n
    if len(set(s.queue)) != len(s.queue):
        refuse("queue", "names a seat twice")
    if s.capped and phase != "over":
        refuse("capped", "is true in a game that is not over")
    if s.last_card != (phase == "play" and s.cards_played == total - 1):
        refuse("last_card", f"is {s.last_card} with {s.cards_played} of {total} cards played")
    if s.pending is not None and phase != "play":
        refuse("pending", f"holds a card in play in the {phase} phase")
    if phase == "over":
        if s.actor != -1 or s.queue:
            refuse("actor", "must be -1 and queue empty once the game is over")
    elif phase == "play":
        _play_turn(s, total)
    else:
        if not s.queue or s.actor != s.queue[0]:
            refuse("actor", f"is {s.actor}, but the {phase} queue is {s.queue}")
        if phase == "exchange":
            _exchange_turn(s)
        elif s.cards_played != total:
            refuse("cards_played", f"is {s.cards_played} in the {phase} phase, not {total}")
    if phase != "play":
        busy = [sp for sp in D.SPACES if s.space_owner[sp] >= 0]
        busy += [i for i, g in enumerate(s.legal_guard) if g >= 0]
        if busy or any(0 <= m < D.PRISON_BASE for row in s.members for m in row):
            refuse("members", f"stand on businesses in the {phase} phase (MOB-6.2)")
    if phase not in ("play", "exchange") and any(s.hands):
        refuse("hands", f"hold cards in the {phase} phase")


def _exchange_turn(s) -> None:
    """MOB-2.2: the seats from the dealer's left exchange in turn; only the seat exchanging
    has cards marked, no more than the stock can replace."""
    order = s.seat_order()
    if s.queue != order[len(order) - len(s.queue) :]:
        refuse("queue", f"is {s.queue}, not the last seats of {order}")
    if s.cards_played or s.park:
        refuse("cards_played", "must be 0 with no card played during the exchange")
    for seat in range(s.players):
        if s.marked[seat] and seat != s.actor:
            refuse(f"marked[{seat}]", "holds cards of a seat not exchanging now")
        if len(s.hands[seat]) + len(s.marked[seat]) != D.HAND_SIZE[s.players]:
            refuse(f"hands[{seat}]", f"must hold {D.HAND_SIZE[s.players]} cards with marked")
    if len(s.marked[s.actor]) > len(s.stock):
        refuse(f"marked[{s.actor}]", f"returns more cards than the stock's {len(s.stock)}")


def _play_turn(s, total: int) -> None:
    """MOB-2.3, MOB-2.4: one card a seat in turn; each hand holds the cards left to play."""
    n = s.players
    if s.cards_played >= total:
        refuse("cards_played", f"is {s.cards_played}, but a year has {total} cards")
    if len(s.park) != s.cards_played:
        refuse("park", f"holds {len(s.park)} cards, but {s.cards_played} were played")
    order = s.seat_order()
    if s.actor != order[s.cards_played % n]:
        refuse("actor", f"is {s.actor}, but card {s.cards_played + 1} is seat "
               f"{order[s.cards_played % n]}'s")  # fmt: skip
    for place, seat in enumerate(order):
        played = (s.cards_played - place + n - 1) // n
        left = D.HAND_SIZE[n] - played - (seat == s.actor and s.pending is not None)
        if len(s.hands[seat]) != left:
            refuse(f"hands[{seat}]", f"holds {len(s.hands[seat])} cards, not the {left} to play")
        if s.marked[seat]:
            refuse(f"marked[{seat}]", "holds cards after the exchange")


def _pending(s) -> None:
    """The card being played and the placement being built (MOB-3.5, MOB-5.6)."""
    card, space, chosen, guards, least = s.pending
    effect, seat = D.CARD_EFFECT[card], s.actor
    if effect == "legal":
        refuse("pending", "holds a legal business card, which is played at once")
    if space < 0:
        if chosen or guards or least:
            refuse("pending", "chooses pieces before a space")
        return
    if effect == "illegal":
        if space not in D.KIND_SPACES[D.CARD_INDEX[card]]:
            refuse("pending", f"places {D.CARD_NAMES[card]} on {D.SPACE_NAMES[space]}")
        from .placement import need

        wanted = need(s, seat, space, D.KIND_VALUES[D.CARD_INDEX[card]])
    elif effect == "takeover":
        if s.space_owner[space] in (-1, seat):
            refuse("pending", f"takes over {D.SPACE_NAMES[space]}, held by no rival")
        wanted = s.stake(space)
    else:
        refuse("pending", f"chooses a space for {D.CARD_NAMES[card]}")
    if least != wanted:
        refuse("pending", f"needs ${least}k on {D.SPACE_NAMES[space]}, the rules say ${wanted}k")
    if len(set(chosen)) != len(chosen) or any(s.members[seat][m] != D.PHOTO for m in chosen):
        refuse("pending", "chooses members that are not free on the family photo")
    home = [m for m in D.MEMBERS if s.members[seat][m] == space]
    if not members_may_share([*home, *chosen]):
        refuse("pending", f"chooses members that may not stand together on {D.SPACE_NAMES[space]}")
    if guards > s.guards_photo[seat]:
        refuse("pending", f"chooses {guards} bodyguards; the photo has {s.guards_photo[seat]}")
