"""Applying a chosen move: the turn's option, each answer to a rule's question, and the effects
of the action cards (UB-4 to UB-9).

`answer` plays a move: it takes the decision answered off the stack and runs the move's effect,
one of DO's functions (state, seat, args, task), `task` being the decision just answered.
Effects push the tasks that follow (a fight's next answer, the looting bonus, refills); the
machine in turn.py runs them.
"""

from __future__ import annotations

from .actions import ZONES
from .cardmoves import (
    all_seats,
    find,
    remove_hidden,
    remove_kind_public,
    swap_zone,
)
from .data import (
    EFFECT,
    GODFATHER,
    INFO,
    IS_PROP,
    KIND_BITS,
    KIND_BY_NAME,
    KIND_MASK,
    NAME,
    PUBLIC_BIT,
    make_set,
)
from .events import discard_kinds


# ----- new sets: Investment and Black Market ---------------------------------------------------
def _new_set(state, seat, kinds, how) -> None:
    """UB-4.1, UB-5.1, UB-4.2: a new set on top; the starting bonus if it is the first."""
    first = not state.fronts[seat]
    state.fronts[seat].append(make_set(kinds))
    state.say(f"seat {seat} {how}")
    if first:
        state.stack.append(("bonus", seat))


def _do_invest(state, seat, args, task) -> None:
    """UB-4.1: two cards from the hand make a set."""
    a, b = KIND_BY_NAME[args[0]], KIND_BY_NAME[args[1]]
    hand = state.hands[seat]
    remove_kind_public(hand, a)
    remove_kind_public(hand, b)
    _new_set(state, seat, (a, b), f"invests {NAME[a]} + {NAME[b]}")


def _do_market(state, seat, args, task) -> None:
    """UB-5.1: a hand card and the black market's top card make a set."""
    kind = KIND_BY_NAME[args[0]]
    remove_kind_public(state.hands[seat], kind)
    top = state.market.pop()
    state.market_unseen = min(state.market_unseen, max(len(state.market) - 1, 0))
    after = f"; the black market now shows {NAME[state.market[-1]]}" if state.market else ""
    _new_set(
        state, seat, (kind, top), f"buys the black-market {NAME[top]} with {NAME[kind]}{after}"
    )


def _do_bonus(state, seat, args, task) -> None:
    """UB-4.2: the starting bonus, a hand card moved secretly into the safe."""
    card = remove_hidden(state.hands[seat], find(state.hands[seat], KIND_BY_NAME[args[0]]))
    state.safes[seat].append(card & KIND_MASK)
    state.say(f"seat {seat} moves a card from his hand into his safe (starting bonus)")
    state.say(f"you move {args[0]} into your safe", (seat,))


def _do_nobonus(state, seat, args, task) -> None:
    state.say(f"seat {seat} takes no starting bonus")


# ----- attacks (UB-6) and Revenge (UB-9.7) -----------------------------------------------------
# A fight is the task ("fight", mover, attacker, defender, revenge, cards played so far).
def _start_fight(state, seat, args, revenge) -> None:
    """UB-6.2: the attacker shows his card; the defender answers first."""
    other, kind = args[0], KIND_BY_NAME[args[1]]
    remove_kind_public(state.hands[seat], kind)
    word = "takes revenge on" if revenge else "attacks"
    target = NAME[state.fronts[other][-1][0]]
    state.say(f"seat {seat} {word} seat {other}'s {target} set with {NAME[kind]}")
    state.stack.append(("fight", other, seat, other, revenge, (kind,)))


def _do_attack(state, seat, args, task) -> None:
    _start_fight(state, seat, args, 0)


def _do_revenge(state, seat, args, task) -> None:
    _start_fight(state, seat, args, 1)


def _do_norevenge(state, seat, args, task) -> None:
    state.say(f"seat {seat} lets the revenge go")


def _do_answer(state, seat, args, task) -> None:
    """UB-6.3: the side to answer plays a matching card or a joker; the other side is next."""
    _, mover, attacker, defender, revenge, played = task
    kind = KIND_BY_NAME[args[0]]
    remove_kind_public(state.hands[mover], kind)
    state.say(f"seat {mover} answers with {NAME[kind]}")
    other = defender if mover == attacker else attacker
    state.stack.append(("fight", other, attacker, defender, revenge, (*played, kind)))


def _do_giveup(state, seat, args, task) -> None:
    """UB-6.3, UB-6.4, UB-6.6: the other side wins the attacked set and every card played."""
    _, mover, attacker, defender, revenge, played = task
    loser = mover
    winner = defender if mover == attacker else attacker
    won = make_set(state.fronts[defender].pop() + played)
    state.fronts[winner].append(won)
    state.say(
        f"seat {loser} gives up; seat {winner} wins the set {' + '.join(NAME[k] for k in won)}"
    )
    if not revenge:
        state.stack += [("fill", winner), ("fill", loser)]
    state.stack.append(("loot", winner))


def _do_loot(state, seat, args, task) -> None:
    """UB-6.5, UB-10.1: the looting bonus goes openly into the safe."""
    kind = KIND_BY_NAME[args[0]]
    rest = list(state.fronts[seat][-1])
    rest.remove(kind)
    state.fronts[seat][-1] = make_set(rest)
    state.safes[seat].append(kind | (all_seats(state) | PUBLIC_BIT) << KIND_BITS)
    state.say(f"seat {seat} loots {NAME[kind]} into his safe")


# ----- planning (UB-8) -------------------------------------------------------------------------
def _do_plan(state, seat, args, task) -> None:
    """UB-8.1: draw one card, then discard one."""
    state.say(f"seat {seat} plans")
    state.stack += [("discard", seat), ("draw", seat)]


def _do_discard(state, seat, args, task) -> None:
    """UB-8.1: a property card goes on the black market, any other card to the discard pile."""
    kind = remove_kind_public(state.hands[seat], KIND_BY_NAME[args[0]])
    if IS_PROP[kind]:
        state.market.append(kind)
        state.say(f"seat {seat} puts {NAME[kind]} on the black market")
    else:
        state.discard.append(kind)
        state.say(f"seat {seat} discards {NAME[kind]}")


# ----- action cards (UB-7) ---------------------------------------------------------------------
def _do_play(state, seat, args, task) -> None:
    """UB-7.1: the card is shown, resolved, and discarded (the Godfather stays out)."""
    kind = KIND_BY_NAME[args[0]]
    remove_kind_public(state.hands[seat], kind)
    if kind != GODFATHER:
        state.discard.append(kind)
    target = args[1] if len(args) > 1 else None
    state.say(
        f"seat {seat} plays {NAME[kind]}" + (f" on seat {target}" if target is not None else "")
    )
    _PLAYS[EFFECT[kind]](state, seat, kind, target)


def _play_burglary(state, seat, kind, other) -> None:
    """UB-7.4: the top (oldest) card of another Don's safe into the player's hand."""
    card = state.safes[other].pop(0)
    state.hands[seat].append(card | (1 << other) << KIND_BITS)
    state.say(f"seat {seat} takes the top card of seat {other}'s safe")
    state.say(f"seat {seat} takes {NAME[card & KIND_MASK]} from seat {other}'s safe", (seat, other))


def _play_launder(state, seat, kind, other) -> None:
    """UB-7.5: Money Laundry, up to `count` property cards into the safe."""
    state.stack.append(("launder", seat, INFO[kind]["count"]))


def _play_godfather(state, seat, kind, other) -> None:
    """UB-7.6: the player is shielded until the start of his next turn."""
    state.godfather[seat] = True


def _play_funeral(state, seat, kind, other) -> None:
    """UB-7.7: another Don discards his top set."""
    gone = state.fronts[other].pop()
    state.discard += gone
    state.say(f"seat {other} discards his top set {' + '.join(NAME[g] for g in gone)}")


def _play_interrogation(state, seat, kind, other) -> None:
    """UB-7.8: the player sees another Don's hand and will take a card of it."""
    hand = state.hands[other]
    bit = (1 << seat) << KIND_BITS
    for i, card in enumerate(hand):
        hand[i] = card | bit
    shown = ", ".join(sorted(NAME[card & KIND_MASK] for card in hand))
    state.say(f"seat {other}'s hand: {shown}", (seat, other))
    state.stack.append(("take", seat, other))


def _play_swap(state, seat, kind, other) -> None:
    """UB-7.9 Horse Betting, UB-7.10 Accountant: the player sees the zone and may swap."""
    z = ZONES.index(INFO[kind]["zone"])
    zone = swap_zone(state, z)
    bit = (1 << seat) << KIND_BITS
    for i, card in enumerate(zone):
        zone[i] = card | bit
    shown = ", ".join(sorted(NAME[card & KIND_MASK] for card in zone)) or "nothing"
    state.say(f"the {ZONES[z]} holds {shown}", (seat,))
    state.stack.append(("swaptake", seat, z))


_PLAYS = {
    "discard_kinds": discard_kinds,  # Hitman (UB-7.3), shared with the events Raid, Fake Money
    "burglary": _play_burglary,
    "launder": _play_launder,
    "godfather": _play_godfather,
    "funeral": _play_funeral,
    "interrogation": _play_interrogation,
    "swap": _play_swap,
}


def _do_launder(state, seat, args, task) -> None:
    """UB-7.5: one property card moved secretly into the safe; maybe another."""
    card = remove_hidden(state.hands[seat], find(state.hands[seat], KIND_BY_NAME[args[0]]))
    state.safes[seat].append(card & KIND_MASK)
    state.say(f"seat {seat} moves a card into his safe")
    state.say(f"you launder {args[0]}", (seat,))
    if task[2] > 1:
        state.stack.append(("launder", seat, task[2] - 1))


def _do_stop(state, seat, args, task) -> None:
    state.say(f"seat {seat} stops laundering")


def _do_take(state, seat, args, task) -> None:
    """UB-7.8: the chosen card of the interrogated hand; only the two Dons see which."""
    other = task[2]
    hand = state.hands[other]
    card = remove_hidden(hand, find(hand, KIND_BY_NAME[args[0]]), 1 << seat)
    state.hands[seat].append((card & KIND_MASK) | (1 << other) << KIND_BITS)
    state.say(f"seat {seat} takes a card from seat {other}'s hand")
    state.say(f"seat {seat} takes {args[0]} from seat {other}", (seat, other))


def _do_swaptake(state, seat, args, task) -> None:
    """UB-7.9, UB-7.10: a card of the zone into the hand; a property card must go back."""
    z = task[2]
    zone = swap_zone(state, z)
    card = remove_hidden(zone, find(zone, KIND_BY_NAME[args[0]]), 1 << seat)
    state.hands[seat].append(card & KIND_MASK)
    state.say(f"seat {seat} takes a card from the {ZONES[z]}")
    state.say(f"you take {args[0]} from the {ZONES[z]}", (seat,))
    state.stack.append(("swapgive", seat, z))


def _do_swapgive(state, seat, args, task) -> None:
    """UB-7.9, UB-7.10: a property card from the hand into the zone."""
    z = task[2]
    card = remove_hidden(state.hands[seat], find(state.hands[seat], KIND_BY_NAME[args[0]]))
    swap_zone(state, z).append((card & KIND_MASK) | (1 << seat) << KIND_BITS)
    state.say(f"seat {seat} puts a card in the {ZONES[z]}")
    state.say(f"you put {args[0]} in the {ZONES[z]}", (seat,))


def _do_noswap(state, seat, args, task) -> None:
    state.say(f"seat {seat} swaps nothing")


# ----- the Poker Round (UB-9.4) ----------------------------------------------------------------
def _do_pass(state, seat, args, task) -> None:
    """UB-9.4: a secret choice; once every Don has chosen, all cards go left at once."""
    card = remove_hidden(state.hands[seat], find(state.hands[seat], KIND_BY_NAME[args[0]]))
    state.poker[seat] = card & KIND_MASK
    state.say(f"seat {seat} has chosen a card")
    waiting = task[1] & ~(1 << seat)
    if waiting:
        state.stack.append(("poker", waiting))
        return
    n = state.players
    for other in range(n):
        kind = state.poker[other]
        if kind >= 0:
            state.poker[other] = -1
            left = (other + 1) % n
            state.hands[left].append(kind | (1 << other) << KIND_BITS)
            state.say(f"seat {other} passes {NAME[kind]} to seat {left}", (other, left))
    state.say("every Don passes his card to the left")


DO = {
    "invest": _do_invest,
    "market": _do_market,
    "attack": _do_attack,
    "play": _do_play,
    "plan": _do_plan,
    "bonus": _do_bonus,
    "nobonus": _do_nobonus,
    "answer": _do_answer,
    "giveup": _do_giveup,
    "loot": _do_loot,
    "discard": _do_discard,
    "launder": _do_launder,
    "stop": _do_stop,
    "take": _do_take,
    "swaptake": _do_swaptake,
    "swapgive": _do_swapgive,
    "noswap": _do_noswap,
    "pass": _do_pass,
    "revenge": _do_revenge,
    "norevenge": _do_norevenge,
}


def answer(state, seat, action) -> None:
    """Plays a legal answer to the decision on top of the stack (every phase's move)."""
    task = state.stack.pop()
    DO[action.kind](state, seat, action.args, task)
