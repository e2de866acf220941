"""The Mob's state: plain data only. The rules that change it live in rules.py and friends."""

from __future__ import annotations

from famiglia.core import Rng, State

from . import data as D


class MobState(State):
    """Everything on the table in one game of The Mob.

    Members: `members[seat][m]` is where family member m is (a board space, or D.PHOTO,
    D.HARBOUR, D.OOC_BASE + i, D.PRISON_BASE + block). Bodyguards are counted: on the photo,
    on each space (`space_guards`, owned by `space_owner`), on a legal business
    (`legal_guard` holds the seat), removed this year (`guards_removed`, may be hired back) and
    gone for good (`guards_lost`).
    """

    def __init__(self) -> None:  # use new_state() or from_json()
        pass

    # ----- whose turn --------------------------------------------------------------------
    def seats_to_act(self) -> tuple[int, ...]:
        return () if self.phase == "over" else (self.actor,)

    def is_over(self) -> bool:
        return self.phase == "over"

    def starting_player(self) -> int:
        return (self.dealer + 1) % self.players

    def seat_order(self) -> list[int]:
        """Seats from the dealer's left, clockwise: the order of play and of settlement."""
        first = self.starting_player()
        return [(first + i) % self.players for i in range(self.players)]

    # ----- counting --------------------------------------------------------------------------
    def pieces_on(self, space: int) -> tuple[list[int], int]:
        """(members, bodyguards) on an illegal business space."""
        owner = self.space_owner[space]
        if owner < 0:
            return [], 0
        return [m for m in D.MEMBERS if self.members[owner][m] == space], self.space_guards[space]

    def stake(self, space: int) -> int:
        """Total value of the pieces on a space."""
        members, guards = self.pieces_on(space)
        return sum(D.MEMBER_VALUES[m] for m in members) + guards * D.GUARD_VALUE

    def family_value(self, seat: int) -> int:
        """Value of the members still owned: everywhere but the harbour."""
        return sum(D.MEMBER_VALUES[m] for m in D.MEMBERS if self.members[seat][m] != D.HARBOUR)

    def free_members(self, seat: int) -> list[int]:
        return [m for m in D.MEMBERS if self.members[seat][m] == D.PHOTO]

    # ----- copies and saves ---------------------------------------------------------------
    def clone(self) -> MobState:
        c = type(self).__new__(type(self))
        c.players = self.players
        c.rng = self.rng.copy()
        c.log = self.log
        c._legal = {}
        c.strict_stakes = self.strict_stakes
        c.max_years = self.max_years
        c.year = self.year
        c.dealer = self.dealer
        c.phase = self.phase
        c.actor = self.actor
        c.cards_played = self.cards_played
        c.queue = list(self.queue)
        c.pending = self.pending
        c.last_card = self.last_card
        c.cash = list(self.cash)
        c.invest = list(self.invest)
        c.members = [list(row) for row in self.members]
        c.guards_photo = list(self.guards_photo)
        c.guards_removed = list(self.guards_removed)
        c.guards_lost = list(self.guards_lost)
        c.space_owner = list(self.space_owner)
        c.space_guards = list(self.space_guards)
        c.legal_guard = list(self.legal_guard)
        c.hands = [list(h) for h in self.hands]
        c.marked = [list(h) for h in self.marked]
        c.set_aside = [list(h) for h in self.set_aside]
        c.stock = list(self.stock)
        c.park = list(self.park)
        c.capped = self.capped
        return c

    _FIELDS = (
        "strict_stakes",
        "max_years",
        "year",
        "dealer",
        "phase",
        "actor",
        "cards_played",
        "queue",
        "last_card",
        "cash",
        "invest",
        "members",
        "guards_photo",
        "guards_removed",
        "guards_lost",
        "space_owner",
        "space_guards",
        "legal_guard",
        "hands",
        "marked",
        "set_aside",
        "stock",
        "park",
        "capped",
    )

    def to_json(self) -> dict:
        data = {"game": "the-mob", "players": self.players, "rng": self.rng.to_json()}
        for name in self._FIELDS:
            data[name] = getattr(self, name)
        data["pending"] = list(self.pending) if self.pending is not None else None
        data["log"] = self.log_to_json()
        return _plain(data)

    @classmethod
    def from_json(cls, data: dict) -> MobState:
        s = cls.__new__(cls)
        s._init_base(data["players"], Rng.from_json(data["rng"]))
        for name in cls._FIELDS:
            value = data[name]
            setattr(
                s,
                name,
                [list(v) for v in value]
                if _is_table(value)
                else list(value)
                if isinstance(value, list)
                else value,
            )
        pending = data["pending"]
        s.pending = _tuple_deep(pending) if pending is not None else None
        s.log_from_json(data["log"])
        return s


def _is_table(value) -> bool:
    return isinstance(value, list) and bool(value) and isinstance(value[0], list)


def _plain(value):
    """Tuples to lists, for JSON; copies every list so the saved data is independent."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _tuple_deep(value):
    if isinstance(value, list):
        return tuple(_tuple_deep(v) for v in value)
    return value
