"""The top of the battle and movement phases: the pieces that may be selected, the spaces that
may be attacked (BF-3.1) and the guests that may be turned on (BF-9.9).

Working these out looks at every piece of the player, and they are asked for after nearly every
move. Yet most moves of a turn cannot change them (backing out of a choice, assembling an attack,
opening negotiations), and the most common one changes them in two places only: a piece walking
one step. So they are kept with the legal-move cache (`s._legal["top"]`) and carried across such
moves (`carry`, called by BloodFeudState.apply), instead of being worked out again.
"""

from __future__ import annotations

from bisect import insort

from . import allies, battle
from . import board as B
from .actions import ATTACK, KIND_CODE, SELECT, act
from .movement import walker_free

_KINDS = len(KIND_CODE)


def actions(s, seat: int) -> list:
    """The legal actions of the battle or movement phase with no decision under way."""
    top = s._legal.get("top")
    if top is None or top["seat"] != seat:
        top = s._legal["top"] = _work_out(s, seat)
    acts = []
    if s.phase == "battle":
        acts += [ATTACK[t] for t in _targets(top)]
        acts += [SELECT[k] for k in top["keys"]]
        acts.append(act("end-battle", ()))
    else:
        acts += [SELECT[k] for k in top["keys"]]
        acts.append(act("end-move", ()))
    acts += [act("turn-on", (i,)) for i in top["turn_on"]]
    return acts


def _targets(top) -> list[int]:
    targets = set()
    for near in top["reach"].values():
        targets.update(near)
    return sorted(targets)


def _work_out(s, seat: int) -> dict:
    h = battle.hostile(s, seat)
    sources: set = set()
    from .movement import select_codes

    keys = select_codes(s, seat, h, sources)
    reach = {}
    if s.phase == "battle":
        rich = s.money[seat] >= B.MONEY["bribe"]
        reach = {src: battle.targets_from(s, seat, h, src, rich) for src in sources}
    turn_on = allies.turn_on_targets(s, seat) if s.invites else []
    return {"seat": seat, "keys": keys, "reach": reach, "turn_on": turn_on}


# Moves after which the lists are unchanged: they change no piece, no purse, no district and no
# agreement (they open or close a step of a decision, or say no).
_SAME = frozenset(
    ("back", "attack", "add", "cancel", "end-battle", "negotiate", "refuse")
    + ("invite", "withdraw", "hand-over", "reclaim", "deliver", "deal", "offer", "ask")
)


def carry(s, top: dict, action):
    """The lists after `action`, given `top`, the lists before it; None to work them out anew."""
    kind = action.kind
    if kind in _SAME:
        return top
    if kind == "select":
        return top if action.args[0] in B.RANK else None  # (a ride changes who is aboard)
    if kind == "step" and s._walked is not None:
        return _after_step(s, top, *s._walked)
    return None


def _after_step(s, top: dict, uid: int, start: int, end: int) -> dict:
    """A piece walked from `start` to `end` and nothing else changed for its player: only his
    groups of pieces in those two spaces are looked at again."""
    me = top["seat"]
    kind = s.units[uid][1]
    keys = list(top["keys"])
    reach = dict(top["reach"])
    code = KIND_CODE[kind]
    h = battle.hostile(s, me)
    gone = start * _KINDS + code
    if gone in keys and not _free(s, me, start, kind):
        keys.remove(gone)
    new = end * _KINDS + code
    if new not in keys and _free(s, me, end, kind) and not _hemmed(s, me, h, end):
        insort(keys, new)
    if top["reach"] or s.phase == "battle":
        if start in reach and not _free(s, me, start):
            del reach[start]
        if end not in reach and _free(s, me, end):
            rich = s.money[me] >= B.MONEY["bribe"]
            reach[end] = battle.targets_from(s, me, h, end, rich)
    return {"seat": me, "keys": keys, "reach": reach, "turn_on": top["turn_on"]}


def _free(s, me: int, space: int, kind: str | None = None) -> bool:
    """Whether a piece of personnel of `me` (of that kind) in `space` may walk or attack."""
    units = s.units
    for uid in s.stack[space]:
        u = units[uid]
        if (kind is None or u[1] == kind) and walker_free(u, me):
            return True
    return False


def _hemmed(s, me: int, h, space: int) -> bool:
    held, notme, airport = s.held, ~(1 << me), B.IS_AIRPORT
    for t in B.LAND[space]:
        if not (held[t] & notme or airport[t]) or h[t] < 0:
            return False
    return True
