"""Negotiation (BF-9), opened once per phase of one's turn: gifts, captives released or
killed, deals proposed and answered, and the agreements about districts: invitations
(BF-9.6 .. BF-9.9), handovers (BF-9.10) and deliveries (BF-9.12); allies.py and delivery.py
say what the agreements in force allow.

Negotiations list one entry per other player and kind of change; the district is chosen in a
second step (as long as the list of one's districts when building). Every change, and backing
out of that second step, closes the opening of negotiations (BF-9.5, BF-9.6).
"""

from __future__ import annotations

from bisect import bisect_right

from famiglia.core import Action

from . import data as D
from .actions import A_PIECE, AMOUNTS, act
from .allies import invite_valid
from .delivery import spots as delivery_spots
from .family import assassinate, hand_over, my_captives, return_to_play, take_captive
from .state import DONE, FLAG, KIND, MOVES, OWNER

# ----- gifts, captives and deals (BF-9.1 .. BF-9.5) ----------------------------------------
# Negotiation must end: a player proposes at most this many deals to each other player in one
# of his turns (BF-9.5).
PROPOSALS_PER_TURN = 3
# Each seat's gifts, the smallest sum first: those up to a purse are a slice (AMOUNTS ascend).
_GIFTS = tuple(tuple(act("gift", (p, a)) for a in AMOUNTS) for p in range(6))
_DEAL = tuple(act("deal", (p,)) for p in range(6))
_RELEASE = tuple(act("release", (p,)) for p in range(6))
_EXECUTE = tuple(act("execute", (p,)) for p in range(6))
_BACK = act("back", ())


def legal_talk(s, me, step=None) -> list[Action]:
    acts = []
    alive = s.alive
    affordable = bisect_right(AMOUNTS, s.money[me])
    others = []  # the other seats alive (a loop, not a comprehension: that is a call)
    for p in range(s.players):
        if p != me and alive[p]:
            others.append(p)
            acts += _GIFTS[p][:affordable]
    captives = my_captives(s, me) if s.captives else []
    for ctrl in captives:
        acts.append(_RELEASE[ctrl])
        acts.append(_EXECUTE[ctrl])
    asked = s.asked if s.asked_turn == s.turn_no else []
    something = affordable > 0 or bool(captives)  # _has_something(s, me)
    for p in others:
        if asked and asked.count(p) >= PROPOSALS_PER_TURN:  # BF-9.5
            continue
        if something or _has_something(s, p):
            acts.append(_DEAL[p])
    talk_actions(s, me, others, acts)
    acts.append(_BACK)
    return acts


def _has_something(s, seat: int) -> bool:
    return s.money[seat] >= AMOUNTS[0] or bool(my_captives(s, seat))


# A deal's terms, made at import: the sums (those up to a purse are a slice, as AMOUNTS
# ascend), a captive by its family's seat, and nothing.
_TERMS = {
    kind: (
        tuple(act(kind, ("money", a)) for a in AMOUNTS),
        tuple(act(kind, ("captive", c)) for c in range(6)),
        act(kind, ("nothing", 0)),
    )
    for kind in ("offer", "ask")
}


def legal_offer(s, me, step) -> list[Action]:
    money, captive, nothing = _TERMS["offer"]
    acts = list(money[: bisect_right(AMOUNTS, s.money[me])])
    acts += map(captive.__getitem__, my_captives(s, me))
    if _has_something(s, step["to"]):
        acts.append(nothing)
    return acts


def legal_ask(s, me, step) -> list[Action]:
    other = step["to"]
    money, captive, nothing = _TERMS["ask"]
    acts = list(money[: bisect_right(AMOUNTS, s.money[other])])
    acts += map(captive.__getitem__, my_captives(s, other))
    if step["give"][0] != "nothing":
        acts.append(nothing)
    return acts


def apply_talk(s, me, step, action) -> None:
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
        _open_arrangement(s, me, action)


def apply_offer(s, me, step, action) -> None:
    s.todo.pop()
    s.todo.append({"k": "ask", "to": step["to"], "give": list(action.args)})


def apply_ask(s, me, step, action) -> None:
    s.todo.pop()
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


def apply_answer(s, me, step, action) -> None:
    s.todo.pop()
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


_ACCEPT, _REFUSE = act("accept", ()), act("refuse", ())


def legal_answer(s, me, step) -> list:
    if deal_possible(s, step):
        return [_ACCEPT, _REFUSE]
    return [_REFUSE]


def deal_possible(s, step) -> bool:
    """A deal can be accepted only if both sides still have what they promised."""
    for giver, (what, value) in ((step["from"], step["give"]), (step["seat"], step["want"])):
        if what == "money" and s.money[giver] < value:
            return False
        if what == "captive" and value not in my_captives(s, giver):
            return False
    return True


# ----- agreements about districts (BF-9.6 .. BF-9.12) -------------------------------------


def _guests_in(s, space: int, host: int) -> list[int]:
    """The pieces of the host's invited guests in `space` (not pieces delivered to him)."""
    guests = {r[2] for r in s.invites if r[0] == space and r[1] == host and invite_valid(s, r)}
    return [uid for uid in s.stack[space] if s.units[uid][OWNER] in guests]


def _has_guest_pieces(s, rec) -> bool:
    space, _host, guest = rec
    i = space * s.players + guest
    return bool(s.heads[i] or s.cars[i])  # (the guest's personnel and vehicles there)


def _invitable(s, me: int, guest: int, mine: list[int] | None = None) -> list[int]:
    """`mine`: my districts, when the caller has them."""
    have = {r[0] for r in s.invites if r[1] == me and r[2] == guest}
    if mine is None:
        mine = s.lands[me]  # (only districts are held)
    return [i for i in mine if i not in have]


def _withdrawable(s, me: int, guest: int) -> list[int]:
    return sorted(
        r[0]
        for r in s.invites
        if r[1] == me and r[2] == guest and invite_valid(s, r) and not _has_guest_pieces(s, r)
    )


def _handover_spots(s, me: int) -> list[int]:
    """My districts holding my pieces, none of them Boss or family, and nobody else's
    personnel, not already handed over (BF-9.10)."""
    return _handover_spots_among(s, me, s.lands[me])


def _handover_spots_among(s, me: int, mine, first: bool = False) -> list[int]:
    """_handover_spots among `mine` (my districts), ascending; `first`: the first one only,
    when the caller asks whether there is any (a list, not a generator: quicker to make)."""
    units, stack, players, heads, cars = s.units, s.stack, s.players, s.heads, s.cars
    held, notme = s.held, ~(1 << me)
    given = {r[0] for r in s.handovers if r[1] == me} if s.handovers else ()
    out = []
    for at in mine:  # (only districts are held)
        i = at * players + me
        if not (heads[i] or cars[i]) or at in given or held[at] & notme:
            continue  # none of my pieces there, or handed over, or someone else's personnel
        for uid in stack[at]:
            u = units[uid]
            if u[OWNER] == me and u[KIND] in ("boss", "family"):
                break
        else:
            out.append(at)
            if first:
                break
    return out


def _reclaimable(s, me: int, receiver: int) -> list[int]:
    return sorted(r[0] for r in s.handovers if r[1] == me and r[2] == receiver)


def talk_actions(s, me: int, others: list[int], acts: list) -> None:
    """Adds to `acts` what BF-9.6 and BF-9.10 add to an opening of negotiations, for the
    `others` (the other seats alive). (Each entry needs one district to choose from in its
    second step: legal_arrange; looked for here the quick way.)"""
    invites, held, cars, players, lands = s.invites, s.held, s.cars, s.players, s.lands
    mine = lands[me]  # my districts
    invited: dict = {}  # guest -> the districts I invited him into
    withdrawable = set()  # the guests _withdrawable names a district for
    # delivery.barred_by_deals (the comprehensions skipped when there is nothing to look at:
    # each is a call)
    barred = {r[0] for r in s.deliveries if r[1] == me} if s.deliveries else set()
    for r in invites:  # (these build up in random play)
        space, host, guest = r
        if host == me:
            barred.add(space)
            invited.setdefault(guest, set()).add(space)
            if guest not in withdrawable and invite_valid(s, r) and not _has_guest_pieces(s, r):
                withdrawable.add(guest)  # _withdrawable names this district
        elif guest == me:
            barred.add(space)
    reclaimable = {r[2] for r in s.handovers if r[1] == me} if s.handovers else ()  # _reclaimable
    spots = bool(mine) and bool(_handover_spots_among(s, me, mine, first=True))
    for p in others:
        if mine:
            have = invited.get(p)
            if not have or not have.issuperset(mine):  # _invitable
                acts.append(_INVITE[p])
        if p in withdrawable:
            acts.append(_WITHDRAW[p])
        if spots:
            acts.append(_HAND_OVER[p])
        if p in reclaimable:
            acts.append(_RECLAIM[p])
        # delivery.spots: nor where I have pieces (my personnel show in `held`, my vehicles
        # in `cars`)
        others = ~(1 << p)
        for i in lands[p]:
            if i not in barred and not held[i] & others and not cars[i * players + me]:
                acts.append(_DELIVER[p])
                break


# The first step of each arrangement, by seat.
_INVITE, _WITHDRAW, _HAND_OVER, _RECLAIM, _DELIVER = (
    tuple(act(kind, (p,)) for p in range(len(D.BOROUGHS)))
    for kind in ("invite", "withdraw", "hand-over", "reclaim", "deliver")
)


# The second step's choices, by district: made at import, not looked up one by one
_INTO, _UNINVITE, _LEAVE, _DELIVER_INTO, _TAKE_BACK = (
    tuple(act(kind, (i,)) for i in range(D.N))
    for kind in ("into", "uninvite", "leave", "deliver-into", "take-back")
)


def legal_arrange(s, me: int, step) -> list:
    """The second step: which district."""
    k, p = step["k"], step["to"]
    if k == "invite":
        acts = list(map(_INTO.__getitem__, _invitable(s, me, p)))
    elif k == "withdraw":
        acts = list(map(_UNINVITE.__getitem__, _withdrawable(s, me, p)))
    elif k == "hand-over":
        acts = list(map(_LEAVE.__getitem__, _handover_spots(s, me)))
    elif k == "deliver":
        acts = list(map(_DELIVER_INTO.__getitem__, delivery_spots(s, me, p)))
    else:
        acts = list(map(_TAKE_BACK.__getitem__, _reclaimable(s, me, p)))
    acts.append(_BACK)
    return acts


def _open_arrangement(s, me: int, action) -> None:
    s.todo.pop()  # the opening of negotiations ends here (BF-9.6)
    s.todo.append({"k": action.kind, "to": action.args[0]})


def apply_arrange(s, me: int, step, action) -> None:
    s.todo.pop()
    p = step["to"]
    kind = action.kind
    if kind == "back":
        return
    (space,) = action.args
    name = D.NAMES[space]
    if kind == "into":
        s.invites.append([space, me, p])
        s.say(f"seat {me} invites seat {p} into {name}")
    elif kind == "uninvite":
        s.invites.remove([space, me, p])
        s.say(f"seat {me} withdraws the invitation of seat {p} into {name}")
    elif kind == "leave":
        s.handovers.append([space, me, p])
        s.say(f"seat {me} hands over his pieces in {name} to seat {p}")
    elif kind == "deliver-into":
        s.deliveries.append([space, me, p])
        s.say(f"seat {me} will deliver pieces into {name}, a district of seat {p}")
    else:
        s.handovers.remove([space, me, p])
        s.say(f"seat {me} takes back the handover of {name}")


ARRANGE_STEPS = ("invite", "withdraw", "hand-over", "reclaim", "deliver")


def turn_on_targets(s, me: int) -> list[int]:
    """The invited districts where `me`'s guests have pieces (BF-9.9)."""
    out = []
    alive, owner, heads, cars, players = s.alive, s.owner, s.heads, s.cars, s.players
    if not alive[me]:
        return out
    for space, host, guest in s.invites:  # (invite_valid, written out: this is on every list)
        if host == me and owner[space] == me and alive[guest] and space not in out:
            i = space * players + guest
            if heads[i] or cars[i]:  # (the guest's personnel and vehicles there)
                out.append(space)
    out.sort()
    return out


def turn_on(s, me: int, space: int) -> None:
    """The host kills his guests' personnel in `space` and takes their vehicles, which cannot
    move before his next turn (BF-9.9)."""
    s.say(f"seat {me} turns on his guests in {D.NAMES[space]}")
    dead_bosses = []
    for uid in _guests_in(s, space, me):
        u = s.units[uid]
        if u[KIND] in D.RANK:
            if u[KIND] == "boss":
                dead_bosses.append(u[OWNER])
            s.remove_unit(uid)
        else:
            s.say(f"seat {me} commandeers {A_PIECE[u[KIND]]} of seat {u[OWNER]}")
            s.give_unit(uid, me)
            u[MOVES], u[FLAG] = 0, DONE
    s.invites = [r for r in s.invites if not (r[0] == space and r[1] == me)]
    for victim in dead_bosses:
        assassinate(s, me, victim)
