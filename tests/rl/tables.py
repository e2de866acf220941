"""Shared settings for the research-interface tests: every game and player count, with options
that keep games short, and random play through the contract."""

from __future__ import annotations

import pytest

import famiglia
from famiglia.core.rng import Rng

GAMES = famiglia.games()

# Caps that keep a game short; Unfinished Business and Cash 'n Guns are short by their rules.
SHORT = {
    "the-mob": {"max_years": 1},
    "blood-feud": {"max_rounds": 1},
    "scarface-1920": {"max_turns": 4},
}
TEAMS = {"teams": True, "mercenaries": True, "surprises": True}
# Options a player count needs: Scarface 1920 for one player is its Solo Mode (SF-S.1).
NEEDED = {("scarface-1920", 1): {"solo": True}}


def short(name: str, players: int) -> dict:
    """The short caps of a game, and the options its player count needs."""
    return {**SHORT.get(name, {}), **NEEDED.get((name, players), {})}


def configurations() -> list[tuple[str, int, dict]]:
    """(game, players, options): every player count of every game, every option that changes
    who may play (Cash 'n Guns' teams, Blood Feud's scenario), with short caps."""
    found = []
    for name in GAMES:
        game = famiglia.load(name)
        for players in range(game.min_players, game.max_players + 1):
            options = short(name, players)
            if name == "cash-n-guns" and players == 9:
                options.update(TEAMS)  # nine players only in teams
            found.append((name, players, options))
    found.append(("the-mob", 4, {"max_years": 1, "strict_stakes": True}))
    found += [("cash-n-guns", n, dict(TEAMS)) for n in (4, 6, 7, 8)]
    found.append(("blood-feud", 3, {"max_rounds": 1, "take_manhattan": True}))
    # Scarface 1920 against Tequila alone, and Tequila among the Enforcers (SF-T).
    found.append(("scarface-1920", 1, {"max_turns": 4, "solo": True, "tequila": True}))
    found.append(("scarface-1920", 3, {"max_turns": 4, "tequila": True}))
    return found


def config_id(config) -> str:
    name, players, options = config
    extra = ",".join(f"{k}={v}" for k, v in options.items() if not k.startswith("max_"))
    return f"{name}-{players}p" + (f"-{extra}" if extra else "")


CONFIGS = configurations()
IDS = [config_id(c) for c in CONFIGS]
# As pytest parameters: tables of more than 4 players are `slow` (CI runs them; the inner loop
# keeps every game and option set at up to 4 players).
CASES = [
    pytest.param(c, id=config_id(c), marks=[pytest.mark.slow] if c[1] > 4 else []) for c in CONFIGS
]


def random_states(name: str, players: int, options: dict, games: int, seed: int = 0, every=1):
    """Yields every `every`-th state met in `games` random games (the state is live: copy it
    before keeping it)."""
    game = famiglia.load(name)
    for g in range(games):
        state = game.new(players, seed + g, **options)
        chooser = Rng(seed + g + 101)
        k = 0
        while not state.is_over():
            if k % every == 0:
                yield state
            seat = state.seats_to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[chooser.below(len(legal))])
            k += 1
        yield state
