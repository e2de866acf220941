"""The random bot: uniform over the legal actions, from its own seeded generator."""

from __future__ import annotations

from famiglia.core.rng import Rng

from .base import Agent, Info


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, info: Info):
        return info.legal_actions[self.rng.below(len(info.legal_actions))]
