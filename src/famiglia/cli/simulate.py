"""`famiglia simulate`: bot games, their win rates, lengths and capped games."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.progress import Progress
from rich.table import Table

from famiglia.agents import agent_names
from famiglia.arena.runners import BackendError, RunConfig, check_backend
from famiglia.arena.simulate import Summary
from famiglia.arena.simulate import simulate as simulate_games
from famiglia.arena.tally import seat_teams
from famiglia.core.text import plain, plural, wins_text

from .common import (
    RecordFile,
    check_seat_entries,
    err,
    fail,
    held_stops,
    load_game,
    out,
    output_file,
    parse_options,
    stoppable,
    stopped,
)
from .play import PLAYERS_HELP, OptionList, check_players, count_players, parse_seats


def bot_names() -> list[str]:
    """The bots `simulate` takes: every agent but the human at the terminal."""
    return [name for name in agent_names() if name != "human"]


def simulate(
    game: str = typer.Argument(..., help="game name, see `famiglia games`"),
    players: int = typer.Option(None, "--players", "-p", help=PLAYERS_HELP),
    games_: int = typer.Option(100, "--games", "-n", help="how many games"),
    seed: int = typer.Option(0, help="seed of the first game (the others follow)"),
    seats: str = typer.Option(
        None, help=f"bots per seat, e.g. random,random ({', '.join(bot_names())})"
    ),
    options: list[str] = OptionList,
    out_file: Path = typer.Option(
        None, "--out", help="write the records here (JSON Lines), as the games finish"
    ),
    force: bool = typer.Option(False, "--force", help="replace the --out file if it exists"),
    workers: int = typer.Option(
        None, "--workers", "-w", help="games at once: processes (default 1) or Ray tasks"
    ),
    backend: str = typer.Option("local", help="where games run: local or ray"),
    address: str = typer.Option(None, help="the Ray cluster: ray://HOST:PORT or auto"),
):
    """Plays bot games and reports win rates, game lengths and capped games.

    Ctrl-C or SIGTERM stops it: the games finished are kept (exit 130, or 143 for SIGTERM)."""
    g = load_game(game)
    opts = parse_options(g, options)
    check_seat_entries(seats, bot_names(), "bot")
    players = count_players(g, players, seats, opts)
    check_players(g, players, opts)
    if games_ < 1:
        fail("--games must be at least 1")
    specs = parse_seats(seats, players, first="random", others="random", humans=False)
    if "human" in specs:
        fail("simulate plays bots only; use `famiglia play` to sit at the table")
    try:
        backend = check_backend(backend, address, workers)
    except ValueError as exc:
        fail(str(exc))
    output_file(out_file, force=force)
    code = 0
    summary = Summary(players, seat_teams(g, players, opts))  # kept should the run be stopped
    # The records go to the file as the games finish, before any table is printed: a reader
    # that stops early (`| head`) or a stop loses none of them.
    with RecordFile(out_file) as records, stoppable():

        def done(record) -> None:
            records.write(record["seed"] - seed, record)
            progress.advance(task)

        with Progress(console=err, transient=True) as progress:
            task = progress.add_task(plain(g.title), total=games_)
            try:
                config = RunConfig(
                    workers, backend, address, on_record=done, keep_records=False, guard=held_stops
                )
                simulate_games(g, players, games_, seed, specs, opts, config, into=summary)
            except BackendError as exc:
                fail(str(exc))
            except KeyboardInterrupt as exc:
                code = stopped(exc, records, games_)
    if summary.games:
        show_summary(g, summary, specs, games_)
        if out_file:
            out.print(
                f"{plural(summary.games, 'record')} written to {plain(out_file)}", highlight=False
            )
    if code:
        raise typer.Exit(code)


def show_summary(g, summary, specs, games_) -> None:
    played = summary.games
    title = f"{g.title}: {plural(played, 'game')}"
    if played < games_:
        title += f" of {games_}"
    table = Table(title=plain(f"{title}, {plural(summary.players, 'player')}"))
    for column in ("seat", "bot", "wins", "win rate"):
        table.add_column(column)
    for seat in range(summary.players):
        table.add_row(
            str(seat),
            plain(specs[seat]),
            wins_text(summary.wins[seat]),
            f"{summary.wins[seat] / played:.1%}",
        )
    if len(set(summary.teams)) < summary.players:
        table.caption = "a team's win counts for each of its members"
    if any(w != int(w) for w in summary.wins):
        table.caption = ((table.caption or "") + "; a tie between rivals is shared").lstrip("; ")
    out.print(table)
    lengths = summary.lengths
    out.print(
        f"moves per game: mean {lengths.mean:.1f}, min {lengths.min}, "
        f"max {lengths.max}; capped games: {summary.capped}"
    )
