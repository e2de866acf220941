"""The Mob: families place their members on illegal businesses, earn, and invest in legal
ones; the first to invest $1,000k wins. Rules: docs/rules/the-mob.md."""

from __future__ import annotations

from famiglia.core import Game, Option, Result

from . import data as D
from . import rules
from . import view as V
from .explain import decision, why_illegal
from .moves import SCHEMA, describe
from .state import MobState


class TheMobState(MobState):
    """A game of The Mob: the data of MobState with the contract's behaviour."""

    def _legal_actions(self, seat):
        return rules.legal_actions(self, seat)

    def _apply(self, seat, action):
        rules.apply(self, seat, action)

    def _why_illegal(self, seat, action):
        return why_illegal(self, seat, action) or super()._why_illegal(seat, action)

    def _decision(self):
        return decision(self)

    def view(self, seat):
        self.check_seat(seat, spectator=True)
        return V.view(self, seat)

    def determinize(self, seat, seed):
        self.check_sample(seat, seed)
        return V.determinize(self, seat, seed)

    def result(self):
        keys = rules.Y.ranking_keys(self)
        scores = [level * D.INVEST_STEP for level in self.invest]
        return Result.from_keys(scores, keys, self.capped)


class TheMob(Game):
    schema = SCHEMA

    def _new(self, players, seed, options):
        return rules.set_up(TheMobState(), players, seed, options)

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
    options={
        "strict_stakes": Option(
            False,
            (False, True),
            "no income from a business whose stake "
            "fell below its sign value (the rulebook's variant)",
        ),
        "max_years": Option(40, range(1, 1001), "stop after this many years (for simulations)"),
    },
)
TheMobState.game = GAME
