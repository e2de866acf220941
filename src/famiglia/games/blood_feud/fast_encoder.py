"""Blood Feud's observation read from the state (famiglia.rl.fast): the same vector as the
view's. Blood Feud hides nothing (every seat's view is the same), so this reads every field
the view copies, without the copies: units by space number, not by name."""

from __future__ import annotations

from array import array
from collections import Counter
from itertools import compress
from operator import is_, itemgetter, ne

from famiglia.games.blood_feud import data as D
from famiglia.games.blood_feud.state import AT, FLAG, KIND, MOVES, OWNER
from famiglia.rl.encoding import share
from famiglia.rl.fast import flat, kept

from .encoder import BOROUGH, BUILDING, DISTRICT, FREE, NB, NK, PHASES, STEP
from .encoder import KIND as KINDS

WIN_INCOME = D.MONEY["win_income"]
SPACES = range(D.N)


def write_state(enc, s, seat: int, out) -> None:
    n = enc.players
    out[enc.o_me + seat] = 1.0
    rounds, most = s.round, enc.options["max_rounds"]
    out[enc.o_round] = share(rounds, most)
    turn = s.turn
    out[enc.o_turn + turn] = 1.0
    out[enc.o_phase + PHASES.index(s.phase)] = 1.0
    homes, alive, money, income = s.home, s.alive, s.money, s.income
    boroughs = len(BOROUGH)
    for p in range(n):
        if homes[p]:  # (none yet while the seat is still to choose it)
            out[enc.o_homes + p * boroughs + BOROUGH[homes[p]]] = 1.0
        if alive[p]:
            out[enc.o_alive + p] = 1.0
        cash = money[p]
        out[enc.o_money + p] = cash / (cash + 500) if cash > 0 else 0.0
        got = income[p]
        if got > 0:
            out[enc.o_income + p] = 1.0 if got >= WIN_INCOME else got / WIN_INCOME
    memo = enc.memo
    at, end = enc.o_districts, enc.o_units
    fields = (s.owner, s.building, s.price)
    kept(memo, "districts", fields, flat, _districts, enc, out, at, end)
    at = enc.o_units
    out[at : at + D.N * n * NK] = _units(enc, s, memo)
    at = enc.o_ready
    out[at : at + D.N * NK] = _ready(s, turn, memo)
    counts: dict[int, int] = {}  # place in the vector -> captives or pacts
    for holder, ctrl, _colour in s.captives:
        at = enc.o_captives + holder * n + ctrl
        counts[at] = counts.get(at, 0) + 1
    for j, pacts in enumerate((s.invites, s.handovers, s.deliveries)):
        for _space, a, b in pacts:
            at = enc.o_pacts + j * n * n + a * n + b
            counts[at] = counts.get(at, 0) + 1
    for at, c in counts.items():
        out[at] = c / (c + 1.0)
    todo = s.todo
    if todo:
        enc._step(todo[-1], _Where(s.units), out)
    out[enc.o_step + len(STEP)] = share(len(todo), 4)
    out[enc.o_over] = float(s.over)


def _districts(enc, out, owners, buildings, prices) -> None:
    n = enc.players
    width = n + NB + 1
    for i in D.DISTRICTS:
        owner, building = owners[i], buildings[i]
        if owner >= 0 or building:
            at = DISTRICT[i] * width
            if owner >= 0:
                out[at + owner] = 1.0
            if building:
                out[at + n + BUILDING[building]] = 1.0
            price = prices[i]
            if price > 0:
                out[at + n + NB] = price / (price + 100.0)


def _units(enc, s, memo) -> array:
    """The `units` segment: per space, seat and kind, the pieces there, squashed at 2. A game
    holds some 150 pieces and a move shifts one or a few, so the segment is kept between calls
    and only the spaces whose pieces changed are counted again. The state's indexes say which:
    `stack[space]` (the uids there) and `mine[seat]` (the seat's uids) are tuples replaced on
    every change, never changed in place, and a piece's kind never changes. So while every
    seat's `mine` is the very same tuple as last time, the pieces and their owners are the
    same ones (clones of one game share these tuples; another game's are other objects), and
    a space whose `stack` is equal holds the same pieces as before."""
    kept = memo.get("units")
    stack, mine = s.stack, s.mine
    n = enc.players
    per_space = n * NK
    if kept is None or not all(map(is_, mine, kept[1])):
        # every piece, placed in one list comprehension and counted by Counter (C code)
        block = array("f", bytes(4 * D.N * per_space))
        ats = [u[AT] * per_space + u[OWNER] * NK + KINDS[u[KIND]] for u in s.units.values()]
    else:
        if stack == kept[0]:
            return kept[2]
        block = memo.pop("units")[2]  # changed in place, and kept again once right
        changed = list(compress(SPACES, map(ne, stack, kept[0])))
        empty = array("f", bytes(4 * per_space))
        for i in changed:
            block[i * per_space : (i + 1) * per_space] = empty
        units = s.units
        ats = [
            i * per_space + units[uid][OWNER] * NK + KINDS[units[uid][KIND]]
            for i in changed
            for uid in stack[i]
        ]
    for at, c in Counter(ats).items():
        block[at] = c / (c + 2.0)
    memo["units"] = (list(stack), list(mine), block)
    return block


def _ready(s, turn: int, memo) -> array:
    """The `ready` segment: per space and kind, the pieces of the seat to act that may still
    act (free, with moves left), squashed at 2. It is kept between calls too: each of the
    seat's pieces is read in one C-level pass (`_READY` over `mine[turn]`, tuples that later
    changes to the pieces cannot alter) and only the pieces whose row changed are counted
    again (a move changes one or a few)."""
    mine = s.mine[turn]
    rows = list(map(_READY, map(s.units.__getitem__, mine)))
    kept = memo.get("ready")
    if kept is not None and kept[0] == turn and kept[1] is mine:
        _turn, _mine, before, counts, block = kept
        if rows == before:
            return block
        del memo["ready"]  # its counts and block change in place, and are kept again once right
        for j in compress(range(len(rows)), map(ne, rows, before)):
            for row, change in ((before[j], -1), (rows[j], 1)):
                if row[2] == FREE and row[3] > 0:
                    at = row[0] * NK + KINDS[row[1]]
                    c = counts[at] = counts[at] + change if at in counts else change
                    block[at] = c / (c + 2.0)
    else:
        counts = Counter(
            [at * NK + KINDS[kind] for at, kind, flag, mv in rows if flag == FREE and mv > 0]
        )
        block = array("f", bytes(4 * D.N * NK))
        for at, c in counts.items():
            block[at] = c / (c + 2.0)
    memo["ready"] = (turn, mine, rows, counts, block)
    return block


_READY = itemgetter(AT, KIND, FLAG, MOVES)  # what makes a piece ready, and where


class _Where:
    """uid -> space number, as the view-based encoder's `where` dict, read from the units."""

    __slots__ = ("units",)

    def __init__(self, units) -> None:
        self.units = units

    def __contains__(self, uid) -> bool:
        return uid in self.units

    def __getitem__(self, uid) -> int:
        return self.units[uid][AT]
