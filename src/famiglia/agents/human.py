"""A person at a front end: the front end supplies `ask(info) -> Action`."""

from __future__ import annotations

from .base import Agent, Info


class HumanAgent(Agent):
    name = "human"

    def __init__(self, ask, seed: int = 0) -> None:
        self.ask = ask

    def act(self, info: Info):
        return self.ask(info)
