"""The state of one game of Scarface 1920: plain values only (ints, strings, lists), with its
copying, its saving and read-only questions. The rules that change it are in rules/ and modes/;
the Game's State (__init__.py) binds them.

Fields come in three shapes so that clone, to_json and from_json stay short and exact:
scalars, flat lists (one value per seat, or one per board space) and lists of lists.
"""

from __future__ import annotations

from famiglia.core import Fields, State

SCALARS = (
    "phase",  # setup, plan, actions, order, reorg, election, over
    "turn_seat", "turns", "max_turns", "ring", "ness", "ness_level", "gmen_level", "time",
    "gmen", "order_kind", "order_fig", "order_m", "order_i", "order_flag", "order_used",
    "extortion_used", "ignore_tokens", "elected", "capped", "raiding", "ness_due", "reorg_good",
    "reorg_hood", "bullet_supply", "vote_supply",
    # Solo Mode and Tequila (modes/solo.py, automa.py, tequila.py, enforcers.py)
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


# seats_to_act's answer in a turn, made once per gang (the most gangs: 4 seats, or 1 and the
# solo gang)
ONE_SEAT = tuple((s,) for s in range(4))


class ScarfaceState(State):
    """The data of a game; Scarface1920State (__init__.py) adds the rules."""

    game = None  # set in __init__.py

    # ----- copying and saving ----------------------------------------------------------------
    def clone(self) -> ScarfaceState:
        cls = type(self)
        c = cls.__new__(cls)
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
        return ONE_SEAT[self.turn_seat]  # setup, Plan, actions, order, Reorganization

    def is_over(self) -> bool:
        return self.phase == "over"
