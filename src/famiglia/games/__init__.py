"""One package per game; each exposes GAME and never imports another game.

`famiglia.games` is both this package and, as docs/architecture.md describes, a call that
lists the game names: importing a game package binds `famiglia.games` to this module, so the
module itself answers the call.
"""

from __future__ import annotations

import sys
import types


class _GamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from famiglia import game_names

        return game_names()


sys.modules[__name__].__class__ = _GamesPackage
