"""The Mob: how well a family stands, as its odds of winning.

What a family holds: cash, its investment, its stakes on illegal businesses (paid at the
settlement unless someone clears the space first), its members (what earns next year's money;
those in prison apart, those in the harbour lost), its bodyguards on hand and those removed
(they can be hired back), and the cards in its hand (for what they may bring: an illegal
business card lets it place a stake, the attack cards hurt a rival; a seat's hand is only ever
known to the bot in its own sample, for the others it is a redraw of what they might hold).

How much each holding is worth was first judged by hand (BY_HAND, in $k: a step of investment
a little above the $100k it costs, a stake at most of its value, members at part of theirs).
Those weights played well but said little about who would win: on games held out, their log
loss was 1.34 against 1.39 for a uniform guess. The weights used now are fitted to the winners
of 600 games of greedy bots (bench/fit_mob_evaluation.py, evaluation.toml), per year
and drawn toward the judged ones: log loss 0.99. They count members for much more, and money
for more as the years pass, when the race to the chip on 10 is near its end. Both bots play
better with them (README, Strength).

A card being played is counted as if it will be finished: a placement under way counts the
pieces chosen so far as a stake (and the family it drives out as gone once the stake is high
enough), so that a bot looking through the steps of its own turn sees where they lead.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from famiglia.games.the_mob import data as D
from famiglia.games.the_mob import placement as P
from famiglia.games.the_mob.actions import GUARD as A_BODYGUARD

# The weights judged by hand, in $k (the fit starts from them and is drawn toward them)
INVEST_STEP = 115.0  # one step of investment (it costs 100)
WIN_BONUS = 1000.0  # the chip on 10
STAKE = 0.8  # share of a stake expected to be paid out at the settlement
MEMBER = 0.3  # share of a member's value kept as earning power
IN_PRISON = 0.2
GUARD = 6.0  # a bodyguard at hand
GUARD_REMOVED = 2.0
SCALE = 60.0  # $60k ahead was a clear edge: the judged weights over SCALE are logits
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
WIN = 10.0  # the chip on 10, in logits: a near-certain win
# ismcts explores its own moves more here than elsewhere: at 1 s a move it beat greedy 1.61x its
# share with c=1 (48 games) but only 1.10x with 0.3 (60 games), which let its first favourite
# keep nearly every visit while the other moves were never searched as deep. The rivals in its
# trees explore little (rivals=0.1), tried since a rival's exploring move is a mistake the bot
# gains by: 1.69x over 96 games, against 1.56x over 60 for c=1 alone, a little ahead but within
# the noise (README, Strength). Both measured with the weights judged by hand. Progressive
# widening (widen=1) keeps a wide choice's visits on its best-judged moves at first: with the
# fitted weights it won 2.17x the fair share over 72 games, against 1.91x over 64 without.
SEARCH = {"c": 1.0, "rivals": 0.1, "widen": 1.0}
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
HOLDINGS = ("cash", "invest", "stakes", "members", "prison", "guards", "removed", "hand")
_HAND_WORTH = tuple(CARD_WORTH[effect] for effect in D.CARD_EFFECT)
# the judged weight of each holding, in $k per $k (per bodyguard for the bodyguards)
BY_HAND = (1.0, INVEST_STEP / 100, STAKE, MEMBER, IN_PRISON, GUARD, GUARD_REMOVED, 1.0)

# The fitted weights: logits per $k of each holding (per bodyguard), for each year (1, 2, 3 and
# later) at its first card and at its last; between them, by the share of the year's cards
# played.
_FITTED = tomllib.loads((Path(__file__).parent / "evaluation.toml").read_text())
if tuple(_FITTED["holdings"]) != HOLDINGS:
    raise ValueError(f"evaluation.toml weighs {_FITTED['holdings']}, not {HOLDINGS}")
WEIGHTS = tuple((tuple(year["first"]), tuple(year["last"])) for year in _FITTED["year"])
_TEN = 100 * D.WIN_INVESTMENT  # $k invested with the chip on 10


def stage(state) -> tuple[int, float]:
    """Where the game stands for the weights: the row of WEIGHTS for its year (the last row
    for every later year) and the share of the year's cards played (bench/fit_mob_evaluation.py
    notes the same)."""
    year = min(max(state.year, 1), len(WEIGHTS)) - 1
    return year, min(1.0, state.cards_played / (D.HAND_SIZE[state.players] * state.players))


def evaluate(state) -> list[float]:
    """Each seat's odds of winning, as logits (heuristics.value_rewards compares them)."""
    year, t = stage(state)
    first, last = WEIGHTS[year]
    u = 1 - t
    w0, w1, w2, w3, w4, w5, w6, w7 = [u * a + t * b for a, b in zip(first, last, strict=True)]
    values = []
    for x0, x1, x2, x3, x4, x5, x6, x7 in holdings(state):  # (written out: it runs very often)
        value = w0 * x0 + w1 * x1 + w2 * x2 + w3 * x3 + w4 * x4 + w5 * x5 + w6 * x6 + w7 * x7
        values.append(value + WIN if x1 >= _TEN else value)
    return values


def by_hand(state) -> list[float]:
    """Each family's worth by the weights judged by hand (BY_HAND), in logits: the evaluation
    the fitted one was fitted from, by the games of greedy bots judging with it."""
    return [
        (
            sum(w * x for w, x in zip(BY_HAND, holding, strict=True))
            + (WIN_BONUS if holding[1] >= _TEN else 0.0)
        )
        / SCALE
        for holding in holdings(state)
    ]


def holdings(state) -> list[list[float]]:
    """Per seat, what it holds (HOLDINGS), in $k (bodyguards counted): cash, investment,
    stakes, members, prisoners, bodyguards, removed bodyguards, worth of the cards in hand.
    A member on an illegal business counts in the stake and among the members. The card
    being played counts as if finished (see the top)."""
    players = state.players
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
    found = []
    for seat in range(players):
        members = prison = 0.0
        for m, where in enumerate(state.members[seat]):
            if where == D.HARBOUR:
                continue
            if where > D.PRISON_BASE:
                prison += _VALUES[m]
                continue
            members += _VALUES[m]
            if 0 <= where < D.OOC_BASE:  # on an illegal business: part of the stake
                stakes[seat] += _VALUES[m]
        found.append(
            [
                state.cash[seat],
                100 * state.invest[seat],
                stakes[seat],
                members,
                prison,
                guards[seat],
                state.guards_removed[seat],
                sum(_HAND_WORTH[card] for card in state.hands[seat]),
            ]
        )
    if state.pending is not None:
        _count_pending(state, found)
    return found


def _count_pending(state, found) -> None:
    """Adds the effect of the card being played, as if it were finished (see the top)."""
    card, space, chosen, guards, least = state.pending
    effect = D.CARD_EFFECT[card]
    if effect not in ("illegal", "takeover"):
        return
    mine = found[state.actor]
    if space < 0:
        if effect == "illegal":
            mine[2] += PENDING_CARD * D.KIND_VALUES[D.CARD_INDEX[card]]
        return
    placed = sum(_VALUES[m] for m in chosen) + guards * D.GUARD_VALUE
    if placed < least:
        mine[2] += placed / 2
        return
    mine[2] += placed
    owner = state.space_owner[space]
    if owner >= 0 and owner != state.actor:
        theirs = found[owner]
        theirs[2] -= state.stake(space)
        if effect == "illegal":  # driven out: members to the harbour, bodyguards removed
            row = state.members[owner]
            theirs[3] -= sum(_VALUES[m] for m in D.MEMBERS if row[m] == space)
            theirs[5] -= state.space_guards[space]
            theirs[6] += state.space_guards[space]
