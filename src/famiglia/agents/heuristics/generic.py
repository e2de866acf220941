"""The fallback evaluation for games without their own: the game's own scores as they stand.

Most games can state their result (money, points) before the end; where `result()` refuses an
unfinished state, every seat is valued the same and the search relies on its rollouts alone.
Scores are scaled by their spread so that the evaluation means the same in every game.
"""

from __future__ import annotations


def evaluate(state) -> list[float]:
    try:
        scores = [float(s) for s in state.result().scores]
    except Exception:  # an unfinished game may have no result yet: no opinion, then
        return [0.0] * state.players
    spread = max(scores) - min(scores)
    if spread <= 0:
        return [0.0] * len(scores)
    return [2.0 * s / spread for s in scores]
