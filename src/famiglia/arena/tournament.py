"""Tournaments: many bot games with rotating seats, in parallel processes, and their standings.

Game `i` is played with seed `seed + i` and the bots turned `i % players` seats round: seat `s`
holds bot `(s + i) % players` of the list, so over a multiple of `players` games every bot sits
in every seat equally often. Games run wherever the backend puts them (runners.py: this process,
local worker processes, a Ray cluster; each loads the game by name) and come back as core
records; the standings are counted from the records alone, game by game in game order, so the
same arguments give the same tables whatever the backend and the number of workers (with bots
whose budget is iterations: a budget in seconds plays as the machine allows). The standings keep
counts, not records, so a long tournament's memory does not grow with its games.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import famiglia
from famiglia.agents import make_agent
from famiglia.core.text import plural

from .jobs import Job, RunConfig
from .ratings import Rating, Ratings, wilson
from .runners import checked, run
from .tally import Tally, seat_teams, win_shares


def split_seats(text: str) -> list[str]:
    """'ismcts:seconds=1,depth=10,greedy,random' -> ['ismcts:seconds=1,depth=10', 'greedy', ...].

    A comma starts a new bot unless what follows is a `key=value` option of the bot before.
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def seating(specs: list[str], game_index: int) -> list[str]:
    """The bot in each seat for game `game_index`: the list turned one seat per game."""
    n = len(specs)
    turn = game_index % n
    return [specs[(seat + turn) % n] for seat in range(n)]


def run_tournament(
    game,
    players: int,
    specs: list[str],
    games: int,
    seed: int = 0,
    options: dict | None = None,
    config: RunConfig = RunConfig(),
    into: Tournament | None = None,
) -> Tournament:
    """Plays the games and returns the Tournament. ValueError on bad arguments, BackendError
    when the backend cannot run them.

    `game` is a Game or its name; `specs` holds one bot spec per seat. The games run as
    `config` says (jobs.RunConfig): where (`workers`: parallel processes, local, default 1, or
    games at once, ray, default every CPU of the cluster; `address`: the Ray cluster), and what
    becomes of each record (`on_record`, `keep_records`, `guard`). `into`: a Tournament (from
    `new_tournament`) to count into, whose standings so far survive a stop.
    """
    if isinstance(game, str):
        game = famiglia.load(game)
    options = check_arguments(game, players, specs, games, config.workers, options)
    config = checked(config)
    result = into or new_tournament(game, players, specs, seed, options, config.keep_records)
    jobs = [Job(i, game.name, players, seed + i, seating(specs, i), options) for i in range(games)]
    run(jobs, config, result.add)
    return result


def new_tournament(game, players, specs, seed=0, options=None, keep_records=True) -> Tournament:
    """An empty Tournament, ready to count the games of these arguments."""
    options = game.resolve_options(options or {})
    teams = seat_teams(game, players, options)
    return Tournament(game.name, players, list(specs), seed, [] if keep_records else None, teams)


def check_arguments(game, players, specs, games, workers=None, options=None) -> dict:
    """The resolved game options, or ValueError with one clear line on a bad argument."""
    if len(specs) != players:
        raise ValueError(
            f"{plural(len(specs), 'bot')} given for {plural(players, 'player')}; give one bot per seat"
        )
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games}")
    if workers is not None and workers < 1:
        raise ValueError(f"the number of workers must be at least 1, not {workers}")
    options = game.resolve_options(options or {})
    game.new(players, 0, **options)  # a bad player count fails here, with its reason
    for spec in specs:
        make_agent(spec, 0)  # an unknown bot or a bad bot option fails here
    return options


SOLO_OPPONENT = "(the game's solo opponent)"


def _with_solo_opponent(labels: list, ranking: list) -> tuple[list, list]:
    """A one-seat game is rated against the game's own opponent (a solo mode's automa): it
    takes first place when the seat does not, second when the seat wins."""
    if len(ranking) != 1:
        return labels, ranking
    return [*labels, SOLO_OPPONENT], [*ranking, 1 if ranking[0] > 1 else 2]


@dataclass
class Standing:
    """How one bot (one distinct spec) did over the tournament."""

    bot: str
    seat_games: int = 0  # games times the seats it held in each
    wins: float = 0.0  # a team's win is whole for each member; a tie between rivals is shared
    scores: Tally = field(default_factory=Tally)
    places: Tally = field(default_factory=Tally)
    rating: Rating | None = None
    fair: float = 0.0  # its fair share of wins: 1 / sides (players, or teams); 1: a solo game

    @property
    def win_rate(self) -> float:
        return self.wins / self.seat_games if self.seat_games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.seat_games)

    @property
    def vs_fair(self) -> float:
        return self.win_rate / self.fair if self.fair else 0.0

    @property
    def mean_score(self) -> float:
        return self.scores.mean

    @property
    def mean_place(self) -> float:
        return self.places.mean


class Tournament:
    """The standings of a tournament, counted game by game (`add`, in game order). `records`
    holds the records too unless it was made without (None)."""

    def __init__(self, game, players, specs, seed, records=None, teams=None) -> None:
        self.game = game
        self.players = players
        self.specs = list(specs)
        self.seed = seed
        self.teams = tuple(teams) if teams else tuple(range(players))
        self.games = 0
        sides = len(set(self.teams))
        self.table = {spec: Standing(spec, fair=1 / sides) for spec in self.specs}
        self.wins_per_seat = [0.0] * players
        self.per_bot_seat = {spec: [[0.0, 0] for _ in range(players)] for spec in self.specs}
        self.game_lengths = Tally()
        self.capped_games = 0
        self.ratings = Ratings()
        given, self.records = records, None if records is None else []
        for record in given or []:
            self.add(record)

    def labels(self, index: int) -> list[str]:
        return seating(self.specs, index)

    def add(self, record: dict) -> None:
        """Counts one game (games come in game order; a stopped run may skip some)."""
        index = record["seed"] - self.seed  # the game's number, whatever games were skipped
        labels = self.labels(index)
        result = record["result"]
        shares = win_shares(result, self.teams)
        for seat, bot in enumerate(labels):
            share = shares.get(seat, 0.0)
            st = self.table[bot]
            st.seat_games += 1
            st.wins += share
            st.scores.add(result["scores"][seat])
            st.places.add(result["ranking"][seat])
            self.wins_per_seat[seat] += share
            cell = self.per_bot_seat[bot][seat]
            cell[0] += share
            cell[1] += 1
        self.ratings.add(*_with_solo_opponent(labels, result["ranking"]))
        self.game_lengths.add(len(record["moves"]))
        self.capped_games += bool(result["capped"])
        self.games += 1
        if self.records is not None:
            self.records.append(record)

    def standings(self) -> list[Standing]:
        """One Standing per distinct bot, in the order of the seats list."""
        ratings = self.ratings.ratings()
        for st in self.table.values():
            st.rating = ratings.get(st.bot)
        return list(self.table.values())

    def seat_wins(self) -> list[float]:
        """Wins per seat, whatever bot sat there (a tie between rivals shared)."""
        return list(self.wins_per_seat)

    def bot_seat_wins(self) -> dict[str, list[tuple[float, int]]]:
        """(wins, games) per bot and seat."""
        return {bot: [tuple(c) for c in cells] for bot, cells in self.per_bot_seat.items()}

    def lengths(self) -> list[int]:
        """Moves per game, shortest first."""
        return self.game_lengths.values()

    def capped(self) -> int:
        return self.capped_games
