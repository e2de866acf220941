"""The data of a game of Blood Feud: plain values, their clone and their saved form, the
indexes of where the pieces are and the questions every rule asks of them. The rules live in
the modules named by concept; the package's BloodFeudState binds them to this data."""

from __future__ import annotations

from bisect import bisect_left

from famiglia.core import LIST, NESTED, SCALAR, Fields, State

from . import data as D

# A unit (a piece on the board) is a small list, read and written through these names only:
#   u[OWNER]   the seat it belongs to          u[KIND]    "boss", "thug", "limousine"...
#   u[AT]      the space it stands on          u[MOVES]   the moves it has left this turn
#   u[FLAG]    FREE, DONE or RODE (below)      u[ABOARD]  the vehicle it rides in (-1: none)
#   u[EXTRA]   by kind: a family member's COLOUR, the seat whose family he came from; a
#              speedboat's shore, the water it is DOCKED on (-1 when afloat); otherwise -1.
# A list rather than an object with named attributes (`__slots__`): clone() copies every unit,
# and a list copies in C: on positions of random games (55 units), units as slots objects
# made clone() a quarter to a half slower, for reads a third quicker (measured 2026-12).
OWNER, KIND, AT, MOVES, FLAG, ABOARD, EXTRA = range(7)
COLOUR = DOCKED = EXTRA
FREE, DONE, RODE = 0, 1, 2  # flag: may act / may not move again this turn / has ridden


_ONE_SEAT = tuple((seat,) for seat in range(8))  # seats_to_act's answers, made once
# A seat's bit in `held` and `parked`, and the bits of every other seat (`held[t] & OTHERS[me]`:
# somebody else's personnel stand there): read, not worked out (~(1 << seat) is a new int from
# seat 3 on)
SEAT_BIT = tuple(1 << seat for seat in range(8))
OTHERS = tuple(~bit for bit in SEAT_BIT)
# [players][space][seat] -> space * players + seat, the index in `heads` and `cars`: read, not
# worked out (most are ints above 256, which arithmetic makes anew each time)
_SLOT = tuple(tuple(tuple(t * p + seat for seat in range(p)) for t in range(D.N)) for p in range(9))


def copy_step(p):
    return {k: (list(v) if isinstance(v, list) else v) for k, v in p.items()}


def _copy_steps(todo):
    return [copy_step(p) for p in todo]


def _with(uids: tuple, uid: int) -> tuple:
    """`uids` (ascending) with `uid` added in its place."""
    if not uids or uids[-1] < uid:
        return uids + (uid,)
    i = bisect_left(uids, uid)
    return uids[:i] + (uid,) + uids[i:]


def _without(uids: tuple, uid: int) -> tuple:
    i = bisect_left(uids, uid)
    return uids[:i] + uids[i + 1 :]


def where(values: list, value) -> list:
    """The indices of `value` in `values`, ascending (found by the list itself: quicker than a
    loop over the board). `where(s.owner, seat)`: the seat's districts. A list, not a
    generator: most are short, and resuming a generator costs more than appending."""
    out = []
    i = -1
    index = values.index
    for _ in range(values.count(value)):
        i = index(value, i + 1)
        out.append(i)
    return out


def _units_to_rows(units):
    return [[uid, *u] for uid, u in units.items()]


def _rows_to_units(rows):
    return {row[0]: list(row[1:]) for row in rows}


class FeudState(State):
    # The lists at the top of the battle and movement phases, kept across the moves that do not
    # change them (selection.py): dropped by clone(), like the legal-move cache.
    _top = None

    # ----- where the pieces are: indexes kept with `units` --------------------------------
    # `stack[space]` and `mine[seat]` hold the uids in that space / of that seat, ascending (the
    # order of `units`), so that rules look at a few pieces instead of all of them. They are
    # tuples, replaced on change, so a clone shares them. `heads[space * players + seat]`
    # counts that seat's personnel in the space and bit `seat` of `held[space]` says whether
    # there are any: whom a space belongs to is then one look-up; `cars` and `parked` do the same
    # for vehicles (whose may be stolen there). `tally[kind]` counts the pieces
    # of a kind in play (the box holds the rest); `riders[vehicle]` holds who is aboard it.
    # Pieces therefore appear, move, change hands, board and leave only through new_unit,
    # move_unit, give_unit, set_aboard and remove_unit.
    # `lands[seat]` holds the districts the seat holds, ascending (what `where(owner, seat)`
    # would find, without two passes over the 109 spaces): districts change hands only
    # through set_owner; penthouse palaces stand where `penthouses` says and `built[kind]`
    # counts the buildings of a kind (set_building).
    def reindex(self) -> None:
        """Rebuilds the indexes from `units` (after loading, or a test setting pieces by hand)."""
        self._top = None  # (made from the pieces as they were)
        stack = [[] for _ in range(D.N)]
        mine = [[] for _ in range(self.players)]
        self.held = [0] * D.N
        self.heads = [0] * (D.N * self.players)
        self.parked = [0] * D.N
        self.cars = [0] * (D.N * self.players)
        self.tally = {}
        self.riders = {}
        for uid in sorted(self.units):
            u = self.units[uid]
            stack[u[AT]].append(uid)
            mine[u[OWNER]].append(uid)
            self.tally[u[KIND]] = self.tally.get(u[KIND], 0) + 1
            if u[ABOARD] >= 0:
                self.riders[u[ABOARD]] = (*self.riders.get(u[ABOARD], ()), uid)
            self._count(u[AT], u[OWNER], 1, u[KIND])
        self.stack = [tuple(x) for x in stack]
        self.mine = [tuple(x) for x in mine]
        lands = [[] for _ in range(self.players)]
        for i, seat in enumerate(self.owner):
            if type(seat) is int and 0 <= seat < self.players:  # (a saved file is checked after)
                lands[seat].append(i)
        self.lands = [tuple(x) for x in lands]
        self.penthouses = tuple(where(self.building, "penthouse"))
        self.built = {kind: self.building.count(kind) for kind in D.BUILDINGS}

    def set_owner(self, space: int, seat: int) -> None:
        """`seat` (-1: nobody) now holds the district `space`."""
        old = self.owner[space]
        if old != seat:
            self.owner[space] = seat
            if old >= 0:
                self.lands[old] = _without(self.lands[old], space)
            if seat >= 0:
                self.lands[seat] = _with(self.lands[seat], space)

    def set_building(self, space: int, kind: str) -> None:
        """The building in `space` is now `kind` ("": none)."""
        old = self.building[space]
        if old == kind:
            return
        self.building[space] = kind
        built = self.built
        if old:
            built[old] -= 1
        if kind:
            built[kind] += 1
        if old == "penthouse":
            self.penthouses = _without(self.penthouses, space)
        elif kind == "penthouse":
            self.penthouses = _with(self.penthouses, space)

    def _count(self, space: int, seat: int, change: int, kind: str) -> None:
        counts, masks = (self.heads, self.held) if kind in D.RANK else (self.cars, self.parked)
        i = _SLOT[self.players][space][seat]
        n = counts[i] = counts[i] + change
        if n == 0:
            masks[space] &= OTHERS[seat]
        elif n == change:
            masks[space] |= SEAT_BIT[seat]

    def move_unit(self, uid: int, space: int) -> None:
        u = self.units[uid]
        at = u[AT]
        if at == space:
            return
        # _without and _with, then _count twice, written out: this is every step and every drive
        stack = self.stack
        uids = stack[at]
        k = bisect_left(uids, uid)
        stack[at] = uids[:k] + uids[k + 1 :]
        uids = stack[space]
        if not uids or uids[-1] < uid:
            stack[space] = uids + (uid,)
        else:
            k = bisect_left(uids, uid)
            stack[space] = uids[:k] + (uid,) + uids[k:]
        u[AT] = space
        if u[KIND] in D.RANK:
            counts, masks = self.heads, self.held
        else:
            counts, masks = self.cars, self.parked
        seat, slot = u[OWNER], _SLOT[self.players]
        i = slot[at][seat]
        n = counts[i] = counts[i] - 1
        if not n:
            masks[at] &= OTHERS[seat]
        i = slot[space][seat]
        n = counts[i] = counts[i] + 1
        if n == 1:
            masks[space] |= SEAT_BIT[seat]

    def give_unit(self, uid: int, seat: int) -> None:
        u = self.units[uid]
        owner = u[OWNER]
        if owner != seat:
            self.mine[owner] = _without(self.mine[owner], uid)
            self.mine[seat] = _with(self.mine[seat], uid)
            u[OWNER] = seat
            self._count(u[AT], owner, -1, u[KIND])
            self._count(u[AT], seat, 1, u[KIND])

    def set_aboard(self, uid: int, vid: int) -> None:
        """`uid` gets into vehicle `vid` (-1: gets out)."""
        u = self.units[uid]
        old = u[ABOARD]
        if old != vid:
            if old >= 0:
                self._drop_rider(old, uid)
            if vid >= 0:
                self.riders[vid] = _with(self.riders.get(vid, ()), uid)
            u[ABOARD] = vid

    def _drop_rider(self, vid: int, uid: int) -> None:
        left = _without(self.riders[vid], uid)
        if left:
            self.riders[vid] = left
        else:
            del self.riders[vid]

    def remove_unit(self, uid: int) -> list:
        u = self.units.pop(uid)
        if u[ABOARD] >= 0:
            self._drop_rider(u[ABOARD], uid)
        self.tally[u[KIND]] -= 1
        self.stack[u[AT]] = _without(self.stack[u[AT]], uid)
        self.mine[u[OWNER]] = _without(self.mine[u[OWNER]], uid)
        self._count(u[AT], u[OWNER], -1, u[KIND])
        return u

    # ----- queries used everywhere -------------------------------------------------------
    def current(self) -> int:
        return self.turn

    def units_at(self, space: int, owner: int | None = None):
        units = self.units
        for uid in self.stack[space]:
            u = units[uid]
            if owner is None or u[OWNER] == owner:
                yield uid, u

    def personnel_at(self, space: int, owner: int) -> list[int]:
        units, rank = self.units, D.RANK
        return [
            uid
            for uid in self.stack[space]
            if units[uid][OWNER] == owner and units[uid][KIND] in rank
        ]

    def occupant(self, space: int) -> int:
        """The seat whose personnel stand on `space` (-1 if none). Only one family may hold a
        space at rest: entering someone else's personnel means a battle."""
        for uid in self.stack[space]:
            u = self.units[uid]
            if u[KIND] in D.RANK:
                return u[OWNER]
        return -1

    def boss_of(self, seat: int) -> int:
        units = self.units
        for uid in self.mine[seat]:
            if units[uid][KIND] == "boss":
                return uid
        return -1

    def in_play(self, kind: str) -> int:
        return self.tally.get(kind, 0)

    def buildings_in_play(self, kind: str) -> int:
        return self.built[kind]

    def new_unit(self, owner, kind, space, moves=0, flag=DONE, aboard=-1, extra=-1) -> int:
        uid = self.next_uid
        self.next_uid += 1
        self.units[uid] = [owner, kind, space, moves, flag, aboard, extra]
        self.tally[kind] = self.tally.get(kind, 0) + 1
        if aboard >= 0:
            self.riders[aboard] = _with(self.riders.get(aboard, ()), uid)
        self.stack[space] = _with(self.stack[space], uid)
        self.mine[owner] = _with(self.mine[owner], uid)
        self._count(space, owner, 1, kind)
        return uid

    # ----- narration -------------------------------------------------------------------
    # The lines said at every step and every drive are logged unworded, as a tuple (wording
    # function, its values), the log node State.say makes written out; they are worded here,
    # when read: a random playout reads none, and wording them was a tenth of a step's time.
    def log_entries(self) -> list[tuple]:
        return [
            (audience, text if type(text) is str else text[0](*text[1:]))
            for audience, text in super().log_entries()
        ]

    # ----- contract --------------------------------------------------------------------
    def seats_to_act(self):
        if self.over:
            return ()
        todo = self.todo
        if todo and "seat" in todo[-1]:
            return _ONE_SEAT[todo[-1]["seat"]]
        return _ONE_SEAT[self.turn]

    def is_over(self) -> bool:
        return self.over

    def clone(self):
        cls = type(self)
        c = cls.__new__(cls)
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.copy()
        c._legal = {}
        c._top = None
        c.home = list(self.home)
        c.ranking = list(self.ranking)
        c.alive = list(self.alive)
        c.money = list(self.money)
        c.income = list(self.income)
        c.owner = list(self.owner)
        c.building = list(self.building)
        c.price = list(self.price)
        c.since = list(self.since)
        c.heirs = list(self.heirs)
        units = self.units
        c.units = dict(zip(units, map(list.copy, units.values()), strict=True))  # (quicker)
        c.stack = list(self.stack)
        c.mine = list(self.mine)
        c.lands = list(self.lands)
        c.held = list(self.held)
        c.heads = list(self.heads)
        c.parked = list(self.parked)
        c.cars = list(self.cars)
        c.tally = dict(self.tally)
        c.built = dict(self.built)
        c.riders = dict(self.riders)
        c.captives = [x[:] for x in self.captives]
        c.absorb = [x[:] for x in self.absorb]
        c.winners = list(self.winners)
        c.todo = [copy_step(p) for p in self.todo]
        c.talked = list(self.talked)
        c.asked = list(self.asked)
        c.invites = [x[:] for x in self.invites]
        c.handovers = [x[:] for x in self.handovers]
        c.deliveries = [x[:] for x in self.deliveries]
        return c

    _SAVED = Fields("blood-feud", [
        ("take_manhattan", SCALAR), ("max_rounds", SCALAR), ("home", LIST), ("ranking", LIST), ("alive", LIST),
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
