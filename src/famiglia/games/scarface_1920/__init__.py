"""Scarface 1920 with its Bloody Business expansion, for 2-4 players, or 1 against the solo gang.

The base game is rebuilt (docs/rules/scarface-1920.md says which parts); all card content is
ours, in data.toml, written in one small effect vocabulary that rules/effects.py interprets.
"""

from __future__ import annotations

from famiglia.core import Action, Game, Option

from . import rules
from .rules import APPLY
from .rules.effects import resolve, run
from .rules.endgame import vote_legal
from .rules.orders import unit
from .rules.setup import new_state
from .rules.texts import SCHEMA, describe
from .state import ScarfaceState


class ScarfaceGame(Game):
    schema = SCHEMA
    research_players = 3  # docs/rl.md's observation layout

    def _new(self, players, seed, options):
        return new_state(players, seed, options)

    def check_players_with_options(self, players, options):
        """SF-S.1: one player is the Solo Mode, and the Solo Mode is for one player."""
        if options["solo"] and players != 1:
            raise ValueError(f"the Solo Mode (solo=true) is for 1 player, not {players}")
        if players == 1 and not options["solo"]:
            raise ValueError(
                "Scarface 1920 for 1 player is the Solo Mode: add the option solo=true"
            )

    def default_players(self, options) -> int:
        return 1 if options.get("solo") else 4

    def _from_json(self, data):
        return ScarfaceState.from_json(data)

    def describe_action(self, kind, args):
        return describe(kind, args)

    def renderer(self):
        from .render import render

        return render

    def explain_result(self, state) -> str:
        from .render import result_notes

        return result_notes(state)[0]


def _legal_actions(self, seat):
    """State.legal_actions with seats_to_act and rules.legal (written out: this is every
    move). The list is kept until the state changes; a seat not to act now has none."""
    if type(seat) is not int or not 0 <= seat < self.players:
        self.check_seat(seat)  # says why
    cached = self._legal.get(seat)
    if cached is None:
        pending = self.pending
        if pending:
            cached = rules.pending_legal(self) if seat == pending[1] else []
        elif self.phase == "election":
            cached = vote_legal(self, seat) if self.votes_cast[seat] < 0 else []
        elif seat == self.turn_seat and (lists := rules.LEGAL.get(self.phase)) is not None:
            cached = lists(self, seat)
        else:
            cached = []
        self._legal[seat] = cached
    return list(cached)


def _apply(self, seat, action):
    """State.apply (written out: this is every move)."""
    if (
        type(seat) is not int
        or type(action) is not Action
        or (cached := self._legal.get(seat)) is None
        or action not in cached
    ):
        self._check(seat, action)  # IllegalAction, the state unchanged, unless it is legal
    self._legal = {}
    # rules.apply, written out
    if self.pending:
        resolve(self, seat, action)
    elif self.phase == "order":
        unit(self, seat, action)
    else:
        APPLY[action.kind](self, seat, action.args)
    if self.todo or self.ness_due or self.phase == "over":  # (most moves queue nothing)
        run(self)


ScarfaceState._legal_actions = rules.legal
ScarfaceState._apply = rules.apply
ScarfaceState.legal_actions = _legal_actions
ScarfaceState.apply = _apply

GAME = ScarfaceGame(
    name="scarface-1920",
    title="Scarface 1920",
    end_clause="SF-12.4",
    min_players=1,
    max_players=4,
    options={
        "solo": Option(False, (False, True), "1 player against the solo gang (SF-S)"),
        "tequila": Option(False, (False, True), "Tequila and the Enforcers (SF-E, SF-T)"),
        "max_turns": Option(
            400, range(1, 100_001), "player turns before the game is stopped (capped)"
        ),
    },
)
ScarfaceState.game = GAME
