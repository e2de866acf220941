"""Positions for the bot tests: a game played forward by seeded random moves."""

from __future__ import annotations

from famiglia.core import Rng


def random_position(game, players: int, seed: int, moves: int, **options):
    """`game` (a Game) after up to `moves` random moves from seed `seed`, or its end."""
    state, rng = game.new(players, seed, **options), Rng(seed)
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return state
