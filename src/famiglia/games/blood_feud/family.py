"""The family: districts changing hands, assassinations (BF-8), and captives (BF-3.12,
BF-9.2); the deals that trade them are negotiation.py's."""

from __future__ import annotations

from . import data as D
from .actions import act
from .state import ABOARD, AT, COLOUR, KIND, OWNER


def take_district(s, me: int, space: int) -> None:
    """`me` now exploits `space`, with its building (BF-2.4)."""
    if s.owner[space] != me:
        s.set_owner(space, me)
        s.since[space] = s.turn_no
        s.say(f"seat {me} takes {D.NAMES[space]}")


def heir(s, seat: int) -> int:
    """Who commands the family of `seat` now: the seat itself, or whoever killed its Boss
    (following the chain); -1 when nobody living does."""
    seen = 0
    while seat >= 0 and not s.alive[seat] and seen < s.players:
        seat = s.heirs[seat]
        seen += 1
    return seat if seat >= 0 and s.alive[seat] else -1


def return_to_play(s, seat: int, color: int) -> None:
    """A family member comes back on the board with his Boss (BF-9.2). With the Boss afloat he
    goes aboard a boat of his family there; with no room there, he waits and joins the Boss at
    the end of a later turn (nobody stands on water, BF-6.10)."""
    boss = s.boss_of(seat)
    if boss < 0:
        return
    at = s.units[boss][AT]
    aboard = -1
    if D.IS_WATER[at]:
        aboard = _room_aboard(s, seat, at)
        if aboard < 0:
            s.absorb.append([seat, color])
            return
    s.new_unit(seat, "family", at, aboard=aboard, extra=color)


def _room_aboard(s, seat: int, space: int) -> int:
    """A vehicle of `seat` in `space` with a free seat (-1: none)."""
    units = s.units
    for vid in s.stack[space]:
        v = units[vid]
        if v[OWNER] == seat and v[KIND] in D.VEHICLES:
            riders = sum(1 for uid in s.stack[space] if units[uid][ABOARD] == vid)
            if riders < D.CARRIES[v[KIND]]:
                return vid
    return -1


def settle_captives(s) -> None:
    """Captives whose family is now commanded by their holder join that family at the end
    of the turn; captives nobody holds or commands any more are gone."""
    keep = []
    for holder, ctrl, color in s.captives:
        ctrl = heir(s, ctrl)
        holder = heir(s, holder)
        if ctrl < 0:
            continue
        if holder < 0:
            s.absorb.append([ctrl, color])
        elif holder == ctrl:
            s.absorb.append([ctrl, color])
        else:
            keep.append([holder, ctrl, color])
    s.captives = keep


def assassinate(s, killer: int, victim: int) -> None:
    """A Boss is dead: the nine consequences (BF-8.1 .. BF-8.9)."""
    if not s.alive[victim]:
        return
    s.alive[victim] = False
    s.heirs[victim] = killer if killer >= 0 and s.alive[killer] else -1
    s.say(f"the Boss of seat {victim} is assassinated by seat {killer}")
    gone_to = s.heirs[victim]
    # 1. his money
    if gone_to >= 0:
        s.money[gone_to] += s.money[victim]
    s.money[victim] = 0
    # 2. his captives change hands (settled below); 3. his pieces leave the board, his
    # family members are set aside for the killer.
    for uid in s.mine[victim]:
        u = s.remove_unit(uid)
        if u[KIND] == "family" and gone_to >= 0:
            s.absorb.append([gone_to, u[COLOUR]])
    # 4. his corrupt precincts are removed; 5. his districts become neutral.
    for i in s.lands[victim]:
        s.set_owner(i, -1)
        if s.building[i] == "precinct":
            s.set_building(i, "")
    # 2 and 9: captives he held go to the killer; captives of his family are the killer's.
    settle_captives(s)
    living = [p for p in range(s.players) if s.alive[p]]
    if len(living) == 1:
        s.winners = living
        s.over = True
        s.say(f"seat {living[0]} is the last Boss standing and rules New York")
    elif not living:
        # the last two Bosses killed each other: they share the (empty) city
        s.winners = sorted({killer, victim} - {-1})
        s.over = True
        s.say("the last Bosses die together; nobody is left to rule New York")


def place_absorbed(s) -> None:
    """At the end of a turn the absorbed family members join their new Boss (BF-8.8)."""
    pending, s.absorb = s.absorb, []
    for seat, color in pending:
        seat = heir(s, seat)
        if seat >= 0:
            return_to_play(s, seat, color)


def my_captives(s, seat: int) -> list[int]:
    """The seats whose family members `seat` holds, each once."""
    out = []
    for holder, ctrl, _color in s.captives:
        if holder == seat and ctrl not in out:
            out.append(ctrl)
    return sorted(out)


def take_captive(s, holder: int, ctrl: int):
    for i, (h, c, _color) in enumerate(s.captives):
        if h == holder and c == ctrl:
            return s.captives.pop(i)
    raise AssertionError("no such captive")


def hand_over(s, captive, to: int) -> None:
    """A captive given to `to`: back in play if he is of `to`'s family, else `to` holds him."""
    _holder, ctrl, color = captive
    if ctrl == to:
        return_to_play(s, to, color)
    else:
        s.captives.append([to, ctrl, color])


def legal_captive(s, me, step) -> list:
    return [_KIDNAP, _KILL]


_KIDNAP, _KILL = act("kidnap", ()), act("kill", ())


def apply_captive(s, me, step, action) -> None:
    """The winner of a battle kidnaps or kills each fallen enemy family member (BF-3.12)."""
    color = step["colors"].pop(0)
    if action.kind == "kidnap":
        ctrl = heir(s, step["ctrl"])
        if ctrl == me:
            s.absorb.append([me, color])
        elif ctrl >= 0:
            s.captives.append([me, ctrl, color])
        s.say(f"seat {me} kidnaps a family member of seat {step['ctrl']}")
    else:
        s.say(f"seat {me} kills a fallen family member of seat {step['ctrl']}")
    if not step["colors"]:
        s.todo.pop()
