"""The end of the game's count: the tally, the diamond bonus, the winner (CNG-10, CNG-9.7)."""

from __future__ import annotations

from famiglia.core import Result

from .data import JAY_BOND_VALUE, LOOT_KIND, LOOT_VALUE, PAINTINGS, WEDDING_GIFT, team_name
from .state import CNGState


def finish(s: CNGState) -> None:
    """The game is over: the scores are said (the last mercenary recruited, or one team left)."""
    s.phase, s.actor = "over", -1
    s.over = True
    scores = tally(s)[0]
    us = units(s)
    best = most_diamonds(us)
    if best is not None:  # CNG-10.3, said: the bonus is in the score below
        most = diamond_counts(us)[best]
        s.say(
            f"{us[best][4]} has the most diamonds ({most}) and gains the ${s.diamond_bonus}k "
            "diamond bonus"
        )
    elif any(diamond_counts(us)):
        s.say("nobody has more diamonds than everyone else: no diamond bonus")
    if s.teams:  # CNG-9.7: one score a team, its living members' loot
        for team in range(s.nteams):
            living = [
                seat for seat in range(s.players) if s.team_of[seat] == team and s.alive[seat]
            ]
            if living:
                who = " and ".join(f"seat {seat}" for seat in living)
                s.say(f"the {team_name(team)} team ({who} alive) scores ${scores[living[0]]}k")
            else:
                s.say(f"the {team_name(team)} team has nobody alive and scores nothing")
        return
    for seat in range(s.players):
        if s.alive[seat]:
            s.say(f"seat {seat} scores ${scores[seat]}k")
        else:
            s.say(f"seat {seat} is dead and scores nothing")


def units(s: CNGState) -> list[tuple[int, list[str], int, int, str]]:
    """Who scores: (team, loot cards, extra paintings, extra money, who in words) per scoring
    unit.

    CNG-10.2: only living players score. A married couple (Fake Elvis) scores as one unit while
    either lives; Hot Mail and Zombie Boy are units of their own.
    """
    out = []
    married = {seat for pair in s.couples for seat in pair}
    for a, b in s.couples:
        if s.alive[a] or s.alive[b]:
            extra = sum(s.extra_paint[t] + paintings_power(s, t) for t in (a, b) if s.alive[t])
            out.append(
                (
                    s.team_of[a],
                    s.loot[a] + s.loot[b],
                    extra,
                    WEDDING_GIFT,
                    f"the couple of seats {a} and {b}",
                )
            )
    for seat in range(s.players):
        if s.alive[seat] and seat not in married:
            extra = s.extra_paint[seat] + paintings_power(s, seat)
            out.append((s.team_of[seat], s.loot[seat], extra, 0, f"seat {seat}"))
    for team, cards in s.units:
        out.append((team, cards, 0, 0, f"a new member of the {team_name(team)} team"))
    return out


def paintings_power(s: CNGState, seat: int) -> int:
    """CNG-10.5: The Collector's card counts as one more painting."""
    return 1 if s.powers[seat] == "collector" else 0


def unit_value(s: CNGState, team: int, cards: list[str], extra: int, money: int) -> int:
    five = JAY_BOND_VALUE if team in s.jay else LOOT_VALUE["b5"]
    total = money
    paintings = extra
    for c in cards:
        kind = LOOT_KIND[c]
        if kind == "painting":
            paintings += 1
        elif c == "b5":
            total += five
        elif kind in ("bill", "diamond"):
            total += LOOT_VALUE[c]
    return total + PAINTINGS[min(paintings, len(PAINTINGS) - 1)]


def diamond_counts(us) -> list[int]:
    return [sum(1 for c in u[1] if LOOT_KIND[c] == "diamond") for u in us]


def most_diamonds(us) -> int | None:
    """CNG-10.3: the one unit with more diamonds than any other, or None (none, or a tie)."""
    diamonds = diamond_counts(us)
    if diamonds and max(diamonds) > 0 and diamonds.count(max(diamonds)) == 1:
        return diamonds.index(max(diamonds))
    return None


def tally(s: CNGState) -> tuple[list[int], list[tuple]]:
    """Scores and ranking keys per seat. CNG-10.3: diamond bonus. CNG-10.4 / CNG-9.7: winners."""
    us = units(s)
    values = [unit_value(s, *u[:4]) for u in us]
    best = most_diamonds(us)
    if best is not None:
        values[best] += s.diamond_bonus
    team_money = [0] * s.nteams
    for (team, *_), value in zip(us, values, strict=True):
        team_money[team] += value
    team_alive = [0] * s.nteams
    team_wounds = [0] * s.nteams
    for seat in range(s.players):
        if s.alive[seat]:
            team_alive[s.team_of[seat]] = 1
            team_wounds[s.team_of[seat]] += s.wounds[seat]
    scores, keys = [], []
    for seat in range(s.players):
        team = s.team_of[seat]
        if not team_alive[team]:
            scores.append(0)
            keys.append((0, 0, 0))
        else:
            scores.append(team_money[team])
            keys.append((1, team_money[team], team_wounds[team]))
    return scores, keys


def result(s: CNGState) -> Result:
    scores, keys = tally(s)
    return Result.from_keys(scores, keys, capped=False)
