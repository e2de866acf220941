"""A game's phase table: for each phase, who may do what, what a move does, and where the game
may go next (boardgame.io's phase config, Board Game Arena's states table).

A game declares `PHASES = {"bid": Phase(legal=..., apply=..., next=("reveal",)), ...}` in its
`phases.py` and gives it to its Game (`phases=PHASES`); the core's State then answers
`legal_actions` and `apply` through it, so no game writes those two out. `next` is checked by
the conformance kit (core/testing.py): a move may leave its phase only for one listed there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple


class Phase(NamedTuple):
    """One row of a phase table."""

    # (state, seat) -> the seat's legal actions in this phase (the seat is one to act)
    legal: Callable
    # (state, seat, action) -> None: plays a legal move of this phase
    apply: Callable
    # the phases a move of this phase may lead to (besides staying in it); "over" ends the game
    next: tuple[str, ...] = ()
    # what the seats to act decide in this phase, and its clause: ("load a bullet card",
    # "CNG-4.1"); refusals quote it (State._decision)
    decision: tuple[str, str] = ("", "")


def check_table(phases: dict, game: str) -> None:
    """ValueError unless `phases` is a table of Phase rows whose `next` names only its phases
    (or "over"): a typo in the table is found when the game is loaded, not mid-game."""
    for name, row in phases.items():
        if not isinstance(row, Phase):
            raise ValueError(f"{game}: phase {name!r} is not a Phase row")
        unknown = [n for n in row.next if n not in phases and n != "over"]
        if unknown:
            raise ValueError(f"{game}: phase {name!r} leads to unknown phases {unknown}")
