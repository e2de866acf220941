"""Scarface 1920: action catalogue and observation encoder (docs/rl.md)."""

from __future__ import annotations

from famiglia.games.scarface_1920 import data as D
from famiglia.games.scarface_1920.actions import HEAL_TEXT, ORDER_TEXT
from famiglia.games.scarface_1920.rules.effects import CHOICE
from famiglia.games.scarface_1920.rules.extortion import KINDS as EXTORTIONS
from famiglia.games.scarface_1920.rules.order_steps import UPGRADES
from famiglia.rl.encoding import Encoder as _Base
from famiglia.rl.encoding import share, squash

SEATS = range(4)
HOODS = range(len(D.HOODS))
DISTRICTS = range(len(D.DISTRICTS))
CARDS = range(len(D.CARDS))
JOBS = range(len(D.JOBS))
GANGS = range(len(D.STREET_GANGS))  # street gangs
GOODS = ("alcohol", "guns")
FIGURES = ("thug", "boss")
FIGURE = {f: i for i, f in enumerate(FIGURES)}  # the figure carrying out the order
MARKERS = ("speakeasy", "brothel", "casino")  # the business markers of the track
PARTIES = tuple(dict.fromkeys(c["party"] for c in D.CANDIDATES))
ROADS = tuple((a, b) for a in DISTRICTS for b in D.ADJ[a])
SALES = tuple((n, g) for n in HOODS for g in D.HOODS[n]["buys"])
ADVANCED = tuple(c for members in D.GANG_ADVANCED for c in members)
# Most of each extortion at once: the room its rules give (extortion.limit), from the data.
EXTORT_MOST = {
    "gangs": len(D.STREET_GANGS),
    "business": len(D.HOODS),
    "jobs": D.C["max_jobs"],
    "heal": D.C["thugs"] + 1,
    "districts": len(D.DISTRICTS),
}
# The dealers a seat can hold: Tequila's own starting Deals are the solo gang's only (SF-T.10).
PLAYER_DEALERS = tuple(d for d in range(len(D.DEALERS)) if d not in D.TEQUILA_DEALS)
# Loose: a deal's slot among the gang's deals, and the gang of the thug hit (or shot at), follow
# from the dealer and the seat named (one entry per dealer, per district and seat).
LOOSE = {"deal": (0,), "hit_pick": (2,), "kill_pick": (2,), "gunshot": (1,)}


def label(kind: str, a: tuple) -> str:
    if kind == "deal":
        boss = " with the Angry Boss" if a[3] else ""
        return f"get supply from {D.DEALERS[a[1]]['name']} paying {a[2]}{boss}"
    if kind == "gunshot":
        return f"Tequila shoots at seat {a[0]}"
    verb = "hit" if kind == "hit_pick" else "kill"
    return f"{verb} a thug of seat {a[1]} in {D.DISTRICTS[a[0]]}"


def entries():
    """Set-up, the Plan, the actions of a turn, the steps of each order, choices inside card
    effects, the election."""
    yield from (("gang", (g,)) for g in range(len(D.GANGS)))
    yield from (("start", (n,)) for n in HOODS)
    yield from (("lay", (c,)) for c in CARDS)
    yield ("plan_done", ())
    yield from (("skill", (c,)) for c in CARDS)
    yield from (("match", (c,)) for c in CARDS)
    yield from (("order", (k, f)) for k in ORDER_TEXT for f in FIGURES)
    yield from (("extort", (k, n)) for k in EXTORTIONS for n in range(1, EXTORT_MOST[k] + 1))
    yield from (("play_sg", (g,)) for g in GANGS)
    yield from (("activate", (j,)) for j in JOBS)
    yield from (("fulfil", (j, x)) for j in JOBS for x in (0, 1))
    yield from (("bribe", road) for road in ROADS)
    yield from (("ness_votes", (d,)) for d in DISTRICTS)
    yield ("end_actions", ())
    yield ("reorganize", ())
    yield from (("reorg_good", (g,)) for g in GOODS)
    yield from (("reorg_hood", (n,)) for n in HOODS)
    yield from (("reorg_confirm", sale) for sale in SALES)
    yield ("recruit", ())
    yield ("draw_job", ())
    yield ("draw_dealer", ())
    yield from (("sell", sale) for sale in SALES)
    yield from (("hire", (c,)) for c in D.ASSOCIATES)
    yield from (("decontrol", (n,)) for n in HOODS)
    yield ("reduce_crime", ())
    yield from (("add_business", (n, k)) for n in HOODS for k in MARKERS)
    yield ("free_prison", ())
    yield from (("sell_auth", (g,)) for g in GOODS)
    yield from (("send", (d, f)) for d in DISTRICTS for f in FIGURES)
    yield from (("move", (a, b, f)) for a, b in ROADS for f in FIGURES)
    yield from (("move_car", road) for road in ROADS)
    yield from (("move_truck", (a, b, k)) for a, b in ROADS for k in range(D.C["truck_load"] + 1))
    yield from (("seize", (n,)) for n in HOODS)
    for did in PLAYER_DEALERS:
        yield from (("deal", (None, did, D.DEALERS[did]["pay"], boss)) for boss in (0, 1))
    pays = [(m, 2 - m) for m in (2, 1, 0)]
    yield from (("upgrade", (k, -1, m, i)) for k in UPGRADES for m, i in pays)
    yield from (("upgrade", ("unlock", c, m, i)) for c in ADVANCED for m, i in pays)
    yield ("order_done", ())
    for kind in ("hit_pick", "kill_pick"):
        yield from ((kind, (d, seat, None)) for d in DISTRICTS for seat in SEATS)
    yield from (("heal_to", (w,)) for w in HEAL_TEXT)
    yield from (("ness_to", (d,)) for d in DISTRICTS)
    yield from (("thug_move", (a, b, f)) for a, b in ROADS for f in FIGURES)
    yield from (("police_move", road) for road in ROADS)
    yield from (("bus_place", (n, k)) for n in HOODS for k in D.BUSINESS_KINDS)
    yield from (("bus_remove", (n,)) for n in HOODS)
    yield from (("bus_exchange", (n, k)) for n in HOODS for k in MARKERS)
    yield from (("sale", sale) for sale in SALES)
    yield ("skip", ())
    yield from (("mw_pick", (c,)) for c in range(len(D.CRIMES)))
    yield from (("sg_discard", (i,)) for i in GANGS)
    yield from (("sg_effect", (g, x)) for g in GANGS for x in (0, 1))
    yield from (("opp_card", (c,)) for c in CARDS)
    yield from (("opp_sg", (g,)) for g in GANGS)
    yield ("opp_pass", ())
    yield from (("vote", (p,)) for p in PARTIES)
    # Tequila and the Enforcers (SF-T, SF-E), added after the base game's moves.
    yield from (("tequila_flip", (g,)) for g in GANGS)
    yield from (("flip_target", (d,)) for d in DISTRICTS)
    yield ("attack_tequila", ())
    yield from (("hire_enforcer", (e,)) for e in range(len(D.ENFORCERS)))
    yield from (("enforcer_move", road) for road in ROADS)
    yield from (("gunshot", (seat, None)) for seat in SEATS)
    # Moves added later, at the end so that earlier indices keep their meaning.
    yield from (("activate_boss", (j,)) for j in JOBS)
    yield from (("sg_no_hit", (g,)) for g in GANGS)


def max_decisions(players: int, options: dict) -> int:
    """Ample room for max_turns player turns: 1,000 decisions a turn (a turn lays a plan of a
    few cards, carries out an order step by step, plays skills and street gangs, bribes and
    answers card effects; money and votes bound the rest). Plus the set-up and the election.
    The adapters stop a game that reaches this many decisions (docs/rl.md)."""
    return (options["max_turns"] + 1) * 1000 + 10 * players


# ----- the observation -----------------------------------------------------------------------
PHASES = ("setup", "plan", "actions", "order", "reorg", "election", "end", "over")
# Turning Target tokens (SF-T.16) is read in the Tequila segments, after the base game's.
WAITING = ("", *(k for k in CHOICE if k != "flip"))
BUSINESSES = (*D.BUSINESS_KINDS, "jazz")
BOSS_PLACES = (*(f"d{d}" for d in DISTRICTS), "hq", "hospital", "prison", "underworld",
               "authorities")  # fmt: skip
THUG_PLACES = ("slums", "headquarters", "underworld", "authorities", "prison", "hospital", "jobs")
NC, NJ, NH, ND, NG = len(D.CARDS), len(D.JOBS), len(D.HOODS), len(D.DISTRICTS), len(D.GANGS)
NMW = len(D.MOST_WANTED)
DECKS = {  # the size of each deck at the start, to read counts as shares
    "associates": len(D.ASSOCIATES),
    "jobs": len(D.JOBS),
    "dealers": len(D.DEALER_DECK),
    "raids": len(D.RAIDS),
    "news": len(D.NEWS),
    "street_gangs": len(D.STREET_GANGS),
}
THUGS = D.C["thugs"]
CUBES = tuple(D.CUBES.count(kind) for kind in D.CUBE_ACTIONS)  # the bag's cubes of each action
BOSS_PLACE = {p: i for i, p in enumerate(BOSS_PLACES)}
PHASE = {p: i for i, p in enumerate(PHASES)}
# Each gang's numbers and what they are read against (clipped at 1).
STATS = (
    ("crime", D.AREA_TOPS[-1]),
    ("alcohol", 10),
    ("guns", 10),
    ("boss_row", len(D.BOSS_ROWS)),
    ("hand_size", 6),
    ("lawyers", 3),
    ("recruiters", 3),
    ("dealer_bonus", 2),
    ("upgrades", D.C["max_upgrades"]),
    ("hand_count", 6),
    ("deck_count", 20),
)


class Encoder(_Base):
    def build(self) -> None:
        # Per-seat blocks run over the gangs: the seats, then the solo gang (SF-S.1).
        self.solo, self.tequila = bool(self.options.get("solo")), bool(self.options.get("tequila"))
        n = self.gangs = self.players + self.solo
        add = self.add
        self.o_me = add("me", self.players, "my seat, one-hot")
        self.o_phase = add("phase", len(PHASES), "phase, one-hot: " + ", ".join(PHASES))
        self.o_turn = add("turn_seat", n, "whose turn it is, one-hot")
        self.o_turns = add("turns", 1, "player turns played / max_turns")
        self.o_ring = add("family_ring", n, "who holds the family ring, one-hot")
        self.o_ness = add("eliot_ness", ND, "Eliot Ness's district, one-hot")
        self.o_levels = add("levels", 3, "Ness level / 4, G-men level / 11, time / time boxes")
        self.o_gmen = add("gmen_card", len(D.GMEN), "the G-men card, one-hot")
        self.o_control = add("control", NH * n, "per neighborhood: who controls it, one-hot")
        self.o_business = add("business", NH * len(BUSINESSES), "per neighborhood: business")
        self.o_police = add("police", ND, "police cars per district / 3")
        self.o_clubs = add("nightclub_column", 2, "nightclubs and jazz clubs left / their counts")
        self.o_track = add("business_track", len(MARKERS), "markers left on the track / 5")
        self.o_market = add("market", len(D.ASSOCIATES), "the Associates on the market")
        self.o_cands = add("candidates", len(D.CANDIDATES), "the two candidates")
        self.o_mw = add("most_wanted", len(D.CRIMES) * NMW, "per crime: its Most Wanted token")
        self.o_news = add("news", len(D.NEWS), "news cards seen")
        self.o_decks = add("decks", len(DECKS), "cards left in each deck / its size")
        self.o_raids = add("raid_discard", len(D.RAIDS), "raids played")
        self.o_waiting = add("waiting_for", len(WAITING), "the card effect awaiting a choice")
        self.o_order = add("order", len(ORDER_TEXT) + 5, "the order under way, one-hot; its "
                           "muscle and influence left, squashed at 3; its figure, one-hot: "
                           "thug, Angry Boss; 1 once one of its steps was carried out")  # fmt: skip
        self.o_reorg = add("reorganization", 2 * NH + len(GOODS), "neighborhoods sold in, the "
                           "neighborhood chosen, the good chosen")  # fmt: skip
        self.o_elected = add("elected", len(D.CANDIDATES) + n, "the elected candidate; who voted")
        self.o_gang = add("gangs", n * (NG + ND), "per seat: its gang and home district")
        self.o_stats = add("gang_stats", n * len(STATS), "per seat: " + ", ".join(
            f"{field} / {most}" for field, most in STATS) + " (clipped at 1)")  # fmt: skip
        self.o_thugs = add("thugs", n * (len(THUG_PLACES) + ND + 1), "per seat: thugs in each "
                           "place and district, then on deals, / 12")  # fmt: skip
        self.o_boss = add("angry_boss", n * len(BOSS_PLACES), "per seat: the Angry Boss's place")
        self.o_truck = add("truck", n * ND, "per seat: its truck's district")
        self.o_cards = add("cards", n * 4 * NC, "per seat: cards in its plan, snitches, duration "
                           "cards and discard pile")  # fmt: skip
        self.o_shields = add("shields", n * len(D.SHIELDS), "per seat: shields held")
        self.o_deals = add("deals", n * len(PLAYER_DEALERS), "per seat: its dealers")
        self.o_jobs = add("active_jobs", n * NJ, "per seat: its active jobs")
        self.o_counts = add("counts", n * 2, "per seat: jobs / 3, street gangs / 6 held")
        self.o_mine = add("mine", 3, "my money, votes, bullets, squashed at 10, 5, 3")
        self.o_hand = add("hand", NC, "my hand")
        self.o_deck = add("deck", NC, "my deck (its cards, not their order)")
        self.o_my_jobs = add("jobs", NJ, "my jobs in hand")
        self.o_my_gangs = add("street_gangs", len(D.STREET_GANGS), "my street gangs")
        self.o_vote = add("my_vote", len(D.CANDIDATES), "whom I voted for")
        if self.solo or self.tequila:
            self._build_modes()

    def _build_modes(self) -> None:
        """The Solo Mode, Tequila and the Enforcers (SF-S, SF-T, SF-E): only in their modes."""
        add, n = self.add, self.gangs
        if self.solo:
            self.o_solo = add("solo_gang", 4 + ND + 2 * len(D.CUBE_ACTIONS) + NJ, "the solo "
                              "gang: its turn under way; money, Votes, Tequila tokens squashed "
                              "at 10, 5, 3; its token's district; cubes of each action in the "
                              "bag, then set aside, / that action's cubes; its Jobs")  # fmt: skip
        if self.solo and self.tequila:
            self.o_targets = add("targets", ND + 1 + len(D.TEQUILA_DEALS), "per district: 1 "
                                 "when its token shows the Gunshot side; turning tokens awaited;"
                                 " Tequila tokens on his two starting Deals")  # fmt: skip
        if self.tequila:
            self.o_enforcers = add("enforcers", len(D.ENFORCERS) * (1 + n) + n * ND + 1 + n,
                                   "Enforcers for hire; per seat: its Enforcer, its district; "
                                   "Tequila's purse squashed at 10; the dead seat")  # fmt: skip

    def write(self, v: dict, seat: int, out) -> None:  # noqa: C901 - one block per view field
        n = self.gangs
        out[self.o_me + seat] = 1.0
        if v["phase"] in PHASE:  # the solo gang's turn is read in its own segment
            out[self.o_phase + PHASE[v["phase"]]] = 1.0
        if v["turn_seat"] >= 0:
            out[self.o_turn + v["turn_seat"]] = 1.0
        out[self.o_turns] = share(v["turns"], self.options["max_turns"])
        if v["family_ring"] >= 0:
            out[self.o_ring + v["family_ring"]] = 1.0
        out[self.o_ness + v["eliot_ness"]] = 1.0
        out[self.o_levels] = share(v["ness_level"], len(D.NESS_VOTE_COST))
        out[self.o_levels + 1] = share(v["gmen_level"], 11)
        out[self.o_levels + 2] = share(v["time"], D.C["time_boxes"])
        if v["gmen_card"] >= 0:
            out[self.o_gmen + v["gmen_card"]] = 1.0
        for h, owner in enumerate(v["control"]):
            if owner >= 0:
                out[self.o_control + h * n + owner] = 1.0
        for h, b in enumerate(v["business"]):
            if b:
                out[self.o_business + h * len(BUSINESSES) + BUSINESSES.index(b)] = 1.0
        for d in v["police"]:
            out[self.o_police + d] += 1.0 / 3
        clubs = v["nightclub_column"]
        out[self.o_clubs] = share(clubs.count("nightclub"), D.BUS["nightclubs"])
        out[self.o_clubs + 1] = share(clubs.count("jazz"), D.BUS["jazz_clubs"])
        for i, left in enumerate(v["business_track"]):
            out[self.o_track + i] = share(left, 5)
        first = D.ASSOCIATES[0]
        for c in v["market"]:
            out[self.o_market + c - first] = 1.0
        for c in v["candidates"]:
            out[self.o_cands + c] = 1.0
        for crime, token in enumerate(v["most_wanted"]):
            out[self.o_mw + crime * NMW + token] = 1.0
        for i in v["news"]:
            out[self.o_news + i] = 1.0
        for i, (name, size) in enumerate(DECKS.items()):
            out[self.o_decks + i] = share(v["decks"][name], size)
        for r in v["raid_discard"]:
            out[self.o_raids + r] = 1.0
        if v["waiting_for"] in WAITING:  # turning Target tokens: in the Tequila segment
            out[self.o_waiting + WAITING.index(v["waiting_for"])] = 1.0
        if v["order"]:
            kind, m, i = v["order"]
            out[self.o_order + list(ORDER_TEXT).index(kind)] = 1.0
            out[self.o_order + len(ORDER_TEXT)] = squash(m, 3)
            out[self.o_order + len(ORDER_TEXT) + 1] = squash(i, 3)
            out[self.o_order + len(ORDER_TEXT) + 2 + FIGURE[v["order_figure"]]] = 1.0
            out[self.o_order + len(ORDER_TEXT) + 4] = float(v["order_step_done"])
        reorg = v["reorganization_sales"]
        for h in reorg["sold_in"]:
            out[self.o_reorg + h] = 1.0
        if reorg["neighborhood"] >= 0:
            out[self.o_reorg + NH + reorg["neighborhood"]] = 1.0
        if reorg["good"]:
            out[self.o_reorg + 2 * NH + GOODS.index(reorg["good"])] = 1.0
        if v["elected"] >= 0:
            out[self.o_elected + v["elected"]] = 1.0
        for s, voted in enumerate(v["voted"]):
            out[self.o_elected + len(D.CANDIDATES) + s] = float(voted)
        for s, g in enumerate(v["gangs"]):
            self._gang(s, g, out)
        mine = v["gangs"][seat]
        if "money" in mine:
            out[self.o_mine] = squash(mine["money"], 10)
            out[self.o_mine + 1] = squash(mine["votes"], 5)
            out[self.o_mine + 2] = squash(mine["bullets"], 3)
            for c in mine["hand"]:
                out[self.o_hand + c] = 1.0
            for c in mine["deck"]:
                out[self.o_deck + c] = 1.0
            for j in mine["jobs"]:
                out[self.o_my_jobs + j] = 1.0
            for g in mine["street_gangs"]:
                out[self.o_my_gangs + g] = 1.0
            if mine["my_vote"] >= 0:
                out[self.o_vote + v["candidates"][mine["my_vote"]]] = 1.0
        if self.solo or self.tequila:
            self._modes(v, out)

    def _modes(self, v: dict, out) -> None:
        m = v["solo_and_tequila"]
        if self.solo:
            g = v["gangs"][m["solo_gang"]]
            at = self.o_solo
            out[at] = float(v["phase"] == "solo")
            out[at + 1] = squash(g["money"], 10)
            out[at + 2] = squash(g["votes"], 5)
            out[at + 3] = squash(g["tequila_tokens"], 3)
            out[at + 4 + m["token"]] = 1.0
            at += 4 + ND
            for pile in ("bag", "cubes_set_aside"):
                for cube in m[pile]:
                    k = D.CUBE_ACTIONS.index(cube)
                    out[at + k] += 1.0 / CUBES[k]
                at += len(D.CUBE_ACTIONS)
            for j in g["jobs"]:
                out[at + j] = 1.0
        if self.solo and self.tequila:
            at = self.o_targets
            for d, up in enumerate(m["targets"]):
                out[at + d] = float(not up)
            out[at + ND] = float(v["waiting_for"] == "flip")
            for k, tokens in enumerate(m["tokens_on_deals"]):
                out[at + ND + 1 + k] = share(tokens, D.TEQ["starting_tokens"])
        if self.tequila:
            n, at = self.gangs, self.o_enforcers
            for e in m["enforcers_for_hire"]:
                out[at + e] = 1.0
            at += len(D.ENFORCERS)
            for s, g in enumerate(v["gangs"]):
                if g["enforcer"] >= 0:
                    out[at + s * len(D.ENFORCERS) + g["enforcer"]] = 1.0
                    out[at + n * len(D.ENFORCERS) + s * ND + g["enforcer_at"]] = 1.0
            at += n * (len(D.ENFORCERS) + ND)
            out[at] = squash(m["tequila_purse"], 10)
            if m["dead"] >= 0:
                out[at + 1 + m["dead"]] = 1.0

    def _gang(self, s: int, g: dict, out) -> None:
        if g["gang"] >= 0:
            out[self.o_gang + s * (NG + ND) + g["gang"]] = 1.0
        if g["home"] >= 0:
            out[self.o_gang + s * (NG + ND) + NG + g["home"]] = 1.0
        at = self.o_stats + s * 11
        for i, (field, most) in enumerate(STATS):
            x = g[field]
            out[at + i] = (x / most if x < most else 1.0) if x > 0 else 0.0
        thugs = g["thugs"]
        at = self.o_thugs + s * (len(THUG_PLACES) + ND + 1)
        for i, place in enumerate(THUG_PLACES):
            out[at + i] = thugs[place] / THUGS
        at += len(THUG_PLACES)
        for d, k in enumerate(thugs["districts"]):
            if k:
                out[at + d] = k / THUGS
        out[at + ND] = sum(thugs["deals"]) / THUGS
        place = BOSS_PLACE.get(g["angry_boss"])
        if place is not None:
            out[self.o_boss + s * len(BOSS_PLACES) + place] = 1.0
        if g["truck"] >= 0:
            out[self.o_truck + s * ND + g["truck"]] = 1.0
        at = self.o_cards + s * 4 * NC
        for field in ("plan", "snitches", "duration", "discard"):
            for c in g[field]:
                out[at + c] = 1.0
            at += NC
        for shield in g["shields"]:
            out[self.o_shields + s * len(D.SHIELDS) + D.SHIELDS.index(shield)] = 1.0
        at = self.o_deals + s * len(PLAYER_DEALERS)
        for did in g["deals"]:
            if did < len(PLAYER_DEALERS):  # Tequila's own Deals: SF-T.10 says he has them
                out[at + did] = 1.0
        at = self.o_jobs + s * NJ
        for j in g["active_jobs"]:
            out[at + j] = 1.0
        out[self.o_counts + s * 2] = min(1.0, g["jobs_count"] / D.C["max_jobs"])
        out[self.o_counts + s * 2 + 1] = min(1.0, g["street_gang_count"] / 6)
