"""Board questions and figure movements: presence, distance, hits, sales, Business profit; and
the Enforcers' figures on the board (SF-E.3 to SF-E.5), which every board question counts.

The bottom of the rules with known.py: it imports no other rule module."""

from __future__ import annotations

from .. import data as D
from . import known as K

DISTRICT_TAGS = tuple(f"d{d}" for d in range(len(D.DISTRICTS)))
TAG_DISTRICT = {tag: d for d, tag in enumerate(DISTRICT_TAGS)}
# A gang's Deals, as places for its figures (`boss_loc` "deal0", ...)
DEAL_TAGS = tuple(f"deal{k}" for k in range(len(D.STARTING_DEALS) + len(D.DEALER_DECK)))


def boss_in(st, s: int, d: int) -> bool:
    return st.boss_loc[s] == DISTRICT_TAGS[d]


_POLICE_MOVES: dict = {}  # police cars' districts -> their moves (made once each)


def police_moves(st) -> tuple:
    """(from, to) of a police car's move to an adjacent district, sorted, each once."""
    key = tuple(st.police)
    moves = _POLICE_MOVES.get(key)
    if moves is None:
        moves = _POLICE_MOVES[key] = tuple(sorted({(a, b) for a in key for b in D.ADJ[a]}))
    return moves


def figures_in(st, s: int, d: int) -> int:
    """Thugs of seat s in district d, the Angry Boss and an Enforcer (SF-E.3) included."""
    return (
        st.dist[s][d]
        + (1 if st.boss_loc[s] == DISTRICT_TAGS[d] else 0)
        + (1 if st.enf_loc[s] == d else 0)
    )


def figures(st, s: int) -> list:
    """figures_in(st, s, d) for every district d."""
    out = list(st.dist[s])
    boss = TAG_DISTRICT.get(st.boss_loc[s])
    if boss is not None:
        out[boss] += 1
    if st.enf_loc[s] >= 0:
        out[st.enf_loc[s]] += 1
    return out


def presence(st, s: int, d: int) -> bool:
    """A thug, the Angry Boss, a control marker or the Home District marker gives presence."""
    if st.home[s] == d or st.dist[s][d] or st.boss_loc[s] == DISTRICT_TAGS[d]:
        return True
    if st.enf_loc[s] == d:
        return True
    control = st.control
    for n in D.HOODS_IN[d]:
        if control[n] == s:
            return True
    return False


def distance_bonus(st, s: int, d: int) -> int:
    """Districts on the shortest presence chain from the Home District to d, d included."""
    home = st.home[s]
    if home == d or home < 0:
        return 0
    seen = {home: 0}
    frontier = [home]
    while frontier:
        nxt = []
        for a in frontier:
            for b in D.ADJ[a]:
                if b not in seen and presence(st, s, b):
                    seen[b] = seen[a] + 1
                    if b == d:
                        return seen[b]
                    nxt.append(b)
        frontier = nxt
    return 0


def sale_value(st, s: int, n: int) -> int:
    hood = D.HOODS[n]
    value = hood["price"]
    if s != st.automa:  # the solo gang has no Distance bonus (SF-S.20)
        value += D.C["distance_bonus"] * distance_bonus(st, s, hood["district"])
    if st.enforcer[s] >= 0:
        value += sale_bonus(st, s, hood["district"])
    if st.business[n] == "jazz":
        value += D.C["jazz_bonus"]
    if "sale" in st.shields[s]:
        value += D.C["jazz_bonus"]  # a DURATION shield "sale" adds the same +5
    return value


def sales(st, s: int) -> list[tuple[int, str]]:
    """(neighborhood, good) pairs seat s can sell now."""
    out = []
    alcohol, guns = st.alcohol[s] > 0, st.guns[s] > 0
    if not (alcohol or guns):
        return out
    control, n = st.control, -1
    for _ in range(control.count(s)):  # the neighborhoods s controls, found by the list itself
        n = control.index(s, n + 1)
        hood = D.HOODS[n]
        if hood["district"] == st.ness:
            continue
        for good in hood["buys"]:
            if alcohol if good == "alcohol" else guns:
                out.append((n, good))
    return out


def can_sell(st, s: int) -> bool:
    """Whether `sales(st, s)` has any (without making the list)."""
    alcohol, guns = st.alcohol[s] > 0, st.guns[s] > 0
    if not (alcohol or guns):
        return False
    control, n = st.control, -1
    for _ in range(control.count(s)):  # the neighborhoods s controls, found by the list itself
        n = control.index(s, n + 1)
        if D.HOOD_DISTRICT[n] != st.ness and (
            (alcohol and D.HOOD_BUYS_ALCOHOL[n]) or (guns and D.HOOD_BUYS_GUNS[n])
        ):
            return True
    return False


def sell(st, s: int, n: int, good: str) -> None:
    if good == "alcohol":
        st.alcohol[s] -= 1
    else:
        st.guns[s] -= 1
    value = sale_value(st, s, n)
    st.money[s] += value
    K.counted(st, "money", s, value)  # the sale and its price are public
    st.say(f"{name(st, s)} sells {good} in {D.HOODS[n]['name']}")
    st.say(f"you gain {value} money", (s,))


def business_profit(st, kind: str) -> int:
    """Profit per marker: the column's value at the row of markers of that type on the board."""
    business = st.business
    if kind in ("nightclub", "jazz"):  # one column
        column, on_board = "nightclub", business.count("nightclub") + business.count("jazz")
    else:
        column, on_board = kind, business.count(kind)
    values = D.PROFIT[column]
    return values[min(max(on_board, 1), len(values)) - 1]


def profit_of(st, s: int) -> int:
    control, business, n = st.control, st.business, -1
    total = 0
    for _ in range(control.count(s)):  # the neighborhoods s controls, found by the list itself
        n = control.index(s, n + 1)
        if business[n]:
            total += business_profit(st, business[n])
    return total


def name(st, s: int) -> str:
    return GANG_NAMES[st.gang[s]] or f"seat {s}"  # (a seat not yet given its gang: -1)


def by_gang(phrases) -> tuple:
    """`phrases(the gang's name)` for each gang, then "" at [-1], the gang of a seat without one:
    the lines of narration told most often, made once. Told as
    `(TABLE[st.gang[s]] or phrases(name(st, s)))[key]`, so that each line is worded in one
    place, and a seat without a gang yet gets its lines worded when told."""
    return (*(phrases(gang) for gang in D.GANGS), "")


# Each gang's name: one look-up, no test, for the many lines of narration that name a gang.
GANG_NAMES = by_gang(lambda gang: gang)


def a_thug(st, s: int) -> str:
    """One of seat s's thugs, in words: "a Chicago Outfit thug"."""
    g = st.gang[s]
    return D.A_THUG[g] if g >= 0 else f"a thug of seat {s}"


def the_boss(st, s: int) -> str:
    """Seat s's Angry Boss, in words: "the Chicago Outfit's Angry Boss"."""
    g = st.gang[s]
    return (
        f"the {D.GANGS[g].removeprefix('The ')}'s Angry Boss"
        if g >= 0
        else f"seat {s}'s Angry Boss"
    )


def hittable(st, s: int, d: int) -> bool:
    return figures_in(st, s, d) > 0 and "hit" not in st.shields[s] and not guarded(st, s, d)


def hit(st, s: int, d: int) -> None:
    """A hit thug goes to the Hospital, or to Prison where Angry Eliot Ness stands. A regular
    thug is hit before the Angry Boss (our choice)."""
    where = "prison" if d == st.ness else "hospital"
    who = a_thug(st, s)
    if st.dist[s][d]:
        st.dist[s][d] -= 1
        if where == "prison":
            st.prison[s] += 1
        else:
            st.hospital[s] += 1
    elif st.boss_loc[s] == DISTRICT_TAGS[d]:
        st.boss_loc[s] = where
        who = the_boss(st, s)
    else:  # the Enforcer, hit last (SF-E.4)
        lose_enforcer(st, s)
        return
    st.say(f"{who} in {D.DISTRICTS[d]} is hit and goes to {where}")


def kill(st, s: int, d: int) -> None:
    """A killed thug goes back to the Slums; the Angry Boss goes to the Hospital instead;
    where Angry Eliot Ness stands, both go to Prison."""
    ness = d == st.ness
    if st.dist[s][d]:
        st.dist[s][d] -= 1
        if ness:
            st.prison[s] += 1
        else:
            st.slums[s] += 1
    elif st.boss_loc[s] == DISTRICT_TAGS[d]:
        st.boss_loc[s] = "prison" if ness else "hospital"
        # SF-4.4: a killed Angry Boss is not gone, he goes to the Hospital (Prison with Ness)
        st.say(f"{the_boss(st, s)} in {D.DISTRICTS[d]} is shot and goes to {st.boss_loc[s]}")
        return
    else:  # the Enforcer, killed last (SF-E.4)
        lose_enforcer(st, s)
        return
    st.say(f"{a_thug(st, s)} in {D.DISTRICTS[d]} is killed")


def to_prison_from_anywhere(st, s: int) -> bool:
    """One of s's thugs goes to Prison: from Headquarters first, else from the district with
    most of its figures; in each place a regular thug before the Angry Boss, who counts as a
    thug (SF-14.5)."""
    if st.hq[s]:
        st.hq[s] -= 1
        st.prison[s] += 1
        return True
    if st.boss_loc[s] == "hq":
        st.boss_loc[s] = "prison"
        return True
    thugs = list(st.dist[s])  # the thugs and the Angry Boss in each district
    if st.boss_loc[s] in TAG_DISTRICT:
        thugs[TAG_DISTRICT[st.boss_loc[s]]] += 1
    best = max(range(len(D.DISTRICTS)), key=thugs.__getitem__)
    if st.dist[s][best]:
        st.dist[s][best] -= 1
        st.prison[s] += 1
        return True
    if st.boss_loc[s] == DISTRICT_TAGS[best]:
        st.boss_loc[s] = "prison"
        return True
    return False


def most_crowded(st, s: int) -> int:
    """The district with most of s's figures (lowest index on ties), or -1."""
    best, count = -1, 0
    for d in range(len(D.DISTRICTS)):
        f = figures_in(st, s, d)
        if f > count:
            best, count = d, f
    return best


def seize_cost(st, s: int, n: int) -> int:
    owner = st.control[n]
    d = D.HOODS[n]["district"]
    cost = D.HOODS[n]["shield"] + (figures_in(st, owner, d) if owner >= 0 else 0)
    if st.enforcer[s] >= 0:  # the Torpedo (SF-E.5)
        cost = max(1, cost - seize_discount(st, s, d))
    return cost


def can_seize(st, s: int, n: int) -> bool:
    owner = st.control[n]
    d = D.HOODS[n]["district"]
    if owner == s or figures_in(st, s, d) == 0 or d in st.police:
        return False
    if owner >= 0 and "seize" in st.shields[owner]:
        return False
    return controlled(st, s) < D.C["control_markers"]


def controlled(st, s: int) -> int:
    return st.control.count(s)


# ----- the Enforcers on the board (SF-E.3 to SF-E.5; hiring and moving them: modes/enforcers.py)
def working(st, s, ability: str) -> int:
    """The district where s's Enforcer with `ability` stands and works, else -1 (SF-E.5)."""
    e = st.enforcer[s]
    if e < 0 or D.ENFORCERS[e]["ability"] != ability:
        return -1
    d = st.enf_loc[s]
    return d if d != st.ness else -1


def guarded(st, s, d) -> bool:
    """The Bodyguard: s's figures in its district cannot be hit."""
    return st.enforcer[s] >= 0 and working(st, s, "guard") == d


def seize_discount(st, s, d) -> int:
    if st.enforcer[s] >= 0 and working(st, s, "torpedo") == d:
        return D.ENFORCERS[st.enforcer[s]]["torpedo"]
    return 0


def sale_bonus(st, s, d) -> int:
    if st.enforcer[s] >= 0 and working(st, s, "bagman") == d:
        return D.ENFORCERS[st.enforcer[s]]["bagman"]
    return 0


def lose_enforcer(st, s) -> None:
    """SF-E.4: a hit or killed Enforcer leaves the gang; its card can be hired again."""
    e = st.enforcer[s]
    st.enforcer[s] = st.enf_loc[s] = -1
    st.enforcers.append(e)
    st.enforcers.sort()
    st.say(f"{name(st, s)} loses the Enforcer {D.ENFORCERS[e]['name']}")
