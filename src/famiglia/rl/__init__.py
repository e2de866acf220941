"""Research interfaces: action catalogues, observation encoders, PettingZoo and OpenSpiel.

    from famiglia import rl
    cat = rl.catalogue("the-mob")          # cat[i] -> Action, cat.index(action) -> i
    enc = rl.encoder("the-mob", 4)         # enc.encode(state.view(seat), seat) -> float32 array
                                           # enc.encode_state(state, seat): the same, faster
    env = rl.pettingzoo.env("the-mob", 4)  # needs the `rl` extra (pettingzoo, numpy)
    game = rl.openspiel.load("the-mob", 4) # needs the `rl` extra (open_spiel)

Catalogues and encoders are plain Python; the adapters import their libraries when loaded.
docs/rl.md describes the catalogues, the observation layouts and the rewards.
"""

from __future__ import annotations

import importlib
from functools import cache, partial

import famiglia

from .catalogue import Catalogue, NotInCatalogue
from .encoding import Encoder

__all__ = [
    "Catalogue",
    "Encoder",
    "NotInCatalogue",
    "catalogue",
    "encoder",
    "max_decisions",
    "ranking_rewards",
]


def _game(game):
    return famiglia.load(game) if isinstance(game, str) else game


def _tables(game):
    """The game's research tables (its Game's `encoder`, games/<game>/encoder.py)."""
    tables = game.encoder
    if tables is None:
        raise ValueError(f"{game.title} has no research tables (games/<game>/encoder.py)")
    return tables


@cache
def _catalogue(name: str) -> Catalogue:
    game = famiglia.load(name)
    tables = _tables(game)
    return Catalogue(
        game,
        tables.entries(),
        loose=getattr(tables, "LOOSE", None),
        label=getattr(tables, "label", None),
        module=tables.__file__.rsplit("src/", 1)[-1] if tables.__file__ else tables.__name__,
    )


def catalogue(game) -> Catalogue:
    """The game's action catalogue (built once); `game` is a name or a Game."""
    return _catalogue(_game(game).name)


def encoder(game, players: int, **options) -> Encoder:
    """The game's observation encoder for this many players and these options."""
    game = _game(game)
    resolved = game.resolve_options(options)
    _check_players(game, players)
    game.check_players_with_options(players, resolved)
    if not game.min_players <= players <= game.max_players:
        raise ValueError(
            f"{game.title} takes {game.min_players} to {game.max_players} players, not {players}"
        )
    encoder = _tables(game).Encoder(players, resolved)
    fast = game.fast_encoder
    if fast is not None:  # the same vector, read from the state's fields
        encoder.write_state = partial(fast.write_state, encoder)
    return encoder


def max_decisions(game, players: int, **options) -> int:
    """An upper bound on the decisions of one game (from its caps), for OpenSpiel."""
    game = _game(game)
    _check_players(game, players)
    resolved = game.resolve_options(options)
    game.check_players_with_options(players, resolved)  # (the Solo Mode is for 1 player)
    return _tables(game).max_decisions(players, resolved)


def check_seed(seed) -> int:
    """A seed of the adapters: a whole number from 0 to 2**63 - 1, as Gymnasium and OpenSpiel
    take them (so that no two seeds deal the same game); ValueError otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise ValueError(f"a seed must be a whole number from 0 to 2**63 - 1, got {seed!r}")
    return seed


def _check_players(game, players) -> None:
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be a whole number, not {players!r}")
    if not game.min_players <= players <= game.max_players:
        raise ValueError(
            f"{game.title} takes {game.min_players} to {game.max_players} players, not {players}"
        )


def ranking_rewards(ranking) -> list[float]:
    """Final places to rewards (both adapters): first 1, last -1, evenly spaced between; seats
    tied at a place share the rewards of the places they fill (two tied first of three get 0.5
    each; a draw between all is 0 for all), so the rewards add up to 0 as places do. A game's
    own opponent counts among the places: one seat against it is 1 for a win, -1 for a loss
    (Scarface 1920's Solo Mode ranks that seat 1 or 2); a place past the seats counts it too.
    Tequila in a game of several seats takes no place (SF-T.4): the seats' places alone
    make the rewards, even when his purse won."""
    n = max(len(ranking), *ranking, 2)
    step = 2.0 / (n - 1)
    tied = {place: ranking.count(place) for place in set(ranking)}
    # places p .. p+k-1 shared by k seats: the mean of their rewards, that of the middle place
    return [1.0 - step * (place - 1 + (tied[place] - 1) / 2) for place in ranking]


def __getattr__(name: str):
    # famiglia.rl.pettingzoo and famiglia.rl.openspiel load their libraries only when asked for.
    if name in ("pettingzoo", "openspiel"):
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
