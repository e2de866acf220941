"""Taking a share (CNG-8.2): the pick in turn, the Dictator's ban (CNG-8.8), the Greedy's
second share (CNG-8.9), and what each share sets off once taken."""

from __future__ import annotations

from ..actions import act
from ..data import KIND_WORDS, LOOT_ORDER, TOKENS
from ..state import CNGState
from .split import (
    after_share,
    bombed,
    describe_share,
    enter_pick,
    kind_of,
    leave_order,
    next_pick,
    open_shares,
    receive,
    share_act,
    take_effects,
)
from .trade import begin_trade

# Every pick made once, by (share, carries the bomb): a pick's list is then a look-up a share,
# the most asked list of the game. The actions are the book's own, so nothing else changes.
PICKS = {(c, b): share_act("take", c, b) for c in (*LOOT_ORDER, *TOKENS) for b in (False, True)}


def legal_pick(s, seat):
    picks = PICKS
    return [picks[share] for share in open_shares(s)]


def apply_pick(s, seat, action):
    share, bomb = action.args[0], bombed(action)
    dictator = s.holder("dictator")
    if (  # CNG-8.8: the Dictator may forbid that kind of loot, once per split
        dictator in s.order
        and dictator != seat
        and not s.dictator_used
        and share not in ("shadow", "recruit")
    ):
        s.pending, s.pending_bomb = share, bomb
        s.say(f"seat {seat} reaches for {describe_share(share, bomb)}")
        s.phase, s.actor = "dictator", dictator
        return
    do_take(s, seat, share, bomb)


def legal_dictate(s, seat):
    return [act("dictate", True), act("dictate", False)]


def apply_dictate(s, seat, action):
    share, bomb = s.pending, s.pending_bomb
    s.pending, s.pending_bomb = "", False
    picker = s.order[s.split_pos]
    if action.args[0]:
        s.dictator_used = True
        s.ban = kind_of(share)
        s.say(
            f"seat {seat} (the Dictator) forbids seat {picker} to take "
            f"{KIND_WORDS.get(s.ban, s.ban)} now"
        )
        enter_pick(s)
        return
    do_take(s, picker, share, bomb)


def do_take(s: CNGState, seat: int, share: str, bomb: bool = False) -> None:
    if share in s.tokens:
        s.tokens.remove(share)
    else:
        s.table.remove(share)
    s.say(f"seat {seat} takes {describe_share(share, bomb)}")
    take_effects(s, seat, share, bomb)
    if s.phase == "over":
        return
    if not s.alive[seat]:
        if s.step == "greedy2":
            s.step = "pick"
        leave_order(s, seat)
        next_pick(s)
        return
    if share == "godfather":
        s.new_godfather = seat
        after_share(s, seat, share)
    elif share == "shadow":
        begin_trade(s, seat)
    elif share == "recruit":
        if s.loot[seat]:
            s.phase, s.actor = "envelope", seat
        else:  # the share is spent for nothing: said, as a wasted First aid kit is
            s.say(f"seat {seat} has no loot card to put in the envelope")
            after_share(s, seat, share)
    elif seat == s.holder("junk_dealer") and not s.junk_used and s.piles:
        s.pending = share  # CNG-8.10
        s.phase, s.actor = "junk", seat
    else:
        receive(s, seat, share)


def legal_greedy(s, seat):
    acts = [share_act("greedy", c, b) for c, b in open_shares(s) if c not in ("shadow", "recruit")]
    return acts + [act("greedy", "")]


def apply_greedy(s, seat, action):
    share = action.args[0]
    if not share:
        next_pick(s)
        return
    s.say(f"seat {seat} (the Greedy) grabs a second share and leaves the split")
    s.step = "greedy2"
    do_take(s, seat, share, bombed(action))
