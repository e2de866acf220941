"""Blood Feud in New York: crime families fight over the districts of New York."""

from __future__ import annotations

from famiglia.core import Game, IllegalAction, Option, State

from . import turn
from .actions import SCHEMA, describe
from .state import BloodFeudState


class BloodFeudGame(Game):
    schema = SCHEMA

    def check_players_with_options(self, players: int, options: dict) -> None:
        if options.get("take_manhattan") and players > 5:
            raise ValueError("the Take Manhattan scenario takes 2 to 5 players")

    def _new(self, players, seed, options):
        return turn.new_state(players, seed, options)

    def _from_json(self, data):
        return BloodFeudState.from_json(data)

    def describe_action(self, kind, args):
        try:
            return describe(kind, args)
        except (IndexError, TypeError, KeyError) as exc:
            raise ValueError(f"bad arguments {args!r} for action {kind!r}") from exc

    def renderer(self):
        from .render import terminal_view

        return terminal_view


def _legal(self, seat):
    return turn.legal_actions(self, seat)


def _apply(self, seat, action):
    turn.apply(self, seat, action)


def _why_illegal(self, seat, action):
    from .rules_text import why_illegal

    return why_illegal(self, seat, action) or State._why_illegal(self, seat, action)


def _decision(self):
    from .rules_text import decision

    return decision(self)


BloodFeudState._legal_actions = _legal
BloodFeudState._apply = _apply
BloodFeudState._why_illegal = _why_illegal
BloodFeudState._decision = _decision

GAME = BloodFeudGame(
    name="blood-feud",
    title="Blood Feud in New York",
    min_players=2,
    max_players=6,
    options={
        "take_manhattan": Option(False, (False, True), "scenario: hold all of Manhattan to win"),
        "max_rounds": Option(60, range(1, 1001), "stop after this many game rounds"),
    },
)
BloodFeudState.game = GAME

__all__ = ["GAME", "IllegalAction"]
