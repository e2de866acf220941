"""Evaluation functions for the bots: how well each seat stands in a state that is not over.

Each game's own is its Game's `evaluation` (games/<game>/evaluation.py), with
`evaluate(state) -> list[float]`: one value per seat, higher is better, in units where a
difference of 1 is a clear edge (each module divides by its own scale). Games without one use
`generic`. The bots only ever evaluate determinized samples, never the true state.

`rewards(state)` turns a state into one reward in [0, 1] per seat, the same way for a finished
game (its result) and for a cut-off one (the evaluation), so that search and greedy play aim at
the same thing: winning first, placing well second.

A game with one seat (a solo mode) is played against the game's own opponent: its result says
whether the seat won (place 1) or the opponent did, and its evaluation is the seat's edge over
that opponent, turned into odds by the same logistic curve.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import famiglia

from . import generic

Evaluate = Callable[[object], list]

WIN_WEIGHT = 0.5  # reward = WIN_WEIGHT * share of the win + (1 - WIN_WEIGHT) * place

_modules: dict[str, object] = {}


def _module(name: str):
    """The evaluation module written for game `name`, or the generic one."""
    found = _modules.get(name)
    if found is None:
        try:
            game = famiglia.load(name)
        except ValueError:  # a game outside the registry (a test's own): it has none
            game = None
        found = (game.evaluation if game is not None else None) or generic
        _modules[name] = found
    return found


def for_game(name: str) -> Evaluate:
    """The evaluation function written for game `name`, or the generic one."""
    return _module(name).evaluate


def turn_key(name: str):
    """The game's `turn_key(state)`, if its evaluation module has one: a value that changes
    when a turn passes. greedy looks through its own turn only, and in a game whose opponent
    plays inside the bot's last move (a solo mode) the bot is to act again at once: the key
    tells it where its turn ended. None for most games."""
    return getattr(_module(name), "turn_key", None)


def search_defaults(name: str) -> dict:
    """Search options game `name` plays best with (its module's SEARCH), used by ismcts where
    the player gave none: {} for most games."""
    return getattr(_module(name), "SEARCH", {})


def shunned(name: str) -> frozenset:
    """Kinds of move game `name` names as seldom worth playing at random (its module's SHUN),
    which ismcts's rollouts pass over where another move is legal: none for most games."""
    return frozenset(getattr(_module(name), "SHUN", ()))


def one_order(name: str):
    """The game's `one_order(state, seat, legal)`, if its evaluation module has one: the legal
    moves less those that only reach, in another order, what the moves kept reach too (the
    pieces of a placement, say). ismcts searches those alone with its option orders=1. None for
    most games."""
    return getattr(_module(name), "one_order", None)


def result_rewards(result, win: float = WIN_WEIGHT) -> list[float]:
    """Rewards of a finished game: a share of the win plus the fraction of seats beaten
    (`win` weighs the first against the second)."""
    ranking = result.ranking
    players = len(ranking)
    if players == 1:  # against the game's own opponent: a win or a loss
        return [1.0 if ranking[0] == 1 else 0.0]
    winners = len(result.winners) or 1
    out = []
    for seat, mine in enumerate(ranking):
        beaten = sum(1.0 if other > mine else 0.5 if other == mine else 0.0 for other in ranking)
        place = (beaten - 0.5) / (players - 1) if players > 1 else 1.0  # minus the seat itself
        # a win only for a winner: a seat placed 1 among the seats may still have lost to an
        # opponent without a seat (Tequila's purse, SF-T.4)
        share = 1.0 / winners if seat in result.winners else 0.0
        out.append(win * share + (1 - win) * place)
    return out


def value_rewards(values, win: float = WIN_WEIGHT) -> list[float]:
    """Rewards from evaluations: a seat beats another with logistic odds of their difference.

    The chance of winning is taken as the product of the chances of beating each other seat,
    normalised over the seats; the place as the mean of those chances.
    """
    players = len(values)
    if players == 1:  # the seat's edge over the game's own opponent
        return [1.0 / (1.0 + math.exp(-max(-700.0, min(700.0, values[0]))))]
    # 1 / (1 + exp(other - mine)) written as e_mine / (e_mine + e_other), one exp per seat;
    # shifted by the top value so nothing overflows, floored so nothing is exactly zero
    top = max(values)
    exps = [math.exp(max(v - top, -700.0)) for v in values]
    wins, places = [], []
    for s, mine in enumerate(exps):
        product, total = 1.0, 0.0
        for o, other in enumerate(exps):
            if o != s:
                p = mine / (mine + other)
                product *= p
                total += p
        wins.append(product)
        places.append(total / (players - 1))
    norm = sum(wins) or 1.0
    return [win * w / norm + (1 - win) * p for w, p in zip(wins, places, strict=True)]


def rewards(state, evaluate: Evaluate, win: float = WIN_WEIGHT) -> list[float]:
    """One reward in [0, 1] per seat: from the result if the game is over, else evaluated."""
    if state.is_over():
        return result_rewards(state.result(), win)
    return value_rewards(evaluate(state), win)
