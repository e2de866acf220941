"""Building Blood Feud positions by hand for the rule tests."""

from __future__ import annotations

import famiglia
from famiglia.core import ScriptedRng
from famiglia.games.blood_feud import board as B
from famiglia.games.blood_feud.state import AT, KIND, OWN

GAME = famiglia.load("blood-feud")
S = B.INDEX  # space name -> number


def blank(players: int = 2, turn: int = 0, phase: str = "battle", dice=(), **options):
    """A game with an empty board: no pieces, no districts taken, no money; `turn`'s turn."""
    s = GAME.new(players, 0, **options)
    s.units = {}
    s.reindex()
    s.owner = [-1] * B.N
    s.building = [""] * B.N
    s.money = [0] * players
    s.turn = turn
    s.phase = phase
    s.rng = ScriptedRng(list(dice))
    return s


def put(s, seat: int, kind: str, space: str, n: int = 1, fresh: bool = True, **kw) -> list[int]:
    """Puts `n` pieces on the board; `fresh` gives them their full move for this turn."""
    out = []
    for _ in range(n):
        extra = kw.get("extra", seat if kind == "family" else -1)
        if kind == "speedboat" and "extra" not in kw:
            extra = B.SHORE[S[space]][0] if not B.IS_WATER[S[space]] else -1
        uid = s.new_unit(seat, kind, S[space], extra=extra)
        if fresh:
            s.units[uid][3] = B.MOVE[kind]
            s.units[uid][4] = 0
        out.append(uid)
    return out


def own(s, seat: int, *spaces: str) -> None:
    for name in spaces:
        s.owner[S[name]] = seat


def play(s, seat: int, *texts: str) -> None:
    """Plays moves by their phrases (as a person would type them)."""
    for text in texts:
        s._legal = {}
        s.apply(seat, GAME.parse_action(s, seat, text))


def texts(s, seat: int) -> list[str]:
    s._legal = {}
    return [str(a) for a in s.legal_actions(seat)]


def where(s, seat: int, kind: str) -> list[str]:
    return sorted(B.NAMES[u[AT]] for u in s.units.values() if u[OWN] == seat and u[KIND] == kind)


def count(s, seat: int, kind: str, space: str | None = None) -> int:
    return sum(
        1
        for u in s.units.values()
        if u[OWN] == seat and u[KIND] == kind and (space is None or u[AT] == S[space])
    )
