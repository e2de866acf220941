"""Two tiny games that probe what a bot may know.

- Die guess: seat 0 names a face, then a die is rolled from the state's own generator; seat 0
  wins on a match, seat 1 otherwise. The state hides nothing now, but the generator holds the
  coming roll: a bot planning on a sample that keeps the real generator would always guess it.
- Showdown: every seat secretly picks 1, 2 or 3 at the same time; once all have picked, the
  picks are shown and each seat scores its pick if nobody else picked the same number.
"""

from __future__ import annotations

from famiglia.core import Action, Game, Result, Rng, State


class DieGuessState(State):
    def __init__(self, players, rng):
        self._init_base(players, rng)
        self.guess = 0
        self.roll = 0

    def seats_to_act(self):
        return () if self.roll else (0,)

    def _legal_actions(self, seat):
        return [Action("guess", (face,), f"guess {face}") for face in range(1, 7)]

    def _apply(self, seat, action):
        self.guess = action.args[0]
        self.roll = self.rng.die(6)
        self.say(f"seat 0 guesses {self.guess}; the die shows {self.roll}")

    def view(self, seat):
        return {"guess": self.guess, "roll": self.roll}

    def clone(self):
        c = DieGuessState.__new__(DieGuessState)
        c.__dict__.update(self.__dict__)
        c.rng, c._legal = self.rng.copy(), {}
        return c

    def determinize(self, seat, seed):
        return self.clone()  # nothing is hidden but the future

    def is_over(self):
        return bool(self.roll)

    def result(self):
        hit = self.guess == self.roll
        keys = [(1,), (0,)] if hit else [(0,), (1,)]
        return Result.from_keys([k[0] for k in keys], keys)

    def to_json(self):
        return {
            "game": "die-guess",
            "rng": self.rng.to_json(),
            "guess": self.guess,
            "roll": self.roll,
        }


class ShowdownState(State):
    def __init__(self, players, rng):
        self._init_base(players, rng)
        self.picks = [0] * players  # 0: not yet picked
        self.shown = False

    def seats_to_act(self):
        if self.shown:
            return ()
        return tuple(s for s in range(self.players) if not self.picks[s])

    def _legal_actions(self, seat):
        return [Action("pick", (n,), f"pick {n}") for n in (1, 2, 3)]

    def _apply(self, seat, action):
        self.picks[seat] = action.args[0]
        self.say(f"seat {seat} has picked")
        if all(self.picks):
            self.shown = True
            self.say("picks: " + ", ".join(map(str, self.picks)))

    def view(self, seat):
        picks = [
            p if self.shown or s == seat else (None if p else 0) for s, p in enumerate(self.picks)
        ]
        return {"picks": picks}

    def clone(self):
        c = ShowdownState.__new__(ShowdownState)
        c.__dict__.update(self.__dict__)
        c.rng, c._legal, c.picks = self.rng.copy(), {}, list(self.picks)
        return c

    def determinize(self, seat, seed):
        c = self.clone()
        rng = Rng(seed)
        if not c.shown:
            for s in range(c.players):
                if s != seat and c.picks[s]:
                    c.picks[s] = rng.die(3)  # any secret pick fits what `seat` has seen
        return c

    def is_over(self):
        return self.shown

    def scores(self):
        return [p if self.picks.count(p) == 1 else 0 for p in self.picks]

    def result(self):
        scores = self.scores()
        return Result.from_keys(scores, [(s,) for s in scores])

    def to_json(self):
        return {
            "game": "showdown",
            "rng": self.rng.to_json(),
            "picks": self.picks,
            "shown": self.shown,
        }


class _Game(Game):
    state_class = None

    def _new(self, players, seed, options):
        return self.state_class(players, Rng(seed))

    def describe_action(self, kind, args):
        return f"{kind} {args[0]}"


class DieGuessGame(_Game):
    state_class = DieGuessState


class ShowdownGame(_Game):
    state_class = ShowdownState


DIE_GUESS = DieGuessGame(name="die-guess", title="Die guess", min_players=2, max_players=2)
DieGuessState.game = DIE_GUESS
SHOWDOWN = ShowdownGame(name="showdown", title="Showdown", min_players=2, max_players=4)
ShowdownState.game = SHOWDOWN
