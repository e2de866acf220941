"""A new game (SF-1): the options it is played with, the board, the decks and each gang's pieces;
then the setup phase, in which the seats choose their gangs and starting neighborhoods
(rules/setup_phase.py)."""

from __future__ import annotations

from famiglia.core import Option, Rng
from famiglia.core.text import plural

from . import data as D
from .modes.solo import init_modes

OPTIONS = {
    "solo": Option(False, (False, True), "1 player against the solo gang (SF-S)"),
    "tequila": Option(False, (False, True), "Tequila and the Enforcers (SF-E, SF-T)"),
    "max_turns": Option(400, range(1, 100_001), "player turns before the game is stopped (capped)"),
}


# The candidates of each party and the Most Wanted tokens of each tier (1, 2, 3), by index.
REPUBLICANS = tuple(i for i, c in enumerate(D.CANDIDATES) if c["party"] == "republican")
DEMOCRATS = tuple(i for i, c in enumerate(D.CANDIDATES) if c["party"] == "democrat")
MOST_WANTED_TIERS = tuple(
    tuple(i for i, m in enumerate(D.MOST_WANTED) if m["tier"] == tier) for tier in (1, 2, 3)
)


def new_state(st, players: int, seed: int, options: dict, rng=None):
    """Sets up `st`, a state not yet set up, for a new game; returns it."""
    st._init_base(players, rng if rng is not None else Rng(seed))
    rng = st.rng
    P = players + (1 if options.get("solo") else 0)  # gangs: the solo gang has one too
    st.phase, st.turn_seat, st.turns = "setup", players - 1, 0
    st.max_turns = options["max_turns"]
    st.ring, st.ness, st.ness_level, st.gmen_level, st.time = -1, D.NESS_START, 1, 11, 0
    st.order_kind, st.order_fig, st.order_m, st.order_i, st.order_flag = "", "", 0, 0, 0
    st.order_used = st.extortion_used = st.ignore_tokens = st.capped = st.raiding = 0
    st.ness_due = 0
    st.reorg_good, st.reorg_hood, st.reorg_sold = "", -1, []
    st.elected = -1
    st.control = [-1] * len(D.HOODS)
    st.business = [""] * len(D.HOODS)
    st.police = list(D.POLICE_START)
    st.track = [D.RAW["business"]["markers"][k] for k in ("speakeasy", "brothel", "casino")]
    st.nightclubs = ["nightclub"] * D.RAW["business"]["nightclubs"] + ["jazz"] * D.RAW["business"][
        "jazz_clubs"
    ]
    rng.shuffle(st.nightclubs)
    st.assoc_deck = list(D.ASSOCIATES)
    rng.shuffle(st.assoc_deck)
    st.assoc_discard = []
    st.market = [st.assoc_deck.pop() for _ in range(D.C["market_size"])]
    st.job_deck = list(range(len(D.JOBS)))
    rng.shuffle(st.job_deck)
    st.job_discard = []
    st.dealer_deck = list(D.DEALER_DECK)
    rng.shuffle(st.dealer_deck)
    st.raid_deck = list(range(len(D.RAIDS)))
    rng.shuffle(st.raid_deck)
    st.raid_discard = []
    st.news_deck = [i for i in range(len(D.NEWS)) if i != D.ENDING_NEWS]
    rng.shuffle(st.news_deck)
    st.news_seen = []
    st.sg_deck = list(range(len(D.STREET_GANGS)))
    rng.shuffle(st.sg_deck)
    # Candidates: one of each party, drawn at random; one G-Men card; Most Wanted piles.
    st.candidates = [rng.choice(REPUBLICANS), rng.choice(DEMOCRATS)]
    st.gmen = rng.below(len(D.GMEN))
    piles = []
    for tier in MOST_WANTED_TIERS:
        pile = list(tier)
        rng.shuffle(pile)
        piles.append(pile[: len(D.CRIMES)])
    st.mw_active = piles[0]
    st.mw_piles = piles[1:]
    st.used, st.pending, st.todo, st.votes_cast = [], [], [], [-1] * P
    st.gang, st.home = [-1] * P, [-1] * P
    st.money = [D.C["start_money"]] * P
    st.alcohol = [D.C["start_alcohol"]] * P
    st.guns = [D.C["start_guns"]] * P
    st.votes, st.bullets, st.crime, st.crime_over = [0] * P, [0] * P, [1] * P, [0] * P
    st.bullet_supply, st.vote_supply = D.C["bullet_tokens"], D.C["vote_tokens"]  # SF-9.7
    st.boss_row, st.hand_size, st.lawyers, st.recruiters = [1] * P, [3] * P, [1] * P, [1] * P
    st.dealer_bonus, st.upgrades = [0] * P, [0] * P
    st.slums = [D.C["thugs"] - D.C["start_hq"] - 1] * P
    st.hq = [D.C["start_hq"]] * P
    st.underworld, st.authorities, st.prison, st.hospital, st.job_thugs = (
        [0] * P,
        [0] * P,
        [0] * P,
        [0] * P,
        [0] * P,
    )
    st.boss_loc = ["hq"] * P
    st.truck = [-1] * P  # the gang's truck: a district once the Home District is known
    st.raid_peek = [-1] * P
    # What the table can count (rules/known.py): screened values' bounds, who knows a card.
    st.bounds = [[st.money[s], st.money[s], 0, 0, 0, 0] for s in range(P)]
    st.sg_known = [0] * len(D.STREET_GANGS)
    st.job_known = [0] * len(D.JOBS)
    st.hand_known = [[] for _ in range(P)]
    for name in (
        "hand",
        "deck",
        "discard",
        "plan",
        "snitches",
        "duration_cards",
        "jobs",
        "active_jobs",
        "street_gangs",
        "shields",
    ):
        setattr(st, name, [[] for _ in range(P)])
    st.dist = [[0] * len(D.DISTRICTS) for _ in range(P)]
    st.deals = [list(D.STARTING_DEALS) for _ in range(P)]
    st.deal_thugs = [[0] * len(D.STARTING_DEALS) for _ in range(P)]
    st.say(f"Scarface 1920 with Bloody Business, {plural(players, 'player')}")
    init_modes(st, options)
    return st
