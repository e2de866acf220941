"""`famiglia tournament`: bots play many games with rotating seats; win rates, ratings, charts.

A plain typer command function; cli.py registers it with `app.command("tournament")`.
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

from famiglia.cli_common import err, fail, load_game, output_file, output_folder, save, stopped
from famiglia.core.text import plain, plural, wins_text


def tournament(
    game: Annotated[str, typer.Argument(help="The game, e.g. the-mob.")],
    seats: Annotated[
        str,
        typer.Option(
            "--seats",
            "-s",
            help="One bot per seat, comma-separated, e.g. ismcts:seconds=0.5,greedy,random. "
            "Seats rotate from game to game.",
        ),
    ] = "ismcts,greedy,random",
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
        Path | None, typer.Option("--out", help="Write the game records here (JSON Lines).")
    ] = None,
) -> None:
    """Play bots against each other and print win rates (95% intervals), ratings, scores, lengths."""
    from famiglia.arena.runners import BackendError, check_backend
    from famiglia.arena.tournament import check_arguments, run_tournament, split_seats

    the_game = load_game(game)
    specs = split_seats(seats)
    if not specs:
        fail("--seats names no bot; e.g. --seats ismcts,greedy,random")
    players = len(specs) if players is None else players
    options = {}
    for item in option or []:
        name, eq, value = item.partition("=")
        if not eq or not name.strip():
            fail(f"--option {item!r} must look like name=value")
        options[name.strip()] = value.strip()

    try:
        check_arguments(the_game, players, specs, games, workers, options)
        backend = check_backend(backend, address, workers)
    except ValueError as exc:
        fail(str(exc))
    output_file(out)
    output_folder(plot, "--plot")

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
    finished = []  # the records so far, kept should the run be stopped (Ctrl-C)

    def done(record) -> None:
        finished.append(record)
        progress.advance(task)

    try:
        with progress:
            task = progress.add_task(plain(the_game.name), total=games)
            result = run_tournament(
                the_game,
                players,
                specs,
                games,
                seed=seed,
                workers=workers,
                options=options,
                on_record=done,
                backend=backend,
                address=address,
            )
    except (ValueError, BackendError) as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        stopped(finished, games, out)
    elapsed = time.perf_counter() - started

    console.print(standings_table(result))
    console.print(seats_table(result))
    lengths = result.lengths()
    console.print(
        f"Game length: {sum(lengths) / len(lengths):.1f} moves on average "
        f"(min {min(lengths)}, max {max(lengths)}); {result.capped()} of {len(lengths)} games "
        f"stopped by the cap; {elapsed:.1f} s.",
        highlight=False,
    )
    if out is not None:
        save(out, result.records)
        console.print(f"Records written to {plain(out)}", highlight=False)
    if plot is not None:
        from famiglia.arena.plots import write_plots

        try:
            files = write_plots(result, plot)
        except OSError as exc:
            fail(f"cannot write charts into {plot}: {exc.strerror or exc}")
        console.print(plain(f"Charts written: {', '.join(str(f) for f in files)}"), highlight=False)


def standings_table(result) -> Table:
    table = Table(
        title=plain(
            f"{result.game}: {plural(len(result.records), 'game')}, "
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
    table.caption = (
        "games: seat-games played; ×fair: win rate / (1/players); rating: openskill mu ± sigma; "
        "score, place: averages"
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
            f"{st.vs_fair:.2f}",
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
    games = len(result.records)
    for seat, wins in enumerate(result.seat_wins()):
        low, high = wilson(wins, games)
        table.add_row(str(seat), wins_text(wins), f"{wins / games:.1%}", f"{low:.1%} - {high:.1%}")
    return table
