"""Tequila (SF-T): gunshots and death, the Target tokens, and the player's two new actions
against Tequila (flipping Targets with a Street Gang, the Attack Tequila order); the end of a
Standard Mode game at a death."""

from __future__ import annotations

from famiglia.core import Action, Result
from famiglia.core.text import plural

from .. import data as D
from ..actions import act
from ..rules import board as B
from ..rules import known as K
from ..rules.effects import again, schedule
from ..rules.strength import plan_strength


def shots(st) -> int:
    """SF-T.2: figures a gunshot hits: one per News card revealed so far."""
    return D.TEQ["gunshot_news"] * len(st.news_seen)


def gunshot(st, victim) -> None:
    """SF-T.2: hit that many figures in Headquarters; unable to block them all, the player dies."""
    n = shots(st)
    name = B.name(st, victim)
    if n == 0:
        st.say(f"Tequila's gunshot at {name} hits nobody: no News card is out yet")
        return
    ready = st.hq[victim] + (1 if st.boss_loc[victim] == "hq" else 0)
    if ready < n:
        die(st, victim, n, ready)
        return
    thugs = min(n, st.hq[victim])
    st.hq[victim] -= thugs
    st.hospital[victim] += thugs
    if thugs < n:
        st.boss_loc[victim] = "hospital"
    st.say(f"Tequila's gunshot: {plural(n, 'figure')} of {name} in Headquarters go to the Hospital")


def die(st, s, n, ready) -> None:
    """SF-T.3, SF-T.18: the game ends at once."""
    st.dead = s
    name = B.name(st, s)
    st.say(
        f"Tequila's gunshot: {plural(n, 'shot')} at {name}, {plural(ready, 'figure')} in Headquarters block"
        f" {ready} of them; {n - ready} unblocked: {name} dies"
    )
    st.say("Tequila wins the game" if st.solo else "a player has died: the game ends")
    st.phase = "over"


def flip_on_arrival(st, d) -> None:
    """SF-T.14: Tequila arriving flips the district's token; a Gunshot turned over fires."""
    if st.targets[d]:
        st.targets[d] = 0
        st.say(f"the Target token in {D.DISTRICTS[d]} turns to its Gunshot side")
        return
    st.targets[d] = 1
    st.say(f"the Gunshot token in {D.DISTRICTS[d]} turns back: Tequila shoots")
    gunshot(st, 0)


# ----- the player's actions ------------------------------------------------------------------------
def player_actions(st, s) -> list:
    """What the Solo Mode against Tequila adds to an Action turn (the Enforcers' actions:
    enforcers.py)."""
    out = []
    if st.solo and st.tequila:
        m, i = plan_strength(st, s)
        if i >= 1:
            out += [act("tequila_flip", sid) for sid in sorted(set(st.street_gangs[s]))]
        if not st.order_used and st.bullets[s] >= D.TEQ["attack_bullets"] and m >= jobs_held(st):
            out.append(act("attack_tequila"))
    return out


def jobs_held(st) -> int:
    g = st.automa
    return len(st.jobs[g]) + len(st.active_jobs[g])


def discard_to_flip(st, s, a) -> None:
    """SF-T.16: a Street Gang goes under its deck; then up to the Plan's influence flips."""
    sid = a[0]
    st.street_gangs[s].remove(sid)
    st.sg_deck.insert(0, sid)
    for other in [sid, *st.street_gangs[s]]:  # the others cannot tell which one went
        st.sg_known[other] &= 1 << s
    st.say(f"{B.name(st, s)} discards a street gang to turn Target tokens")
    schedule(st, [["flip", s, plan_strength(st, s)[1]]])


def flip_choices(st) -> list:
    return [Action("flip_target", (d,), "") for d in range(len(D.DISTRICTS))] + [
        Action("skip", (), "")
    ]


def flip_asks(st, item) -> bool:
    """Whether a "flip" operation asks: while it has Target tokens left to turn."""
    return item[2] > 0


def flip_one(st, seat, pending, a) -> None:
    d = a[0]
    st.targets[d] = 1 - st.targets[d]
    side = "Target" if st.targets[d] else "Gunshot"
    st.say(f"{B.name(st, seat)} turns the token in {D.DISTRICTS[d]} to its {side} side")
    again(st, pending)


def attack(st, s, a) -> None:
    """SF-T.17: the turn's one Order; 1 bullet token for 30 money."""
    st.order_used = 1
    cost, gain = D.TEQ["attack_bullets"], D.TEQ["attack_money"]
    K.spent(st, "bullets", s, cost)
    K.give_back(st, "bullets", s, cost)
    st.money[s] += gain
    K.counted(st, "money", s, gain)
    st.say(
        f"{B.name(st, s)} attacks Tequila: spends {plural(cost, 'bullet token')}, gains {gain} money"
    )


# ----- the end at a death (Standard Mode) -------------------------------------------------------
def death_result(st) -> Result:
    """SF-T.3, SF-T.4: the seats are ranked among themselves, the living by money behind the
    screen (equal money shares a place), the dead player last whatever his money. The richest
    living seats win unless Tequila's purse is more than theirs: then Tequila wins alone, no
    seat is a winner, and his place is told beside the seats (tequila_place)."""
    n = st.players
    living = [s for s in range(n) if s != st.dead]
    ranking = [n] * n  # the dead seat keeps the last place
    for s in living:
        ranking[s] = 1 + sum(1 for o in living if st.money[o] > st.money[s])
    best = max(st.money[s] for s in living)
    winners = tuple(s for s in living if ranking[s] == 1) if best >= st.purse else ()
    return Result(tuple(st.money), winners, tuple(ranking), bool(st.capped))


def tequila_place(st) -> int:
    """SF-T.4: the place Tequila's purse takes among the living seats (the dead one below him
    too); equal money shares the place."""
    return 1 + sum(1 for s in range(st.players) if s != st.dead and st.money[s] > st.purse)
