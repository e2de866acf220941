"""Cash 'n Guns: loot as it would score now, discounted by the wounds that may yet kill.

The loot is the game's own tally (bills, diamonds and their bonus, paintings by the set; only
the living score). Each wound brings a player closer to death and to losing everything, so a
wounded player's loot counts for less.
"""

from __future__ import annotations

WOUND = 0.1  # share of the loot at risk per wound
SCALE = 40.0  # $40k ahead is a clear edge


def evaluate(state) -> list[float]:
    scores = state.result().scores
    return [
        scores[s] * max(0.0, 1.0 - WOUND * state.wounds[s]) / SCALE if state.alive[s] else 0.0
        for s in range(state.players)
    ]
