"""The state of one game of Scarface 1920: plain values only (ints, strings, lists).

Fields come in three shapes so that clone, to_json and from_json stay short and exact:
scalars, flat lists (one value per seat, or one per board space) and lists of lists.
"""

from __future__ import annotations

from famiglia.core import Fields, Rng, State

from . import data as D

SCALARS = (
    "phase",  # setup, plan, actions, order, reorg, election, over
    "turn_seat", "turns", "max_turns", "ring", "ness", "ness_level", "gmen_level", "time",
    "gmen", "order_kind", "order_fig", "order_m", "order_i", "order_flag", "order_used",
    "extortion_used", "ignore_tokens", "elected", "capped", "raiding", "ness_due", "reorg_good",
    "reorg_hood", "bullet_supply", "vote_supply",
    # Solo Mode and Tequila (rules/solo.py, automa.py, tequila.py, enforcers.py)
    "solo", "tequila", "automa", "token", "boss_bonus", "tokens", "purse", "dead", "enf_moved",
    "shot_used", "unused",
)  # fmt: skip
LISTS = (
    # board
    "control", "business", "police", "nightclubs", "track", "market", "candidates", "mw_active",
    "assoc_deck", "assoc_discard", "job_deck", "job_discard", "dealer_deck", "raid_deck",
    "raid_discard", "news_deck", "news_seen", "sg_deck", "used", "pending", "votes_cast",
    "sg_known", "job_known", "reorg_sold",
    # one value per seat
    "gang", "home", "money", "alcohol", "guns", "votes", "bullets", "crime", "crime_over",
    "boss_row", "hand_size", "lawyers", "recruiters", "dealer_bonus", "upgrades", "slums", "hq",
    "underworld", "authorities", "prison", "hospital", "job_thugs", "boss_loc", "raid_peek", "truck",
    # Solo Mode and Tequila: the solo gang's cubes, Target tokens, Enforcers (one per gang)
    "bag", "cubes_out", "targets", "enforcers", "enforcer", "enf_loc", "deal_tokens",
)  # fmt: skip
NESTED = (
    "mw_piles", "todo", "dist", "hand", "deck", "discard", "plan", "snitches", "duration_cards",
    "jobs", "active_jobs", "deals", "deal_thugs", "street_gangs", "shields", "bounds", "hand_known",
)  # fmt: skip
PRIVATE = ("money", "votes", "bullets")  # behind the gang screen


def solo_voice(text: str) -> str:
    """A gang's own line ("you gain 2 money") as the table reads it of the solo gang."""
    if not text.startswith("you "):
        return f"the solo gang: {text}"
    verb, _, rest = text[4:].partition(" ")
    return f"the solo gang {verb}s {rest}".replace("your ", "its ")


class ScarfaceState(State):
    game = None  # set in __init__.py

    # ----- copying and saving ----------------------------------------------------------------
    def clone(self) -> ScarfaceState:
        c = ScarfaceState.__new__(ScarfaceState)
        # players, the scalars and the log (a persistent linked list: shared, never mutated)
        # are copied with the whole dict at once, then the lists are copied over it
        fields = c.__dict__
        fields.update(self.__dict__)
        fields["rng"] = self.rng.copy()
        fields["_legal"] = {}
        for name in LISTS:
            fields[name] = list(fields[name])
        for name in NESTED:
            fields[name] = [list(x) for x in fields[name]]
        return c

    _SAVED = Fields.grouped("scarface-1920", SCALARS, LISTS, NESTED)

    def to_json(self) -> dict:
        return self._SAVED.to_json(self)

    @classmethod
    def from_json(cls, data: dict) -> ScarfaceState:
        """The saved state, checked whole first (saved.py): ValueError names what is wrong."""
        from .saved import load

        return load(cls, data)

    @property
    def gangs(self) -> int:
        """Gangs at the table: the seats, plus the solo gang in the Solo Mode (SF-S.1)."""
        return len(self.gang)

    # ----- the contract ----------------------------------------------------------------------
    def say(self, text: str, audience=None) -> None:
        """The solo gang has no screen (SF-S.3): what it alone would be told, all are told."""
        if audience is not None and self.automa >= 0 and audience == (self.automa,):
            audience, text = None, solo_voice(text)
        self.log = (self.log, audience, text)  # State.say, written out (every line of narration)

    def seats_to_act(self) -> tuple[int, ...]:
        if self.pending:
            return (self.pending[1],)
        if self.phase == "over":
            return ()
        if self.phase == "election":
            return tuple(s for s in range(self.players) if self.votes_cast[s] < 0)
        return (self.turn_seat,)  # setup, Plan, actions, order, Reorganization

    def is_over(self) -> bool:
        return self.phase == "over"

    # legal_actions, apply and their hooks are bound to the rules in __init__.py.

    def _why_illegal(self, seat: int, action) -> tuple[str, str]:
        from .rules import why_illegal

        return why_illegal(self, seat, action) or super()._why_illegal(seat, action)

    def _decision(self) -> tuple[str, str]:
        from .rules import decision

        return decision(self)

    def result(self):
        from .rules.endgame import result

        return result(self)

    # ----- what a seat may see ---------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        self.check_seat(seat, spectator=True)
        public = {
            "phase": self.phase,
            "turn_seat": self.turn_seat,
            "turns": self.turns,
            "family_ring": self.ring,
            "eliot_ness": self.ness,
            "ness_level": self.ness_level,
            "gmen_level": self.gmen_level,
            "gmen_card": self.gmen,
            "time": self.time,
            "control": list(self.control),
            "business": list(self.business),
            "police": list(self.police),
            "nightclub_column": list(self.nightclubs),
            "business_track": list(self.track),
            "market": list(self.market),
            "candidates": list(self.candidates),
            "most_wanted": list(self.mw_active),
            "news": list(self.news_seen),
            "decks": {
                "associates": len(self.assoc_deck),
                "jobs": len(self.job_deck),
                "dealers": len(self.dealer_deck),
                "raids": len(self.raid_deck),
                "news": len(self.news_deck),
                "street_gangs": len(self.sg_deck),
            },
            "raid_discard": list(self.raid_discard),
            "waiting_for": self.pending[0] if self.pending else "",
            # SF-10.3: whose opportunity is asked, and what triggered it (a hit or a Raid)
            "opportunity": (
                {"seat": self.pending[1], "trigger": self.pending[2]}
                if self.pending and self.pending[0] == "opp"
                else None
            ),
            "order": [self.order_kind, self.order_m, self.order_i] if self.phase == "order" else [],
            "reorganization_sales": {
                "sold_in": list(self.reorg_sold),
                "good": self.reorg_good,
                "neighborhood": self.reorg_hood,
            },
            "supply": {"bullets": self.bullet_supply, "votes": self.vote_supply},  # SF-9.7
            "elected": self.elected,
            "voted": [v >= 0 for v in self.votes_cast],
        }
        if self.solo or self.tequila:
            public["solo_and_tequila"] = _modes_view(self)
        gangs = []
        for s in range(self.gangs):
            g = {
                "gang": self.gang[s],
                "home": self.home[s],
                "crime": self.crime[s],
                "alcohol": self.alcohol[s],
                "guns": self.guns[s],
                "boss_row": self.boss_row[s],
                "hand_size": self.hand_size[s],
                "lawyers": self.lawyers[s],
                "recruiters": self.recruiters[s],
                "dealer_bonus": self.dealer_bonus[s],
                "upgrades": self.upgrades[s],
                "thugs": {
                    "slums": self.slums[s],
                    "headquarters": self.hq[s],
                    "districts": list(self.dist[s]),
                    "underworld": self.underworld[s],
                    "authorities": self.authorities[s],
                    "prison": self.prison[s],
                    "hospital": self.hospital[s],
                    "jobs": self.job_thugs[s],
                    "deals": list(self.deal_thugs[s]),
                },
                "angry_boss": self.boss_loc[s],
                "truck": self.truck[s],
                "plan": list(self.plan[s]),
                "snitches": list(self.snitches[s]),
                "duration": list(self.duration_cards[s]),
                "shields": list(self.shields[s]),
                "discard": list(self.discard[s]),
                "deals": list(self.deals[s]),
                "active_jobs": list(self.active_jobs[s]),
                "hand_count": len(self.hand[s]),
                "deck_count": len(self.deck[s]),
                "jobs_count": len(self.jobs[s]),
                "street_gang_count": len(self.street_gangs[s]),
                "enforcer": self.enforcer[s],
                "enforcer_at": self.enf_loc[s],
            }
            if s == self.automa:  # the solo gang has no screen (SF-S.3)
                g.update(
                    solo_gang=True,
                    money=self.money[s],
                    votes=self.votes[s],
                    bullets=self.bullets[s],
                    jobs=list(self.jobs[s]),
                    tequila_tokens=self.tokens,
                )
            if s == seat:
                g.update(
                    money=self.money[s],
                    votes=self.votes[s],
                    bullets=self.bullets[s],
                    hand=list(self.hand[s]),
                    deck=sorted(self.deck[s]),  # you know what is in it, not the order
                    jobs=list(self.jobs[s]),
                    street_gangs=list(self.street_gangs[s]),
                    my_vote=self.votes_cast[s],
                )
            gangs.append(g)
        public["gangs"] = gangs
        if self.phase == "over":
            public["votes_cast"] = list(self.votes_cast)
            public["votes"] = list(self.votes)
            public["money"] = list(self.money)
        return public

    def determinize(self, seat: int, seed: int) -> ScarfaceState:
        """Redraws what `seat` cannot know (SF-13.3, SF-13.4): deck orders; rivals' hands, Jobs
        and Street Gangs except the cards whose place the seat knows; the unknown part of the
        Street Gang deck; the face-down decks and Most Wanted piles; rivals' unrevealed votes;
        and rivals' money, Votes and bullets within the bounds the seat could count."""
        self.check_sample(seat, seed)
        c = self.clone()
        rng = Rng(seed)
        c.rng = Rng(seed ^ 0x5F5F)
        bit = 1 << seat
        for s in range(c.players):
            if s == seat:
                rng.quick_shuffle(c.deck[s])
                continue
            pool, kept = list(c.hand[s]), []
            for cid in c.hand_known[s]:  # seen going into the hand: it stays there
                if cid in pool:
                    pool.remove(cid)
                    kept.append(cid)
            pool += c.deck[s]
            rng.quick_shuffle(pool)
            n = len(c.hand[s]) - len(kept)
            c.hand[s], c.deck[s] = kept + pool[:n], pool[n:]
        _redeal(rng, seat, bit, c.job_known, c.jobs, c.job_deck)
        _redeal(rng, seat, bit, c.sg_known, c.street_gangs, c.sg_deck)
        for deck in ("assoc_deck", "dealer_deck", "raid_deck", "news_deck"):
            rng.quick_shuffle(getattr(c, deck))
        known = self.raid_peek[seat]
        if known >= 0 and self.raid_deck and self.raid_deck[-1] == known:
            c.raid_deck.remove(known)  # the seat peeked: that card stays on top
            c.raid_deck.append(known)
        for s in range(c.players):  # a rival who peeked knows the (sampled) top card
            if s != seat and c.raid_peek[s] >= 0 and c.raid_deck:
                c.raid_peek[s] = c.raid_deck[-1]
        for k, pile in enumerate(c.mw_piles):  # face-down piles: any 6 of their tier's 15
            tier = D.MOST_WANTED[pile[0]]["tier"]
            pool = [i for i, m in enumerate(D.MOST_WANTED) if m["tier"] == tier]
            rng.quick_shuffle(pool)
            c.mw_piles[k] = pool[: len(pile)]
        if c.phase == "election":
            for s in range(c.players):
                if s != seat and c.votes_cast[s] >= 0:
                    c.votes_cast[s] = rng.below(2)
        if c.phase != "over":  # at the end everything is revealed
            rivals = [s for s in range(c.players) if s != seat]
            for i, name in enumerate(PRIVATE):
                values = getattr(c, name)
                # Bounds that do not hold the value belong to a state edited by hand.
                free = [
                    s
                    for s in rivals
                    if c.bounds[s][2 * i] < c.bounds[s][2 * i + 1]
                    and c.bounds[s][2 * i] <= values[s] <= c.bounds[s][2 * i + 1]
                ]
                if name == "money":
                    for s in free:
                        lo, hi = c.bounds[s][0], c.bounds[s][1]
                        values[s] = lo + rng.below(hi - lo + 1)
                else:  # the public supply fixes what they hold together (SF-14.10)
                    _redraw_with_total(
                        rng, values, free, [c.bounds[s][2 * i : 2 * i + 2] for s in free]
                    )
        return c


def _modes_view(st) -> dict:
    """What the table shows of the Solo Mode and Tequila: all of it is public."""
    return {
        "solo": bool(st.solo),
        "tequila": bool(st.tequila),
        "solo_gang": st.automa,
        "token": st.token,
        "bag": sorted(st.bag),  # the cubes are known, not the order they will come out in
        "cubes_set_aside": list(st.cubes_out),
        "targets": list(st.targets),
        "enforcers_for_hire": list(st.enforcers),
        "tokens_on_deals": list(st.deal_tokens),
        "tequila_purse": st.purse,
        "dead": st.dead,
    }


def _redraw_with_total(rng, values: list, seats: list, bounds: list) -> None:
    """Redraws values[s] for `seats`, each within its bounds [lo, hi], keeping their sum: the
    Votes or bullets the General Supply does not hold are public (SF-8.6, SF-9.7). Each value
    is drawn evenly among those the later seats' bounds can still make up; the last takes
    what is left (the true values show the bounds allow the sum)."""
    total = sum(values[s] for s in seats)
    rest_lo = sum(b[0] for b in bounds)
    rest_hi = sum(b[1] for b in bounds)
    for k, s in enumerate(seats):
        lo, hi = bounds[k]
        rest_lo, rest_hi = rest_lo - lo, rest_hi - hi
        low, high = max(lo, total - rest_hi), min(hi, total - rest_lo)
        values[s] = low + rng.below(high - low + 1) if k < len(seats) - 1 else total
        total -= values[s]


def _redeal(rng, seat: int, bit: int, known: list, hands: list, deck: list) -> None:
    """Shuffles the cards whose place `seat` does not know among the places they fill (rivals'
    hands, places in the deck); each place keeps who knows about it."""
    places = []
    for s, hand in enumerate(hands):
        if s != seat:
            places += [(hand, i) for i, cid in enumerate(hand) if not known[cid] & bit]
    places += [(deck, i) for i, cid in enumerate(deck) if not known[cid] & bit]
    cards = [pile[i] for pile, i in places]
    masks = [known[cid] for cid in cards]
    rng.quick_shuffle(cards)
    for (pile, i), cid, mask in zip(places, cards, masks, strict=True):
        pile[i] = cid
        known[cid] = mask
