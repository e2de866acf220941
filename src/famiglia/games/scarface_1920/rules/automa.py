"""The solo gang's Action turn (SF-S.5 to SF-S.11): Moving the solo gang, drawing Action cubes,
carrying out each cube's action, healing for the cubes left unused.

The solo gang has no seat: these are effect operations, run inside the player's move that ended
his turn. Each action follows a fixed rule, so the only chance in it is the state's own
generator (the cubes drawn, a tie between districts, a Most Wanted type).
"""

from __future__ import annotations

from .. import data as D
from . import board as B
from . import known as K
from .crime import refill_market
from .effects import card_ops, most_wanted_reward, place_business, schedule
from .jobs import unmet

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


def _underworld(st, g) -> None:
    from_hq(st, g, "underworld")
    schedule(st, [["crime", g, 1]])


def _name(st, g) -> str:
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
    st.say(f"{_name(st, g)} sells {what} in {D.HOODS[n]['name']} for {value} money")


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
    return D.SOLO["token_score_hood"] * hoods + D.SOLO["token_score_figure"] * figures


def _move(st, item) -> None:
    g, here = item[1], st.token
    scores = {d: token_score(st, g, d) for d in D.ADJ[here]}
    best = max(scores.values())
    if token_score(st, g, here) > best:
        st.say(f"{_name(st, g)} stays in {D.DISTRICTS[here]}")
        return
    tied = [d for d in D.ADJ[here] if scores[d] == best]
    st.token = tied[st.rng.below(len(tied))] if len(tied) > 1 else tied[0]
    st.say(f"{_name(st, g)} moves to {D.DISTRICTS[st.token]}")
    if st.tequila:
        from .tequila import flip_on_arrival

        flip_on_arrival(st, st.token)


# ----- the cubes ---------------------------------------------------------------------------------
def _draw(st, item) -> None:
    g = item[1]
    drawn = []
    for _ in range(min(D.SOLO["cubes_per_turn"], len(st.bag))):
        drawn.append(st.bag.pop(st.rng.below(len(st.bag))))
    st.cubes_out.extend(drawn)
    st.say(f"{_name(st, g)} draws the Action cubes: {', '.join(drawn)}")
    schedule(st, [*(["solo_cube", g, c] for c in drawn), ["solo_end", g]])


def _cube(st, item) -> None:
    g, kind = item[1], item[2]
    schedule(st, [["solo_ness", g]])  # Ness moves after the action, if a rise made him due
    if not ACTIONS[kind](st, g):
        st.unused += 1
        st.say(f"{_name(st, g)} cannot use its {kind} cube")


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
        st.say(f"{_name(st, g)} heals {healed} figure(s) into {where}")


# ----- the actions: each returns False when it cannot be carried out --------------------------
def _muscle(st, g) -> bool:
    """SF-S.8: seize, in the token's district if it can, else anywhere; else bring figures
    into the token's district."""
    t = st.token
    best, key, boss_here = -1, None, False
    for n in range(len(D.HOODS)):
        d = D.HOODS[n]["district"]
        boss = B.boss_in(st, g, d) and d != st.ness
        m, _ = strength(st, g, boss)
        if st.control[n] >= 0 and d != t:
            continue  # the player's ground only where its token stands
        if B.can_seize(st, g, n) and m >= B.seize_cost(st, g, n):
            k = (d == t, st.control[n] < 0, D.HOODS[n]["price"])
            if key is None or k > key:
                best, key, boss_here = n, k, boss
    if best >= 0:
        if boss_here:
            st.boss_bonus = 1
        old = st.control[best]
        st.control[best] = g
        st.say(
            f"{_name(st, g)} seizes {D.HOODS[best]['name']}"
            + (f" from {B.name(st, old)}" if old >= 0 else "")
        )
        return True
    if B.presence(st, g, t):
        return _send(st, g, [t])
    # From neighbouring districts, never the last figure of one (it keeps its presence there).
    sources = [b for b in D.ADJ[t] if B.figures_in(st, g, b) > 1]
    if not sources:
        return False
    boss_from = next((b for b in sources if B.boss_in(st, g, b)), -1)
    m, _ = strength(st, g, boss_from >= 0 and boss_from != st.ness)
    moved = 0
    if boss_from >= 0:
        st.boss_loc[g] = B.DISTRICT_TAGS[t]
        if boss_from != st.ness:
            st.boss_bonus = 1
        moved = 1
    for b in sources:
        while moved < m and st.dist[g][b] and B.figures_in(st, g, b) > 1:
            st.dist[g][b] -= 1
            st.dist[g][t] += 1
            moved += 1
    st.say(f"{_name(st, g)} moves {moved} figure(s) into {D.DISTRICTS[t]}")
    return True


def _send(st, g, only=None) -> bool:
    """SF-S.9: up to muscle figures from Headquarters, keeping a reserve there, each to the
    district with presence where it stands weakest against the player (the token's first on a
    tie, then board order); `only` limits the districts (the Muscle action)."""
    spare = hq_figures(st, g) - D.SOLO["hq_reserve"]
    if spare <= 0:
        return False if only else _recruit(st, g)
    m, _ = strength(st, g, st.boss_loc[g] == "hq")
    places = only or [d for d in range(len(D.DISTRICTS)) if B.presence(st, g, d)]
    sent = []
    while len(sent) < min(m, spare):
        d = min(places, key=lambda d: (_standing(st, g, d), d != st.token, d))
        from_hq(st, g, d)
        sent.append(D.DISTRICTS[d])
    st.say(f"{_name(st, g)} sends {len(sent)} figure(s) to {', '.join(sent)}")
    return True


def _recruit(st, g) -> bool:
    """Send, with no figure to spare: recruit up to influence thugs (Underworld)."""
    if not st.slums[g] or not hq_figures(st, g):
        return False
    _, i = strength(st, g, st.boss_loc[g] == "hq")
    _underworld(st, g)
    schedule(st, [["recruit", g, i]])
    return True


def _standing(st, g, d) -> int:
    """Its figures in d minus the most any rival has there."""
    return B.figures_in(st, g, d) - max(B.figures_in(st, o, d) for o in rivals(st, g))


def _sell(st, g) -> bool:
    """SF-S.9: sales, the best paying first; with nothing to sell, Supply instead."""
    if not sale_options(st, g):
        return _supply(st, g)
    if not hq_figures(st, g):
        return False
    _, i = strength(st, g, st.boss_loc[g] == "hq")
    _underworld(st, g)
    sell_best(st, g, i)
    return True


def _supply(st, g) -> bool:
    """SF-S.9 Supply; SF-T.12: Tequila's dealers supply once on the total, single Deals."""
    m, i = strength(st, g, st.boss_loc[g] == "hq")
    gained, used = {"alcohol": 0, "guns": 0}, 0
    for k, did in enumerate(st.deals[g]):
        deal = deal_card(st, did)
        budget = m if deal["pay"] == "muscle" else i
        on = st.deal_thugs[g][k] + (1 if st.boss_loc[g] == f"deal{k}" else 0)
        if on >= deal["limit"] or budget < deal["cost"] or not hq_figures(st, g):
            continue
        from_hq(st, g, f"deal{k}")
        if deal["pay"] == "muscle":
            m -= deal["cost"]
        else:
            i -= deal["cost"]
        used += 1
        if st.tequila:
            gained["alcohol"] += min(deal["alcohol"] + deal["guns"], deal["storage"])
            if k < len(st.deal_tokens):
                gained["alcohol"] += st.deal_tokens[k]  # tokens lying on it (SF-T.11)
                st.deal_tokens[k] = 0
        else:
            for good in ("alcohol", "guns"):
                if deal[good]:
                    gained[good] += min(deal[good] + st.dealer_bonus[g], deal["storage"])
        st.say(f"{_name(st, g)} gets supply from {deal['name']}")
    if not used:
        return _get_dealers(st, g, i)
    if st.tequila:
        st.tokens += gained["alcohol"] + st.dealer_bonus[g]
        st.say(f"Tequila now holds {st.tokens} Tequila token(s)")
    else:
        st.alcohol[g] += gained["alcohol"]
        st.guns[g] += gained["guns"]
    return True


def _get_dealers(st, g, i) -> bool:
    """When no Deal can be activated, Supply gets Dealers instead (Underworld, 1 per influence)."""
    if not st.dealer_deck or not hq_figures(st, g) or i < 1:
        return False
    _underworld(st, g)
    for _ in range(min(i, len(st.dealer_deck))):
        did = st.dealer_deck.pop()
        st.deals[g].append(did)
        st.deal_thugs[g].append(0)
        st.say(f"{_name(st, g)} gets the dealer {deal_card(st, did)['name']}")
    return True


def deal_card(st, did) -> dict:
    """A Deal as the solo gang uses it: Tequila's drawn Deals are single Deals (SF-T.12)."""
    if st.tequila and did not in D.TEQUILA_DEALS:
        s = D.SINGLE_DEAL
        return {
            "name": D.DEALERS[did]["name"] + " (single Deal)",
            "alcohol": s["tokens"],
            "guns": 0,
            "pay": s["pay"],
            "cost": s["cost"],
            "limit": s["limit"],
            "storage": s["storage"],
        }
    return D.DEALERS[did]


def _authorities(st, g) -> bool:
    """SF-S.10, at the Authorities (+1 Vote), the first that applies: a Crime Rate in the last
    area lowered; its prisoners freed when enough sit in Prison; a Business marker where it
    pays most; a lower Crime Rate."""
    if not hq_figures(st, g):
        return False
    _, i = strength(st, g, st.boss_loc[g] == "hq")
    free = [n for n in range(len(D.HOODS)) if st.control[n] == g and not st.business[n]]
    kinds = [k for j, k in enumerate(D.BUSINESS_KINDS[:3]) if st.track[j]]
    lower = min(i, st.crime[g] - st.ness_level)
    prisoners = st.prison[g] + (1 if st.boss_loc[g] == "prison" else 0)
    if lower > 0 and st.crime[g] > D.AREA_TOPS[-2]:
        what = "crime"
    elif i >= 2 and prisoners >= D.SOLO["free_prisoners"]:
        what = "prison"
    elif free and kinds:
        what = "business"
    elif lower > 0:
        what = "crime"
    else:
        return False
    from_hq(st, g, "authorities")
    st.votes[g] += 1
    K.counted(st, "votes", g, 1)
    st.say(f"{_name(st, g)} sends a figure to the Authorities and takes a Vote")
    if what == "business":
        kind = max(kinds, key=lambda k: (profit_after(st, k), -kinds.index(k)))
        place_business(st, free[0], kind)
    elif what == "prison":
        st.say(f"{_name(st, g)} gets its {prisoners} figure(s) out of Prison")
        schedule(st, [["retrieve_prison", g, prisoners]])
    else:
        schedule(st, [["crime", g, -lower]])
        st.say(f"{_name(st, g)} lowers its Crime Rate by {lower}")
    return True


def profit_after(st, kind) -> int:
    """Profit per marker of a kind once one more of it is on the board."""
    on_board = sum(1 for b in st.business if b == kind) + 1
    values = D.PROFIT[kind]
    return values[min(on_board, len(values)) - 1]


def _hire(st, g) -> bool:
    """SF-S.10 Hire; SF-S.27: a random Crime type of two for the Most Wanted reward."""
    if not hq_figures(st, g):
        return False
    _, i = strength(st, g, st.boss_loc[g] == "hq")
    best = -1
    for cid in st.market:
        if D.CARDS[cid]["stars"] <= i and (
            best < 0 or D.CARDS[cid]["stars"] > D.CARDS[best]["stars"]
        ):
            best = cid
    if best < 0:
        return False
    _underworld(st, g)
    card = D.CARDS[best]
    st.market.remove(best)
    st.discard[g].append(best)
    st.ring = g
    st.say(f"{_name(st, g)} hires {card['name']} and takes the Family Ring")
    refill_market(st)
    crimes = card["crimes"]
    crime = crimes[st.rng.below(len(crimes))] if len(crimes) > 1 else crimes[0]
    if len(crimes) > 1:
        st.say(f"the Most Wanted reward of {D.CRIMES[crime]} is drawn at random")
    schedule(st, card_ops(g, most_wanted_reward(st, crime)))
    return True


def job_ready(st, g, jid) -> bool:
    """All requirements met; Tequila's tokens cover alcohol and guns deliveries together."""
    needs = D.JOBS[jid]["needs"]
    if any(n[0] != "deliver" for n in unmet(st, g, jid)):
        return False
    wanted = {"alcohol": 0, "guns": 0}
    for n in needs:
        if n[0] == "deliver":
            wanted[n[1]] += n[2]
    if st.tequila:
        return wanted["alcohol"] + wanted["guns"] <= st.tokens
    return wanted["alcohol"] <= st.alcohol[g] and wanted["guns"] <= st.guns[g]


def _job(st, g) -> bool:
    """SF-S.11: fulfil a Job whose requirements are met, else draw Jobs."""
    if not hq_figures(st, g):
        return False
    ready = [jid for jid in st.jobs[g] if job_ready(st, g, jid)]
    if ready:
        jid = ready[0]
        from_hq(st, g, "job")
        for n in D.JOBS[jid]["needs"]:
            if n[0] == "deliver":
                if st.tequila:
                    st.tokens -= n[2]
                elif n[1] == "alcohol":
                    st.alcohol[g] -= n[2]
                else:
                    st.guns[g] -= n[2]
        st.jobs[g].remove(jid)
        st.job_discard.append(jid)
        st.say(f"{_name(st, g)} fulfils the job {D.JOBS[jid]['name']}")
        schedule(st, card_ops(g, D.JOBS[jid]["reward"]))
        return True
    if not st.job_deck:
        return False
    room = D.C["max_jobs"] - len(st.jobs[g])
    _, i = strength(st, g, st.boss_loc[g] == "hq")
    _underworld(st, g)
    if room <= 0:  # its hand of Jobs is full: the one furthest from done goes for a new one
        worst = max(st.jobs[g], key=lambda j: (len(unmet(st, g, j)), -st.jobs[g].index(j)))
        st.jobs[g].remove(worst)
        st.job_discard.append(worst)
        st.say(f"{_name(st, g)} gives up the job {D.JOBS[worst]['name']}")
        room = 1
    schedule(st, [["job", g, min(i, room)]])
    return True


def _upgrade(st, g) -> bool:
    """SF-S.11: one upgrade by the order of preference, if it can pay (no figure)."""
    cost = D.C["upgrade_money"] * (st.upgrades[g] + 1)
    m, i = strength(st, g)
    if st.money[g] < cost or st.upgrades[g] >= D.C["max_upgrades"] or m + i < 2:
        return False
    caps = {"boss": 5, "recruiters": 3, "dealers": 2, "lawyers": 3}
    field = {"boss": "boss_row", "recruiters": "recruiters", "dealers": "dealer_bonus"}
    for kind in D.SOLO_UPGRADES:
        values = getattr(st, field.get(kind, kind))
        if values[g] < caps[kind]:
            values[g] += 1
            break
    else:
        return False
    st.money[g] -= cost
    K.spent(st, "money", g, cost)
    st.upgrades[g] += 1
    st.say(f"{_name(st, g)} pays {cost} money and upgrades its gang ({kind})")
    schedule(st, [["crime", g, 1]])
    return True


ACTIONS = {
    "muscle": _muscle,
    "send": _send,
    "sell": _sell,
    "supply": _supply,
    "authorities": _authorities,
    "hire": _hire,
    "job": _job,
    "upgrade": _upgrade,
}

OPS = {
    "solo_move": _move,
    "solo_draw": _draw,
    "solo_cube": _cube,
    "solo_ness": _ness,
    "solo_end": _end,
}
