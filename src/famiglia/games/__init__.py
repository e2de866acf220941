"""One package per game; each exposes GAME and never imports another game.

REGISTRY is the one place that lists the games: a new game is its own package here plus one
line below (docs/writing-a-game.md). `famiglia.games` is both this package and, as
docs/architecture.md describes, a call that lists the game names: importing a game package
binds `famiglia.games` to this module, so the module itself answers the call.
"""

from __future__ import annotations

import sys
import types

# Game name -> package holding its GAME. Each game is imported only when asked for.
REGISTRY = {
    "the-mob": "famiglia.games.the_mob",
    "unfinished-business": "famiglia.games.unfinished_business",
    "scarface-1920": "famiglia.games.scarface_1920",
    "cash-n-guns": "famiglia.games.cash_n_guns",
    "blood-feud": "famiglia.games.blood_feud",
}


class _GamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        return list(REGISTRY)


sys.modules[__name__].__class__ = _GamesPackage
