"""Per-game research tables: each module holds a game's action catalogue and its observation
encoder, built from the game's data (names of cards, spaces, members) and read from its view.
The encoder's fast path, which reads the state instead, is in famiglia.rl.fast.

A module is named after its game (`-` becomes `_`) and provides:
- `SEATS`: seat numbers an action may name (the game's most players),
- `entries()`: (kind, args) of every action, in catalogue order,
- optionally `LOOSE` and `label` (see famiglia.rl.catalogue),
- `Encoder(players, options)`: a famiglia.rl.encoding.Encoder for the game,
- `max_decisions(players, options)`: an upper bound on the decisions of one game.
"""

from __future__ import annotations

import importlib


def module(game_name: str):
    return importlib.import_module(f"{__name__}.{game_name.replace('-', '_')}")
