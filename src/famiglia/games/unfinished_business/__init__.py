"""Unfinished Business: 2-6 Dons invest, trade on the black market, attack each other's sets and
fill their safes until the draw pile runs dry. Rules: docs/rules/unfinished-business.md."""

from __future__ import annotations

from famiglia.core import Game

from . import saved, scoring
from . import view as V
from .actions import SCHEMA, describe
from .phases import PHASES
from .refusals import why_illegal
from .setup import new_state
from .state import UBState
from .turn import run


class UnfinishedBusinessState(UBState):
    """A game of Unfinished Business: the data of UBState with the contract's behaviour."""

    def _legal_now(self, seat):
        # seats_to_act written out (every move asks): the decision on top of the stack waits
        # for its seat, or for a bit mask of seats in the Poker Round.
        if self.over:
            return []
        top = self.stack[-1]
        mine = top[1] >> seat & 1 if top[0] == "poker" else top[1] == seat
        return PHASES[top[0]].legal(self, seat) if mine else []

    def _apply(self, seat, action):
        # The phase table's move, then the tasks it leaves run up to the next decision.
        PHASES[self.stack[-1][0]].apply(self, seat, action)
        run(self)

    def _why_illegal(self, seat, action):
        return why_illegal(self, seat, action)

    def view(self, seat):
        self.check_seat(seat, spectator=True)
        return V.view(self, seat)

    def determinize(self, seat, seed):
        self.check_sample(seat, seed)
        return V.determinize(self, seat, seed)

    def result(self):
        return scoring.result(self)

    @classmethod
    def from_json(cls, data: dict) -> UnfinishedBusinessState:
        """The saved state, checked whole first (saved.py): ValueError names what is wrong."""
        return saved.load(cls, data)


class UnfinishedBusiness(Game):
    schema = SCHEMA

    def _new(self, players: int, seed: int, options: dict) -> UnfinishedBusinessState:
        return new_state(UnfinishedBusinessState(), players, seed, options)

    def _from_json(self, data: dict) -> UnfinishedBusinessState:
        return UnfinishedBusinessState.from_json(data)

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
    phases=PHASES,
)
UnfinishedBusinessState.game = GAME
