"""famiglia: mafia-themed tabletop games played by their exact rules."""

from __future__ import annotations

import importlib

from .core.errors import IllegalAction

__version__ = "0.2.0"
__all__ = ["REGISTRY", "IllegalAction", "game_names", "games", "load", "__version__"]

from . import games  # the games package, callable: famiglia.games()
from .games import REGISTRY


def game_names() -> list[str]:
    """The names `load` accepts; also reachable as `famiglia.games()`."""
    return list(REGISTRY)


def load(name: str):
    """The Game called `name`; ValueError listing the known names otherwise."""
    module = REGISTRY.get(name) if isinstance(name, str) else None
    if module is None:
        raise ValueError(f"unknown game {name!r}; games: {', '.join(REGISTRY)}")
    return importlib.import_module(module).GAME
