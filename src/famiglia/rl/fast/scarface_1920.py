"""Scarface 1920's observation read from the state (famiglia.rl.fast): the same vector as the
view's (scarface_1920/state.py). Behind a gang's screen (SF-13) are its money, Votes, bullets,
hand, deck, Jobs, Street Gangs and vote: only `seat`'s own are read, and the solo gang's,
which has no screen (SF-S.3). Everything else is on the table."""

from __future__ import annotations

from famiglia.games.scarface_1920 import data as D

from ..encoding import share, squash
from ..games.scarface_1920 import (
    BOSS_PLACE,
    BOSS_PLACES,
    BUSINESSES,
    CUBES,
    DECKS,
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
    n = enc.gangs
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
    for h, owner in enumerate(s.control):
        if owner >= 0:
            out[enc.o_control + h * n + owner] = 1.0
    for h, b in enumerate(s.business):
        if b:
            out[enc.o_business + h * len(BUSINESSES) + BUSINESS[b]] = 1.0
    for d in s.police:
        out[enc.o_police + d] += 1.0 / 3
    clubs = s.nightclubs
    out[enc.o_clubs] = share(clubs.count("nightclub"), D.BUS["nightclubs"])
    out[enc.o_clubs + 1] = share(clubs.count("jazz"), D.BUS["jazz_clubs"])
    for i, left in enumerate(s.track):
        out[enc.o_track + i] = share(left, 5)
    first = D.ASSOCIATES[0]
    for c in s.market:
        out[enc.o_market + c - first] = 1.0
    for c in s.candidates:
        out[enc.o_cands + c] = 1.0
    for crime, token in enumerate(s.mw_active):
        out[enc.o_mw + crime * NMW + token] = 1.0
    for i in s.news_seen:
        out[enc.o_news + i] = 1.0
    decks = (s.assoc_deck, s.job_deck, s.dealer_deck, s.raid_deck, s.news_deck, s.sg_deck)
    for i, deck in enumerate(decks):  # in the order of DECKS (the view's `decks`)
        out[enc.o_decks + i] = share(len(deck), DECK_SIZES[i])
    for r in s.raid_discard:
        out[enc.o_raids + r] = 1.0
    waiting = s.pending[0] if s.pending else ""
    if waiting in WAITS:  # turning Target tokens: in the Tequila segment
        out[enc.o_waiting + WAITS[waiting]] = 1.0
    if phase == "order":
        out[enc.o_order + ORDER[s.order_kind]] = 1.0
        out[enc.o_order + len(ORDER_TEXT)] = squash(s.order_m, 3)
        out[enc.o_order + len(ORDER_TEXT) + 1] = squash(s.order_i, 3)
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
    stats = [getattr(s, field) for field in STAT_FIELDS]
    thugs = (s.slums, s.hq, s.underworld, s.authorities, s.prison, s.hospital, s.job_thugs)
    for p in range(n):
        _gang(enc, s, p, stats, thugs, out)
    out[enc.o_mine] = squash(s.money[seat], 10)  # behind the screen: the seat's own
    out[enc.o_mine + 1] = squash(s.votes[seat], 5)
    out[enc.o_mine + 2] = squash(s.bullets[seat], 3)
    for at, cards in (
        (enc.o_hand, s.hand[seat]),
        (enc.o_deck, s.deck[seat]),
        (enc.o_my_jobs, s.jobs[seat]),
        (enc.o_my_gangs, s.street_gangs[seat]),
    ):
        for c in cards:
            out[at + c] = 1.0
    if s.votes_cast[seat] >= 0:
        out[enc.o_vote + s.candidates[s.votes_cast[seat]]] = 1.0
    if enc.solo or enc.tequila:
        _modes(enc, s, out)


def _gang(enc, s, p: int, stats, thugs, out) -> None:
    """Gang p's public side: what the view lists for every gang. `stats` holds the state's
    lists behind STAT_FIELDS, `thugs` those behind THUG_PLACES (in their orders)."""
    if s.gang[p] >= 0:
        out[enc.o_gang + p * (NG + ND) + s.gang[p]] = 1.0
    if s.home[p] >= 0:
        out[enc.o_gang + p * (NG + ND) + NG + s.home[p]] = 1.0
    at = enc.o_stats + p * len(STATS)
    values = [field[p] for field in stats]
    values += (len(s.hand[p]), len(s.deck[p]))
    for i, x in enumerate(values):
        if x > 0:
            most = MOSTS[i]
            out[at + i] = x / most if x < most else 1.0
    at = enc.o_thugs + p * (len(THUG_PLACES) + ND + 1)
    for i, place in enumerate(thugs):
        if place[p]:
            out[at + i] = place[p] / THUGS
    at += len(THUG_PLACES)
    for d, k in enumerate(s.dist[p]):
        if k:
            out[at + d] = k / THUGS
    out[at + ND] = sum(s.deal_thugs[p]) / THUGS
    place = BOSS_PLACE.get(s.boss_loc[p])
    if place is not None:
        out[enc.o_boss + p * len(BOSS_PLACES) + place] = 1.0
    if s.truck[p] >= 0:
        out[enc.o_truck + p * ND + s.truck[p]] = 1.0
    at = enc.o_cards + p * 4 * NC
    for cards in (s.plan[p], s.snitches[p], s.duration_cards[p], s.discard[p]):
        for c in cards:
            out[at + c] = 1.0
        at += NC
    for shield in s.shields[p]:
        out[enc.o_shields + p * len(D.SHIELDS) + SHIELD[shield]] = 1.0
    at = enc.o_deals + p * len(PLAYER_DEALERS)
    for did in s.deals[p]:
        if did < len(PLAYER_DEALERS):  # Tequila's own Deals: SF-T.10 says he has them
            out[at + did] = 1.0
    at = enc.o_jobs + p * NJ
    for j in s.active_jobs[p]:
        out[at + j] = 1.0
    out[enc.o_counts + p * 2] = min(1.0, len(s.jobs[p]) / D.C["max_jobs"])
    out[enc.o_counts + p * 2 + 1] = min(1.0, len(s.street_gangs[p]) / 6)


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
