"""Tournaments: many bot games with rotating seats, in parallel processes, and their standings.

Game `i` is played with seed `seed + i` and the bots turned `i % players` seats round: seat `s`
holds bot `(s + i) % players` of the list, so over a multiple of `players` games every bot sits
in every seat equally often. Games run wherever the backend puts them (runners.py: this process,
local worker processes, a Ray cluster; each loads the game by name) and come back as core
records; the standings are computed from the records alone, in game order, so the same arguments
give the same tables whatever the backend and the number of workers.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

import famiglia
from famiglia.agents import make_agent
from famiglia.core.text import plural

from .ratings import Rating, rate, wilson
from .runners import check_backend, in_order, run_jobs


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
    workers: int | None = None,
    options: dict | None = None,
    on_record=None,
    backend: str = "local",
    address: str | None = None,
) -> Tournament:
    """Plays the games and returns the Tournament. ValueError on bad arguments, BackendError
    when the backend cannot run them.

    `game` is a Game or its name; `specs` holds one bot spec per seat; `on_record(record)` is
    called as each game finishes (in finishing order), for a progress bar. `workers`: parallel
    processes (local, default 1) or games at once (ray, default every CPU of the cluster);
    `address`: the Ray cluster (`ray://HOST:PORT` or `auto`; none: a Ray started for the run).
    """
    if isinstance(game, str):
        game = famiglia.load(game)
    options = check_arguments(game, players, specs, games, workers, options)
    backend = check_backend(backend, address, workers)
    jobs = [(i, game.name, players, seed + i, seating(specs, i), options) for i in range(games)]
    records = in_order(run_jobs(jobs, workers, backend, address), games, on_record)
    return Tournament(game.name, players, list(specs), seed, records)


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
    wins: float = 0.0  # a shared win counts as a fraction
    scores: list = field(default_factory=list)
    places: list = field(default_factory=list)
    rating: Rating | None = None
    fair: float = 0.0  # its fair share of wins: 1 / players

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
        return statistics.fmean(self.scores) if self.scores else 0.0

    @property
    def mean_place(self) -> float:
        return statistics.fmean(self.places) if self.places else 0.0


@dataclass
class Tournament:
    game: str
    players: int
    specs: list
    seed: int
    records: list

    def labels(self, index: int) -> list[str]:
        return seating(self.specs, index)

    def standings(self) -> list[Standing]:
        """One Standing per distinct bot, in the order of the seats list."""
        table = {spec: Standing(spec, fair=1 / self.players) for spec in self.specs}
        for i, record in enumerate(self.records):
            result = record["result"]
            share = 1 / max(1, len(result["winners"]))  # none: an opponent without a seat won
            for seat, bot in enumerate(self.labels(i)):
                st = table[bot]
                st.seat_games += 1
                st.wins += share if seat in result["winners"] else 0.0
                st.scores.append(result["scores"][seat])
                st.places.append(result["ranking"][seat])
        ratings = rate(
            _with_solo_opponent(self.labels(i), r["result"]["ranking"])
            for i, r in enumerate(self.records)
        )
        for st in table.values():
            st.rating = ratings.get(st.bot)
        return list(table.values())

    def seat_wins(self) -> list[float]:
        """Wins per seat, whatever bot sat there (shared wins as fractions)."""
        wins = [0.0] * self.players
        for record in self.records:
            result = record["result"]
            for seat in result["winners"]:
                wins[seat] += 1 / len(result["winners"])
        return wins

    def bot_seat_wins(self) -> dict[str, list[tuple[float, int]]]:
        """(wins, games) per bot and seat."""
        out = {spec: [[0.0, 0] for _ in range(self.players)] for spec in self.specs}
        for i, record in enumerate(self.records):
            result = record["result"]
            for seat, bot in enumerate(self.labels(i)):
                cell = out[bot][seat]
                cell[1] += 1
                if seat in result["winners"]:
                    cell[0] += 1 / len(result["winners"])
        return {bot: [tuple(c) for c in cells] for bot, cells in out.items()}

    def lengths(self) -> list[int]:
        """Moves per game."""
        return [len(r["moves"]) for r in self.records]

    def capped(self) -> int:
        return sum(1 for r in self.records if r["result"]["capped"])
