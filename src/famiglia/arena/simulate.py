"""Bot-only games: play one to the end and write its record; summarise many."""

from __future__ import annotations

from famiglia.agents import info_for, make_agent
from famiglia.core.record import new_record
from famiglia.core.text import plural

from .tally import Tally, in_game_order, seat_teams, win_shares


def play_game(game, players: int, seed: int, specs: list[str], options: dict | None = None):
    """Plays one game between the bots `specs` (one per seat). Returns (final state, record).

    Bot seeds derive from the game seed and the seat, so the same arguments give the same game.
    """
    options = game.resolve_options(options or {})
    state = game.new(players, seed, **options)
    agents = [make_agent(spec, seed=seed * 1000 + seat) for seat, spec in enumerate(specs)]
    record = new_record(game, players, seed, options, [a.spec() for a in agents])
    moves = record["moves"]
    while not state.is_over():
        seat = state.seats_to_act()[0]
        action = agents[seat].act(info_for(state, seat))
        state.apply(seat, action)
        moves.append([seat, action.to_json()])
    record["result"] = state.result().to_json()
    return state, record


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
    from .runners import run_jobs

    if len(specs) != players:
        raise ValueError(
            f"{plural(len(specs), 'bot')} given for {plural(players, 'player')}; "
            "give one bot per seat"
        )
    options = game.resolve_options(options or {})
    summary = into or Summary(players, seat_teams(game, players, options))
    if backend == "local" and address is None and (workers or 1) == 1:
        # in this process, with the Game given (it may be one no worker could load by name)
        finished = (
            (i, play_game(game, players, seed + i, specs, options)[1]) for i in range(games)
        )
    else:
        jobs = [(i, game.name, players, seed + i, list(specs), options) for i in range(games)]
        finished = run_jobs(jobs, workers, backend, address)
    records = []

    def counted(_index: int, record: dict) -> None:
        summary.add(record)
        if keep_records:
            records.append(record)
        if on_game:
            on_game(record)

    in_game_order(finished, counted, guard=guard)
    return summary, records
