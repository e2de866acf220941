"""The state of a game of Cash 'n Guns: plain values only, cloned by hand.

Seats are 0-based. In the base game every seat is its own team, so "teammate" always means
"same team, other seat" and is empty there.
"""

from __future__ import annotations

from famiglia.core import Fields, State

from .data import LETHAL

# Fields by how they are copied: plain values, flat lists, lists of lists.
SCALARS = (
    "teams",
    "surprises_on",
    "mercs_on",
    "first_game",
    "nteams",
    "turn",
    "godfather",
    "phase",
    "actor",
    "step",
    "flash",
    "flash_user",
    "jammed",
    "bomb_user",
    "bomb",
    "split_pos",
    "dictator_used",
    "ban",
    "pending",
    "pending_bomb",
    "greedy_done",
    "junk_used",
    "new_godfather",
    "diamond_bonus",
    "over",
    "sh_mate",
    "sh_type",
    "sh_give",
    "sh_get",
    "use_card",
    "merc_team",
    "thief",
    "kid_late",
    "smart_late",
    "aims_public",
    "courage_public",
    "ordered",
)
LISTS = (
    "team_of",
    "twins",
    "powers",
    "used",
    "pick",
    "alive",
    "wounds",
    "table",
    "tokens",
    "surprise",
    "bullet",
    "aim",
    "courage",
    "standing",
    "order",
    "queue",
    "extra_paint",
    "bonus",
    "jay",
    "mercs",
    "recruit_order",
    "known",
    "stolen",
    "taken",
)
NESTED = (
    "payments",
    "pairs",
    "hand",
    "hidden",
    "shown",
    "loot",
    "piles",
    "hits",
    "couples",
    "units",
    "envelopes",
    "merc_taken",
)


class CNGState(State):
    """The data of a game and the questions the rules ask of it; the package's CashNGunsState
    adds the contract's behaviour (the phase table, views, refusals, the result)."""

    # ----- copying -----------------------------------------------------------------------------
    def clone(self) -> CNGState:
        cls = self.__class__
        c = cls.__new__(cls)
        d = c.__dict__
        d.update(self.__dict__)
        for name in LISTS:
            d[name] = list(d[name])
        for name in NESTED:
            d[name] = [None if x is None else list(x) for x in d[name]]
        c.rng = self.rng.copy()
        c._legal = {}
        return c

    _SAVED = Fields.grouped("cash-n-guns", SCALARS, LISTS, NESTED)

    def to_json(self) -> dict:
        return self._SAVED.to_json(self)

    # ----- who is who --------------------------------------------------------------------------
    def mates(self, seat: int) -> list[int]:
        """The seat's teammates, living or dead (none in the base game)."""
        team = self.team_of[seat]
        return [t for t in range(self.players) if t != seat and self.team_of[t] == team]

    def holder(self, power: str) -> int:
        """The living seat holding `power`, or -1."""
        if power not in self.powers:  # most powers are in no hand: said without the loop
            return -1
        for seat in range(self.players):
            if self.powers[seat] == power and self.alive[seat]:
                return seat
        return -1

    def from_godfather(self) -> list[int]:
        """All seats in playing order, starting with the Godfather."""
        g, n = self.godfather, self.players
        return [(g + i) % n for i in range(n)]

    def targets(self, seat: int) -> list[int]:
        """Whom `seat` may aim at: a living player of another team (and not a Desert Sparrow
        who is aiming at `seat`, outside a Flash Bang turn)."""
        team = self.team_of[seat]
        # Known only once the guns are shown, so it cannot limit a secret aim.
        sparrow = self.holder("desert_sparrow") if self.aims_public and not self.flash else -1
        out = []
        for t in range(self.players):
            if t == seat or not self.alive[t] or self.team_of[t] == team:
                continue
            if t == sparrow and self.aim[t] == seat:
                continue
            out.append(t)
        return out

    def living_teams(self) -> set[int]:
        return {self.team_of[s] for s in range(self.players) if self.alive[s]}

    def lethal(self, seat: int) -> int:

        return LETHAL + (1 if self.powers[seat] == "unbreakable" else 0)

    def team_rep(self, team: int) -> int:
        """Who speaks for a team at the end: its first living seat, else its first seat."""
        seats = [s for s in range(self.players) if self.team_of[s] == team]
        living = [s for s in seats if self.alive[s]]
        return (living or seats)[0]

    # ----- the contract ------------------------------------------------------------------------
    def seats_to_act(self) -> tuple[int, ...]:
        return self.waiting

    def pending_seats(self) -> tuple[int, ...]:
        """Who is to act, worked out from the phase (kept in `waiting` after every move)."""
        phase = self.phase
        if phase == "over":
            return ()
        # (Lists made into tuples: quicker than from a generator, which resumes a frame a seat.)
        n = range(self.players)
        if phase == "bullet":
            alive, bullet = self.alive, self.bullet
            return tuple([s for s in n if alive[s] and not bullet[s]])
        if phase == "aim":
            alive, aim, kid = self.alive, self.aim, self.kid_late
            return tuple([s for s in n if alive[s] and aim[s] is None and s != kid])
        if phase == "courage":
            standing, courage, smart = self.standing, self.courage, self.smart_late
            return tuple([s for s in n if standing[s] and not courage[s] and s != smart])
        if phase == "powers":
            return tuple(s for s in n if self.pairs[s] is not None and not self.pick[s])
        return (self.actor,)

    def refresh(self) -> None:
        """After changing fields by hand (tests, setup): recompute who acts, drop the cache."""
        self.waiting = self.pending_seats()
        self._legal = {}

    def seat_teams(self) -> tuple[int, ...]:
        return tuple(self.team_of)  # CNG-9.1: teams by the seating pattern, else one a seat

    def is_over(self) -> bool:
        return self.phase == "over"
