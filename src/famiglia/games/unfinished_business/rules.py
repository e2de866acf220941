"""The rules of Unfinished Business: the turn machine, legal actions and their effects.

Everything that happens is a task on `state.stack` (last = next). Plain tasks (draw a card,
fill a hand, start a turn, check for the game end) run at once; a decision task stops the
machine until its seat answers. Events drawn in the middle of anything push their own tasks,
so chains of events, a Poker Round inside a refill or a Revenge inside a Mamas Dinner simply
nest. Tasks are tuples of plain values: they go into JSON as they are.

Decision tasks keep the seat that answers at index 1 (the Poker Round keeps a bit mask of the
seats still to choose there instead).

Knowledge: a hidden card carries the seats that know it (see cards.py). A card moved in plain
sight keeps its mask; a card moved where others cannot tell which one it was (a hand card put in
a safe, taken by Robbery, chosen for the Poker Round, ...) makes the onlookers forget what they
knew of that hand or zone. Rule clause ids refer to docs/rules/unfinished-business.md.
"""

from __future__ import annotations

from .actions import ZONES, make
from .cards import (
    DISCARD_KINDS,
    EFFECT,
    GODFATHER,
    HAND_SIZE,
    INFO,
    IS_ACTION,
    IS_EVENT,
    IS_JOKER,
    IS_PROP,
    JOKERS,
    KEY,
    KIND_BITS,
    KIND_BY_NAME,
    KIND_MASK,
    KINDS,
    NAME,
    PUBLIC_BIT,
    TARGETED,
    make_set,
)

DECISIONS = frozenset(
    (
        "act",
        "bonus",
        "fight",
        "loot",
        "discard",
        "launder",
        "take",
        "swaptake",
        "swapgive",
        "poker",
        "revenge",
    )
)
# Decisions taken for the player when only one answer is possible. Not the turn's action
# choice (it stays visible) and not the Poker Round (who is still choosing is public).
AUTO = frozenset(
    ("bonus", "fight", "loot", "discard", "launder", "take", "swaptake", "swapgive", "revenge")
)

_NON_JOKERS = tuple(k for k in range(KINDS) if IS_PROP[k] and not IS_JOKER[k])
_ACTIONS_PLAYABLE = tuple(k for k in range(KINDS) if IS_ACTION[k] and k != KEY)
_PLAN = make("plan")


# ----- moving cards ----------------------------------------------------------------------------
EVERYONE = (1 << 7) - 1  # every seat bit and the public bit


def remove_at(cards: list, i: int, seers: int = EVERYONE) -> int:
    """Removes cards[i] and returns it (with its mask).

    `seers` are the seats (besides the zone's owner) that see which kind of card left; the
    others cannot follow the move and forget what they knew of the cards that stay. A seer
    knows which kind left but not which copy: if it knew of copies of that kind but not of
    the one that left, it now knows of one copy fewer.
    """
    c = cards.pop(i)
    if seers != EVERYONE:
        clear = KIND_MASK | (seers << KIND_BITS)
        for j, d in enumerate(cards):
            if d & ~clear:
                cards[j] = d & clear
    k = c & KIND_MASK
    extra = 0
    for d in cards:
        if d & KIND_MASK == k:
            extra |= d >> KIND_BITS
    extra &= ~(c >> KIND_BITS)
    if extra:
        for j, d in enumerate(cards):
            if d & KIND_MASK == k:
                hit = (d >> KIND_BITS) & extra
                if hit:
                    cards[j] = d & ~(hit << KIND_BITS)
                    extra &= ~hit
                    if not extra:
                        break
    return c


def remove_public(cards: list, i: int) -> int:
    """Removes cards[i] in plain sight and returns its kind."""
    return remove_at(cards, i) & KIND_MASK


def remove_kind_public(cards: list, k: int) -> int:
    for i, c in enumerate(cards):
        if c & KIND_MASK == k:
            return remove_public(cards, i)
    raise AssertionError(f"no {NAME[k]} to remove")


def remove_hidden(cards: list, i: int, keep: int = 0) -> int:
    """Removes cards[i] where only the seats in `keep` (and the owner) see which it was."""
    return remove_at(cards, i, keep)


def find(cards: list, k: int) -> int:
    for i, c in enumerate(cards):
        if c & KIND_MASK == k:
            return i
    return -1


def counts(cards) -> list:
    cnt = [0] * KINDS
    for c in cards:
        cnt[c & KIND_MASK] += 1
    return cnt


def all_seats(st) -> int:
    return (1 << st.players) - 1


def clockwise(st, first: int):
    n = st.players
    return [(first + i) % n for i in range(n)]


# ----- the machine -----------------------------------------------------------------------------
def run(st) -> None:
    """Runs plain tasks until a decision waits or the game is over."""
    stack = st.stack
    while stack and not st.over:
        top = stack[-1]
        op = top[0]
        if op in DECISIONS:
            if op in AUTO:
                seat = top[1]
                legal = legal_actions(st, seat)
                if len(legal) == 1:
                    stack.pop()
                    _DO[legal[0].kind](st, seat, legal[0].args, top)
                    continue
                st._legal[seat] = legal
            return
        stack.pop()
        _TASKS[op](st, top)


def check_end(st) -> bool:
    """UB-11.1: the draw pile is empty and some Don has no hand card."""
    if st.pile or st.over:
        return st.over
    for hand in st.hands:
        if not hand:
            finish(st)
            return True
    return False


def _turn(st, task) -> None:
    s = task[1]
    st.turn = s
    if check_end(st):
        return
    st.say(f"seat {s}'s turn")
    if st.godfather[s]:  # UB-7.6: the Godfather leaves at the start of its owner's next turn
        st.godfather[s] = False
        st.discard.append(GODFATHER)
        st.say(f"seat {s} discards the Godfather")
    st.stack += [("next", s), ("fill", s), ("check",), ("act", s)]
    if not st.hands[s]:  # UB-3.1
        st.stack.append(("fill", s))


def _next(st, task) -> None:
    st.stack.append(("turn", (task[1] + 1) % st.players))


def _fill(st, task) -> None:
    s = task[1]
    if len(st.hands[s]) < HAND_SIZE and st.pile:
        st.stack += [("fill", s), ("draw", s)]


def _check(st, task) -> None:
    check_end(st)


def _draw(st, task) -> None:
    """UB-3.4, UB-3.5: one card from the pile; an event resolves and is replaced."""
    s = task[1]
    if st.pile:
        k = st.pile.pop()
        if IS_EVENT[k]:
            st.discard.append(k)
            st.say(f"seat {s} draws the event {NAME[k]}")
            st.stack.append(("draw", s))
            if not check_end(st):
                _EVENTS[EFFECT[k]](st, s, k)
            return
        st.hands[s].append(k)
        st.say(f"seat {s} draws a card")
        st.say(f"you draw {NAME[k]}", (s,))
    check_end(st)


def _newhand(st, task) -> None:
    s = task[1]
    hand = st.hands[s]
    if hand:
        st.say(f"seat {s} discards {', '.join(NAME[c & KIND_MASK] for c in hand)}")
        st.discard += [c & KIND_MASK for c in hand]
        hand.clear()
    st.stack += [("draw", s)] * INFO[task[2]]["count"]


_TASKS = {
    "turn": _turn,
    "next": _next,
    "fill": _fill,
    "check": _check,
    "draw": _draw,
    "newhand": _newhand,
}


def finish(st) -> None:
    """UB-11.2 to UB-11.6: the key, hands discarded, the betting office revealed."""
    st.over = True
    st.stack.clear()
    st.say("the draw pile is empty and a Don has no hand card: the game ends")
    holder = None
    for s in range(st.players):
        if find(st.hands[s], KEY) >= 0 or find(st.safes[s], KEY) >= 0:
            holder = s
    if holder is None:
        st.say("nobody holds the Key: the bank is not scored")
    else:
        moved = [c & KIND_MASK for c in st.bank]
        st.safes[holder] += moved
        st.bank.clear()
        st.say(
            f"seat {holder} holds the Key and moves the bank into his safe: "
            f"{', '.join(NAME[k] for k in moved) or 'nothing'}"
        )
    for s in range(st.players):
        st.discard += [c & KIND_MASK for c in st.hands[s]]
        st.hands[s] = []
    st.say(
        "the betting office holds "
        + (", ".join(NAME[c & KIND_MASK] for c in st.office) or "nothing")
    )
    scores = st.scores()
    st.say("scores: " + ", ".join(f"seat {s} {v}k" for s, v in enumerate(scores)))


# ----- events (UB-9) ----------------------------------------------------------------------------
def _discard_kinds(st, s, k, o=None) -> None:
    """Raid, Fake Money (every Don) and Hitman (every other unshielded Don)."""
    kinds = DISCARD_KINDS[k]
    for o in clockwise(st, s):
        if INFO[k]["who"] == "others" and (o == s or st.godfather[o]):
            continue
        hand = st.hands[o]
        gone = [c & KIND_MASK for c in hand if c & KIND_MASK in kinds]
        if gone:
            st.hands[o] = [c for c in hand if c & KIND_MASK not in kinds]
            st.discard += gone
            st.say(f"seat {o} discards {', '.join(NAME[g] for g in gone)}")


def _random_discard(st, s, k, o=None) -> None:
    for o in clockwise(st, s):
        hand = st.hands[o]
        if hand:
            gone = remove_public(hand, st.rng.below(len(hand)))
            st.discard.append(gone)
            st.say(f"seat {o} discards {NAME[gone]} at random")


def _robbery(st, s, k, o=None) -> None:
    for o in clockwise(st, s)[1:]:
        hand = st.hands[o]
        if hand:
            c = remove_hidden(hand, st.rng.below(len(hand)), 1 << s)
            st.hands[s].append((c & KIND_MASK) | (1 << o) << KIND_BITS)
            st.say(f"seat {s} takes a random card from seat {o}")
            st.say(f"seat {s} takes {NAME[c & KIND_MASK]} from seat {o}", (s, o))


def _poker(st, s, k, o=None) -> None:
    waiting = 0
    for o in range(st.players):
        if st.hands[o]:
            waiting |= 1 << o
    if waiting:
        st.stack.append(("poker", waiting))
    else:
        st.say("nobody has a card to pass")


def _draw_each(st, s, k, o=None) -> None:
    st.stack += [("draw", o) for o in reversed(clockwise(st, s)) for _ in range(INFO[k]["count"])]


def _new_hand(st, s, k, o=None) -> None:
    st.stack += [("newhand", o, k) for o in reversed(clockwise(st, s))]


def _revenge(st, s, k, o=None) -> None:
    if any(_attackable(st, s, o) for o in range(st.players)):
        st.stack.append(("revenge", s))
    else:
        st.say("there is no set to take revenge on")


_EVENTS = {
    "discard_kinds": _discard_kinds,
    "random_discard": _random_discard,
    "robbery": _robbery,
    "poker": _poker,
    "draw_each": _draw_each,
    "new_hand": _new_hand,
    "revenge": _revenge,
}


# ----- legal actions ---------------------------------------------------------------------------
def _attackable(st, s, o) -> bool:
    """UB-6.1: another Don with a set in front of his safe, not under a Godfather."""
    return o != s and bool(st.fronts[o]) and not st.godfather[o]


def _target_ok(st, s, o, k) -> bool:
    """Whom an action card may name (UB-7.4, UB-7.7, UB-7.8; UB-7.6 shields)."""
    if o == s or st.godfather[o]:
        return False
    effect = EFFECT[k]
    if effect == "burglary":
        return bool(st.safes[o])
    if effect == "funeral":
        return bool(st.fronts[o])
    return bool(st.hands[o])  # interrogation


# Every action of the turn's choice, built once: [kind][...] -> Action.
_INVEST = [
    [
        make("invest", (NAME[a], NAME[b])) if IS_PROP[a] and IS_PROP[b] else None
        for b in range(KINDS)
    ]
    for a in range(KINDS)
]
_MARKET = [
    [
        make("market", (NAME[a], NAME[b])) if IS_PROP[a] and IS_PROP[b] else None
        for b in range(KINDS)
    ]
    for a in range(KINDS)
]
_ATTACK = {
    kind: [
        [make(kind, (o, NAME[k])) if IS_PROP[k] else None for k in range(KINDS)] for o in range(6)
    ]
    for kind in ("attack", "revenge")
}
_PLAY = [
    [make("play", (NAME[k], o)) for o in range(6)] + [make("play", (NAME[k],))]
    if IS_ACTION[k]
    else None
    for k in range(KINDS)
]


def _attacks(st, s, cnt, kind) -> list:
    acts = []
    n = st.players
    table = _ATTACK[kind]
    fronts = st.fronts
    godfather = st.godfather
    jokers = [j for j in JOKERS if cnt[j]]
    for i in range(1, n):
        o = (s + i) % n
        if fronts[o] and not godfather[o]:  # UB-6.1
            row = table[o]
            t = fronts[o][-1][0]
            if cnt[t]:
                acts.append(row[t])
            for j in jokers:
                acts.append(row[j])
    return acts


def _legal_act(st, s, task) -> list:
    cnt = counts(st.hands[s])
    acts = []
    jokers = [j for j in JOKERS if cnt[j]]
    for k in _NON_JOKERS:  # UB-4.1
        c = cnt[k]
        if c:
            row = _INVEST[k]
            if c >= 2:
                acts.append(row[k])
            for j in jokers:
                acts.append(row[j])
    if st.market:  # UB-5.1
        top = st.market[-1]
        if IS_JOKER[top]:
            for k in _NON_JOKERS:
                if cnt[k]:
                    acts.append(_MARKET[k][top])
        else:
            if cnt[top]:
                acts.append(_MARKET[top][top])
            for j in jokers:
                acts.append(_MARKET[j][top])
    acts += _attacks(st, s, cnt, "attack")  # UB-6.1, UB-6.2
    n = st.players
    for k in _ACTIONS_PLAYABLE:  # UB-7.1
        if cnt[k]:
            row = _PLAY[k]
            if k in TARGETED:
                for i in range(1, n):
                    o = (s + i) % n
                    if _target_ok(st, s, o, k):
                        acts.append(row[o])
            else:
                acts.append(row[6])
    acts.append(_PLAN)  # UB-8.1
    return acts


def _prop_choices(st, s, kind, extra=()) -> list:
    cnt = counts(st.hands[s])
    return [make(kind, (NAME[k], *extra)) for k in range(KINDS) if cnt[k] and IS_PROP[k]]


def _legal_bonus(st, s, task) -> list:
    return [*_prop_choices(st, s, "bonus"), make("nobonus")]


def _legal_fight(st, s, task) -> list:
    _, mover, att, dfd, revenge, played = task
    t = st.fronts[dfd][-1][0]
    cnt = counts(st.hands[mover])
    acts = []
    if cnt[t]:
        acts.append(make("answer", (NAME[t],)))
    for j in JOKERS:
        if cnt[j]:
            acts.append(make("answer", (NAME[j],)))
    acts.append(make("giveup"))
    return acts


def _legal_loot(st, s, task) -> list:
    loot = st.fronts[s][-1]
    cnt = counts(loot)
    t = loot[0]
    return [
        make("loot", (NAME[k],)) for k in range(KINDS) if cnt[k] and (k != t or cnt[t] > 1)
    ]  # UB-6.5: a real property stays


def _legal_discard(st, s, task) -> list:
    cnt = counts(st.hands[s])
    return [make("discard", (NAME[k],)) for k in range(KINDS) if cnt[k]]


def _legal_launder(st, s, task) -> list:
    return [*_prop_choices(st, s, "launder"), make("stop")]


def _legal_take(st, s, task) -> list:
    cnt = counts(st.hands[task[2]])
    return [make("take", (NAME[k],)) for k in range(KINDS) if cnt[k]]


def _zone(st, z) -> list:
    return st.bank if z == 0 else st.office


def _legal_swaptake(st, s, task) -> list:
    z = task[2]
    if not any(IS_PROP[c & KIND_MASK] for c in st.hands[s]):
        return [make("noswap")]
    cnt = counts(_zone(st, z))
    return [
        *(make("swaptake", (NAME[k], ZONES[z])) for k in range(KINDS) if cnt[k]),
        make("noswap"),
    ]


def _legal_swapgive(st, s, task) -> list:
    return _prop_choices(st, s, "swapgive", (ZONES[task[2]],))


def _legal_poker(st, s, task) -> list:
    cnt = counts(st.hands[s])
    return [make("pass", (NAME[k],)) for k in range(KINDS) if cnt[k]]


def _legal_revenge(st, s, task) -> list:
    return [*_attacks(st, s, counts(st.hands[s]), "revenge"), make("norevenge")]


_LEGAL = {
    "act": _legal_act,
    "bonus": _legal_bonus,
    "fight": _legal_fight,
    "loot": _legal_loot,
    "discard": _legal_discard,
    "launder": _legal_launder,
    "take": _legal_take,
    "swaptake": _legal_swaptake,
    "swapgive": _legal_swapgive,
    "poker": _legal_poker,
    "revenge": _legal_revenge,
}


def legal_actions(st, seat) -> list:
    top = st.stack[-1]
    return _LEGAL[top[0]](st, seat, top)


# ----- applying actions ------------------------------------------------------------------------
def do(st, seat, action) -> None:
    """Plays a legal action, then runs the machine to the next decision."""
    task = st.stack.pop()
    _DO[action.kind](st, seat, action.args, task)
    run(st)


def _new_set(st, s, kinds, how) -> None:
    """UB-4.1, UB-5.1, UB-4.2: a new set on top; the starting bonus if it is the first."""
    first = not st.fronts[s]
    st.fronts[s].append(make_set(kinds))
    st.say(f"seat {s} {how}")
    if first:
        st.stack.append(("bonus", s))


def _do_invest(st, s, args, task) -> None:
    a, b = KIND_BY_NAME[args[0]], KIND_BY_NAME[args[1]]
    hand = st.hands[s]
    remove_kind_public(hand, a)
    remove_kind_public(hand, b)
    _new_set(st, s, (a, b), f"invests {NAME[a]} + {NAME[b]}")


def _do_market(st, s, args, task) -> None:
    k = KIND_BY_NAME[args[0]]
    remove_kind_public(st.hands[s], k)
    top = st.market.pop()
    st.market_unseen = min(st.market_unseen, max(len(st.market) - 1, 0))
    after = f"; the black market now shows {NAME[st.market[-1]]}" if st.market else ""
    _new_set(st, s, (k, top), f"buys the black-market {NAME[top]} with {NAME[k]}{after}")


def _start_fight(st, s, args, revenge) -> None:
    o, k = args[0], KIND_BY_NAME[args[1]]
    remove_kind_public(st.hands[s], k)
    word = "takes revenge on" if revenge else "attacks"
    st.say(f"seat {s} {word} seat {o}'s {NAME[st.fronts[o][-1][0]]} set with {NAME[k]}")
    st.stack.append(("fight", o, s, o, revenge, (k,)))


def _do_attack(st, s, args, task) -> None:
    _start_fight(st, s, args, 0)


def _do_revenge(st, s, args, task) -> None:
    _start_fight(st, s, args, 1)


def _do_norevenge(st, s, args, task) -> None:
    st.say(f"seat {s} lets the revenge go")


def _do_answer(st, s, args, task) -> None:
    _, mover, att, dfd, revenge, played = task
    k = KIND_BY_NAME[args[0]]
    remove_kind_public(st.hands[mover], k)
    st.say(f"seat {mover} answers with {NAME[k]}")
    other = dfd if mover == att else att
    st.stack.append(("fight", other, att, dfd, revenge, (*played, k)))


def _do_giveup(st, s, args, task) -> None:
    """UB-6.3, UB-6.4, UB-6.6: the other side wins the attacked set and every card played."""
    _, mover, att, dfd, revenge, played = task
    loser = mover
    winner = dfd if mover == att else att
    won = make_set(st.fronts[dfd].pop() + played)
    st.fronts[winner].append(won)
    st.say(f"seat {loser} gives up; seat {winner} wins the set {' + '.join(NAME[k] for k in won)}")
    if not revenge:
        st.stack += [("fill", winner), ("fill", loser)]
    st.stack.append(("loot", winner))


def _do_loot(st, s, args, task) -> None:
    k = KIND_BY_NAME[args[0]]
    rest = list(st.fronts[s][-1])
    rest.remove(k)
    st.fronts[s][-1] = make_set(rest)
    st.safes[s].append(k | (all_seats(st) | PUBLIC_BIT) << KIND_BITS)
    st.say(f"seat {s} loots {NAME[k]} into his safe")


def _do_bonus(st, s, args, task) -> None:
    c = remove_hidden(st.hands[s], find(st.hands[s], KIND_BY_NAME[args[0]]))
    st.safes[s].append(c & KIND_MASK)
    st.say(f"seat {s} moves a card from his hand into his safe (starting bonus)")
    st.say(f"you move {args[0]} into your safe", (s,))


def _do_nobonus(st, s, args, task) -> None:
    st.say(f"seat {s} takes no starting bonus")


def _do_plan(st, s, args, task) -> None:
    st.say(f"seat {s} plans")
    st.stack += [("discard", s), ("draw", s)]


def _do_discard(st, s, args, task) -> None:
    k = remove_kind_public(st.hands[s], KIND_BY_NAME[args[0]])
    if IS_PROP[k]:
        st.market.append(k)
        st.say(f"seat {s} puts {NAME[k]} on the black market")
    else:
        st.discard.append(k)
        st.say(f"seat {s} discards {NAME[k]}")


def _do_play(st, s, args, task) -> None:
    """UB-7.1: the card is shown, resolved, and discarded (the Godfather stays out)."""
    k = KIND_BY_NAME[args[0]]
    remove_kind_public(st.hands[s], k)
    if k != GODFATHER:
        st.discard.append(k)
    target = args[1] if len(args) > 1 else None
    st.say(f"seat {s} plays {NAME[k]}" + (f" on seat {target}" if target is not None else ""))
    _PLAYS[EFFECT[k]](st, s, k, target)


def _play_burglary(st, s, k, o) -> None:
    c = st.safes[o].pop(0)
    st.hands[s].append(c | (1 << o) << KIND_BITS)
    st.say(f"seat {s} takes the top card of seat {o}'s safe")
    st.say(f"seat {s} takes {NAME[c & KIND_MASK]} from seat {o}'s safe", (s, o))


def _play_launder(st, s, k, o) -> None:
    st.stack.append(("launder", s, INFO[k]["count"]))


def _play_godfather(st, s, k, o) -> None:
    st.godfather[s] = True


def _play_funeral(st, s, k, o) -> None:
    gone = st.fronts[o].pop()
    st.discard += gone
    st.say(f"seat {o} discards his top set {' + '.join(NAME[g] for g in gone)}")


def _play_interrogation(st, s, k, o) -> None:
    hand = st.hands[o]
    bit = (1 << s) << KIND_BITS
    for i, c in enumerate(hand):
        hand[i] = c | bit
    shown = ", ".join(sorted(NAME[c & KIND_MASK] for c in hand))
    st.say(f"seat {o}'s hand: {shown}", (s, o))
    st.stack.append(("take", s, o))


def _play_swap(st, s, k, o) -> None:
    z = ZONES.index(INFO[k]["zone"])
    zone = _zone(st, z)
    bit = (1 << s) << KIND_BITS
    for i, c in enumerate(zone):
        zone[i] = c | bit
    shown = ", ".join(sorted(NAME[c & KIND_MASK] for c in zone)) or "nothing"
    st.say(f"the {ZONES[z]} holds {shown}", (s,))
    st.stack.append(("swaptake", s, z))


_PLAYS = {
    "discard_kinds": _discard_kinds,
    "burglary": _play_burglary,
    "launder": _play_launder,
    "godfather": _play_godfather,
    "funeral": _play_funeral,
    "interrogation": _play_interrogation,
    "swap": _play_swap,
}


def _do_launder(st, s, args, task) -> None:
    c = remove_hidden(st.hands[s], find(st.hands[s], KIND_BY_NAME[args[0]]))
    st.safes[s].append(c & KIND_MASK)
    st.say(f"seat {s} moves a card into his safe")
    st.say(f"you launder {args[0]}", (s,))
    if task[2] > 1:
        st.stack.append(("launder", s, task[2] - 1))


def _do_stop(st, s, args, task) -> None:
    st.say(f"seat {s} stops laundering")


def _do_take(st, s, args, task) -> None:
    o = task[2]
    hand = st.hands[o]
    c = remove_hidden(hand, find(hand, KIND_BY_NAME[args[0]]), 1 << s)
    st.hands[s].append((c & KIND_MASK) | (1 << o) << KIND_BITS)
    st.say(f"seat {s} takes a card from seat {o}'s hand")
    st.say(f"seat {s} takes {args[0]} from seat {o}", (s, o))


def _do_swaptake(st, s, args, task) -> None:
    z = task[2]
    zone = _zone(st, z)
    c = remove_hidden(zone, find(zone, KIND_BY_NAME[args[0]]), 1 << s)
    st.hands[s].append(c & KIND_MASK)
    st.say(f"seat {s} takes a card from the {ZONES[z]}")
    st.say(f"you take {args[0]} from the {ZONES[z]}", (s,))
    st.stack.append(("swapgive", s, z))


def _do_swapgive(st, s, args, task) -> None:
    z = task[2]
    c = remove_hidden(st.hands[s], find(st.hands[s], KIND_BY_NAME[args[0]]))
    _zone(st, z).append((c & KIND_MASK) | (1 << s) << KIND_BITS)
    st.say(f"seat {s} puts a card in the {ZONES[z]}")
    st.say(f"you put {args[0]} in the {ZONES[z]}", (s,))


def _do_noswap(st, s, args, task) -> None:
    st.say(f"seat {s} swaps nothing")


def _do_pass(st, s, args, task) -> None:
    """UB-9.4: a secret choice; once every Don has chosen, all cards go left at once."""
    c = remove_hidden(st.hands[s], find(st.hands[s], KIND_BY_NAME[args[0]]))
    st.poker[s] = c & KIND_MASK
    st.say(f"seat {s} has chosen a card")
    waiting = task[1] & ~(1 << s)
    if waiting:
        st.stack.append(("poker", waiting))
        return
    n = st.players
    for o in range(n):
        k = st.poker[o]
        if k >= 0:
            st.poker[o] = -1
            left = (o + 1) % n
            st.hands[left].append(k | (1 << o) << KIND_BITS)
            st.say(f"seat {o} passes {NAME[k]} to seat {left}", (o, left))
    st.say("every Don passes his card to the left")


_DO = {
    "invest": _do_invest,
    "market": _do_market,
    "attack": _do_attack,
    "play": _do_play,
    "plan": _do_plan,
    "bonus": _do_bonus,
    "nobonus": _do_nobonus,
    "answer": _do_answer,
    "giveup": _do_giveup,
    "loot": _do_loot,
    "discard": _do_discard,
    "launder": _do_launder,
    "stop": _do_stop,
    "take": _do_take,
    "swaptake": _do_swaptake,
    "swapgive": _do_swapgive,
    "noswap": _do_noswap,
    "pass": _do_pass,
    "revenge": _do_revenge,
    "norevenge": _do_norevenge,
}


# ----- why a move is refused -------------------------------------------------------------------
_CLAUSE_OF_DECISION = {
    "act": ("choose your turn's action", "UB-3.2"),
    "bonus": ("choose your starting bonus", "UB-4.2"),
    "fight": ("answer the attack or give up", "UB-6.3"),
    "loot": ("choose your looting bonus", "UB-6.5"),
    "discard": ("discard a card after planning", "UB-8.1"),
    "launder": ("launder a property card or stop", "UB-7.5"),
    "take": ("take a card from the hand you see", "UB-7.8"),
    "swaptake": ("take a card or swap nothing", "UB-7.9"),
    "swapgive": ("give a property card in exchange", "UB-7.9"),
    "poker": ("pass a card to the left", "UB-9.4"),
    "revenge": ("take revenge or let it go", "UB-9.7"),
}
_KINDS_OF_DECISION = {
    "act": {"invest", "market", "attack", "play", "plan"},
    "bonus": {"bonus", "nobonus"},
    "fight": {"answer", "giveup"},
    "loot": {"loot"},
    "discard": {"discard"},
    "launder": {"launder", "stop"},
    "take": {"take"},
    "swaptake": {"swaptake", "noswap"},
    "swapgive": {"swapgive"},
    "poker": {"pass"},
    "revenge": {"revenge", "norevenge"},
}


def why_illegal(st, seat, action) -> tuple[str, str]:
    """A reason a player understands and the clause, for a move not among the legal ones."""
    top = st.stack[-1]
    op = top[0]
    if action.kind not in _KINDS_OF_DECISION[op]:
        what, clause = _CLAUSE_OF_DECISION[op]
        return f"'{action}' is not possible now: you must {what}", clause
    args = action.args
    names = [a for a in args if isinstance(a, str)]
    hand_cnt = counts(st.hands[seat])
    kind = action.kind
    if kind == "play" and names and KIND_BY_NAME.get(names[0]) == KEY:
        return "the Key cannot be played; it scores the bank at the game end", "UB-7.11"
    if kind == "invest" and len(names) == 2 and all(IS_JOKER[KIND_BY_NAME[n]] for n in names):
        return "a set needs a real property card: never two jokers", "UB-4.1"
    if kind in ("attack", "revenge", "play") and any(isinstance(a, int) for a in args):
        o = next(a for a in args if isinstance(a, int))
        if o == seat or o >= st.players:
            return f"seat {o} is not another Don at this table", "UB-6.1"
        if st.godfather[o]:
            return f"seat {o} is under the Godfather's protection", "UB-7.6"
        if kind != "play" and not st.fronts[o]:
            return f"seat {o} has no set to attack; safes cannot be attacked", "UB-6.1"
        if kind == "play" and names and hand_cnt[KIND_BY_NAME[names[0]]]:
            return f"{names[0]} can do nothing to seat {o} now", "UB-7.1"
    holder = st.hands[seat] if kind not in ("take", "swaptake", "loot") else None
    if holder is not None and kind != "market":
        for n in names:
            if n in KIND_BY_NAME and not hand_cnt[KIND_BY_NAME[n]]:
                return f"you hold no {n}", "UB-3.2"
    if kind in ("attack", "revenge", "answer"):
        return "an attack card must match the set's property or be a joker", "UB-6.2"
    if kind == "market":
        return "the card must match the black market's top card, with at most one joker", "UB-5.1"
    if kind == "invest":
        return "a set is two identical property cards, or one and a joker", "UB-4.1"
    if kind == "loot":
        return "the rest of the set must keep a real property card", "UB-6.5"
    what, clause = _CLAUSE_OF_DECISION[op]
    return f"'{action}' is not a legal move now: you must {what}", clause
