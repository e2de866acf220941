"""famiglia.rl.pettingzoo: PettingZoo environments for every game (docs/rl.md)."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

import famiglia
from famiglia import rl
from famiglia.rl import pettingzoo as pz

from .tables import CASES, CONFIGS, short


@pytest.fixture(autouse=True)
def _quiet():
    # api_test warns that a Dict observation is not a plain array: so is every classic env's.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("config", CASES)
def test_api_test(config):
    name, players, options = config
    api_test(pz.env(name, players, render_mode="ansi", **options), num_cycles=1000)


@pytest.mark.parametrize("config", CASES)
def test_seed_test(config):
    name, players, options = config
    seed_test(lambda: pz.env(name, players, **options), num_cycles=500)


PARALLEL = [c for c in CONFIGS if c[0] == "cash-n-guns"] + [
    ("unfinished-business", 4, {}),  # the Poker Round is simultaneous too
    ("scarface-1920", 3, {"max_turns": 4}),
]


@pytest.mark.parametrize("config", PARALLEL, ids=[f"{c[0]}-{c[1]}p-{len(c[2])}" for c in PARALLEL])
def test_parallel_api_test(config):
    name, players, options = config
    parallel_api_test(pz.parallel_env(name, players, **options), num_cycles=1000)


def _play_parallel(env, seed):
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trail = []
    while env.agents:
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents}
        obs, rewards, terms, truncs, _ = env.step(actions)
        trail.append((sorted(actions.items()), sorted(rewards.items()), all(terms.values())))
    return trail, env.game_state.to_json()


def test_parallel_env_asks_every_seat_of_a_simultaneous_choice_at_once():
    env = pz.parallel_env("cash-n-guns", 5)
    obs, _ = env.reset(seed=3)
    called = set()
    while env.agents and len(called) < 2:
        to_act = env.game_state.seats_to_act()
        waiting = [a for a in env.agents if obs[a]["action_mask"][env.wait]]
        assert sorted(waiting) == sorted(a for a in env.agents if env.table.seat[a] not in to_act)
        if len(to_act) > 1:
            called.add(len(to_act))
        actions = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in env.agents}
        obs, *_ = env.step(actions)
    assert called, "no simultaneous decision was met"


def test_parallel_env_is_deterministic():
    first = _play_parallel(pz.parallel_env("cash-n-guns", 6, teams=True), seed=5)
    again = _play_parallel(pz.parallel_env("cash-n-guns", 6, teams=True), seed=5)
    assert first == again
    assert first[0][-1][2], "the game ended"


def _play(env, seed=0):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals, info


def test_rewards_are_the_final_ranking_between_minus_one_and_one():
    assert pz.ranking_rewards([1, 2, 3]) == [1.0, 0.0, -1.0]
    # Tied seats share the places they fill: the rewards add up to 0, a draw is 0 for all.
    assert pz.ranking_rewards([1, 1, 3, 4]) == pytest.approx([2 / 3, 2 / 3, -1 / 3, -1.0])
    assert pz.ranking_rewards([2, 3, 3, 1]) == pytest.approx([1 / 3, -2 / 3, -2 / 3, 1.0])
    assert pz.ranking_rewards([1, 1, 1]) == [0.0, 0.0, 0.0]
    assert pz.ranking_rewards([1, 1]) == [0.0, 0.0]
    assert pz.ranking_rewards([2, 1]) == [-1.0, 1.0]
    # One seat against the game's own opponent (SF-S.14): a win or a loss.
    assert pz.ranking_rewards([1]) == [1.0] and pz.ranking_rewards([2]) == [-1.0]
    # A place past the seats (an opponent without a seat placed above one): the last of four.
    assert pz.ranking_rewards([1, 2, 4]) == pytest.approx([1.0, 1.0 / 3, -1.0])
    env = pz.env("the-mob", 4, max_years=1)
    totals, info = _play(env, seed=2)
    ranking = info["ranking"]
    assert [totals[a] for a in env.possible_agents] == pz.ranking_rewards(ranking)
    assert info["capped"] is True and len(info["scores"]) == 4


def test_the_observation_is_the_encoder_and_the_mask_the_legal_actions():
    env = pz.env("unfinished-business", 3)
    env.reset(seed=4)
    enc, cat = rl.encoder("unfinished-business", 3), rl.catalogue("unfinished-business")
    for _ in range(30):
        agent = env.agent_selection
        seat = int(agent.split("_")[1])
        obs = env.observe(agent)
        state = env.game_state
        assert obs["observation"].dtype == np.float32
        assert obs["observation"].tolist() == list(enc.encode(state.view(seat), seat))
        legal = state.legal_actions(seat)
        assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(cat.indices(legal))
        other = env.possible_agents[(seat + 1) % 3]
        if (seat + 1) % 3 not in state.seats_to_act():
            assert not env.observe(other)["action_mask"].any()
        env.step(cat.index(legal[-1]))


@pytest.mark.parametrize("name", famiglia.games())
def test_every_step_observes_the_views_vector_and_masks_the_legal_actions(name):
    """Over a few games of each, so that lists of legal actions recur (their indices are
    memoised by the env) and the fast path meets many positions: the vector is the view's,
    encoded by the reference encoder, and the mask is exactly the legal actions."""
    players = famiglia.load(name).min_players + 1
    options = short(name, players)
    env = pz.env(name, players, **options)
    enc, cat = rl.encoder(name, players, **options), rl.catalogue(name)
    rng = np.random.default_rng(3)
    steps = 0
    for seed in range(3):
        env.reset(seed=seed)
        for agent in env.agent_iter(max_iter=300):
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            seat, state = int(agent[5:]), env.game_state
            assert obs["observation"].tolist() == list(enc.encode(state.view(seat), seat))
            legal = cat.indices(state.legal_actions(seat))
            assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(legal)
            env.step(int(rng.choice(legal)))
            steps += 1
    assert steps > 100


def test_an_illegal_action_is_refused_and_changes_nothing():
    env = pz.env("the-mob", 3)
    env.reset(seed=1)
    before = json.dumps(env.game_state.to_json())
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="is not legal for seat_\\d now; legal: "):
        env.step(illegal)
    with pytest.raises(ValueError, match="not legal"):
        env.step(10**6)
    with pytest.raises(ValueError, match="a whole-number index into the catalogue, not str"):
        env.step("keep")
    with pytest.raises(ValueError, match="not float 3.0"):
        env.step(3.0)
    with pytest.raises(ValueError, match="not NoneType"):
        env.step(None)  # (None is for agents that are done)
    assert json.dumps(env.game_state.to_json()) == before
    legal = int(np.flatnonzero(mask)[0])
    env.step(np.array(legal))  # a policy's 0-d array is an index too
    assert json.dumps(env.game_state.to_json()) != before


def test_misuse_is_refused_in_words():
    env = pz.env("the-mob", 3)
    for call in (env.last, lambda: env.step(0), lambda: env.observe("seat_0")):
        with pytest.raises(ValueError, match="call reset\\(\\) first"):
            call()
    env.reset(seed=2)
    with pytest.raises(ValueError, match="unknown agent 'seat_9'; agents: seat_0, seat_1"):
        env.observe("seat_9")
    with pytest.raises(ValueError, match="unknown agent 'bob'"):
        env.action_space("bob")
    _play(env, seed=2)
    for call in (env.last, lambda: env.step(None)):
        with pytest.raises(ValueError, match="the game is over and every agent is done"):
            call()
    with pytest.raises(ValueError, match="seed must be a whole number"):
        env.reset(seed=1.5)
    for bad in (0, -5, 2.5):
        with pytest.raises(ValueError, match="max_decisions must be a whole number of 1 or more"):
            pz.env("the-mob", 3, max_decisions=bad)
    with pytest.raises(ValueError, match="players must be a whole number, not '4'"):
        pz.env("the-mob", "4")


def test_a_parallel_step_with_one_illegal_action_plays_none():
    """Every action is checked before any is played: seats that chose well are not left having
    moved while the refused one must send again."""
    env = pz.parallel_env("cash-n-guns", 4)
    obs, _ = env.reset(seed=0)
    before = json.dumps(env.game_state.to_json())
    actions = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in env.agents}
    actions["seat_3"] = int(np.flatnonzero(obs["seat_3"]["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal for seat_3"):
        env.step(actions)
    assert json.dumps(env.game_state.to_json()) == before
    with pytest.raises(ValueError, match="unknown agent 'seat_7'"):
        env.step({**actions, "seat_7": 0})
    assert json.dumps(env.game_state.to_json()) == before


def test_an_observation_is_the_callers_to_change():
    env = pz.env("the-mob", 3)
    env.reset(seed=1)
    first = env.last()[0]
    first["action_mask"][:] = 0
    first["observation"][:] = 0
    again = env.last()[0]
    assert again["action_mask"].sum() > 0 and again["observation"].sum() > 0


def test_a_game_reaching_max_decisions_is_truncated_without_reward():
    env = pz.env("blood-feud", 2, max_decisions=5)
    totals, info = _play(env, seed=0)
    assert info == {"max_decisions": 5}
    assert set(totals.values()) == {0.0}
    assert env.table.decisions == 5 and not env.game_state.is_over()
    assert env.agents == []


def test_render_shows_a_spectators_picture():
    env = pz.env("cash-n-guns", 4, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "seat" in text.lower()
    quiet = pz.env("cash-n-guns", 4)
    quiet.reset(seed=0)
    assert quiet.render() is None
    with pytest.raises(ValueError, match="render_mode"):
        pz.env("cash-n-guns", 4, render_mode="rgb_array")


def test_simultaneous_choices_stay_secret_from_the_next_seat():
    """Cash 'n Guns' bullets: whatever the first seat loads, the next seat sees the same."""
    seen = []
    for pick in (0, -1):
        env = pz.env("cash-n-guns", 4)
        env.reset(seed=9)
        while env.game_state.phase != "bullet":
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(int(np.flatnonzero(mask)[0]))
        first = env.agent_selection
        options = np.flatnonzero(env.observe(first)["action_mask"])
        assert len(options) == 2  # a Click or a Bang!
        env.step(int(options[pick]))
        nxt = env.agent_selection
        assert nxt != first
        seen.append(env.observe(nxt)["observation"].tolist())
    assert seen[0] == seen[1]


def test_bad_games_and_counts_are_refused():
    with pytest.raises(ValueError, match="unknown game"):
        pz.env("monopoly", 4)
    with pytest.raises(ValueError, match="4 to 9 players"):
        pz.env("cash-n-guns", 3)
    with pytest.raises(ValueError, match="max_years"):
        pz.env("the-mob", 4, max_years=0)


def test_reset_without_a_seed_moves_on_to_the_next_game():
    env = pz.env("unfinished-business", 2)
    env.reset(seed=10)
    first = env.game_state.to_json()
    env.reset()
    assert env.game_state.to_json() == famiglia.load("unfinished-business").new(2, 11).to_json()
    env.reset(seed=10)
    assert env.game_state.to_json() == first


def test_pettingzoos_terminate_illegal_wrapper_makes_an_illegal_move_lose():
    from pettingzoo.utils.wrappers import TerminateIllegalWrapper

    env = TerminateIllegalWrapper(pz.env("the-mob", 3), illegal_reward=-1)
    env.reset(seed=1)
    obs, *_ = env.last()
    offender = env.agent_selection
    env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards[offender] == -1 and sum(env.rewards.values()) == -1
