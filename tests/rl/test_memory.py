"""The information-state tensor: the observation and the seat's memory of the moves it saw
(famiglia.rl.memory), the same through OpenSpiel's C++ path and the Python one, and made of
nothing the seat cannot know."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

from famiglia.rl import memory as fm
from famiglia.rl import openspiel as fos
from famiglia.rl.describe import shown_players

from .tables import GAMES, short


def _play(state, steps: int, seed: int):
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_python_tensors_equal_openspiels_own_path(name):
    players = shown_players(name)
    game = fos.load(name, players, **short(name, players))
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    for step in range(60):
        if state.is_terminal():
            break
        for seat in {0, state.current_player()}:
            base = pyspiel.State  # the C++ binding: OpenSpiel's observer and mask
            assert np.array_equal(
                state.observation_tensor(seat), base.observation_tensor(state, seat)
            )
            assert np.array_equal(
                state.information_state_tensor(seat), base.information_state_tensor(state, seat)
            )
            assert list(state.legal_actions_mask(seat)) == base.legal_actions_mask(state, seat)
        if step % 7 == 0:
            state = state.clone()  # (copies keep the history and the memory)
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.history() == [a for _p, a in (pa for pa in state.full_history())]
    assert len(state.history()) == state.move_number()


def test_memory_layout_and_what_it_remembers():
    game = fos.load("cash-n-guns", 4)
    layout = game.memory_layout
    assert game.information_state_tensor_size() == game.observation_tensor_size() + layout.size
    assert sum(size for _n, size, _m in layout.segments()) == layout.size
    state = game.new_initial_state()
    start = state.information_state_tensor(0)
    assert not start[game.observation_tensor_size() :].any()  # nothing seen yet
    seen = []
    for _ in range(3):
        player = state.current_player()
        action = state.legal_actions()[-1]
        seen.append((player, action))
        state.apply_action(action)
    info = state.information_state_tensor(seen[-1][0])
    obs = state.observation_tensor(seen[-1][0])
    assert not np.array_equal(info[: len(obs)], info) and np.array_equal(info[: len(obs)], obs)
    memory = info[len(obs) :]
    at = 0
    parts = {}
    for part, size, _meaning in layout.segments():
        parts[part] = memory[at : at + size]
        at += size
    player, action = seen[-1]
    assert parts["memory_recent"][: layout.players][player] == 1
    assert parts["memory_recent"][: layout.players].sum() == 1
    assert parts["memory_kinds"][layout.kind_of[action]] == pytest.approx(1 - fm.DECAY)
    assert parts["memory_mine"][0] == pytest.approx((action + 1) / layout.size_catalogue)
    acted = sum((1 - fm.DECAY) * fm.DECAY**i for i in range(3))
    assert parts["memory_acted"].sum() == pytest.approx(acted, rel=1e-5)


@pytest.mark.parametrize("name", GAMES)
def test_memory_holds_nothing_a_seat_cannot_tell(name):
    """Two moves of another seat that leave a seat's view and narration the same leave its
    information-state tensor the same; a resampled state (determinize) gives the same tensor
    for the seat it was drawn for."""
    players = shown_players(name)
    game = fos.load(name, players, **short(name, players))
    checked = 0
    for seed in range(3):
        state = game.new_initial_state()
        rng = np.random.default_rng(seed)
        while not state.is_terminal() and state.move_number() < 400:
            mover = state.current_player()
            legal = state.legal_actions()
            if len(legal) > 1:
                after = []
                for action in legal[:6]:
                    child = state.clone()
                    child.apply_action(action)
                    after.append(child)
                for seat in range(players):
                    if seat == mover:
                        continue
                    seen = {}
                    for child in after:
                        inner = child.famiglia_state
                        key = repr((inner.view(seat), inner.events(seat)))
                        tensor = child.information_state_tensor(seat)
                        if key in seen:
                            assert np.array_equal(seen[key], tensor)
                            checked += 1
                        seen[key] = tensor
            if state.move_number() % 25 == 0:
                seat = (mover + 1) % players
                sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
                sample = state.resample_from_infostate(seat, sampler)
                assert np.array_equal(
                    sample.information_state_tensor(seat), state.information_state_tensor(seat)
                )
            state.apply_action(int(rng.choice(legal)))
    if name == "cash-n-guns":
        assert checked > 0  # the secret bullet cards: moves a seat cannot tell apart


def test_information_state_string_is_bounded_and_memory_survives_serialization():
    game = fos.load("blood-feud", 4, max_rounds=2)
    state = _play(game.new_initial_state(), 800, 2)
    text = state.information_state_string(0)
    assert len(text.split("\n")) <= fos.INFO_LINES + 2  # the view, the digest, the last lines
    back = game.deserialize_state(state.serialize())
    assert np.array_equal(back.information_state_tensor(1), state.information_state_tensor(1))
    assert back.history() == state.history()
