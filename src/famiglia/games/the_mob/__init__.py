"""The Mob: families place their members on illegal businesses, earn, and invest in legal
ones; the first to invest $1,000k wins. Rules: docs/rules/the-mob.md."""

from __future__ import annotations

from famiglia.core import Game

from . import phases
from . import view as V
from .actions import SCHEMA, describe
from .phases import PHASES
from .refusals import decision, why_illegal
from .saved import load
from .scoring import result
from .setup import OPTIONS, set_up
from .state import MobState


class TheMobState(MobState):
    """A game of The Mob: the data of MobState with the contract's behaviour."""

    # bail and undo belong to no phase: phases.py adds them around the table
    def _legal_actions(self, seat):
        return phases.legal_actions(self, seat)

    def _apply(self, seat, action):
        phases.apply(self, seat, action)

    def _why_illegal(self, seat, action):
        return why_illegal(self, seat, action) or super()._why_illegal(seat, action)

    def _decision(self):
        return decision(self) or super()._decision()

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


class TheMob(Game):
    schema = SCHEMA

    def _new(self, players, seed, options):
        return set_up(TheMobState(), players, seed, options)

    def _from_json(self, data):
        return TheMobState.from_json(data)

    def describe_action(self, kind, args):
        return describe(kind, args)

    def renderer(self):
        from .render import render

        return render

    def explain_result(self, state) -> str:
        from .render import result_notes

        return result_notes(state)[0]


GAME = TheMob(
    name="the-mob",
    title="The Mob",
    end_clause="MOB-7.1",
    min_players=3,
    max_players=6,
    options=OPTIONS,
    phases=PHASES,
)
TheMobState.game = GAME
