"""The legal actions of the seat whose decision is on top of the task stack.

The turn's action choice (UB-3.2) is the busy one: invest (UB-4.1), buy from the black market
(UB-5.1), attack (UB-6.1, UB-6.2), play an action card (UB-7.1) or plan (UB-8.1). The other
decisions answer one step of a rule: the starting bonus, a fight, the looting bonus, ...
Each function is named after its decision and is that phase's `legal` in phases.py.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .actions import ZONES, make
from .cardmoves import counts, swap_zone
from .data import (
    COUNT,
    EFFECT,
    IS_ACTION,
    IS_JOKER,
    IS_PROP,
    JOKERS,
    KEY,
    KIND_MASK,
    KINDS,
    MAX_SEATS,
    NAME,
    PROPERTY_KINDS,
    TARGETED,
)

_INVESTABLE = [IS_PROP[kind] and not IS_JOKER[kind] for kind in range(KINDS)]  # by kind
_PLAYABLE = [IS_ACTION[kind] and kind != KEY for kind in range(KINDS)]
_PLAN = make("plan")


def _target_ok(state, seat, other, kind) -> bool:
    """Whom an action card may name (UB-7.4, UB-7.7, UB-7.8; UB-7.6 shields)."""
    if other == seat or state.godfather[other]:
        return False
    effect = EFFECT[kind]
    if effect == "burglary":
        return bool(state.safes[other])
    if effect == "funeral":
        return bool(state.fronts[other])
    return bool(state.hands[other])  # interrogation


# Every action of the turn's choice, built once: [kind][...] -> Action.
_INVEST = [
    [
        make("invest", (NAME[a], NAME[b])) if IS_PROP[a] and IS_PROP[b] else None
        for b in range(KINDS)
    ]
    for a in range(KINDS)
]
_MARKET = [
    [
        make("market", (NAME[a], NAME[b])) if IS_PROP[a] and IS_PROP[b] else None
        for b in range(KINDS)
    ]
    for a in range(KINDS)
]
_ATTACK = {
    move: [
        [make(move, (other, NAME[kind])) if IS_PROP[kind] else None for kind in range(KINDS)]
        for other in range(6)
    ]
    for move in ("attack", "revenge")
}
_PLAY = [
    [make("play", (NAME[kind], other)) for other in range(6)] + [make("play", (NAME[kind],))]
    if IS_ACTION[kind]
    else None
    for kind in range(KINDS)
]


def _one_card(move, allowed=IS_PROP, *extra) -> list:
    """[kind] -> the move naming one card of that kind (None where `allowed` says no)."""
    return [make(move, (NAME[kind], *extra)) if allowed[kind] else None for kind in range(KINDS)]


_ANY = [True] * KINDS
_BONUS = _one_card("bonus")
_ANSWER = _one_card("answer")
_LOOT = _one_card("loot")
_DISCARD = _one_card("discard", _ANY)
_LAUNDER = _one_card("launder")
_TAKE = _one_card("take", _ANY)
_PASS = _one_card("pass", _ANY)
_SWAPTAKE = [_one_card("swaptake", _ANY, zone) for zone in ZONES]
_SWAPGIVE = [_one_card("swapgive", IS_PROP, zone) for zone in ZONES]
_NOBONUS, _GIVEUP, _STOP = make("nobonus"), make("giveup"), make("stop")
_NOSWAP, _NOREVENGE = make("noswap"), make("norevenge")


def _kinds(cards) -> list:
    """The kinds among `cards`, each once, in kind order (the order of every legal list): a
    hand holds a few cards, so this is quicker than counting all the kinds there are."""
    return sorted({card & KIND_MASK for card in cards})


class _Properties(NamedTuple):
    """What the property cards of a hand allow whatever lies on the table: it depends on their
    kinds alone."""

    count: int  # how many property cards the hand holds
    held: tuple  # their kinds, each once, in kind order
    invest: tuple  # the Investments they make (UB-4.1)
    # [property kind] -> the kinds held that make a set with a card of that kind (UB-4.1,
    # UB-5.1), in kind order: for a property its copies and the jokers, for a joker the
    # properties that are no joker. They also attack or answer for a set of that kind (UB-6.2).
    partners: tuple


def _read_properties(hand) -> _Properties:
    """The _Properties of `hand`, worked out."""
    cnt = counts(hand)
    held = tuple(kind for kind in _kinds(hand) if IS_PROP[kind])
    jokers = tuple(j for j in JOKERS if cnt[j])
    investable = tuple(kind for kind in held if not IS_JOKER[kind])
    invest = []
    partners = [jokers] * len(PROPERTY_KINDS)  # (the property kinds come first: data.py)
    for j in JOKERS:
        partners[j] = investable
    for kind in investable:
        partners[kind] = (kind, *jokers)
        row = _INVEST[kind]
        if cnt[kind] >= 2:
            invest.append(row[kind])
        invest += [row[j] for j in jokers]
    count = sum(cnt[kind] for kind in held)
    return _Properties(count, held, tuple(invest), tuple(partners))


# The property cards of the hands met so far, by their kinds: a hand holds a few of eleven
# kinds, so the same mixes come back game after game (some 6,000 in 3,000 four-player games).
# An entry never goes stale (it is worked out from its key alone); the table is emptied when
# it grows past _MIXES_MAX, to bound its memory.
_MIXES: dict = {}
_MIXES_MAX = 20_000
# The key: the count of each property kind in its own bits (no hand holds more copies of a
# kind than the deck has, which saved.py checks for loaded games too); other cards add 0.
_KEY_UNIT = [1 << max(COUNT).bit_length() * kind if IS_PROP[kind] else 0 for kind in range(KINDS)]


def _properties(hand) -> _Properties:
    """What the property cards of `hand` allow, worked out the first time their mix is met."""
    key = 0
    for card in hand:
        key += _KEY_UNIT[card & KIND_MASK]
    found = _MIXES.get(key)
    if found is None:
        if len(_MIXES) >= _MIXES_MAX:
            _MIXES.clear()
        found = _MIXES[key] = _read_properties(hand)
    return found


# The other seats in turn order after each seat, by table size: [players][seat] -> seats.
_OTHERS = [
    [tuple((seat + i) % n for i in range(1, n)) for seat in range(n)] for n in range(MAX_SEATS + 1)
]


def _attacks(state, seat, partners, move, acts) -> list:
    """UB-6.1, UB-6.2: every top set in reach, with a matching card or a joker (`partners`:
    the hand's, _Properties.partners), added to `acts`."""
    table = _ATTACK[move]
    fronts = state.fronts
    godfather = state.godfather
    for other in _OTHERS[state.players][seat]:
        front = fronts[other]
        if front and not godfather[other]:  # UB-6.1
            row = table[other]
            for kind in partners[front[-1][0]]:  # the top set's property (never a joker)
                acts.append(row[kind])
    return acts


def act(state, seat) -> list:
    """UB-3.2: the turn's one option."""
    hand = state.hands[seat]
    count, _, invest, partners = _properties(hand)
    acts = list(invest)  # UB-4.1
    if state.market:  # UB-5.1
        top = state.market[-1]
        for kind in partners[top]:
            acts.append(_MARKET[kind][top])
    _attacks(state, seat, partners, "attack", acts)  # UB-6.1, UB-6.2
    if len(hand) > count:  # action cards too (UB-7.1); there is one of each
        plays = [card & KIND_MASK for card in hand if _PLAYABLE[card & KIND_MASK]]
        plays.sort()
        for kind in plays:
            row = _PLAY[kind]
            if kind in TARGETED:
                for other in _OTHERS[state.players][seat]:
                    if _target_ok(state, seat, other, kind):
                        acts.append(row[other])
            else:
                acts.append(row[6])
    acts.append(_PLAN)  # UB-8.1
    return acts


def _prop_choices(state, seat, table) -> list:
    """One move of `table` per property kind in the seat's hand."""
    return [table[kind] for kind in _properties(state.hands[seat]).held]


def bonus(state, seat) -> list:
    """UB-4.2: a property card from the hand into the safe, or none."""
    return [*_prop_choices(state, seat, _BONUS), _NOBONUS]


def fight(state, seat) -> list:
    """UB-6.3: answer with a matching card or a joker, or give up."""
    task = state.stack[-1]
    mover, defender = task[1], task[3]
    wanted = state.fronts[defender][-1][0]  # the attacked set's property
    return [*(_ANSWER[kind] for kind in _properties(state.hands[mover]).partners[wanted]), _GIVEUP]


def loot(state, seat) -> list:
    """UB-6.5: one card of the won set into the safe; a real property stays."""
    return list(_loot_choices(state.fronts[seat][-1]))


@lru_cache(maxsize=4096)  # (a set is a few kinds: the same sets are won again and again)
def _loot_choices(won: tuple) -> tuple:
    real = won[0]  # make_set puts the real property first
    return tuple(_LOOT[kind] for kind in _kinds(won) if kind != real or won.count(real) > 1)


def discard(state, seat) -> list:
    """UB-8.1: after planning, any hand card."""
    return [_DISCARD[kind] for kind in _kinds(state.hands[seat])]


def launder(state, seat) -> list:
    """UB-7.5: a property card into the safe, or stop."""
    return [*_prop_choices(state, seat, _LAUNDER), _STOP]


def take(state, seat) -> list:
    """UB-7.8: any card of the interrogated hand."""
    return [_TAKE[kind] for kind in _kinds(state.hands[state.stack[-1][2]])]


def swaptake(state, seat) -> list:
    """UB-7.9, UB-7.10: a card of the zone, only with a property card to give back."""
    z = state.stack[-1][2]
    if not any(IS_PROP[card & KIND_MASK] for card in state.hands[seat]):
        return [_NOSWAP]
    table = _SWAPTAKE[z]
    return [*(table[kind] for kind in _kinds(swap_zone(state, z))), _NOSWAP]


def swapgive(state, seat) -> list:
    """UB-7.9, UB-7.10: a property card from the hand in exchange."""
    return _prop_choices(state, seat, _SWAPGIVE[state.stack[-1][2]])


def poker(state, seat) -> list:
    """UB-9.4: any hand card to pass to the left."""
    return [_PASS[kind] for kind in _kinds(state.hands[seat])]


def revenge(state, seat) -> list:
    """UB-9.7: an attack as in UB-6.1, or let it go."""
    acts = _attacks(state, seat, _properties(state.hands[seat]).partners, "revenge", [])
    acts.append(_NOREVENGE)
    return acts
