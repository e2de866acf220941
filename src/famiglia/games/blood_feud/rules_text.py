"""Why a move is refused, in words a player understands, with the rule's clause id."""

from __future__ import annotations

from famiglia.core import IllegalAction
from famiglia.core.actions import normalize_text

from . import board as B
from . import delivery, purchases
from .actions import act
from .state import ABOARD, AT, KIND

# Moves a player may type that the rules can forbid: recognised so the refusal can say why.
_CANDIDATES = {}


def _candidates():
    if not _CANDIDATES:
        for i in range(B.N):
            for a in (act("attack", (i,)), act("step", (i,)), act("drive", (i,))):
                _CANDIDATES[normalize_text(str(a))] = a
            for kind in B.VEHICLES:
                a = act("bring", (kind, i))
                _CANDIDATES[normalize_text(str(a))] = a
        _CANDIDATES[normalize_text(str(act("stop", ())))] = act("stop", ())
        for item in (*purchases.HIRES, *B.BUILDINGS):
            a = act("buy", (item,))
            _CANDIDATES[normalize_text(str(a))] = a
    return _CANDIDATES


def explain_text(s, seat, text):
    action = _candidates().get(text)
    if action is None:
        return None
    reason, clause = why_illegal(s, seat, action)
    return IllegalAction(reason, clause)


def why_illegal(s, seat, action) -> tuple[str, str]:
    kind, args = action.kind, action.args
    step = s.todo[-1]["k"] if s.todo else ""
    if kind == "attack" and not step:
        if s.phase != "battle":
            return "attacks are launched in the battle phase", "BF-2.2"
        return "none of your free personnel can reach an enemy there", "BF-3.1"
    if kind == "step" and step == "walk":
        t = args[0] if args else -1
        if 0 <= t < B.N and B.IS_WATER[t]:
            return "personnel cannot walk onto water; they need a boat or helicopter", "BF-4.1"
        walker = s.units[s.todo[-1]["uid"]][KIND]
        if walker in delivery.NOT_GIVEN and t in delivery.closed_to_family(s, seat):
            return _NO_FAMILY, "BF-9.13"
        return "that space is not next to the piece, or enemies hold it (attack first)", "BF-4.4"
    if kind == "buy" and not step:
        if s.phase != "buy":
            return "purchases are made in the last phase of the turn", "BF-2.5"
        item = args[0] if args else ""
        cost = B.COST.get(item) or B.BUILDINGS.get(item, {}).get("cost", 0)
        if cost > s.money[seat]:
            return f"you have ${s.money[seat]}; that costs ${cost}", "BF-7.1"
        if item in purchases.HIRES and not purchases.places_for(s, seat, item):
            return "there is nowhere to place it (with your Boss or a palace)", "BF-7.2"
        return "all of those pieces are already in play", "BF-7.5"
    if step == "trip":
        return _why_not_ride(s, seat, action)
    if kind == "bring" and step == "attack":
        return (
            "only a vehicle of yours that has not moved this turn and has the target within "
            "its move can be brought into the attack",
            "BF-3.13",
        )
    legal = s.legal_actions(seat)
    shown = "; ".join(str(a) for a in legal[:8])
    more = f" (and {len(legal) - 8} more)" if len(legal) > 8 else ""
    return f"'{action}' is not a legal move now. Legal: {shown}{more}", ""


_NO_FAMILY = (
    "your Boss and family members cannot enter a district you are delivering pieces into; "
    "only employees and vehicles are given"
)


def _why_not_ride(s, seat, action) -> tuple[str, str]:
    trip = s.todo[-1]
    v = s.units[trip["v"]]
    if action.kind == "stop" and v[KIND] == "helicopter":
        why = "a helicopter lands only in a district you exploit or at an airport ($20)"
        guest = any(r[0] == v[AT] and r[2] == seat for r in s.invites)
        return why, "BF-9.11" if guest else "BF-6.6"
    if action.kind == "drive" and s.deliveries:
        t = action.args[0] if action.args else -1
        aboard = [u[KIND] for u in s.units.values() if u[ABOARD] == trip["v"]]
        if t in delivery.closed_to_family(s, seat) and set(aboard) & set(delivery.NOT_GIVEN):
            return _NO_FAMILY, "BF-9.13"
    if action.kind == "drive" and "join" in trip:
        return "a vehicle bringing riders to an attack enters no other enemy space", "BF-3.13"
    legal = "; ".join(str(a) for a in s.legal_actions(seat))
    return f"'{action}' is not possible on this ride now. Legal: {legal}", "BF-6.1"
