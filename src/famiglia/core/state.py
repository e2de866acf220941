"""The State: all mutable data of one game, in plain values.

Each game subclasses State and writes the `_` hooks; this base adds what every game does the
same way: the turn check and the "state unchanged on an illegal move" guarantee, the cache of
legal actions, the event log with its audiences, equality through JSON.
"""

from __future__ import annotations

from .actions import Action
from .errors import IllegalAction
from .rng import check_seed
from .text import said_of_another

PUBLIC = None  # audience of an event every seat (and a spectator) may read
_FORGET = "forget"  # a log node that hides what came before from all but one seat


class State:
    game = None  # the Game that made this state (a class attribute of each game's State)

    @property
    def seed(self):
        """The seed this game was made with (drawn by `Game.new(players, None)`), for its
        record; None for a state read back from JSON."""
        return self.rng.seed

    # Subclasses list their own data fields in __slots__ where they like; the base keeps these.
    def _init_base(self, players: int, rng) -> None:
        self.players = players
        self.rng = rng
        # The narration, as a persistent linked list of (previous, audience, text) nodes, so that
        # clone() shares it for free and a clone's new lines never reach the original.
        # audience None = everyone, else a tuple of seats.
        self.log = None
        self._legal: dict = {}

    # ----- the contract ----------------------------------------------------------------------
    def seats_to_act(self) -> tuple[int, ...]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[Action]:
        cached = self._legal.get(seat)
        if cached is None:
            if type(seat) is not int or not 0 <= seat < self.players:
                self.check_seat(seat)  # says why
            cached = self._legal[seat] = self._legal_now(seat)
        return list(cached)

    def apply(self, seat: int, action: Action) -> None:
        """Plays `action` for `seat`, or raises IllegalAction and changes nothing."""
        # A seat's list is cached only while the state is unchanged, and is empty unless the seat
        # may act: finding the action in it is the whole check (the hot path of every bot).
        if (
            type(seat) is not int
            or type(action) is not Action
            or (cached := self._legal.get(seat)) is None
            or action not in cached
        ):
            self._check(seat, action)
        self._legal = {}
        self._apply(seat, action)

    def _check(self, seat: int, action: Action) -> None:
        """IllegalAction unless `seat` may play `action` now, saying why."""
        if type(seat) is not int or seat not in self.seats_to_act():
            self.check_turn(seat)  # says why
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal[seat] = self._legal_actions(seat)
        if type(action) is not Action or action not in cached:
            raise IllegalAction(*self._refusal(seat, action))

    def _refusal(self, seat: int, action) -> tuple[str, str]:
        """Why `action` is not played: not an action at all, not one of this game's, or one
        the rules forbid now (the game's `_why_illegal` says which rule)."""
        if not isinstance(action, Action):
            return (
                f"{type(action).__name__} is not a move: play one of legal_actions() "
                "or what parse_action() read",
                "",
            )
        if self.game.schema is None:
            return self._why_illegal(seat, action)
        try:
            self.game.check_action(action.kind, action.args)
            text = self.game.describe_action(action.kind, action.args)
        except ValueError as exc:
            return f"not a move of {self.game.title}: {exc}", ""
        if action.text != text:
            return f"'{action.text}' is not how {self.game.title} words its move '{text}'", ""
        return self._why_illegal(seat, action)

    # ----- who may act -----------------------------------------------------------------------
    def check_seat(self, seat, spectator: bool = False) -> None:
        """ValueError unless `seat` is a seat at this table (or None, a spectator, if allowed)."""
        if seat is None and spectator:
            return
        if type(seat) is not int or not 0 <= seat < self.players:
            also = " or None (a spectator)" if spectator else ""
            raise ValueError(f"a seat is a whole number 0..{self.players - 1}{also}, got {seat!r}")

    def check_sample(self, seat, seed) -> None:
        """ValueError unless `determinize(seat, seed)` is asked for a seat and a whole seed."""
        self.check_seat(seat)
        check_seed(seed)

    def check_turn(self, seat) -> None:
        """IllegalAction unless `seat` may act now, saying whom and what the game waits for."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction(
                f"there is no seat {seat!r} at this table: seats are 0..{self.players - 1}"
            )
        to_act = self.seats_to_act()
        if seat in to_act:
            return
        if not to_act:
            raise IllegalAction(
                "the game is over: no seat moves any more; its result is final",
                self.game.end_clause if self.game else "",
            )
        waiting = ", ".join(str(s) for s in to_act)
        what, clause = self._decision()
        to = f" to {said_of_another(what)}" if what else ""
        raise IllegalAction(
            f"it is not seat {seat}'s move; waiting for seat{'s' if len(to_act) > 1 else ''} "
            f"{waiting}{to}",
            clause,
        )

    def events(self, seat: int | None) -> list[str]:
        return [
            text for audience, text in self.log_entries() if audience is None or seat in audience
        ]

    def say(self, text: str, audience=PUBLIC) -> None:
        """Adds a line of narration for `audience` (None: everyone; else a tuple of seats)."""
        self.log = (self.log, audience, text)

    def forget_private_events(self, seat: int) -> None:
        """Keeps, of the narration so far, only what `seat` was told.

        A bot's sample calls this, so that another seat's private lines (the cards it drew)
        cannot be read back from the sample. It costs nothing now: a marker node is added and
        the lines are filtered when they are read.
        """
        self.log = (self.log, _FORGET, seat)

    def log_entries(self) -> list[tuple]:
        """The narration as (audience, text) pairs, oldest first."""
        entries = []
        knowers: tuple = ()  # seats that must have been told a line for it to be kept
        node = self.log
        while node is not None:
            node, audience, text = node
            if audience is _FORGET:
                knowers += (text,)
            elif audience is None or all(k in audience for k in knowers):
                entries.append((audience, text))
        entries.reverse()
        return entries

    def log_to_json(self) -> list:
        return [
            [list(audience) if audience is not None else None, text]
            for audience, text in self.log_entries()
        ]

    def log_from_json(self, data: list) -> None:
        self.log = None
        for audience, text in data:
            self.say(text, tuple(audience) if audience is not None else None)

    def view(self, seat: int | None) -> dict:
        raise NotImplementedError

    def clone(self):
        raise NotImplementedError

    def determinize(self, seat: int, seed: int):
        raise NotImplementedError

    def after(self, seat: int, action: Action, rng=None):
        """A copy of this state with `action` played by `seat`, this state unchanged (what a
        bot's look-ahead does for each move it weighs); `rng` gives the copy its own chance.
        The copy starts from the seat's legal list already worked out here (the same position
        offers the same moves), so checking the move costs no new list: clone() alone drops
        the cache, since a determinized copy may hold other hands."""
        child = self.clone()
        if rng is not None:
            child.rng = rng
        cached = self._legal.get(seat)
        if cached is not None:
            child._legal = {seat: cached}
        child.apply(seat, action)
        return child

    def is_over(self) -> bool:
        raise NotImplementedError

    def result(self):
        raise NotImplementedError

    def to_json(self) -> dict:
        raise NotImplementedError

    def seat_teams(self) -> tuple[int, ...]:
        """The side of each seat (seats on one team share a number, and a team's win is won by
        every member): the arena counts win rates by it. Every seat its own side unless the
        game plays in teams (Cash 'n Guns with `teams=true`)."""
        return tuple(range(self.players))

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and self.to_json() == other.to_json()

    __hash__ = None

    # ----- hooks -----------------------------------------------------------------------------
    # A game answers through its phase table (core/phases.py, `Game.phases`, keyed by the
    # state's `phase`); it may wrap these two for moves that belong to no phase (The Mob's
    # bail) or for what follows every move. `_legal_now` is the fast-path hook: a game whose
    # `seats_to_act` costs more than telling one seat's list directly may answer it there.
    def _legal_now(self, seat: int) -> list[Action]:
        """The legal list of `seat` now: empty unless it is one to act."""
        return self._legal_actions(seat) if seat in self.seats_to_act() else []

    def _legal_actions(self, seat: int) -> list[Action]:
        """The legal list of `seat`, one of the seats to act."""
        return self.game.phases[self.phase].legal(self, seat)

    def _apply(self, seat: int, action: Action) -> None:
        """Plays a legal move (the base's apply has checked it)."""
        self.game.phases[self.phase].apply(self, seat, action)

    def _decision(self) -> tuple[str, str]:
        """What the seats to act must decide now, as (words after "you must", clause id), e.g.
        ("load a bullet card", "CNG-4.1"). Refusals quote it; by default the phase table's."""
        phases = self.game.phases if self.game is not None else None
        row = phases.get(getattr(self, "phase", None)) if phases else None
        return row.decision if row is not None else ("", "")

    def _why_illegal(self, seat: int, action: Action) -> tuple[str, str]:
        """Why `action` is refused: (reason a player understands, clause id). Games refine it
        for the moves whose own rule forbids them; any other move is refused by what the game
        waits for now."""
        what, clause = self._decision()
        legal = self._legal.get(seat) or []
        if what:
            # A move of the right kind with the wrong choice: the choices of that kind it has.
            same = [str(a) for a in legal if a.kind == action.kind]
            if same:
                more = f" (and {len(same) - 6} more)" if len(same) > 6 else ""
                what += f"; of those you may: {'; '.join(same[:6])}{more}"
            return f"'{action}' is not possible now: you must {what}", clause
        shown = "; ".join(str(a) for a in legal[:8])
        more = f" (and {len(legal) - 8} more)" if len(legal) > 8 else ""
        return f"'{action}' is not a legal move now. Legal: {shown}{more}", ""
