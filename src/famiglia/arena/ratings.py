"""Win-rate intervals (Wilson) and skill ratings (openskill's Plackett-Luce model)."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate `wins / n` (shared wins may be fractions)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A cautious single number: mu minus three sigmas."""
        return self.mu - 3 * self.sigma


class Ratings:
    """Ratings of bots, updated game by game (openskill's Plackett-Luce model).

    Each seat is its own team. When one bot holds several seats of a game, each seat is rated
    from the bot's rating before the game and the bot keeps the mean of the updates.
    """

    def __init__(self) -> None:
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        self.current: dict[str, tuple[float, float]] = {}

    def add(self, labels, ranking) -> None:
        """One game: the bot in each seat, and each seat's place."""
        model = self.model
        teams = []
        for label in labels:
            mu, sigma = self.current.get(label, (model.mu, model.sigma))
            teams.append([model.rating(mu=mu, sigma=sigma)])
        updated = model.rate(teams, ranks=list(ranking))
        sums: dict[str, list] = {}
        for label, (rating,) in zip(labels, updated, strict=True):
            acc = sums.setdefault(label, [0.0, 0.0, 0])
            acc[0] += rating.mu
            acc[1] += rating.sigma
            acc[2] += 1
        for label, (mu, sigma, n) in sums.items():
            self.current[label] = (mu / n, sigma / n)

    def ratings(self) -> dict[str, Rating]:
        return {label: Rating(mu, sigma) for label, (mu, sigma) in self.current.items()}


def rate(games) -> dict[str, Rating]:
    """Ratings of bots from games given as (labels per seat, ranking per seat), in order."""
    ratings = Ratings()
    for labels, ranking in games:
        ratings.add(labels, ranking)
    return ratings.ratings()
