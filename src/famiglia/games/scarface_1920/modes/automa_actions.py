"""The solo gang's actions, one per Action cube (SF-S.8 to SF-S.11): each follows a fixed rule
and returns False when it cannot be carried out (its cube then stays unused, SF-S.26); and
the operation that carries out a drawn cube."""

from __future__ import annotations

from famiglia.core.text import plural

from .. import data as D
from ..rules import board as B
from ..rules import known as K
from ..rules.effects import card_ops, most_wanted_reward, place_business, refill_market, schedule
from ..rules.jobs import unmet
from .automa import from_hq, hq_figures, rivals, sale_options, sell_best, strength, underworld
from .automa import name as _name


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
    st.say(f"{_name(st, g)} moves {plural(moved, 'figure')} into {D.DISTRICTS[t]}")
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
    st.say(f"{_name(st, g)} sends {plural(len(sent), 'figure')} to {', '.join(sent)}")
    return True


def _recruit(st, g) -> bool:
    """Send, with no figure to spare: recruit up to influence thugs (Underworld)."""
    if not st.slums[g] or not hq_figures(st, g):
        return False
    _, i = strength(st, g, st.boss_loc[g] == "hq")
    underworld(st, g)
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
    underworld(st, g)
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
        st.say(f"Tequila now holds {plural(st.tokens, 'Tequila token')}")
    else:
        st.alcohol[g] += gained["alcohol"]
        st.guns[g] += gained["guns"]
    return True


def _get_dealers(st, g, i) -> bool:
    """When no Deal can be activated, Supply gets Dealers instead (Underworld, 1 per influence)."""
    if not st.dealer_deck or not hq_figures(st, g) or i < 1:
        return False
    underworld(st, g)
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
    took = K.take(st, "votes", g, 1)
    st.say(
        f"{_name(st, g)} sends a figure to the Authorities"
        + (" and takes a Vote" if took else " (no Vote is left in the supply)")
    )
    if what == "business":
        kind = max(kinds, key=lambda k: (profit_after(st, k), -kinds.index(k)))
        place_business(st, free[0], kind)
    elif what == "prison":
        st.say(f"{_name(st, g)} gets its {plural(prisoners, 'figure')} out of Prison")
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
    underworld(st, g)
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


def max_jobs(st) -> int:
    """Jobs the solo gang keeps (SF-S.11); Tequila keeps more, his guard against attacks
    (SF-T.20)."""
    return D.TEQ["max_jobs"] if st.tequila else D.C["max_jobs"]


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
    room = max_jobs(st) - len(st.jobs[g])
    _, i = strength(st, g, st.boss_loc[g] == "hq")
    underworld(st, g)
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


def _cube(st, item) -> None:
    """A drawn cube's action (SF-S.5); one it cannot carry out stays unused (SF-S.26)."""
    g, kind = item[1], item[2]
    schedule(st, [["solo_ness", g]])  # Ness moves after the action, if a rise made him due
    if not ACTIONS[kind](st, g):
        st.unused += 1
        st.say(f"{_name(st, g)} cannot use its {kind} cube")


OPS = {"solo_cube": _cube}
