"""Whose move a saved game of Scarface 1920 is, checked on loading: the queue of operations
(`todo`) and the decision waiting (`pending`) hold operations the queue knows
(rules/vocabulary.py), shaped as it makes them; the phase, the seat in turn and the decision agree.
See saved.py for the fields themselves.
"""

from __future__ import annotations

from famiglia.core.checks import Int, ListOf, OneOf, check_list, is_int, refuse, shown

from . import data as D
from .rules.decisions import choices
from .rules.known import HUSHED, SECRET
from .rules.vocabulary import CHOICE_OPS

DISTRICT = Int(0, len(D.DISTRICTS) - 1)
AMOUNT = Int(-1000, 1000)  # gains and losses, counts of choices (99: "all of them")
# Operations of the whole table, not of one seat (rules/crime.py, rules/setup_phase.py).
TABLE_OPS = ("setup_end", "raid_prison", "raid_card", "raid_end", "extra", "extra_rest", "ness_sg")
SEAT_OPS = ("turn_start", "next_turn", "end_turn", "time", "raid_ness", "sg_limit")
# The solo gang's turn (modes/solo.py, modes/automa.py).
SOLO_OPS = ("solo_turn", "solo_reorg", "solo_move", "solo_draw", "solo_ness", "solo_end")
STREET_GANG = "street gang"  # marks a Street Gang's hits and the prompts they cause (SF-10.1)
MARKED = ("hit", "kill", "opp")


def _where(value, where: str) -> None:
    """Where a hit or kill may land: anywhere, a district by name, or districts by number."""
    if isinstance(value, str) and (value == "any" or value in D.D_INDEX):
        return
    ListOf(DISTRICT, range(1, len(D.DISTRICTS) + 1))(value, where)


def item_spec(n: int, pending: bool = False, gangs: int = 0):
    """Checks one queued operation [op, seat, *args]; for `pending`, a decision or [], always
    a seat's (the solo gang decides at once, SF-S.13). Queued operations may act for any of the
    `gangs` (the solo gang's too)."""
    seat, table = Int(0, max(n, gangs) - 1), OneOf((-1,))
    shapes = {op: (seat, AMOUNT) for op, arity in D.VOCABULARY.items() if arity == 1}
    shapes.update(
        {op: (seat, AMOUNT, DISTRICT) for op in D.VOCABULARY if op.startswith("v_")},
        hit=(seat, _where, Int(1, 99)),
        kill=(seat, _where, Int(1, 99)),
        business=(seat, OneOf((*D.BUSINESS_KINDS, "any"))),
        shield=(seat, OneOf(D.SHIELDS)),
        opp=(seat, OneOf(("hit", "raid"))),
        sg_play=(seat, Int(0, len(D.STREET_GANGS) - 1), OneOf((0, 1)), OneOf((0, 1))),
        sg_end=(seat, Int(0, len(D.STREET_GANGS) - 1)),
        mw=(seat, ListOf(Int(0, len(D.CRIMES) - 1), range(1, len(D.CRIMES) + 1))),
        bus_extort=(seat, AMOUNT),
        raid=(Int(-1, n - 1),),
        raid_reduce=(table, ListOf(Int(0, 11), max(n, gangs))),
        flip=(seat, AMOUNT),  # SF-T.16: Target tokens left to turn
        solo_cube=(seat, OneOf(D.CUBE_ACTIONS)),  # SF-S.5: one drawn cube's action
        **{op: (table,) for op in TABLE_OPS},
        **{op: (seat,) for op in SEAT_OPS},
        **{op: (seat,) for op in SOLO_OPS},
    )
    if pending:
        shapes = {op: shape for op, shape in shapes.items() if op in CHOICE_OPS}

    def check(item, where: str) -> None:
        check_list(item, where)
        if pending and not item:
            return
        op = item[0] if item else None
        shape = shapes.get(op) if isinstance(op, str) else None
        if shape is None:
            what = "a decision" if pending else "an operation"
            refuse(where, f"must be {what} of the rules, got {shown(item)}")
        extra = item[1 + len(shape) :]
        if op in HUSHED and extra == [SECRET] or op in MARKED and extra == [STREET_GANG]:
            extra = []  # the marks the rules add to these
        if len(item) < 1 + len(shape) or extra:
            refuse(where, f"must be [{op!r} and {len(shape)} values], got {shown(item)}")
        for i, spec in enumerate(shape, 1):
            spec(item[i], f"{where}[{i}]")

    return check


def check_turn(st) -> None:
    """The phase, the seat in turn, the queue and the decision waiting agree (SF-4, SF-5)."""
    phase, turn = st.phase, st.turn_seat
    for i, item in enumerate([*st.todo, st.pending]):
        s = item[1] if item else -1
        if is_int(s) and s >= 0 and st.home[s] < 0:
            where = f"todo[{i}]" if i < len(st.todo) else "pending"
            refuse(where, f"acts for seat {s}, who has no gang on the board yet")
    if phase in ("election", "over"):
        if st.todo or st.pending:
            refuse("todo", f"must be empty in the {phase} phase")
        if phase == "election" and all(v >= 0 for v in st.votes_cast):
            refuse("votes_cast", "are all cast, yet the election is not over")
        return
    if st.todo and not st.pending:
        refuse("todo", "waits while no decision is pending: it would have run on")
    if st.ness_due and not st.pending and phase != "order":
        refuse("ness_due", "is set while nothing holds Eliot Ness's move back (SF-8.3)")
    if phase == "end" and not st.pending:
        refuse("phase", "is end, which passes at once unless a decision is pending")
    if st.pending and not choices(st):
        refuse("pending", f"is a decision with nothing to choose: {shown(st.pending)}")
    if (phase == "order") != bool(st.order_kind) or phase == "order" and not st.order_fig:
        refuse("order_kind", f"is {st.order_kind!r} in the {phase} phase (SF-5.4)")
    if phase == "order" and not st.order_used:
        refuse("order_used", "must be 1 while the order is carried out")
    if len(set(st.reorg_sold)) != len(st.reorg_sold):
        refuse("reorg_sold", "names a neighborhood twice: one sale each (SF-11.5)")
    if phase != "reorg" and (st.reorg_good or st.reorg_hood >= 0 or st.reorg_sold):
        refuse("reorg_good", f"a Reorganization sale is open in the {phase} phase")
    if st.reorg_hood >= 0 and (st.reorg_good not in D.HOODS[st.reorg_hood]["buys"]):
        refuse("reorg_hood", "buys no such good")
    if phase == "setup":
        _setup(st, turn)
        return
    if any(h < 0 for h in st.home):
        refuse("home", f"must be chosen by every gang before the {phase} phase")
    if st.turns > st.max_turns:
        refuse("turns", f"is {st.turns}, past max_turns {st.max_turns}")


def _setup(st, turn: int) -> None:
    """SF-1.3: gangs and starting neighborhoods are chosen from the last seat down."""
    if st.turns:
        refuse("turns", "must be 0 during the set-up")
    for s in range(st.players):
        if s > turn and st.home[s] < 0 or s < turn and st.gang[s] >= 0:
            refuse(f"gang[{s}]", f"does not follow the set-up order with seat {turn} choosing")
    if st.automa >= 0 and st.home[st.automa] < 0:
        refuse(f"home[{st.automa}]", "must be the solo gang's: it sets up first (SF-S.2)")
    if st.home[turn] >= 0 and not st.pending:
        refuse(f"home[{turn}]", "is chosen, yet the set-up does not go on")
