"""The bot levels a player picks at a table (easy, medium, hard): the bot each stands for, a
line about it, and its rating in each game (levels.toml, written by bench/rate_levels.py)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).with_name("levels.toml")


@dataclass(frozen=True)
class Level:
    name: str
    spec: str  # the bot it stands for (famiglia.agents.make_agent)
    about: str  # one line for the lobby
    ratings: dict  # game -> {"mu", "sigma", "games", "seeds", "budget"}

    def to_json(self) -> dict:
        return {"name": self.name, "spec": self.spec, "about": self.about, "ratings": self.ratings}


@cache
def levels() -> dict[str, Level]:
    raw = tomllib.loads(DATA.read_text())
    ratings = raw.get("ratings", {})
    return {
        name: Level(name, entry["spec"], entry["about"], ratings.get(name, {}))
        for name, entry in raw["levels"].items()
    }


def spec_of(name_or_spec: str) -> str:
    """The bot spec a level's name stands for; any other text comes back as it is."""
    found = levels().get(name_or_spec.strip()) if isinstance(name_or_spec, str) else None
    return found.spec if found else name_or_spec


def for_game(game: str) -> list[dict]:
    """The levels as the lobby shows them for `game`: name, the bot, its line, and its rating
    in that game (mu, sigma, games, seeds, budget) or None where it was not rated."""
    return [
        {
            "name": level.name,
            "spec": level.spec,
            "about": level.about,
            "rating": level.ratings.get(game),
        }
        for level in levels().values()
    ]
