"""The family: districts changing hands, assassinations (BF-8), captives and deals (BF-9)."""

from __future__ import annotations

from bisect import bisect_right

from famiglia.core import Action

from . import allies
from . import board as B
from .actions import AMOUNTS, act
from .state import ABOARD, AT, KIND, OWN


def take_district(s, me: int, space: int) -> None:
    """`me` now exploits `space`, with its building (BF-2.4)."""
    if s.owner[space] != me:
        s.owner[space] = me
        s.since[space] = s.turn_no
        s.say(f"seat {me} takes {B.NAMES[space]}")


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
    if B.IS_WATER[at]:
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
        if v[OWN] == seat and v[KIND] in B.VEHICLES:
            riders = sum(1 for uid in s.stack[space] if units[uid][ABOARD] == vid)
            if riders < B.CARRIES[v[KIND]]:
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
            s.absorb.append([gone_to, u[6]])
    # 4. his corrupt precincts are removed; 5. his districts become neutral.
    for i in B.DISTRICTS:
        if s.owner[i] == victim:
            s.owner[i] = -1
            if s.building[i] == "precinct":
                s.building[i] = ""
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


# ----- negotiating on one's turn (BF-9) ----------------------------------------------------


def my_captives(s, seat: int) -> list[int]:
    """The seats whose family members `seat` holds, each once."""
    out = []
    for holder, ctrl, _color in s.captives:
        if holder == seat and ctrl not in out:
            out.append(ctrl)
    return sorted(out)


# Negotiation must end: a player proposes at most this many deals to each other player in one
# of his turns (BF-9.5).
PROPOSALS_PER_TURN = 3
# Each seat's gifts, the smallest sum first: those up to a purse are a slice (AMOUNTS ascend).
_GIFTS = tuple(tuple(act("gift", (p, a)) for a in AMOUNTS) for p in range(6))
_DEAL = tuple(act("deal", (p,)) for p in range(6))
_BACK = act("back", ())


def legal_talk(s, me) -> list[Action]:
    acts = []
    alive = s.alive
    others = [p for p in range(s.players) if p != me and alive[p]]
    money = s.money[me]
    affordable = bisect_right(AMOUNTS, money)
    for p in others:
        acts += _GIFTS[p][:affordable]
    captives = my_captives(s, me) if s.captives else []
    for ctrl in captives:
        acts.append(act("release", (ctrl,)))
        acts.append(act("execute", (ctrl,)))
    asked = s.asked if s.asked_turn == s.turn_no else []
    something = affordable > 0 or bool(captives)  # _has_something(s, me)
    for p in others:
        if asked and asked.count(p) >= PROPOSALS_PER_TURN:  # BF-9.5
            continue
        if something or _has_something(s, p):
            acts.append(_DEAL[p])
    acts += allies.talk_actions(s, me)
    acts.append(_BACK)
    return acts


def _has_something(s, seat: int) -> bool:
    return s.money[seat] >= AMOUNTS[0] or bool(my_captives(s, seat))


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


def legal_offer(s, me, step) -> list[Action]:
    acts = [act("offer", ("money", a)) for a in AMOUNTS if a <= s.money[me]]
    acts += [act("offer", ("captive", c)) for c in my_captives(s, me)]
    if _has_something(s, step["to"]):
        acts.append(act("offer", ("nothing", 0)))
    return acts


def legal_ask(s, me, step) -> list[Action]:
    other = step["to"]
    acts = [act("ask", ("money", a)) for a in AMOUNTS if a <= s.money[other]]
    acts += [act("ask", ("captive", c)) for c in my_captives(s, other)]
    if step["give"][0] != "nothing":
        acts.append(act("ask", ("nothing", 0)))
    return acts


def apply_talk(s, me, action) -> None:
    kind, args = action.kind, action.args
    if kind == "gift":
        to, amount = args
        s.money[me] -= amount
        s.money[to] += amount
        s.say(f"seat {me} gives ${amount} to seat {to}")
    elif kind == "release":
        (ctrl,) = args
        captive = take_captive(s, me, ctrl)
        return_to_play(s, ctrl, captive[2])
        s.say(f"seat {me} releases a family member of seat {ctrl}")
    elif kind == "execute":
        (ctrl,) = args
        take_captive(s, me, ctrl)
        s.say(f"seat {me} kills a captive family member of seat {ctrl}")
    elif kind == "deal":
        if s.asked_turn != s.turn_no:
            s.asked_turn, s.asked = s.turn_no, []
        s.asked.append(args[0])
        s.todo.append({"k": "offer", "to": args[0]})
    elif kind == "back":
        s.todo.pop()
    else:
        allies.apply_talk(s, me, action)


def apply_offer(s, me, action) -> None:
    step = s.todo.pop()
    s.todo.append({"k": "ask", "to": step["to"], "give": list(action.args)})


def apply_ask(s, me, action) -> None:
    step = s.todo.pop()
    s.todo.append(
        {
            "k": "answer",
            "seat": step["to"],
            "from": me,
            "give": step["give"],
            "want": list(action.args),
        }
    )
    to = step["to"]
    s.say(  # who gives what, both ways: "nothing for $50" left the payer unsaid
        f"seat {me} proposes a deal to seat {to}: seat {me} gives "
        f"{describe_terms(step['give'])}, seat {to} gives {describe_terms(list(action.args))}"
    )


def describe_terms(terms) -> str:
    what, value = terms
    if what == "money":
        return f"${value}"
    if what == "captive":
        return f"a captive of seat {value}"
    return "nothing"


def apply_answer(s, me, action) -> None:
    step = s.todo.pop()
    proposer = step["from"]
    if action.kind == "refuse":
        s.say(f"seat {me} refuses the deal")
        return
    s.say(f"seat {me} accepts the deal")
    for giver, taker, (what, value) in ((proposer, me, step["give"]), (me, proposer, step["want"])):
        if what == "money":
            s.money[giver] -= value
            s.money[taker] += value
        elif what == "captive":
            hand_over(s, take_captive(s, giver, value), taker)


def deal_possible(s, step) -> bool:
    """A deal can be accepted only if both sides still have what they promised."""
    for giver, (what, value) in ((step["from"], step["give"]), (step["seat"], step["want"])):
        if what == "money" and s.money[giver] < value:
            return False
        if what == "captive" and value not in my_captives(s, giver):
            return False
    return True


def apply_captive(s, me, action) -> None:
    """The winner of a battle kidnaps or kills each fallen enemy family member (BF-3.12)."""
    step = s.todo[-1]
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
