"""famiglia.rl.gym: one seat against famiglia's bots, as a Gymnasium env; the PettingZoo
envs' state() and render modes; the research presets."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import render_test

from famiglia.rl import gym, pettingzoo, presets


@pytest.mark.parametrize("name", ["cash-n-guns", "the-mob-tiny", "blood-feud-tiny"])
def test_gymnasiums_env_checker_passes(name):
    env = gym.make(name, seat=1, opponents="random", render_mode="ansi")
    check_env(env, skip_render_check=False)
    # made through Gymnasium, with a spec: the checker also tries every render mode
    made = gymnasium.make(gym.ENV_ID, game=name, seat=1, opponents="random", render_mode="ansi")
    check_env(made.unwrapped, skip_render_check=False)


def test_a_game_against_greedy_bots_ends_with_the_seats_ranking_reward():
    env = gym.make("cash-n-guns", seat=2, opponents="greedy", players=4)
    obs, info = env.reset(seed=3)
    assert obs.shape == env.observation_space.shape
    assert np.array_equal(info["action_mask"], env.action_masks())
    rng = np.random.default_rng(0)
    total, done = 0.0, False
    while not done:
        assert env.game_state.seats_to_act()[0] == 2  # the bots played up to the seat
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    ranking = info["ranking"]
    assert total == pytest.approx(
        1.0 - 2.0 / 3 * (ranking[2] - 1 + (ranking.count(ranking[2]) - 1) / 2)
    )
    assert env.state().shape == env.state_space.shape


def test_an_illegal_action_loses_or_raises():
    env = gym.make("cash-n-guns", opponents="random")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _obs, reward, terminated, _cut, info = env.step(illegal)
    assert reward == -1.0 and terminated and info["illegal"] and not env.action_masks().any()
    strict = gym.make("cash-n-guns", opponents="random", illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(illegal)


def test_opponents_may_be_callables_one_per_seat():
    calls = []

    def first(info):
        calls.append(info.seat)
        return info.legal_actions[0]

    env = gym.make("cash-n-guns", seat=0, opponents=[first, "random", first], players=4)
    env.reset(seed=1)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert set(calls) == {1, 3}
    with pytest.raises(ValueError, match="2 opponents given for the 3 other seats"):
        gym.make("cash-n-guns", opponents=["random", "random"], players=4)


def test_pettingzoo_state_and_render_modes(capsys):
    env = pettingzoo.env("cash-n-guns", 4, render_mode="ansi")
    env.reset(seed=0)
    assert env.state().shape == env.state_space.shape
    obs = env.observe("seat_0")["observation"]
    assert np.array_equal(env.state()[: len(obs)], obs)
    text = env.render()
    assert text and "\x1b" not in text  # plain text, no colour codes
    human = pettingzoo.env("cash-n-guns", 4, render_mode="human")
    render_test(lambda render_mode=None: pettingzoo.env("cash-n-guns", 4, render_mode=render_mode))
    human.reset(seed=0)
    assert human.render() is None and capsys.readouterr().out


def test_presets_are_shorter_games_and_listed():
    game, options = presets.resolve("blood-feud-short", {"take_manhattan": True})
    assert game == "blood-feud" and options == {"max_rounds": 3, "take_manhattan": True}
    assert presets.resolve("the-mob", {"max_years": 2}) == ("the-mob", {"max_years": 2})
    assert all(len(line) <= 80 for line in presets.listing())
    env = pettingzoo.env("the-mob-tiny", 4)
    assert env.table.options["max_years"] == 1


def test_the_vector_env_runs_envs_in_worker_processes():
    vec = gym.make_vec("cash-n-guns", num_envs=2, opponents="random", players=4)
    try:
        obs, infos = vec.reset(seed=[5, 6])
        assert obs.shape == (2, vec.single_observation_space.shape[0])
        masks = np.stack(vec.call("action_masks"))
        assert np.array_equal(masks, infos["action_mask"])
        actions = np.array([int(np.flatnonzero(m)[0]) for m in masks])
        _obs, rewards, _done, _cut, _infos = vec.step(actions)
        assert rewards.shape == (2,)
    finally:
        vec.close()


def test_gymnasium_make_knows_the_env_and_its_checker_tries_every_render_mode():
    env = gymnasium.make(gym.ENV_ID, game="cash-n-guns", opponents="random", render_mode="ansi")
    assert env.spec.id == gym.ENV_ID and env.unwrapped.metadata["render_modes"] == ["human", "ansi"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped, skip_render_check=False)
    assert not [w for w in caught if "render modes" in str(w.message)]
