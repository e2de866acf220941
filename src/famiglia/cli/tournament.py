"""`famiglia tournament`: bots play many games with rotating seats; win rates, ratings, charts.

A plain typer command function; cli/__init__.py registers it with `app.command("tournament")`.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from famiglia.agents import agent_names
from famiglia.core.text import plain, plural, wins_text

from .common import (
    FORCE_HELP,
    RecordFile,
    check_seat_entries,
    err,
    fail,
    held_stops,
    load_game,
    option_pairs,
    output_file,
    output_folder,
    stoppable,
    stopped,
)

DEFAULT_SEATS = "ismcts,greedy,random"


def tournament(
    game: Annotated[str, typer.Argument(help="The game, e.g. the-mob.")],
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            "-s",
            help="One bot per seat, comma-separated, e.g. ismcts:seconds=0.5,greedy,random. "
            f"Seats rotate from game to game (default: {DEFAULT_SEATS}).",
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Players per game (default: one per bot in --seats)."),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Games to play.")] = 100,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            "-w",
            help="Games at once: local processes (default 1), or Ray tasks (default: every CPU "
            "of the cluster).",
        ),
    ] = None,
    backend: Annotated[
        str,
        typer.Option(help="Where games run: local (processes here) or ray (a Ray cluster)."),
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(
            help="The Ray cluster: ray://HOST:PORT or auto (implies --backend ray; without it "
            "a Ray is started here for the run).",
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game.")] = 0,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option as name=value (repeatable)."),
    ] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Write PNG charts into this directory.")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Write the game records here (JSON Lines), as games finish."),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help=FORCE_HELP.capitalize() + ".")] = False,
) -> None:
    """Play bots against each other and print win rates (95% intervals), ratings, scores, lengths.

    Ctrl-C or SIGTERM stops it: the games finished are kept and their standings printed (exit
    130, or 143 for SIGTERM)."""
    from famiglia.arena.plots import CHART_FILES
    from famiglia.arena.runners import BackendError, RunConfig, check_backend
    from famiglia.arena.tournament import (
        check_arguments,
        new_tournament,
        run_tournament,
        split_seats,
    )

    the_game = load_game(game)
    check_seat_entries(seats, [name for name in agent_names() if name != "human"], "bot")
    specs = split_seats(DEFAULT_SEATS if seats is None else seats)
    options = option_pairs(the_game, option)
    if seats is None:
        refusal = default_seats_refusal(the_game, players, options)
        if refusal:
            fail(refusal)
    players = len(specs) if players is None else players
    try:
        check_arguments(the_game, players, specs, games, workers, options)
        backend = check_backend(backend, address, workers)
    except ValueError as exc:
        fail(str(exc))
    output_file(out, force=force)
    output_folder(plot, "--plot", CHART_FILES, force=force)

    console = Console(soft_wrap=False)
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
    )
    started = time.perf_counter()
    result = new_tournament(the_game, players, specs, seed, options, keep_records=False)
    code = 0
    # The records go to the file as the games finish, before any table is printed: a reader
    # that stops early (`| head`) or a stop loses none of them.
    with RecordFile(out) as records, stoppable():

        def done(record) -> None:
            records.write(record["seed"] - seed, record)
            progress.advance(task)

        try:
            with progress:
                task = progress.add_task(plain(the_game.name), total=games)
                config = RunConfig(
                    workers, backend, address, on_record=done, keep_records=False, guard=held_stops
                )
                run_tournament(the_game, players, specs, games, seed, options, config, result)
        except (ValueError, BackendError) as exc:
            fail(str(exc))
        except KeyboardInterrupt as exc:
            code = stopped(exc, records, games)
    elapsed = time.perf_counter() - started
    if not result.games:
        raise typer.Exit(code)

    console.print(standings_table(result, the_game.title, games))
    console.print(seats_table(result))
    lengths = result.game_lengths
    console.print(
        f"Game length: {lengths.mean:.1f} moves on average "
        f"(min {lengths.min}, max {lengths.max}); {result.capped()} of {lengths.n} games "
        f"stopped by the cap; {elapsed:.1f} s.",
        highlight=False,
    )
    if out is not None:
        console.print(f"Records written to {plain(out)}", highlight=False)
    if plot is not None:
        from famiglia.arena.plots import write_plots

        try:
            files = write_plots(result, plot)
        except OSError as exc:
            fail(f"cannot write charts into {plot}: {exc.strerror or exc}")
        console.print(plain(f"Charts written: {', '.join(str(f) for f in files)}"), highlight=False)
    if code:
        raise typer.Exit(code)


def default_seats_refusal(game, players: int | None, options: dict) -> str | None:
    """Why the default --seats do not suit the game or --players (saying that the count comes
    from them, and how to choose the seats), or None: they suit, or what is wrong is something
    else, which check_arguments refuses in its own words."""
    from famiglia.arena.tournament import split_seats

    bots = split_seats(DEFAULT_SEATS)
    try:
        resolved = game.resolve_options(options)
    except ValueError:
        return None

    def example(count: int) -> str:
        return ",".join(bots[:count] + [bots[-1]] * (count - len(bots)))

    if players is not None:
        try:
            game.new(players, 0, **resolved)
        except ValueError as exc:
            return str(exc)  # --players itself does not suit the game, whatever the seats
        if players == len(bots):
            return None
        return (
            f"--players is {players} but the default --seats {DEFAULT_SEATS} names "
            f"{plural(len(bots), 'bot')}; --seats takes one bot per player, e.g. "
            f"--seats {example(players)}"
        )
    try:
        game.new(len(bots), 0, **resolved)
    except ValueError as exc:
        return (
            f"{exc} (the {plural(len(bots), 'bot')} of the default --seats {DEFAULT_SEATS}); "
            f"--seats takes one bot per player, e.g. --seats {example(game.default_players(resolved))}"
        )
    return None


def standings_table(result, title: str, planned: int | None = None) -> Table:
    played = plural(result.games, "game")
    if planned is not None and result.games < planned:
        played += f" of {planned} (stopped)"
    table = Table(
        title=plain(
            f"{title}: {played}, "
            f"{plural(result.players, 'player')}"
            + (", seats rotated" if result.players > 1 else "")
        ),
        box=box.SIMPLE_HEAD,  # no column rules, no edges, one space between: nine columns fit 80
        show_edge=False,
        pad_edge=False,
        collapse_padding=True,
    )
    for name, justify in (
        ("bot", "left"),
        ("games", "right"),
        ("wins", "right"),
        ("win rate", "right"),
        ("95% CI", "right"),
        ("×fair", "right"),
        ("rating", "right"),
        ("score", "right"),
        ("place", "right"),
    ):
        table.add_column(name, justify=justify, no_wrap=name != "bot", min_width=len(name))
    table.columns[0].min_width = 10
    table.columns[0].overflow = "fold"
    sides = len(set(result.teams))
    if result.players == 1:
        fair = "none with one seat"
    else:
        fair = f"win rate / fair share (1 in {sides} {'teams' if sides < result.players else 'players'})"
    table.caption = (
        f"games: seat-games played; wins: {wins_rule(result)}; ×fair: {fair}; "
        "rating: openskill mu ± sigma; score, place: averages"
    )
    for st in result.standings():
        low, high = st.interval
        rating = f"{st.rating.mu:.1f} ± {st.rating.sigma:.1f}" if st.rating else "-"
        table.add_row(
            plain(st.bot),
            str(st.seat_games),
            wins_text(st.wins),
            f"{st.win_rate:.1%}",
            f"{low:.0%}-{high:.0%}",
            f"{st.vs_fair:.2f}" if result.players > 1 else "-",
            rating,
            f"{st.mean_score:.1f}",
            f"{st.mean_place:.2f}",
        )
    return table


def seats_table(result) -> Table:
    from famiglia.arena.ratings import wilson

    table = Table(title="Win rate per seat (all bots)")
    for name in ("seat", "wins", "win rate", "95% interval"):
        table.add_column(name, justify="right")
    games = result.games
    for seat, wins in enumerate(result.seat_wins()):
        low, high = wilson(wins, games)
        table.add_row(str(seat), wins_text(wins), f"{wins / games:.1%}", f"{low:.1%} - {high:.1%}")
    return table


def wins_rule(result) -> str:
    """How the wins column counts a win shared by several seats."""
    if len(set(result.teams)) < result.players:
        return "a team's win counts whole for each member, a tie between rivals is shared"
    return "a tie is shared"
