"""Crime Rate, Angry Eliot Ness, police cars, the G-Men, Raids and the Extra! Extra! phase."""

from __future__ import annotations

from famiglia.core.text import plural

from .. import data as D
from . import board as B
from . import known as K
from .effects import card_ops, refill_market, schedule
from .endgame import start_election

RAID_LEVEL = 11


def area(level: int) -> int:
    """The coloured area of a Crime level: 0 (1-4), 1 (5-6), 2 (7-8), 3 (9-11)."""
    for i, top in enumerate(D.AREA_TOPS):
        if level <= top:
            return i
    return len(D.AREA_TOPS) - 1


# area() by Crime level, made once: a Crime level is always 1 to RAID_LEVEL (saved.py checks it)
AREA = tuple(area(level) for level in range(RAID_LEVEL + 1))


def change_crime(st, s: int, n: int) -> None:
    """Moves s's Crime Rate marker; a rise may trigger a Raid and moves Angry Eliot Ness."""
    if n <= 0:
        st.crime[s] = max(st.ness_level, st.crime[s] + n)
        if n < 0:
            st.crime_over[s] = 0  # the marker came down: it stands where it is
        return
    before = st.crime[s]
    wanted = max(before, st.crime_over[s]) + n
    after = st.crime[s] = wanted if wanted < RAID_LEVEL else RAID_LEVEL
    # SF-8.2: a rise past 11 is remembered for the G-Men count of the Raid it triggers, at the
    # level the marker should have reached; below 11 the marker itself says where it stands.
    st.crime_over[s] = wanted if wanted > RAID_LEVEL else 0
    if after >= RAID_LEVEL and not st.raiding:
        st.raiding = 1
        st.ness_due = 0  # the Raid's move replaces any move still due
        schedule(st, [["raid_ness", s], ["raid", s]])
    elif AREA[before] != AREA[after] and after < RAID_LEVEL:
        st.ness_due = 1  # he moves once, after the action that raised the Crime Rate


def _raid_ness(st, item) -> None:
    """Before a Raid, Ness goes to the Home District of the only marker in the RAID! box."""
    at_raid = [s for s in range(st.gangs) if st.crime[s] >= RAID_LEVEL]
    if len(at_raid) == 1:
        st.ness = st.home[at_raid[0]]
        st.say(f"Angry Eliot Ness moves to {D.DISTRICTS[st.ness]}")


def _ness_sg(st, item) -> None:
    """A change of coloured area: the top Street Gang's first hit district sends Ness there."""
    if not st.sg_deck:
        return
    sid = st.sg_deck.pop()
    st.ness = D.STREET_GANGS[sid]["hit"][0]
    st.sg_deck.insert(0, sid)
    K.shown(st.sg_known, sid)
    st.say(
        f"street gang {D.STREET_GANGS[sid]['name']} is revealed: Angry Eliot Ness moves to {D.DISTRICTS[st.ness]}"
    )


def gmen_times(st, s: int) -> int:
    """SF-8.2: the levels s's Crime Rate stands above the G-Men marker now, at the Raid
    (counting those past 11 of the rise that triggered it)."""
    return max(0, max(st.crime[s], st.crime_over[s]) - st.gmen_level)


def _raid(st, item) -> None:
    st.raiding = 1
    st.say("RAID!")
    items = []
    effect = D.GMEN[st.gmen]["effect"]
    for s in range(st.gangs):
        for _ in range(gmen_times(st, s)):
            items += card_ops(s, effect)
    items += [["raid_prison", -1], ["raid_card", -1], ["raid_end", -1]]
    items += [["opp", s, "raid"] for s in range(st.players)]
    schedule(st, items)


def _raid_prison(st, item) -> None:
    for s in range(st.gangs):
        st.prison[s] += st.underworld[s]
        st.underworld[s] = 0
        if st.boss_loc[s] == "underworld":
            st.boss_loc[s] = "prison"
    st.say("all thugs in the Underworld go to prison")


def _raid_card(st, item) -> None:
    if not st.raid_deck:
        st.raid_deck, st.raid_discard = st.raid_discard, []
        st.rng.shuffle(st.raid_deck)
    rid = st.raid_deck.pop()
    st.raid_peek = [-1] * st.gangs  # what was peeked is now revealed
    raid = D.RAIDS[rid]
    st.raid_discard.append(rid)
    st.say(f"the raid card is {raid['name']}")
    items = []
    for s in range(st.gangs):
        items += card_ops(s, raid["overall"])
    for s in range(st.gangs):
        items += card_ops(s, raid["areas"][area(st.crime[s])])
    # Reductions read the areas before the coloured effects change anything.
    items.append(["raid_reduce", -1, [raid["reduce"][area(st.crime[s])] for s in range(st.gangs)]])
    schedule(st, items)


def _raid_reduce(st, item) -> None:
    for s, n in enumerate(item[2]):
        st.crime[s] = max(st.ness_level, st.crime[s] - n)


def _raid_end(st, item) -> None:
    st.raiding = 0
    for s in range(st.gangs):
        st.crime_over[s] = 0


def _extra(st, item) -> None:
    st.say("Extra! Extra!")
    schedule(st, [["raid", -1], ["extra_rest", -1]])
    st.raiding = 1


def _extra_rest(st, item) -> None:
    st.ness_level += 1
    for s in range(st.gangs):
        st.crime[s] = max(st.crime[s], st.ness_level)
    st.gmen_level = max(1, st.gmen_level - 1)  # never pushes a marker
    for cid in st.market:
        st.assoc_discard.append(cid)
    st.market = []
    refill_market(st)
    if st.mw_piles and st.mw_piles[0]:
        pile = st.mw_piles.pop(0)
        st.mw_active = pile[: len(D.CRIMES)]
        st.say("new Most Wanted tokens are revealed")
    st.time = 0
    if len(st.news_seen) >= D.C["news_in_game"]:
        st.news_seen.append(D.ENDING_NEWS)
        st.say("News: Prohibition Ends at Last!")
        start_election(st)
        return
    nid = st.news_deck.pop()
    st.news_seen.append(nid)
    st.say(f"News: {D.NEWS[nid]['name']}")
    items = []
    for s in range(st.gangs):
        items += card_ops(s, D.NEWS[nid]["effect"])
    schedule(st, items)


# ----- police cars and the Extra V effect -----------------------------------------------------
def move_police(st, mover: int, a: int, b: int, at_once: bool = False) -> None:
    """Moves a police car from a to b; the G-Men card's Extra V effect follows, queued, or at
    once if `at_once` (a caller that queues nothing after it: it would be the next op run,
    and none of them asks a decision)."""
    st.police[st.police.index(a)] = b
    st.say(POLICE_LINES[a][b])
    items = []
    for op in D.GMEN[st.gmen]["extra_v"]:
        items.append([op[0], mover, op[1], b])
    if at_once and len(items) == 1:
        OPS[items[0][0]](st, items[0])
    else:
        schedule(st, items)


# "a police car moves from <a> to <b>", by districts a and b, made once (every bribe tells one)
POLICE_LINES = tuple(
    tuple(f"a police car moves from {a} to {b}" for b in D.DISTRICTS) for a in D.DISTRICTS
)


# The Extra V effects below touch the seats only: never the solo gang (SF-S.28).
def _v_hit(st, item) -> None:
    _, mover, n, d = item
    for s in range(st.players):
        for _ in range(n):
            if B.hittable(st, s, d):
                B.hit(st, s, d)


def _v_pay(st, item) -> None:
    _, mover, n, d = item
    for s in range(st.players):
        if B.figures_in(st, s, d):
            st.money[s] = max(0, st.money[s] - n)
            K.counted(st, "money", s, -n)
            st.say(f"you pay {n} money to the police", (s,))


def _v_prison(st, item) -> None:
    _, mover, n, d = item
    for s in range(st.players):
        for _ in range(n):
            if st.dist[s][d]:
                st.dist[s][d] -= 1
                st.prison[s] += 1
            elif B.boss_in(st, s, d):
                st.boss_loc[s] = "prison"


def _v_votes(st, item) -> None:
    if item[1] == st.automa:  # the Extra V effect never touches the solo gang (SF-S.28)
        return
    n = K.take(st, "votes", item[1], item[2])
    st.say(f"you gain {plural(n, 'vote')}", (item[1],))


def _v_crime(st, item) -> None:
    _, mover, n, d = item
    for s in range(st.players):
        if B.figures_in(st, s, d):
            change_crime(st, s, n)


OPS = {
    "crime": lambda st, item: change_crime(st, item[1], item[2]),  # a card's Crime change
    "raid_ness": _raid_ness,
    "ness_sg": _ness_sg,
    "raid": _raid,
    "raid_prison": _raid_prison,
    "raid_card": _raid_card,
    "raid_reduce": _raid_reduce,
    "raid_end": _raid_end,
    "extra": _extra,
    "extra_rest": _extra_rest,
    "v_hit": _v_hit,
    "v_pay": _v_pay,
    "v_prison": _v_prison,
    "v_votes": _v_votes,
    "v_crime": _v_crime,
}
