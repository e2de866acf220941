"""Cash 'n Guns (second edition) with the Team Spirit expansion: teams, mercenaries, surprises."""

from __future__ import annotations

from famiglia.core import Game, Option, Rng

from .actions import SCHEMA, describe
from .content import SEATING
from .rules import APPLY, LEGAL
from .state import RULES, CNGState

RULES["legal"] = LEGAL
RULES["apply"] = APPLY


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

    def _new(self, players: int, seed: int, options: dict, rng=None) -> CNGState:
        from .rules.setup import new_state

        return new_state(players, seed, options, rng)

    def new_scripted(self, players: int, rng: Rng, **options) -> CNGState:
        """For tests: a game whose chance comes from `rng` (a ScriptedRng)."""
        opts = self.resolve_options(options)
        self.check_players_with_options(players, opts)
        return self._new(players, 0, opts, rng)

    def _from_json(self, data: dict) -> CNGState:
        return CNGState.from_json(data)

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
    min_players=4,
    max_players=9,
    options={
        "teams": Option(False, (False, True), "Team Spirit: play in teams (4, 6, 7, 8, 9 players)"),
        "mercenaries": Option(False, (False, True), "recruit mercenaries (team play only)"),
        "surprises": Option(False, (False, True), "deal the three Surprise cards"),
        "first_game": Option(False, (False, True), "mercenaries: use the suggested first four"),
    },
)
CNGState.game = GAME
