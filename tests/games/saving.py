"""Helpers for the saved-state tests of every game: real saved states to break by hand, and
the refusal a broken one gets."""

from __future__ import annotations

import json

import pytest

from famiglia.core import Rng


def saved_when(game, players: int, found, seed: int = 0, moves: int = 5000, **options) -> dict:
    """The saved state (JSON) of the first position of a seeded random game where
    `found(state)` holds."""
    state, rng = game.new(players, seed, **options), Rng(seed)
    for _ in range(moves):
        if found(state):
            return json.loads(json.dumps(state.to_json()))
        if state.is_over():
            break
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    raise AssertionError("no such position in that game; try another seed")


def refusal(game, data: dict) -> str:
    """The ValueError `game.from_json` refuses `data` with (the test fails if it loads)."""
    with pytest.raises(ValueError) as info:
        game.from_json(data)
    message = str(info.value)
    assert message.startswith(f"broken {game.name} state: "), message
    return message.removeprefix(f"broken {game.name} state: ")
