"""A saved game of Scarface 1920 loads only if it is sound: every field of the right type, length
and range; every card, token, thug and marker once in its place (decks, hands, board, boxes);
the upgrades matching the gang; and the queue of operations and the decision waiting
(saved_queue.py) ones the rules can run. The first problem is refused with ValueError naming it.
"""

from __future__ import annotations

from functools import cache

from famiglia.core.checks import (
    Int,
    ListOf,
    OneOf,
    Tuple,
    check_saved,
    checked,
    refuse,
    same_cards,
)

from . import data as D
from .rules.board import DISTRICT_TAGS
from .rules.crime import RAID_LEVEL
from .rules.known import ALL
from .rules.order_start import AUTHORITIES, OTHER, UNDERWORLD
from .rules.order_steps import UPGRADE_MAX
from .saved_queue import check_turn, item_spec
from .setup import OPTIONS
from .state import LISTS, NESTED, SCALARS

# "solo": the solo gang's turn, at rest only while the player answers inside it (SF-S.5).
PHASES = ("setup", "plan", "actions", "order", "end", "reorg", "election", "over", "solo")
DISTRICT = Int(0, len(D.DISTRICTS) - 1)
HOOD = Int(0, len(D.HOODS) - 1)
CARD = Int(0, len(D.CARDS) - 1)
JOB = Int(0, len(D.JOBS) - 1)
SG = Int(0, len(D.STREET_GANGS) - 1)
RAID = Int(0, len(D.RAIDS) - 1)
FLAG = OneOf((0, 1))
GOODS = ("alcohol", "guns")
THUGS = D.C["thugs"]
MARKERS = [D.BUS["markers"][k] for k in ("speakeasy", "brothel", "casino")]
CLUBS = ["nightclub"] * D.BUS["nightclubs"] + ["jazz"] * D.BUS["jazz_clubs"]
STARTS = {"boss_row": 1, "hand_size": 3, "lawyers": 1, "recruiters": 1, "dealer_bonus": 0}
TOP = dict(zip(STARTS, UPGRADE_MAX.values(), strict=True))  # boss 5, hand 6, ... dealers 2


@cache  # the specs of a player count, built once
def _fields(n: int, solo: int = 0) -> dict:
    """`n` seats; in the Solo Mode the solo gang is one gang more (SF-S.1): lists of one value
    per gang hold n + 1 values."""
    G = n + solo  # gangs at the table
    nobody = Int(-1, G - 1)
    count, cards = Int(0), ListOf(CARD)
    turns = OPTIONS["max_turns"].allowed
    enforcer = Int(0, len(D.ENFORCERS) - 1)
    fields = {
        "phase": OneOf(PHASES),
        "turn_seat": Int(0, G - 1),
        "turns": Int(0, turns.stop - 1),
        "max_turns": OneOf(turns),
        "ring": nobody,
        "ness": DISTRICT,
        "ness_level": Int(1, 11),
        "gmen_level": Int(1, 11),
        "time": Int(0, D.C["time_boxes"]),
        "gmen": Int(0, len(D.GMEN) - 1),
        "order_kind": OneOf(("", *UNDERWORLD, *AUTHORITIES, *OTHER)),
        "order_fig": OneOf(("", "thug", "boss")),
        "order_m": count,
        "order_i": count,
        "order_flag": FLAG,
        "order_used": FLAG,
        "extortion_used": FLAG,
        "ignore_tokens": count,
        "elected": Int(-1, len(D.CANDIDATES) - 1),
        "capped": FLAG,
        "raiding": FLAG,
        "ness_due": FLAG,
        "reorg_good": OneOf(("", *GOODS)),
        "reorg_hood": Int(-1, len(D.HOODS) - 1),
        "bullet_supply": Int(0, D.C["bullet_tokens"]),
        "vote_supply": Int(0, D.C["vote_tokens"]),
        "control": ListOf(nobody, len(D.HOODS)),
        "business": ListOf(
            OneOf(("", "speakeasy", "brothel", "casino", "nightclub", "jazz")), len(D.HOODS)
        ),
        "police": ListOf(DISTRICT, len(D.POLICE_START)),
        "nightclubs": ListOf(OneOf(("nightclub", "jazz")), range(len(CLUBS) + 1)),
        "track": ListOf(count, len(MARKERS)),
        "market": ListOf(OneOf(D.ASSOCIATES), range(D.C["market_size"] + 1)),
        "candidates": Tuple(
            *(
                OneOf(i for i, c in enumerate(D.CANDIDATES) if c["party"] == p)
                for p in ("republican", "democrat")
            )
        ),
        "mw_active": ListOf(Int(0, len(D.MOST_WANTED) - 1), len(D.CRIMES)),
        "assoc_deck": ListOf(OneOf(D.ASSOCIATES)),
        "assoc_discard": ListOf(OneOf(D.ASSOCIATES)),
        "job_deck": ListOf(JOB),
        "job_discard": ListOf(JOB),
        "dealer_deck": ListOf(OneOf(D.DEALER_DECK)),
        "raid_deck": ListOf(RAID),
        "raid_discard": ListOf(RAID),
        "news_deck": ListOf(Int(0, len(D.NEWS) - 1)),
        "news_seen": ListOf(Int(0, len(D.NEWS) - 1)),
        "sg_deck": ListOf(SG),
        "used": ListOf(OneOf((*range(len(D.CARDS)), "skill", "match", "duration"))),
        "pending": item_spec(n, pending=True),
        "votes_cast": ListOf(Int(-1, 1), G),
        "sg_known": ListOf(Int(0, ALL), len(D.STREET_GANGS)),
        "job_known": ListOf(Int(0, ALL), len(D.JOBS)),
        "reorg_sold": ListOf(HOOD, range(len(D.HOODS) + 1)),
        "gang": ListOf(Int(-1, len(D.GANGS) - 1), G),
        "home": ListOf(Int(-1, len(D.DISTRICTS) - 1), G),
        "crime": ListOf(Int(1, 11), G),
        "crime_over": ListOf(Int(0, CRIME_OVER_MOST), G),
        "boss_loc": ListOf(OneOf(_boss_places()), G),
        "raid_peek": ListOf(Int(-1, len(D.RAIDS) - 1), G),
        "truck": ListOf(Int(-1, len(D.DISTRICTS) - 1), G),
        "mw_piles": ListOf(ListOf(Int(0, len(D.MOST_WANTED) - 1), len(D.CRIMES)), range(3)),
        "todo": ListOf(item_spec(n, gangs=G)),
        "dist": ListOf(ListOf(count, len(D.DISTRICTS)), G),
        "deals": ListOf(ListOf(Int(0, len(D.DEALERS) - 1)), G),
        "deal_thugs": ListOf(ListOf(count), G),
        "shields": ListOf(ListOf(OneOf(D.SHIELDS), range(len(D.SHIELDS) + 1)), G),
        "bounds": ListOf(ListOf(count, 6), G),
        "hand_known": ListOf(cards, G),
        # The Solo Mode, Tequila and the Enforcers (SF-S, SF-T, SF-E); _modes() ties them up.
        "solo": OneOf((solo,)),
        "tequila": FLAG,
        "automa": OneOf((n,) if solo else (-1,)),
        "token": DISTRICT if solo else OneOf((-1,)),
        "boss_bonus": FLAG,
        "tokens": count,
        "purse": count,
        "dead": Int(-1, n - 1),
        "enf_moved": FLAG,
        "shot_used": FLAG,
        "unused": Int(0, D.SOLO["cubes_per_turn"]),
        "bag": ListOf(OneOf(D.CUBE_ACTIONS), range(len(D.CUBES) + 1)),
        "cubes_out": ListOf(OneOf(D.CUBE_ACTIONS), range(len(D.CUBES) + 1)),
        "targets": ListOf(FLAG, range(len(D.DISTRICTS) + 1)),
        "enforcers": ListOf(enforcer, range(len(D.ENFORCERS) + 1)),
        "enforcer": ListOf(Int(-1, len(D.ENFORCERS) - 1), G),
        "enf_loc": ListOf(Int(-1, len(D.DISTRICTS) - 1), G),
        "deal_tokens": ListOf(count, range(len(D.TEQUILA_DEALS) + 1)),
    }
    for name in ("money", "alcohol", "guns", "votes", "bullets", "upgrades", "slums", "hq",
                 "underworld", "authorities", "prison", "hospital", "job_thugs"):  # fmt: skip
        fields[name] = ListOf(count, G)
    for name, lo in STARTS.items():
        fields[name] = ListOf(Int(lo, TOP[name]), G)
    for name in ("hand", "deck", "discard", "plan", "snitches", "duration_cards"):
        fields[name] = ListOf(cards, G)
    for name in ("jobs", "active_jobs"):
        fields[name] = ListOf(ListOf(JOB, range(max(D.C["max_jobs"], D.TEQ["max_jobs"]) + 1)), G)
    fields["street_gangs"] = ListOf(ListOf(SG), G)
    return {name: fields[name] for name in (*SCALARS, *LISTS, *NESTED)}


def _boss_places() -> tuple:
    """Where an Angry Boss can be: a box, a district, a Job, one of the Deals."""
    boxes = ("hq", "prison", "hospital", "underworld", "authorities", "job")
    deals = tuple(f"deal{k}" for k in range(len(D.STARTING_DEALS) + len(D.DEALER_DECK)))
    return (*boxes, *DISTRICT_TAGS, *deals)


@checked("scarface-1920")
def load(cls, data: dict):
    """The state saved in `data`, or ValueError naming the first thing wrong with it."""
    # The Solo Mode decides how many gangs the lists hold: read it (and its one seat) first.
    solo = 1 if isinstance(data, dict) and type(data.get("solo")) is int and data["solo"] else 0
    if solo and data.get("players") != 1:
        refuse("solo", "is 1, which needs players 1: the Solo Mode has one seat (SF-S.1)")
    n = check_saved(data, range(1, 5), lambda n: _fields(n, solo))
    if n == 1 and not solo:
        refuse("solo", "must be 1 with one player: one player is the Solo Mode (SF-S.1)")
    st = cls._SAVED.from_json(cls, data)
    _decks(st)
    _board(st)
    for s in range(st.gangs):
        _gang(st, s)
    _modes(st)
    check_turn(st)
    return st


def _decks(st) -> None:
    """Every card, token and marker of the game is in one place (SF-1.2)."""
    held = [c for name in ("hand", "deck", "discard", "plan", "snitches", "duration_cards")
            for cards in getattr(st, name) for c in cards]  # fmt: skip
    same_cards("the associates", [c for c in held if c in _ASSOCIATES]
               + st.market + st.assoc_deck + st.assoc_discard, D.ASSOCIATES)  # fmt: skip
    jobs = st.job_deck + st.job_discard + [j for s in range(st.gangs)
                                           for j in st.jobs[s] + st.active_jobs[s]]  # fmt: skip
    same_cards("the jobs", jobs, range(len(D.JOBS)))
    dealers = [d for deals in st.deals for d in deals[len(D.STARTING_DEALS) :]]
    same_cards("the dealers", st.dealer_deck + dealers, D.DEALER_DECK)
    same_cards("the raids", st.raid_deck + st.raid_discard, range(len(D.RAIDS)))
    news = [i for i in st.news_seen if i != D.ENDING_NEWS]
    same_cards(
        "the news", st.news_deck + news, [i for i in range(len(D.NEWS)) if i != D.ENDING_NEWS]
    )
    if st.news_seen.count(D.ENDING_NEWS) > (st.phase in ("election", "over")):
        refuse("news_seen", "holds the ending news before the election")
    same_cards("the street gangs", st.sg_deck + [g for gs in st.street_gangs for g in gs],
               range(len(D.STREET_GANGS)))  # fmt: skip
    # SF-1.2: six Most Wanted tokens of tier 1 face up, piles of tiers 2 and 3 for later Extras
    piles = [st.mw_active, *st.mw_piles]
    for k, pile in enumerate(piles):
        tier = 4 - len(piles) + k
        if len(set(pile)) != len(pile) or any(_tier(m) != tier for m in pile):
            where = f"mw_piles[{k - 1}]" if k else "mw_active"
            refuse(where, f"must be {len(D.CRIMES)} Most Wanted tokens of tier {tier}")
    for i, kind in enumerate(("speakeasy", "brothel", "casino")):
        if st.track[i] + st.business.count(kind) != MARKERS[i]:
            refuse(f"track[{i}]", f"and the board hold {kind} markers not {MARKERS[i]}")
    clubs = st.nightclubs + [b for b in st.business if b in ("nightclub", "jazz")]
    same_cards("the nightclub markers", clubs, CLUBS)
    if len(st.used) % 2 or any(
        not isinstance(st.used[i], int) or isinstance(st.used[i + 1], int)
        for i in range(0, len(st.used), 2)
    ):
        refuse("used", "must pair each card with the skill used")


_ASSOCIATES = frozenset(D.ASSOCIATES)


# Where a rise past the RAID! box is remembered until its Raid ends (SF-8.2): each rise is a
# level or two, so eleven past the box is more than any chain of effects reaches; the bound
# keeps a broken save from asking for billions of G-Men effects.
CRIME_OVER_MOST = 2 * RAID_LEVEL


def _tier(m: int) -> int:
    return D.MOST_WANTED[m]["tier"]


def _board(st) -> None:
    """The police, Ness, the markers and the levels (SF-1, SF-8)."""
    if st.elected >= 0 and (st.phase != "over" or st.elected not in st.candidates):
        refuse("elected", "names a mayor before the election or not a candidate")
    for s in range(st.gangs):
        if st.crime[s] < st.ness_level:
            refuse(f"crime[{s}]", f"is below Eliot Ness's level {st.ness_level} (SF-8.2)")
        if 0 < st.crime_over[s] <= RAID_LEVEL:
            refuse(f"crime_over[{s}]", f"must be 0 or above {RAID_LEVEL}, the RAID! box (SF-8.2)")
        if st.control.count(s) > D.C["control_markers"]:
            refuse("control", f"gives seat {s} more than {D.C['control_markers']} markers")
        b = st.bounds[s]
        if b[0] > b[1] or b[2] > b[3] or b[4] > b[5]:
            refuse(f"bounds[{s}]", "has a lower bound above its upper bound")
    for field, supply in (("bullets", "bullet_supply"), ("votes", "vote_supply")):
        total = D.C[f"{field[:-1]}_tokens"]  # SF-8.6, SF-9.7: limited tokens
        held = sum(getattr(st, field))
        if held + getattr(st, supply) != total:
            refuse(
                supply,
                f"is {getattr(st, supply)} while the gangs hold {held} {field}: the game has "
                f"{total}, each either in the supply or held",
            )
    if any(v >= 0 for v in st.votes_cast) and st.phase not in ("election", "over"):
        refuse("votes_cast", "holds a vote before the election")


def _gang(st, s: int) -> None:
    """A gang's cards, thugs, Boss, deals and upgrades (SF-1.3, SF-6.12)."""
    gang, home = st.gang[s], st.home[s]
    mine = [c for name in ("hand", "deck", "discard", "plan", "snitches", "duration_cards")
            for c in getattr(st, name)[s]]  # fmt: skip
    if len(set(mine)) != len(mine):
        refuse(f"hand[{s}]", "and the gang's other piles hold one card twice")
    members = [c for c in mine if c not in _ASSOCIATES]
    if any(D.CARDS[c]["gang"] != gang for c in members):
        refuse(f"deck[{s}]", "holds another gang's member")
    if s == st.automa:  # SF-S.2: no cards but the Associates it hired
        if any(c not in _ASSOCIATES for c in mine) or st.street_gangs[s] or st.bullets[s]:
            refuse(f"discard[{s}]", "gives the solo gang cards, Street Gangs or bullets")
    elif home >= 0 and not set(D.GANG_START[gang]) <= set(mine):
        refuse(f"deck[{s}]", "lacks a starting member of the gang")
    if gang < 0 and home >= 0 or home >= 0 and st.truck[s] < 0 or home < 0 and mine:
        refuse(f"home[{s}]", "is chosen before the gang, or without its cards and truck")
    if gang >= 0 and any(gang == st.gang[o] for o in range(st.gangs) if o != s):
        refuse(f"gang[{s}]", "is played by two seats")
    unlocked = sum(1 for c in mine if c in D.GANG_ADVANCED[gang]) if gang >= 0 else 0
    steps = sum(getattr(st, name)[s] - lo for name, lo in STARTS.items()) + unlocked
    if st.upgrades[s] != steps or steps > D.C["max_upgrades"]:
        refuse(f"upgrades[{s}]", f"is {st.upgrades[s]}, the gang shows {steps} (SF-6.12)")
    if not set(st.hand_known[s]) <= set(st.hand[s]):
        refuse(f"hand_known[{s}]", "names a card not in the hand")
    starting = D.TEQUILA_DEALS if s == st.automa and st.tequila else D.STARTING_DEALS
    if st.deals[s][: len(starting)] != list(starting):
        refuse(f"deals[{s}]", "must begin with the starting deals (SF-1.3, SF-T.10)")
    if len(st.deal_thugs[s]) != len(st.deals[s]) or len(set(st.deals[s])) != len(st.deals[s]):
        refuse(f"deal_thugs[{s}]", "must count the thugs of each deal once")
    boss = st.boss_loc[s]
    if boss.startswith("deal") and int(boss[4:]) >= len(st.deals[s]):
        refuse(f"boss_loc[{s}]", "stands on a deal the gang does not have")
    thugs = (st.slums[s] + st.hq[s] + sum(st.dist[s]) + st.underworld[s] + st.authorities[s]
             + st.prison[s] + st.hospital[s] + st.job_thugs[s] + sum(st.deal_thugs[s]))  # fmt: skip
    placed = home >= 0  # one thug goes to the Home District when it is chosen
    if thugs != THUGS - (not placed) or not placed and (any(st.dist[s]) or boss != "hq"):
        refuse(f"slums[{s}]", f"and the other boxes hold {thugs} thugs, the gang has {THUGS}")
    most = D.TEQ["max_jobs"] if st.tequila and s == st.automa else D.C["max_jobs"]  # SF-T.20
    if len(st.jobs[s]) + len(st.active_jobs[s]) > most:
        refuse(f"jobs[{s}]", f"hold more than {most} jobs")


def _modes(st) -> None:
    """The Solo Mode's cubes and Target tokens, Tequila's tokens and purse, the Enforcers
    (SF-S, SF-T, SF-E): present only in their modes, each piece once."""
    g, solo, tequila = st.automa, st.solo, st.tequila
    if solo:
        same_cards("the Action cubes", st.bag + st.cubes_out, D.CUBES)
    elif st.bag or st.cubes_out or st.tokens or st.boss_bonus or st.unused:
        refuse("bag", "and the solo gang's other pieces are in play without solo (SF-S.1)")
    if st.phase == "solo" and not (solo and st.turn_seat == g and st.pending):
        refuse("phase", "is solo: the solo gang's turn rests only on the player's decision")
    if solo and st.turn_seat == g and st.phase not in ("solo", "election", "over"):
        refuse("turn_seat", f"is the solo gang's in the {st.phase} phase (SF-S.5)")
    if st.phase != "solo" and (st.boss_bonus or st.unused):
        refuse("boss_bonus", "or unused cubes outlive the solo gang's turn (SF-S.21, SF-S.26)")
    if solo and tequila:
        if len(st.targets) != len(D.DISTRICTS) or len(st.deal_tokens) != len(D.TEQUILA_DEALS):
            refuse("targets", "must be one Target token per district, with tokens on 2 Deals")
        if st.alcohol[g] or st.guns[g]:
            refuse(f"alcohol[{g}]", "must be 0: Tequila holds Tequila tokens (SF-T.11)")
    elif st.targets or st.deal_tokens or st.tokens:
        refuse("targets", "and Tequila tokens are in play without Tequila in the Solo Mode")
    hired = [e for e in st.enforcer if e >= 0]
    if tequila:
        everyone = [e for e in range(len(D.ENFORCERS)) if not (solo and e == D.TEQUILA)]
        same_cards("the Enforcers", st.enforcers + hired, everyone)
        if st.enforcers != sorted(st.enforcers):
            refuse("enforcers", "must be listed in order")
    elif st.enforcers or hired:
        refuse("enforcers", "are in play without tequila (SF-E)")
    for s in range(st.gangs):
        if (st.enforcer[s] < 0) != (st.enf_loc[s] < 0) or s == g and st.enforcer[s] >= 0:
            refuse(f"enf_loc[{s}]", "must place exactly the Enforcer a seat hired (SF-E.2)")
    if st.purse and not (tequila and not solo):
        refuse("purse", "holds Tequila's fees outside the Standard Mode with Tequila (SF-T.1)")
    if st.dead >= 0 and not (tequila and st.phase == "over"):
        refuse("dead", "names a dead player while the game goes on, or without Tequila")
