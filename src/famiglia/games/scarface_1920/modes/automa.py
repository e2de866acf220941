"""The solo gang's Action turn (SF-S.5 to SF-S.7, SF-S.26): Moving the solo gang, drawing
Action cubes (each cube's action: automa_actions.py), healing for the cubes
left unused; and what its actions share: strength, figures from Headquarters, goods and sales.

The solo gang has no seat: these are effect operations, run inside the player's move that ended
his turn. Each action follows a fixed rule, so the only chance in it is the state's own
generator (the cubes drawn, a tie between districts, a Most Wanted type).
"""

from __future__ import annotations

from famiglia.core.text import plural

from .. import data as D
from ..rules import board as B
from ..rules import known as K
from ..rules.effects import schedule
from .tequila import flip_on_arrival

# Steps between two districts, for the figures the solo gang moves toward its token.
STEPS = []
for _a in range(len(D.DISTRICTS)):
    _seen, _frontier, _step = {_a: 0}, [_a], 0
    while _frontier:
        _step += 1
        _frontier = [b for x in _frontier for b in D.ADJ[x] if b not in _seen]
        for b in _frontier:
            _seen.setdefault(b, _step)
    STEPS.append(tuple(_seen[b] for b in range(len(D.DISTRICTS))))
STEPS = tuple(STEPS)


def rivals(st, g):
    return [o for o in range(st.gangs) if o != g]


# ----- strength and figures ------------------------------------------------------------------
def strength(st, g, boss_now: bool = False) -> tuple[int, int]:
    """SF-S.6, SF-S.21: the Boss row's muscle and influence; once the Angry Boss has been used
    this turn (or is used by this very action), influence is added to muscle."""
    m, i = D.BOSS_ROWS[st.boss_row[g] - 1]
    if st.boss_bonus or boss_now:
        m += i
    return m, i


def hq_figures(st, g) -> int:
    return st.hq[g] + (1 if st.boss_loc[g] == "hq" else 0)


def from_hq(st, g, where) -> bool:
    """Sends one figure from Headquarters to `where` (a district, "underworld", "authorities",
    "job" or "dealK"), the Angry Boss first (SF-S.21). False when Headquarters is empty."""
    if st.boss_loc[g] == "hq":
        st.boss_loc[g] = B.DISTRICT_TAGS[where] if isinstance(where, int) else where
        if not (isinstance(where, int) and where == st.ness):
            st.boss_bonus = 1
        return True
    if not st.hq[g]:
        return False
    st.hq[g] -= 1
    if isinstance(where, int):
        st.dist[g][where] += 1
    elif where == "underworld":
        st.underworld[g] += 1
    elif where == "authorities":
        st.authorities[g] += 1
    elif where == "job":
        st.job_thugs[g] += 1
    else:
        st.deal_thugs[g][int(where[4:])] += 1
    return True


def underworld(st, g) -> None:
    from_hq(st, g, "underworld")
    schedule(st, [["crime", g, 1]])


def name(st, g) -> str:
    return "Tequila" if st.tequila else "the solo gang"


# ----- goods: alcohol and guns, or Tequila tokens (SF-T.11) ----------------------------------
def has_good(st, g, good) -> bool:
    if st.tequila:
        return st.tokens > 0
    return (st.alcohol if good == "alcohol" else st.guns)[g] > 0


def sale_options(st, g, exclude=()) -> list[tuple[int, int, str]]:
    """(value, neighborhood, good) of every sale the solo gang can make now, best first."""
    out = []
    for n in range(len(D.HOODS)):
        hood = D.HOODS[n]
        if st.control[n] != g or hood["district"] == st.ness or n in exclude:
            continue
        for good in hood["buys"]:
            if has_good(st, g, good):
                out.append((B.sale_value(st, g, n), n, good))
                if st.tequila:
                    break  # a token is either good: one sale option per neighborhood
    out.sort(key=lambda x: (-x[0], x[1]))
    return out


def sell(st, g, n, good) -> None:
    if st.tequila:
        st.tokens -= 1
        what = "a Tequila token"
    else:
        if good == "alcohol":
            st.alcohol[g] -= 1
        else:
            st.guns[g] -= 1
        what = good
    value = B.sale_value(st, g, n)
    st.money[g] += value
    K.counted(st, "money", g, value)
    st.say(f"{name(st, g)} sells {what} in {D.HOODS[n]['name']} for {value} money")


def sell_best(st, g, n_sales: int, once_per_hood: bool = False) -> int:
    done, sold = 0, []
    while done < n_sales:
        options = sale_options(st, g, sold if once_per_hood else ())
        if not options:
            break
        _, n, good = options[0]
        sell(st, g, n, good)
        sold.append(n)
        done += 1
    return done


# ----- Moving the solo gang (SF-S.7, SF-T.14) -------------------------------------------------
def token_score(st, g, d) -> int:
    hoods = 0
    if d not in st.police:
        hoods = sum(1 for n in D.HOODS_IN[d] if st.control[n] != g)
    figures = sum(B.figures_in(st, o, d) for o in rivals(st, g))
    score = D.SOLO["token_score_hood"] * hoods + D.SOLO["token_score_figure"] * figures
    if st.tequila and d != st.token and not st.targets[d]:
        score += D.TEQ["gunshot_score"]  # SF-T.19: the Target tokens lead Tequila's moves
    return score


def _move(st, item) -> None:
    g, here = item[1], st.token
    scores = {d: token_score(st, g, d) for d in D.ADJ[here]}
    best = max(scores.values())
    if token_score(st, g, here) > best:
        st.say(f"{name(st, g)} stays in {D.DISTRICTS[here]}")
        return
    tied = [d for d in D.ADJ[here] if scores[d] == best]
    st.token = tied[st.rng.below(len(tied))] if len(tied) > 1 else tied[0]
    st.say(f"{name(st, g)} moves to {D.DISTRICTS[st.token]}")
    if st.tequila:
        flip_on_arrival(st, st.token)


# ----- the cubes ---------------------------------------------------------------------------------
def _draw(st, item) -> None:
    g = item[1]
    drawn = []
    for _ in range(min(D.SOLO["cubes_per_turn"], len(st.bag))):
        drawn.append(st.bag.pop(st.rng.below(len(st.bag))))
    st.cubes_out.extend(drawn)
    st.say(f"{name(st, g)} draws the Action cubes: {', '.join(drawn)}")
    schedule(st, [*(["solo_cube", g, c] for c in drawn), ["solo_end", g]])


def _ness(st, item) -> None:
    if st.ness_due:
        st.ness_due = 0
        schedule(st, [["ness_sg", -1]])


def _end(st, item) -> None:
    """SF-S.26: unused cubes heal; then the turn passes."""
    g = item[1]
    if st.unused:
        heal(st, g, st.unused)
    st.unused = 0
    st.boss_bonus = 0
    schedule(st, [["next_turn", g]])


def heal(st, g, n) -> None:
    """Heals up to n figures, the Angry Boss first: into Headquarters when 1 or fewer figures
    are there, into the Home District when 2 or more are (read once, before healing)."""
    to_hq = hq_figures(st, g) <= 1
    healed = 0
    while healed < n:
        if st.boss_loc[g] == "hospital":
            st.boss_loc[g] = "hq" if to_hq else B.DISTRICT_TAGS[st.home[g]]
        elif st.hospital[g]:
            st.hospital[g] -= 1
            if to_hq:
                st.hq[g] += 1
            else:
                st.dist[g][st.home[g]] += 1
        else:
            break
        healed += 1
    if healed:
        where = "Headquarters" if to_hq else "its Home District"
        st.say(f"{name(st, g)} heals {plural(healed, 'figure')} into {where}")


OPS = {
    "solo_move": _move,
    "solo_draw": _draw,
    "solo_ness": _ness,
    "solo_end": _end,
}
