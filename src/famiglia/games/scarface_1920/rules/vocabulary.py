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


def run(st) -> None:
    """Resolves queued operations until one needs a decision or the queue is empty; then moves
    Angry Eliot Ness if a Crime Rate rise made him due (once the action is over)."""
    todo = st.todo
    if not todo and not st.ness_due and st.phase != "over":
        return  # nothing queued (most moves)
    handlers = OPS
    solo_gang = st.automa
    while True:
        while todo and not st.pending and st.phase != "over":
            item = todo.pop()
            if solo_gang >= 0 and item[1] == solo_gang and solo.override(st, item):
                continue
            handler, asks = handlers[item[0]]
            if not asks:
                handler(st, item)
            elif handler(st, item):
                st.pending = item
                if solo_gang >= 0 and item[1] == solo_gang:
                    # no seat: it chooses at once (SF-S.13)
                    resolve(st, solo_gang, solo.decide(st, item, choices(st)))
        if st.ness_due and not todo and not st.pending and st.phase not in ("order", "over"):
            st.ness_due = 0
            todo.append(["ness_sg", -1])
            continue
        break
    if st.phase == "over":
        todo.clear()
        st.pending = []
