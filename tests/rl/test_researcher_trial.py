"""What a researcher met on a first try of the adapters: games and states sent to other
processes (pickled), the Solo Mode loaded by name, seeds and options checked alike by both
adapters, and misuse answered with a ValueError (or TypeError) that says what is allowed."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pyspiel
import pytest

import famiglia
from famiglia import rl
from famiglia.rl import openspiel, pettingzoo


def test_openspiel_games_and_states_pickle_and_deep_copy():
    """Ray and multiprocessing send games and states by pickle, as pyspiel's own games go."""
    game = openspiel.load("the-mob", 4, max_years=2)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.num_players() == 4
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert str(copied) == str(state) and copied.history() == state.history()
        copied.apply_action(copied.legal_actions()[-1])
        assert copied.history() != state.history()  # a copy, not the same state


def test_the_solo_mode_loads_by_name_with_its_one_player():
    """SF-S.1: `solo=true` is for 1 player; pyspiel's default player count yields to it."""
    game = pyspiel.load_game("famiglia_scarface_1920(solo=true)")
    assert game.num_players() == 1
    assert pyspiel.load_game("famiglia_the_mob").num_players() == 4
    with pytest.raises(ValueError, match="for 1 player"):
        rl.max_decisions("scarface-1920", 3, solo=True)


@pytest.mark.parametrize(
    "options, said",
    [
        ({"max_yeers": 2}, "unknown option 'max_yeers'"),
        ({"max_years": 2.0}, "max_years=2.0 is not allowed; allowed values: 1..1000 \\(whole"),
        ({"seed": -1}, "a seed must be a whole number from 0 to 2\\*\\*63 - 1"),
    ],
)
def test_both_adapters_refuse_a_bad_option_or_seed_alike(options, said):
    with pytest.raises(ValueError, match=said):
        openspiel.load("the-mob", 4, **options)
    seed = options.pop("seed", None)
    if seed is None:
        with pytest.raises(ValueError, match=said):
            pettingzoo.env("the-mob", 4, **options)
    else:
        env = pettingzoo.env("the-mob", 4)
        with pytest.raises(ValueError, match=said):
            env.reset(seed=seed)
        with pytest.raises(ValueError, match=said):
            env.reset(seed=2**64)
    assert pettingzoo.env("the-mob", 4, max_years=np.int64(2)).table.options["max_years"] == 2


def test_nothing_is_observed_after_the_end():
    env = pettingzoo.env("cash-n-guns", 4)
    env.reset(seed=1, options={"ignored": 1})  # (PettingZoo's api_test passes some)
    env.reset(seed=1)
    for _agent in env.agent_iter():
        _obs, _r, done, cut, _info = env.last()
        mask = _obs["action_mask"]
        env.step(None if done or cut else int(np.flatnonzero(mask)[0]))
    with pytest.raises(ValueError, match="every agent is done"):
        env.observe("seat_0")


def test_low_level_misuse_says_what_is_wrong():
    catalogue = rl.catalogue("the-mob")
    with pytest.raises(TypeError, match="Action objects"):
        catalogue.index("return Bar")
    state = famiglia.load("the-mob").new(4, 0)
    with pytest.raises(ValueError, match="seat must be 0 to 3, not 7"):
        rl.encoder("the-mob", 4).encode_state(state, 7)
    env = pettingzoo.env("scarface-1920", 3)
    env.reset(seed=2)
    legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
    while len(legal) <= 8:  # on to a choice of many moves
        env.step(int(legal[-1]))
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
    wrong = next(i for i in range(len(env.catalogue)) if i not in set(legal))
    with pytest.raises(ValueError, match=f"and {len(legal) - 8} more"):
        env.step(wrong)
