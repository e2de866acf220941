"""Battles (BF-3): the gun battle sequence, assembling an attack, and the three outcomes."""

from __future__ import annotations

from . import allies, family
from . import data as D
from .state import ABOARD, AT, COLOUR, DONE, FLAG, KIND, MOVES, OWNER

HEALTHY, WOUNDED, DEAD = 0, 1, 2


def _sorted(kinds):
    return sorted(range(len(kinds)), key=lambda i: D.RANK[kinds[i]])


def gun_battle(
    rng, attackers: list[str], defenders: list[str], defence: int, say=None, sides=("", "")
):
    """Plays the gun battle sequence (BF-3.2 .. BF-3.7) and returns the final status of each
    piece: (attacker statuses, defender statuses), each HEALTHY or DEAD, in the given order.

    `defence` is added to every attacker's to-hit number (precinct +1, penthouse +3). `sides`
    name whose pieces are whose in the narration of each roll ("seat 0's", "seat 1's").
    """
    say = say or (lambda text: None)
    att = [HEALTHY] * len(attackers)
    dfd = [HEALTHY] * len(defenders)
    a_order = _sorted(attackers)
    d_order = _sorted(defenders)

    def first_healthy(status, order):
        for i in order:
            if status[i] == HEALTHY:
                return i
        return -1

    def roll(side, kind, need, foe_side, foe, effect):
        face = rng.die(10)
        hit = face >= need
        result = f"{effect} {foe_side}{foe}" if hit else "misses"
        say(f"{side}{kind} rolls {face} (needs {need}): {result}")
        return hit

    # Step 1: the attacker's hit men shoot first; their victims die without a parting shot.
    for i in a_order:
        if attackers[i] != "hitman":
            continue
        target = first_healthy(dfd, d_order)
        if target < 0:
            break
        need = D.ATTACK["hitman"] + defence
        if roll(sides[0], "hit man (sneak attack)", need, sides[1], defenders[target], "kills"):
            dfd[target] = DEAD

    def volley(kinds, status, order, foes, foe_status, foe_order, mod, skip_hitmen, side, foe_side):
        """One side fires: its wounded first (parting shots), then its healthy pieces, each
        group least important first; every hit wounds the foe's least important healthy
        piece. Rolling stops once no foe stands. Then the side's wounded die."""
        wounded = [i for i in order if status[i] == WOUNDED]
        healthy = [i for i in order if status[i] == HEALTHY]
        if skip_hitmen:
            healthy = [i for i in healthy if kinds[i] != "hitman"]
        for i in wounded + healthy:
            target = first_healthy(foe_status, foe_order)
            if target < 0:
                break
            need = D.ATTACK[kinds[i]] + mod
            if roll(side, kinds[i], need, foe_side, foes[target], "wounds"):
                foe_status[target] = WOUNDED
        for i in wounded:
            status[i] = DEAD

    def standing(status):
        return any(x != DEAD for x in status)

    first = True
    while standing(att) and standing(dfd):
        volley(attackers, att, a_order, defenders, dfd, d_order, defence, first, *sides)
        first = False
        if not (standing(att) and standing(dfd)):
            break
        volley(defenders, dfd, d_order, attackers, att, a_order, 0, False, *sides[::-1])
    # Whoever is still wounded when the other side is gone dies without a target.
    att = [HEALTHY if x == HEALTHY else DEAD for x in att]
    dfd = [HEALTHY if x == HEALTHY else DEAD for x in dfd]
    return att, dfd


# ----- who may attack where ----------------------------------------------------------------


def defender_at(s, space: int, me: int) -> int:
    """The seat that must be beaten before `me` may enter `space` (-1: none). Besides standing
    personnel, a helicopter at an airport cannot be stolen, only won in battle (BF-4.5)."""
    foes = s.held[space] & ~(1 << me)
    if not foes and not D.IS_AIRPORT[space]:
        return -1
    allied = s.invites or s.handovers or s.deliveries
    if foes and not foes & (foes - 1) and not allied:
        return foes.bit_length() - 1  # one other family stands there
    heli = -1
    ok = allies.friends(s, space, me) if allied else (me,)
    units = s.units
    for uid in s.stack[space]:
        u = units[uid]
        if u[OWNER] not in ok:
            if u[KIND] in D.RANK:
                return u[OWNER]
            if u[KIND] == "helicopter" and D.IS_AIRPORT[space]:
                heli = u[OWNER]
    return heli


class Hostile(dict):
    """defender_at for every space, as legal-move lists ask it: space -> seat (-1: none), each
    space worked out the first time it is asked. A space where an invitation, a handover or a
    delivery concerns `me` follows allies.hostile_in."""

    __slots__ = ("s", "me", "special")

    def __init__(self, s, me: int) -> None:
        self.s, self.me, self.special = s, me, None

    def __missing__(self, space: int) -> int:
        s, me = self.s, self.me
        foes = s.held[space] & ~(1 << me)
        if not foes and not D.IS_AIRPORT[space]:
            self[space] = -1  # nobody else's personnel: nothing to fight there
            return -1
        # (Invitations, handovers and deliveries are into districts: not airports.)
        if foes and (s.invites or s.handovers or s.deliveries):
            if self.special is None:
                self.special = allies.hostile_spaces(s, me)
            if space in self.special:
                h = self[space] = allies.hostile_in(s, me, space)
                return h
        if foes and not foes & (foes - 1):
            h = foes.bit_length() - 1  # one other family stands there
        else:
            h = -1
            units = s.units
            for uid in s.stack[space]:
                u = units[uid]
                owner = u[OWNER]
                if owner != me:
                    kind = u[KIND]
                    if kind in D.RANK:
                        h = owner
                    elif kind == "helicopter" and h < 0 and not foes:
                        h = owner
        self[space] = h
        return h


def hostile(s, me: int) -> Hostile:
    """The `Hostile` table of `me`, kept with the cached legal actions (`s._legal`), which the
    core empties on every move and every clone; only legal-move code calls it. The table of
    the seat whose top-of-phase lists are kept (`s._top`) is kept with them: selection.carry
    keeps those only across moves that cannot change whom he must fight where (they move
    his own pieces only and take no district named in an agreement, or change no piece), and
    makes it anew after an agreement is made or ended."""
    key = ~me  # (a negative number: the cache's other keys are seats and "top")
    h = s._legal.get(key)
    if h is None:
        top = s._top
        h = top.hostile if top is not None and top.seat == me else Hostile(s, me)
        s._legal[key] = h
    return h


def needs_bribe(s, space: int, defender: int) -> bool:
    if s.invites or s.deliveries:
        defender = allies.host_of(s, space, defender)
    return s.owner[space] == defender and s.building[space] == "precinct"


def defence_of(s, space: int, defender: int) -> int:
    if s.owner[space] == defender and s.building[space]:
        return D.BUILDINGS[s.building[space]]["defence"]
    return 0


def can_attack_on_foot(u, me) -> bool:
    return (
        u[OWNER] == me and u[KIND] in D.RANK and u[ABOARD] < 0 and u[FLAG] != DONE and u[MOVES] > 0
    )


def attack_targets(s, me: int) -> list[int]:
    """Spaces next to my free personnel held by an enemy I can afford to attack (BF-3.1)."""
    rank, units = D.RANK, s.units
    sources = set()
    for uid in s.mine[me]:
        u = units[uid]
        if u[KIND] in rank and u[ABOARD] < 0 and u[FLAG] != DONE and u[MOVES] > 0:
            sources.add(u[AT])
    h = hostile(s, me)
    rich = s.money[me] >= D.MONEY["bribe"]
    targets = set()
    for src in sources:
        targets.update(targets_from(s, me, h, src, rich))
    return sorted(targets)


def targets_from(s, me: int, h, src: int, rich: bool) -> tuple[int, ...]:
    """The attack targets next to `src`; `rich`: `me` can pay a precinct's bribe."""
    held, notme, airport = s.held, ~(1 << me), D.IS_AIRPORT
    out = ()
    for t in D.LAND[src]:
        if not (held[t] & notme or airport[t]):
            continue  # nobody else's personnel there
        d = h[t]
        if d >= 0 and (rich or not needs_bribe(s, t, d)):
            out += (t,)
    return out


# Each (kind, space) group of personnel by its code, rank * N + space: sorting the codes sorts
# the groups, least important kind first, then by space.
_GROUPS = tuple((kind, space) for kind in D.PERSONNEL for space in range(D.N))  # (RANK's order)


def attack_groups(s, me: int, target: int, chosen: list[int]) -> list[tuple[str, int]]:
    """The (kind, space) groups of my personnel next to `target` that may join its attack, but
    the `chosen` pieces, least important kind first, then by space."""
    codes = []
    units, heads, players, rank, n = s.units, s.heads, s.players, D.RANK, D.N
    for src in D.LAND[target]:  # (borders go both ways)
        if not heads[src * players + me]:
            continue  # none of my personnel there
        for uid in s.stack[src]:
            u = units[uid]
            # (can_attack_on_foot, written out: this is every piece next to the target)
            if (
                u[OWNER] == me
                and u[KIND] in rank
                and u[ABOARD] < 0
                and u[FLAG] != DONE
                and u[MOVES] > 0
                and uid not in chosen
            ):
                code = rank[u[KIND]] * n + src
                if code not in codes:
                    codes.append(code)
    codes.sort()
    return list(map(_GROUPS.__getitem__, codes))


def pick(s, me, kind, space, chosen):
    """The free piece of that kind there that has the most moves left."""
    best, best_mv = -1, -1
    units = s.units
    for uid in s.stack[space]:
        u = units[uid]
        if uid in chosen or u[KIND] != kind or not can_attack_on_foot(u, me):
            continue
        if u[MOVES] > best_mv:
            best, best_mv = uid, u[MOVES]
            if best_mv == D.MOVE[kind]:
                break  # nobody has more moves than a full move
    return best


# ----- fighting a battle and its outcome ---------------------------------------------------


def fight(s, me, target, attackers, vehicles, defender, forced=False):
    """Resolves a battle at `target`: `me` attacks with `attackers` (units already moved
    there) brought by `vehicles`; then queues the winner's decisions. Returns the outcome:
    'attacker', 'defender' or 'bloodbath' (BF-3.9 .. BF-3.11). A fight forced by a blocker
    (`forced`) needs no bribe."""
    if s.invites or s.deliveries:
        defender = allies.host_of(s, target, defender)
    if needs_bribe(s, target, defender) and not forced:
        s.money[me] -= D.MONEY["bribe"]
        s.say(f"seat {me} bribes the precinct in {D.NAMES[target]} (${D.MONEY['bribe']})")
    defence = defence_of(s, target, defender)
    # Guests and their host defend together (BF-9.8).
    group = allies.side(s, target, defender) if s.invites or s.deliveries else (defender,)
    units = s.units
    defenders = [
        uid for uid in s.stack[target] if units[uid][OWNER] in group and units[uid][KIND] in D.RANK
    ]
    a_kinds = [s.units[u][KIND] for u in attackers]
    d_kinds = [s.units[u][KIND] for u in defenders]
    s.say(
        f"seat {me} attacks seat {defender} in {D.NAMES[target]}: "
        f"{', '.join(a_kinds) or 'nobody'} against {', '.join(d_kinds) or 'nobody'}"
    )
    for uid in attackers + vehicles:
        s.move_unit(uid, target)
        s.set_aboard(uid, -1)
        u = s.units[uid]
        u[MOVES], u[FLAG] = 0, DONE
    sides = (f"seat {me}'s ", f"seat {defender}'s ")
    a_st, d_st = gun_battle(s.rng, a_kinds, d_kinds, defence, s.say, sides)
    a_alive = [u for u, st in zip(attackers, a_st, strict=True) if st == HEALTHY]
    d_alive = [u for u, st in zip(defenders, d_st, strict=True) if st == HEALTHY]
    a_fallen_fm = [
        s.units[u][COLOUR]
        for u, st in zip(attackers, a_st, strict=True)
        if st != HEALTHY and s.units[u][KIND] == "family"
    ]
    d_fallen = {}  # seat -> colours of its fallen family members
    d_dead_bosses = []
    for u, st in zip(defenders, d_st, strict=True):
        unit = s.units[u]
        if st != HEALTHY and unit[KIND] == "family":
            d_fallen.setdefault(unit[OWNER], []).append(unit[COLOUR])
        if st != HEALTHY and unit[KIND] == "boss":
            d_dead_bosses.append(unit[OWNER])
    a_boss_dead = any(
        st != HEALTHY and s.units[u][KIND] == "boss" for u, st in zip(attackers, a_st, strict=True)
    )
    for uid, st in zip(attackers + defenders, a_st + d_st, strict=True):
        if st != HEALTHY:
            s.remove_unit(uid)
    if a_alive and not d_alive:
        outcome = "attacker"
    elif d_alive and not a_alive:
        outcome = "defender"
    elif not a_alive and not d_alive and (attackers or defenders):
        outcome = "bloodbath"
    else:
        outcome = "defender"  # nobody fought at all: the mover is simply stopped
    s.say(
        f"battle in {D.NAMES[target]}: "
        + {
            "attacker": f"seat {me} wins",
            "defender": f"seat {defender} holds",
            "bloodbath": "a bloodbath, nobody survives",
        }[outcome]
    )
    precinct = False
    if outcome == "attacker":
        # The defender's vehicles there are captured (BF-3.9).
        for uid in s.stack[target]:
            u = units[uid]
            if u[OWNER] in group and u[KIND] in D.VEHICLES:
                s.give_unit(uid, me)
                u[MOVES], u[FLAG] = 0, DONE
        if D.IS_DISTRICT[target] and s.owner[target] != me:
            if s.owner[target] >= 0 and s.building[target] == "precinct":
                precinct = True  # settled after the assassinations, which may remove it
            else:
                family.take_district(s, me, target)
    else:
        # The attacker's vehicles are destroyed (BF-3.10, BF-3.11).
        for uid in vehicles:
            if uid in units:
                s.remove_unit(uid)
    # Bosses killed: the assassinations (BF-8), the killer being the other side.
    for victim in d_dead_bosses:
        family.assassinate(s, me, victim)
    if a_boss_dead:
        family.assassinate(s, defender, me)
    premium = 0
    if precinct and s.alive[me]:
        if s.owner[target] >= 0 and s.building[target] == "precinct":
            premium = s.price[target] + D.MONEY["premium_step"]
        else:  # the precinct went with its dead owner (BF-8.4): the district is free to take
            family.take_district(s, me, target)
    # Decisions after the battle: the winner kidnaps or kills fallen family; the attacker
    # may pay a precinct's premium. Pushed so that the kidnappings come first.
    if premium and s.money[me] >= premium:
        s.todo.append({"k": "premium", "t": target, "price": premium})
    if outcome == "attacker" and s.alive[me]:
        for seat in sorted(d_fallen, reverse=True):
            s.todo.append({"k": "captive", "seat": me, "colors": d_fallen[seat], "ctrl": seat})
    if outcome == "defender" and a_fallen_fm and s.alive[defender]:
        s.todo.append({"k": "captive", "seat": defender, "colors": a_fallen_fm, "ctrl": me})
    return outcome
