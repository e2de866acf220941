"""Set-up (BF-1) and the turn (BF-2): battle, movement, income, purchases; who wins."""

from __future__ import annotations

from famiglia.core import Rng

from . import allies, battle, family, income, movement, purchases, vehicles
from . import board as B
from .actions import act
from .state import FLAG, FREE, KIND, MV, OWN, BloodFeudState

PHASES = ("battle", "move", "buy")


def new_state(players: int, seed: int, options: dict, rng=None) -> BloodFeudState:
    s = BloodFeudState.__new__(BloodFeudState)
    s._init_base(players, rng if rng is not None else Rng(seed))
    s.take_manhattan = bool(options.get("take_manhattan", False))
    s.max_rounds = int(options.get("max_rounds", 60))
    # Seats take the starting points of their player count in the fixed play order (BF-1.2).
    starts = B.SETUP["starts"][str(players)]
    s.home = [b for b in B.SETUP["order"] if b in starts]
    s.alive = [True] * players
    s.money = [B.MONEY["start"]] * players
    s.income = [0] * players
    s.owner = [-1] * B.N
    s.building = [""] * B.N
    s.price = [0] * B.N
    s.since = [0] * B.N
    s.heirs = [-1] * players
    s.units = {}
    s.next_uid = 0
    s.captives = []
    s.absorb = []
    s.todo = []
    s.winners = []
    s.over = False
    s.capped = False
    s.round, s.turn_no, s.turn, s.phase = 1, 0, 0, "battle"
    s.talked = [-1, ""]  # [turn_no, phase] in which negotiations were last opened (BF-9.5)
    s.asked_turn, s.asked = -1, []  # seats proposed a deal to in turn asked_turn (BF-9.5)
    s.invites, s.handovers = [], []  # BF-9.6, BF-9.10
    extra = B.SETUP["pieces"][str(players)]
    for seat, borough in enumerate(s.home):
        star = B.STARS[borough]
        s.owner[star] = seat  # each family starts holding its starting district
        s.new_unit(seat, "boss", star)
        for _ in range(B.SETUP["family_members"]):
            s.new_unit(seat, "family", star, extra=seat)
        pieces = dict(extra)
        if s.take_manhattan:
            for kind, n in B.SETUP["take_manhattan"].get(borough, {}).items():
                pieces[kind] = pieces.get(kind, 0) + n
        for kind in ("thug", "henchman", "hitman", "limousine", "speedboat", "helicopter"):
            for _ in range(pieces.get(kind, 0)):
                s.new_unit(seat, kind, star, extra=B.SHORE[star][0] if kind == "speedboat" else -1)
        s.say(f"seat {seat} starts in {B.NAMES[star]}, {borough}")
    start_turn(s)
    return s


# ----- turn flow ---------------------------------------------------------------------------


def start_turn(s) -> None:
    me = s.turn
    for u in s.units.values():
        if u[OWN] == me:
            u[MV], u[FLAG] = B.MOVE[u[KIND]], FREE
    s.say(f"round {s.round}: seat {me}'s turn")
    if s.take_manhattan and all(s.owner[i] == me for i in B.MANHATTAN):
        s.winners = [me]
        s.over = True
        s.say(f"seat {me} has held all of Manhattan for a round and wins")


def end_turn(s) -> None:
    family.settle_captives(s)
    family.place_absorbed(s)
    allies.purge(s)
    s.todo = []
    seat = s.turn
    for _ in range(s.players):
        seat = (seat + 1) % s.players
        if seat == 0:
            s.round += 1  # every seat has had its turn: a new game round
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
        s.say(f"the game stops after {s.max_rounds} rounds")
        return
    start_turn(s)


def factor_income(s) -> None:
    me = s.turn
    got = income.income(s, me)
    s.income[me] = got
    s.money[me] += got
    s.say(
        f"seat {me} earns ${got}: assets ${income.assets(s, me)} x {income.ifm(s, me)} "
        "independent family members"
    )
    if got >= B.MONEY["win_income"]:
        s.winners = [me]
        s.over = True
        s.say(f"seat {me} earns ${got} and gains incontestable dominance")


# ----- legal actions -----------------------------------------------------------------------


def legal_actions(s, seat: int) -> list:
    if s.todo:
        step = s.todo[-1]
        k = step["k"]
        if k == "walk":
            return movement.foot_steps(s, seat, step["uid"]) + [act("back", ())]
        if k == "attack":
            return battle.legal_attack_step(s, seat, step)
        if k == "trip":
            return vehicles.legal_trip(s, seat, step)
        if k == "block":
            return vehicles.legal_block(s, seat, step)
        if k == "reboard":
            return vehicles.legal_reboard(s, seat, step)
        if k == "captive":
            return [act("kidnap", ()), act("kill", ())]
        if k == "premium":
            acts = [act("no-premium", ())]
            if s.money[seat] >= step["price"]:
                acts.insert(0, act("premium", (step["price"],)))
            return acts
        if k == "place":
            return purchases.legal_place(s, seat, step)
        if k == "site":
            return purchases.legal_site(s, seat, step)
        if k == "talk":
            return family.legal_talk(s, seat)
        if k == "offer":
            return family.legal_offer(s, seat, step)
        if k == "ask":
            return family.legal_ask(s, seat, step)
        if k in allies.ARRANGE_STEPS:
            return allies.legal_arrange(s, seat, step)
        if k == "answer":
            acts = [act("refuse", ())]
            if family.deal_possible(s, step):
                acts.insert(0, act("accept", ()))
            return acts
        raise AssertionError(f"unknown step {k}")
    acts = []
    if s.phase == "battle":
        h = battle.hostile(s, seat)
        acts += [act("attack", (t,)) for t in battle.attack_targets(s, seat, h)]
        acts += movement.select_actions(s, seat, h)
        acts.append(act("end-battle", ()))
    elif s.phase == "move":
        acts += movement.select_actions(s, seat)
        acts.append(act("end-move", ()))
    else:
        acts += purchases.legal_buys(s, seat)
        acts.append(act("end-turn", ()))
    if s.invites:
        acts += [act("turn-on", (i,)) for i in allies.turn_on_targets(s, seat)]
    if s.talked != [s.turn_no, s.phase]:  # BF-9.5: once per phase of a turn
        acts.append(act("negotiate", ()))
    return acts


# ----- applying ----------------------------------------------------------------------------


def apply(s, seat: int, action) -> None:
    kind = action.kind
    step = s.todo[-1] if s.todo else None
    k = step["k"] if step else ""
    if k == "walk":
        s.todo.pop()
        if kind != "back":
            movement.apply_step(s, seat, step["uid"], action)
    elif k == "attack":
        _apply_attack_step(s, seat, step, action)
    elif k == "trip":
        vehicles.apply_trip(s, seat, action)
    elif k == "block":
        vehicles.apply_block(s, seat, action)
    elif k == "reboard":
        vehicles.apply_reboard(s, seat, action)
    elif k == "captive":
        family.apply_captive(s, seat, action)
    elif k == "premium":
        s.todo.pop()
        if kind == "premium":
            t = step["t"]
            s.money[seat] -= step["price"]
            s.price[t] = step["price"]
            family.take_district(s, seat, t)
    elif k == "place":
        purchases.apply_place(s, seat, action)
    elif k == "site":
        purchases.apply_site(s, seat, action)
    elif k == "talk":
        family.apply_talk(s, seat, action)
    elif k == "offer":
        family.apply_offer(s, seat, action)
    elif k == "ask":
        family.apply_ask(s, seat, action)
    elif k == "answer":
        family.apply_answer(s, seat, action)
    elif k in allies.ARRANGE_STEPS:
        allies.apply_arrange(s, seat, action)
    elif kind == "turn-on":
        allies.turn_on(s, seat, action.args[0])
    elif kind == "select":
        kind_, space = action.args
        uid = movement.pick_unit(s, seat, kind_, space)
        if kind_ in B.VEHICLES:
            vehicles.start_ride(s, seat, uid)
        else:
            s.todo.append({"k": "walk", "uid": uid})
    elif kind == "attack":
        s.todo.append({"k": "attack", "t": action.args[0], "chosen": []})
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
    else:
        raise AssertionError(f"unhandled action {action}")
    _after(s)


def _apply_attack_step(s, seat, step, action) -> None:
    if action.kind == "add":
        kind, space = action.args
        step["chosen"].append(battle.pick(s, seat, kind, space, step["chosen"]))
    elif action.kind == "cancel":
        s.todo.pop()
    else:  # confirm
        s.todo.pop()
        t = step["t"]
        defender = battle.defender_at(s, t, seat)
        if "ride" in step:
            trip = s.todo[-1]
            vehicles.battle_from_ride(s, seat, trip, defender, walkers=step["chosen"])
        else:
            battle.fight(s, seat, t, list(step["chosen"]), [], defender)


def _after(s) -> None:
    """A seat whose Boss died has no more decisions; if it was his turn, the turn ends."""
    if s.over:
        s.todo = []
        return
    s.todo = [st for st in s.todo if s.alive[st.get("seat", s.turn)]]
    if not s.alive[s.turn] and not s.todo:
        end_turn(s)
