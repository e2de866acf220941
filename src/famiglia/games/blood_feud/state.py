"""The Blood Feud state: plain values only; the rules live in the modules named by concept."""

from __future__ import annotations

from famiglia.core import LIST, NESTED, SCALAR, Fields, Result, Rng, State

from . import board as B

# A unit is a small list: [owner, kind, space, moves left, flag, aboard, extra].
OWN, KIND, AT, MV, FLAG, ABOARD, EXTRA = range(7)
FREE, DONE, RODE = 0, 1, 2  # flag: may act / may not move again this turn / has ridden
# extra: a family member's colour (the seat whose family he came from); a speedboat's shore
# (the water it is docked on; -1 when afloat); otherwise -1.


def _copy_step(p):
    return {k: (list(v) if isinstance(v, list) else v) for k, v in p.items()}


def _copy_steps(todo):
    return [_copy_step(p) for p in todo]


def _units_to_rows(units):
    return [[uid, *u] for uid, u in units.items()]


def _rows_to_units(rows):
    return {row[0]: list(row[1:]) for row in rows}


class BloodFeudState(State):
    game = None  # set in __init__.py

    # ----- queries used everywhere -------------------------------------------------------
    def current(self) -> int:
        return self.turn

    def units_at(self, space: int, owner: int | None = None):
        for uid, u in self.units.items():
            if u[AT] == space and (owner is None or u[OWN] == owner):
                yield uid, u

    def personnel_at(self, space: int, owner: int) -> list[int]:
        return [
            uid
            for uid, u in self.units.items()
            if u[AT] == space and u[OWN] == owner and u[KIND] in B.RANK
        ]

    def occupant(self, space: int) -> int:
        """The seat whose personnel stand on `space` (-1 if none). Only one family may hold a
        space at rest: entering someone else's personnel means a battle."""
        for u in self.units.values():
            if u[AT] == space and u[KIND] in B.RANK:
                return u[OWN]
        return -1

    def boss_of(self, seat: int) -> int:
        for uid, u in self.units.items():
            if u[OWN] == seat and u[KIND] == "boss":
                return uid
        return -1

    def in_play(self, kind: str) -> int:
        return sum(1 for u in self.units.values() if u[KIND] == kind)

    def buildings_in_play(self, kind: str) -> int:
        return sum(1 for b in self.building if b == kind)

    def new_unit(self, owner, kind, space, moves=0, flag=DONE, aboard=-1, extra=-1) -> int:
        uid = self.next_uid
        self.next_uid += 1
        self.units[uid] = [owner, kind, space, moves, flag, aboard, extra]
        return uid

    # ----- contract --------------------------------------------------------------------
    def seats_to_act(self):
        if self.over:
            return ()
        if self.todo and "seat" in self.todo[-1]:
            return (self.todo[-1]["seat"],)
        return (self.turn,)

    def is_over(self) -> bool:
        return self.over

    def result(self):
        keys = [
            (
                1 if s in self.winners else 0,
                1 if self.alive[s] else 0,
                self.income[s],
                self.money[s],
            )
            for s in range(self.players)
        ]
        return Result.from_keys(list(self.income), keys, self.capped)

    def clone(self):
        c = BloodFeudState.__new__(BloodFeudState)
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.copy()
        c._legal = {}
        c.home = list(self.home)
        c.alive = list(self.alive)
        c.money = list(self.money)
        c.income = list(self.income)
        c.owner = list(self.owner)
        c.building = list(self.building)
        c.price = list(self.price)
        c.since = list(self.since)
        c.heirs = list(self.heirs)
        c.units = {k: v[:] for k, v in self.units.items()}
        c.captives = [x[:] for x in self.captives]
        c.absorb = [x[:] for x in self.absorb]
        c.winners = list(self.winners)
        c.todo = [_copy_step(p) for p in self.todo]
        c.talked = list(self.talked)
        c.asked = list(self.asked)
        c.invites = [x[:] for x in self.invites]
        c.handovers = [x[:] for x in self.handovers]
        c.deliveries = [x[:] for x in self.deliveries]
        return c

    def determinize(self, seat, seed):
        self.check_sample(seat, seed)
        # Everything on the table is open; only the dice to come are unknown: reseed them.
        c = self.clone()
        c.rng = Rng(seed)
        return c

    _SAVED = Fields("blood-feud", [
        ("take_manhattan", SCALAR), ("max_rounds", SCALAR), ("home", LIST), ("alive", LIST),
        ("money", LIST), ("income", LIST), ("owner", LIST), ("building", LIST), ("price", LIST),
        ("since", LIST), ("heirs", LIST), ("next_uid", SCALAR), ("captives", NESTED),
        ("absorb", NESTED), ("turn", SCALAR), ("phase", SCALAR), ("round", SCALAR),
        ("turn_no", SCALAR), ("todo", (_copy_steps, _copy_steps)), ("winners", LIST),
        ("over", SCALAR), ("capped", SCALAR), ("units", (_units_to_rows, _rows_to_units)),
        ("talked", LIST), ("asked_turn", SCALAR), ("asked", LIST), ("invites", NESTED),
        ("handovers", NESTED), ("deliveries", NESTED),
    ])  # fmt: skip

    def to_json(self) -> dict:
        return self._SAVED.to_json(self)

    @classmethod
    def from_json(cls, data: dict):
        """The saved state, checked whole first (saved.py): ValueError names what is wrong."""
        from .saved import load

        return load(cls, data)

    def view(self, seat) -> dict:
        self.check_seat(seat, spectator=True)
        # Blood Feud hides nothing: the board, purses and captives are on the table.
        return {
            "round": self.round,
            "turn": self.turn,
            "phase": self.phase,
            "homes": list(self.home),
            "alive": list(self.alive),
            "money": list(self.money),
            "income": list(self.income),
            "districts": {
                B.NAMES[i]: [self.owner[i], self.building[i], self.price[i]]
                for i in B.DISTRICTS
                if self.owner[i] >= 0 or self.building[i]
            },
            "units": [
                [uid, u[OWN], u[KIND], B.NAMES[u[AT]], u[MV], u[FLAG], u[ABOARD], u[EXTRA]]
                for uid, u in self.units.items()
            ],
            "captives": [list(c) for c in self.captives],
            "invites": [list(x) for x in self.invites],
            "handovers": [list(x) for x in self.handovers],
            "deliveries": [list(x) for x in self.deliveries],
            "todo": [_copy_step(p) for p in self.todo],
            "over": self.over,
            "winners": list(self.winners),
        }
