"""The state of a game of Unfinished Business: plain lists and ints, cloned by hand.

Zones (see data.py for how a hidden card records who knows it):
- hands[s], safes[s] (index 0 = the safe's top, its oldest card), bank, office: cards with masks
- poker[s]: the card seat s chose in a Poker Round not yet passed, or -1
- fronts[s]: the sets in front of seat s's safe, last = top; a set is a tuple of kinds
- market: the black market, last = top; its first `market_unseen` cards were never shown
- pile (last = top), supply_action, supply_event, discard: kinds
- godfather[s]: the Godfather lies in front of seat s
"""

from __future__ import annotations

from famiglia.core import Rng, State

from .data import IS_PROP, KIND_MASK, KINDS, VALUE

_FIELDS = (
    "safe_no",
    "hands",
    "safes",
    "poker",
    "fronts",
    "market",
    "bank",
    "office",
    "pile",
    "supply_action",
    "supply_event",
    "discard",
    "godfather",
)


def _freeze(value):
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value):
    if isinstance(value, (list, tuple)):
        return [_thaw(v) for v in value]
    return value


class UBState(State):
    """The data of a game and the questions the rules ask of it; the package's
    UnfinishedBusinessState adds the contract's behaviour (the phase table, views, refusals,
    the result)."""

    # ----- who is to act -----------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """The decision on top of the task stack (the phase table's key), or "over"."""
        return self.stack[-1][0] if self.stack and not self.over else "over"

    def seats_to_act(self) -> tuple:
        if self.over:
            return ()
        top = self.stack[-1]
        if top[0] == "poker":
            mask = top[1]
            return tuple(s for s in range(self.players) if mask >> s & 1)
        return (top[1],)

    def is_over(self) -> bool:
        return self.over

    # ----- the count (UB-11) -------------------------------------------------------------------
    def scores(self) -> list:
        """Money in thousands: property in front of and in the safe, times the betting office
        multiplier (UB-11.4, UB-11.5); an action card in a safe is worth 0 (UB-10.4)."""
        mult = [1] * KINDS
        for c in self.office:
            mult[c & KIND_MASK] += 1
        out = []
        for s in range(self.players):
            total = sum(VALUE[k] * mult[k] for cards in self.fronts[s] for k in cards)
            total += sum(VALUE[c & KIND_MASK] * mult[c & KIND_MASK] for c in self.safes[s])
            out.append(total)
        return out

    def property_counts(self) -> list:
        return [
            sum(len(cards) for cards in self.fronts[s])
            + sum(1 for c in self.safes[s] if IS_PROP[c & KIND_MASK])
            for s in range(self.players)
        ]

    # ----- copies ----------------------------------------------------------------------------
    def clone(self) -> UBState:
        cls = self.__class__
        c = cls.__new__(cls)
        c.players = self.players
        c.rng = self.rng.copy()
        c.log = self.log
        c._legal = {}
        c.safe_no = self.safe_no
        c.start = self.start
        c.turn = self.turn
        c.over = self.over
        c.market_unseen = self.market_unseen
        c.hands = [h[:] for h in self.hands]
        c.safes = [h[:] for h in self.safes]
        c.fronts = [f[:] for f in self.fronts]
        c.poker = self.poker[:]
        c.market = self.market[:]
        c.bank = self.bank[:]
        c.office = self.office[:]
        c.pile = self.pile[:]
        c.supply_action = self.supply_action[:]
        c.supply_event = self.supply_event[:]
        c.discard = self.discard[:]
        c.godfather = self.godfather[:]
        c.stack = self.stack[:]
        return c

    # ----- JSON ------------------------------------------------------------------------------
    def to_json(self) -> dict:
        data = {
            "game": "unfinished-business",
            "players": self.players,
            "rng": self.rng.to_json(),
            "start": self.start,
            "turn": self.turn,
            "over": self.over,
            "market_unseen": self.market_unseen,
            "stack": [_thaw(t) for t in self.stack],
            "log": self.log_to_json(),
        }
        for name in _FIELDS:
            value = getattr(self, name)
            data[name] = _thaw(value)
        return data

    @classmethod
    def _build(cls, data: dict) -> UBState:
        """The state from checked JSON."""
        st = cls.__new__(cls)
        st._init_base(data["players"], Rng.from_json(data["rng"]))
        st.start = data["start"]
        st.turn = data["turn"]
        st.over = data["over"]
        st.market_unseen = data["market_unseen"]
        st.safe_no = list(data["safe_no"])
        st.hands = [list(h) for h in data["hands"]]
        st.safes = [list(h) for h in data["safes"]]
        st.poker = list(data["poker"])
        st.fronts = [[tuple(cards) for cards in f] for f in data["fronts"]]
        st.market = list(data["market"])
        st.bank = list(data["bank"])
        st.office = list(data["office"])
        st.pile = list(data["pile"])
        st.supply_action = list(data["supply_action"])
        st.supply_event = list(data["supply_event"])
        st.discard = list(data["discard"])
        st.godfather = list(data["godfather"])
        st.stack = [_freeze(t) for t in data["stack"]]
        st.log_from_json(data["log"])
        return st

    def card_total(self) -> int:
        """Every card of the game, wherever it is (a conservation check for tests)."""
        return (
            sum(len(h) for h in self.hands)
            + sum(len(h) for h in self.safes)
            + sum(1 for k in self.poker if k >= 0)
            + sum(len(cards) for f in self.fronts for cards in f)
            + len(self.market)
            + len(self.bank)
            + len(self.office)
            + len(self.pile)
            + len(self.supply_action)
            + len(self.supply_event)
            + len(self.discard)
            + sum(self.godfather)
            + sum(len(task[5]) for task in self.stack if task[0] == "fight")
        )
