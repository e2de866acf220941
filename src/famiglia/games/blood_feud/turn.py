"""The turn (BF-2): the moves of its battle, movement and purchases phases when no decision
is under way, the order the seats play in, the start and the end of each turn, and a turn cut
short by its player's death."""

from __future__ import annotations

from famiglia.core.text import plural

from . import allies, delivery, family, income, movement, negotiation, purchases, selection
from . import data as D
from .actions import TURN_ON, act
from .vehicles import start_ride

_END_TURN, _NEGOTIATE = act("end-turn", ()), act("negotiate", ())


# ----- the moves of each phase -------------------------------------------------------------


# (each list ends with the opening of negotiations, once per phase of a turn: BF-9.5; written
# out in each, as are the moves: these are every move of the game)

# Attack, set a piece moving, turn on guests, negotiate, or end the battle phase (BF-2.2); set a
# piece moving, turn on guests, negotiate, or end movement (BF-2.3): the lists of selection.py.
battle_actions = move_actions = selection.actions


def buy_actions(s, seat: int) -> list:
    """Buy, turn on guests, negotiate, or end the turn (BF-2.5)."""
    acts = purchases.legal_buys(s, seat)
    acts.append(_END_TURN)
    if s.invites:
        acts += map(TURN_ON.__getitem__, negotiation.turn_on_targets(s, seat))
    talked = s.talked
    if talked[0] != s.turn_no or talked[1] != s.phase:
        acts.append(_NEGOTIATE)
    return acts


def battle(s, seat: int, action) -> None:
    kind = action.kind
    if kind == "select":
        piece, space = action.args
        uid = movement.pick_unit(s, seat, piece, space)
        if piece in D.RANK:  # (personnel: a look-up, not three comparisons with the vehicles)
            s.todo.append({"k": "walk", "uid": uid})
        else:
            start_ride(s, seat, uid)
    elif kind == "attack":
        s.todo.append({"k": "attack", "t": action.args[0], "chosen": [], "rides": []})
    elif kind == "end-battle":
        s.phase = "move"
    elif kind == "end-move":
        income.factor_income(s)
        s.phase = "buy"
    elif kind == "negotiate":
        s.talked = [s.turn_no, s.phase]
        s.todo.append({"k": "talk"})
    elif kind == "turn-on":
        negotiation.turn_on(s, seat, action.args[0])
    else:
        raise AssertionError(f"unhandled action {action}")


# Set a piece moving, negotiate, turn on guests, or end movement: the battle phase's moves but
# an attack (selection.py offers none in this phase) and the end of movement.
move = battle


def buy(s, seat: int, action) -> None:
    kind = action.kind
    if kind == "buy":
        purchases.apply_buy(s, seat, action)
    elif kind == "end-turn":
        end_turn(s)
    elif kind == "negotiate":
        s.talked = [s.turn_no, s.phase]
        s.todo.append({"k": "talk"})
    elif kind == "turn-on":
        negotiation.turn_on(s, seat, action.args[0])
    else:
        raise AssertionError(f"unhandled action {action}")


# ----- the turn's course -------------------------------------------------------------------

_PLAY_ORDER = {b: i for i, b in enumerate(D.SETUP["order"])}
# the seats' starting points -> their play order: asked at every turn's end, and the starting
# points never change once chosen (a few of them, so the table stays small)
_ORDERS: dict = {}


def play_order(s) -> tuple[int, ...]:
    """The seats in the order they play each round: that of their starting points on the board,
    Manhattan, the Bronx, Queens, Brooklyn, Staten Island, New Jersey (BF-1.4)."""
    homes = tuple(s.home)
    order = _ORDERS.get(homes)
    if order is None:
        rank = [_PLAY_ORDER.get(b, len(_PLAY_ORDER)) for b in homes]
        order = _ORDERS[homes] = tuple(sorted(range(len(homes)), key=rank.__getitem__))
    return order


def start_turn(s) -> None:
    me = s.turn
    selection.start_turn(s, me)  # his pieces get their full move (and his lists are made)
    s.say(f"round {s.round}: seat {me}'s turn")
    if s.take_manhattan and all(s.owner[i] == me for i in D.MANHATTAN):
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


def after_deaths(s) -> None:
    """After a move that ended the game or killed a Boss: a seat whose Boss died has no more
    decisions; if it was his turn, the turn ends."""
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
