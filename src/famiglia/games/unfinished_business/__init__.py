"""Unfinished Business: 2-6 Dons invest, trade on the black market, attack each other's sets and
fill their safes until the draw pile runs dry. Rules: docs/rules/unfinished-business.md."""

from __future__ import annotations

from famiglia.core import Game

from .actions import SCHEMA, describe
from .state import UBState


class UnfinishedBusiness(Game):
    schema = SCHEMA

    def _new(self, players: int, seed: int, options: dict) -> UBState:
        return UBState.new(players, seed)

    def _from_json(self, data: dict) -> UBState:
        return UBState.from_json(data)

    def describe_action(self, kind: str, args: tuple) -> str:
        return describe(kind, args)

    def renderer(self):
        from .render import render

        return render

    def explain_result(self, state) -> str:
        from .render import result_notes

        return result_notes(state)[0]


GAME = UnfinishedBusiness(
    name="unfinished-business",
    title="Unfinished Business",
    end_clause="UB-11.1",
    min_players=2,
    max_players=6,
)
UBState.game = GAME
