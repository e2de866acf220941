"""Cash 'n Guns (second edition) with the Team Spirit expansion: teams, mercenaries, surprises.
Rules: docs/rules/cash-n-guns.md."""

from __future__ import annotations

from famiglia.core import Game, Option, Rng

from . import saved, scoring
from . import view as V
from .actions import SCHEMA, describe
from .data import SEATING
from .phases import PHASES
from .refusals import why_illegal
from .setup import new_state
from .state import CNGState


class CashNGunsState(CNGState):
    """A game of Cash 'n Guns: the data of CNGState with the contract's behaviour."""

    def _apply(self, seat, action):
        # The phase table's move, then who acts next, kept for seats_to_act (every move asks).
        self.game.phases[self.phase].apply(self, seat, action)
        self.waiting = self.pending_seats()

    def _why_illegal(self, seat, action):
        return why_illegal(self, seat, action) or super()._why_illegal(seat, action)

    def view(self, seat):
        self.check_seat(seat, spectator=True)
        return V.view(self, seat)

    def determinize(self, seat, seed):
        self.check_sample(seat, seed)
        return V.determinize(self, seat, seed)

    def result(self):
        return scoring.result(self)

    @classmethod
    def from_json(cls, data: dict) -> CashNGunsState:
        """The saved state, checked whole first (saved.py): ValueError names what is wrong."""
        return saved.load(cls, data)


class CashNGuns(Game):
    schema = SCHEMA
    research_players = 5  # docs/rl.md's observation layout

    def check_players_with_options(self, players: int, options: dict) -> None:
        """CNG-1.1: 4-8 players alone; CNG-1.2: 4, 6, 7, 8 or 9 in teams; CNG-1.3."""
        if options["teams"]:
            if players not in SEATING:
                allowed = ", ".join(str(n) for n in sorted(SEATING))
                raise ValueError(f"team play takes {allowed} players, not {players}")
        else:
            if players > 8:
                raise ValueError(f"the base game takes 4 to 8 players, not {players}")
            if options["mercenaries"]:
                raise ValueError("mercenaries=true needs teams=true (allowed: teams=true)")
        if options["first_game"] and not options["mercenaries"]:
            raise ValueError(
                "first_game=true chooses the first mercenaries: it needs mercenaries=true"
            )

    def _new(self, players: int, seed: int, options: dict, rng=None) -> CashNGunsState:
        return new_state(CashNGunsState(), players, seed, options, rng)

    def new_scripted(self, players: int, rng: Rng, **options) -> CashNGunsState:
        """For tests: a game whose chance comes from `rng` (a ScriptedRng)."""
        opts = self.resolve_options(options)
        self.check_players_with_options(players, opts)
        return self._new(players, 0, opts, rng)

    def _from_json(self, data: dict) -> CashNGunsState:
        return CashNGunsState.from_json(data)

    def describe_action(self, kind: str, args: tuple) -> str:
        return describe(kind, args)

    def renderer(self):
        from .render import render

        return render

    def explain_result(self, state) -> str:
        from .render import result_notes

        return result_notes(state)[0]


GAME = CashNGuns(
    name="cash-n-guns",
    title="Cash 'n Guns",
    end_clause="CNG-10.1",
    phases=PHASES,
    min_players=4,
    max_players=9,
    options={
        "teams": Option(False, (False, True), "Team Spirit: play in teams (4, 6, 7, 8, 9 players)"),
        "mercenaries": Option(False, (False, True), "recruit mercenaries (team play only)"),
        "surprises": Option(False, (False, True), "deal the three Surprise cards"),
        "first_game": Option(False, (False, True), "mercenaries: use the suggested first four"),
    },
)
CashNGunsState.game = GAME
