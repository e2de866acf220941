"""Turns: the Action turn (Plan, skills, jobs, street gangs, extortion, bribery, Ness) and the
Reorganization turn, as the Turns Aid Sheet orders them; the next turn; the cap."""

from __future__ import annotations

from .. import data as D
from ..actions import act
from . import board as B
from . import known as K
from .crime import area, change_crime, move_police
from .effect_checks import usefulness
from .effects import AUTO, card_ops, schedule
from .strength import healing_value


# ----- turn start and end --------------------------------------------------------------------
def _turn_start(st, item) -> None:
    s = st.turn_seat
    if st.ring == s:
        gain = D.RING[st.gangs]
        st.money[s] += gain
        K.counted(st, "money", s, gain)
        st.say(f"{B.name(st, s)} holds the Family Ring", None)
        st.say(f"you gain {gain} money from the Family Ring", (s,))
    # DURATION cards leave at the start of their owner's next turn. (Lists emptied only when
    # they hold something: most turns nothing is left over, and no new list need be made.)
    if st.duration_cards[s]:
        st.discard[s].extend(st.duration_cards[s])
        st.duration_cards[s] = []
    if st.shields[s]:
        st.shields[s] = []
    if st.used:
        st.used = []
    st.order_used = st.extortion_used = st.ignore_tokens = 0
    st.order_kind = ""
    st.enf_moved = st.shot_used = 0
    if s == st.automa:  # the solo gang's turn (SF-S.4)
        schedule(st, [["solo_turn", s]])
        return
    items = []
    for cid in st.snitches[s]:  # a SNITCH matching skill stays active: it works every turn
        items += card_ops(s, D.CARDS[cid]["match"])
    if items:
        schedule(st, items)
    action = bool(st.hand[s] or st.deck[s])  # an Action turn, or a Reorganization turn
    st.phase = "plan" if action else "reorg"
    st.say((TURN_LINES[st.gang[s]] or _turns(B.name(st, s)))[action])


def _turns(who: str) -> tuple:
    return (f"{who}: Reorganization turn", f"{who}: Action turn")


TURN_LINES = B.by_gang(_turns)  # by gang and kind of turn (Action: 1)


def _next_turn(st, item) -> None:
    if st.turns >= st.max_turns:
        st.capped = 1
        st.phase = "over"
        st.say("the turn limit ends the game")
        return
    st.turns += 1
    st.turn_seat = (st.turn_seat + 1) % len(st.gang)  # (st.gangs, without the property)
    _turn_start(st, ["turn_start", st.turn_seat])  # (at once: queued, it would be the next op run)


def _end_turn(st, item) -> None:
    """Discard the Plan (DURATION cards stay), draw up to hand size, take bullet tokens."""
    s = st.turn_seat
    used, plan = st.used, st.plan[s]  # st.used: pairs (card, how its skill was used)
    if "duration" not in used:  # (most turns: the whole Plan is discarded)
        st.discard[s] += plan
        discarded = len(plan)
    else:
        duration = {used[i] for i in range(0, len(used), 2) if used[i + 1] == "duration"}
        discarded = 0
        for cid in plan:
            if cid in duration:
                st.duration_cards[s].append(cid)
            else:
                st.discard[s].append(cid)
                discarded += 1
    st.plan[s] = []
    # Draw, take bullet tokens, the next turn: at once, in this order (queued, they would be
    # the next ops run: neither the draw nor the tokens asks a decision or queues anything).
    # The solo gang, which carries some out its own way, has no Action turn to end.
    _DRAW(st, ["draw", s, st.hand_size[s] - len(st.hand[s])])  # (none if it is <= 0)
    _BULLETS(st, ["bullets", s, D.BULLETS[discarded if discarded < 2 else 2]])
    _next_turn(st, ["next_turn", s])


_DRAW, _BULLETS = AUTO["draw"], AUTO["bullets"]


# ----- the Plan ------------------------------------------------------------------------------
# The tables below keep what a hand, a Plan or the skills used offer: the same few come back
# game after game. Each is emptied when full, so that endless play stays bounded.
_KEPT_MOST = 100_000


def _keep(table: dict, key, value):
    """`value`, stored under `key` in one of those tables."""
    if len(table) >= _KEPT_MOST:
        table.clear()
    table[key] = value
    return value


def plan_legal(st, s) -> tuple:
    """Each card of the hand to lay out, by number, then ending the Plan."""
    hand = tuple(st.hand[s])
    out = _PLAN_CHOICES.get(hand)
    if out is None:
        out = _keep(_PLAN_CHOICES, hand, (*(LAYS[cid] for cid in sorted(hand)), PLAN_DONE))
    return out


LAYS = tuple(act("lay", cid) for cid in range(len(D.CARDS)))
PLAN_DONE = act("plan_done")
# A hand, in the order held -> its Plan choices (they depend on its cards alone).
_PLAN_CHOICES: dict = {}


def lay(st, s, a) -> None:
    cid = a[0]
    st.hand[s].remove(cid)
    if st.hand_known[s]:  # (most often nobody knows a card of the hand)
        K.leave_hand(st, s, cid)
    st.plan[s].append(cid)
    st.say((LAY_LINES[st.gang[s]] or _laid(B.name(st, s)))[cid])


def _laid(who: str) -> tuple:
    return tuple(f"{who} lays out {card}" for card in D.CARD_NAMES)


LAY_LINES = B.by_gang(_laid)  # by gang and card (every card of every Plan is told)


def plan_done(st, s, a) -> None:
    st.phase = "actions"
    extra = len(st.plan[s]) - 2
    if extra > 0:
        change_crime(st, s, extra)  # (at once: queued, it would be the next op run)


# ----- the Action turn -----------------------------------------------------------------------
def ness_vote_cost(st, s) -> int:
    level = st.crime[s]
    return (
        NESS_VOTE_COST[level] if 0 <= level < len(NESS_VOTE_COST) else D.NESS_VOTE_COST[area(level)]
    )


NESS_VOTE_COST = tuple(D.NESS_VOTE_COST[area(level)] for level in range(16))  # by Crime level


def skills_legal(st, s) -> list:
    """Skills and matching skills of the Plan not used yet and not null now (SF-5.3)."""
    plan = st.plan[s]
    if not plan:
        return []
    key = tuple(plan)
    offers = _PLAN_OFFERS.get(key)
    if offers is None:
        offers = _plan_offers(key)
    spent = ()  # the codes of the skills used this turn
    if used := st.used:
        spent = _SPENT.get(done := tuple(used)) or _spent(done)
    out = []
    for skill, useful, code in offers:
        if code in spent:
            continue
        if useful is None or useful(st, s):
            out.append(skill)
    return out


def _code(cid: int, match: bool) -> int:
    """A card's skill (or matching skill) as one number, for the sets of those used."""
    return 2 * cid + match


# The skills used this turn (st.used, pairs (card, how its skill was used)) -> their codes: a
# pair marked "skill" is the card's skill, any other mark its matching skill. The same few
# come back turn after turn; cleared when full, so that endless play stays bounded.
_SPENT: dict = {}


def _spent(used: tuple) -> frozenset:
    spent = frozenset(_code(used[k], used[k + 1] != "skill") for k in range(0, len(used), 2))
    return _keep(_SPENT, used, spent)


# Per card: its Crime types (bits), its skill's action and whether it would do something now
# (None: always), the same of its matching skill.
SKILL_FACTS = tuple(
    (
        D.CARD_CRIME_BITS[cid],
        act("skill", cid),
        usefulness(card["skill"]),
        act("match", cid),
        usefulness(card["match"]),
    )
    for cid, card in enumerate(D.CARDS)
)
# A Plan's cards -> what it offers before any is used. They depend on these alone, and the
# same few come back turn after turn (1000 random 3-player games meet about 8,800); cleared
# when full, so that endless play stays bounded.
_PLAN_OFFERS: dict = {}


def _plan_offers(plan: tuple) -> tuple:
    """(skill or matching skill, its check, its code) for each card of the Plan, in its order:
    its skill, then its matching skill if active. A matching skill is active when another card
    in the Plan shares a Crime type: the Crime types of two or more cards (each card is in the
    Plan once)."""
    shared = seen = 0
    for cid in plan:
        bits = D.CARD_CRIME_BITS[cid]
        shared |= seen & bits
        seen |= bits
    offers = []
    for cid in plan:
        crimes, skill, skill_useful, match, match_useful = SKILL_FACTS[cid]
        offers.append((skill, skill_useful, _code(cid, False)))
        if crimes & shared:
            offers.append((match, match_useful, _code(cid, True)))
    return _keep(_PLAN_OFFERS, plan, tuple(offers))


PLAY_SG = tuple(act("play_sg", sid) for sid in range(len(D.STREET_GANGS)))


# The same few lists come back turn after turn: each is made once (they depend on the
# positions named in the key alone).
_BRIBES: dict = {}  # police cars' districts -> the bribes
NESS_VOTES = tuple(
    tuple(act("ness_votes", d) for d in range(len(D.DISTRICTS)) if d != ness)
    for ness in range(len(D.DISTRICTS))
)


def bribes(st) -> tuple:
    """SF-3.4: a police car to an adjacent district, each (from, to) once."""
    key = tuple(st.police)
    out = _BRIBES.get(key)
    if out is None:
        out = _BRIBES[key] = tuple(act("bribe", a, b) for a, b in B.police_moves(st))
    return out


def use_skill(st, s, a) -> None:
    cid = a[0]
    st.used += [cid, "skill"]
    st.say((SKILL_LINES[st.gang[s]] or _skills(B.name(st, s)))[cid])
    schedule(st, card_ops(s, D.CARDS[cid]["skill"]))


def use_match(st, s, a) -> None:
    cid = a[0]
    card = D.CARDS[cid]
    st.say((MATCH_LINES[st.gang[s]] or _matches(B.name(st, s)))[cid])
    if card["keyword"] == "snitch":
        # The snitch leaves the Plan and the deck for good; its matching skill stays active.
        st.plan[s].remove(cid)
        st.snitches[s].append(cid)
        st.say(f"{card['name']} becomes a snitch")
    st.used += [cid, "duration" if card["keyword"] == "duration" else "match"]
    schedule(st, card_ops(s, card["match"]))


def _skills(who: str) -> tuple:
    return tuple(f"{who} uses the skill of {c['name']}" for c in D.CARDS)


def _matches(who: str) -> tuple:
    return tuple(f"{who} uses the matching skill of {c['name']}" for c in D.CARDS)


def _street_gangs(who: str) -> tuple:
    return tuple(f"{who} plays street gang {sg['name']}" for sg in D.STREET_GANGS)


# by gang and card, or Street Gang
SKILL_LINES, MATCH_LINES, SG_LINES = map(B.by_gang, (_skills, _matches, _street_gangs))


def play_street_gang(st, s, a) -> None:
    sid = a[0]
    st.street_gangs[s].remove(sid)
    st.sg_deck.insert(0, sid)  # back face-down under the deck
    K.shown(st.sg_known, sid)
    st.say((SG_LINES[st.gang[s]] or _street_gangs(B.name(st, s)))[sid])
    # SF-10.1: the hit and one effect, each optional, in the order the player picks; nothing
    # comes in between (a victim's OPPORTUNITY waits for sg_end)
    schedule(st, [["sg_play", s, sid, 1, 1], ["sg_end", s, sid]])


def bribe(st, s, a) -> None:
    st.money[s] -= BRIBE_COST
    K.spent(st, "money", s, BRIBE_COST)
    st.say(BRIBE_LINES[st.gang[s]] or _bribes(B.name(st, s)))
    st.say(BRIBE_PAID, (s,))
    move_police(st, s, a[0], a[1], at_once=True)


def _bribes(who: str) -> str:
    return f"{who} bribes the police"


BRIBE_LINES = B.by_gang(_bribes)


def ness_votes(st, s, a) -> None:
    cost = ness_vote_cost(st, s)
    K.spent(st, "votes", s, cost)
    K.give_back(st, "votes", s, cost)
    st.ness = a[0]
    st.say(f"{B.name(st, s)} spends votes: Angry Eliot Ness moves to {D.DISTRICTS[a[0]]}")


def end_actions(st, s, a) -> None:
    st.phase = "end"
    _end_turn(st, ["end_turn", s])  # (at once: queued, it would be the next op run)


# ----- the Reorganization turn ---------------------------------------------------------------
def _reorg_sales(st, s) -> list[tuple[int, str]]:
    """(neighborhood, good) sales still open in this Reorganization: one per neighborhood."""
    sold = st.reorg_sold
    out = B.sales(st, s)
    if sold:
        out = [(n, g) for n, g in out if n not in sold]
    return out


def reorg_legal(st, s) -> list:
    """SF-11.5: the sales come in steps (a good, then a neighborhood, then confirm); stopping
    ("reorganize") is offered at each step and carries out the rest of the Reorganization.
    Before a sale is begun (and between sales) the player may also bribe and move Angry Eliot
    Ness with Votes: the Reorganization turn is his turn too (SF-3.4, SF-8.5)."""
    open_sales = _reorg_sales(st, s)
    if st.reorg_hood >= 0:
        out = [act("reorg_confirm", st.reorg_hood, st.reorg_good)]
    elif st.reorg_good:
        out = []
        for n, g in open_sales:
            if g == st.reorg_good:
                out.append(act("reorg_hood", n))
    else:
        goods = {g for _, g in open_sales} if open_sales else ()
        out = [REORG_GOOD[g] for g in ("alcohol", "guns") if g in goods] if goods else []
        out += anytime_legal(st, s)
    out.append(REORGANIZE)
    return out


REORGANIZE = act("reorganize")
REORG_GOOD = {g: act("reorg_good", g) for g in ("alcohol", "guns")}


def anytime_legal(st, s) -> tuple:
    """What a player may do at any moment of his turn's free actions, in the Action turn's
    actions and in the Reorganization turn: bribery (SF-3.4) and moving Angry Eliot Ness with
    Votes (SF-8.5), each paid. (Tuples made once, joined: the callers add them to their list.)"""
    # (the Crime Rate stays within the track: NESS_VOTE_COST's table is enough)
    ness = NESS_VOTES[st.ness] if st.votes[s] >= NESS_VOTE_COST[st.crime[s]] else ()
    return bribes(st) + ness if st.money[s] >= BRIBE_COST else ness


BRIBE_COST = D.C["bribe_cost"]
BRIBE_PAID = f"you pay {BRIBE_COST} money in bribes"


def reorg_good(st, s, a) -> None:
    st.reorg_good = a[0]


def reorg_hood(st, s, a) -> None:
    st.reorg_hood = a[0]


def reorg_confirm(st, s, a) -> None:
    n, good = a
    st.reorg_sold.append(n)
    st.reorg_good, st.reorg_hood = "", -1
    B.sell(st, s, n, good)


def reorganize(st, s, a) -> None:
    """Ends the sales (SF-11.5) and carries out the rest of the Reorganization (SF-11.1)."""
    st.say(f"{B.name(st, s)} reorganizes")
    st.reorg_good, st.reorg_hood, st.reorg_sold = "", -1, []
    # 2. Business profit
    gained = B.profit_of(st, s)
    st.money[s] += gained
    K.counted(st, "money", s, gained)
    st.say(f"you gain {gained} money from your businesses", (s,))
    # 3. retrieve thugs; Lawyers free prisoners; heal by the healing value
    st.hq[s] += st.authorities[s] + st.job_thugs[s] + sum(st.deal_thugs[s])
    st.authorities[s] = st.job_thugs[s] = 0
    st.deal_thugs[s] = [0] * len(st.deal_thugs[s])
    st.jobs[s] += st.active_jobs[s]  # everyone saw them: they stay known (job_known)
    st.active_jobs[s] = []
    if st.boss_loc[s] in ("authorities", "job") or st.boss_loc[s].startswith("deal"):
        st.boss_loc[s] = "hq"
    items = [["retrieve_prison", s, st.lawyers[s]], ["heal", s, healing_value(st, s)]]
    # 4. recruits; 5. reshuffle and draw; 6. time
    items.append(["recruit", s, st.recruiters[s]])
    st.deck[s] = st.discard[s]
    st.discard[s] = []
    st.rng.shuffle(st.deck[s])
    items.append(["draw", s, st.hand_size[s]])
    items.append(["time", s])
    schedule(st, items)
    st.phase = "end"


def _time(st, item) -> None:
    st.time += 1
    st.say(f"the Time marker advances to box {st.time}")
    if st.time >= D.C["time_boxes"]:
        schedule(st, [["extra", -1], ["next_turn", item[1]]])
    else:
        _next_turn(st, ["next_turn", item[1]])  # (at once: queued, it would be the next op run)


OPS = {"turn_start": _turn_start, "next_turn": _next_turn, "end_turn": _end_turn, "time": _time}
