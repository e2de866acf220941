"""Blood Feud's observation read from the state (famiglia.rl.fast): the same vector as the
view's. Blood Feud hides nothing (every seat's view is the same), so this reads every field
the view copies, without the copies: units by space number, not by name."""

from __future__ import annotations

from collections import Counter

from famiglia.games.blood_feud import board as B
from famiglia.games.blood_feud.state import AT, FLAG, KIND, MV, OWN

from ..encoding import share
from ..games.blood_feud import BOROUGH, BUILDING, DISTRICT, FREE, NB, PHASES, STEP
from ..games.blood_feud import KIND as KINDS

WIN_INCOME = B.MONEY["win_income"]


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
        out[enc.o_homes + p * boroughs + BOROUGH[homes[p]]] = 1.0
        if alive[p]:
            out[enc.o_alive + p] = 1.0
        cash = money[p]
        out[enc.o_money + p] = cash / (cash + 500) if cash > 0 else 0.0
        got = income[p]
        if got > 0:
            out[enc.o_income + p] = 1.0 if got >= WIN_INCOME else got / WIN_INCOME
    width = n + NB + 1
    owners, buildings, prices = s.owner, s.building, s.price
    for i in B.DISTRICTS:
        owner, building = owners[i], buildings[i]
        if owner >= 0 or building:
            at = enc.o_districts + DISTRICT[i] * width
            if owner >= 0:
                out[at + owner] = 1.0
            if building:
                out[at + n + BUILDING[building]] = 1.0
            price = prices[i]
            if price > 0:
                out[at + n + NB] = price / (price + 100.0)
    # A game holds some 150 pieces: they are placed in two list comprehensions and counted by
    # Counter (C code), the quickest way through them in Python.
    nk, units = len(KINDS), s.units.values()
    per_space = n * nk
    ats = [u[AT] * per_space + u[OWN] * nk + KINDS[u[KIND]] for u in units]
    at = enc.o_units
    for i, c in Counter(ats).items():
        out[at + i] = c / (c + 2.0)
    ready = [
        u[AT] * nk + KINDS[u[KIND]]
        for u in units
        if u[OWN] == turn and u[FLAG] == FREE and u[MV] > 0
    ]
    at = enc.o_ready
    for i, c in Counter(ready).items():
        out[at + i] = c / (c + 2.0)
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


class _Where:
    """uid -> space number, as the view-based encoder's `where` dict, read from the units."""

    __slots__ = ("units",)

    def __init__(self, units) -> None:
        self.units = units

    def __contains__(self, uid) -> bool:
        return uid in self.units

    def __getitem__(self, uid) -> int:
        return self.units[uid][AT]
