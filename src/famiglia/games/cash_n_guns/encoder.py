"""Cash 'n Guns: action catalogue and observation encoder (docs/rl.md)."""

from __future__ import annotations

from famiglia.games.cash_n_guns import data as C
from famiglia.games.cash_n_guns.phases import PHASES as _PHASES
from famiglia.games.cash_n_guns.rules.trade import TYPES as TRADE_TYPES
from famiglia.rl.encoding import Encoder as _Base
from famiglia.rl.encoding import share, squash

SEATS = range(9)  # the most players Cash 'n Guns takes
AMMO = ("click", "bang")
POWERS = (*C.BASE_POWERS, *C.TEAM_POWERS)
SHARES = (*C.LOOT_ORDER, *C.TOKENS)  # what can lie on the table to be taken
TRADED = (*C.LOOT_ORDER, *AMMO, *POWERS, "surprise")  # cards Shadow Trading names
TEAMS = range(len(C.TEAM_NAMES))
PILES = range(C.TURNS)


def entries():
    """Kinds in the order of a round: powers, hold-up, shots, the split, trades, mercenaries."""
    yield from (("keep_power", (p,)) for p in POWERS)
    yield from (("hustle", (t,)) for t in SEATS)
    yield from (("hustle_give", (a,)) for a in AMMO)
    yield from (("surprise", (b,)) for b in (True, False))
    yield from (("load", (a,)) for a in AMMO)
    yield from (("aim", (t,)) for t in (-1, *SEATS))
    yield from (("order", (t,)) for t in (-1, *SEATS))
    yield from (("retarget", (t,)) for t in SEATS)
    yield from (("professional", (b,)) for b in (True, False))
    yield from (("cunning", (a,)) for a in ("", *AMMO))
    yield from (("courage", (c,)) for c in ("stand", "down"))
    for t in SEATS:
        yield ("shot", ("wound", t, ""))
        yield ("shot", ("taser", t, ""))
        yield ("shot", ("grapple", t, ""))
        yield from (("shot", ("grapple", t, c)) for c in C.LOOT_ORDER)
    yield from (("lucky", (b,)) for b in (True, False))
    yield from (("bomb", (c,)) for c in SHARES)
    yield from (("twin", (t,)) for t in SEATS)
    # (share, True): the share carrying the parcel bomb, named apart from the others of its
    # kind (CNG-11.5).
    for kind, codes in (
        ("stealthy", ("kit", "clip")),
        ("take", SHARES),
    ):
        yield from ((kind, (c,)) for c in codes)
        yield from ((kind, (c, True)) for c in codes)
    yield from (("dictate", (b,)) for b in (True, False))
    greedy = (*C.LOOT_ORDER, "godfather")
    yield from (("greedy", (c,)) for c in (*greedy, ""))
    yield from (("greedy", (c, True)) for c in greedy)
    yield from (("junk", (k,)) for k in (*PILES, -1))
    yield from (("use", (t,)) for t in SEATS)
    yield from (("envelope", (c,)) for c in C.LOOT_ORDER)
    yield from (("sh_mate", (t,)) for t in SEATS)
    yield from (("sh_type", (k,)) for k in TRADE_TYPES)
    yield from (("sh_give", (c,)) for c in TRADED)
    yield from (("sh_get", (c,)) for c in TRADED)
    yield from (("sh_answer", (b,)) for b in (True, False))
    yield from (("sh_dead", (c,)) for c in TRADED)
    yield from (("merc_tie", (team,)) for team in TEAMS)
    yield from (("recruit", (m,)) for m in C.MERCS)
    yield from (("agent48", (t,)) for t in SEATS)
    yield from (("thief", (t,)) for t in SEATS)
    yield from (("steal", (t, c)) for t in SEATS for c in C.LOOT_ORDER)
    yield from (("dre_gray", (t,)) for t in (*SEATS, -1))
    yield from (("fake_elvis", (a, b)) for a in SEATS for b in SEATS if a < b)
    yield from (("lady", (k,)) for k in (1, -1))
    yield from (("pencil", (t,)) for t in SEATS)
    yield from (("zombie", (t,)) for t in SEATS)


def max_decisions(players: int, options: dict) -> int:
    """Eight rounds. A round asks each player at most a dozen hold-up choices (surprise,
    hustle, bullet, aim, order, retarget, professional, cunning, courage, shot, lucky), the
    split at most one share per card and token on the table with its Greedy, Dictator and junk
    steps, a trade of six steps per share, and the mercenaries' steps. Counted with double
    room; the first round adds the choice of powers."""
    shares = C.PILE_SIZE + len(C.TOKENS)
    per_round = players * 14 + shares * 10 + 4 * len(C.MERCS) * 3
    return 2 * (C.TURNS * per_round + players)


# ----- the observation -----------------------------------------------------------------------
PHASES = (*_PHASES, "over")
PHASE = {p: i for i, p in enumerate(PHASES)}
LOOT = {c: i for i, c in enumerate(C.LOOT_ORDER)}
COPIES = [max(1, C.DECK.count(c)) for c in C.LOOT_ORDER]
SHARE = {c: i for i, c in enumerate(SHARES)}
POWER = {p: i for i, p in enumerate(POWERS)}
MERC = {m: i for i, m in enumerate(C.MERCS)}
SURPRISE = {s: i for i, s in enumerate(C.SURPRISES)}
CARD = {c: i for i, c in enumerate(TRADED)}
TEAM = {C.TEAM_NAMES[letter]: i for i, letter in enumerate(sorted(C.TEAM_NAMES))}
KINDS = tuple(dict.fromkeys([*C.LOOT_KIND.values(), *C.TOKENS]))  # what the Dictator forbids
L, P, NT = len(LOOT), len(POWERS), len(C.TEAM_NAMES)
AMMO_MOST = (C.CLICKS, C.BANGS)


class Encoder(_Base):
    def build(self) -> None:
        n = self.players
        add = self.add
        self.o_me = add("me", n, "my seat, one-hot")
        self.o_turn = add("turn", 1, "round / 8")
        self.o_phase = add("phase", len(PHASES), "phase, one-hot: " + ", ".join(PHASES))
        self.o_to_act = add("to_act", n, "seats to act now")
        self.o_godfather = add("godfather", n, "the Godfather's seat, one-hot")
        self.o_teams = add("teams", n * NT, "per seat: its team, one-hot (zeros without teams)")
        self.o_twins = add("evil_twins", n, "the Evil Twins' seats")
        self.o_powers = add("powers", n * P, "per seat: its power card, one-hot")
        self.o_spent = add("powers_spent", P, "once-a-game powers already used")
        self.o_alive = add("alive", n, "per seat: alive")
        self.o_wounds = add("wounds", n, "per seat: wounds / 3")
        self.o_loot = add("loot", n * L, "per seat: loot cards per kind / copies")
        self.o_table = add(
            "table", L + len(C.TOKENS), "loot on the table per kind / copies, tokens"
        )
        self.o_piles = add("piles", len(PILES) * (L + 1), "per pile: cards seen per kind, size / 8")
        self.o_ammo = add("bullets", n * 5, "per seat: hand / 8, face-down discards / 8, "
                          "shown Clicks / 5, shown Bangs / 3 (each clipped at 1), loaded")  # fmt: skip
        self.o_aims = add("aims", n * (n + 2), "per seat: target one-hot, 'nobody', aimed")
        self.o_courage = add("courage", n * 4, "per seat: stands, lies down, has chosen, standing")
        self.o_surprise = add("holds_surprise", n, "per seat: holds a surprise card")
        self.o_flash = add("flash_bang", n, "the Flash Bang thrower, one-hot")
        self.o_jammed = add("jammed", 1, "1 when the guns are jammed")
        self.o_bomb = add("parcel_bomb", n + len(SHARES), "bomb user one-hot, the share bombed")
        self.o_order = add("split_order", n, "per seat: place in the split order / seats")
        self.o_forbid = add("forbidden", len(KINDS), "the kind the Dictator forbids, one-hot")
        self.o_reach = add(
            "reaching_for",
            len(SHARES) + 1,
            "the share the Dictator is asked about, one-hot; 1 if it carries the parcel bomb",
        )
        self.o_env = add("envelopes", NT * L, "per team: cards in its envelope per kind / copies")
        self.o_mercs = add("mercenaries", len(MERC), "mercenaries still on offer")
        self.o_hired = add("recruited", NT * len(MERC), "per team: mercenaries it recruited")
        self.o_bonus = add("diamond_bonus", 1, "diamond bonus, squashed at $60k")
        self.o_paint = add("extra_paintings", n, "per seat: extra paintings / 10")
        self.o_couples = add("couples", n * n, "per seat pair: married by Fake Elvis")
        self.o_units = add("extra_members", NT * L, "per team: an extra member's loot per kind")
        self.o_trade = add("trade", n + len(TRADE_TYPES) + 2 * len(CARD),
                           "partner one-hot, type one-hot, card given, card asked (traders only)")  # fmt: skip
        self.o_stolen = add("stolen", 3, "CatGirl's haul: bills / 3, diamonds / 2, paintings")
        self.o_dealt = add("dealt", n * P + n, "power cards dealt per seat (when seen), chose")
        self.o_hand = add("hand", 4, "my Clicks / 5 and Bangs / 3 in hand, then face down")
        self.o_bullet = add("my_bullet", 2, "my loaded card: Click, Bang")
        self.o_my_surprise = add("my_surprise", len(SURPRISE), "my surprise card, one-hot")
        self.o_pick = add("my_power_pick", P, "the power I picked, one-hot")
        self.every_seat = [True] * n  # what the fast path's seat sees when all is public

    def write(self, v: dict, seat: int, out) -> None:
        n = self.players
        out[self.o_me + seat] = 1.0
        out[self.o_turn] = share(v["turn"], C.TURNS)
        out[self.o_phase + PHASE[v["phase"]]] = 1.0
        for s in v["to_act"]:
            out[self.o_to_act + s] = 1.0
        if v["godfather"] >= 0:
            out[self.o_godfather + v["godfather"]] = 1.0
        if v["teams"]:
            for s, name in enumerate(v["teams"]):
                out[self.o_teams + s * NT + TEAM[name]] = 1.0
        for s in v["evil_twins"]:
            out[self.o_twins + s] = 1.0
        for s, power in enumerate(v["powers"]):
            if power:
                out[self.o_powers + s * P + POWER[power]] = 1.0
        for power in v["powers_spent"]:
            out[self.o_spent + POWER[power]] = 1.0
        alive, wounds, loot = v["alive"], v["wounds"], v["loot"]
        hand, down, shown, loaded = (
            v["hand_size"],
            v["discarded_face_down"],
            v["shown"],
            v["loaded"],
        )
        aims, aimed, courage, chose = v["aims"], v["aimed"], v["courage"], v["chose_courage"]
        standing, surprise, paint = v["standing"], v["holds_surprise"], v["extra_paintings"]
        most = 1.0 / (C.CLICKS + C.BANGS)
        for s in range(n):
            if alive[s]:
                out[self.o_alive + s] = 1.0
            out[self.o_wounds + s] = min(1.0, wounds[s] / C.LETHAL)
            write_loot(self.o_loot + s * L, loot[s], out)
            at = self.o_ammo + s * 5
            out[at] = min(1.0, hand[s] * most)  # a Hustler can hold more than his own 8
            out[at + 1] = min(1.0, down[s] * most)
            out[at + 2] = min(1.0, shown[s][0] / C.CLICKS)
            out[at + 3] = min(1.0, shown[s][1] / C.BANGS)
            if loaded[s]:
                out[at + 4] = 1.0
            at = self.o_aims + s * (n + 2)
            aim = aims[s]
            if aim is not None:
                out[at + (aim if aim >= 0 else n)] = 1.0
            if aimed[s]:
                out[at + n + 1] = 1.0
            at = self.o_courage + s * 4
            if courage[s]:
                out[at + (courage[s] == "down")] = 1.0
            if chose[s]:
                out[at + 2] = 1.0
            if standing[s]:
                out[at + 3] = 1.0
            if surprise[s]:
                out[self.o_surprise + s] = 1.0
            out[self.o_paint + s] = min(1.0, paint[s] / 10)
        write_loot(self.o_table, v["table"], out)
        for token in v["tokens"]:
            out[self.o_table + L + C.TOKENS.index(token)] = 1.0
        for i, (size, seen) in enumerate(zip(v["piles"], v["piles_seen"], strict=True)):
            at = self.o_piles + i * (L + 1)
            write_loot(at, seen, out)
            out[at + L] = size / C.PILE_SIZE
        if v["flash_bang"] is not None:
            out[self.o_flash + v["flash_bang"]] = 1.0
        out[self.o_jammed] = float(v["jammed"])
        bomb = v["parcel_bomb"]
        if bomb is not None:
            out[self.o_bomb + bomb["user"]] = 1.0
            if bomb["on"]:
                out[self.o_bomb + n + SHARE[bomb["on"]]] = 1.0
        for place, s in enumerate(v["split_order"]):
            out[self.o_order + s] = (place + 1) / n
        if v["forbidden"]:
            out[self.o_forbid + KINDS.index(v["forbidden"])] = 1.0
        if v["reaching_for"]:
            out[self.o_reach + SHARE[v["reaching_for"]]] = 1.0
            if v["reaching_for_the_bomb"]:
                out[self.o_reach + len(SHARES)] = 1.0
        for team, cards in enumerate(v["envelopes"]):
            write_loot(self.o_env + team * L, cards, out)
        for m in v["mercenaries"]:
            out[self.o_mercs + MERC[m]] = 1.0
        for team, m in v["recruited"]:
            out[self.o_hired + team * len(MERC) + MERC[m]] = 1.0
        out[self.o_bonus] = squash(v["diamond_bonus"], C.DIAMOND_BONUS)
        for a, b in v["couples"]:
            out[self.o_couples + a * n + b] = 1.0
            out[self.o_couples + b * n + a] = 1.0
        for team, cards in v["extra_members"]:
            write_loot(self.o_units + team * L, cards, out)
        trade = v["trade"]
        if trade is not None:
            out[self.o_trade + trade["with"]] = 1.0
            if trade["type"]:
                out[self.o_trade + n + TRADE_TYPES.index(trade["type"])] = 1.0
            at = self.o_trade + n + len(TRADE_TYPES)
            if trade.get("give"):
                out[at + CARD[trade["give"]]] = 1.0
            if trade.get("get"):
                out[at + len(CARD) + CARD[trade["get"]]] = 1.0
        for i, most in enumerate((3, 2, 1)):
            out[self.o_stolen + i] = share(v["stolen"][i], most)
        if "dealt" in v:
            for s, pair in enumerate(v["dealt"]):
                for power in pair or ():
                    out[self.o_dealt + s * P + POWER[power]] = 1.0
                out[self.o_dealt + n * P + s] = float(v["chose_power"][s])
        clicks, bangs = v["hand"]  # clipped: a Hustler may hold more than his own
        out[self.o_hand] = share(clicks, C.CLICKS)
        out[self.o_hand + 1] = share(bangs, C.BANGS)
        clicks, bangs = v["my_face_down_discards"]
        out[self.o_hand + 2] = share(clicks, C.CLICKS)
        out[self.o_hand + 3] = share(bangs, C.BANGS)
        if v["my_bullet"]:
            out[self.o_bullet + AMMO.index(v["my_bullet"])] = 1.0
        if v["my_surprise"]:
            out[self.o_my_surprise + SURPRISE[v["my_surprise"]]] = 1.0
        if v.get("my_power_pick"):
            out[self.o_pick + POWER[v["my_power_pick"]]] = 1.0


# one loot card weighs 1 / its copies in the deck, so that all copies together read 1
WEIGHT = {code: 1.0 / COPIES[i] for code, i in LOOT.items()}


def write_loot(at: int, cards, out) -> None:
    for code in cards:
        out[at + LOOT[code]] += WEIGHT[code]
