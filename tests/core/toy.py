"""A tiny game for testing the core: each seat holds one hidden card from a shuffled deck of
1..6; on its turn a seat either adds its card to the pile total or swaps for the top of the
deck. The game ends when the pile reaches 12 or more; whoever added last wins."""

from __future__ import annotations

from famiglia.core import Action, Game, Result, Rng, State


class ToyState(State):
    def __init__(self, players, rng):
        self._init_base(players, rng)
        self.deck = list(range(1, 7))
        rng.shuffle(self.deck)
        self.hands = [self.deck.pop() for _ in range(players)]
        self.turn = 0
        self.pile = 0
        self.last = -1

    def seats_to_act(self):
        return () if self.pile >= 12 else (self.turn,)

    def _legal_actions(self, seat):
        acts = [Action("add", (), "add my card")]
        if self.deck:
            acts.append(Action("swap", (), "swap my card"))
        return acts

    def _apply(self, seat, action):
        if action.kind == "add":
            self.pile += self.hands[seat]
            self.say(f"seat {seat} adds {self.hands[seat]}")
            self.last = seat
        else:
            self.deck.insert(0, self.hands[seat])
            self.hands[seat] = self.deck.pop()
            self.say(f"seat {seat} swaps")
            self.say(f"you draw {self.hands[seat]}", (seat,))
        self.turn = (self.turn + 1) % self.players

    def view(self, seat):
        return {
            "pile": self.pile,
            "turn": self.turn,
            "deck": len(self.deck),
            "hand": self.hands[seat] if seat is not None else None,
        }

    def clone(self):
        c = ToyState.__new__(ToyState)
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.copy()
        c.deck, c.hands, c._legal = list(self.deck), list(self.hands), {}
        return c

    def determinize(self, seat, seed):
        c = self.clone()
        hidden = c.deck + [h for s, h in enumerate(c.hands) if s != seat]
        Rng(seed).shuffle(hidden)
        for s in range(c.players):
            if s != seat:
                c.hands[s] = hidden.pop()
        c.deck = hidden
        c.rng = Rng(seed + 1)  # the future is hidden too
        return c

    def is_over(self):
        return self.pile >= 12

    def result(self):
        keys = [(1 if s == self.last else 0,) for s in range(self.players)]
        return Result.from_keys([k[0] for k in keys], keys)

    def to_json(self):
        return {
            "game": "toy",
            "players": self.players,
            "rng": self.rng.to_json(),
            "deck": self.deck,
            "hands": self.hands,
            "turn": self.turn,
            "pile": self.pile,
            "last": self.last,
            "log": self.log_to_json(),
        }


class ToyGame(Game):
    def _new(self, players, seed, options):
        return ToyState(players, Rng(seed))

    def _from_json(self, data):
        s = ToyState.__new__(ToyState)
        s._init_base(data["players"], Rng.from_json(data["rng"]))
        s.deck, s.hands = list(data["deck"]), list(data["hands"])
        s.turn, s.pile, s.last = data["turn"], data["pile"], data["last"]
        s.log_from_json(data["log"])
        return s

    def describe_action(self, kind, args):
        return {"add": "add my card", "swap": "swap my card"}.get(kind, kind)


GAME = ToyGame(name="toy", title="Toy", min_players=2, max_players=4)
ToyState.game = GAME
