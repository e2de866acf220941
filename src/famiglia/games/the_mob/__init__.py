"""The Mob: families place their members on illegal businesses, earn, and invest in legal
ones; the first to invest $1,000k wins. Rules: docs/rules/the-mob.md."""

from __future__ import annotations

from famiglia.core import Game, IllegalAction, Option, Result

from . import data as D
from . import rules
from . import view as V
from .explain import why_illegal
from .moves import all_actions_by_text, describe
from .state import MobState


class TheMobState(MobState):
    """A game of The Mob: the data of MobState with the contract's behaviour."""

    def _legal_actions(self, seat):
        return rules.legal_actions(self, seat)

    def _apply(self, seat, action):
        rules.apply(self, seat, action)

    def _why_illegal(self, seat, action):
        return why_illegal(self, seat, action)

    def view(self, seat):
        return V.view(self, seat)

    def determinize(self, seat, seed):
        return V.determinize(self, seat, seed)

    def result(self):
        keys = rules.Y.ranking_keys(self)
        scores = [level * D.INVEST_STEP for level in self.invest]
        return Result.from_keys(scores, keys, self.capped)


class TheMob(Game):
    def _new(self, players, seed, options):
        return rules.set_up(TheMobState(), players, seed, options)

    def _from_json(self, data):
        return TheMobState.from_json(data)

    def describe_action(self, kind, args):
        return describe(kind, args)

    def _explain_text(self, state, seat, text):
        action = all_actions_by_text().get(text)
        if action is None or seat not in state.seats_to_act():
            return None
        state.legal_actions(seat)  # fills the cache the explanation lists from
        reason, clause = why_illegal(state, seat, action)
        return IllegalAction(reason, clause)

    def renderer(self):
        from .render import render

        return render


GAME = TheMob(
    name="the-mob",
    title="The Mob",
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
