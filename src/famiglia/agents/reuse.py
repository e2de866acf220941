"""Tree reuse for ismcts: the trees a decision grew, carried to the bot's next decision.

After its move the bot keeps the subtrees under that move and the sample it searched from, with
the move played on it. At its next decision it finds where it is in them:
- `reuse=1`: only when it acts again alone, straight after its own move, and its view is the
  one it foresaw (the steps of one card play);
- `reuse=2`: also after other seats' moves, made one at a time, that its tree already holds.
  It plays its tree's moves of the others on the kept sample, in the tree's order, keeping
  only those after which the seat's narration is the start of what it was really told, until
  it is to act with the view, the narration and the moves it really has. A secret
  simultaneous choice between, a move its tree never tried, or a move its sample could not
  make (a card it drew for another seat that the real seat did not hold) starts a fresh tree.

Nothing here reads the true state: the kept sample was drawn from the seat's information, and
the match is made against the seat's own view, narration and legal moves.
"""

from __future__ import annotations

from dataclasses import dataclass

TRIES = 64  # moves played on the kept sample at most, looking for the real line of play
DEPTH = 12  # other seats' moves between two decisions, at most


@dataclass
class Kept:
    seat: int
    state: object  # the kept sample, the bot's move played on it
    roots: list  # one subtree per seat, under the bot's move
    lo: list  # the range of rewards seen so far, per seat
    hi: list


def keep(seat: int, sample, roots: list, action, lo, hi, level: int):
    """What to keep of this decision's trees for the next one (None: nothing). `sample` is a
    state drawn for this decision, untouched; `level` is the reuse option (1 or 2)."""
    if sample.seats_to_act() != (seat,):  # a secret choice: the others' trees never saw it
        return None
    sample.apply(seat, action)
    if sample.is_over():
        return None
    if level < 2 and sample.seats_to_act() != (seat,):
        return None
    key = (seat, action)  # a move made alone: every seat's tree saw it
    subtrees = [root.children.get(key) or _new_node(root) for root in roots]
    return Kept(seat, sample, subtrees, lo, hi)


def follow(kept: Kept | None, info, level: int):
    """The roots to start this decision from, or None when the kept trees do not fit it."""
    if kept is None or kept.seat != info.seat:
        return None
    seat, state = kept.seat, kept.state
    told = None
    if state.seats_to_act() != (seat,):
        if level < 2:
            return None
        told = info.told()
    return _walk(state, kept.roots, seat, info, told, [TRIES], DEPTH)


def _walk(state, roots, seat, info, told, budget, depth):
    to_act = state.seats_to_act()
    if seat in to_act:
        if (
            to_act == (seat,)
            and state.view(seat) == info.view
            and state.legal_actions(seat) == info.legal_actions
            and (told is None or state.events(seat) == told)
        ):
            return roots
        return None
    if len(to_act) != 1 or depth == 0:
        return None  # a secret choice between, or too long a line of play
    mover = to_act[0]
    legal = None
    for key, child in list(roots[seat].children.items()):
        if budget[0] <= 0:
            return None
        if key[0] != mover or key[1] is None:
            continue
        if legal is None:
            legal = set(state.legal_actions(mover))
        if key[1] not in legal:
            continue
        budget[0] -= 1
        after = state.after(mover, key[1])
        heard = after.events(seat)
        if heard != told[: len(heard)]:
            continue  # not what the seat was told happened
        nodes = [child if s == seat else root.children.get(key) for s, root in enumerate(roots)]
        nodes = [node if node is not None else _new_node(roots[seat]) for node in nodes]
        found = _walk(after, nodes, seat, info, told, budget, depth - 1)
        if found is not None:
            return found
    return None


def _new_node(like):
    return type(like)()
