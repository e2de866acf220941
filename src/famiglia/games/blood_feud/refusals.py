"""Why a move is refused, in words a player understands, with the rule's clause id. (What the
game waits for, when no rule of its own forbids a move, is the phase table's: phases.py.)"""

from __future__ import annotations

from . import data as D
from . import delivery, purchases
from .state import ABOARD, AT, DOCKED, DONE, FLAG, KIND, OWNER


def why_illegal(s, seat, action) -> tuple[str, str] | None:
    """The rule a refused move breaks, when a rule of its own forbids it; None when it is
    simply not the moment for it (the refusal then says what the game waits for)."""
    kind, args = action.kind, action.args
    step = s.todo[-1]["k"] if s.todo else ""
    if kind == "start" and len(args) == 1:
        return _why_not_start(s, args[0])
    if kind == "attack" and not step:
        if s.phase != "battle":
            return "attacks are launched in the battle phase", "BF-2.2"
        return "none of your free personnel can reach an enemy there", "BF-3.1"
    if kind == "select" and not step and len(args) == 2:
        return _why_not_select(s, seat, *args)
    if kind == "step" and step == "walk":
        t = args[0] if args else -1
        if 0 <= t < D.N and D.IS_WATER[t]:
            return "personnel cannot walk onto water; they need a boat or helicopter", "BF-4.1"
        walker = s.units[s.todo[-1]["uid"]][KIND]
        if walker in delivery.NOT_GIVEN and t in delivery.closed_to_family(s, seat):
            return _NO_FAMILY, "BF-9.13"
        return "that space is not next to the piece, or enemies hold it (attack first)", "BF-4.4"
    if kind == "buy" and not step:
        if s.phase != "buy":
            return "purchases are made in the last phase of the turn", "BF-2.5"
        item = args[0] if args else ""
        cost = D.COST.get(item) or D.BUILDINGS.get(item, {}).get("cost", 0)
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
    return None


def _why_not_select(s, seat, piece, t) -> tuple[str, str]:
    """Why that piece cannot set off: not the phase, none of his there, or all of them spent."""
    if s.phase == "buy":
        return "pieces move in the battle and movement phases; purchases come last", "BF-2.5"
    if not (isinstance(t, int) and 0 <= t < D.N):
        return f"there is no space {t!r} on the board", "BF-1.1"
    mine = [s.units[u] for u in s.stack[t]]
    mine = [u for u in mine if u[OWNER] == seat and u[KIND] == piece]
    if not mine:
        return f"you have no {piece} in {D.NAMES[t]}", "BF-2.3"
    if all(u[FLAG] == DONE for u in mine):
        return (
            f"your {piece} in {D.NAMES[t]} fought, or was bought, captured or returned, this "
            "turn: it does not move again",
            "BF-4.2",
        )
    if piece in D.VEHICLES:
        return f"your {piece} in {D.NAMES[t]} has ridden this turn: a vehicle rides once", "BF-6.1"
    if all(u[ABOARD] >= 0 for u in mine):
        return f"your {piece} in {D.NAMES[t]} is aboard a vehicle: it goes with the ride", "BF-6.1"
    return f"your {piece} in {D.NAMES[t]} has used its moves this turn", "BF-4.1"


_NO_FAMILY = (
    "your Boss and family members cannot enter a district you are delivering pieces into; "
    "only employees and vehicles are given"
)


def _why_not_start(s, borough) -> tuple[str, str] | None:
    if s.phase != "setup":
        return "starting points are chosen at set-up, before the first round", "BF-1.2"
    if borough not in D.SETUP["starts"][str(s.players)]:
        return f"{borough} is no starting point in a {s.players}-player game", "BF-1.2"
    if borough in s.home:
        return f"seat {s.home.index(borough)} already starts in {borough}", "BF-1.2"
    return None


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
    if action.kind == "drive" and v[KIND] == "speedboat" and not D.IS_WATER[v[AT]]:
        t = action.args[0] if action.args else -1
        if t in D.SHORE[v[AT]] and v[DOCKED] >= 0 and t != v[DOCKED]:
            why = (
                f"a docked speedboat leaves only by the water it is docked on, {D.NAMES[v[DOCKED]]}"
            )
            return why, "BF-6.5"
    if action.kind == "drive" and "join" in trip:
        return "a vehicle bringing riders to an attack enters no other enemy space", "BF-3.13"
    legal = "; ".join(str(a) for a in s.legal_actions(seat))
    return f"'{action}' is not possible on this ride now. Legal: {legal}", "BF-6.1"
