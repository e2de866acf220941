"""famiglia: mafia-themed tabletop games played by their exact rules."""

from __future__ import annotations

import importlib

from .core.errors import IllegalAction

__version__ = "0.2.0"
__all__ = ["IllegalAction", "game_names", "games", "load", "__version__"]

# Game name -> module holding its GAME. Each game lives in its own package and is imported
# only when asked for.
_REGISTRY = {
    "the-mob": "famiglia.games.the_mob",
    "unfinished-business": "famiglia.games.unfinished_business",
    "scarface-1920": "famiglia.games.scarface_1920",
    "cash-n-guns": "famiglia.games.cash_n_guns",
    "blood-feud": "famiglia.games.blood_feud",
}


def game_names() -> list[str]:
    """The names `load` accepts; also reachable as `famiglia.games()`."""
    return list(_REGISTRY)


from . import games  # noqa: E402  (the games package, callable: famiglia.games())


def load(name: str):
    """The Game called `name`; ValueError listing the known names otherwise."""
    module = _REGISTRY.get(name) if isinstance(name, str) else None
    if module is None:
        raise ValueError(f"unknown game {name!r}; games: {', '.join(_REGISTRY)}")
    return importlib.import_module(module).GAME
