"""Cash 'n Guns: the loot each seat can expect to score at the end, if it lives that long.

Per living seat: bills and diamonds in hand; paintings at the value the set is expected to
reach with the paintings still in the piles; the chance of the diamond bonus; a share of the
money still in the piles; a share of this turn's loot (by who is likely to be in the split);
all of it times the chance of surviving: this turn's guns aimed at the seat, then the Bang!
cards the others still hold. The dead are valued below everyone. In team play a seat is worth
its team's total. Reads only what a determinized sample shows; no clones, no legal actions.
"""

from __future__ import annotations

import math

from famiglia.games.cash_n_guns.data import (
    JAY_BOND_VALUE,
    LETHAL,
    LOOT_KIND,
    LOOT_VALUE,
    PAINTINGS,
)

SCALE = 40.0  # $40k ahead is a clear edge
DEAD = 10.0  # the dead rank below every living seat, even a penniless one
STAND = 0.5  # chance that a seat whose courage is still open stands (and fires)
FUTURE_SHARE = 0.9  # part of a pile's money taken by somebody (the rest is lost to nobody)
FUTURE_HIT = 0.3  # chance that a Bang! still in a hand ends up hitting its chosen target
# ismcts plays here aiming at the win alone, with greedy-lite rollouts (each rollout move the
# best of 3 by this evaluation): at 1 s a move against three greedy bots that won 2.06x the
# fair share over 128 games (seeds 100000 and 110000), the defaults 1.71x over 112 (README)
SEARCH = {"rollout": 3, "win": 1.0}
# Worth of a share on the table to a typical taker: paintings and diamonds count for their
# sets, a kit or a Clip for the wound or the shot it brings, the token for the next first pick.
SHARE_WORTH = {"painting": 10.0, "kit": 5.0, "clip": 4.0, "godfather": 3.0, "diamond": 4.0}
PRE_SHOTS = frozenset(
    (
        "powers",
        "hustle",
        "hustle_give",
        "surprise",
        "bullet",
        "aim",
        "kid",
        "privilege",
        "retarget",
        "professional",
        "cunning",
        "courage",
        "smart",
    )
)
SPLIT = frozenset(
    (
        "shot",
        "lucky",
        "bomb",
        "twins",
        "stealthy",
        "pick",
        "dictator",
        "greedy",
        "junk",
        "use",
        "envelope",
        "sh_mate",
        "sh_type",
        "sh_give",
        "sh_get",
        "sh_answer",
        "sh_dead",
    )
)

_paint_cache: dict[tuple[int, int, int], float] = {}


def _paintings(have: int, left: int, living: int) -> float:
    """Expected final worth of a set of `have` paintings, each of `left` still to come falling
    to this seat with an even chance among the living: the sets grow faster than linearly."""
    key = (have, left, living)
    found = _paint_cache.get(key)
    if found is None:
        p = FUTURE_SHARE / max(1, living)
        top = len(PAINTINGS) - 1
        found = sum(
            math.comb(left, k) * p**k * (1 - p) ** (left - k) * PAINTINGS[min(have + k, top)]
            for k in range(left + 1)
        )
        _paint_cache[key] = found
    return found


def _survive(wounds: int, lethal: int, mean_hits: float) -> float:
    """Chance of fewer than the lethal wounds when `mean_hits` more hits are expected."""
    room = lethal - 1 - wounds
    if room < 0:
        return 0.0
    term = total = math.exp(-mean_hits)
    for k in range(1, room + 1):
        term *= mean_hits / k
        total += term
    return total


def _share_worth(card: str, five: int) -> float:
    if card == "b5":
        return float(five)
    kind = LOOT_KIND.get(card, card)
    worth = SHARE_WORTH.get(kind)
    if kind == "diamond":
        return LOOT_VALUE[card] + worth
    if worth is None:
        return float(LOOT_VALUE.get(card, 0))
    return worth


# Per loot code, worked out once: its money (bills, diamonds) and what it counts towards.
MONEY = {c: LOOT_VALUE[c] if k in ("bill", "diamond") else 0 for c, k in LOOT_KIND.items()}
PAINTING_CODES = tuple(c for c, k in LOOT_KIND.items() if k == "painting")
DIAMOND_CODES = tuple(c for c, k in LOOT_KIND.items() if k == "diamond")
SHARE = {c: _share_worth(c, LOOT_VALUE["b5"]) for c in LOOT_KIND}


def evaluate(state) -> list[float]:
    s = state
    n = s.players
    phase = s.phase
    alive = s.alive
    if phase not in PRE_SHOTS and phase not in SPLIT:  # the end: mercenaries, or over
        scores = s.result().scores
        return [scores[t] / SCALE if alive[t] else -DEAD / SCALE for t in range(n)]
    living = [t for t in range(n) if alive[t]]
    na = len(living)
    team_of = s.team_of
    powers = s.powers

    # What is still to come in the piles, and this turn's loot on the table.
    pile_money = pile_paint = pile_diam = 0
    for pile in s.piles:
        pile_money += sum(map(MONEY.__getitem__, pile))
        pile_paint += sum(map(pile.count, PAINTING_CODES))
        pile_diam += sum(map(pile.count, DIAMOND_CODES))
    table = s.table
    table_diam = sum(map(table.count, DIAMOND_CODES))
    worth = sum(map(SHARE.__getitem__, table))
    if "godfather" in s.tokens:
        worth += SHARE_WORTH["godfather"]
    table_worth = [worth] * s.nteams
    for team in s.jay:  # Jay Bond: the team's $5k bills are worth more
        table_worth[team] += table.count("b5") * (JAY_BOND_VALUE - LOOT_VALUE["b5"])

    # Loot in hand.
    money = [0] * n
    paint = [0] * n
    diam = [0] * n
    for t in living:
        loot = s.loot[t]
        money[t] = sum(map(MONEY.__getitem__, loot))
        if team_of[t] in s.jay:
            money[t] += loot.count("b5") * (JAY_BOND_VALUE - LOOT_VALUE["b5"])
        diam[t] = sum(map(loot.count, DIAMOND_CODES))
        paint[t] = (
            sum(map(loot.count, PAINTING_CODES))
            + s.extra_paint[t]
            + (1 if powers[t] == "collector" else 0)
        )

    # The diamond bonus: the lead over the best rival, blurred by the diamonds still to come.
    diamonds_left = pile_diam + table_diam
    spread = 0.2 + math.sqrt(2.0 * diamonds_left / max(1, na))
    bonus = [0.0] * n
    if na > 1:
        ranked = sorted((diam[t] for t in living), reverse=True)
        for t in living:
            rival = ranked[1] if diam[t] == ranked[0] else ranked[0]
            lead = diam[t] - rival - 0.5
            bonus[t] = s.diamond_bonus / (1.0 + math.exp(-1.7 * lead / spread))

    # Bang! cards still in hands threaten the other teams in the turns to come.
    team_threat = [0.0] * s.nteams
    team_size = [0] * s.nteams
    for t in living:
        team_size[team_of[t]] += 1
    for t in living:
        clicks, bangs = s.hand[t]
        live = clicks if powers[t] == "silencer" else bangs
        if live:
            team_threat[team_of[t]] += live * FUTURE_HIT / ((na - team_size[team_of[t]]) or 1)
    all_threat = sum(team_threat)

    lethal = [LETHAL + (1 if powers[t] == "unbreakable" else 0) for t in range(n)]
    future_money = pile_money * FUTURE_SHARE / max(1, na)

    worth = [0.0] * n
    options = None
    if phase in PRE_SHOTS and s.table:
        options = _pre_shots(s, living, team_of, table_worth)
    for t in living:
        base = money[t] + _paintings(paint[t], pile_paint, na) + bonus[t] + future_money
        hits = all_threat - team_threat[team_of[t]]
        wounds = s.wounds[t]
        if options is not None:
            # The seat takes the better of its open choices: (chance of a hit, expected share).
            best = 0.0
            for q, share, healed in options[t]:
                w = wounds - healed
                survive = (1 - q) * _survive(w, lethal[t], hits) + q * _survive(
                    w + 1, lethal[t], hits
                )
                best = max(best, survive * (base + share))
            worth[t] = best
        else:
            share = 0.0
            if phase in SPLIT and t in s.order:
                share = table_worth[team_of[t]] / len(s.order)
            if s.hits:  # shots chosen but not landed yet (Grappling, Taser, Lucky Man)
                wounds += sum(1 for h in s.hits if h[1] == t and h[2] == "wound")
            worth[t] = _survive(wounds, lethal[t], hits) * (base + share)

    if not s.teams:
        return [worth[t] / SCALE if alive[t] else -DEAD / SCALE for t in range(n)]
    team_total = [0.0] * s.nteams
    team_alive = [False] * s.nteams
    for t in living:
        team_total[team_of[t]] += worth[t]
        team_alive[team_of[t]] = True
    return [
        team_total[team_of[t]] / SCALE if team_alive[team_of[t]] else -DEAD / SCALE
        for t in range(n)
    ]


def _pre_shots(s, living, team_of, table_worth):
    """Before the shots: per seat, its open choices as (chance of a hit, expected share of the
    table, wounds healed): standing, lying down, or only the one already made."""
    n = s.players
    powers = s.powers
    # Chance each seat stands (and so fires and may take part).
    stand = [0.0] * n
    for t in living:
        if s.standing[t]:
            c = s.courage[t]
            stand[t] = 1.0 if c == "stand" else 0.0 if c == "down" else STAND
    # Chance each seat's loaded (or still to load) card hits its target.
    fires = [0.0] * n
    if not s.jammed:
        for a in living:
            b = s.bullet[a]
            silencer = powers[a] == "silencer"
            if b:
                fires[a] = 1.0 if (b == "bang") != silencer else 0.0
            else:
                clicks, bangs = s.hand[a]
                total = clicks + bangs
                fires[a] = ((clicks if silencer else bangs) / total) if total else 0.0
    # Chance of not being hit when standing; an aim not yet taken is spread over the targets.
    safe = [1.0] * n
    for a in living:
        p = fires[a] * stand[a]
        if not p:
            continue
        target = s.aim[a]
        if target is None:
            targets = [t for t in living if team_of[t] != team_of[a]]
            for t in targets:
                safe[t] *= 1.0 - p / len(targets)
        elif target >= 0:
            safe[target] *= 1.0 - p
    in_split = [stand[t] * safe[t] for t in range(n)]
    total_in = sum(in_split)
    out = [()] * n
    for t in living:
        down = (0.0, 0.0, 1 if powers[t] == "doctor" and s.wounds[t] else 0)
        c = s.courage[t]
        if not s.standing[t] or c == "down":
            out[t] = (down,) if c == "down" else ((0.0, 0.0, 0),)
            continue
        share = table_worth[team_of[t]] / (1.0 + total_in - in_split[t])
        up = (1.0 - safe[t], safe[t] * share, 0)
        out[t] = (up,) if c == "stand" else (up, down)
    return out
