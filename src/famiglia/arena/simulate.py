"""Bot-only games: play one to the end and write its record; summarise many."""

from __future__ import annotations

from famiglia.core.text import plural

from .jobs import Job, RunConfig, play_game
from .runners import checked, run
from .tally import Tally, seat_teams, win_shares

__all__ = ["RunConfig", "Summary", "play_game", "simulate"]


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
    players: int,
    games: int,
    seed: int,
    specs: list[str],
    options: dict | None = None,
    config: RunConfig = RunConfig(),
    into: Summary | None = None,
) -> tuple[Summary, list[dict]]:
    """Plays `games` games with seeds seed, seed+1, ...; returns (Summary, records).

    The games run as `config` says (jobs.RunConfig: where, and what becomes of each record);
    the Summary counts them in game order whatever the backend, and records is empty when
    `config.keep_records` is false. `into`: a Summary to count into, whose counts so far survive
    a stop. ValueError when `specs` does not hold one bot per seat, or on a bad backend.
    """
    if len(specs) != players:
        raise ValueError(
            f"{plural(len(specs), 'bot')} given for {plural(players, 'player')}; "
            "give one bot per seat"
        )
    options = game.resolve_options(options or {})
    config = checked(config)
    summary = into or Summary(players, seat_teams(game, players, options))
    # played here, a job holds the Game given (it may be one no worker could load by name)
    played = game if config.here() else game.name
    jobs = [Job(i, played, players, seed + i, list(specs), options) for i in range(games)]
    records: list[dict] = []

    def count(record: dict) -> None:
        summary.add(record)
        if config.keep_records:
            records.append(record)

    run(jobs, config, count)
    return summary, records
