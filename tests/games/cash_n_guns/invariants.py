"""What must hold in every position of Cash 'n Guns, checked by the conformance kit after
every move (tests/games/test_conformance.py): no card is ever created, the parcel bomb sits on
a share."""

from __future__ import annotations

from collections import Counter

from famiglia.games.cash_n_guns.data import DECK


def loot_never_grows(state):
    """Cards are never created: every card in play is one of the deck's 64 (kits and Clips go
    when used, lost loot goes)."""
    cards = Counter(state.table)
    for pile in state.piles:
        cards.update(pile)
    for loot in state.loot:
        cards.update(loot)
    for env in state.envelopes:
        cards.update(env)
    for _, unit in state.units:
        cards.update(unit)
    deck = Counter(DECK)
    for code, count in cards.items():
        if count > deck[code]:
            raise AssertionError(f"{count} x {code} in play, the deck has {deck[code]}")
    for seat in range(state.players):
        if min(state.hand[seat]) < 0 or state.wounds[seat] < 0:
            raise AssertionError(f"negative hand or wounds at seat {seat}")


def bomb_on_a_share(state):
    """CNG-11.5: a placed parcel bomb always sits on one share still on the table."""
    if state.bomb and state.bomb not in state.table and state.bomb not in state.tokens:
        raise AssertionError(f"the parcel bomb sits on {state.bomb!r}, which is not on the table")


INVARIANTS = [loot_never_grows, bomb_on_a_share]
