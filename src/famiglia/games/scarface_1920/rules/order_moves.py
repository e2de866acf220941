"""What the moves of the order phase do (SF-5.4, SF-6): each step of the order given, paid
from its points (`order_m`, `order_i`); the Street Gangs and skills played between two steps;
finishing it. Which steps are possible is order_steps.py's.
"""

from __future__ import annotations

from famiglia.core.text import plural

from .. import data as D
from ..modes import enforcers as E
from . import board as B
from . import known as K
from .crime import move_police
from .effects import card_ops, most_wanted_reward, place_business, refill_market, schedule
from .strength import upgrade_cost
from .turn import play_street_gang, use_match, use_skill


def finish(st, s, a) -> None:
    st.phase = "actions"
    st.order_kind = ""


# What each step does (MOVES below marks first that a step was carried out).
def _recruit_step(st, s, a) -> None:
    st.order_i -= 1
    schedule(st, [["recruit", s, 1]])


def _draw_job(st, s, a) -> None:
    st.order_i -= 1
    schedule(st, [["job", s, 1]])


def _draw_dealer(st, s, a) -> None:
    st.order_i -= 1
    did = st.dealer_deck.pop()
    st.deals[s].append(did)
    st.deal_thugs[s].append(0)
    st.say(f"{B.name(st, s)} gets the dealer {D.DEALERS[did]['name']}")


def _sell_step(st, s, a) -> None:
    st.order_i -= 1
    B.sell(st, s, a[0], a[1])


def _hire_step(st, s, a) -> None:
    hire(st, s, a[0])


def _hire_enforcer(st, s, a) -> None:
    E.hire(st, s, a)


def _decontrol_step(st, s, a) -> None:
    st.order_i -= 5
    st.say(f"{B.name(st, s)} removes the control marker in {D.HOODS[a[0]]['name']}")
    st.control[a[0]] = -1


def _reduce_crime(st, s, a) -> None:
    st.order_i -= 1
    schedule(st, [["crime", s, -1]])


def _add_business(st, s, a) -> None:
    st.order_i -= 1
    place_business(st, a[0], a[1])


def _free_prison(st, s, a) -> None:
    st.order_i -= 2
    schedule(st, [["retrieve_prison", s, 99]])


def _sell_auth_step(st, s, a) -> None:
    st.order_i -= 1
    if a[0] == "alcohol":
        st.alcohol[s] -= 1
    else:
        st.guns[s] -= 1
    st.money[s] += D.C["authorities_sale"]
    K.counted(st, "money", s, D.C["authorities_sale"])
    st.say(f"{B.name(st, s)} sells 1 {'gun' if a[0] == 'guns' else a[0]} to the authorities")
    st.say(f"you gain {D.C['authorities_sale']} money", (s,))  # as a sale in a neighborhood


def _send_step(st, s, a) -> None:
    st.order_m -= 1
    if a[1] == "boss":
        st.boss_loc[s] = B.DISTRICT_TAGS[a[0]]
    else:
        st.hq[s] -= 1
        st.dist[s][a[0]] += 1
    st.say(f"{B.name(st, s)} sends a figure to {D.DISTRICTS[a[0]]}")


def _move_step(st, s, a) -> None:
    st.order_m -= 1
    if a[2] == "boss":
        st.boss_loc[s] = B.DISTRICT_TAGS[a[1]]
    else:
        st.dist[s][a[0]] -= 1
        st.dist[s][a[1]] += 1
    st.say(f"{B.name(st, s)} moves a figure from {D.DISTRICTS[a[0]]} to {D.DISTRICTS[a[1]]}")


def _move_car(st, s, a) -> None:
    st.order_m -= 1
    move_police(st, s, a[0], a[1], at_once=True)


def _move_truck(st, s, a) -> None:
    st.order_m -= 1
    st.truck[s] = a[1]
    st.dist[s][a[0]] -= a[2]
    st.dist[s][a[1]] += a[2]
    st.say(
        f"{B.name(st, s)} drives its truck from {D.DISTRICTS[a[0]]} to {D.DISTRICTS[a[1]]}"
        f" with {plural(a[2], 'thug')}"
    )


def _seize_step(st, s, a) -> None:
    seize(st, s, a[0])


def _deal_step(st, s, a) -> None:
    k, did, pay, boss = a
    deal = D.DEALERS[did]
    if pay == "muscle":
        st.order_m -= deal["cost"]
    else:
        st.order_i -= deal["cost"]
    if boss:
        st.boss_loc[s] = f"deal{k}"
    else:
        st.hq[s] -= 1
        st.deal_thugs[s][k] += 1
    st.alcohol[s] += deal_gives(st, s, deal, "alcohol")
    st.guns[s] += deal_gives(st, s, deal, "guns")
    st.say(f"{B.name(st, s)} gets supply from {deal['name']}")


def _upgrade_step(st, s, a) -> None:
    upgrade(st, s, a)


def deal_gives(st, s, deal, good) -> int:
    """SF-6.10: a Deal's goods of one kind plus the dealers-supply upgrade, up to its storage."""
    if not deal[good]:
        return 0
    return min(deal[good] + st.dealer_bonus[s], deal["storage"])


def hire(st, s, cid) -> None:
    """Hiring: pay influence = stars; 1-3 stars join the Plan, 4-5 the hand; take the Family
    Ring and the Most Wanted reward of the card's Crime type (the hirer picks one of two)."""
    card = D.CARDS[cid]
    st.order_i -= card["stars"]
    st.market.remove(cid)
    if card["stars"] >= D.C["market_hand_stars"]:
        st.hand[s].append(cid)
        st.hand_known[s].append(cid)  # everyone saw it go there
    else:
        st.plan[s].append(cid)
    st.ring = s
    st.say(f"{B.name(st, s)} hires {card['name']} and takes the Family Ring")
    refill_market(st)
    if len(card["crimes"]) == 1:
        schedule(st, card_ops(s, most_wanted_reward(st, card["crimes"][0])))
    else:
        schedule(st, [["mw", s, list(card["crimes"])]])


def seize(st, s, n) -> None:
    st.order_m -= B.seize_cost(st, s, n)
    old = st.control[n]
    st.control[n] = s
    st.say(
        f"{B.name(st, s)} seizes {D.HOODS[n]['name']}"
        + (f" from {B.name(st, old)}" if old >= 0 else "")
    )


def upgrade(st, s, a) -> None:
    kind, cid, pm, pi = a
    K.spent(st, "money", s, upgrade_cost(st, s))
    st.money[s] -= upgrade_cost(st, s)
    st.order_m -= pm
    st.order_i -= pi
    st.upgrades[s] += 1
    if kind == "boss":
        st.boss_row[s] += 1
    elif kind == "hand":
        st.hand_size[s] += 1
    elif kind == "lawyers":
        st.lawyers[s] += 1
    elif kind == "recruiters":
        st.recruiters[s] += 1
    elif kind == "dealers":
        st.dealer_bonus[s] += 1
    else:
        st.discard[s].append(cid)
    st.say(f"{B.name(st, s)} upgrades the gang ({kind})")
    schedule(st, [["crime", s, 1]])


def _step(does):
    """A step of the order: once one is carried out, the order may be finished (SF-5.3)."""

    def step(st, s, a) -> None:
        st.order_flag = 1
        does(st, s, a)

    return step


_STEPS = {
    "recruit": _recruit_step,
    "draw_job": _draw_job,
    "draw_dealer": _draw_dealer,
    "sell": _sell_step,
    "hire": _hire_step,
    "hire_enforcer": _hire_enforcer,
    "decontrol": _decontrol_step,
    "reduce_crime": _reduce_crime,
    "add_business": _add_business,
    "free_prison": _free_prison,
    "sell_auth": _sell_auth_step,
    "send": _send_step,
    "move": _move_step,
    "move_car": _move_car,
    "move_truck": _move_truck,
    "seize": _seize_step,
    "deal": _deal_step,
    "upgrade": _upgrade_step,
}

# The order phase's moves by kind, looked up at once (the State looks the move up itself):
# finishing the order, the Street Gangs and skills played between two steps (SF-14.11; the
# order then goes on) and the steps.
MOVES = {
    "order_done": finish,
    "skill": use_skill,
    "match": use_match,
    "play_sg": play_street_gang,
    **{kind: _step(does) for kind, does in _STEPS.items()},
}
