"""The Game: stateless rules and metadata; it makes States and reads actions back."""

from __future__ import annotations

import importlib
import numbers
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from .actions import Action, normalize_text
from .errors import IllegalAction
from .phases import check_table
from .rng import check_seed, fresh_seed
from .text import shorten


@dataclass(frozen=True)
class Option:
    """One game option: its default, the values allowed, and a line of help."""

    default: Any
    allowed: tuple | range
    help: str = ""

    def describe_allowed(self) -> str:
        if isinstance(self.allowed, range):
            return f"{self.allowed.start}..{self.allowed.stop - 1}"
        return ", ".join(str(v) for v in self.allowed)

    def coerce(self, name: str, value: Any, typed: bool = False) -> Any:
        """Turn text typed at a command line ("true", "12") into the option's type; ValueError
        if not allowed. `typed`: the value comes from JSON, which has true and 12 of its own, so
        text stands only for text."""
        if isinstance(value, str) and not typed:
            if isinstance(self.default, bool):
                low = value.strip().lower()
                if low in ("true", "yes", "on", "1"):
                    value = True
                elif low in ("false", "no", "off", "0"):
                    value = False
            elif isinstance(self.default, int) and re.fullmatch(r"\s*-?[0-9]+\s*", value):
                value = int(value)
        if isinstance(self.default, int) and not isinstance(self.default, bool):
            # a whole number, NumPy's too; never a float, even 2.0, kept as given
            if isinstance(value, numbers.Integral) and not isinstance(value, bool):
                value = int(value)
            else:
                raise ValueError(
                    f"option {name}={value!r} is not allowed; allowed values: "
                    f"{self.describe_allowed()} (whole numbers)"
                )
        if isinstance(self.default, bool) != isinstance(value, bool) or value not in self.allowed:
            raise ValueError(
                f"option {name}={value!r} is not allowed; allowed values: {self.describe_allowed()}"
            )
        return value


@dataclass(frozen=True)
class Result:
    """How a game ended.

    `scores[seat]` is the game's own measure (money, points); `ranking[seat]` is the seat's
    place, 1 being best, tied seats sharing a place; `winners` are the seats placed 1, or none
    when an opponent without a seat won (a solo gang, Scarface's Tequila at a death);
    `capped` says the game was stopped by a limit (max_years, max_rounds) rather than won.
    """

    scores: tuple
    winners: tuple
    ranking: tuple
    capped: bool = False

    def to_json(self) -> dict:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "ranking": list(self.ranking),
            "capped": self.capped,
        }

    @classmethod
    def from_keys(cls, scores, keys, capped: bool = False) -> Result:
        """Ranks seats by `keys[seat]` (tuples compared, higher is better); equal keys tie."""
        ranking = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
        winners = tuple(seat for seat, rank in enumerate(ranking) if rank == 1)
        return cls(tuple(scores), winners, ranking, capped)


@dataclass
class Game:
    """Base for every game. Subclasses set the metadata and implement the `_` hooks."""

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    options: dict[str, Option] = field(default_factory=dict)
    # The clause that says when the game ends: a move made after it is refused citing it.
    end_clause: str = ""
    # The phase table (core/phases.py): phase -> Phase(legal, apply, next, decision); the
    # core's State answers legal_actions and apply through it.
    phases: dict = field(default_factory=dict)

    # Every action kind and the values of its arguments (a core.schema.ActionSchema), set by
    # each game's class: actions read from files and requests are checked against it.
    schema = None

    def __post_init__(self) -> None:
        check_table(self.phases, self.name)

    # ----- making states -------------------------------------------------------------------
    def new(self, players: int, seed: int | None = 0, **options):
        """A fresh game. Bad player counts, seeds or options raise ValueError naming what is
        allowed. `seed=None` draws a fresh seed; `state.seed` tells it (for the record)."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players must be a whole number, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )
        seed = fresh_seed() if seed is None else check_seed(seed)
        opts = self.resolve_options(options)
        self.check_players_with_options(players, opts)
        return self._new(players, seed, opts)

    def resolve_options(self, options: dict, typed: bool = False) -> dict:
        """Every option's value, defaults filled in; ValueError naming what is wrong. `typed`:
        values from JSON (see Option.coerce)."""
        if not isinstance(options, dict):
            raise ValueError(f"options must be a mapping of name to value, got {options!r}")
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            raise ValueError(f"unknown option {unknown[0]!r} for {self.name}; options: {known}")
        resolved = {name: opt.default for name, opt in self.options.items()}
        for name, value in options.items():
            resolved[name] = self.options[name].coerce(name, value, typed)
        return resolved

    def check_players_with_options(self, players: int, options: dict) -> None:
        """Games whose player counts depend on options raise ValueError here."""

    # The player count the research docs (docs/rl.md) show the observation layout for; None:
    # the count the game seats by default.
    research_players: ClassVar[int | None] = None

    def options_for(self, players: int) -> dict:
        """The options a table of `players` needs where the default options do not allow it (a
        solo mode, team play): the first switch, in the order the options are declared, that
        allows it; {} when the defaults allow it, or when no one switch does."""
        defaults = self.resolve_options({})
        for switch in (None, *self.options):
            options = dict(defaults)
            if switch is not None:
                if self.options[switch].default is not False:
                    continue
                options[switch] = True
            try:
                self.check_players_with_options(players, options)
            except ValueError:
                continue
            return {} if switch is None else {switch: True}
        return {}

    def default_players(self, options: dict) -> int:
        """How many players `famiglia play` seats when it is not told: 4 where the game allows
        it; a game whose options fix the count (a solo mode) says so here."""
        return max(self.min_players, min(4, self.max_players))

    def from_json(self, data: dict):
        if not isinstance(data, dict) or data.get("game") != self.name:
            found = data.get("game") if isinstance(data, dict) else type(data).__name__
            raise ValueError(f"not a saved {self.name} state (game is {found!r})")
        try:
            return self._from_json(data)
        except (KeyError, TypeError, IndexError) as exc:
            raise ValueError(f"broken {self.name} state: missing or wrong field {exc}") from exc

    # ----- reading actions -----------------------------------------------------------------
    def action_from_json(self, data) -> Action:
        """The action `action.to_json()` wrote; ValueError naming what is wrong otherwise."""
        kind, args = Action.parts_from_json(data)
        self.check_action(kind, args)
        try:
            text = self.describe_action(kind, args)
        except (LookupError, TypeError) as exc:
            raise ValueError(f"not an action of {self.title}: {kind} {list(args)!r}") from exc
        return Action(kind, args, text)

    def check_action(self, kind: str, args: tuple) -> None:
        """ValueError unless `kind` and `args` make an action of this game (see `schema`)."""
        if self.schema is not None:
            self.schema.check(kind, args)
            return
        try:
            hash(args)
        except TypeError:
            raise ValueError(f"an action's args hold plain values only, got {args!r}") from None

    def action_for_text(self, text: str) -> Action | None:
        """The action of this game whose phrase is `text` (normalised), legal now or not."""
        by_text = self.__dict__.get("_by_text")
        if by_text is None:
            by_text = {}
            for kind, args in self.schema.catalogue() if self.schema is not None else ():
                action = Action(kind, args, self.describe_action(kind, args))
                by_text.setdefault(normalize_text(action.text), action)
            self.__dict__["_by_text"] = by_text
        return by_text.get(text)

    def parse_action(self, state, seat: int, text: str) -> Action:
        """The legal action whose phrase is `text` (case and spacing ignored).

        Text naming a move of the game that is not legal now raises IllegalAction with the
        reason and clause `apply` would give; text that names no move lists what is legal now.
        """
        if not isinstance(text, str):
            raise ValueError(f"a move is given as text, got {type(text).__name__}")
        state.check_turn(seat)
        wanted = normalize_text(text)
        legal = state.legal_actions(seat)
        for action in legal:
            if normalize_text(str(action)) == wanted:
                return action
        named = self.action_for_text(wanted)
        if named is not None:
            raise IllegalAction(*state._why_illegal(seat, named))
        shown = "; ".join(str(a) for a in legal[:12])
        more = f" (and {len(legal) - 12} more)" if len(legal) > 12 else ""
        raise IllegalAction(
            f"'{shorten(text.strip())}' is not a legal move now. Legal: {shown}{more}"
        )

    # ----- hooks for each game -------------------------------------------------------------
    def _new(self, players: int, seed: int, options: dict):
        raise NotImplementedError

    def _from_json(self, data: dict):
        raise NotImplementedError

    def describe_action(self, kind: str, args: tuple) -> str:
        """The phrase for an action, from its kind and args alone."""
        raise NotImplementedError

    def renderer(self):
        """Optional: a callable (state, seat) -> rich renderable for the terminal."""
        return None

    def explain_result(self, state) -> str:
        """Optional: how a finished game's places were decided, in words a player reads beside
        the ranking (rules and public facts only: every seat and spectator is shown it)."""
        return ""

    # ----- the game's other parts ----------------------------------------------------------
    # Beside its rules, a game's package holds the same files in every game, under the same
    # names (docs/writing-a-game.md). The bots, the research adapters and the server reach a
    # game's parts only through these, so that a new game is its package and a registry line.
    # They are read from the package each time (a module in a Game would not pickle).

    @property
    def evaluation(self):
        """The bots' evaluation (evaluation.py: `evaluate(state)`, optionally `SEARCH`,
        `SHUN`, `turn_key`, `one_order`), or None: the bots then use a generic one."""
        return self.part("evaluation")

    @property
    def encoder(self):
        """The research tables (encoder.py: the action catalogue's `entries()` and `SEATS`, the
        observation's `Encoder` read from a view, `max_decisions`), or None."""
        return self.part("encoder")

    @property
    def fast_encoder(self):
        """The encoder's fast path (fast_encoder.py: `write_state(enc, state, seat, out)`,
        the very vector of the view-based encoder, read from the state), or None."""
        return self.part("fast_encoder")

    @property
    def page_data(self):
        """The printed content the table page needs (page_data.py: `content()`, a JSON-ready
        dict of public names and numbers: cards, spaces, the board drawing), or None. An entry
        that is only `{"clause": id}` is sent with the clause's words (server/gamedata.py)."""
        return self.part("page_data")

    @property
    def page(self) -> Path | None:
        """The table page's module (page.js, an ES module), or None. The server serves it at
        /static/games/<name>.js, and the folder's other page files at /static/games/<name>/."""
        found = self.folder() / "page.js"
        return found if found.is_file() else None

    def package(self) -> str:
        """The game's package: the one its Game class is defined in."""
        module = sys.modules[type(self).__module__]
        return module.__package__ or module.__name__

    def folder(self) -> Path:
        return Path(sys.modules[self.package()].__file__).parent

    def part(self, name: str):
        """The module `name` of the game's package, or None when the game has none."""
        module_name = f"{self.package()}.{name}"
        try:
            return importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:  # a broken part must not pass for a missing one
                raise
            return None
