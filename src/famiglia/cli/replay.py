"""`famiglia replay FILE`: step through a record, check that records replay, or open one in
the browser's replay viewer (replay_viewer.py)."""

from __future__ import annotations

from pathlib import Path

import typer

from famiglia.arena.tally import game_ranges
from famiglia.core.errors import IllegalAction, RecordError
from famiglia.core.record import replay
from famiglia.core.text import one_line, plain, plural

from .common import err, fail, games_in, out, warn_of_versions
from .play import show_result


def replay_cmd(
    file: Path = typer.Argument(..., help="a record file (.json or .jsonl)"),
    check: bool = typer.Option(False, "--check", help="replay every game; fail on any difference"),
    game_index: int = typer.Option(
        None, "--game", help="which game of the file: to step through (default 1), or to check"
    ),
    seat: int = typer.Option(None, "--seat", help="narrate as this seat sees it"),
    pause: bool = typer.Option(
        False, "--pause", help="wait for Enter after each move (q and Enter stops)"
    ),
    open_: bool = typer.Option(
        False, "--open", help="show the game in the browser's replay viewer (a local server)"
    ),
    no_browser: bool = typer.Option(
        False, "--no-browser", help="with --open: only print the viewer's address"
    ),
    port: int = typer.Option(0, "--port", help="with --open: the port (0: any free one)"),
):
    """Steps through a game record, or checks that every record replays exactly."""
    games = games_in(file)  # a broken line is reported, not fatal, unless it is the game asked
    if game_index is not None and not 1 <= game_index <= len(games):
        fail(f"--game must be between 1 and {len(games)}")
    if check:
        chosen = [game_index] if game_index is not None else range(1, len(games) + 1)
        bad = 0
        for i in chosen:
            if isinstance(games[i - 1], str):
                err.print(f"[red]broken:[/] {plain(one_line(games[i - 1]))}", highlight=False)
                bad += 1
        sound = [i for i in chosen if not isinstance(games[i - 1], str)]
        warn_of_versions([games[i - 1] for i in sound], file)
        for i in sound:
            try:
                replay(games[i - 1], where=f"{file} game {i}")
            except RecordError as exc:
                err.print(f"[red]mismatch:[/] {plain(one_line(exc))}", highlight=False)
                bad += 1
        total = len(chosen)
        verb = "replays" if total == 1 else "replay"  # 1 of 1 game replays, 5 of 5 games replay
        out.print(f"{total - bad} of {plural(total, 'game')} {verb} exactly")
        raise typer.Exit(1 if bad else 0)
    game_index = game_index or 1
    record = games[game_index - 1]
    readable = [i for i, game in enumerate(games) if not isinstance(game, str)]
    if isinstance(record, str):
        fail(
            f"game {game_index} cannot be replayed (the file's sound games are "
            f"{game_ranges(readable)}): {record}"
        )
    for i, game in enumerate(games, 1):
        if isinstance(game, str):
            err.print(
                plain(f"warning: game {i} of the file is broken: {one_line(game)}"),
                highlight=False,
            )
    warn_of_versions([record], f"{file} game {game_index}")
    if open_:
        open_viewer(record, f"{file} game {game_index}", port, not no_browser)
        return
    step_through(record, file, game_index, seat, pause)


def open_viewer(record, where, port, browser) -> None:
    from .replay_viewer import CannotOpen, serve_record

    if not 0 <= port <= 65535:
        fail(f"--port must be between 0 and 65535, not {port}")
    try:
        serve_record(record, where, port, browser)
    except CannotOpen as exc:
        fail(str(exc))


def step_through(record, file, index, seat, pause) -> None:
    where = f"{file} game {index}"
    try:
        state = replay(record, where=where, until=0)
    except RecordError as exc:
        fail(str(exc))
    g = state.game
    if seat is not None and not 0 <= seat < state.players:
        if state.players == 1:
            fail("--seat must be 0: the record has one seat")
        fail(f"--seat must be between 0 and {state.players - 1}")
    seen = 0
    for number, (mover, data) in enumerate(record["moves"], 1):
        try:
            action = g.action_from_json(data)
            state.apply(mover, action)
        except (ValueError, IllegalAction) as exc:
            fail(f"{where}: move {number} (seat {mover}) fails: {exc}")
        events = state.events(seat)
        for line in events[seen:]:
            out.print(f"[dim]{number:>5}[/] {plain(line)}", highlight=False)
        seen = len(events)
        if pause:
            try:
                if out.input("[dim](Enter: next move, q: stop)[/] ").strip().lower() == "q":
                    return
            except EOFError:
                pause = False  # no more input: narrate the rest without waiting
    if state.is_over():
        show_result(state)
    else:
        out.print("(the record ends before the game does)")
