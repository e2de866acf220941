"""The contract every game, bot and front end shares (see docs/architecture.md)."""

from .actions import Action, ActionBook
from .errors import IllegalAction, RecordError
from .fields import LIST, NESTED, SCALAR, Fields
from .game import Game, Option, Result
from .phases import Phase
from .rng import Rng, ScriptedRng
from .schema import ActionSchema
from .state import PUBLIC, State

__all__ = [
    "Action",
    "ActionBook",
    "ActionSchema",
    "Fields",
    "Game",
    "IllegalAction",
    "LIST",
    "NESTED",
    "Option",
    "Phase",
    "PUBLIC",
    "RecordError",
    "Result",
    "Rng",
    "SCALAR",
    "ScriptedRng",
    "State",
]
