"""Bot-only games: play one to the end and write its record; summarise many."""

from __future__ import annotations

from famiglia.core.text import plural

from .jobs import Job, Where, play_game
from .runners import run_jobs
from .tally import Tally, in_game_order, seat_teams, win_shares

__all__ = ["Summary", "play_game", "simulate"]


class Summary:
    """What the tables of a simulation need, counted game by game (no records kept)."""

    def __init__(self, players: int, teams: tuple[int, ...] | None = None) -> None:
        self.players = players
        self.teams = tuple(teams) if teams else tuple(range(players))
        self.games = 0
        # per seat: a team's win counts whole for each member, a tie between rivals is shared
        # (a game's own opponent without a seat, a solo game's automa, may win: no seat wins then)
        self.wins = [0.0] * players
        self.lengths = Tally()  # moves per game
        self.capped = 0

    def add(self, record: dict) -> None:
        result = record["result"]
        self.games += 1
        for seat, share in win_shares(result, self.teams).items():
            self.wins[seat] += share
        self.lengths.add(len(record["moves"]))
        self.capped += bool(result["capped"])


def simulate(
    game,
    players,
    games,
    seed,
    specs,
    options=None,
    on_game=None,
    workers=None,
    backend="local",
    address=None,
    keep_records=True,
    into=None,
    guard=None,
):
    """Plays `games` games with seeds seed, seed+1, ...; returns (Summary, records).

    The games run on `backend` (runners.py); `on_game(record)` is called for each one in game
    order, as soon as the games before it are in, and the Summary counts them in that order
    whatever the backend. `keep_records=False` keeps none (records is then empty): memory stays
    flat however many games, and `on_game` is where they go (a file). `into`: a Summary to count
    into, whose counts so far survive a stop; `guard`: see tally.in_game_order. ValueError when `specs` does not hold one bot per
    seat.
    """
    if len(specs) != players:
        raise ValueError(
            f"{plural(len(specs), 'bot')} given for {plural(players, 'player')}; "
            "give one bot per seat"
        )
    options = game.resolve_options(options or {})
    summary = into or Summary(players, seat_teams(game, players, options))
    where = Where(workers, backend, address)
    # played here, a job holds the Game given (it may be one no worker could load by name)
    played = game if where.here() else game.name
    jobs = [Job(i, played, players, seed + i, list(specs), options) for i in range(games)]
    finished = run_jobs(jobs, where)
    records = []

    def counted(_index: int, record: dict) -> None:
        summary.add(record)
        if keep_records:
            records.append(record)
        if on_game:
            on_game(record)

    in_game_order(finished, counted, guard=guard)
    return summary, records
