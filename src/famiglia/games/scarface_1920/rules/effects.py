"""The effects: the operations that every card, token and phase feeds into one queue.

`st.todo` is a stack of items `[op, seat, *args]` (the last one runs next), queued by
`schedule`. Here: the plain operations (AUTO: a gain, a draw, a recruit...); for the choice
operations (CHOICE), whether one has something to choose (it then waits as `st.pending`, its
seat's decision: decisions.py); and the effects on the board that cards and orders share
(business markers, the market). vocabulary.py gathers every operation's handler, these and the
other rule modules', in one table, and runs the queue.
"""

from __future__ import annotations

from famiglia.core.text import plural

from .. import data as D
from . import board as B
from . import known as K
from .effect_checks import (
    any_hit_target,
    business_choices,
    can_move_figure,
    hospital,
    removable_business,
    sg_districts,
)


def schedule(st, items: list) -> None:
    """Run `items` next, in the order given (before anything already queued). The queue keeps
    the items themselves: each caller makes them afresh (card_ops, literals), and no item is
    changed once queued (a counted op is queued again as a new item)."""
    if len(items) == 1:  # (most often)
        st.todo.append(items[0])
    else:
        st.todo.extend(items[::-1])  # (a reversed copy extends faster than reversed())


def card_ops(s: int, ops) -> list:
    # (loops rather than comprehensions on the hot path's short lists: in Python 3.11 a
    # comprehension is a function call of its own, dearer than the loop for a few items)
    items = []
    for op in ops:
        items.append([op[0], s, *op[1:]])
    return items


# ----- operations without a decision ---------------------------------------------------------
_ONE = {"guns": "gun", "votes": "vote", "bullets": "bullet"}  # money and alcohol stay as they are


def _amount(n: int, field: str) -> str:
    return f"{n} {_ONE.get(field, field) if n == 1 else field}"


def _phrase(n: int, field: str) -> tuple[str, str]:
    """("gain" or "lose", the amount) of a change by n."""
    return "gain" if n >= 0 else "lose", _amount(abs(n), field)


def _gain(field):
    # the phrases of the most common amounts, made once
    gains = {n: _phrase(n, field) for n in range(-9, 10)}

    if field in K.SUPPLY:  # Votes and bullets: limited, taken from the General Supply

        def gain(st, item):
            s, n = item[1], item[2]
            asked = n
            if n >= 0:
                # as many as are left: the supply is public, so the count is too; an
                # unannounced pick's bounds already allowed for up to n
                n = K.take(st, field, s, n, item[-1] != K.SECRET)
            else:
                lost = min(-n, getattr(st, field)[s])
                K.give_back(st, field, s, lost)
                if item[-1] != K.SECRET:
                    K.counted(st, field, s, n)
            if n == 0 and asked > 0:
                st.say(f"the General Supply has no {field} left for you", (s,))
            elif n:  # (nothing to tell of a gain of none)
                verb, amount = gains.get(n) or _phrase(n, field)
                st.say(f"you {verb} {amount}", (s,))

    elif field in K.IDX:  # behind the screen: told to the gang alone, counted by the others

        def gain(st, item):
            s, n = item[1], item[2]
            values = getattr(st, field)
            value = values[s] + n
            values[s] = value if value > 0 else 0
            if item[-1] != K.SECRET:  # an unannounced pick: the bounds allowed for it
                K.counted(st, field, s, n)
            if n:  # (nothing to tell of a gain of none)
                verb, amount = gains.get(n) or _phrase(n, field)
                st.say(f"you {verb} {amount}", (s,))

    else:

        def gain(st, item):
            s, n = item[1], item[2]
            values = getattr(st, field)
            value = values[s] + n
            values[s] = value if value > 0 else 0
            verb, amount = gains.get(n) or _phrase(n, field)
            st.say(f"{B.name(st, s)} {verb}s {amount}")

    return gain


def _draw(st, item):
    s, n = item[1], item[2]
    deck = st.deck[s]
    k = n if n < len(deck) else len(deck)
    if k <= 0:
        return
    drawn = deck[-k:]  # the top k cards, drawn one by one from the top (the end)
    drawn.reverse()
    del deck[-k:]
    st.hand[s].extend(drawn)
    lines = DRAW_LINES[st.gang[s]]  # (none for a seat without a gang yet)
    st.say(lines[k] if k < len(lines) else _draws(B.name(st, s), k))
    names = []
    for c in drawn:
        names.append(D.CARD_NAMES[c])
    st.say("you draw " + ", ".join(names), (s,))


def _draws(who: str, k: int) -> str:
    return f"{who} draws {plural(k, 'card')}"


# by gang and cards drawn, up to 9
DRAW_LINES = B.by_gang(lambda gang: tuple(_draws(gang, k) for k in range(10)))


def _street_gang(st, item):
    s, n = item[1], item[2]
    got = 0
    for _ in range(n):
        if st.sg_deck:
            sid = st.sg_deck.pop()
            st.street_gangs[s].append(sid)
            K.drawn(st.sg_known, sid, s)
            got += 1
    if got:
        st.say(f"{B.name(st, s)} takes {plural(got, 'street gang')}")
        st.todo.append(["sg_limit", s])  # (schedule() of one op)


def _job(st, item):
    s, n = item[1], item[2]
    for _ in range(n):
        if st.job_deck and len(st.jobs[s]) + len(st.active_jobs[s]) < D.C["max_jobs"]:
            jid = st.job_deck.pop()
            st.jobs[s].append(jid)
            K.drawn(st.job_known, jid, s)
            st.say(f"{B.name(st, s)} draws a job")


def _recruit(st, item):
    s, n = item[1], min(item[2], st.slums[item[1]])
    st.slums[s] -= n
    st.hq[s] += n
    if n:
        st.say(f"{B.name(st, s)} recruits {plural(n, 'thug')}")


def _retrieve_prison(st, item):
    s, n = item[1], item[2]
    if n > 0 and st.boss_loc[s] == "prison":
        st.boss_loc[s] = "hq"
        n -= 1
    n = min(n, st.prison[s])
    st.prison[s] -= n
    st.hq[s] += n


def _retrieve_deal(st, item):
    """Figures from the gang's Deals to Headquarters: thugs, then the Angry Boss (SF-14.5)."""
    s = item[1]
    for _ in range(item[2]):
        for i, t in enumerate(st.deal_thugs[s]):
            if t:
                st.deal_thugs[s][i] -= 1
                st.hq[s] += 1
                break
        else:
            if st.boss_loc[s].startswith("deal"):
                st.boss_loc[s] = "hq"


def _hit_own(st, item):
    s = item[1]
    for _ in range(item[2]):
        d = B.most_crowded(st, s)
        if d >= 0 and "hit" not in st.shields[s]:
            B.hit(st, s, d)


def _prison_own(st, item):
    s = item[1]
    for _ in range(item[2]):
        if B.to_prison_from_anywhere(st, s):
            st.say(f"{B.a_thug(st, s)} goes to prison")


def _profit(st, item):
    s = item[1]
    gained = B.profit_of(st, s) * item[2]
    st.money[s] += gained
    if not K.is_secret(item):
        K.counted(st, "money", s, gained)
    st.say(f"you gain {gained} money from your businesses", (s,))


def _sg_end(st, item):
    """The end of a Street Gang's play (SF-10.1): the OPPORTUNITY prompts its hits caused were
    queued under this mark, and come now."""


def _shield(st, item):
    if item[2] not in st.shields[item[1]]:
        st.shields[item[1]].append(item[2])


def _peek_raid(st, item):
    """Look at the top Raid card and put it back; the seat remembers it (determinize keeps it)."""
    s = item[1]
    if st.raid_deck:
        st.raid_peek[s] = st.raid_deck[-1]
        st.say(f"{B.name(st, s)} peeks at the top Raid card")
        st.say(f"the top Raid card is {D.RAIDS[st.raid_deck[-1]]['name']}", (s,))


AUTO = {
    "money": _gain("money"),
    "alcohol": _gain("alcohol"),
    "guns": _gain("guns"),
    "votes": _gain("votes"),
    "bullets": _gain("bullets"),
    "draw": _draw,
    "street_gang": _street_gang,
    "job": _job,
    "recruit": _recruit,
    "retrieve_prison": _retrieve_prison,
    "retrieve_deal": _retrieve_deal,
    "hit_own": _hit_own,
    "prison_own": _prison_own,
    "profit": _profit,
    "shield": _shield,
    "peek_raid": _peek_raid,
    "sg_end": _sg_end,
}


# ----- operations that ask a player: is there a choice to make? ------------------------------
def _sg_limit(st, item):
    return len(st.street_gangs[item[1]]) > st.hand_size[item[1]]


# Whether the choice op `item` offers something to choose other than skipping (each looks
# at the state as choices() does, without making the choices).
CHOICE = {
    "hit": lambda st, item: any_hit_target(st, item[2]),
    "kill": lambda st, item: any_hit_target(st, item[2]),
    "heal": lambda st, item: item[2] > 0 and hospital(st, item[1]) > 0,
    "ness": lambda st, item: item[2] > 0,
    "police": lambda st, item: item[2] > 0,
    # (each as choices() offers: a figure in a district; a free neighborhood and a marker; a
    # business marker to remove; a sale)
    "move_thug": lambda st, item: item[2] > 0 and can_move_figure(st, item[1]),
    "business": lambda st, item: bool(business_choices(st, item[1], item[2])),
    "unbusiness": lambda st, item: item[2] > 0 and removable_business(st),
    "bus_extort": lambda st, item: removable_business(st),
    "sale": lambda st, item: item[2] > 0 and B.can_sell(st, item[1]),
    "mw": lambda st, item: True,
    "sg_limit": _sg_limit,
    # a Street Gang being played (SF-10.1): its effect left, or a target for its hit
    "sg_play": lambda st, item: bool(item[4]) or any_hit_target(st, sg_districts(item[2])),
    # Always asked, so that being asked tells the others nothing about a hand.
    "opp": lambda st, item: True,
}


def again(st, item, used: int = 1) -> None:
    """Re-queues a counted choice op with `used` fewer left."""
    if item[2] - used > 0:
        st.todo.append([item[0], item[1], item[2] - used, *item[3:]])


def most_wanted_reward(st, crime: int):
    return D.MOST_WANTED[st.mw_active[crime]]["reward"]


def place_business(st, n: int, kind: str) -> None:
    """Takes the upper-most marker of that column (a Jazz Club if one is on top)."""
    if kind == "nightclub":
        kind = st.nightclubs.pop()
    else:
        st.track[D.BUSINESS_KINDS.index(kind)] -= 1
    st.business[n] = kind
    st.say(f"a {kind} opens in {D.HOODS[n]['name']}")


def remove_business(st, n: int) -> None:
    kind = st.business[n]
    if kind in ("nightclub", "jazz"):
        st.nightclubs.append(kind)
    else:
        st.track[D.BUSINESS_KINDS.index(kind)] += 1
    st.business[n] = ""
    st.say(f"the {kind} in {D.HOODS[n]['name']} closes")


def refill_market(st) -> None:
    """The Associates market filled up from its deck (its discard shuffled in when empty)."""
    while len(st.market) < D.C["market_size"]:
        if not st.assoc_deck:
            if not st.assoc_discard:
                return
            st.assoc_deck, st.assoc_discard = st.assoc_discard, []
            st.rng.shuffle(st.assoc_deck)
        st.market.append(st.assoc_deck.pop())
