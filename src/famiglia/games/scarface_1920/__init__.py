"""Scarface 1920 with its Bloody Business expansion, for 2-4 players.

The base game is rebuilt (docs/rules/scarface-1920.md says which parts); all card content is
ours, in data.toml, written in one small effect vocabulary that rules/effects.py interprets.
"""

from __future__ import annotations

from famiglia.core import Game, Option

from .rules.setup import new_state
from .rules.texts import SCHEMA, describe
from .state import ScarfaceState


class ScarfaceGame(Game):
    schema = SCHEMA

    def _new(self, players, seed, options):
        return new_state(players, seed, options)

    def _from_json(self, data):
        return ScarfaceState.from_json(data)

    def describe_action(self, kind, args):
        return describe(kind, args)

    def renderer(self):
        from .render import render

        return render


GAME = ScarfaceGame(
    name="scarface-1920",
    title="Scarface 1920",
    end_clause="SF-12.4",
    min_players=2,
    max_players=4,
    options={
        "max_turns": Option(
            400, range(1, 100_001), "player turns before the game is stopped (capped)"
        ),
    },
)
ScarfaceState.game = GAME
