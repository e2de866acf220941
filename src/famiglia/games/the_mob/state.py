"""The Mob's state: plain data only. The rules that change it: phases.py, turn.py and friends."""

from __future__ import annotations

from famiglia.core import LIST, NESTED, SCALAR, Fields, State

from . import data as D


def _lists(value):
    """Tuples to lists, all the way down (for JSON)."""
    if isinstance(value, (list, tuple)):
        return [_lists(v) for v in value]
    return value


def _tuples(value):
    """Lists back to tuples, all the way down."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


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

    _SAVED = Fields("the-mob", [
        ("strict_stakes", SCALAR), ("max_years", SCALAR), ("year", SCALAR), ("dealer", SCALAR),
        ("phase", SCALAR), ("actor", SCALAR), ("cards_played", SCALAR), ("queue", LIST),
        ("last_card", SCALAR), ("cash", LIST), ("invest", LIST), ("members", NESTED),
        ("guards_photo", LIST), ("guards_removed", LIST), ("guards_lost", LIST),
        ("space_owner", LIST), ("space_guards", LIST), ("legal_guard", LIST), ("hands", NESTED),
        ("marked", NESTED), ("set_aside", NESTED), ("stock", LIST), ("park", LIST),
        ("capped", SCALAR),
        ("pending", (_lists, _tuples)),  # None, or a tuple holding a tuple: saved as lists
    ])  # fmt: skip

    def to_json(self) -> dict:
        return self._SAVED.to_json(self)
