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
from .rules.known import ALL
from .rules.orders import AUTHORITIES, OTHER, UNDERWORLD, UPGRADE_MAX
from .state import LISTS, NESTED, SCALARS

PHASES = ("setup", "plan", "actions", "order", "end", "reorg", "election", "over")
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
def _fields(n: int) -> dict:
    from . import GAME  # the options' allowed values live with the game
    from .saved_queue import item_spec

    seat, nobody = Int(0, n - 1), Int(-1, n - 1)
    count, cards = Int(0), ListOf(CARD)
    turns = GAME.options["max_turns"].allowed
    fields = {
        "phase": OneOf(PHASES),
        "turn_seat": seat,
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
        "votes_cast": ListOf(Int(-1, 1), n),
        "sg_known": ListOf(Int(0, ALL), len(D.STREET_GANGS)),
        "job_known": ListOf(Int(0, ALL), len(D.JOBS)),
        "reorg_sold": ListOf(HOOD, range(len(D.HOODS) + 1)),
        "gang": ListOf(Int(-1, len(D.GANGS) - 1), n),
        "home": ListOf(Int(-1, len(D.DISTRICTS) - 1), n),
        "crime": ListOf(Int(1, 11), n),
        "crime_over": ListOf(count, n),
        "boss_loc": ListOf(OneOf(_boss_places()), n),
        "raid_peek": ListOf(Int(-1, len(D.RAIDS) - 1), n),
        "truck": ListOf(Int(-1, len(D.DISTRICTS) - 1), n),
        "mw_piles": ListOf(ListOf(Int(0, len(D.MOST_WANTED) - 1), len(D.CRIMES)), range(3)),
        "todo": ListOf(item_spec(n)),
        "dist": ListOf(ListOf(count, len(D.DISTRICTS)), n),
        "deals": ListOf(ListOf(Int(0, len(D.DEALERS) - 1)), n),
        "deal_thugs": ListOf(ListOf(count), n),
        "shields": ListOf(ListOf(OneOf(D.SHIELDS), range(len(D.SHIELDS) + 1)), n),
        "bounds": ListOf(ListOf(count, 6), n),
        "hand_known": ListOf(cards, n),
    }
    for name in ("money", "alcohol", "guns", "votes", "bullets", "upgrades", "slums", "hq",
                 "underworld", "authorities", "prison", "hospital", "job_thugs"):  # fmt: skip
        fields[name] = ListOf(count, n)
    for name, lo in STARTS.items():
        fields[name] = ListOf(Int(lo, TOP[name]), n)
    for name in ("hand", "deck", "discard", "plan", "snitches", "duration_cards"):
        fields[name] = ListOf(cards, n)
    for name in ("jobs", "active_jobs"):
        fields[name] = ListOf(ListOf(JOB, range(D.C["max_jobs"] + 1)), n)
    fields["street_gangs"] = ListOf(ListOf(SG), n)
    return {name: fields[name] for name in (*SCALARS, *LISTS, *NESTED)}


def _boss_places() -> tuple:
    """Where an Angry Boss can be: a box, a district, a Job, one of the Deals."""
    boxes = ("hq", "prison", "hospital", "underworld", "authorities", "job")
    deals = tuple(f"deal{k}" for k in range(len(D.STARTING_DEALS) + len(D.DEALER_DECK)))
    return (*boxes, *DISTRICT_TAGS, *deals)


@checked("scarface-1920")
def load(cls, data: dict):
    """The state saved in `data`, or ValueError naming the first thing wrong with it."""
    check_saved(data, range(2, 5), _fields)
    st = cls._SAVED.from_json(cls, data)
    _decks(st)
    _board(st)
    for s in range(st.players):
        _gang(st, s)
    from .saved_queue import check_turn

    check_turn(st)
    return st


def _decks(st) -> None:
    """Every card, token and marker of the game is in one place (SF-1.2)."""
    held = [c for name in ("hand", "deck", "discard", "plan", "snitches", "duration_cards")
            for cards in getattr(st, name) for c in cards]  # fmt: skip
    same_cards("the associates", [c for c in held if c in _ASSOCIATES]
               + st.market + st.assoc_deck + st.assoc_discard, D.ASSOCIATES)  # fmt: skip
    jobs = st.job_deck + st.job_discard + [j for s in range(st.players)
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


def _tier(m: int) -> int:
    return D.MOST_WANTED[m]["tier"]


def _board(st) -> None:
    """The police, Ness, the markers and the levels (SF-1, SF-8)."""
    if st.elected >= 0 and (st.phase != "over" or st.elected not in st.candidates):
        refuse("elected", "names a mayor before the election or not a candidate")
    for s in range(st.players):
        if st.crime[s] < st.ness_level:
            refuse(f"crime[{s}]", f"is below Eliot Ness's level {st.ness_level} (SF-8.2)")
        if st.control.count(s) > D.C["control_markers"]:
            refuse("control", f"gives seat {s} more than {D.C['control_markers']} markers")
        b = st.bounds[s]
        if b[0] > b[1] or b[2] > b[3] or b[4] > b[5]:
            refuse(f"bounds[{s}]", "has a lower bound above its upper bound")
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
    if home >= 0 and not set(D.GANG_START[gang]) <= set(mine):
        refuse(f"deck[{s}]", "lacks a starting member of the gang")
    if gang < 0 and home >= 0 or home >= 0 and st.truck[s] < 0 or home < 0 and mine:
        refuse(f"home[{s}]", "is chosen before the gang, or without its cards and truck")
    if gang >= 0 and any(gang == st.gang[o] for o in range(st.players) if o != s):
        refuse(f"gang[{s}]", "is played by two seats")
    unlocked = sum(1 for c in mine if c in D.GANG_ADVANCED[gang]) if gang >= 0 else 0
    steps = sum(getattr(st, name)[s] - lo for name, lo in STARTS.items()) + unlocked
    if st.upgrades[s] != steps or steps > D.C["max_upgrades"]:
        refuse(f"upgrades[{s}]", f"is {st.upgrades[s]}, the gang shows {steps} (SF-6.12)")
    if not set(st.hand_known[s]) <= set(st.hand[s]):
        refuse(f"hand_known[{s}]", "names a card not in the hand")
    if st.deals[s][: len(D.STARTING_DEALS)] != list(D.STARTING_DEALS):
        refuse(f"deals[{s}]", "must begin with the starting deals")
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
    if len(st.jobs[s]) + len(st.active_jobs[s]) > D.C["max_jobs"]:
        refuse(f"jobs[{s}]", f"hold more than {D.C['max_jobs']} jobs")
