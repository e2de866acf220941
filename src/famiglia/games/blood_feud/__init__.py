"""Blood Feud in New York: crime families fight over the districts of New York.
Rules: docs/rules/blood-feud.md."""

from __future__ import annotations

from famiglia.core import Game, IllegalAction

from . import phases
from . import view as V
from .actions import SCHEMA, describe
from .phases import PHASES
from .refusals import why_illegal
from .saved import load
from .scoring import result
from .setup import OPTIONS, set_up
from .state import FeudState


class BloodFeudState(FeudState):
    """A game of Blood Feud: the data of FeudState with the contract's behaviour."""

    # The phase table, with the decision under way (`todo`) answered first and what follows
    # every move (phases.py). Bound as methods, not wrapped: this is every move.
    _legal_now = phases.legal_now  # a seat's list at once, without seats_to_act
    _legal_actions = phases.legal_actions
    _apply = phases.apply

    def _decision(self):
        return phases.decision(self)

    def _why_illegal(self, seat, action):
        return why_illegal(self, seat, action) or super()._why_illegal(seat, action)

    def view(self, seat):
        self.check_seat(seat, spectator=True)
        return V.view(self, seat)

    def determinize(self, seat, seed):
        self.check_sample(seat, seed)
        return V.determinize(self, seat, seed)

    def result(self):
        return result(self)

    @classmethod
    def from_json(cls, data):
        """The saved state, checked whole first (saved.py): ValueError names what is wrong."""
        return load(cls, data)


class BloodFeudGame(Game):
    schema = SCHEMA

    def check_players_with_options(self, players: int, options: dict) -> None:
        if options.get("take_manhattan") and players > 5:
            raise ValueError("the Take Manhattan scenario takes 2 to 5 players")

    def _new(self, players, seed, options):
        return set_up(BloodFeudState(), players, seed, options)

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

    def explain_result(self, state) -> str:
        from .render import result_notes

        return result_notes(state)[0]


GAME = BloodFeudGame(
    name="blood-feud",
    title="Blood Feud in New York",
    end_clause="BF-8.10",
    min_players=2,
    max_players=6,
    options=OPTIONS,
    phases=PHASES,
)
BloodFeudState.game = GAME

__all__ = ["GAME", "IllegalAction"]
