"""A saved game of Unfinished Business loads only if it is sound: every field of the right type,
length and range, all 141 cards present once each in zones that may hold them, and a task
stack the rules machine can run (turn.py). The first problem is refused with ValueError
naming it.
"""

from __future__ import annotations

from functools import cache

from famiglia.core.checks import (
    BOOL,
    Int,
    ListOf,
    OneOf,
    check_list,
    check_saved,
    checked,
    is_int,
    refuse,
    same_cards,
    shown,
)

from .actions import ZONES
from .data import (
    ACTION_KINDS,
    COUNT,
    EFFECT,
    EVENT_KINDS,
    GODFATHER,
    INFO,
    IS_EVENT,
    IS_JOKER,
    IS_PROP,
    KEY,
    KIND_BITS,
    KIND_MASK,
    KINDS,
    MAX_SEATS,
    NAME,
    PROPERTY_KINDS,
    PUBLIC_BIT,
    SETUP,
)
from .phases import PHASES as DECISIONS

KIND = Int(0, KINDS - 1)
PROPERTY = OneOf(PROPERTY_KINDS)
NOT_EVENT = OneOf(k for k in range(KINDS) if not IS_EVENT[k])
# The whole deck: each property kind its count, one of every action and event card.
DECK = [k for k in range(KINDS) for _ in range(COUNT[k])]
SUPPLY_ACTION = len(ACTION_KINDS) - 1 - SETUP["action_cards"]  # the Key is always dealt in
SUPPLY_EVENT = len(EVENT_KINDS) - SETUP["event_cards"]
LAUNDER_MOST = max(INFO[k].get("count", 1) for k in ACTION_KINDS if EFFECT[k] == "launder")
NEW_HAND = OneOf(k for k in EVENT_KINDS if EFFECT[k] == "new_hand")
# Decisions that can wait under plain tasks, and the task always right above them: the turn's
# option under the refill before it (UB-3.1), the discard of a plan under its draw (UB-8.1).
BURIED = {"act": "fill", "discard": "draw"}


class Hidden:
    """A card in a hidden zone: its kind and the seats that know it (data.py), of the kinds
    `allowed`."""

    def __init__(self, players: int, allowed) -> None:
        self.allowed = frozenset(allowed)
        self.bits = ((1 << players) - 1) | PUBLIC_BIT

    def __call__(self, card, where: str) -> None:
        if not is_int(card) or card < 0 or card & KIND_MASK not in self.allowed:
            refuse(where, f"must be a card that zone may hold, got {shown(card)}")
        if card >> KIND_BITS & ~self.bits:
            refuse(where, f"says a seat not at the table knows card {shown(card)}")


@cache  # the specs of a player count, built once
def _fields(n: int) -> dict:
    seat = Int(0, n - 1)
    hidden_props = ListOf(Hidden(n, PROPERTY_KINDS))
    not_events = ListOf(Hidden(n, NOT_EVENT.values))  # an event card is never kept (UB-3.5)
    return {
        "start": seat,
        "turn": seat,
        "over": BOOL,
        "market_unseen": Int(0),
        "stack": ListOf(_task_spec(n)),
        "safe_no": ListOf(Int(1, SETUP["safes"]), n),
        "hands": ListOf(not_events, n),
        "safes": ListOf(not_events, n),  # action cards too, worth nothing there (UB-10.4)
        "poker": ListOf(OneOf((-1, *NOT_EVENT.values)), n),
        "fronts": ListOf(ListOf(_set_spec), n),
        "market": ListOf(PROPERTY),
        "bank": hidden_props,
        "office": hidden_props,
        "pile": ListOf(KIND),
        "supply_action": ListOf(OneOf(k for k in ACTION_KINDS if k != KEY), SUPPLY_ACTION),
        "supply_event": ListOf(OneOf(EVENT_KINDS), SUPPLY_EVENT),
        "discard": ListOf(KIND),
        "godfather": ListOf(BOOL, n),
    }


def _set_spec(cards, where: str) -> None:
    """UB-4.1: a set is a real property card first, then more of it or jokers."""
    ListOf(PROPERTY, range(2, len(DECK)))(cards, where)
    if IS_JOKER[cards[0]] or any(k != cards[0] and not IS_JOKER[k] for k in cards):
        refuse(where, f"is not a set of one property with jokers: {shown(cards)}")


def _task_spec(n: int):
    """The shape of each task the rules machine knows (turn.py, effects.py, events.py)."""
    seat = Int(0, n - 1)
    shapes = {
        "check": (),
        "launder": (seat, Int(1, LAUNDER_MOST)),
        "take": (seat, seat),
        "swaptake": (seat, Int(0, len(ZONES) - 1)),
        "swapgive": (seat, Int(0, len(ZONES) - 1)),
        "poker": (Int(1, (1 << n) - 1),),
        "newhand": (seat, NEW_HAND),
        # mover, attacker, defender, revenge, the cards played so far
        "fight": (seat, seat, seat, OneOf((0, 1)), ListOf(PROPERTY, range(1, len(DECK)))),
    }
    for op in ("turn", "next", "fill", "draw", "act", "bonus", "loot", "discard", "revenge"):
        shapes[op] = (seat,)

    def check(task, where: str) -> None:
        check_list(task, where, range(1, 7))
        specs = shapes.get(task[0]) if isinstance(task[0], str) else None
        if specs is None:
            refuse(f"{where}[0]", f"must name a task of the rules, got {shown(task[0])}")
        check_list(task, where, 1 + len(specs))
        for i, spec in enumerate(specs, 1):
            spec(task[i], f"{where}[{i}]")

    return check


@checked("unfinished-business")
def load(cls, data: dict):
    """The state saved in `data`, or ValueError naming the first thing wrong with it."""
    n = check_saved(data, range(2, MAX_SEATS + 1), _fields)
    st = cls._build(data)
    if len(set(st.safe_no)) != n or st.start != st.safe_no.index(min(st.safe_no)):
        refuse("safe_no", "must be distinct, the lowest one's seat starting (UB-2)")
    if st.market_unseen > max(len(st.market) - 1, 0):
        refuse("market_unseen", f"is {st.market_unseen} with {len(st.market)} market cards")
    same_cards("the cards", _every_card(st), DECK, lambda k: NAME[k])
    if st.over:
        if st.stack:
            refuse("stack", "must be empty once the game is over")
        if any(st.hands) or any(k >= 0 for k in st.poker):
            refuse("hands", "must be empty once the game is over (UB-11.3)")
    else:
        _stack(st)
    return st


def _every_card(st) -> list:
    found = [c & KIND_MASK for zone in (*st.hands, *st.safes, st.bank, st.office) for c in zone]
    found += [k for k in st.poker if k >= 0]
    found += [k for front in st.fronts for cards in front for k in cards]
    found += st.market + st.pile + st.supply_action + st.supply_event + st.discard
    found += [GODFATHER] * sum(st.godfather)  # UB-7.6: it lies in front of its owner
    found += [k for task in st.stack if task[0] == "fight" for k in task[5]]
    return found


def _stack(st) -> None:
    """The machine can run the stack to its end: the turn's last task at the bottom, the
    decision waiting on top, and each task's cards and hands there when it comes up."""
    stack = st.stack
    if not stack or stack[0] != ("next", st.turn):
        refuse("stack", f"must start with the end of seat {st.turn}'s turn, got {shown(stack[:1])}")
    for i, task in enumerate(stack[1:-1], 1):
        op = task[0]
        if op in ("next", "turn"):
            refuse(f"stack[{i}]", "starts a turn inside another turn")
        if op in DECISIONS and (op not in BURIED or stack[i + 1] != (BURIED[op], task[1])):
            refuse(f"stack[{i}]", f"holds the decision {op!r} under other tasks")
    top = stack[-1]
    op, where = top[0], f"stack[{len(stack) - 1}]"
    if op not in DECISIONS:
        refuse(where, f"must be a decision waiting for a seat, got {op!r}")
    for seat, kind in enumerate(st.poker):
        if kind >= 0 and (op != "poker" or top[1] >> seat & 1):
            refuse(f"poker[{seat}]", "holds a card chosen outside a Poker Round")
    _decision(st, top, where)


def _decision(st, task, where: str) -> None:
    """What the decision on top needs so that its seat has a move (legal.py)."""
    op = task[0]
    if op == "fight":
        _, mover, attacker, defender, _, played = task
        if attacker == defender or not st.fronts[defender]:
            refuse(where, "is a fight without another Don's set to fight for")
        if mover != (defender if len(played) % 2 else attacker):
            refuse(where, f"has seat {mover} answer after {len(played)} card(s) played (UB-6.3)")
        wanted = st.fronts[defender][-1][0]
        if any(k != wanted and not IS_JOKER[k] for k in played):
            refuse(where, f"holds cards played that fit no {NAME[wanted]} set (UB-6.2)")
    elif op == "loot" and (not st.fronts[task[1]] or len(st.fronts[task[1]][-1]) < 3):
        # a set won is the set fought for and at least the attacking card (UB-6.4)
        refuse(where, "loots a set that was not won in a fight (UB-6.5)")
    elif op == "discard" and not st.hands[task[1]]:
        refuse(where, "asks for a discard from an empty hand (UB-8.1)")
    elif op == "take" and (task[2] == task[1] or not st.hands[task[2]]):
        refuse(where, "takes a card from no other Don's hand (UB-7.8)")
    elif op == "swapgive" and not any(IS_PROP[c & KIND_MASK] for c in st.hands[task[1]]):
        refuse(where, "asks for a property card the hand does not hold (UB-7.9)")
    elif op == "poker":
        for seat in range(st.players):
            if task[1] >> seat & 1 and not st.hands[seat]:
                refuse(where, f"waits for seat {seat}, who has no card to pass (UB-9.4)")
