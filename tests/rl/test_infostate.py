"""The information-state string names one information set (docs/rl.md, OpenSpiel): two states
whose strings for the seat to act are equal offer that seat the same moves and the same view.
OpenSpiel's ISMCTSBot keys its tree on the string, so two of its samples that broke this
(Blood Feud and Scarface 1920 did) made it fail."""

from __future__ import annotations

import json

import numpy as np
import pyspiel
import pytest

from famiglia.rl import openspiel as fos
from famiglia.rl.describe import shown_players

from .tables import GAMES, short

# Positions of random games, resampled for the seat to act, then played on a few random moves:
# what OpenSpiel's IS-MCTS meets in its simulations.
STEPS = 400
SAMPLES = 3


def _key(state):
    player = state.current_player()
    return player, state.information_state_string(player)


def _told(state):
    player = state.current_player()
    view = json.dumps(state.famiglia_state.view(player), sort_keys=True)
    return tuple(state.legal_actions()), view


def _sweep(game, seed: int) -> tuple[dict, list]:
    """Every (player, string) met, what it offered, and each string met offering otherwise."""
    rng = np.random.default_rng(seed)
    seen: dict = {}
    broken = []

    def meet(state, where: str) -> None:
        key, told = _key(state), _told(state)
        first = seen.setdefault(key, (told, where))
        if first[0] != told:
            broken.append((where, first[1], key[0], sorted(set(first[0][0]) ^ set(told[0]))))

    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    for step in range(STEPS):
        if state.is_terminal():
            break
        meet(state, f"step {step}")
        if step % 5 == 0:
            for k in range(SAMPLES):
                sample = state.resample_from_infostate(state.current_player(), sampler)
                for depth in range(int(rng.integers(0, 7))):
                    if sample.is_terminal():
                        break
                    meet(sample, f"sample {k} of step {step}, {depth} moves on")
                    sample.apply_action(int(rng.choice(sample.legal_actions())))
        state.apply_action(int(rng.choice(state.legal_actions())))
    return seen, broken


@pytest.mark.parametrize("name", GAMES)
def test_equal_strings_offer_equal_moves_and_views(name):
    players = shown_players(name)
    options = {**short(name, players)}
    if name == "blood-feud":
        options["max_rounds"] = 2
    game = fos.load(name, players, **options)
    for seed in (0, 1):
        seen, broken = _sweep(game, seed)
        assert len(seen) > 50
        assert not broken, f"{name}: one string, other moves or view: {broken[:3]}"


def test_two_histories_ending_alike_have_different_strings():
    """The string keeps a digest of all the narration the seat was told, not only its last
    INFO_LINES lines: states whose views and last lines agree but whose earlier lines differ
    are two information sets."""
    game = fos.load("cash-n-guns", 4, seed=3)
    texts = []
    for first in ("seat 1 said yes", "seat 1 said no"):
        state = game.new_initial_state()
        inner = state.famiglia_state
        inner.say(first)
        for k in range(fos.INFO_LINES):
            inner.say(f"line {k}")
        texts.append(state.information_state_string(0))
        game = fos.load("cash-n-guns", 4, seed=3)  # the same deal again
    assert texts[0].split("\n")[2:] == texts[1].split("\n")[2:]  # the last lines agree
    assert texts[0] != texts[1]
