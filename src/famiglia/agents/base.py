"""What a bot sees and how it answers: `Agent.act(info) -> Action`.

A bot never touches the true state. `Info.sample(rng)` hands it a determinized copy in which
everything hidden from its seat has been redrawn, which is all a search bot needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from famiglia.core.actions import Action


@dataclass
class Info:
    seat: int
    view: dict
    legal_actions: list[Action]
    _state: Any  # kept private: only sample() reaches it, through determinize

    def sample(self, rng) -> Any:
        """A state consistent with what this seat knows, hidden parts redrawn from `rng`;
        its narration holds only the lines this seat was told."""
        sample = self._state.determinize(self.seat, rng.next64())
        sample.forget_private_events(self.seat)
        return sample

    def told(self) -> list[str]:
        """The narration this seat was told: the public lines and its own."""
        return self._state.events(self.seat)


def info_for(state, seat: int) -> Info:
    return Info(seat, state.view(seat), state.legal_actions(seat), state)


class Agent:
    """A player. `name` is how it is asked for on the command line."""

    name = "agent"

    def act(self, info: Info) -> Action:
        raise NotImplementedError

    def spec(self) -> str:
        return self.name
