"""The Mob's year, top to bottom: the deal, then each phase's moves and what they do.

A year is a sequence of phases (declared in phases.py): the card exchange, the play of the
cards, hiring back bodyguards, and investing. Settlement and the prison move happen between
them without decisions. Bail and undoing an investment are open at any of a player's decisions.
"""

from __future__ import annotations

from . import cards as C
from . import data as D
from . import placement as P
from . import yearend as Y
from .actions import GUARD, act
from .state import MobState


def start_year(s: MobState) -> None:
    """The dealer shuffles every card and deals a hand to each, starting on his left."""
    deck = D.deck(s.players)
    s.rng.shuffle(deck)
    size = D.HAND_SIZE[s.players]
    s.hands = [[] for _ in range(s.players)]
    for _ in range(size):
        for seat in s.seat_order():
            s.hands[seat].append(deck.pop())
    s.stock = deck
    s.set_aside = [[] for _ in range(s.players)]
    s.marked = [[] for _ in range(s.players)]
    s.park = []
    s.cards_played = 0
    s.last_card = False
    s.pending = None
    s.say(f"year {s.year}: seat {s.dealer} deals {size} cards to each player")
    for seat in range(s.players):
        s.say("your hand: " + ", ".join(sorted(D.CARD_NAMES[c] for c in s.hands[seat])), (seat,))
    begin(s, "exchange", s.seat_order())


def begin(s: MobState, phase: str, queue: list[int]) -> None:
    s.phase = phase
    s.queue = list(queue)
    s.actor = s.queue[0]


def cards_per_year(s: MobState) -> int:
    return D.HAND_SIZE[s.players] * s.players


# ----- decisions open at any time (MOB-5.4, MOB-6.5) ----------------------------------------
def free_actions(s: MobState, seat: int) -> list:
    if s.invest[seat] == 0 and max(s.members[seat]) <= D.PRISON_BASE:
        return []  # nobody in prison, nothing invested: the usual case, answered at once
    found = [
        act("bail", m)
        for m in D.MEMBERS
        if s.members[seat][m] > D.PRISON_BASE and s.cash[seat] >= D.MEMBER_VALUES[m]
    ]
    if s.invest[seat] > 0:
        found.append(act("undo"))
    return found


# ----- the exchange (MOB-2.2) -------------------------------------------------------------------
def exchange_actions(s: MobState, seat: int) -> list:
    found = []
    if len(s.marked[seat]) < len(s.stock):
        found = [act("return", c) for c in sorted(set(s.hands[seat]))]
    return [*found, act("keep")]


def exchange(s: MobState, seat: int, action) -> None:
    if action.kind == "return":
        card = action.args[0]
        s.hands[seat].remove(card)
        s.marked[seat].append(card)
        return
    returned = s.marked[seat]
    drawn = [s.stock.pop() for _ in returned]
    s.set_aside[seat] += returned
    s.marked[seat] = []
    s.hands[seat] += drawn
    s.say(f"seat {seat} exchanges {len(returned)} card{'s' if len(returned) != 1 else ''}")
    if drawn:
        s.say("you draw " + ", ".join(D.CARD_NAMES[c] for c in drawn), (seat,))
    next_in_queue(s, lambda: begin(s, "play", s.seat_order()))


def next_in_queue(s: MobState, when_done) -> None:
    s.queue.pop(0)
    if s.queue:
        s.actor = s.queue[0]
    else:
        when_done()


# ----- playing the cards (MOB-2.3 to MOB-5) ------------------------------------------------------
def play_actions(s: MobState, seat: int) -> list:
    if s.pending is None:
        found = []
        fresh = P.fresh_reach(s, seat)  # the same for every card in the hand
        for c in sorted(set(s.hands[seat])):
            if C.playable(s, seat, c, fresh):
                found.append(act("play", c))
            found.append(act("unused", c))
        return found
    card, space, chosen, guards, least = s.pending
    effect = D.CARD_EFFECT[card]
    if space < 0:
        options = C.targets(s, seat, card)
    elif effect == "takeover":
        options = [act("add", p) for p in P.takeover_pieces(s, seat, chosen, guards, least)]
        if P.placed_value(chosen, guards) == least:
            options.append(act("done"))
    else:
        options = [act("add", p) for p in P.pieces_to_add(s, seat, space, chosen, guards, least)]
        if P.placed_value(chosen, guards) >= least:
            options.append(act("done"))
    return [*options, act("unused", card)]


def play(s: MobState, seat: int, action) -> None:
    kind, args = action.kind, action.args
    if kind == "play":
        card = args[0]
        s.hands[seat].remove(card)
        s.say(f"seat {seat} plays {D.CARD_NAMES[card]}")
        if D.CARD_EFFECT[card] == "legal":
            C.play_legal(s, seat, card)
            return finish_card(s, card)
        s.pending = (card, -1, (), 0, 0)
        return None
    if kind == "unused":
        card = args[0]
        if s.pending is None:
            s.hands[seat].remove(card)
        s.say(f"seat {seat} lays down {D.CARD_NAMES[card]} unused")
        return finish_card(s, card)
    card, space, chosen, guards, least = s.pending
    if kind == "space":
        value = D.KIND_VALUES[D.CARD_INDEX[card]]
        s.pending = (card, args[0], (), 0, P.need(s, seat, args[0], value))
    elif kind == "takeover":
        s.pending = (card, args[0], (), 0, s.stake(args[0]))
    elif kind == "add":
        if args[0] == GUARD:
            s.pending = (card, space, chosen, guards + 1, least)
        else:
            s.pending = (card, space, (*chosen, args[0]), guards, least)
    elif kind == "done":
        if D.CARD_EFFECT[card] == "takeover":
            C.take_over(s, seat, space, chosen, guards)
        else:
            C.place(s, seat, space, chosen, guards)
        return finish_card(s, card)
    else:
        resolve_target(s, seat, kind, args)
        return finish_card(s, card)
    return None


def resolve_target(s: MobState, seat: int, kind: str, args: tuple) -> None:
    if kind == "last":
        space, piece = args
        if piece == GUARD:
            C.place(s, seat, space, (), D.SPACE_VALUE[space] // D.GUARD_VALUE)
        else:
            C.place(s, seat, space, (piece,), 0)
    elif kind == "ooc":
        C.send_out(s, seat, *args)
    elif kind == "jail":
        C.jail(s, seat, *args)
    elif kind == "extort":
        C.extort(s, seat, *args)
    elif kind == "offer":
        C.offer(s, seat, *args)
    else:
        raise AssertionError(f"unexpected move {kind}")


def finish_card(s: MobState, card: int) -> None:
    """The card goes to the park; the next player plays, or the year ends (MOB-2.4)."""
    s.park.append(card)
    s.pending = None
    s.cards_played += 1
    total = cards_per_year(s)
    s.last_card = s.cards_played == total - 1
    if s.cards_played == total:
        end_year(s)
    else:
        s.actor = s.seat_order()[s.cards_played % s.players]


# ----- the end of the year (MOB-6, MOB-7) ----------------------------------------------------
def end_year(s: MobState) -> None:
    s.say(f"year {s.year} ends")
    Y.settle(s)
    Y.pieces_home(s)
    queue = []
    for seat in s.seat_order():
        if s.guards_removed[seat] and s.cash[seat] < D.GUARD_VALUE and s.invest[seat] == 0:
            Y.rehire(s, seat, 0)  # cannot pay for even one, nor undo an investment to (MOB-6.5)
        elif s.guards_removed[seat]:
            queue.append(seat)
    if queue:
        begin(s, "rehire", queue)
    else:
        after_rehiring(s)


def rehire_actions(s: MobState, seat: int) -> list:
    most = min(s.guards_removed[seat], s.cash[seat] // D.GUARD_VALUE)
    return [act("rehire", n) for n in range(most, -1, -1)]


def rehiring(s: MobState, seat: int, action) -> None:
    Y.rehire(s, seat, action.args[0])
    next_in_queue(s, lambda: after_rehiring(s))


def after_rehiring(s: MobState) -> None:
    Y.advance_prison(s)
    begin(s, "invest", s.seat_order())
    skip_idle_investors(s)


def invest_actions(s: MobState, seat: int) -> list:
    found = [act("invest")] if can_invest(s, seat) else []
    return [*found, act("stop")]


def can_invest(s: MobState, seat: int) -> bool:
    return s.cash[seat] >= D.INVEST_STEP and s.invest[seat] < D.WIN_INVESTMENT


def investing(s: MobState, seat: int, action) -> None:
    if action.kind == "invest":
        Y.invest(s, seat)
        return
    next_in_queue(s, lambda: close_year(s))
    if s.phase == "invest":
        skip_idle_investors(s)


def skip_idle_investors(s: MobState) -> None:
    """A player who can neither invest, undo nor bail has no decision: pass him by."""
    while s.phase == "invest" and not can_invest(s, s.actor) and not free_actions(s, s.actor):
        next_in_queue(s, lambda: close_year(s))


def close_year(s: MobState) -> None:
    if Y.game_over(s):
        s.queue, s.actor = [], -1
        return
    s.dealer = (s.dealer + 1) % s.players  # MOB-2.1
    s.year += 1
    start_year(s)
