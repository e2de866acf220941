"""Unfinished Business: 2-6 Dons invest, trade on the black market, attack each other's sets and
fill their safes until the draw pile runs dry. Rules: docs/rules/unfinished-business.md."""

from __future__ import annotations

from famiglia.core import Game, IllegalAction

from .actions import describe, make
from .state import UBState


class UnfinishedBusiness(Game):
    def _new(self, players: int, seed: int, options: dict) -> UBState:
        return UBState.new(players, seed)

    def _from_json(self, data: dict) -> UBState:
        return UBState.from_json(data)

    def describe_action(self, kind: str, args: tuple) -> str:
        return describe(kind, args)

    def _explain_text(self, state, seat: int, text: str) -> IllegalAction | None:
        """Recognises a move of this game that is not legal now and says why."""
        if state.is_over() or seat not in state.seats_to_act():
            return None
        parts = _all_moves().get(text)
        if parts is None:
            return None
        reason, clause = state._why_illegal(seat, make(*parts))
        return IllegalAction(reason, clause)

    def renderer(self):
        from .render import render

        return render


_MOVES: dict = {}


def _all_moves() -> dict:
    """Every move's normalized text -> (kind, args), for explaining refused typed moves."""
    if not _MOVES:
        from famiglia.core.actions import normalize_text

        from .actions import ZONES
        from .cards import IS_ACTION, IS_PROP, NAME

        cards = list(NAME)
        props = [n for k, n in enumerate(NAME) if IS_PROP[k]]
        acts = [n for k, n in enumerate(NAME) if IS_ACTION[k]]
        moves = [
            ("plan", ()),
            ("nobonus", ()),
            ("giveup", ()),
            ("stop", ()),
            ("noswap", ()),
            ("norevenge", ()),
        ]
        for a in props:
            moves += [
                ("bonus", (a,)),
                ("answer", (a,)),
                ("loot", (a,)),
                ("launder", (a,)),
                ("market", (a, a)),
            ]
            moves += [("invest", (a, b)) for b in props]
            moves += [("market", (a, b)) for b in props]
            moves += [("swaptake", (a, z)) for z in ZONES] + [("swapgive", (a, z)) for z in ZONES]
            for seat in range(6):
                moves += [("attack", (seat, a)), ("revenge", (seat, a))]
        for a in cards:
            moves += [("discard", (a,)), ("take", (a,)), ("pass", (a,))]
        for a in acts:
            moves.append(("play", (a,)))
            moves += [("play", (a, seat)) for seat in range(6)]
        for kind, args in moves:
            _MOVES[normalize_text(describe(kind, args))] = (kind, args)
    return _MOVES


GAME = UnfinishedBusiness(
    name="unfinished-business",
    title="Unfinished Business",
    min_players=2,
    max_players=6,
)
UBState.game = GAME
