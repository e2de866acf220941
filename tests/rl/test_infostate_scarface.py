"""Scarface 1920's information sets (SF-13.5, SF-5.6, SF-5.3): the figure carrying out the order
and whether one of its steps is done are in every seat's view, so in the information-state string
and both tensors. Without them a thug's Move order and the Angry Boss's, given while Angry Eliot
Ness stands with the Boss (the Boss then adds no points), shared one string but offered different
steps, and OpenSpiel's ISMCTSBot failed (KeyError in expand_if_necessary)."""

from __future__ import annotations

import numpy as np
import pytest

from famiglia.games.scarface_1920.rules.order_start import ORDERS
from famiglia.games.scarface_1920.rules.order_steps import ORDER_DONE
from famiglia.games.scarface_1920.rules.strength import boss_bonus
from famiglia.rl import openspiel as fos

PLAYERS = 4


def _game(seed: int, turns: int = 4):
    return fos.load("scarface-1920", PLAYERS, max_turns=turns, seed=seed)


def _index(game, action) -> int:
    return game.catalogue.index(action)


def _boss_move_without_bonus():
    """(game, state): a seat in its Action turn may give the Move order to a thug or to its
    Angry Boss, who stands with Angry Eliot Ness (so he adds no points), met in random play."""
    for seed in range(30):
        game = _game(seed)
        rng = np.random.default_rng(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            inner, p = state.famiglia_state, state.current_player()
            legal = state.legal_actions()
            if (
                inner.phase == "actions"
                and boss_bonus(inner, p) == (0, 0)
                and {_index(game, ORDERS["move", f]) for f in ("thug", "boss")} <= set(legal)
            ):
                return game, state
            state.apply_action(int(rng.choice(legal)))
    raise AssertionError("no Move order for a thug and for a Boss without bonus in 30 games")


def test_a_thug_order_and_an_angry_boss_order_have_different_strings():
    """SF-13.5 SF-5.6: the same order with the same points, given to a thug or to the Angry
    Boss: the steps differ (which figure moves), and so do the strings and both tensors; every
    seat's view names the figure."""
    game, state = _boss_move_without_bonus()
    p = state.current_player()
    children = {}
    for fig in ("thug", "boss"):
        child = state.clone()
        child.apply_action(_index(game, ORDERS["move", fig]))
        assert child.current_player() == p
        children[fig] = child
    thug, boss = children["thug"], children["boss"]
    assert set(thug.legal_actions()) != set(boss.legal_actions())  # what the strings must split
    views = {fig: c.famiglia_state.view(p) for fig, c in children.items()}
    assert views["thug"]["order"] == views["boss"]["order"]  # the same kind and points left
    assert {k for k in views["thug"] if views["thug"][k] != views["boss"][k]} == {"order_figure"}
    for seat in range(PLAYERS):  # public: every seat is told (SF-13.5)
        assert thug.famiglia_state.view(seat)["order_figure"] == "thug"
        assert boss.famiglia_state.view(seat)["order_figure"] == "boss"
        assert thug.information_state_string(seat) != boss.information_state_string(seat)
        assert not np.array_equal(thug.observation_tensor(seat), boss.observation_tensor(seat))
        assert not np.array_equal(
            thug.information_state_tensor(seat), boss.information_state_tensor(seat)
        )


def test_the_view_tells_whether_a_step_of_the_order_was_done():
    """SF-13.5 SF-5.3: the order may be finished once one of its steps was carried out: the
    view says so, and no figure is shown outside the order phase."""
    game, state = _boss_move_without_bonus()
    p = state.current_player()
    assert state.famiglia_state.view(p)["order_figure"] == ""
    assert state.famiglia_state.view(p)["order_step_done"] is False
    state.apply_action(_index(game, ORDERS["move", "boss"]))
    done = _index(game, ORDER_DONE)
    steps = [a for a in state.legal_actions() if game.catalogue[a].kind == "move"]
    assert steps and done not in state.legal_actions()
    before = state.observation_tensor(p)
    state.apply_action(steps[0])
    view = state.famiglia_state.view(p)
    assert view["phase"] == "order" and view["order_step_done"] is True
    assert done in state.legal_actions()
    assert not np.array_equal(before, state.observation_tensor(p))


def _meet(seen: dict, broken: list, state, where: str) -> None:
    p = state.current_player()
    key = (p, state.information_state_string(p))
    legal = tuple(state.legal_actions())
    first = seen.setdefault(key, (legal, where))
    if first[0] != legal:
        broken.append((where, first[1]))


# Seeds 2, 4 and 5 met a thug's and a Boss's order under one string before SF-13.5.
@pytest.mark.parametrize("seed", range(6))
def test_equal_strings_offer_equal_moves_in_random_games(seed):
    """Property over random 4-player games: whenever two states give the seat to act the same
    information-state string, they offer the same legal actions. Besides the game played, every
    order the seat could give is tried, followed a few moves on by the moves its siblings share:
    where an IS-MCTS tree meets two branches with one string."""
    game = _game(seed)
    rng = np.random.default_rng(seed)
    seen: dict = {}
    broken: list = []
    orders = 0
    state = game.new_initial_state()
    step = 0
    while not state.is_terminal():
        _meet(seen, broken, state, f"step {step}")
        legal = state.legal_actions()
        given = [a for a in legal if game.catalogue[a].kind == "order"]
        branches = []
        for a in given:
            branch = state.clone()
            branch.apply_action(a)
            branches.append(branch)
        for depth in range(3):
            live = [b for b in branches if not b.is_terminal()]
            for b in live:
                _meet(seen, broken, b, f"step {step}, order {depth} moves on")
            if len(live) < 2:
                break
            shared = set.intersection(*(set(b.legal_actions()) for b in live))
            if not shared:
                break
            pick = int(rng.choice(sorted(shared)))
            for b in live:
                b.apply_action(pick)
        orders += len(given)
        state.apply_action(int(rng.choice(legal)))
        step += 1
    assert orders > 20 and len(seen) > 200  # enough was compared
    assert not broken, f"one string, other legal actions: {broken[:3]}"


def test_a_sample_keeps_the_order_under_way():
    """SF-13.4 SF-13.5: a determinized sample for any seat keeps the order's figure and whether
    a step was done: they are public, so every seat's view of them is unchanged."""
    game, state = _boss_move_without_bonus()
    state.apply_action(_index(game, ORDERS["move", "boss"]))
    inner = state.famiglia_state
    for seat in range(PLAYERS):
        for k in range(3):
            sample = inner.determinize(seat, 50 + k)
            assert sample.view(seat) == inner.view(seat)
            assert sample.view(seat)["order_figure"] == "boss"
