"""The state of a game of Unfinished Business: plain lists and ints, cloned by hand.

Zones (see cards.py for how a hidden card records who knows it):
- hands[s], safes[s] (index 0 = the safe's top, its oldest card), bank, office: cards with masks
- poker[s]: the card seat s chose in a Poker Round not yet passed, or -1
- fronts[s]: the sets in front of seat s's safe, last = top; a set is a tuple of kinds
- market: the black market, last = top; its first `market_unseen` cards were never shown
- pile (last = top), supply_action, supply_event, discard: kinds
- godfather[s]: the Godfather lies in front of seat s
"""

from __future__ import annotations

from famiglia.core import Action, Result, Rng, State

from . import rules
from .actions import ZONES
from .cards import (
    ACTION_KINDS,
    COUNT,
    EVENT_KINDS,
    IS_EVENT,
    IS_PROP,
    KEY,
    KIND_BITS,
    KIND_MASK,
    KINDS,
    NAME,
    PROPERTY_KINDS,
    PUBLIC_BIT,
    SETUP,
    VALUE,
)
from .effects import DO

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
    game = None  # set by the package

    # ----- set-up (UB-2) ---------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int) -> UBState:
        st = cls.__new__(cls)
        rng = Rng(seed)
        st._init_base(players, rng)
        numbers = list(range(1, SETUP["safes"] + 1))
        rng.shuffle(numbers)
        st.safe_no = numbers[:players]
        st.start = st.safe_no.index(min(st.safe_no))
        deck = [k for k in PROPERTY_KINDS for _ in range(COUNT[k])]
        rng.shuffle(deck)
        st.market = [deck.pop() for _ in range(SETUP["black_market"])]
        st.market_unseen = max(len(st.market) - 1, 0)
        st.hands = [[] for _ in range(players)]
        for _ in range(SETUP["hand_size"]):
            for s in range(players):
                st.hands[s].append(deck.pop())
        st.bank = [deck.pop() for _ in range(SETUP["bank"])]
        st.office = [deck.pop() for _ in range(SETUP["betting_office"])]
        actions = [k for k in ACTION_KINDS if k != KEY]
        events = list(EVENT_KINDS)
        rng.shuffle(actions)
        rng.shuffle(events)
        n_act, n_evt = SETUP["action_cards"], SETUP["event_cards"]
        deck += actions[:n_act] + events[:n_evt] + [KEY]
        rng.shuffle(deck)
        st.pile = deck
        st.supply_action = actions[n_act:]
        st.supply_event = events[n_evt:]
        st.safes = [[] for _ in range(players)]
        st.poker = [-1] * players
        st.fronts = [[] for _ in range(players)]
        st.discard = []
        st.godfather = [False] * players
        st.turn = st.start
        st.over = False
        st.stack = [("turn", st.start)]
        st.say(
            "each Don gets a safe: "
            + ", ".join(f"seat {s} safe {n}" for s, n in enumerate(st.safe_no))
        )
        st.say(f"seat {st.start} has the lowest safe and starts")
        st.say(f"the black market shows {NAME[st.market[-1]]}")
        for s in range(players):
            st.say("your hand: " + ", ".join(sorted(NAME[c] for c in st.hands[s])), (s,))
        rules.run(st)
        return st

    # ----- the contract ----------------------------------------------------------------------
    def seats_to_act(self) -> tuple:
        if self.over:
            return ()
        top = self.stack[-1]
        if top[0] == "poker":
            mask = top[1]
            return tuple(s for s in range(self.players) if mask >> s & 1)
        return (top[1],)

    def _legal_actions(self, seat):
        return rules.legal_actions(self, seat)

    def _apply(self, seat, action) -> None:
        rules.do(self, seat, action)

    def legal_actions(self, seat):
        """State.legal_actions with seats_to_act written out (this is every move)."""
        cached = self._legal.get(seat)
        if cached is None:
            if type(seat) is not int or not 0 <= seat < self.players:
                self.check_seat(seat)  # says why
            if self.over:
                cached = []
            else:
                top = self.stack[-1]
                mine = top[1] >> seat & 1 if top[0] == "poker" else top[1] == seat
                cached = rules.legal_actions(self, seat) if mine else []
            self._legal[seat] = cached
        return list(cached)

    def apply(self, seat, action) -> None:
        """State.apply with rules.do written out (this is every move)."""
        if (
            type(seat) is not int
            or type(action) is not Action
            or (cached := self._legal.get(seat)) is None
            or action not in cached
        ):
            self._check(seat, action)  # IllegalAction, the state unchanged, unless it is legal
        self._legal = {}
        task = self.stack.pop()
        DO[action.kind](self, seat, action.args, task)
        rules.run(self)

    def _why_illegal(self, seat, action):
        return rules.why_illegal(self, seat, action)

    def _decision(self):
        return rules.decision(self)

    def is_over(self) -> bool:
        return self.over

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

    def result(self) -> Result:
        """UB-11.6: most money; then most property cards; still tied: a shared win."""
        scores = self.scores()
        props = self.property_counts()
        return Result.from_keys(scores, [(scores[s], props[s]) for s in range(self.players)])

    # ----- what a seat sees (UB-10.2) --------------------------------------------------------
    def _knows(self, seat, card) -> bool:
        if seat is None:
            return bool(card >> KIND_BITS & PUBLIC_BIT)
        return bool(card >> KIND_BITS & (1 << seat))

    def view(self, seat) -> dict:
        self.check_seat(seat, spectator=True)
        over = self.over
        dons = []
        for s in range(self.players):
            mine = s == seat
            hand = self.hands[s]
            don = {
                "seat": s,
                "safe_number": self.safe_no[s],
                "sets": [[NAME[k] for k in cards] for cards in self.fronts[s]],
                "godfather": self.godfather[s],
                "hand_size": len(hand) + (self.poker[s] >= 0),
                "safe_size": len(self.safes[s]),
                "safe": [
                    NAME[c & KIND_MASK] if (mine or over or self._knows(seat, c)) else None
                    for c in self.safes[s]
                ],
                "poker_chosen": self.poker[s] >= 0,
            }
            if mine:
                don["hand"] = sorted(NAME[c & KIND_MASK] for c in hand)
                don["poker_card"] = NAME[self.poker[s]] if self.poker[s] >= 0 else None
            else:
                don["known_in_hand"] = sorted(
                    NAME[c & KIND_MASK] for c in hand if self._knows(seat, c)
                )
            dons.append(don)
        zone_view = [
            {
                "size": len(zone),
                "known": sorted(NAME[c & KIND_MASK] for c in zone if over or self._knows(seat, c)),
            }
            for zone in (self.bank, self.office)
        ]
        discard = {}
        for k in sorted(self.discard):
            discard[NAME[k]] = discard.get(NAME[k], 0) + 1
        view = {
            "game": "unfinished-business",
            "players": self.players,
            "seat": seat,
            "turn": self.turn,
            "to_act": list(self.seats_to_act()),
            "decision": self._decision_view(),
            "over": over,
            "dons": dons,
            "draw_pile": len(self.pile),
            "supply": {"action": len(self.supply_action), "event": len(self.supply_event)},
            "black_market": {
                "top": NAME[self.market[-1]] if self.market else None,
                "size": len(self.market),
            },
            "discard": discard,
            "bank": zone_view[0],
            "betting_office": zone_view[1],
        }
        if over:
            result = self.result()
            view["result"] = result.to_json()
            view["supply"]["cards"] = [NAME[k] for k in self.supply_action + self.supply_event]
        return view

    def _decision_view(self):
        if self.over:
            return None
        top = self.stack[-1]
        op = top[0]
        out = {"kind": op}
        if op == "poker":
            out["waiting"] = [s for s in range(self.players) if top[1] >> s & 1]
            return out
        out["seat"] = top[1]
        if op == "fight":
            _, mover, att, dfd, revenge, played = top
            out.update(
                attacker=att,
                defender=dfd,
                revenge=bool(revenge),
                target=[NAME[k] for k in self.fronts[dfd][-1]],
                played=[NAME[k] for k in played],
            )
        elif op == "launder":
            out["left"] = top[2]
        elif op == "take":
            out["from"] = top[2]
        elif op in ("swaptake", "swapgive"):
            out["zone"] = ZONES[top[2]]
        return out

    # ----- copies ----------------------------------------------------------------------------
    def clone(self) -> UBState:
        c = UBState.__new__(UBState)
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

    def determinize(self, seat: int, seed: int) -> UBState:
        """A copy where every card `seat` does not know is redrawn (UB-10.2).

        Cards the seat knows stay where they are; the unknown ones are shuffled among the
        places that hold unknown cards, respecting what each place can hold: safes, bank,
        betting office and the hidden part of the black market hold property only (no move
        puts an action card into a safe, UB-10.3; one a saved position holds there unseen
        is redrawn among the others, UB-10.4), hands (and Poker Round choices) no events,
        the supply piles one action card (not the Key) and one event. The chance of the
        future is redrawn too.
        """
        self.check_sample(seat, seed)
        c = self.clone()
        c.rng = Rng(seed ^ 0x5DEECE66D)
        if self.over:
            return c
        rng = Rng(seed)
        bit = 1 << seat
        slots = {"P": [], "H": [], "A": [], "E": []}  # category -> [(zone, i, mask)]
        pool = []

        def hidden(zone, category):
            for i, card in enumerate(zone):
                mask = card >> KIND_BITS
                if not mask & bit:
                    slots[category].append((zone, i, mask))
                    pool.append(card & KIND_MASK)

        for s in range(c.players):
            if s != seat:
                hidden(c.hands[s], "H")
                hidden(c.safes[s], "P")
                if c.poker[s] >= 0:
                    slots["H"].append((c.poker, s, 0))
                    pool.append(c.poker[s])
        hidden(c.bank, "P")
        hidden(c.office, "P")
        for i in range(c.market_unseen):
            slots["P"].append((c.market, i, 0))
            pool.append(c.market[i])
        pool += c.pile  # the whole draw pile is unknown
        for zone, category in ((c.supply_action, "A"), (c.supply_event, "E")):
            for i, k in enumerate(zone):
                slots[category].append((zone, i, 0))
                pool.append(k)
        rng.quick_shuffle(pool)
        # The places that take one kind only get the first fitting cards of the shuffled pool.
        want = {"E": len(slots["E"]), "A": len(slots["A"]), "P": len(slots["P"])}
        picked = {"E": [], "A": [], "P": []}
        rest = []
        for kind in pool:
            if IS_EVENT[kind]:
                category = "E"
            else:
                category = "P" if IS_PROP[kind] else "A" if kind != KEY else ""
            if category and want[category]:
                want[category] -= 1
                picked[category].append(kind)
            else:
                rest.append(kind)
        for category in "EAP":
            for (zone, i, mask), kind in zip(slots[category], picked[category], strict=True):
                zone[i] = kind | mask << KIND_BITS
        # Hands take the first non-events of what is left; the draw pile the rest, reshuffled.
        hands = slots["H"]
        draw = []
        h = 0
        for kind in rest:
            if h < len(hands) and not IS_EVENT[kind]:
                zone, i, mask = hands[h]
                zone[i] = kind | mask << KIND_BITS
                h += 1
            else:
                draw.append(kind)
        rng.quick_shuffle(draw)
        c.pile = draw
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
    def from_json(cls, data: dict) -> UBState:
        """The saved state, checked whole first (saved.py): ValueError names what is wrong."""
        from .saved import load

        return load(cls, data)

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
