"""Information-set Monte Carlo tree search (multiple-observer ISMCTS), on the core contract alone.

Each iteration draws a determinized sample of the game from the bot's information (never the
true state), walks down the trees choosing moves with UCB1, adds one new node, plays on at random
for at most `depth` moves, and scores the end with the game's result or, when cut off, with the
game's evaluation function (agents/heuristics). Every seat maximises its own reward.

Several observers: there is one tree per seat, and a node stands for what that seat has seen
of the moves so far. A move made while several seats are to act (or by the last of them, left
to choose alone) is a secret simultaneous choice: only its author's tree branches on it, the
others' trees see "seat m chose something". So a seat never plans as if it knew another seat's
secret choice. Such a move gets no prior where its effect shows only once all have chosen;
`secret=1` gives it one where the evaluation already weighs the choices still open (Cash 'n
Guns: the bullet loaded, the aim, the courage). Each seat chooses its moves from the statistics
in its own tree; a move's statistics hold its author's rewards.

Knowledge: a move first met in a tree starts with `prior` virtual visits worth the evaluation
of the state it leads to (the greedy bot's judgement), so the search spends its iterations on
the moves that look best and the random rollouts stay short (`depth`). Each seat's rewards are
scaled by the range it has seen before UCB adds exploration (`c`; the game's evaluation module
may set its own), so that small but real differences between moves still steer the search.
`prior=0` gives plain ISMCTS. With `look=K` a move after which the same seat acts again, alone
(the first step of a card play, say), is judged by its best follow-up instead, up to K steps
on (as greedy looks through its own turn): the evaluation of a half-made move can be a poor
guide, and the search would spend its first iterations finding out what greedy sees at once.

Tuning: `win` weighs winning against placing in the rewards (agents/heuristics; the game's
default); `rollout=K` makes each rollout move the best, by evaluation, of K moves drawn at
random instead of any random move (a greedy-lite playout; 1: random); `rivals` sets the
exploration of the other seats' choices apart from the bot's own (`c`); `shun=1` keeps the
rollouts off the kinds of move a game names as seldom worth playing at random (its evaluation
module's SHUN, e.g. The Mob's "lay a card down unused"), wherever another move is legal;
`orders=1` searches moves whose order does not matter in one order only (the game's
`one_order`: The Mob's pieces of a placement and cards to exchange), so that its visits do not
split among orders that reach the same position, in its trees and in its own choice.

Moves a sample allows that another did not are handled with availability counts (UCB uses how
often a move was available, not how often its node was visited). Future chance is redrawn too:
each sample gets a fresh generator, so the search cannot foresee the real dice or draws.

Tree reuse (`reuse=1`): when the bot moves twice in a row with nothing between (the steps of
one card play, say), the second decision starts from the subtrees the first one grew under the
move it chose, instead of from nothing. It keeps them only when no one else could have moved
between (the bot alone to act before and after its move) and its new view is the one it
foresaw; a move that drew a card it could not foresee starts a fresh tree. `reuse=2` carries
them across the other seats' moves too, where its tree holds them (agents/reuse.py).

Shifted priors (`shift=1`, off by default): a move's prior is the value of the position right
after it, while a searched move's value comes from leaves several moves on, where the rollouts'
random moves have flattered or hurt the seat; so the two are not on one scale, and the moves
searched first can keep every visit. With `shift`, each choice keeps how far the real visits
made there came out above (or below) the first value of the move they went through, and counts
a prior's virtual visits at their value plus that mean rise.

Progressive widening (`widen=W`, off by default): where the moves have priors, a choice made
for the n-th time there picks among the 1 + W * sqrt(n) moves judged best when first met, not
among all of them, so that a wide choice (a placement's pieces, the cards to return) spends
its first visits deep under its likeliest moves and opens the others as the visits grow.

`c`, `depth`, `rollout`, `win`, `rivals`, `shun`, `orders`, `look`, `secret`, `reuse`, `shift`
and `widen` left unset take the game's own choice (its evaluation module's SEARCH), else 0.3,
3, 1, 0.5, `c` itself, 0, 0, 0, 0, 0, 0 and 0.

Budget: `iterations=N` (deterministic for a given seed) or `seconds=S` per move. The search
stops before the budget is spent once its most visited move can no longer be overtaken by the
iterations left (`early=0` turns this off): the choice is the same, the time is saved. With
`seconds` the iterations left are estimated from the pace so far. `clock=cpu` counts the
seconds of processor time this process spends instead of the wall clock, so that strength
measured on a busy machine is the strength of the stated budget. Whatever the budget, `cap`
(a time on `wall`, time.monotonic, set by the server) ends the search: on a busy server load
costs the bot strength, never the player time. The first iteration always runs, and with a
prior it judges every move, so a decision cut at once is still greedy's.
"""

from __future__ import annotations

import math
import random
import time

from famiglia.core.rng import Rng

from . import heuristics, reuse
from .base import Agent, Info
from .budget import number as _number
from .budget import settled as _settled

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
CHECK_EVERY = 32  # iterations between checks whether the choice is settled
C = 0.3  # exploration, unless the player or the game (agents/heuristics.search_defaults) sets it
DEPTH = 3  # rollout moves before the evaluation, unless the player or the game sets it


class Node:
    """What one seat has seen so far. `stats[action] = [visits, reward sum, available]`, with
    a fourth item for a move given a prior: the value it was first judged at."""

    __slots__ = ("children", "stats", "passes", "rise", "risen")

    def __init__(self) -> None:
        self.children: dict = {}
        self.stats: dict = {}
        self.passes = 0  # choices made here (progressive widening counts them)
        self.rise = 0.0  # sum over the real visits here of reward minus the move's first value
        self.risen = 0  # how many real visits that sum counts (shift)


class ISMCTSAgent(Agent):
    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations=None,
        seconds=None,
        c=None,
        depth=None,
        prior=10,
        early=1,
        clock="wall",
        rollout=None,
        win=None,
        rivals=None,
        shun=None,
        orders=None,
        look=None,
        secret=None,
        reuse=None,
        widen=None,
        shift=None,
    ) -> None:
        if iterations is not None and seconds is not None:
            raise ValueError("give ismcts either iterations or seconds, not both")
        self.iterations = None if iterations is None else _number(iterations, int, "iterations", 1)
        self.seconds = None if seconds is None else _number(seconds, float, "seconds", 0.001)
        if self.iterations is None and self.seconds is None:
            self.iterations = 1000
        self.c = None if c is None else _number(c, float, "c", 0.0)
        self._c = C  # the exploration of the decision under way
        self.depth = None if depth is None else _number(depth, int, "depth", 0)
        self._depth = DEPTH  # the rollout depth of the decision under way
        self.prior = _number(prior, int, "prior", 0)
        self.early = bool(_number(early, int, "early", 0))  # stop once the choice is settled
        # candidates per rollout move (None: as the game chooses, else 1: a random move)
        self.rollout = None if rollout is None else _number(rollout, int, "rollout", 1)
        self._rollout = 1
        # exploration of the other seats' choices (None: as the game chooses, else as the bot's own)
        self.rivals = None if rivals is None else _number(rivals, float, "rivals", 0.0)
        self._rivals = None
        # keep rollouts off the kinds of move the game names (None: as the game chooses)
        self.shun = None if shun is None else bool(_number(shun, int, "shun", 0))
        self._shunned = frozenset()
        # search one order of moves whose order does not matter (None: as the game chooses)
        self.orders = None if orders is None else bool(_number(orders, int, "orders", 0))
        self._one_order = None
        # steps of the seat's own turn a new move's prior looks through (None: as the game chooses)
        self.look = None if look is None else _number(look, int, "look", 0)
        self._look = 0
        # judge a secret choice by the state it leads to as well (None: as the game chooses)
        self.secret = None if secret is None else bool(_number(secret, int, "secret", 0))
        self._secret = False
        # keep the subtrees under its own move for its next decision (None: as the game chooses)
        self.reuse = None if reuse is None else _number(reuse, int, "reuse", 0)
        if self.reuse is not None and self.reuse > 2:
            raise ValueError(f"ismcts option reuse={reuse!r} must be 0, 1 or 2")
        self._kept = None  # reuse.Kept: the trees for the next decision
        # progressive widening: moves open to a choice grow as widen * sqrt(choices made there)
        self.widen = None if widen is None else _number(widen, float, "widen", 0.0)
        self._widen_by = 0.0
        # priors shifted by how far searched moves rose above theirs (None: as the game chooses)
        self.shift = None if shift is None else bool(_number(shift, int, "shift", 0))
        self._shift = False
        # (None: as the game chooses, else heuristics.WIN_WEIGHT)
        self.win = None if win is None else _number(win, float, "win", 0.0)
        if self.win is not None and self.win > 1:
            raise ValueError(f"ismcts option win={win!r} must be between 0 and 1")
        self._win = heuristics.WIN_WEIGHT
        if clock not in CLOCKS:
            raise ValueError(f"ismcts option clock={clock!r} must be one of: {', '.join(CLOCKS)}")
        self.clock = clock
        self.timer = CLOCKS[clock]  # the budget's clock (a test may put its own)
        self.wall = time.monotonic  # the clock of `cap` (a test may put its own)
        self.cap = None  # a time on `wall` the search ends at, whatever its budget (the server)
        self.last_capped = False  # whether the last decision ended at `cap`
        self.seed = int(seed)
        self.rng = random.Random(self.seed)
        self.sample_rng = Rng(self.seed)
        self.last_iterations = 0  # how many iterations the last decision ran (for the bench)
        self.last_settled = False  # whether it stopped early, its choice settled (for the bench)
        self.last_reused = 0  # visits the last decision's root started with (kept: reuse=1)
        self.last_roots: list = []
        self._lo: list = []  # per seat, the lowest and highest reward seen in this decision
        self._hi: list = []

    def reseed(self, seed: int) -> None:
        """A new seed for the next decision, the trees kept for it staying (the server's
        workers keep a bot between its decisions)."""
        self.seed = int(seed)
        self.rng = random.Random(self.seed)
        self.sample_rng = Rng(self.seed)

    def spec(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations else f"seconds={self.seconds}"
        spec = f"ismcts:{budget},prior={self.prior}"
        if self.depth is not None:  # else the game's choice
            spec += f",depth={self.depth}"
        if self.c is not None:
            spec += f",c={self.c}"
        if self.seconds and self.clock != "wall":
            spec += f",clock={self.clock}"
        if self.rivals is not None:
            spec += f",rivals={self.rivals}"
        if self.shun is not None:
            spec += f",shun={int(self.shun)}"
        if self.orders is not None:
            spec += f",orders={int(self.orders)}"
        if self.look is not None:
            spec += f",look={self.look}"
        if self.secret is not None:
            spec += f",secret={int(self.secret)}"
        if self.reuse is not None:
            spec += f",reuse={self.reuse}"
        if self.rollout is not None:
            spec += f",rollout={self.rollout}"
        if self.win is not None:
            spec += f",win={self.win}"
        if self.widen is not None:
            spec += f",widen={self.widen}"
        if self.shift is not None:
            spec += f",shift={int(self.shift)}"
        return spec if self.early else spec + ",early=0"

    # ----- deciding --------------------------------------------------------------------------
    def act(self, info: Info):
        legal = info.legal_actions
        self.last_iterations = 0
        self.last_settled = False
        self.last_reused = 0
        self.last_capped = False
        kept, self._kept = self._kept, None
        level = self.reuse or 0  # known once the game is (below); this only passes trees on
        found = reuse.follow(kept, info, max(level, 1)) if kept is not None else None
        if len(legal) == 1:
            if found is not None:  # pass them on past a forced move
                self._keep(info, info.sample(self.sample_rng), found, legal[0], kept, level or 1)
            return legal[0]
        first = info.sample(self.sample_rng)
        name = first.game.name if first.game else ""
        evaluate = heuristics.for_game(name)
        chosen = heuristics.search_defaults(name)
        self._c = self.c if self.c is not None else chosen.get("c", C)
        self._depth = self.depth if self.depth is not None else chosen.get("depth", DEPTH)
        self._secret = self.secret if self.secret is not None else chosen.get("secret", False)
        self._rollout = self.rollout if self.rollout is not None else chosen.get("rollout", 1)
        self._win = self.win if self.win is not None else chosen.get("win", heuristics.WIN_WEIGHT)
        self._rivals = self.rivals if self.rivals is not None else chosen.get("rivals")
        shun = self.shun if self.shun is not None else chosen.get("shun", False)
        self._shunned = heuristics.shunned(name) if shun else frozenset()
        orders = self.orders if self.orders is not None else chosen.get("orders", False)
        self._one_order = heuristics.one_order(name) if orders else None
        self._look = self.look if self.look is not None else chosen.get("look", 0)
        self._widen_by = self.widen if self.widen is not None else chosen.get("widen", 0.0)
        self._shift = self.shift if self.shift is not None else chosen.get("shift", False)
        if self._one_order is not None:
            legal = self._one_order(first, info.seat, legal)
            if len(legal) == 1:  # forced once the other orders are gone
                if found is not None:
                    self._keep(info, first, found, legal[0], kept, level or 1)
                return legal[0]
        level = int(self.reuse if self.reuse is not None else chosen.get("reuse", 0))
        if level and kept is not None and level < 2 and kept.state.seats_to_act() != (info.seat,):
            found = None  # reuse=1 keeps nothing across another seat's move
        if level and found is not None:
            roots, self._lo, self._hi = found, kept.lo, kept.hi
            self.last_reused = sum(st[0] for st in roots[info.seat].stats.values())
        else:
            roots = [Node() for _ in range(first.players)]
            self._lo = [1.0] * first.players
            self._hi = [0.0] * first.players
        pristine = first.clone() if level else None
        iterations = self.iterations
        clock, wall, cap = self.timer, self.wall, self.cap
        deadline = clock() + self.seconds if self.seconds else None
        done = 0
        state = first
        started = clock()
        walled = wall() if cap is not None else 0.0
        while True:
            state.rng = Rng(self.rng.getrandbits(64))  # the real future chance stays unknown
            self._iterate(state, roots, info.seat, evaluate)
            done += 1
            if iterations is not None:
                if done >= iterations:
                    break
                left = iterations - done
            else:
                now = clock()
                if now >= deadline:
                    break
                left = done * (deadline - now) / max(now - started, 1e-9)  # at the pace so far
            if cap is not None:
                now = wall()
                if now >= cap:
                    self.last_capped = True
                    break
                left = min(left, done * (cap - now) / max(now - walled, 1e-9))
            if self.early and done % CHECK_EVERY == 0 and _settled(roots[info.seat], left):
                self.last_settled = True
                break
            state = info.sample(self.sample_rng)
        self.last_iterations = done
        self.last_roots = roots  # the trees of the last decision, for tests and curious minds
        stats = roots[info.seat].stats
        best, best_key = legal[0], None
        for action in legal:  # most visited; the mean reward breaks ties
            st = stats.get(action)
            key = (st[0], st[1] / st[0]) if st and st[0] else (0, 0.0)
            if best_key is None or key > best_key:
                best, best_key = action, key
        if level:
            self._kept = reuse.keep(info.seat, pristine, roots, best, self._lo, self._hi, level)
        return best

    def _keep(self, info: Info, sample, roots, action, kept, level) -> None:
        """Passes the trees on past a forced move (reuse.keep)."""
        self._kept = reuse.keep(info.seat, sample, roots, action, kept.lo, kept.hi, level)

    def _iterate(self, state, roots, me, evaluate) -> None:
        rng = self.rng
        mine = self._c
        theirs = mine if self._rivals is None else self._rivals
        prior = self.prior
        judge_secret = self._secret
        one_order = self._one_order
        win = self._win
        widen = self._widen_by
        shifting = self._shift
        lo, hi = self._lo, self._hi
        log = math.log
        sqrt = math.sqrt
        players = len(roots)
        nodes = list(roots)
        path = []  # (seat, stats entry, node) of each real choice made in the trees
        seat = me  # the bot's own move comes first, even among simultaneous choices
        expanded = False
        waiting = ()  # seats of a simultaneous round under way that have not chosen yet
        while not expanded and not state.is_over():
            to_act = state.seats_to_act()
            if seat is None:
                seat = to_act[0]
            # a secret choice: several seats choose at once; the last of them chooses alone
            if len(to_act) > 1 and not set(to_act) <= set(waiting):
                waiting = to_act
            secret = seat in waiting
            if secret:
                waiting = tuple(s for s in waiting if s != seat)
            legal = state.legal_actions(seat)
            if one_order is not None:
                legal = one_order(state, seat, legal)
            if len(legal) == 1:
                action = legal[0]
            else:
                c = mine if seat == me else theirs
                node = nodes[seat]
                stats = node.stats
                with_priors = prior and (judge_secret or not secret)
                # shift: a prior's virtual visits count as their value plus the mean rise
                lift = prior * node.rise / node.risen if shifting and node.risen else 0.0
                untried = []
                judged = False  # a move met for the first time was judged: the range may widen
                low = lo[seat]
                span = hi[seat] - low
                if span <= 1e-9:
                    span = 1.0
                entry, best = None, -1e300
                for a in legal:  # one pass: count availability and score with UCB (as _pick)
                    st = stats.get(a)
                    if st is None:
                        if with_priors:  # by the state it leads to
                            expanded = judged = True
                            child = state.after(seat, a)
                            value = self._judge(child, seat, evaluate, win, self._look)
                            self._widen(seat, value)
                            st = stats[a] = [prior, prior * value, 1, value]
                        else:
                            untried.append(a)
                            continue
                    else:
                        st[2] += 1
                    visits = st[0]
                    value = ((st[1] + lift) / visits - low) / span + c * sqrt(log(st[2]) / visits)
                    if value > best:
                        best, entry, action = value, st, a
                if untried:
                    action = untried[rng.randrange(len(untried))]
                    entry = stats[action] = [0, 0.0, 1]
                    expanded = True
                elif judged:  # score again on the widened range
                    entry, action = _pick(stats, legal, lo[seat], hi[seat], c, lift)
                if widen and not untried and with_priors:
                    node.passes += 1
                    opened = 1 + int(widen * sqrt(node.passes))
                    if opened < len(legal):  # the best judged moves first (their prior)
                        ranked = sorted(legal, key=lambda a: _prior_of(stats[a]), reverse=True)
                        entry, action = _pick(stats, ranked[:opened], lo[seat], hi[seat], c, lift)
                path.append((seat, entry, node))
            state.apply(seat, action)
            seen = (seat, action)
            hidden = (seat, None) if secret else seen
            for s in range(players):
                key = seen if s == seat else hidden
                children = nodes[s].children
                child = children.get(key)
                if child is None:
                    child = children[key] = Node()
                nodes[s] = child
            seat = None
        # rollout: moves up to the depth cap, then the evaluation
        steps = self._depth
        candidates = self._rollout
        shunned = self._shunned
        while steps > 0 and not state.is_over():
            seat = state.seats_to_act()[0]
            legal = state.legal_actions(seat)
            if shunned and len(legal) > 1:
                legal = [a for a in legal if a.kind not in shunned] or legal
            if len(legal) == 1:
                action = legal[0]
            elif candidates == 1:
                action = legal[rng.randrange(len(legal))]
            else:  # the best of a few moves drawn at random, by the state each leads to
                if len(legal) > candidates:
                    legal = rng.sample(legal, candidates)
                action, best = None, -1.0
                for a in legal:
                    child = state.after(seat, a)
                    value = heuristics.rewards(child, evaluate, win)[seat]
                    if value > best:
                        action, best = a, value
            state.apply(seat, action)
            steps -= 1
        rewards = heuristics.rewards(state, evaluate, win)
        for seat, entry, node in path:
            reward = rewards[seat]
            entry[0] += 1
            entry[1] += reward
            if shifting and len(entry) > 3:
                node.rise += reward - entry[3]
                node.risen += 1
        for seat, value in enumerate(rewards):
            self._widen(seat, value)

    def _judge(self, state, seat, evaluate, win, steps) -> float:
        """`seat`'s reward in `state`, or after its best follow-up while it acts alone and
        `steps` remain (look)."""
        if steps > 0 and not state.is_over() and state.seats_to_act() == (seat,):
            legal = state.legal_actions(seat)
            if self._one_order is not None:
                legal = self._one_order(state, seat, legal)
            best = 0.0
            for a in legal:
                follow = state.after(seat, a)
                value = self._judge(follow, seat, evaluate, win, steps - 1)
                if value > best:
                    best = value
            return best
        return heuristics.rewards(state, evaluate, win)[seat]

    def _widen(self, seat: int, value: float) -> None:
        """Keeps the range of rewards seen by each seat, to scale its exploration."""
        if value < self._lo[seat]:
            self._lo[seat] = value
        if value > self._hi[seat]:
            self._hi[seat] = value


def _pick(stats: dict, legal: list, low: float, high: float, c: float, lift: float = 0.0):
    """(stats entry, move) with the highest UCB score, rewards scaled to the range seen (and
    `lift` added to each move's reward sum: shift)."""
    span = high - low if high - low > 1e-9 else 1.0
    entry, action, best = None, None, -1e300
    for a in legal:
        st = stats[a]
        visits = st[0]
        value = ((st[1] + lift) / visits - low) / span + c * math.sqrt(math.log(st[2]) / visits)
        if value > best:
            best, entry, action = value, st, a
    return entry, action


def _prior_of(entry: list) -> float:
    """The value a move was judged at when first met (widening opens moves in this order)."""
    return entry[3] if len(entry) > 3 else -1.0
