"""Blood Feud in New York: how well a family stands, on a log scale of what it is worth.

How the game is won: by being the last Boss alive, by earning $6,000 in one income phase, or
(scenario) by starting a turn holding all of Manhattan; a capped game ranks by income. Income is
assets (districts, illicit activities, palaces) times the districts holding a family member, so
it compounds: holding twice as much is far more than a small edge. The worth of a family is
therefore counted in dollars and compared on a log scale (a family worth e times another is a
clear edge):

- money, plus the income it is set to earn for a few turns (the seat whose income phase is
  still to come this turn also gets this turn's income, so ending a phase is neither good
  nor bad in itself: what the bot did before it is what counts);
- personnel and vehicles at about their price, family members more (they cannot be bought and
  they multiply income); buildings beyond their assets (precincts and palaces defend);
- captives: a bargaining chip for the holder, and some hope of return for their family.

A family whose Boss is dead is out and worth nothing. A Boss within reach of enemy personnel is
in danger in proportion to their firepower against the bodies that stand with him (he is hit
last), and a family loses that share of its standing. Income also counts on its own, as a
share of the winning level, so that a rich family still races for the income win (on the log
scale a step of income matters less and less as money piles up); income at the winning level,
or the whole of Manhattan in the scenario, counts as almost won.

A seat also gains a hair for every phase of its turn it has finished (a seat not on turn has
finished them all). Picking a piece and putting it back is allowed and changes nothing, so
without this a one-step bot can pick and put back for ever; with it, moving on wins whenever
no move brings a real gain.
"""

from __future__ import annotations

import math

from famiglia.games.blood_feud import data as D
from famiglia.games.blood_feud.state import ABOARD, AT, KIND, OWNER

INCOME_TURNS = 5.0  # turns of the current income counted as worth
PIECE_SHARE = 1.0  # share of its price a hired piece is worth on the board
FAMILY_WORTH = 400.0  # a family member (not for sale; he multiplies income)
VEHICLE_SHARE = 0.8
BUILDING_WORTH = {"illicit": 50.0, "precinct": 80.0, "penthouse": 500.0}  # beyond the assets
CAPTIVE_HELD = 150.0  # a captive of another family: something to trade
CAPTIVE_LOST = 150.0  # one's own family member held by someone else
FLOOR = 500.0  # worth added before the log, so that small families do not swing wildly
DANGER = 0.6  # share of a family's standing lost when its Boss is surely in reach of death
ATTACK_ODDS = 0.5  # how likely an enemy in reach actually attacks
OTHER_ENEMIES = 0.3  # weight of the second and further enemies near a Boss
WIN_BONUS = 3.0  # income at the winning level (or all Manhattan in the scenario)
RACE = 1.5  # income as a share of the winning level, at most this
MANHATTAN = 2.0  # scenario: progress towards holding all of Manhattan, at most this
DEAD = -5.0  # value of a family whose Boss is dead
PROGRESS = 0.001  # per phase of its turn a seat has finished (see the top)

_N = D.N
_IS_DISTRICT = D.IS_DISTRICT
_DISTRICTS = D.DISTRICTS
_MANHATTAN = D.MANHATTAN
_DISTRICT_ASSETS = D.MONEY["district_assets"]
_WIN_INCOME = D.MONEY["win_income"]
_BUILDING_ASSETS = {k: v["assets"] for k, v in D.BUILDINGS.items()}
_BUILDING_DEFENCE = {k: v["defence"] for k, v in D.BUILDINGS.items()}
_BUILDING_VALUE = {k: BUILDING_WORTH.get(k, 0.0) for k in D.BUILDINGS}

# What a piece on the board is worth, by kind.
_WORTH = {}
for _k in D.PERSONNEL:
    _WORTH[_k] = PIECE_SHARE * D.COST[_k]
for _k in D.VEHICLES:
    _WORTH[_k] = VEHICLE_SHARE * D.COST[_k]
_WORTH["family"] = FAMILY_WORTH
_WORTH["boss"] = 0.0  # the Boss is the family: his loss is DEAD, not a price

# Per kind: (worth, chance of a hit per shot or None for a vehicle, the same if the piece walks
# two spaces (it threatens further) else 0, 2 for the Boss / 1 for a family member / 0).
_KIND = {}
for _k in D.PERSONNEL:
    _hit = (11 - D.ATTACK[_k]) / 10.0
    _kin = 2 if _k == "boss" else 1 if _k == "family" else 0
    _KIND[_k] = (_WORTH[_k], _hit, _hit if D.MOVE[_k] >= 2 else 0.0, _kin)
for _k in D.VEHICLES:
    _KIND[_k] = (_WORTH[_k], None, 0.0, 0)
_UNKNOWN = (0.0, None, 0.0, 0)  # a kind of piece added to the game later: not counted
_PHASES_DONE = {"battle": 0, "move": 1, "buy": 2}  # phases of his turn a seat has finished


def _rings():
    """For every space, the land spaces one step away and those exactly two steps away."""
    one = D.LAND
    two = []
    for i in range(_N):
        near = set(one[i])
        far = set()
        for j in one[i]:
            far.update(one[j])
        far -= near
        far.discard(i)
        two.append(tuple(sorted(far)))
    return one, tuple(two)


_ONE, _TWO = _rings()


def evaluate(state) -> list[float]:
    players = state.players
    alive = state.alive
    owner = state.owner
    building = state.building
    worth = [float(m) for m in state.money]
    # Income is games/blood_feud/income.py's assets x IFM (BF-5), folded into one pass over the
    # districts and one over the pieces for all seats at once: this runs in the bots' hot loop.
    assets = [0] * players
    for i in _DISTRICTS:
        o = owner[i]
        if o >= 0:
            b = building[i]
            if b:
                assets[o] += _DISTRICT_ASSETS + _BUILDING_ASSETS.get(b, 0)
                worth[o] += _BUILDING_VALUE.get(b, 0.0)
            else:
                assets[o] += _DISTRICT_ASSETS
    # One pass over the pieces: their worth, where the family members earn, where the Bosses
    # stand, and the firepower and bodies of each family in each space (for the Bosses' danger).
    earning = [0] * players  # bit mask of own districts holding a family member
    boss_at = [-1] * players
    size = _N * players
    fire = [0.0] * size  # [space * players + seat]: chance of hits per round
    fast = [0.0] * size  # the same, of pieces that walk two spaces
    bodies = [0] * size
    kinds, unknown, is_district = _KIND, _UNKNOWN, _IS_DISTRICT
    for u in state.units.values():
        o = u[OWNER]
        w, hit, quick, kin = kinds.get(u[KIND], unknown)
        worth[o] += w
        if hit is None:
            continue  # a vehicle
        at = u[AT]
        if kin:
            if kin == 2:
                boss_at[o] = at
            if u[ABOARD] < 0 and owner[at] == o and is_district[at]:
                earning[o] |= 1 << at
        i = at * players + o
        fire[i] += hit
        fast[i] += quick
        bodies[i] += 1
    for holder, ctrl, _color in state.captives:
        if 0 <= holder < players:
            worth[holder] += CAPTIVE_HELD
        if 0 <= ctrl < players:
            worth[ctrl] += CAPTIVE_LOST
    for seat, _color in state.absorb:  # family members about to join their new Boss
        if 0 <= seat < players:
            worth[seat] += FAMILY_WORTH

    turn = state.turn
    phase = state.phase
    before_income = phase in ("battle", "move")
    done = _PHASES_DONE.get(phase, 0)
    manhattan = getattr(state, "take_manhattan", False)
    values = []
    for s in range(players):
        if not alive[s]:
            values.append(DEAD)
            continue
        income = assets[s] * earning[s].bit_count()
        turns = INCOME_TURNS + 1.0 if s == turn and before_income else INCOME_TURNS
        value = math.log(FLOOR + worth[s] + turns * income)
        value += PROGRESS * (done if s == turn else 3)
        if income >= _WIN_INCOME:
            value += RACE + WIN_BONUS
        else:
            value += RACE * income / _WIN_INCOME
        if manhattan:
            held = sum(1 for i in _MANHATTAN if owner[i] == s)
            if held == len(_MANHATTAN):
                value += WIN_BONUS
            else:
                value += MANHATTAN * (held / len(_MANHATTAN)) ** 2
        b = boss_at[s]
        if b >= 0:
            danger = _danger(s, b, fire, fast, bodies, players, owner, building)
            if danger > 0.0:
                value -= DANGER * danger * (value - DEAD)
        values.append(value)
    return values


def _danger(s, b, fire, fast, bodies, players, owner, building) -> float:
    """Chance, roughly, that the Boss of `s` standing on `b` is killed before his next turn.

    The enemies' shots that can reach him (walkers next door, henchmen and hit men two spaces
    away) against his side's: the Boss is hit last, so every body with him counts. The fight
    is weighed Lanchester-style (firepower times numbers) and scaled by how likely an attack is.
    """
    threat = None
    for ring, table in ((_ONE[b], fire), (_TWO[b], fast)):
        for t in ring:
            base = t * players
            row = table[base : base + players]
            if any(row):
                if threat is None:
                    threat = row
                else:
                    threat = [x + y for x, y in zip(threat, row, strict=True)]
    if threat is None:
        return 0.0
    threat[s] = 0.0
    strongest = max(threat)
    if strongest <= 0.0:
        return 0.0
    attack = strongest + OTHER_ENEMIES * (sum(threat) - strongest)
    if owner[b] == s:
        defence = _BUILDING_DEFENCE.get(building[b], 0)
        if defence:
            attack *= max(0.2, 1.0 - 0.2 * defence)
    i = b * players + s
    mine = fire[i] * bodies[i]  # his side's firepower times its bodies
    # the attackers' strength likewise, their numbers taken as firepower / 0.5
    strength = 2.0 * attack * attack
    return ATTACK_ODDS * strength / (strength + mine)
