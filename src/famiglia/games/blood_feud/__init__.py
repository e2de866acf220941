"""Blood Feud in New York: crime families fight over the districts of New York."""

from __future__ import annotations

from famiglia.core import Action, Game, IllegalAction, Option, State

from . import top, turn
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

    def explain_result(self, state) -> str:
        from .render import result_notes

        return result_notes(state)[0]


def _legal_actions(self, seat):
    """State.legal_actions with seats_to_act (written out: this is every move)."""
    legal = self._legal
    if type(seat) is not int or (cached := legal.get(seat)) is None:
        if type(seat) is not int or not 0 <= seat < self.players:
            self.check_seat(seat)  # says why
        todo = self.todo
        if self.over:
            cached = []
        elif todo:
            step = todo[-1]
            mine = seat == step.get("seat", self.turn)
            cached = _STEP_LISTS[step["k"]](self, seat, step) if mine else []
        else:
            cached = turn.legal_actions(self, seat) if seat == self.turn else []
        legal[seat] = cached
    return list(cached)


_STEP_LISTS = {k: lists for k, (lists, _apply) in turn.STEPS.items()}


def _apply_keeping_top(self, seat, action):
    """State.apply (written out: this is every move), carrying the top-of-phase lists across
    the moves that keep them (top.py)."""
    legal = self._legal
    if (
        type(seat) is not int
        or type(action) is not Action
        or (cached := legal.get(seat)) is None
        or action not in cached
    ):
        self._check(seat, action)  # IllegalAction, the state unchanged, unless it is legal
    kept = legal.get("top")
    self._legal = {}
    turn.apply(self, seat, action)
    if kept is not None:
        kept = top.carry(self, kept, action)
        if kept is not None:
            self._legal["top"] = kept


def _why_illegal(self, seat, action):
    from .rules_text import why_illegal

    return why_illegal(self, seat, action) or State._why_illegal(self, seat, action)


def _decision(self):
    from .rules_text import decision

    return decision(self)


BloodFeudState._legal_actions = turn.legal_actions
BloodFeudState._apply = turn.apply
BloodFeudState.apply = _apply_keeping_top
BloodFeudState.legal_actions = _legal_actions
BloodFeudState._why_illegal = _why_illegal
BloodFeudState._decision = _decision

GAME = BloodFeudGame(
    name="blood-feud",
    title="Blood Feud in New York",
    end_clause="BF-8.10",
    min_players=2,
    max_players=6,
    options={
        "take_manhattan": Option(False, (False, True), "scenario: hold all of Manhattan to win"),
        "max_rounds": Option(60, range(1, 1001), "stop after this many game rounds"),
    },
)
BloodFeudState.game = GAME

__all__ = ["GAME", "IllegalAction"]
