"""The effect vocabulary, assembled in one table, and the loop that runs the queue of effects.

Every card, token and phase speaks in operations `[op, seat, *args]` queued on `st.todo`
(effects.py). OPS holds every operation the queue can meet, each with its handler and whether
it asks a seat (a choice operation: its handler says whether there is something to choose,
and the choice becomes `st.pending`, decisions.py). They come from the rule modules that own
them: the plain operations and the choices (effects.py), the Crime Rate, raids and Extra!
Extra! (crime.py), turns (turn.py), the end of the setup (setup_phase.py), the solo gang's turn
(../modes/solo.py, automa.py, automa_actions.py) and Tequila's Target tokens
(../modes/tequila.py). A name defined twice is a mistake, refused when the module loads.

After every move the State runs the queue (`run`, from ../__init__.py): the solo gang, which
has no seat, carries out its own operations at once (SF-S.13).
"""

from __future__ import annotations

from ..modes import automa, automa_actions, solo
from ..modes.tequila import flip_asks
from . import crime, effects, setup_phase, turn
from .decisions import choices, resolve


def _table() -> dict:
    """op -> (handler, asks), from each module's operations."""
    table = {}
    for ops, asks in (
        (crime.OPS, False),
        (turn.OPS, False),
        (setup_phase.OPS, False),
        (solo.OPS, False),
        (automa.OPS, False),
        (automa_actions.OPS, False),
        (effects.CHOICE, True),
        ({"flip": flip_asks}, True),  # SF-T.16: Target tokens left to turn
        (effects.AUTO, False),
    ):
        for op, handler in ops.items():
            if op in table:
                raise ValueError(f"the effect operation {op!r} is defined twice")
            table[op] = (handler, asks)
    return table


OPS = _table()
# The choice operations: those that may wait for a seat's decision.
CHOICE_OPS = frozenset(op for op, (_, asks) in OPS.items() if asks)


def _asking(check):
    """A choice operation's handler: its decision waits (`st.pending`) when `check` finds
    something to choose."""

    def ask(st, item) -> None:
        if check(st, item):
            st.pending = item

    return ask


def _solo_mode(handler):
    """An operation's handler in the Solo Mode: the solo gang, which has no seat, carries out
    its own operations at once, some differently, and makes its decisions at once (SF-S.13)."""

    def handle(st, item) -> None:
        gang = item[1]
        if gang != st.automa:
            handler(st, item)
        elif not solo.override(st, item):
            handler(st, item)
            if st.pending:  # (only a choice operation makes a decision wait)
                resolve(st, gang, solo.decide(st, item, choices(st)))

    return handle


# op -> what running it does, one call: at the seats alone, and in the Solo Mode.
HANDLERS = {op: _asking(handler) if asks else handler for op, (handler, asks) in OPS.items()}
SOLO_HANDLERS = {op: _solo_mode(handler) for op, handler in HANDLERS.items()}


def run(st) -> None:
    """Resolves queued operations until one needs a decision or the queue is empty; then moves
    Angry Eliot Ness if a Crime Rate rise made him due (once the action is over)."""
    todo = st.todo
    if not todo and not st.ness_due and st.phase != "over":
        return  # nothing queued (most moves)
    handlers = HANDLERS if st.automa < 0 else SOLO_HANDLERS
    while True:
        while todo and not st.pending and st.phase != "over":
            item = todo.pop()
            handlers[item[0]](st, item)
        if st.ness_due and not todo and not st.pending and st.phase not in ("order", "over"):
            st.ness_due = 0
            todo.append(["ness_sg", -1])
            continue
        break
    if st.phase == "over":
        todo.clear()
        st.pending = []
