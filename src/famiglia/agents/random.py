"""The random bot: uniform over the legal actions, from its own seeded generator."""

from __future__ import annotations

from famiglia.core.rng import Rng

from .base import Agent, Info


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, info: Info):
        legal = info.legal_actions
        if len(legal) == 1:  # forced: played at once, the generator left alone
            return legal[0]
        return legal[self.rng.below(len(legal))]
