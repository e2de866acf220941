"""The Mob's one_order: ismcts (orders=1) builds each placement in one order of its pieces, and
still reaches every placement the rules allow."""

from __future__ import annotations

import random

import pytest

import famiglia
from famiglia.agents import ISMCTSAgent, heuristics, info_for, make_agent
from famiglia.games.the_mob import data as D
from famiglia.games.the_mob.actions import GUARD

one_order = heuristics.one_order("the-mob")


def _placements_begun(effect: str = "illegal", most: int = 24, games: int = 60):
    """States of random Mob games where a space has just been chosen for a placement by a card
    of `effect` ("illegal": a business; "takeover": an exact stake), the first `most` met."""
    mob = famiglia.load("the-mob")
    chooser = random.Random(7)
    for seed in range(games):
        state = mob.new(4, seed)
        while not state.is_over():
            seat = state.seats_to_act()[0]
            pending = state.pending
            begun = pending is not None and pending[1] >= 0 and not pending[2] and not pending[3]
            if begun and D.CARD_EFFECT[pending[0]] == effect:
                if any(a.kind == "add" for a in state.legal_actions(seat)):
                    yield state.clone(), seat
                    most -= 1
                    if most == 0:
                        return
            legal = state.legal_actions(seat)
            state.apply(seat, chooser.choice(legal))


def _finished_sets(state, seat, keep) -> set:
    """Every (members, bodyguards) a placement under way can be finished with, the moves at
    each step filtered by `keep`; positions are met once each (by their set, not their order)."""
    found, seen = set(), set()

    def walk(s):
        _, _, chosen, guards, _ = s.pending
        key = (frozenset(chosen), guards)
        if key in seen:
            return
        seen.add(key)
        for action in keep(s, seat, s.legal_actions(seat)):
            if action.kind == "done":
                found.add(key)
            elif action.kind == "add":
                after = s.clone()
                after.apply(seat, action)
                walk(after)

    walk(state)
    return found


def _orders(state, seat) -> int:
    """How many sequences of moves finish the placement when one_order filters each step."""
    total = 0
    for action in one_order(state, seat, state.legal_actions(seat)):
        if action.kind == "done":
            total += 1
        elif action.kind == "add":
            after = state.clone()
            after.apply(seat, action)
            total += _orders(after, seat)
    return total


@pytest.mark.parametrize("effect", [pytest.param("illegal", marks=pytest.mark.slow), "takeover"])
def test_one_order_still_reaches_every_placement_the_rules_allow_and_each_one_way_only(effect):
    checked = 0
    for state, seat in _placements_begun(effect, most=12 if effect == "takeover" else 24):
        every = _finished_sets(state, seat, lambda s, seat, legal: legal)
        assert every, "a placement the rules offered has no way to finish"
        assert _finished_sets(state, seat, one_order) == every
        assert _orders(state, seat) == len(every)
        checked += 1
    assert checked >= 12


def _midway():
    """A placement with one member chosen where a lower-numbered piece may still join."""
    for state, seat in _placements_begun():
        for first in state.legal_actions(seat):
            if first.kind != "add" or first.args[0] == GUARD:
                continue
            after = state.clone()
            after.apply(seat, first)
            lower = [
                a
                for a in after.legal_actions(seat)
                if a.kind == "add" and a.args[0] < first.args[0]
            ]
            if lower:
                return after, seat
    raise AssertionError("no placement with a lower piece still to add")


def _adds_below_the_last(node, seat, last) -> int:
    """Moves in the seat's tree that add a piece numbered below the one added just before."""
    found = sum(1 for a in node.stats if a.kind == "add" and last is not None and a.args[0] < last)
    for (mover, action), child in node.children.items():
        if mover == seat and action is not None and action.kind == "add":
            found += _adds_below_the_last(child, seat, action.args[0])
    return found


@pytest.mark.parametrize("orders", [0, 1])
def test_ismcts_with_orders_searches_placements_in_one_order(orders):
    state, seat = _midway()
    last = state.pending[2][-1]
    bot = ISMCTSAgent(seed=2, iterations=400, early=0, orders=orders)
    choice = bot.act(info_for(state, seat))
    assert choice in state.legal_actions(seat)
    out_of_order = _adds_below_the_last(bot.last_roots[seat], seat, last)
    if orders:
        assert out_of_order == 0
        assert not (choice.kind == "add" and choice.args[0] < last)
    else:
        assert out_of_order > 0  # without it the search does try the other orders


def test_orders_is_an_option_of_the_spec():
    bot = make_agent("ismcts:iterations=5,orders=1")
    assert bot.orders is True
    assert make_agent(bot.spec()).spec() == bot.spec()
    assert heuristics.one_order("cash-n-guns") is None  # most games have no such moves


def _exchanges(state, seat, keep, prefix=(), found=None, seen=None) -> tuple[set, int]:
    """(every set of cards the seat can return, how many ways lead to them) with the moves at
    each step filtered by `keep`. A set of cards already met is not walked again: what follows
    it is the same in whatever order it was marked (and one_order meets each in one order)."""
    found = set() if found is None else found
    seen = {} if seen is None else seen
    ways = 0
    for action in keep(state, seat, state.legal_actions(seat)):
        if action.kind == "keep":
            found.add(tuple(sorted(prefix)))
            ways += 1
        elif action.kind == "return":
            after = (*prefix, action.args[0])
            key = tuple(sorted(after))
            if key not in seen:
                child = state.clone()
                child.apply(seat, action)
                seen[key] = _exchanges(child, seat, keep, after, found, seen)[1]
            ways += seen[key]
    return found, ways


def test_one_order_marks_the_cards_to_exchange_in_one_order():
    mob = famiglia.load("the-mob")
    for seed in range(3):
        state = mob.new(4, seed)
        seat = state.seats_to_act()[0]
        every, ways = _exchanges(state, seat, lambda s, seat, legal: legal)
        ordered, one_way = _exchanges(state, seat, one_order)
        assert ordered == every
        assert one_way == len(every) < ways
