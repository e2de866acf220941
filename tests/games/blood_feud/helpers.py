"""Building Blood Feud positions by hand for the rule tests."""

from __future__ import annotations

import famiglia
from famiglia.core import ScriptedRng
from famiglia.games.blood_feud import data as D
from famiglia.games.blood_feud.actions import act
from famiglia.games.blood_feud.state import AT, FLAG, FREE, KIND, MOVES, OWNER

GAME = famiglia.load("blood-feud")
S = D.INDEX  # space name -> number


def classic_homes(players: int) -> list[str]:
    """The starting points of the player count in play order: seat 0 the first, and so on."""
    starts = D.SETUP["starts"][str(players)]
    return [b for b in D.SETUP["order"] if b in starts]


def new(players: int = 2, seed: int = 0, homes=None, **options):
    """A new game whose seats chose `homes` at set-up (BF-1.2), by default the starting points
    in play order (seat 0 plays first): the first round has begun."""
    s = GAME.new(players, seed, **options)
    homes = homes or classic_homes(players)
    while s.phase == "setup":
        play(s, s.turn, str(act("start", (homes[s.turn],))))
    assert s.home == list(homes)
    return s


def blank(players: int = 2, turn: int = 0, phase: str = "battle", dice=(), **options):
    """A game with an empty board: no pieces, no districts taken, no money; `turn`'s turn."""
    s = new(players, 0, **options)
    s.units = {}
    s.owner = [-1] * D.N
    s.building = [""] * D.N
    s.reindex()
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
            extra = D.SHORE[S[space]][0] if not D.IS_WATER[S[space]] else -1
        uid = s.new_unit(seat, kind, S[space], extra=extra)
        if fresh:
            s.units[uid][MOVES] = D.MOVE[kind]
            s.units[uid][FLAG] = FREE
        out.append(uid)
    return out


def own(s, seat: int, *spaces: str) -> None:
    for name in spaces:
        s.set_owner(S[name], seat)


def fresh(s) -> None:
    """Drops the lists the state worked out before a test changed it by hand: the legal-move
    cache and the lists of the top of the phase kept beside it (selection.py)."""
    s._legal = {}
    s._top = None


def play(s, seat: int, *texts: str) -> None:
    """Plays moves by their phrases (as a person would type them)."""
    for text in texts:
        fresh(s)
        s.apply(seat, GAME.parse_action(s, seat, text))


def texts(s, seat: int) -> list[str]:
    fresh(s)
    return [str(a) for a in s.legal_actions(seat)]


def where(s, seat: int, kind: str) -> list[str]:
    return sorted(D.NAMES[u[AT]] for u in s.units.values() if u[OWNER] == seat and u[KIND] == kind)


def count(s, seat: int, kind: str, space: str | None = None) -> int:
    return sum(
        1
        for u in s.units.values()
        if u[OWNER] == seat and u[KIND] == kind and (space is None or u[AT] == S[space])
    )
