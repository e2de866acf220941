"""Unfinished Business: action catalogue and observation encoder (docs/rl.md)."""

from __future__ import annotations

from famiglia.games.unfinished_business import data as C
from famiglia.games.unfinished_business.actions import ZONES
from famiglia.games.unfinished_business.phases import PHASES as _DECISIONS
from famiglia.rl.encoding import Encoder as _Base
from famiglia.rl.encoding import share, squash

SEATS = range(C.MAX_SEATS)
PROPS = [C.NAME[k] for k in C.PROPERTY_KINDS]
NON_JOKERS = [C.NAME[k] for k in C.PROPERTY_KINDS if not C.IS_JOKER[k]]
JOKERS = [C.NAME[k] for k in C.JOKERS]
HOLDABLE = [C.NAME[k] for k in range(C.KINDS) if not C.IS_EVENT[k]]  # events never stay in hand


def entries():
    """The turn's options first (UB-3.2), then the answers to each kind of decision."""
    for a in NON_JOKERS:  # UB-4.1: a pair, or a card and a joker
        yield ("invest", (a, a))
        yield from (("invest", (a, j)) for j in JOKERS)
    for a in NON_JOKERS:  # UB-5.1: (hand card, market top)
        yield ("market", (a, a))
        yield from (("market", (j, a)) for j in JOKERS)
        yield from (("market", (a, j)) for j in JOKERS)
    yield from (("attack", (seat, p)) for seat in SEATS for p in PROPS)
    for k in C.ACTION_KINDS:
        if k == C.KEY:
            continue  # the Key is never played (UB-7.11)
        if k in C.TARGETED:
            yield from (("play", (C.NAME[k], seat)) for seat in SEATS)
        else:
            yield ("play", (C.NAME[k],))
    yield ("plan", ())
    yield from (("bonus", (p,)) for p in PROPS)
    yield ("nobonus", ())
    yield from (("answer", (p,)) for p in PROPS)
    yield ("giveup", ())
    yield from (("loot", (p,)) for p in PROPS)
    yield from (("discard", (c,)) for c in HOLDABLE)
    yield from (("launder", (p,)) for p in PROPS)
    yield ("stop", ())
    yield from (("take", (c,)) for c in HOLDABLE)
    yield from (("swaptake", (p, z)) for z in ZONES for p in PROPS)
    yield from (("swapgive", (p, z)) for z in ZONES for p in PROPS)
    yield ("noswap", ())
    yield from (("pass", (c,)) for c in HOLDABLE)
    yield from (("revenge", (seat, p)) for seat in SEATS for p in PROPS)
    yield ("norevenge", ())


ALL_CARDS = sum(C.COUNT[k] for k in range(C.KINDS))


def max_decisions(players: int, options: dict) -> int:
    """Every turn draws from the pile or spends a hand card, and every card reaches a hand at
    most once, so a game has fewer turns than twice its cards. A turn asks for its option, a
    bonus, at most eight fight answers and a loot, a discard, up to three launderings, two swap
    steps, and an event's answers from every seat. Counted with double room."""
    return 2 * (2 * ALL_CARDS) * (16 + 2 * players)


# ----- the observation -----------------------------------------------------------------------
K = C.KINDS
KIND = C.KIND_BY_NAME
DECISIONS = tuple(_DECISIONS)
DECISION = {k: i for i, k in enumerate(DECISIONS)}
MOST_SETS = 10  # sets in front of one safe read as a share of this (more read 1)


class Encoder(_Base):
    def build(self) -> None:
        n = self.players
        add = self.add
        self.o_me = add("me", n, "my seat, one-hot")
        self.o_turn = add("turn", n, "whose turn it is, one-hot")
        self.o_to_act = add("to_act", n, "seats to act now (several in a Poker Round)")
        self.o_decision = add(
            "decision", len(DECISIONS), "decision, one-hot: " + ", ".join(DECISIONS)
        )
        self.o_dseat = add("decision_seat", n, "the seat answering the decision, one-hot")
        self.o_fight = add("fight", 2 * n + 1, "attacker one-hot, defender one-hot, revenge flag")
        self.o_target = add("fight_target", K, "the attacked set, per card kind / copies")
        self.o_fplayed = add("fight_played", K, "cards played in the fight, per kind / copies")
        self.o_left = add("launder_left", 1, "cards still to launder / 2")
        self.o_from = add("take_from", n, "whose hand is interrogated, one-hot")
        self.o_zone = add("swap_zone", len(ZONES), "the zone of a swap: bank, betting office")
        self.o_safe_no = add("safe_number", n, "per Don: safe number / 6")
        self.o_sets = add("sets", n * K, "per Don: cards in his sets, per kind / copies")
        self.o_nsets = add("set_count", n, "per Don: sets / 10")
        self.o_top = add(
            "top_set", n * K, "per Don: his top set (the one attackable), per kind / copies"
        )
        self.o_godfather = add("godfather", n, "per Don: 1 under the Godfather")
        self.o_hand_n = add("hand_size", n, "per Don: hand cards / 4 (capped)")
        self.o_safe_n = add("safe_size", n, "per Don: safe cards, squashed at 4")
        self.o_safe = add("safe_known", n * K, "per Don: the safe cards I know, per kind / copies")
        self.o_poker = add("poker_chosen", n, "per Don: has chosen his Poker Round card")
        self.o_known = add("known_in_hand", n * K, "per other Don: his hand cards I know")
        self.o_hand = add("hand", K, "my hand, per kind / copies")
        self.o_poker_card = add("poker_card", K, "my Poker Round card, one-hot")
        self.o_pile = add("draw_pile", 1, "cards in the draw pile / all cards")
        self.o_supply = add("supply", 2, "cards left on the action and event supply piles")
        self.o_market = add("black_market", K + 1, "top card one-hot, then size / 10")
        self.o_discard = add("discard", K, "discard pile, per kind / copies")
        self.o_bank = add("bank", K + 1, "bank: known cards per kind / copies, then size / 6")
        self.o_office = add("betting_office", K + 1, "betting office: known per kind, size / 3")
        self.o_over = add("over", 1, "1 when the game is over")

    def write(self, v: dict, seat: int, out) -> None:
        n = self.players
        count = C.COUNT
        out[self.o_me + seat] = 1.0
        out[self.o_turn + v["turn"]] = 1.0
        for s in v["to_act"]:
            out[self.o_to_act + s] = 1.0
        d = v["decision"]
        if d is not None:
            out[self.o_decision + DECISION[d["kind"]]] = 1.0
            if "seat" in d:
                out[self.o_dseat + d["seat"]] = 1.0
            if d["kind"] == "fight":
                out[self.o_fight + d["attacker"]] = 1.0
                out[self.o_fight + n + d["defender"]] = 1.0
                out[self.o_fight + 2 * n] = float(d["revenge"])
                _kinds(self.o_target, d["target"], out)
                _kinds(self.o_fplayed, d["played"], out)
            elif "left" in d:
                out[self.o_left] = share(d["left"], 2)
            elif "from" in d:
                out[self.o_from + d["from"]] = 1.0
            elif "zone" in d:
                out[self.o_zone + ZONES.index(d["zone"])] = 1.0
        for don in v["dons"]:
            s = don["seat"]
            out[self.o_safe_no + s] = share(don["safe_number"], 6)
            sets = don["sets"]
            for cards in sets:
                _kinds(self.o_sets + s * K, cards, out)
            out[self.o_nsets + s] = share(len(sets), MOST_SETS)
            if sets:
                at = self.o_top + s * K
                for name in sets[-1]:
                    out[at + KIND[name]] += WEIGHT[name]
            out[self.o_godfather + s] = float(don["godfather"])
            out[self.o_hand_n + s] = share(don["hand_size"], C.HAND_SIZE)
            out[self.o_safe_n + s] = squash(don["safe_size"], 4)
            at = self.o_safe + s * K
            for name in don["safe"]:
                if name is not None:
                    out[at + KIND[name]] += WEIGHT[name]
            out[self.o_poker + s] = float(don["poker_chosen"])
            if "hand" in don:
                _kinds(self.o_hand, don["hand"], out)
                if don["poker_card"] is not None:
                    out[self.o_poker_card + KIND[don["poker_card"]]] = 1.0
            else:
                _kinds(self.o_known + s * K, don["known_in_hand"], out)
        out[self.o_pile] = share(v["draw_pile"], ALL_CARDS)
        out[self.o_supply] = share(v["supply"]["action"], 3)
        out[self.o_supply + 1] = share(v["supply"]["event"], 3)
        market = v["black_market"]
        if market["top"] is not None:
            out[self.o_market + KIND[market["top"]]] = 1.0
        out[self.o_market + K] = share(market["size"], 10)
        for name, k in v["discard"].items():
            out[self.o_discard + KIND[name]] = share(k, count[KIND[name]])
        for at, zone, most in (
            (self.o_bank, v["bank"], 6),
            (self.o_office, v["betting_office"], 3),
        ):
            _kinds(at, zone["known"], out)
            out[at + K] = share(zone["size"], most)
        out[self.o_over] = float(v["over"])


# one card weighs 1 / its copies in the game, so that all copies of a kind together read 1
WEIGHT = {name: 1.0 / C.COUNT[k] for name, k in KIND.items()}


def _kinds(at: int, names, out) -> None:
    for name in names:
        out[at + KIND[name]] += WEIGHT[name]
