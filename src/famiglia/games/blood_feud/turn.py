"""Set-up (BF-1) and the turn (BF-2): battle, movement, income, purchases; who wins."""

from __future__ import annotations

from famiglia.core import Rng
from famiglia.core.text import plural

from . import (
    allies,
    combined,
    delivery,
    family,
    income,
    movement,
    negotiation,
    purchases,
    top,
    vehicles,
)
from . import board as B
from .actions import act
from .state import FLAG, FREE, KIND, MV, BloodFeudState

PHASES = ("battle", "move", "buy", "setup")
_BACK, _END_TURN, _NEGOTIATE = act("back", ()), act("end-turn", ()), act("negotiate", ())


def new_state(players: int, seed: int, options: dict, rng=None) -> BloodFeudState:
    s = BloodFeudState.__new__(BloodFeudState)
    s._init_base(players, rng if rng is not None else Rng(seed))
    s.take_manhattan = bool(options.get("take_manhattan", False))
    s.max_rounds = int(options.get("max_rounds", 60))
    s.home = [""] * players  # each seat's starting borough, once chosen (BF-1.2)
    s.ranking = []
    s.alive = [True] * players
    s.money = [B.MONEY["start"]] * players
    s.income = [0] * players
    s.owner = [-1] * B.N
    s.building = [""] * B.N
    s.price = [0] * B.N
    s.since = [0] * B.N
    s.heirs = [-1] * players
    s.units = {}
    s.stack = [()] * B.N
    s.mine = [()] * players
    s.held = [0] * B.N
    s.heads = [0] * (B.N * players)
    s.parked = [0] * B.N
    s.cars = [0] * (B.N * players)
    s.tally = {}
    s.riders = {}
    s.next_uid = 0
    s.captives = []
    s.absorb = []
    s.todo = []
    s.winners = []
    s.over = False
    s.capped = False
    s.round, s.turn_no, s.turn, s.phase = 1, 0, 0, "setup"
    s.talked = [-1, ""]  # [turn_no, phase] in which negotiations were last opened (BF-9.5)
    s.asked_turn, s.asked = -1, []  # seats proposed a deal to in turn asked_turn (BF-9.5)
    s.invites, s.handovers, s.deliveries = [], [], []  # BF-9.6, BF-9.10, BF-9.12
    s.ranking = _roll_for_ranking(s, list(range(players)))
    s.say("the seats choose their starting points in this order: " + _seats(s.ranking))
    _next_to_choose(s)
    return s


def _seats(seats) -> str:
    return ", ".join(f"seat {x}" for x in seats)


def _roll_for_ranking(s, group: list[int]) -> list[int]:
    """BF-1.2: each seat of `group` rolls a ten-sided die, the highest first; seats that tie
    roll again among themselves to settle their order (the game's own dice)."""
    rolls = [s.rng.die(10) for _ in group]
    s.say(", ".join(f"seat {x} rolls {r}" for x, r in zip(group, rolls, strict=True)))
    out = []
    for r in sorted(set(rolls), reverse=True):
        tied = [x for x, got in zip(group, rolls, strict=True) if got == r]
        if len(tied) > 1:
            names = ", ".join(str(x) for x in tied[:-1])
            s.say(f"seats {names} and {tied[-1]} tie on {r} and roll again")
            tied = _roll_for_ranking(s, tied)
        out += tied
    return out


def starts_left(s) -> list[str]:
    """The starting points of this player count nobody has chosen yet, in play order."""
    starts = B.SETUP["starts"][str(s.players)]
    return [b for b in B.SETUP["order"] if b in starts and b not in s.home]


def _next_to_choose(s) -> None:
    """The next seat in the ranking chooses its starting point; the last takes the one left,
    and the first round begins (BF-1.2, BF-1.4)."""
    waiting = [x for x in s.ranking if not s.home[x]]
    if len(waiting) > 1:
        s.turn = waiting[0]
        s.say(f"seat {s.turn} chooses a starting point")
        return
    if waiting:
        _start_at(s, waiting[0], starts_left(s)[0])
    s.turn, s.phase = play_order(s)[0], "battle"
    start_turn(s)


def _start_at(s, seat: int, borough: str) -> None:
    """BF-1.2, BF-1.3: the seat's family and starting pieces go on its chosen star."""
    s.home[seat] = borough
    star = B.STARS[borough]
    s.owner[star] = seat  # each family starts holding its starting district
    s.new_unit(seat, "boss", star)
    for _ in range(B.SETUP["family_members"]):
        s.new_unit(seat, "family", star, extra=seat)
    pieces = dict(B.SETUP["pieces"][str(s.players)])
    if s.take_manhattan:
        for kind, n in B.SETUP["take_manhattan"].get(borough, {}).items():
            pieces[kind] = pieces.get(kind, 0) + n
    for kind in ("thug", "henchman", "hitman", "limousine", "speedboat", "helicopter"):
        for _ in range(pieces.get(kind, 0)):
            s.new_unit(seat, kind, star, extra=B.SHORE[star][0] if kind == "speedboat" else -1)
    s.say(f"seat {seat} starts in {B.NAMES[star]}, {borough}")


def apply_start(s, seat: int, borough: str) -> None:
    _start_at(s, seat, borough)
    _next_to_choose(s)


_PLAY_ORDER = {b: i for i, b in enumerate(B.SETUP["order"])}


def play_order(s) -> list[int]:
    """The seats in the order they play each round: that of their starting points on the board,
    Manhattan, the Bronx, Queens, Brooklyn, Staten Island, New Jersey (BF-1.4)."""
    return sorted(range(s.players), key=lambda x: _PLAY_ORDER.get(s.home[x], len(_PLAY_ORDER)))


# ----- turn flow ---------------------------------------------------------------------------


def start_turn(s) -> None:
    me = s.turn
    units = s.units
    for uid in s.mine[me]:
        u = units[uid]
        u[MV], u[FLAG] = B.MOVE[u[KIND]], FREE
    s.say(f"round {s.round}: seat {me}'s turn")
    if s.take_manhattan and all(s.owner[i] == me for i in B.MANHATTAN):
        s.winners = [me]
        s.over = True
        s.say(f"seat {me} has held all of Manhattan for a round and wins")


def end_turn(s) -> None:
    family.settle_captives(s)
    family.place_absorbed(s)
    delivery.commandeer(s)
    allies.purge(s)
    s.todo = []
    order = play_order(s)
    at = order.index(s.turn)
    for _ in range(s.players):
        at = (at + 1) % s.players
        if at == 0:
            s.round += 1  # every seat has had its turn: a new game round
        seat = order[at]
        if s.alive[seat]:
            break
    else:
        s.over = True  # nobody left alive (cannot happen: the last Boss wins first)
        return
    s.turn = seat
    s.turn_no += 1
    s.phase = "battle"
    if s.round > s.max_rounds:
        s.over = True
        s.capped = True
        s.say(f"the game stops after {plural(s.max_rounds, 'round')}")
        return
    start_turn(s)


def factor_income(s) -> None:
    me = s.turn
    assets, ifm = income.assets(s, me), income.ifm(s, me)
    got = assets * ifm  # income.income
    s.income[me] = got
    s.money[me] += got
    s.say(f"seat {me} earns ${got}: assets ${assets} x " + plural(ifm, "independent family member"))
    if got >= B.MONEY["win_income"]:
        s.winners = [me]
        s.over = True
        s.say(f"seat {me} earns ${got} and gains incontestable dominance")


# ----- legal actions -----------------------------------------------------------------------


def legal_actions(s, seat: int) -> list:
    if s.todo:
        step = s.todo[-1]
        return STEPS[step["k"]][0](s, seat, step)
    if s.phase == "setup":
        return [act("start", (b,)) for b in starts_left(s)]
    if s.phase == "buy":
        acts = purchases.legal_buys(s, seat)
        acts.append(_END_TURN)
        if s.invites:
            acts += [act("turn-on", (i,)) for i in negotiation.turn_on_targets(s, seat)]
    else:
        acts = top.actions(s, seat)  # battle or movement, with their turn-on actions
    talked = s.talked  # [turn_no, phase] of the last opening of negotiations
    if talked[0] != s.turn_no or talked[1] != s.phase:  # BF-9.5: once per phase of a turn
        acts.append(_NEGOTIATE)
    return acts


# ----- applying ----------------------------------------------------------------------------


def apply(s, seat: int, action) -> None:
    kind = action.kind
    todo = s.todo
    if todo:
        step = todo[-1]
        STEPS[step["k"]][1](s, seat, step, action)
    elif kind == "select":
        kind_, space = action.args
        uid = movement.pick_unit(s, seat, kind_, space)
        if kind_ in B.VEHICLES:
            vehicles.start_ride(s, seat, uid)
        else:
            s.todo.append({"k": "walk", "uid": uid})
    elif kind == "attack":
        s.todo.append({"k": "attack", "t": action.args[0], "chosen": [], "rides": []})
    elif kind == "negotiate":
        s.talked = [s.turn_no, s.phase]
        s.todo.append({"k": "talk"})
    elif kind == "end-battle":
        s.phase = "move"
    elif kind == "end-move":
        factor_income(s)
        s.phase = "buy"
    elif kind == "buy":
        purchases.apply_buy(s, seat, action)
    elif kind == "end-turn":
        end_turn(s)
    elif kind == "turn-on":
        negotiation.turn_on(s, seat, action.args[0])
    elif kind == "start":
        apply_start(s, seat, action.args[0])
    else:
        raise AssertionError(f"unhandled action {action}")
    # (_after has nothing to do while the seat to move lives and no step waits)
    if s.over or False in s.alive and (s.todo or not s.alive[s.turn]):
        _after(s)


# ----- the steps of a decision in progress (the top of s.todo) ------------------------------


def _legal_walk(s, seat, step):
    acts = movement.foot_steps(s, seat, step["uid"])
    acts.append(_BACK)
    return acts


def _apply_walk(s, seat, step, action):
    s.todo.pop()
    if action.kind != "back":
        movement.apply_step(s, seat, step["uid"], action)


def _legal_premium(s, seat, step):
    acts = [act("no-premium", ())]
    if s.money[seat] >= step["price"]:
        acts.insert(0, act("premium", (step["price"],)))
    return acts


def _apply_premium(s, seat, step, action):
    s.todo.pop()
    if action.kind == "premium":
        t = step["t"]
        s.money[seat] -= step["price"]
        s.price[t] = step["price"]
        s.say(f"seat {seat} pays the ${step['price']} premium for {B.NAMES[t]}")
        family.take_district(s, seat, t)


def _legal_answer(s, seat, step):
    acts = [act("refuse", ())]
    if negotiation.deal_possible(s, step):
        acts.insert(0, act("accept", ()))
    return acts


def _plain(apply_fn):
    """An apply function that needs no step, in the table's shape."""
    return lambda s, seat, step, action: apply_fn(s, seat, action)


def _after(s) -> None:
    """A seat whose Boss died has no more decisions; if it was his turn, the turn ends."""
    if s.over:
        s.todo = []
        return
    alive, turn = s.alive, s.turn
    if alive[turn]:  # only the steps of other seats (who answer, block, hold) may be a dead seat's
        for st in s.todo:
            if "seat" in st and not alive[st["seat"]]:
                s.todo = [st for st in s.todo if alive[st.get("seat", turn)]]
                break
        return
    s.todo = [st for st in s.todo if alive[st.get("seat", turn)]]
    if not s.todo:
        end_turn(s)


# Each kind of step: (legal actions, apply), both taking (state, seat, step[, action]).
STEPS = {
    "walk": (_legal_walk, _apply_walk),
    "attack": (combined.legal_attack_step, combined.apply_attack_step),
    "trip": (vehicles.legal_trip, vehicles.apply_trip),
    "block": (combined.legal_block, _plain(combined.apply_block)),
    "reboard": (combined.legal_reboard, _plain(combined.apply_reboard)),
    "captive": (
        lambda s, seat, step: [act("kidnap", ()), act("kill", ())],
        _plain(family.apply_captive),
    ),
    "premium": (_legal_premium, _apply_premium),
    "place": (purchases.legal_place, _plain(purchases.apply_place)),
    "site": (purchases.legal_site, _plain(purchases.apply_site)),
    "talk": (lambda s, seat, step: negotiation.legal_talk(s, seat), _plain(negotiation.apply_talk)),
    "offer": (negotiation.legal_offer, _plain(negotiation.apply_offer)),
    "ask": (negotiation.legal_ask, _plain(negotiation.apply_ask)),
    "answer": (_legal_answer, _plain(negotiation.apply_answer)),
}
STEPS.update(
    (k, (negotiation.legal_arrange, _plain(negotiation.apply_arrange)))
    for k in negotiation.ARRANGE_STEPS
)
