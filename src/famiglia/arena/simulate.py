"""Bot-only games: play one to the end and write its record; summarise many."""

from __future__ import annotations

from dataclasses import dataclass, field

from famiglia.agents import info_for, make_agent
from famiglia.core.record import new_record


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


@dataclass
class Summary:
    players: int
    games: int = 0
    wins: list = field(default_factory=list)  # per seat, shared wins count as fractions
    # (a game's own opponent without a seat, a solo game's automa, may win: no seat wins then)
    lengths: list = field(default_factory=list)
    capped: int = 0

    def add(self, record: dict) -> None:
        if not self.wins:
            self.wins = [0.0] * self.players
        result = record["result"]
        self.games += 1
        for seat in result["winners"]:
            self.wins[seat] += 1 / len(result["winners"])
        self.lengths.append(len(record["moves"]))
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
):
    """Plays `games` games with seeds seed, seed+1, ...; returns (Summary, records).

    The games run on `backend` (runners.py); `on_game(record)` is called as each one finishes,
    the Summary and the records are in game order whatever the backend.
    """
    from .runners import in_order, run_jobs

    options = game.resolve_options(options or {})
    if backend == "local" and address is None and (workers or 1) == 1:
        # in this process, with the Game given (it may be one no worker could load by name)
        finished = (
            (i, play_game(game, players, seed + i, specs, options)[1]) for i in range(games)
        )
    else:
        jobs = [(i, game.name, players, seed + i, list(specs), options) for i in range(games)]
        finished = run_jobs(jobs, workers, backend, address)
    records = in_order(finished, games, on_game)
    summary = Summary(players)
    for record in records:
        summary.add(record)
    return summary, records
