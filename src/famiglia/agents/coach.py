"""A coach for learners: the hard bot's suggested move, with two alternatives and an estimate of
the chance to win after each.

The hint is worked out from the seat's information alone, as the bots decide: the search draws
its samples through `Info.sample`, and the estimates are averaged over fresh samples of what the
seat cannot see. So a hint never tells a player anything hidden from them (another player's
cards, the next card of a deck); it only reads their own position better.

The estimate is the game's evaluation read as odds (agents/heuristics.value_rewards with the
whole weight on winning): a fair guide to which move leaves you better placed, not a promise.
"""

from __future__ import annotations

from dataclasses import dataclass

from famiglia.core.rng import Rng

from . import heuristics
from .base import Info
from .ismcts import ISMCTSAgent

HINT_ITERATIONS = 400  # the search's budget: a hint must answer in about a second
SAMPLES = 16  # samples of the unseen, per move, for its estimate
SHOWN = 3  # the suggested move and two alternatives


@dataclass(frozen=True)
class Suggestion:
    action: object  # the Action
    chance: float  # estimated chance to win after it, 0..1
    visits: int  # how often the search chose it (its confidence)

    def to_json(self) -> dict:
        return {
            "action": self.action.to_json(),
            "text": self.action.text,
            "chance": round(self.chance, 3),
            "visits": self.visits,
        }


def hint(info: Info, seed: int = 0, iterations: int = HINT_ITERATIONS) -> list[Suggestion]:
    """The best moves for `info.seat`, best first (at most three; one when only one is legal)."""
    legal = info.legal_actions
    if not legal:
        raise ValueError(f"seat {info.seat} has no move to make now: no hint to give")
    if len(legal) == 1:
        return [Suggestion(legal[0], _chance(info, legal[0], seed), 0)]
    bot = ISMCTSAgent(seed=seed, iterations=iterations, early=0)
    bot.act(info)
    stats = bot.last_roots[info.seat].stats
    ranked = sorted(
        legal,
        key=lambda a: (
            (stats[a][0], stats[a][1] / stats[a][0]) if a in stats and stats[a][0] else (0, 0.0)
        ),
        reverse=True,
    )
    return [
        Suggestion(a, _chance(info, a, seed + i), stats[a][0] if a in stats else 0)
        for i, a in enumerate(ranked[:SHOWN])
    ]


def _chance(info: Info, action, seed: int) -> float:
    """The mean, over samples of what the seat cannot see, of its chance to win after `action`
    as the evaluation reads it (or as the result says, once the game is over)."""
    rng = Rng(seed)
    total = 0.0
    for _ in range(SAMPLES):
        sample = info.sample(rng)
        name = sample.game.name if sample.game else ""
        after = sample.after(info.seat, action, Rng(rng.next64()))
        total += heuristics.rewards(after, heuristics.for_game(name), 1.0)[info.seat]
    return total / SAMPLES


def describe(suggestions: list[Suggestion]) -> list[str]:
    """Lines a player reads: 'hint: <move> (about 42% to win)', then the alternatives."""
    lines = []
    for i, s in enumerate(suggestions):
        lead = "hint:" if i == 0 else "  or:"
        lines.append(f"{lead} {s.action.text} (about {round(100 * s.chance)}% to win)")
    return lines
