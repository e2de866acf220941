"""The Mob: action catalogue and observation encoder (docs/rl.md, "The Mob")."""

from __future__ import annotations

from famiglia.games.the_mob import data as D
from famiglia.games.the_mob.actions import GUARD
from famiglia.games.the_mob.phases import PHASES as _PHASES
from famiglia.rl.encoding import Encoder as _Base
from famiglia.rl.encoding import share

SEATS = range(6)  # the most players The Mob takes
CARDS = range(len(D.CARD_NAMES))
PIECES = range(GUARD + 1)  # members 0..7, then 8 = bodyguards
WHERE = (*D.SPACES, *(D.OOC_BASE + i for i in range(len(D.OOC_SPACES))))


def entries():
    """Kinds in the order of a year: exchange, card play, placement, targets, year end."""
    yield from (("return", (c,)) for c in CARDS)
    yield ("keep", ())
    yield from (("play", (c,)) for c in CARDS)
    yield from (("unused", (c,)) for c in CARDS)
    yield from (("space", (s,)) for s in D.SPACES)
    yield from (("add", (p,)) for p in PIECES)
    yield ("done", ())
    yield from (("last", (s, p)) for s in D.SPACES for p in PIECES)
    yield from (
        ("ooc", (i, seat, m)) for i in range(len(D.OOC_SPACES)) for seat in SEATS for m in D.MEMBERS
    )
    yield from (("jail", (seat, m)) for seat in SEATS for m in D.MEMBERS)
    yield from (("extort", (seat,)) for seat in SEATS)
    yield from (("offer", (seat, w)) for seat in SEATS for w in WHERE)
    yield from (("takeover", (s,)) for s in D.SPACES)
    yield from (("bail", (m,)) for m in D.MEMBERS)
    yield ("undo", ())
    yield from (("rehire", (n,)) for n in range(D.BODYGUARDS + 1))
    yield ("invest", ())
    yield ("stop", ())


def max_decisions(players: int, options: dict) -> int:
    """At most max_years years; a year is one exchange and hand_size card plays per family,
    then the year end. Per family and year: returning at most a hand, one card play per card
    of at most 12 placement steps (a space, eight members, bodyguards, done), one rehire, and
    at most 10 investments, 10 undos and 8 bail-outs. Counted with double room."""
    hand = D.HAND_SIZE[players]
    per_family = (hand + 1) + hand * 12 + 1 + (D.WIN_INVESTMENT + 1) * 2 + len(D.MEMBERS)
    return 2 * options["max_years"] * players * per_family


# ----- the observation -----------------------------------------------------------------------
PHASES = (*_PHASES, "over")
PHASE = {p: i for i, p in enumerate(PHASES)}
CARD = {name: i for i, name in enumerate(D.CARD_NAMES)}
MEMBER = {name: i for i, name in enumerate(D.MEMBER_NAMES)}
SPACE = {name: i for i, name in enumerate(D.SPACE_NAMES)}
LEGAL = {name: i for i, name in enumerate(D.LEGAL_NAMES)}
OOC = {name: i for i, name in enumerate(D.OOC_SPACES)}
M = len(D.MEMBERS)
MOST_STAKE = sum(D.MEMBER_VALUES) + D.BODYGUARDS * D.GUARD_VALUE


class Encoder(_Base):
    def build(self) -> None:
        n, cards = self.players, len(CARD)
        self.deck = D.deck(n)
        # one card of a type weighs 1 / its copies in the deck, so a full set reads 1
        self.weight = {D.CARD_NAMES[c]: 1.0 / max(1, self.deck.count(c)) for c in CARDS}
        self.card_weight = [self.weight[D.CARD_NAMES[c]] for c in CARDS]  # by card number
        self.hand_most = D.HAND_SIZE[n]
        add = self.add
        self.o_me = add("me", n, "my seat, one-hot")
        self.o_year = add("year", 1, "year / max_years")
        self.o_dealer = add("dealer", n, "the dealer's seat, one-hot")
        self.o_phase = add("phase", len(PHASES), f"phase, one-hot: {', '.join(PHASES)}")
        self.o_actor = add("to_act", n, "the seat to act, one-hot")
        self.o_played_n = add("cards_played", 1, "cards played this year / cards per year")
        self.o_last = add("last_card", 1, "1 when the last card of the year is being played")
        self.o_strict = add("strict_stakes", 1, "1 with the strict-stakes variant")
        self.o_cash = add("cash", n, "each family's cash, squashed at $100k")
        self.o_invest = add("investment", n, "each family's investment steps / 10")
        self.o_photo = add("photo", n * M, "per family, per member: 1 if on the photo")
        self.o_guards = add("bodyguards", n, "per family: bodyguards on the photo / 8")
        self.o_prison = add("prison", n * M, "per family, per member: prison block / 3 (0: out)")
        self.o_harbour = add("harbour", n * M, "per family, per member: 1 if in the harbour")
        self.o_removed = add("bodyguards_removed", n, "per family: removed this year / 8")
        self.o_lost = add("bodyguards_lost", n, "per family: lost for good / 8")
        self.o_hands = add("hand_size", n, "per family: cards in hand / hand size")
        spaces, pieces = len(D.SPACES), n + M + 2
        self.o_spaces = add(
            "illegal_businesses",
            spaces * pieces,
            "per space: owner one-hot (seats), members there (8), bodyguards / 8, stake / most",
        )
        self.o_legal = add("legal_businesses", len(LEGAL) * n, "per legal business: owner one-hot")
        self.o_ooc = add("out_of_circulation", len(OOC) * n * M, "per space, family, member: 1")
        self.o_park = add("played", cards, "cards played this year, per type / copies")
        self.o_stock = add("stock", 1, "cards in the stock / deck")
        self.o_aside = add("set_aside", 1, "cards set aside / deck")
        self.o_card = add("in_play_card", cards, "the card on the table, one-hot")
        self.o_card_seat = add("in_play_seat", n, "who plays it, one-hot")
        self.o_card_space = add("in_play_space", spaces, "the space chosen for it, one-hot")
        self.o_card_pieces = add(
            "in_play_pieces", M + 2, "members chosen (8), bodyguards / 8, value needed / most"
        )
        self.o_hand = add("hand", cards, "my hand, per type / copies")
        self.o_returning = add("returning", cards, "cards I return, per type / copies")
        self.o_my_aside = add("my_set_aside", cards, "my set-aside cards, per type / copies")

    def write(self, v: dict, seat: int, out) -> None:
        n = self.players
        out[self.o_me + seat] = 1.0
        out[self.o_year] = share(v["year"], self.options["max_years"])
        out[self.o_dealer + v["dealer"]] = 1.0
        out[self.o_phase + PHASE[v["phase"]]] = 1.0
        if v["to_act"] >= 0:
            out[self.o_actor + v["to_act"]] = 1.0
        out[self.o_played_n] = share(v["cards_played"], v["cards_per_year"])
        out[self.o_last] = float(v["last_card"])
        out[self.o_strict] = float(v["strict_stakes"])
        guards = 1.0 / D.BODYGUARDS
        for p, f in enumerate(v["families"]):
            cash = f["cash"]
            out[self.o_cash + p] = cash / (cash + 100.0) if cash > 0 else 0.0
            out[self.o_invest + p] = min(1.0, f["investment"] / D.WIN_INVESTMENT)
            at = self.o_photo + p * M
            for name in f["photo"]:
                out[at + MEMBER[name]] = 1.0
            at = self.o_prison + p * M
            for name, block in f["prison"].items():
                out[at + MEMBER[name]] = block / 3.0
            at = self.o_harbour + p * M
            for name in f["harbour"]:
                out[at + MEMBER[name]] = 1.0
            out[self.o_guards + p] = f["bodyguards"] * guards
            out[self.o_removed + p] = f["bodyguards_removed"] * guards
            out[self.o_lost + p] = f["bodyguards_lost"] * guards
            out[self.o_hands + p] = min(1.0, f["hand_size"] / self.hand_most)
        width = n + M + 2
        for name, b in v["illegal_businesses"].items():
            at = self.o_spaces + SPACE[name] * width
            out[at + b["family"]] = 1.0
            at += n
            for m in b["members"]:
                out[at + MEMBER[m]] = 1.0
            out[at + M] = b["bodyguards"] * guards
            out[at + M + 1] = min(1.0, b["stake"] / MOST_STAKE)
        for name, owner in v["legal_businesses"].items():
            out[self.o_legal + LEGAL[name] * n + owner] = 1.0
        for name, found in v["out_of_circulation"].items():
            at = self.o_ooc + OOC[name] * n * M
            for s, m in found:
                out[at + s * M + MEMBER[m]] = 1.0
        weight = self.weight
        at = self.o_park
        for name in v["played"]:
            out[at + CARD[name]] += weight[name]
        deck = len(self.deck)
        out[self.o_stock] = v["stock"] / deck
        out[self.o_aside] = v["set_aside"] / deck
        play = v["in_play"]
        if play is not None:
            out[self.o_card + CARD[play["card"]]] = 1.0
            out[self.o_card_seat + play["seat"]] = 1.0
            if "space" in play:
                out[self.o_card_space + SPACE[play["space"]]] = 1.0
                at = self.o_card_pieces
                for m in play["members"]:
                    out[at + MEMBER[m]] = 1.0
                out[at + M] = play["bodyguards"] * guards
                out[at + M + 1] = min(1.0, play["needed"] / MOST_STAKE)
        for at, names in (
            (self.o_hand, v["hand"]),
            (self.o_returning, v["returning"]),
            (self.o_my_aside, v["my_set_aside"]),
        ):
            for name in names:
                out[at + CARD[name]] += weight[name]
