"""What each seat may know (MOB-9), and redrawing what it may not (determinize).

Public: the board, every family's photo, prison and harbour, cash and investments, the cards
played this year, and how many cards each hand, the stock and the set-aside pile hold.
Private: the cards in a hand, the cards a player set aside, the order of the stock.
"""

from __future__ import annotations

from famiglia.core import Rng

from . import data as D


def _names(cards) -> list[str]:
    return sorted(D.CARD_NAMES[c] for c in cards)


def view(s, seat: int | None) -> dict:
    # One pass over each family's members sorts them into photo, prison, harbour, the
    # out-of-circulation spaces and the businesses (this runs for every observation).
    names = D.MEMBER_NAMES
    families = []
    on_space: dict[int, list[int]] = {}
    ooc: list[list] = [[] for _ in D.OOC_SPACES]
    for seat_ in range(s.players):
        photo, harbour, prison = [], [], {}
        for m, where in enumerate(s.members[seat_]):
            if where == D.PHOTO:
                photo.append(names[m])
            elif where > D.PRISON_BASE:
                prison[names[m]] = where - D.PRISON_BASE
            elif where == D.HARBOUR:
                harbour.append(names[m])
            elif where >= D.OOC_BASE:
                ooc[where - D.OOC_BASE].append([seat_, names[m]])
            elif where >= 0:
                on_space.setdefault(where, []).append(m)
        families.append(
            {
                "cash": s.cash[seat_],
                "investment": s.invest[seat_],
                "photo": photo,
                "bodyguards": s.guards_photo[seat_],
                "prison": prison,
                "harbour": harbour,
                "bodyguards_removed": s.guards_removed[seat_],
                "bodyguards_lost": s.guards_lost[seat_],
                # cards chosen for return are still in the hand as far as the others can tell
                "hand_size": len(s.hands[seat_]) + len(s.marked[seat_]),
            }
        )
    spaces = {}
    for space, owner in enumerate(s.space_owner):
        if owner >= 0:
            members = on_space.get(space, ())
            guards = s.space_guards[space]
            spaces[D.SPACE_NAMES[space]] = {
                "family": owner,
                "members": [names[m] for m in members],
                "bodyguards": guards,
                "stake": sum(D.MEMBER_VALUES[m] for m in members) + guards * D.GUARD_VALUE,
                "value": D.SPACE_VALUE[space],
            }
    out = {
        "game": "the-mob",
        "year": s.year,
        "dealer": s.dealer,
        "starting_player": s.starting_player(),
        "phase": s.phase,
        "to_act": s.actor,
        "cards_played": s.cards_played,
        "cards_per_year": D.HAND_SIZE[s.players] * s.players,
        "last_card": s.last_card,
        "families": families,
        "illegal_businesses": spaces,
        "legal_businesses": {D.LEGAL_NAMES[i]: g for i, g in enumerate(s.legal_guard) if g >= 0},
        "out_of_circulation": {D.OOC_SPACES[i]: found for i, found in enumerate(ooc) if found},
        "played": [D.CARD_NAMES[c] for c in s.park],
        "stock": len(s.stock),
        "set_aside": sum(len(a) for a in s.set_aside),
        "in_play": _in_play(s),
        "strict_stakes": s.strict_stakes,
    }
    if seat is not None:
        out["seat"] = seat
        out["hand"] = _names(s.hands[seat])
        out["returning"] = _names(s.marked[seat])
        out["my_set_aside"] = _names(s.set_aside[seat])
    return out


def _in_play(s) -> dict | None:
    """The card on the table and the placement being built: public, as at the table."""
    if s.pending is None:
        return None
    card, space, chosen, guards, least = s.pending
    found = {"card": D.CARD_NAMES[card], "seat": s.actor}
    if space >= 0:
        found.update(
            space=D.SPACE_NAMES[space],
            members=[D.MEMBER_NAMES[m] for m in chosen],
            bodyguards=guards,
            needed=least,
        )
    return found


def determinize(s, seat: int, seed: int):
    """A copy in which every card `seat` cannot see is dealt again at random."""
    c = s.clone()
    others = [o for o in range(s.players) if o != seat]
    pool = list(c.stock)
    for o in others:
        pool += c.hands[o] + c.marked[o] + c.set_aside[o]
    Rng(seed).quick_shuffle(pool)
    for o in others:
        for pile in (c.hands[o], c.marked[o], c.set_aside[o]):
            for i in range(len(pile)):
                pile[i] = pool.pop()
    c.stock = pool
    c.rng = Rng(seed ^ 0x5DEECE66D)  # future shuffles must not be the true ones either
    return c
