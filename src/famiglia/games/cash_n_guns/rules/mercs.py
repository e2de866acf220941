"""Mercenaries (team play): recruited at the end by the teams that paid, then applied."""

from __future__ import annotations

from famiglia.core.text import plural

from ..actions import act
from ..data import (
    CATGIRL_LIMITS,
    LADY_DIAMONDS,
    LOOT_KIND,
    LOOT_NAME,
    LOOT_ORDER,
    LOOT_VALUE,
    MERC_TITLE,
    team_name,
)
from ..scoring import finish
from ..state import CNGState
from .deaths import check_sole_survivors, die


def paid(s: CNGState, team: int) -> tuple[int, int]:
    """CNG-12.3: (face value of the bills and diamonds, number of cards) in a team envelope,
    as it was when recruiting began."""
    if s.payments:
        value, count = s.payments[team]
        return value, count
    cards = s.envelopes[team]
    value = sum(LOOT_VALUE[c] for c in cards if LOOT_KIND[c] in ("bill", "diamond"))
    return value, len(cards)


def recruiting_order(s: CNGState) -> list[list[int]]:
    """The paying teams, best first, in groups of teams tied on value and card count."""
    teams = [t for t in range(s.nteams) if s.envelopes[t]]  # CNG-12.4
    teams.sort(key=lambda t: (-paid(s, t)[0], -paid(s, t)[1], t))
    groups: list[list[int]] = []
    for t in teams:
        if groups and paid(s, groups[-1][0]) == paid(s, t):
            groups[-1].append(t)
        else:
            groups.append([t])
    return groups


def begin_recruiting(s: CNGState) -> None:
    s.recruit_order = [t for group in recruiting_order(s) for t in group]
    s.payments = [list(paid(s, t)) for t in range(s.nteams)]
    for t in range(s.nteams):
        value, count = paid(s, t)
        if count:
            s.say(f"the {team_name(t)} team paid ${value}k in {plural(count, 'card')}")
    next_recruit(s)


def next_recruit(s: CNGState) -> None:
    if not s.recruit_order or not s.mercs:
        finish(s)
        return
    best = paid(s, s.recruit_order[0])
    tied = [t for t in s.recruit_order if paid(s, t) == best]
    if len(tied) > 1:  # the last Godfather settles the tie
        s.phase, s.actor = "merc_tie", s.godfather
        return
    start_recruit(s, tied[0])


def legal_merc_tie(s, seat):
    best = paid(s, s.recruit_order[0])
    return [act("merc_tie", t) for t in s.recruit_order if paid(s, t) == best]


def apply_merc_tie(s, seat, action):
    team = action.args[0]
    s.say(
        f"seat {seat}, the last Godfather, settles the tie: the {team_name(team)} team recruits first"
    )
    start_recruit(s, team)


def start_recruit(s: CNGState, team: int) -> None:
    s.recruit_order.remove(team)
    s.merc_team = team
    s.phase, s.actor = "recruit", s.team_rep(team)


def legal_recruit(s, seat):
    return [act("recruit", m) for m in s.mercs]


def members(s: CNGState, team: int, living: bool = True) -> list[int]:
    return [t for t in range(s.players) if s.team_of[t] == team and (s.alive[t] or not living)]


def apply_recruit(s, seat, action):
    """CNG-12.4: the mercenary's effect applies at once."""
    merc, team = action.args[0], s.merc_team
    s.mercs.remove(merc)
    s.merc_taken.append([team, merc])
    s.say(f"the {team_name(team)} team recruits {MERC_TITLE[merc]}")
    if merc == "agent48" and agent48_targets(s):
        s.phase = "agent48"
    elif merc == "catgirl" and members(s, team):
        s.stolen = [0, 0, 0]
        s.phase = "thief"
    elif merc == "dre_gray" and dead_mates(s, team):
        s.phase = "dre_gray"
    elif merc == "fake_elvis" and len(members(s, team)) >= 2:
        s.phase = "fake_elvis"
    elif merc == "hot_mail":  # CNG-12.9: every envelope's cards make a new team member
        cards = [c for env in s.envelopes for c in env]
        s.envelopes = [[] for _ in s.envelopes]
        s.units.append([team, cards])
        s.say(f"Hot Mail joins the {team_name(team)} team with {plural(len(cards), 'card')}")
        next_recruit(s)
    elif merc == "jay_bond":  # CNG-12.10
        s.jay.append(team)
        next_recruit(s)
    elif merc == "lady_diamonds":
        s.phase = "lady"
    elif merc == "miss_pencilhands" and members(s, team):
        s.phase = "pencil"
    elif merc == "zombie_boy" and zombie_targets(s, team):
        s.phase = "zombie"
    else:
        s.say(f"{MERC_TITLE[merc]} finds nothing to do")
        next_recruit(s)


def agent48_targets(s: CNGState) -> list[int]:
    """CNG-12.6: any living player, the team's own members included."""
    return [t for t in range(s.players) if s.alive[t]]


def legal_agent48(s, seat):
    return [act("agent48", t) for t in agent48_targets(s)]


def apply_agent48(s, seat, action):
    """CNG-12.6: the team wounds a player of its choice; CNG-9.8: a death that leaves one team
    alive ends the game there, whatever mercenaries are still to come."""
    t = action.args[0]
    s.wounds[t] += 1
    s.say(f"Agent 48 wounds seat {t}")
    if s.wounds[t] >= s.lethal(t):
        die(s, t)
        if check_sole_survivors(s):
            return
    next_recruit(s)


def legal_thief(s, seat):
    return [act("thief", t) for t in members(s, s.merc_team)]


def apply_thief(s, seat, action):
    s.thief = action.args[0]
    next_steal(s)


def steal_options(s: CNGState) -> list[tuple[int, str]]:
    return [
        (t, c)
        for t in range(s.players)
        if s.team_of[t] != s.merc_team
        for c in LOOT_ORDER
        if c in s.loot[t]
    ]


def next_steal(s: CNGState) -> None:
    """CNG-12.7: CatGirl steals until 3 bills, 2 diamonds or 1 painting are taken."""
    bills, diamonds, paintings = s.stolen
    done = (
        bills >= CATGIRL_LIMITS["bill"]
        or diamonds >= CATGIRL_LIMITS["diamond"]
        or paintings >= CATGIRL_LIMITS["painting"]
    )
    if done or not steal_options(s):
        s.thief = -1
        next_recruit(s)
        return
    s.phase, s.actor = "steal", s.thief


def legal_steal(s, seat):
    return [act("steal", t, c) for t, c in steal_options(s)]


def apply_steal(s, seat, action):
    victim, card = action.args
    s.loot[victim].remove(card)
    s.loot[seat].append(card)
    kind = LOOT_KIND[card]
    s.stolen[("bill", "diamond", "painting").index(kind)] += 1
    s.say(f"seat {seat} (CatGirl) steals {LOOT_NAME[card]} from seat {victim}")
    next_steal(s)


def dead_mates(s: CNGState, team: int) -> list[int]:
    return [t for t in range(s.players) if s.team_of[t] == team and not s.alive[t]]


def legal_dre_gray(s, seat):
    return [act("dre_gray", t) for t in dead_mates(s, s.merc_team)] + [act("dre_gray", -1)]


def apply_dre_gray(s, seat, action):
    """CNG-12.8: a dead teammate comes back, one wound short of death."""
    t = action.args[0]
    if t >= 0:
        s.alive[t] = True
        s.wounds[t] = s.lethal(t) - 1
        s.say(f"Dre Gray brings seat {t} back to life")
    next_recruit(s)


def legal_fake_elvis(s, seat):
    m = members(s, s.merc_team)
    return [act("fake_elvis", a, b) for i, a in enumerate(m) for b in m[i + 1 :]]


def apply_fake_elvis(s, seat, action):
    """CNG-12.11: two living teammates marry: one pile of loot and a $20k gift."""
    a, b = action.args
    s.couples.append([a, b])
    s.say(f"Fake Elvis marries seat {a} and seat {b}")
    next_recruit(s)


def legal_lady(s, seat):
    return [act("lady", 1), act("lady", -1)]


def apply_lady(s, seat, action):
    """CNG-12.12: the diamond bonus goes up or down by $30k."""
    s.diamond_bonus += LADY_DIAMONDS * action.args[0]
    s.say(f"Lady Diamonds sets the diamond bonus to ${s.diamond_bonus}k")
    next_recruit(s)


def legal_pencil(s, seat):
    return [act("pencil", t) for t in members(s, s.merc_team)]


def apply_pencil(s, seat, action):
    """CNG-12.13: one living team member adds a painting to his collection."""
    t = action.args[0]
    s.extra_paint[t] += 1
    s.say(f"Miss Pencilhands paints a picture for seat {t}")
    next_recruit(s)


def zombie_targets(s: CNGState, team: int) -> list[int]:
    return [t for t in range(s.players) if not s.alive[t] and s.team_of[t] != team and s.loot[t]]


def legal_zombie(s, seat):
    return [act("zombie", t) for t in zombie_targets(s, s.merc_team)]


def apply_zombie(s, seat, action):
    """CNG-12.14: Zombie Boy joins the team with all a dead opponent's loot."""
    t = action.args[0]
    s.units.append([s.merc_team, s.loot[t]])
    s.loot[t] = []
    s.say(f"Zombie Boy rises with seat {t}'s loot")
    next_recruit(s)
