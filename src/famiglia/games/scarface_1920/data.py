"""Loads data.toml once, checks it, and builds the lookup tables the rules use.

Every card, token and board space becomes an entry of a plain list; the state refers to them
by index. Effects stay as tuples of operations, interpreted by the rules (rules/vocabulary.py).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

RAW = tomllib.loads((Path(__file__).with_name("data.toml")).read_text(encoding="utf-8"))
B = RAW["board"]

CRIMES = ("Corruption", "Bootlegging", "Gambling", "Vice", "Violence", "Smuggling")
DISTRICTS = tuple(B["districts"])
D_INDEX = {name: i for i, name in enumerate(DISTRICTS)}
ADJ = tuple(
    tuple(
        sorted(
            {D_INDEX[b] for a, b in B["borders"] if D_INDEX[a] == d}
            | {D_INDEX[a] for a, b in B["borders"] if D_INDEX[b] == d}
        )
    )
    for d in range(len(DISTRICTS))
)
POLICE_START = tuple(D_INDEX[d] for d in B["police_start"])
NESS_START = D_INDEX[B["ness_start"]]
AREA_TOPS = tuple(B["crime_areas"])
BOSS_ROWS = tuple(tuple(r) for r in B["boss_rows"])
HEALING = tuple(tuple(r) for r in B["healing"])
EXTORT_MONEY = tuple(B["extort_money"])
NESS_VOTE_COST = tuple(B["ness_vote_cost"])
RING = tuple(B["family_ring"])
BULLETS = tuple(B["bullets_by_discarded"])
C = {k: v for k, v in B.items() if isinstance(v, int)}  # the plain numbers of the board

BUS = RAW["business"]
BUSINESS_KINDS = tuple(BUS["kinds"])  # speakeasy, brothel, casino, nightclub (jazz is a nightclub)
PROFIT = {k: tuple(v) for k, v in BUS["profit"].items()}


def _ops(lst) -> tuple:
    return tuple(tuple(op) for op in lst)


HOODS = tuple(
    {
        "name": h["name"],
        "district": D_INDEX[h["district"]],
        "shield": h["shield"],
        "buys": ("alcohol", "guns") if h["buys"] == "both" else (h["buys"],),
        "price": h["price"],
    }
    for h in RAW["neighborhood"]
)
HOOD_DISTRICT = tuple(h["district"] for h in HOODS)
HOOD_BUYS_ALCOHOL = tuple("alcohol" in h["buys"] for h in HOODS)
HOOD_BUYS_GUNS = tuple("guns" in h["buys"] for h in HOODS)
HOODS_IN = tuple(
    tuple(i for i, h in enumerate(HOODS) if h["district"] == d) for d in range(len(DISTRICTS))
)
GANGS = tuple(g["name"] for g in RAW["gang"])
# "a Chicago Outfit thug": a gang's name before a noun drops its article.
A_THUG = tuple(f"a {name.removeprefix('The ')} thug" for name in GANGS)

# Every card that can sit in a player's deck: gang members first, then the Associates.
CARDS: list[dict] = []
GANG_START: list[list[int]] = []  # per gang: Boss, 5 standard, Doctor
GANG_ADVANCED: list[list[int]] = []
for g, gang in enumerate(RAW["gang"]):
    GANG_START.append([])
    GANG_ADVANCED.append([])
    for m in gang["member"]:
        cid = len(CARDS)
        CARDS.append(
            {
                "name": m["name"],
                "gang": g,
                "role": m["role"],
                "stars": 0,
                "crimes": tuple(CRIMES.index(c) for c in m["crimes"]),
                "muscle": m["muscle"],
                "influence": m["influence"],
                "skill": _ops(m["skill"]),
                "match": _ops(m["match"]),
                "keyword": "",
                "trigger": "",
            }
        )
        (GANG_ADVANCED if m["role"] == "advanced" else GANG_START)[g].append(cid)
FIRST_ASSOCIATE = len(CARDS)
for a in RAW["associate"]:
    kw, _, trigger = a["keyword"].partition(":")
    CARDS.append(
        {
            "name": a["name"],
            "gang": -1,
            "role": "associate",
            "stars": a["stars"],
            "crimes": tuple(CRIMES.index(c) for c in a["crimes"]),
            "muscle": a["muscle"],
            "influence": a["influence"],
            "skill": _ops(a["skill"]),
            "match": _ops(a["match"]),
            "keyword": kw,
            "trigger": trigger,
        }
    )
ASSOCIATES = tuple(range(FIRST_ASSOCIATE, len(CARDS)))
CARD_STARS = tuple(c["stars"] for c in CARDS)
CARD_MUSCLE = tuple(c["muscle"] for c in CARDS)
CARD_INFLUENCE = tuple(c["influence"] for c in CARDS)
CARD_IS_BOSS = tuple(c["role"] == "boss" for c in CARDS)
CARD_CRIME_BITS = tuple(sum(1 << k for k in c["crimes"]) for c in CARDS)  # one bit per Crime type
CARD_NAMES = tuple(c["name"] for c in CARDS)
CARD_BY_NAME = {c["name"]: i for i, c in enumerate(CARDS)}

JOBS = tuple(
    {"name": j["name"], "needs": _ops(j["needs"]), "reward": _ops(j["reward"])} for j in RAW["job"]
)
DEALERS = (
    tuple(dict(d) for d in RAW["dealer"])
    + tuple(dict(d) for d in RAW["starting_deal"])
    + tuple(dict(d) for d in RAW["tequila_deal"])
)
DEAL_COST = tuple(d["cost"] for d in DEALERS)
DEAL_LIMIT = tuple(d["limit"] for d in DEALERS)
DEAL_BY_MUSCLE = tuple(d["pay"] == "muscle" for d in DEALERS)
DEALER_DECK = tuple(range(len(RAW["dealer"])))
STARTING_DEALS = tuple(range(len(RAW["dealer"]), len(RAW["dealer"]) + len(RAW["starting_deal"])))
TEQUILA_DEALS = tuple(range(len(DEALERS) - len(RAW["tequila_deal"]), len(DEALERS)))
RAIDS = tuple(
    {
        "name": r["name"],
        "overall": _ops(r["overall"]),
        "areas": tuple(_ops(a) for a in r["areas"]),
        "reduce": tuple(r["reduce"]),
    }
    for r in RAW["raid"]
)
NEWS = tuple(
    {"name": n["name"], "effect": _ops(n["effect"]), "ending": n.get("ending", False)}
    for n in RAW["news"]
)
ENDING_NEWS = next(i for i, n in enumerate(NEWS) if n["ending"])
GMEN = tuple(
    {"name": g["name"], "effect": _ops(g["effect"]), "extra_v": _ops(g["extra_v"])}
    for g in RAW["gmen"]
)
CANDIDATES = tuple(
    {
        "name": c["name"],
        "party": c["party"],
        "bonus": tuple(
            tuple(tuple(x) if isinstance(x, list) else x for x in b) for b in c["bonus"]
        ),
    }
    for c in RAW["candidate"]
)
STREET_GANGS = tuple(
    {
        "name": s["name"],
        "hit": tuple(D_INDEX[d] for d in s["hit"]),
        "effects": (_ops(s["effect_a"]), _ops(s["effect_b"])),
        "opportunity": s["opportunity"],
    }
    for s in RAW["street_gang"]
)
MOST_WANTED = tuple({"tier": m["tier"], "reward": _ops(m["reward"])} for m in RAW["most_wanted"])

# The Solo Mode's solo gang and Tequila (SF-S, SF-T), the Enforcers (SF-E).
SOLO = RAW["solo"]
CUBE_ACTIONS = ("muscle", "send", "sell", "supply", "authorities", "hire", "job", "upgrade")
CUBES = tuple(kind for kind, n in SOLO["cubes"].items() for _ in range(n))  # the full bag
SOLO_UPGRADES = tuple(SOLO["upgrades"])
TEQ = RAW["tequila"]
SINGLE_DEAL = dict(TEQ["single_deal"])
ENFORCERS = tuple(dict(e) for e in RAW["enforcer"])
TEQUILA = next(i for i, e in enumerate(ENFORCERS) if e.get("tequila"))
ENFORCER_ABILITIES = ("guard", "torpedo", "bagman", "gunshot")

# The operations cards may use: operation -> number of arguments (rules/vocabulary.py runs them).
VOCABULARY = {
    "money": 1, "alcohol": 1, "guns": 1, "votes": 1, "bullets": 1, "draw": 1, "street_gang": 1,
    "job": 1, "recruit": 1, "retrieve_prison": 1, "retrieve_deal": 1, "heal": 1, "crime": 1,
    "hit": 2, "kill": 2, "hit_own": 1, "prison_own": 1, "ness": 1, "police": 1, "business": 1, "unbusiness": 1,
    "sale": 1, "profit": 1, "shield": 1, "move_thug": 1, "peek_raid": 1,
    "v_hit": 1, "v_pay": 1, "v_prison": 1, "v_votes": 1, "v_crime": 1,
}  # fmt: skip
SHIELDS = ("seize", "hit", "sale")
JOB_NEEDS = {"thugs": 2, "deliver": 2, "control": 1, "crime_max": 1, "crime_min": 1}
METRICS = (
    "control",
    "stars",
    "business",
    "votes",
    "upgrades",
    "thugs",
    "crime",
    "money",
    "hospital",
)


def check_ops(ops, where: str, allowed=VOCABULARY) -> None:
    for op in ops:
        if not op or op[0] not in allowed or len(op) - 1 != allowed[op[0]]:
            raise ValueError(f"{where}: bad effect {op!r}")
        if op[0] in ("hit", "kill") and op[1] != "any" and op[1] not in D_INDEX:
            raise ValueError(f"{where}: unknown district in {op!r}")
        if op[0] == "shield" and op[1] not in SHIELDS:
            raise ValueError(f"{where}: unknown shield {op!r}")
        if op[0] == "business" and op[1] not in (*BUSINESS_KINDS, "any"):
            raise ValueError(f"{where}: unknown business {op!r}")


def validate() -> None:
    """Raises ValueError naming the first thing wrong in data.toml."""
    if len(DISTRICTS) != 7 or len(B["borders"]) != 11 or len(HOODS) != 18:
        raise ValueError("the board needs 7 districts, 11 borders and 18 neighborhoods")
    for h in HOODS:
        if not (2 <= h["shield"] <= 5 and 4 <= h["price"] <= 10):
            raise ValueError(f"{h['name']}: shield 2-5 and price 4-10")
    if len(HOODS_IN[D_INDEX["Central"]]) != 3 or any(not 2 <= len(x) <= 3 for x in HOODS_IN):
        raise ValueError("Central has 3 neighborhoods, the other districts 2 or 3")
    names = [c["name"] for c in CARDS]
    if len(set(names)) != len(names):
        raise ValueError("card names must be unique")
    for g in range(len(GANGS)):
        roles = [c["role"] for c in CARDS if c["gang"] == g]
        if (
            roles.count("boss"),
            roles.count("standard"),
            roles.count("advanced"),
            roles.count("doctor"),
        ) != (1, 5, 4, 1):
            raise ValueError(f"gang {GANGS[g]} needs Boss, 5 standard, 4 advanced, 1 Doctor")
    for c in CARDS:
        check_ops(c["skill"], c["name"])
        check_ops(c["match"], c["name"])
        if c["keyword"] not in ("", "snitch", "opportunity", "duration"):
            raise ValueError(f"{c['name']}: unknown keyword")
        if c["keyword"] == "opportunity" and c["trigger"] not in ("hit", "raid"):
            raise ValueError(f"{c['name']}: opportunity needs a trigger")
        if c["role"] == "associate" and not 1 <= c["stars"] <= 5:
            raise ValueError(f"{c['name']}: stars 1-5")
    counts = {"associate": (len(ASSOCIATES), 82), "job": (len(JOBS), 51), "dealer": (len(DEALER_DECK), 32),
              "raid": (len(RAIDS), 36), "news": (len(NEWS), 26), "gmen": (len(GMEN), 18),
              "candidate": (len(CANDIDATES), 10), "street gang": (len(STREET_GANGS), 55),
              "most wanted": (len(MOST_WANTED), 45)}  # fmt: skip
    for what, (have, want) in counts.items():
        if have != want:
            raise ValueError(f"{what}: {have} in data, {want} expected")
    for d in DEALERS:
        if not 1 <= d["limit"] or d["storage"] < max(d["alcohol"], d["guns"]):
            raise ValueError(f"{d['name']}: a thug limit of 1+ and storage for its goods")
    for j in JOBS:
        check_ops(j["reward"], j["name"])
        for need in j["needs"]:
            if need[0] not in JOB_NEEDS or len(need) - 1 != JOB_NEEDS[need[0]]:
                raise ValueError(f"{j['name']}: bad requirement {need!r}")
    for r in RAIDS:
        check_ops(r["overall"], r["name"])
        if len(r["areas"]) != 4 or len(r["reduce"]) != 4:
            raise ValueError(f"{r['name']}: 4 areas")
        for a in r["areas"]:
            check_ops(a, r["name"])
    for n in NEWS:
        check_ops(n["effect"], n["name"])
    for g in GMEN:
        check_ops(g["effect"], g["name"])
        check_ops(g["extra_v"], g["name"])
    parties = [c["party"] for c in CANDIDATES]
    if parties.count("republican") != 5 or parties.count("democrat") != 5:
        raise ValueError("5 candidates per party")
    for c in CANDIDATES:
        for b in c["bonus"]:
            if b[0] not in ("per", "rank") or b[1] not in METRICS:
                raise ValueError(f"{c['name']}: bad bonus {b!r}")
    for s in STREET_GANGS:
        for e in s["effects"]:
            check_ops(e, s["name"])
        if s["opportunity"] not in ("", "hit", "raid"):
            raise ValueError(f"{s['name']}: bad opportunity")
    tiers = [m["tier"] for m in MOST_WANTED]
    if any(tiers.count(t) != 15 for t in (1, 2, 3)):
        raise ValueError("15 Most Wanted tokens per tier")
    for m in MOST_WANTED:
        check_ops(m["reward"], "most wanted")
    _validate_solo()


def _validate_solo() -> None:
    if any(kind not in CUBE_ACTIONS for kind in SOLO["cubes"]) or not CUBES:
        raise ValueError(f"[solo] cubes: actions are {', '.join(CUBE_ACTIONS)}")
    if not 1 <= SOLO["cubes_per_turn"] <= len(CUBES):
        raise ValueError("[solo] cubes_per_turn: from 1 to the cubes in the bag")
    if len(SOLO["steal"]) != len(DISTRICTS):
        raise ValueError("[solo] steal: one amount per number of districts")
    if any(u not in ("boss", "recruiters", "dealers", "lawyers") for u in SOLO_UPGRADES):
        raise ValueError("[solo] upgrades: boss, recruiters, dealers, lawyers")
    if len(RAW["tequila_deal"]) != 2 or len(STARTING_DEALS) != 2:
        raise ValueError("two starting Deals and two Tequila starting Deals")
    if len(ENFORCERS) != 4 or sum(1 for e in ENFORCERS if e.get("tequila")) != 1:
        raise ValueError("4 Enforcers, one of them Tequila")
    for e in ENFORCERS:
        if e["ability"] not in ENFORCER_ABILITIES or not 1 <= e["stars"] <= 5:
            raise ValueError(f"{e['name']}: ability {', '.join(ENFORCER_ABILITIES)}, stars 1-5")


validate()
