"""The Mob: how well a family stands, in thousands of dollars.

What the rules reward: the first chip on 10 wins and a capped game ranks by investment, so a
step of investment is worth a little more than the $100k it costs, and the last step wins.
Cash is cash. A stake on an illegal business becomes that much income at the settlement unless
someone clears the space first, so it counts at most of its value. Members and bodyguards are
what earns next year's money: they count for part of their value, those in prison a bit less,
those in the harbour nothing. Removed bodyguards can be hired back for $5k, so they count for
less than one on the photo.

Cards in hand count for what they may bring: an illegal business card lets the family place
(and so earn) a stake; the attack cards hurt a rival. The values are rough, kept below what
playing a card well brings, so that holding a card never beats playing it; they make the
exchange of cards a real choice (a seat's hand is only ever known to the bot in its own sample:
for the other seats it is one redraw of what they might hold).

A card being played is counted as if it will be finished: a placement under way counts the
pieces chosen so far as a stake (and the family it drives out as gone once the stake is high
enough), so that a bot looking through the steps of its own turn sees where they lead.
"""

from __future__ import annotations

from famiglia.games.the_mob import data as D
from famiglia.games.the_mob import placement as P
from famiglia.games.the_mob.moves import GUARD as A_BODYGUARD

INVEST_STEP = 115.0  # value of one step of investment, in $k (it costs 100)
WIN_BONUS = 1000.0  # the chip on 10
STAKE = 0.8  # share of a stake expected to be paid out at the settlement
MEMBER = 0.3  # share of a member's value kept as earning power
IN_PRISON = 0.2
GUARD = 6.0  # a bodyguard at hand, in $k
GUARD_REMOVED = 2.0
CARD_WORTH = {  # $k, by card effect, for a card in hand
    "illegal": 30.0,
    "legal": 8.0,
    "ooc": 10.0,
    "fbi": 15.0,
    "protection": 8.0,
    "takeover": 12.0,
    "offer": 20.0,
}
PENDING_CARD = 0.5  # share of an illegal card's value expected from a card played, no space yet
SCALE = 60.0  # $60k ahead is a clear edge
# ismcts explores its own moves more here than elsewhere: at 1 s a move it beat greedy 1.61x its
# share with c=1 (48 games) but only 1.10x with 0.3 (60 games), which let its first favourite
# keep nearly every visit while the other moves were never searched as deep. The rivals in its
# trees explore little (rivals=0.1), tried since a rival's exploring move is a mistake the bot
# gains by: 1.69x over 96 games, against 1.56x over 60 for c=1 alone, a little ahead but within
# the noise (README, Strength)
SEARCH = {"c": 1.0, "rivals": 0.1}
# Moves a random rollout makes far more often than a player would: a quarter of random moves
# lay a card down unused, one in twenty-five undoes an investment (a $50k loss). ismcts's
# rollouts pass them over where another move is legal with its option shun=1, which is off:
# at 1 s it won 0.65x the fair share after 18 games (README, Strength)
SHUN = ("unused", "undo")


def one_order(state, seat, legal) -> list:
    """Cards to exchange are marked one at a time and a placement is built a piece at a time,
    but only the set counts: the search marks cards in the order of their numbers, and adds
    members in the order of theirs, then bodyguards, so that each set is reached one way only
    instead of once per order. A piece is kept only if the placement can still be finished in
    that order after it, so every set the rules allow is reached and no way leads to a dead
    end. (A placement begun in another order, by a player before a bot took the seat, keeps
    every move where that order would leave it no way on.) ismcts's orders=1 is off here: at
    1 s it won 1.40x the fair share over 40 games, no gain (README, Strength)."""
    if state.phase == "exchange":
        marked = state.marked[seat]
        if not marked:
            return legal
        return [a for a in legal if a.kind != "return" or a.args[0] >= marked[-1]]
    pending = state.pending
    if pending is None or pending[1] < 0:
        return legal
    card, space, chosen, guards, least = pending
    takeover = D.CARD_EFFECT[card] == "takeover"
    floor = A_BODYGUARD if guards else (chosen[-1] if chosen else -1)
    kept = []
    for a in legal:
        if a.kind == "add":
            piece = a.args[0]
            if piece < floor:
                continue
            if piece == A_BODYGUARD:  # only bodyguards may follow
                after, more, above = chosen, guards + 1, A_BODYGUARD
            else:  # only higher members and bodyguards may follow
                after, more, above = (*chosen, piece), guards, piece
            if takeover:
                if not P.exact_reachable(state, seat, after, more, least, above):
                    continue
            elif P.placement_reach(state, seat, space, after, more, above) < least:
                continue
        kept.append(a)
    if not any(a.kind in ("add", "done") for a in kept):
        return legal
    return kept


_VALUES = D.MEMBER_VALUES
_HAND_WORTH = tuple(CARD_WORTH[effect] for effect in D.CARD_EFFECT)


def evaluate(state) -> list[float]:
    players = state.players
    values = []
    stakes = [0.0] * players
    guards = list(state.guards_photo)
    space_guards = state.space_guards
    for space, owner in enumerate(state.space_owner):
        if owner >= 0:
            stakes[owner] += space_guards[space] * D.GUARD_VALUE
            guards[owner] += space_guards[space]
    for owner in state.legal_guard:
        if owner >= 0:
            guards[owner] += 1
    for seat in range(players):
        row = state.members[seat]
        members = 0.0
        for m, where in enumerate(row):
            if where == D.HARBOUR:
                continue
            if 0 <= where < D.OOC_BASE:  # on an illegal business: part of the stake
                stakes[seat] += _VALUES[m]
                members += MEMBER * _VALUES[m]
            elif where > D.PRISON_BASE:
                members += IN_PRISON * _VALUES[m]
            else:
                members += MEMBER * _VALUES[m]
        invest = state.invest[seat]
        value = (
            state.cash[seat]
            + INVEST_STEP * invest
            + (WIN_BONUS if invest >= D.WIN_INVESTMENT else 0.0)
            + STAKE * stakes[seat]
            + members
            + GUARD * guards[seat]
            + GUARD_REMOVED * state.guards_removed[seat]
            + sum(_HAND_WORTH[card] for card in state.hands[seat])
        )
        values.append(value)
    if state.pending is not None:
        _count_pending(state, values)
    return [v / SCALE for v in values]


def _count_pending(state, values) -> None:
    """Adds the effect of the card being played, as if it were finished (see the top)."""
    card, space, chosen, guards, least = state.pending
    effect = D.CARD_EFFECT[card]
    if effect not in ("illegal", "takeover"):
        return
    seat = state.actor
    if space < 0:
        if effect == "illegal":
            values[seat] += STAKE * PENDING_CARD * D.KIND_VALUES[D.CARD_INDEX[card]]
        return
    placed = sum(_VALUES[m] for m in chosen) + guards * D.GUARD_VALUE
    if placed < least:
        values[seat] += STAKE * placed / 2
        return
    values[seat] += STAKE * placed
    owner = state.space_owner[space]
    if owner >= 0 and owner != seat:
        values[owner] -= STAKE * state.stake(space)
        if effect == "illegal":  # driven out: members to the harbour, bodyguards removed
            row = state.members[owner]
            lost = sum(_VALUES[m] for m in D.MEMBERS if row[m] == space)
            values[owner] -= MEMBER * lost + (GUARD - GUARD_REMOVED) * state.space_guards[space]
