"""Scarface 1920 with its Bloody Business expansion, for 2-4 players, or 1 against the solo gang.

The base game is rebuilt (docs/rules/scarface-1920.md says which parts); all card content is
ours, in data.toml, written in one small effect vocabulary (rules/vocabulary.py).
"""

from __future__ import annotations

from famiglia.core import Game

from . import view as V
from .actions import SCHEMA, describe
from .phases import PHASES
from .refusals import decision, why_illegal
from .rules.decisions import CHOICES, pending_legal, resolve
from .rules.vocabulary import run
from .saved import load
from .scoring import result
from .setup import OPTIONS, new_state
from .state import ScarfaceState

# Each phase's legal list, looked up once per move (the hot path of every bot).
_LEGAL = {phase: row.legal for phase, row in PHASES.items()}


def _vote_legal(st, seat) -> list:
    """In the election every seat votes, once (SF-12.1)."""
    return _LEGAL["election"](st, seat) if st.votes_cast[seat] < 0 else []


# _legal_now's table: each phase's list for a seat that may act in it (the seat whose turn it
# is; in the election, a seat that has not voted), and none once the game is over.
_LEGAL_NOW = {**_LEGAL, "election": _vote_legal, "over": lambda st, seat: []}
# Each phase's moves by kind, which its apply looks up (phases._moves). The phases of the
# queue alone ("end", "solo") have none: no move is legal in them, so the State's check
# refuses any before it comes here.
_MOVES = {phase: getattr(row.apply, "moves", {}) for phase, row in PHASES.items()}


class Scarface1920State(ScarfaceState):
    """A game of Scarface 1920: the data of ScarfaceState with the contract's behaviour. The
    phase table answers the moves; around it, a decision inside an effect is answered first
    and the queue of effects runs after every move."""

    def _legal_now(self, seat):
        """The seat's list without building seats_to_act (every cache miss asks)."""
        pending = self.pending
        if pending:  # (pending_legal written out but for Tequila's flip, whose phrases it adds)
            if seat != pending[1]:
                return []
            kind = pending[0]
            return CHOICES[kind](self, pending, seat) if kind != "flip" else pending_legal(self)
        if seat == self.turn_seat or self.phase == "election":
            return _LEGAL_NOW[self.phase](self, seat)
        return []

    def _legal_actions(self, seat):
        if self.pending:
            return pending_legal(self)
        legal = _LEGAL.get(self.phase)
        return legal(self, seat) if legal is not None else []

    def _apply(self, seat, action):
        if self.pending:
            resolve(self, seat, action)
        else:
            _MOVES[self.phase][action.kind](self, seat, action.args)
        if self.todo or self.ness_due or self.phase == "over":  # (most moves queue nothing)
            run(self)

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
        return result(self)

    @classmethod
    def from_json(cls, data):
        """The saved state, checked whole first (saved.py): ValueError names what is wrong."""
        return load(cls, data)


class ScarfaceGame(Game):
    schema = SCHEMA
    research_players = 3  # docs/rl.md's observation layout

    def _new(self, players, seed, options):
        return new_state(Scarface1920State.__new__(Scarface1920State), players, seed, options)

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
        return Scarface1920State.from_json(data)

    def describe_action(self, kind, args):
        return describe(kind, args)

    def renderer(self):
        from .render import render

        return render

    def explain_result(self, state) -> str:
        from .render import result_notes

        return result_notes(state)[0]


GAME = ScarfaceGame(
    name="scarface-1920",
    title="Scarface 1920",
    end_clause="SF-12.4",
    min_players=1,
    max_players=4,
    options=OPTIONS,
    phases=PHASES,
)
Scarface1920State.game = GAME
