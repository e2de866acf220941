"""What a seat may see of a game of Scarface 1920 (its view), and a sample of what it cannot see
(determinize): the gang screens, hands and face-down decks stay hidden (SF-13)."""

from __future__ import annotations

from famiglia.core import Rng

from . import data as D
from .state import PRIVATE


def view(st, seat: int | None) -> dict:
    """What `seat` may see (None: a spectator): the board, and of each gang its public
    part; the seat's own screen and hand; the solo gang's screen, which it has not (SF-S.3)."""
    public = {
        "phase": st.phase,
        "turn_seat": st.turn_seat,
        "turns": st.turns,
        "family_ring": st.ring,
        "eliot_ness": st.ness,
        "ness_level": st.ness_level,
        "gmen_level": st.gmen_level,
        "gmen_card": st.gmen,
        "time": st.time,
        "control": list(st.control),
        "business": list(st.business),
        "police": list(st.police),
        "nightclub_column": list(st.nightclubs),
        "business_track": list(st.track),
        "market": list(st.market),
        "candidates": list(st.candidates),
        "most_wanted": list(st.mw_active),
        "news": list(st.news_seen),
        "decks": {
            "associates": len(st.assoc_deck),
            "jobs": len(st.job_deck),
            "dealers": len(st.dealer_deck),
            "raids": len(st.raid_deck),
            "news": len(st.news_deck),
            "street_gangs": len(st.sg_deck),
        },
        "raid_discard": list(st.raid_discard),
        "waiting_for": st.pending[0] if st.pending else "",
        # SF-10.3: whose opportunity is asked, and what triggered it (a hit or a Raid)
        "opportunity": (
            {"seat": st.pending[1], "trigger": st.pending[2]}
            if st.pending and st.pending[0] == "opp"
            else None
        ),
        "order": [st.order_kind, st.order_m, st.order_i] if st.phase == "order" else [],
        # SF-13.5: the figure carrying the order out and whether one of its steps is done are
        # seen by all, and the steps offered depend on them
        "order_figure": st.order_fig if st.phase == "order" else "",
        "order_step_done": bool(st.order_flag) if st.phase == "order" else False,
        "reorganization_sales": {
            "sold_in": list(st.reorg_sold),
            "good": st.reorg_good,
            "neighborhood": st.reorg_hood,
        },
        "supply": {"bullets": st.bullet_supply, "votes": st.vote_supply},  # SF-9.7
        "elected": st.elected,
        "voted": [v >= 0 for v in st.votes_cast],
    }
    if st.solo or st.tequila:
        public["solo_and_tequila"] = _modes_view(st)
    gangs = []
    for s in range(st.gangs):
        g = {
            "gang": st.gang[s],
            "home": st.home[s],
            "crime": st.crime[s],
            "alcohol": st.alcohol[s],
            "guns": st.guns[s],
            "boss_row": st.boss_row[s],
            "hand_size": st.hand_size[s],
            "lawyers": st.lawyers[s],
            "recruiters": st.recruiters[s],
            "dealer_bonus": st.dealer_bonus[s],
            "upgrades": st.upgrades[s],
            "thugs": {
                "slums": st.slums[s],
                "headquarters": st.hq[s],
                "districts": list(st.dist[s]),
                "underworld": st.underworld[s],
                "authorities": st.authorities[s],
                "prison": st.prison[s],
                "hospital": st.hospital[s],
                "jobs": st.job_thugs[s],
                "deals": list(st.deal_thugs[s]),
            },
            "angry_boss": st.boss_loc[s],
            "truck": st.truck[s],
            "plan": list(st.plan[s]),
            "snitches": list(st.snitches[s]),
            "duration": list(st.duration_cards[s]),
            "shields": list(st.shields[s]),
            "discard": list(st.discard[s]),
            "deals": list(st.deals[s]),
            "active_jobs": list(st.active_jobs[s]),
            "hand_count": len(st.hand[s]),
            "deck_count": len(st.deck[s]),
            "jobs_count": len(st.jobs[s]),
            "street_gang_count": len(st.street_gangs[s]),
            "enforcer": st.enforcer[s],
            "enforcer_at": st.enf_loc[s],
        }
        if s == st.automa:  # the solo gang has no screen (SF-S.3)
            g.update(
                solo_gang=True,
                money=st.money[s],
                votes=st.votes[s],
                bullets=st.bullets[s],
                jobs=list(st.jobs[s]),
                tequila_tokens=st.tokens,
            )
        if s == seat:
            g.update(
                money=st.money[s],
                votes=st.votes[s],
                bullets=st.bullets[s],
                hand=list(st.hand[s]),
                deck=sorted(st.deck[s]),  # you know what is in it, not the order
                jobs=list(st.jobs[s]),
                street_gangs=list(st.street_gangs[s]),
                my_vote=st.votes_cast[s],
            )
            if st.pending and st.pending[0] == "sg_play" and st.pending[1] == s:
                # the Street Gang the seat is playing, and what of it is still to do (SF-10.1):
                # its own choices so far, which the others are not told (SF-13.3)
                g["street_gang_play"] = {
                    "street_gang": st.pending[2],
                    "hit_left": bool(st.pending[3]),
                    "effect_left": bool(st.pending[4]),
                }
        gangs.append(g)
    public["gangs"] = gangs
    if st.phase == "over":
        public["votes_cast"] = list(st.votes_cast)
        public["votes"] = list(st.votes)
        public["money"] = list(st.money)
    return public


def determinize(st, seat: int, seed: int):
    """Redraws what `seat` cannot know (SF-13.3, SF-13.4): deck orders; rivals' hands, Jobs
    and Street Gangs except the cards whose place the seat knows; the unknown part of the
    Street Gang deck; the face-down decks and Most Wanted piles; rivals' unrevealed votes;
    and rivals' money, Votes and bullets within the bounds the seat could count."""
    c = st.clone()
    rng = Rng(seed)
    c.rng = Rng(seed ^ 0x5F5F)
    bit = 1 << seat
    for s in range(c.players):
        if s == seat:
            rng.quick_shuffle(c.deck[s])
            continue
        pool, kept = list(c.hand[s]), []
        for cid in c.hand_known[s]:  # seen going into the hand: it stays there
            if cid in pool:
                pool.remove(cid)
                kept.append(cid)
        pool += c.deck[s]
        rng.quick_shuffle(pool)
        n = len(c.hand[s]) - len(kept)
        c.hand[s], c.deck[s] = kept + pool[:n], pool[n:]
    _redeal(rng, seat, bit, c.job_known, c.jobs, c.job_deck)
    _redeal(rng, seat, bit, c.sg_known, c.street_gangs, c.sg_deck)
    for deck in ("assoc_deck", "dealer_deck", "raid_deck", "news_deck"):
        rng.quick_shuffle(getattr(c, deck))
    known = st.raid_peek[seat]
    if known >= 0 and st.raid_deck and st.raid_deck[-1] == known:
        c.raid_deck.remove(known)  # the seat peeked: that card stays on top
        c.raid_deck.append(known)
    for s in range(c.players):  # a rival who peeked knows the (sampled) top card
        if s != seat and c.raid_peek[s] >= 0 and c.raid_deck:
            c.raid_peek[s] = c.raid_deck[-1]
    for k, pile in enumerate(c.mw_piles):  # face-down piles: any 6 of their tier's 15
        tier = D.MOST_WANTED[pile[0]]["tier"]
        pool = [i for i, m in enumerate(D.MOST_WANTED) if m["tier"] == tier]
        rng.quick_shuffle(pool)
        c.mw_piles[k] = pool[: len(pile)]
    if c.phase == "election":
        for s in range(c.players):
            if s != seat and c.votes_cast[s] >= 0:
                c.votes_cast[s] = rng.below(2)
    if c.phase != "over":  # at the end everything is revealed
        rivals = [s for s in range(c.players) if s != seat]
        for i, name in enumerate(PRIVATE):
            values = getattr(c, name)
            # Bounds that do not hold the value belong to a state edited by hand.
            free = [
                s
                for s in rivals
                if c.bounds[s][2 * i] < c.bounds[s][2 * i + 1]
                and c.bounds[s][2 * i] <= values[s] <= c.bounds[s][2 * i + 1]
            ]
            if name == "money":
                for s in free:
                    lo, hi = c.bounds[s][0], c.bounds[s][1]
                    values[s] = lo + rng.below(hi - lo + 1)
            else:  # the public supply fixes what they hold together (SF-14.10)
                _redraw_with_total(
                    rng, values, free, [c.bounds[s][2 * i : 2 * i + 2] for s in free]
                )
    return c


def _modes_view(st) -> dict:
    """What the table shows of the Solo Mode and Tequila: all of it is public."""
    return {
        "solo": bool(st.solo),
        "tequila": bool(st.tequila),
        "solo_gang": st.automa,
        "token": st.token,
        "bag": sorted(st.bag),  # the cubes are known, not the order they will come out in
        "cubes_set_aside": list(st.cubes_out),
        "targets": list(st.targets),
        "enforcers_for_hire": list(st.enforcers),
        "tokens_on_deals": list(st.deal_tokens),
        "tequila_purse": st.purse,
        "dead": st.dead,
    }


def _redraw_with_total(rng, values: list, seats: list, bounds: list) -> None:
    """Redraws values[s] for `seats`, each within its bounds [lo, hi], keeping their sum: the
    Votes or bullets the General Supply does not hold are public (SF-8.6, SF-9.7). Each value
    is drawn evenly among those the later seats' bounds can still make up; the last takes
    what is left (the true values show the bounds allow the sum)."""
    total = sum(values[s] for s in seats)
    rest_lo = sum(b[0] for b in bounds)
    rest_hi = sum(b[1] for b in bounds)
    for k, s in enumerate(seats):
        lo, hi = bounds[k]
        rest_lo, rest_hi = rest_lo - lo, rest_hi - hi
        low, high = max(lo, total - rest_hi), min(hi, total - rest_lo)
        values[s] = low + rng.below(high - low + 1) if k < len(seats) - 1 else total
        total -= values[s]


def _redeal(rng, seat: int, bit: int, known: list, hands: list, deck: list) -> None:
    """Shuffles the cards whose place `seat` does not know among the places they fill (rivals'
    hands, places in the deck); each place keeps who knows about it."""
    places = []
    for s, hand in enumerate(hands):
        if s != seat:
            places += [(hand, i) for i, cid in enumerate(hand) if not known[cid] & bit]
    places += [(deck, i) for i, cid in enumerate(deck) if not known[cid] & bit]
    cards = [pile[i] for pile, i in places]
    masks = [known[cid] for cid in cards]
    rng.quick_shuffle(cards)
    for (pile, i), cid, mask in zip(places, cards, masks, strict=True):
        pile[i] = cid
        known[cid] = mask
