"""The greedy bot: one step of lookahead, judged by the game's evaluation function.

For each legal move it plays the move on a few determinized samples (never the true state) and
scores the outcome with agents/heuristics (the game's own evaluation, or the generic one). A
decision split into steps (choose the space, then the pieces) is looked through to the end of
the bot's own turn, best follow-up first, within a small budget. A secret simultaneous choice
is judged after the other seats' pending choices are filled in at random, since nothing shows
before they are all in.

A move that can be taken back (select a piece, then "back") could otherwise send the bot round
in a circle, since each step is judged afresh on new samples: so the bot remembers what it chose
at each position it has seen this game and, on coming back to exactly the same position, tries
something else.
"""

from __future__ import annotations

import json
import random

from famiglia.core.rng import Rng

from . import heuristics
from .base import Agent, Info

MEMORY = 10_000  # positions remembered before the memory is cleared


class GreedyAgent(Agent):
    name = "greedy"

    def __init__(self, seed: int = 0, samples=3, steps=3, budget=300) -> None:
        self.samples = _whole(samples, "samples", 1)
        self.steps = _whole(steps, "steps", 1)
        self.budget = _whole(budget, "budget", 1)  # evaluations per sample, at most
        self.seed = int(seed)
        self.rng = random.Random(self.seed)
        self.sample_rng = Rng(self.seed)
        self._chosen: dict[str, set] = {}  # position (the seat's view) -> moves chosen there
        self._turn_key = None  # the game's turn_key (agents/heuristics), if it has one
        self._turn = None
        self._shift = 0.0  # what ending the turn does to the evaluation here (_end_shift)

    def spec(self) -> str:
        return f"greedy:samples={self.samples},steps={self.steps}"

    def act(self, info: Info):
        legal = info.legal_actions
        if len(legal) == 1:
            return legal[0]
        position = json.dumps([info.seat, info.view], sort_keys=True, default=str)
        if len(self._chosen) > MEMORY:
            self._chosen.clear()
        chosen = self._chosen.setdefault(position, set())
        if len(chosen) >= len(legal):
            chosen.clear()  # every move has been tried from here: start over
        action = self._best(info, [a for a in legal if a not in chosen])
        chosen.add(action)
        return action

    def _best(self, info: Info, legal: list):
        """The move with the best look-ahead value over a few samples."""
        if len(legal) == 1:
            return legal[0]
        me = info.seat
        totals = [0.0] * len(legal)
        evaluate = None
        for _ in range(self.samples):
            base = info.sample(self.sample_rng)
            if evaluate is None:
                name = base.game.name if base.game else ""
                evaluate = heuristics.for_game(name)
                self._turn_key = heuristics.turn_key(name)
                self._turn = self._turn_key(base) if self._turn_key else None
            secret = len(base.seats_to_act()) > 1
            self._left = self.budget
            # One chance stream per sample, the same for every move (common random numbers):
            # chance resolved inside a move (a solo game's automa playing its whole turn) then
            # falls alike on a move and on the same move reached later, so the moves that put
            # it off do not win on luck. The stream is the bot's own: the real future chance
            # stays unknown.
            chance = self.rng.getrandbits(64)
            base.legal_actions(me)  # worked out once, for every move's copy (State.after)
            after = [base.after(me, action, Rng(chance)) for action in legal]
            self._shift = self._end_shift(base, me, after, evaluate)
            for i, state in enumerate(after):
                totals[i] += self._value(state, me, self.steps - 1, secret, evaluate)
        best = max(totals)
        ties = [a for a, t in zip(legal, totals, strict=True) if t >= best - 1e-12]
        return ties[self.rng.randrange(len(ties))]

    def _value(self, state, me, steps, secret, evaluate) -> float:
        """The bot's reward after its move: its best follow-up if its turn goes on."""
        self._left -= 1
        if not state.is_over():
            to_act = state.seats_to_act()
            same_turn = self._turn_key is None or self._turn_key(state) == self._turn
            if me in to_act and steps > 0 and self._left > 0 and same_turn:
                best = 0.0
                for action in state.legal_actions(me):
                    follow = state.after(me, action)
                    best = max(best, self._value(follow, me, steps - 1, secret, evaluate))
                return best
            if self._shift and same_turn and me in to_act:
                values = list(evaluate(state))
                values[me] += self._shift
                return heuristics.value_rewards(values)[me]
            if secret:
                self._fill_in_choices(state, me)
        return heuristics.rewards(state, evaluate)[me]

    def _end_shift(self, base, me, after, evaluate) -> float:
        """In a one-seat game whose opponent plays inside the bot's last move (a solo mode's
        automa), a move that ends the turn is judged after the opponent's real turn, the others
        before it, on the evaluation's estimate of it. Where that turn is worth more than the
        estimate, every move that puts the end off (a bribe, paid again and again: 127 in one
        game) looks better than ending. So a line that stops inside the turn is moved by what
        ending did here, by this sample's chance, to the position before the move: 0 when no
        move or every move ends the turn."""
        if self._turn_key is None or base.players != 1:
            return 0.0
        ends = [self._turn_key(state) != self._turn for state in after]
        if all(ends) or not any(ends):
            return 0.0
        ended = next(state for state, end in zip(after, ends, strict=True) if end)
        if ended.is_over() or me not in ended.seats_to_act():
            return 0.0
        return evaluate(ended)[me] - evaluate(base)[me]

    def _fill_in_choices(self, state, me) -> None:
        """Random choices for the seats still to choose in a simultaneous round."""
        for seat in state.seats_to_act():
            if state.is_over() or seat not in state.seats_to_act():
                continue
            legal = state.legal_actions(seat)
            state.apply(seat, legal[self.rng.randrange(len(legal))])


def _whole(value, name, low) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ValueError(f"greedy option {name}={value!r} must be a whole number") from None
    if number < low:
        raise ValueError(f"greedy option {name}={value!r} must be at least {low}")
    return number
