"""The Mob set up (MOB-1, MOB-2.1): its options, and the opening position of a game."""

from __future__ import annotations

from famiglia.core import Option, Rng

from . import data as D
from .state import MobState
from .turn import start_year

OPTIONS = {
    "strict_stakes": Option(
        False,
        (False, True),
        "no income from a business whose stake fell below its sign value (the rulebook's variant)",
    ),
    "max_years": Option(40, range(1, 1001), "stop after this many years (for simulations)"),
}


def set_up(s: MobState, players: int, seed: int, options: dict) -> MobState:
    """Fills an empty state with the opening position of a game."""
    s._init_base(players, Rng(seed))
    s.strict_stakes = options["strict_stakes"]
    s.max_years = options["max_years"]
    s.year, s.dealer, s.capped = 1, 0, False
    s.cash = [D.START_CASH] * players
    s.invest = [0] * players
    s.members = [[D.PHOTO] * len(D.MEMBERS) for _ in range(players)]
    s.guards_photo = [D.BODYGUARDS] * players
    s.guards_removed = [0] * players
    s.guards_lost = [0] * players
    s.space_owner = [-1] * len(D.SPACES)
    s.space_guards = [0] * len(D.SPACES)
    s.legal_guard = [-1] * len(D.LEGAL_NAMES)
    start_year(s)
    return s
