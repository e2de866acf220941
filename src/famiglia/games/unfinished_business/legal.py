"""The legal actions of the seat whose decision is on top of the task stack.

The turn's action choice (UB-3.2) is the busy one: invest (UB-4.1), buy from the black market
(UB-5.1), attack (UB-6.1, UB-6.2), play an action card (UB-7.1) or plan (UB-8.1). The other
decisions answer one step of a rule: the starting bonus, a fight, the looting bonus, ...
Each function is named after its decision and is that phase's `legal` in phases.py.
"""

from __future__ import annotations

from .actions import ZONES, make
from .cardmoves import counts, swap_zone
from .data import (
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


# The other seats in turn order after each seat, by table size: [players][seat] -> seats.
_OTHERS = [
    [tuple((seat + i) % n for i in range(1, n)) for seat in range(n)] for n in range(MAX_SEATS + 1)
]


def _attacks(state, seat, cnt, jokers, move) -> list:
    """UB-6.1, UB-6.2: every top set in reach, with a matching card or a joker (`jokers`:
    those in the hand)."""
    acts = []
    table = _ATTACK[move]
    fronts = state.fronts
    godfather = state.godfather
    for other in _OTHERS[state.players][seat]:
        if fronts[other] and not godfather[other]:  # UB-6.1
            row = table[other]
            wanted = fronts[other][-1][0]  # the top set's property
            if cnt[wanted]:
                acts.append(row[wanted])
            for j in jokers:
                acts.append(row[j])
    return acts


def act(state, seat) -> list:
    """UB-3.2: the turn's one option."""
    hand = state.hands[seat]
    cnt = counts(hand)
    held = _kinds(hand)  # (in kind order, as the lists go)
    acts = []
    jokers = [j for j in JOKERS if cnt[j]]
    for kind in held:  # UB-4.1
        if _INVESTABLE[kind]:
            row = _INVEST[kind]
            if cnt[kind] >= 2:
                acts.append(row[kind])
            for j in jokers:
                acts.append(row[j])
    if state.market:  # UB-5.1
        top = state.market[-1]
        if IS_JOKER[top]:
            for kind in held:
                if _INVESTABLE[kind]:
                    acts.append(_MARKET[kind][top])
        else:
            if cnt[top]:
                acts.append(_MARKET[top][top])
            for j in jokers:
                acts.append(_MARKET[j][top])
    acts += _attacks(state, seat, cnt, jokers, "attack")  # UB-6.1, UB-6.2
    others = _OTHERS[state.players][seat]
    for kind in held:  # UB-7.1
        if _PLAYABLE[kind]:
            row = _PLAY[kind]
            if kind in TARGETED:
                for other in others:
                    if _target_ok(state, seat, other, kind):
                        acts.append(row[other])
            else:
                acts.append(row[6])
    acts.append(_PLAN)  # UB-8.1
    return acts


def _prop_choices(state, seat, table) -> list:
    """One move of `table` per property kind in the seat's hand."""
    return [table[kind] for kind in _kinds(state.hands[seat]) if IS_PROP[kind]]


def bonus(state, seat) -> list:
    """UB-4.2: a property card from the hand into the safe, or none."""
    return [*_prop_choices(state, seat, _BONUS), _NOBONUS]


def fight(state, seat) -> list:
    """UB-6.3: answer with a matching card or a joker, or give up."""
    task = state.stack[-1]
    mover, defender = task[1], task[3]
    wanted = state.fronts[defender][-1][0]  # the attacked set's property
    cnt = counts(state.hands[mover])
    acts = []
    if cnt[wanted]:
        acts.append(_ANSWER[wanted])
    for j in JOKERS:
        if cnt[j]:
            acts.append(_ANSWER[j])
    acts.append(_GIVEUP)
    return acts


def loot(state, seat) -> list:
    """UB-6.5: one card of the won set into the safe; a real property stays."""
    loot = state.fronts[seat][-1]
    real = loot[0]  # make_set puts the real property first
    return [_LOOT[kind] for kind in _kinds(loot) if kind != real or loot.count(real) > 1]


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
    cnt = counts(state.hands[seat])
    jokers = [j for j in JOKERS if cnt[j]]
    return [*_attacks(state, seat, cnt, jokers, "revenge"), _NOREVENGE]
