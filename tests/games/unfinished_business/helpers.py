"""Building Unfinished Business positions by hand for rule tests."""

from __future__ import annotations

import famiglia
from famiglia.games.unfinished_business.data import KIND_BITS, KIND_BY_NAME, KIND_MASK, NAME
from famiglia.games.unfinished_business.turn import run

GAME = famiglia.load("unfinished-business")


def k(name: str) -> int:
    return KIND_BY_NAME[name]


def kinds(names) -> list[int]:
    return [KIND_BY_NAME[n] for n in names]


def names(cards) -> list[str]:
    """Sorted card names of a zone (masks dropped)."""
    return sorted(NAME[c & KIND_MASK] for c in cards)


def known_by(card: int, seat: int) -> bool:
    return bool(card >> KIND_BITS & (1 << seat))


def scene(
    players=2,
    turn=0,
    hands=None,
    pile=(),
    market=("Weapons",),
    fronts=None,
    safes=None,
    bank=("Alcohol",) * 6,
    office=("Alcohol",),
    seed=0,
):
    """A position at the start of seat `turn`'s turn.

    hands / fronts / safes map seats to card names (fronts: a list of sets, top last; safes:
    top first). `pile` lists the draw pile top first; `market` lists the black market bottom
    first (top last). Anything not given is empty.
    """
    st = GAME.new(players, seed)
    hands = hands or {}
    fronts = fronts or {}
    safes = safes or {}
    st.hands = [kinds(hands.get(s, ())) for s in range(players)]
    st.fronts = [[tuple(kinds(cards)) for cards in fronts.get(s, ())] for s in range(players)]
    st.safes = [kinds(safes.get(s, ())) for s in range(players)]
    st.pile = kinds(reversed(pile))
    st.market = kinds(market)
    st.market_unseen = 0
    st.bank = kinds(bank)
    st.office = kinds(office)
    st.discard = []
    st.poker = [-1] * players
    st.godfather = [False] * players
    st.over = False
    st.stack = [("turn", turn)]
    st._legal = {}
    run(st)
    return st


def complete_deck(st):
    """Lays every card the scene left out on the discard pile, so that the position holds the
    whole deck once (UB-1.1), as a saved state must."""
    from collections import Counter

    from famiglia.games.unfinished_business.saved import DECK, _every_card

    missing = Counter(DECK)
    missing.subtract(_every_card(st))
    assert all(n >= 0 for n in missing.values()), "the scene holds more cards than the deck"
    st.discard += sorted(missing.elements())
    return st


def do(st, *texts: str, seat=None):
    """Plays moves given as the phrases a player types (by the first seat to act)."""
    for text in texts:
        who = st.seats_to_act()[0] if seat is None else seat
        st.apply(who, GAME.parse_action(st, who, text))


def texts(st, seat=None) -> list[str]:
    who = st.seats_to_act()[0] if seat is None else seat
    return [str(a) for a in st.legal_actions(who)]


def hand(st, seat) -> list[str]:
    return names(st.hands[seat])


def sets(st, seat) -> list[list[str]]:
    return [[NAME[x] for x in cards] for cards in st.fronts[seat]]


def safe(st, seat) -> list[str]:
    """The safe top first."""
    return [NAME[c & KIND_MASK] for c in st.safes[seat]]
