"""Scarface 1920's observation read from the state (famiglia.rl.fast): the same vector as the
view's (scarface_1920/view.py). Behind a gang's screen (SF-13) are its money, Votes, bullets,
hand, deck, Jobs, Street Gangs and vote: only `seat`'s own are read, and the solo gang's,
which has no screen (SF-S.3). Everything else is on the table."""

from __future__ import annotations

from famiglia.games.scarface_1920 import data as D
from famiglia.rl.encoding import share, squash
from famiglia.rl.fast import kept, lists

from .encoder import (
    BOSS_PLACE,
    BOSS_PLACES,
    BUSINESSES,
    CUBES,
    DECKS,
    FIGURE,
    GOODS,
    NC,
    ND,
    NG,
    NH,
    NJ,
    NMW,
    ORDER_TEXT,
    PHASE,
    PLAYER_DEALERS,
    STATS,
    THUG_PLACES,
    THUGS,
    WAITING,
)

ORDER = {kind: i for i, kind in enumerate(ORDER_TEXT)}
BUSINESS = {b: i for i, b in enumerate(BUSINESSES)}
WAITS = {w: i for i, w in enumerate(WAITING)}
SHIELD = {s: i for i, s in enumerate(D.SHIELDS)}
CUBE = {c: i for i, c in enumerate(D.CUBE_ACTIONS)}
# The state's field behind each of STATS, in the same order; the last two count cards.
STAT_FIELDS = tuple(f for f, _ in STATS[:-2])
MOSTS = tuple(most for _, most in STATS)
DECK_SIZES = tuple(DECKS.values())


def write_state(enc, s, seat: int, out) -> None:  # noqa: C901 - one block per view field
    out[enc.o_me + seat] = 1.0
    phase = s.phase
    if phase in PHASE:  # the solo gang's turn is read in its own segment
        out[enc.o_phase + PHASE[phase]] = 1.0
    if s.turn_seat >= 0:
        out[enc.o_turn + s.turn_seat] = 1.0
    out[enc.o_turns] = share(s.turns, enc.options["max_turns"])
    if s.ring >= 0:
        out[enc.o_ring + s.ring] = 1.0
    out[enc.o_ness + s.ness] = 1.0
    out[enc.o_levels] = share(s.ness_level, len(D.NESS_VOTE_COST))
    out[enc.o_levels + 1] = share(s.gmen_level, 11)
    out[enc.o_levels + 2] = share(s.time, D.C["time_boxes"])
    if s.gmen >= 0:
        out[enc.o_gmen + s.gmen] = 1.0
    # The board, in two runs kept between calls (fast.kept), and the gangs' below.
    memo = enc.memo
    fields = (s.control, s.business, s.police, s.nightclubs, s.track)
    kept(memo, "board", fields, lists, _board, enc, out, enc.o_control, enc.o_market)
    decks = (s.assoc_deck, s.job_deck, s.dealer_deck, s.raid_deck, s.news_deck, s.sg_deck)
    fields = (s.market, s.candidates, s.mw_active, s.news_seen, tuple(map(len, decks)))
    fields += (s.raid_discard,)
    kept(memo, "cards", fields, lists, _cards, enc, out, enc.o_market, enc.o_waiting)
    waiting = s.pending[0] if s.pending else ""
    if waiting in WAITS:  # turning Target tokens: in the Tequila segment
        out[enc.o_waiting + WAITS[waiting]] = 1.0
    if phase == "order":
        out[enc.o_order + ORDER[s.order_kind]] = 1.0
        out[enc.o_order + len(ORDER_TEXT)] = squash(s.order_m, 3)
        out[enc.o_order + len(ORDER_TEXT) + 1] = squash(s.order_i, 3)
        out[enc.o_order + len(ORDER_TEXT) + 2 + FIGURE[s.order_fig]] = 1.0
        out[enc.o_order + len(ORDER_TEXT) + 4] = float(s.order_flag)
    for h in s.reorg_sold:
        out[enc.o_reorg + h] = 1.0
    if s.reorg_hood >= 0:
        out[enc.o_reorg + NH + s.reorg_hood] = 1.0
    if s.reorg_good:
        out[enc.o_reorg + 2 * NH + GOODS.index(s.reorg_good)] = 1.0
    if s.elected >= 0:
        out[enc.o_elected + s.elected] = 1.0
    for p, vote in enumerate(s.votes_cast):
        out[enc.o_elected + len(D.CANDIDATES) + p] = float(vote >= 0)
    # Every gang's public side, in three runs: a move changes a few of the fields behind them.
    fields = (s.gang, s.home, s.hand, s.deck, *[getattr(s, field) for field in STAT_FIELDS])
    kept(memo, "stats", fields, lists, _stats, enc, out, enc.o_gang, enc.o_thugs)
    fields = (
        *(s.slums, s.hq, s.underworld, s.authorities, s.prison, s.hospital, s.job_thugs),
        *(s.dist, s.deal_thugs, s.boss_loc, s.truck),
    )
    kept(memo, "thugs", fields, lists, _thugs, enc, out, enc.o_thugs, enc.o_cards)
    fields = (s.plan, s.snitches, s.duration_cards, s.discard, s.shields, s.deals)
    fields += (s.active_jobs, s.jobs, s.street_gangs)
    kept(memo, "tableau", fields, lists, _tableau, enc, out, enc.o_cards, enc.o_mine)
    out[enc.o_mine] = squash(s.money[seat], 10)  # behind the screen: the seat's own
    out[enc.o_mine + 1] = squash(s.votes[seat], 5)
    out[enc.o_mine + 2] = squash(s.bullets[seat], 3)
    fields = (s.hand[seat], s.deck[seat], s.jobs[seat], s.street_gangs[seat])
    kept(memo, ("mine", seat), fields, lists, _mine, enc, out, enc.o_hand, enc.o_vote)
    if s.votes_cast[seat] >= 0:
        out[enc.o_vote + s.candidates[s.votes_cast[seat]]] = 1.0
    if enc.solo or enc.tequila:
        _modes(enc, s, out)


def _board(enc, out, control, business, police, clubs, track) -> None:
    n, base = enc.gangs, enc.o_control
    for h, owner in enumerate(control):
        if owner >= 0:
            out[h * n + owner] = 1.0
    at = enc.o_business - base
    for h, b in enumerate(business):
        if b:
            out[at + h * len(BUSINESSES) + BUSINESS[b]] = 1.0
    at = enc.o_police - base
    for d in police:
        out[at + d] += 1.0 / 3
    at = enc.o_clubs - base
    out[at] = share(clubs.count("nightclub"), D.BUS["nightclubs"])
    out[at + 1] = share(clubs.count("jazz"), D.BUS["jazz_clubs"])
    at = enc.o_track - base
    for i, left in enumerate(track):
        out[at + i] = share(left, 5)


def _cards(enc, out, market, candidates, mw_active, news_seen, decks, raids) -> None:
    """The market, the candidates, the Most Wanted tokens, the news seen, the decks' sizes (in
    the order of DECKS, the view's `decks`) and the raids played."""
    base, first = enc.o_market, D.ASSOCIATES[0]
    for c in market:
        out[c - first] = 1.0
    at = enc.o_cands - base
    for c in candidates:
        out[at + c] = 1.0
    at = enc.o_mw - base
    for crime, token in enumerate(mw_active):
        out[at + crime * NMW + token] = 1.0
    at = enc.o_news - base
    for i in news_seen:
        out[at + i] = 1.0
    at = enc.o_decks - base
    for i, size in enumerate(decks):
        out[at + i] = share(size, DECK_SIZES[i])
    at = enc.o_raids - base
    for r in raids:
        out[at + r] = 1.0


def _mine(enc, out, hand, deck, jobs, street_gangs) -> None:
    """Behind the screen: the seat's own hand, deck, jobs and street gangs."""
    base = enc.o_hand
    for at, cards in (
        (0, hand),
        (enc.o_deck - base, deck),
        (enc.o_my_jobs - base, jobs),
        (enc.o_my_gangs - base, street_gangs),
    ):
        for c in cards:
            out[at + c] = 1.0


def _stats(enc, out, gang, home, hand, deck, *stats) -> None:
    """Every gang's gang and home, and its STATS (the state's lists behind STAT_FIELDS, then
    the cards in its hand and deck, counted)."""
    base = enc.o_stats - enc.o_gang
    for p in range(enc.gangs):
        if gang[p] >= 0:
            out[p * (NG + ND) + gang[p]] = 1.0
        if home[p] >= 0:
            out[p * (NG + ND) + NG + home[p]] = 1.0
        at = base + p * len(STATS)
        values = [field[p] for field in stats]
        values += (len(hand[p]), len(deck[p]))
        for i, x in enumerate(values):
            if x > 0:
                most = MOSTS[i]
                out[at + i] = x / most if x < most else 1.0


def _thugs(enc, out, *places) -> None:
    """Every gang's thugs (`places`: the state's lists behind THUG_PLACES, in their order,
    then dist, deal_thugs, boss_loc and truck), its Angry Boss and its truck."""
    *thugs, dist, deal_thugs, boss_loc, truck = places
    width = len(THUG_PLACES) + ND + 1
    boss, trucks = enc.o_boss - enc.o_thugs, enc.o_truck - enc.o_thugs
    for p in range(enc.gangs):
        at = p * width
        for i, place in enumerate(thugs):
            if place[p]:
                out[at + i] = place[p] / THUGS
        at += len(THUG_PLACES)
        for d, k in enumerate(dist[p]):
            if k:
                out[at + d] = k / THUGS
        out[at + ND] = sum(deal_thugs[p]) / THUGS
        place = BOSS_PLACE.get(boss_loc[p])
        if place is not None:
            out[boss + p * len(BOSS_PLACES) + place] = 1.0
        if truck[p] >= 0:
            out[trucks + p * ND + truck[p]] = 1.0


def _tableau(
    enc, out, plan, snitches, duration, discard, shields, deals, active, jobs, gangs
) -> None:
    """Every gang's cards on the table, shields, dealers, active jobs, and how many jobs and
    street gangs it holds."""
    base = enc.o_cards
    for p in range(enc.gangs):
        at = p * 4 * NC
        for cards in (plan[p], snitches[p], duration[p], discard[p]):
            for c in cards:
                out[at + c] = 1.0
            at += NC
        at = enc.o_shields - base + p * len(D.SHIELDS)
        for shield in shields[p]:
            out[at + SHIELD[shield]] = 1.0
        at = enc.o_deals - base + p * len(PLAYER_DEALERS)
        for did in deals[p]:
            if did < len(PLAYER_DEALERS):  # Tequila's own Deals: SF-T.10 says he has them
                out[at + did] = 1.0
        at = enc.o_jobs - base + p * NJ
        for j in active[p]:
            out[at + j] = 1.0
        at = enc.o_counts - base + p * 2
        out[at] = min(1.0, len(jobs[p]) / D.C["max_jobs"])
        out[at + 1] = min(1.0, len(gangs[p]) / 6)


def _modes(enc, s, out) -> None:
    """The Solo Mode, Tequila and the Enforcers: all on the table (SF-S.3)."""
    if enc.solo:
        solo = s.automa
        at = enc.o_solo
        out[at] = float(s.phase == "solo")
        out[at + 1] = squash(s.money[solo], 10)
        out[at + 2] = squash(s.votes[solo], 5)
        out[at + 3] = squash(s.tokens, 3)
        out[at + 4 + s.token] = 1.0
        at += 4 + ND
        for cubes in (s.bag, s.cubes_out):
            for cube in cubes:
                k = CUBE[cube]
                out[at + k] += 1.0 / CUBES[k]
            at += len(D.CUBE_ACTIONS)
        for j in s.jobs[solo]:
            out[at + j] = 1.0
    if enc.solo and enc.tequila:
        at = enc.o_targets
        for d, up in enumerate(s.targets):
            out[at + d] = float(not up)
        out[at + ND] = float(bool(s.pending) and s.pending[0] == "flip")
        for k, tokens in enumerate(s.deal_tokens):
            out[at + ND + 1 + k] = share(tokens, D.TEQ["starting_tokens"])
    if enc.tequila:
        n, at = enc.gangs, enc.o_enforcers
        for e in s.enforcers:
            out[at + e] = 1.0
        at += len(D.ENFORCERS)
        for p in range(n):
            if s.enforcer[p] >= 0:
                out[at + p * len(D.ENFORCERS) + s.enforcer[p]] = 1.0
                out[at + n * len(D.ENFORCERS) + p * ND + s.enf_loc[p]] = 1.0
        at += n * (len(D.ENFORCERS) + ND)
        out[at] = squash(s.purse, 10)
        if s.dead >= 0:
            out[at + 1 + s.dead] = 1.0
