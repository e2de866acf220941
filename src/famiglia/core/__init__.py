"""The contract every game, bot and front end shares (see DESIGN.md)."""

from .actions import Action
from .errors import IllegalAction, RecordError
from .game import Game, Option, Result
from .rng import Rng, ScriptedRng
from .state import PUBLIC, State

__all__ = [
    "Action",
    "Game",
    "IllegalAction",
    "Option",
    "PUBLIC",
    "RecordError",
    "Result",
    "Rng",
    "ScriptedRng",
    "State",
]
