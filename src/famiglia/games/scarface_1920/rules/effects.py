"""The effect interpreter: one queue of operations that every card, token and phase feeds.

`st.todo` is a stack of items `[op, seat, *args]` (the last one runs next). Items that need a
player's decision become `st.pending` (`[kind, seat, *args]`); the choices are legal actions of
that seat, and the queue resumes after the choice. Opportunity prompts are pending items too.
"""

from __future__ import annotations

from famiglia.core.text import plural

from .. import data as D
from . import board as B
from . import known as K
from .offers import (
    any_hit_target,
    business_choices,
    can_move_figure,
    hospital,
    removable_business,
    sg_districts,
)

STREET_GANG = "street gang"  # marks the hits of a Street Gang's play (their prompts wait)


def schedule(st, items: list) -> None:
    """Run `items` next, in the order given (before anything already queued). The queue keeps
    the items themselves: each caller makes them afresh (card_ops, literals), and no item is
    changed once queued (a counted op is queued again as a new item)."""
    if len(items) == 1:  # (most often)
        st.todo.append(items[0])
    else:
        st.todo.extend(reversed(items))


def card_ops(s: int, ops) -> list:
    return [[op[0], s, *op[1:]] for op in ops]


# op -> (handler, asks): every operation's handler, looked up once per operation. `asks`: it
# is a choice op (CHOICE) that returns whether there is something to choose. Made on first use,
# once every rules module has added its operations.
_HANDLERS: dict = {}
# The solo gang (rules/solo.py): `override(st, item)` carries out an operation that works
# differently for it, `decide(st, item)` makes its choice (SF-S.13). Set in rules/__init__.py.
AUTOMA: dict = {}
# Decisions that other rules modules add: action kind -> resolver (their choices: offers.py).
MORE_RESOLVE: dict = {}


def _load_handlers() -> dict:
    from . import crime, turn  # they import this module: looked up on first use

    # the structural operations of crime.py and turn.py (turns, raids), then the choices, then
    # the operations without a decision: where two share a name, the later wins
    for ops, asks in ((crime.OPS, False), (turn.OPS, False), (CHOICE, True), (AUTO, False)):
        _HANDLERS.update((op, (handler, asks)) for op, handler in ops.items())
    return _HANDLERS


def run(st) -> None:
    """Resolves queued operations until one needs a decision or the queue is empty; then moves
    Angry Eliot Ness if a Crime Rate rise made him due (once the action is over)."""
    todo = st.todo
    if not todo and not st.ness_due and st.phase != "over":
        return  # nothing queued (most moves)
    handlers = _HANDLERS or _load_handlers()
    solo_gang = st.automa
    while True:
        while todo and not st.pending and st.phase != "over":
            item = todo.pop()
            if solo_gang >= 0 and item[1] == solo_gang and AUTOMA["override"](st, item):
                continue
            handler, asks = handlers[item[0]]
            if not asks:
                handler(st, item)
            elif handler(st, item):
                if solo_gang >= 0 and item[1] == solo_gang:
                    AUTOMA["decide"](st, item)  # no seat: it chooses at once (SF-S.13)
                else:
                    st.pending = item
        if st.ness_due and not todo and not st.pending and st.phase not in ("order", "over"):
            st.ness_due = 0
            todo.append(["ness_sg", -1])
            continue
        break
    if st.phase == "over":
        todo.clear()
        st.pending = []


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
    k = min(n, len(deck))
    if k <= 0:
        return
    drawn = deck[-k:]  # the top k cards, drawn one by one from the top (the end)
    drawn.reverse()
    del deck[-k:]
    st.hand[s].extend(drawn)
    st.say(f"{B.name(st, s)} draws {plural(k, 'card')}")
    st.say("you draw " + ", ".join(D.CARDS[c]["name"] for c in drawn), (s,))


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
        schedule(st, [["sg_limit", s]])


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
def _needs(check):
    """A choice op is skipped when it offers nothing to choose."""

    def wrapped(st, item):
        st.pending = item
        ok = bool(check(st, item))
        st.pending = []
        return ok

    return wrapped


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


# ----- resolving a pending decision ----------------------------------------------------------
def resolve(st, seat: int, action) -> None:
    p, st.pending = st.pending, []
    kind, a = action.kind, action.args
    if p[0] == "sg_play":
        _sg_play(st, seat, p, kind, a)
        return
    if p[0] == "mw":  # nor which of the two Most Wanted rewards is taken
        K.unannounced(st, p[1], [most_wanted_reward(st, c) for c in p[2]], False)
    if kind in ("hit_pick", "kill_pick"):
        d, v = a[0], a[1]
        (B.hit if kind == "hit_pick" else B.kill)(st, v, d)
        if p[3] > 1:
            st.todo.append([p[0], p[1], p[2], p[3] - 1, *p[4:]])
        if v != seat:
            if p[-1] == STREET_GANG:  # a Street Gang's play is not interrupted: ask after it
                _opp_after_street_gang(st, v)
            else:
                schedule(st, [["opp", v, "hit"]])
    elif kind == "heal_to":
        s = p[1]
        where = "hq" if a[0] in ("hq", "boss_hq") else B.DISTRICT_TAGS[st.home[s]]
        if a[0].startswith("boss"):
            st.boss_loc[s] = where
        else:
            st.hospital[s] -= 1
            if where == "hq":
                st.hq[s] += 1
            else:
                st.dist[s][st.home[s]] += 1
        who = "its Angry Boss" if a[0].startswith("boss") else "a thug"
        to = "headquarters" if where == "hq" else D.DISTRICTS[st.home[s]]
        st.say(f"{B.name(st, s)} heals {who} into {to}")
        again(st, p)
    elif kind == "ness_to":
        st.ness = a[0]
        st.say(f"Angry Eliot Ness moves to {D.DISTRICTS[a[0]]}")
    elif kind == "police_move":
        from .crime import move_police

        move_police(st, seat, a[0], a[1])
        again(st, p)
    elif kind == "thug_move":
        a0, b0, fig = a
        if fig == "boss":
            st.boss_loc[seat] = B.DISTRICT_TAGS[b0]
        else:
            st.dist[seat][a0] -= 1
            st.dist[seat][b0] += 1
        st.say(f"{B.name(st, seat)} moves a figure from {D.DISTRICTS[a0]} to {D.DISTRICTS[b0]}")
        again(st, p)
    elif kind == "bus_place":
        place_business(st, a[0], a[1])
    elif kind == "bus_remove":
        remove_business(st, a[0])
        again(st, p)
    elif kind == "bus_exchange":
        remove_business(st, a[0])
        place_business(st, a[0], a[1])
        again(st, p)
    elif kind == "sale":
        B.sell(st, seat, a[0], a[1])
        again(st, p)
    elif kind == "mw_pick":
        schedule(st, K.hush(card_ops(seat, most_wanted_reward(st, a[0]))))
    elif kind == "sg_discard":
        sid = st.street_gangs[seat].pop(a[0])
        st.sg_deck.insert(0, sid)
        for other in [sid, *st.street_gangs[seat]]:  # the others cannot tell which one went
            st.sg_known[other] &= 1 << seat
        st.say(f"{B.name(st, seat)} discards a street gang")
        st.todo.append(["sg_limit", seat])
    elif kind == "opp_card":
        st.hand[seat].remove(a[0])
        K.leave_hand(st, seat, a[0])
        st.discard[seat].append(a[0])
        st.say(f"{B.name(st, seat)} plays {D.CARDS[a[0]]['name']} as an opportunity")
        schedule(st, card_ops(seat, D.CARDS[a[0]]["match"]))
    elif kind == "opp_sg":
        st.street_gangs[seat].remove(a[0])
        st.sg_deck.insert(0, a[0])
        K.shown(st.sg_known, a[0])
        sg = D.STREET_GANGS[a[0]]
        st.say(f"{B.name(st, seat)} plays street gang {sg['name']} as an opportunity")
        # SF-10.3: the OPPORTUNITY effect (A), then the hit may be carried out
        items = _street_gang_ops(seat, sg["effects"][0])
        schedule(st, [*items, ["sg_play", seat, a[0], 1, 0], ["sg_end", seat, a[0]]])
    elif kind in MORE_RESOLVE:
        MORE_RESOLVE[kind](st, seat, p, a)
    # skip and opp_pass: nothing happens


def _sg_play(st, seat, p, kind, a) -> None:
    """A Street Gang being played (SF-10.1): the player carries out its hit or skips it, and
    uses effect A or B or none, in the order he likes; what is left is asked again. Which
    effect he used (or none) is not announced (SF-13.3): the bounds widen when the effect is
    settled, whatever he picked."""
    s, sid, hit_left, effect_left = p[1], p[2], p[3], p[4]
    name = B.name(st, s)
    if kind == "hit_pick":
        d, v = a[0], a[1]
        B.hit(st, v, d)
        if v != seat:
            _opp_after_street_gang(st, v)
        if effect_left:
            st.todo.append(["sg_play", s, sid, 0, 1])
        return
    if kind == "sg_no_hit":
        st.say(f"{name} carries out no hit with {D.STREET_GANGS[sid]['name']}")
        if effect_left:
            st.todo.append(["sg_play", s, sid, 0, 1])
        return
    K.unannounced(st, s, D.STREET_GANGS[sid]["effects"], True)  # sg_effect or skip
    items = K.hush(_street_gang_ops(s, D.STREET_GANGS[sid]["effects"][a[1]])) if a else []
    if hit_left:
        items.append(["sg_play", s, sid, 1, 0])
    schedule(st, items)


def _street_gang_ops(s: int, ops) -> list:
    """A Street Gang effect's operations; its hits and kills are marked, so that the prompts
    they cause wait until the play is over (SF-10.1)."""
    items = card_ops(s, ops)
    return [[*i, STREET_GANG] if i[0] in ("hit", "kill") else i for i in items]


def _opp_after_street_gang(st, victim: int) -> None:
    """Queues the victim's OPPORTUNITY prompt (SF-10.3) under the mark of the end of the Street
    Gang's play being carried out (after the prompts already waiting there)."""
    todo = st.todo
    for i in range(len(todo) - 1, -1, -1):
        if todo[i][0] == "sg_end":
            while i > 0 and todo[i - 1][0] == "opp" and todo[i - 1][-1] == STREET_GANG:
                i -= 1
            todo.insert(i, ["opp", victim, "hit", STREET_GANG])
            return
    schedule(st, [["opp", victim, "hit"]])


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
