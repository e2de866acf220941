"""The `famiglia` command: list games, read rules, play, simulate, replay, draw boards.

Every refusal of bad input is one line on stderr saying what was wrong and what is allowed,
with a non-zero exit where it ends the command.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import typer
from rich.markdown import Markdown
from rich.progress import Progress
from rich.table import Table

import famiglia
from famiglia import rulebook
from famiglia.agents import agent_names
from famiglia.arena.runners import BackendError, check_backend
from famiglia.arena.simulate import Summary
from famiglia.arena.simulate import simulate as simulate_games
from famiglia.arena.tally import game_ranges, seat_teams
from famiglia.cli_common import (
    Commands,
    RecordFile,
    check_seat_entries,
    err,
    fail,
    games_in,
    held_stops,
    load_game,
    out,
    output_file,
    parse_options,
    save,
    state_from_file,
    stoppable,
    stopped,
    warn_of_versions,
)
from famiglia.cli_play import (
    PLAYERS_HELP,
    OptionList,
    check_players,
    count_players,
    parse_seats,
    play,
    show_result,
)
from famiglia.cli_tournament import tournament
from famiglia.core.errors import IllegalAction, RecordError
from famiglia.core.record import replay
from famiglia.core.text import one_line, plain, plural, wins_text

app = typer.Typer(
    cls=Commands,
    add_completion=False,
    no_args_is_help=True,
    help="Mafia-themed tabletop games played by their exact rules.",
)


# ----- games and rules ---------------------------------------------------------------------
@app.command()
def games(
    rl: bool = typer.Option(
        False, "--rl", help="also the research sizes: actions in the catalogue, observation floats"
    ),
):
    """The games, their player counts and options."""
    table = Table(title="famiglia games")
    columns = ("name", "title", "players", "options") + (("actions", "observation") if rl else ())
    for column in columns:
        table.add_column(column)
    for name in famiglia.games():
        game = famiglia.load(name)
        opts = "\n".join(
            f"{k}={o.default!r} ({o.describe_allowed()}) {o.help}" for k, o in game.options.items()
        )
        row = [name, game.title, f"{game.min_players}-{game.max_players}", opts]
        if rl:
            from famiglia.rl.describe import sizes

            actions, obs = sizes(name)
            row += [str(actions), "\n".join(f"{n}p: {size}" for n, size in obs.items())]
        table.add_row(*map(plain, row))
    out.print(table)
    if rl:  # the research presets: shorter games by name (famiglia.rl.presets)
        from famiglia.rl.presets import listing

        out.print(plain("research presets:\n" + "\n".join(listing())))


@app.command()
def rules(game: str = typer.Argument(None, help="game name, see `famiglia games`")):
    """Prints the game's rules document."""
    if game is None:
        fail(f"name the game whose rules to print: {', '.join(famiglia.games())}")
    load_game(game)
    text = rulebook.document(game)
    if text is None:
        fail(f"this installation of famiglia lacks the rules document of {game}")
    out.print(Markdown(text))


app.command()(play)  # cli_play.py: a game at the terminal


# ----- simulate ------------------------------------------------------------------------------------
def bot_names() -> list[str]:
    """The bots `simulate` takes: every agent but the human at the terminal."""
    return [name for name in agent_names() if name != "human"]


@app.command()
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
                simulate_games(
                    g,
                    players,
                    games_,
                    seed,
                    specs,
                    opts,
                    on_game=done,
                    workers=workers,
                    backend=backend,
                    address=address,
                    keep_records=False,
                    into=summary,
                    guard=held_stops,
                )
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


# ----- replay ------------------------------------------------------------------------------------
@app.command(name="replay")
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
    from famiglia.cli_replay import CannotOpen, serve_record

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


# ----- drawing a board ---------------------------------------------------------------------------
@app.command()
def render(
    game: str = typer.Argument(..., help="game name"),
    state_file: Path = typer.Option(None, "--state", help="a saved state or a game record"),
    out_file: Path = typer.Option(Path("board.svg"), "--out", help="where to write the SVG"),
    game_index: int = typer.Option(1, "--game", help="which game of a record file to draw"),
    force: bool = typer.Option(False, "--force", help="replace the --out file if it exists"),
):
    """Draws the game's board, with every piece of a saved state, as an SVG."""
    g = load_game(game)
    module = famiglia.REGISTRY[game] + ".render"
    try:
        draw = importlib.import_module(module).render_svg
    except (ImportError, AttributeError):
        fail(f"{g.title} has no board drawing")
    output_file(out_file, force=force)
    state = state_from_file(g, state_file, game_index) if state_file else None
    save(out_file, text=draw(state))
    out.print(f"board written to {plain(out_file)}", highlight=False)


app.command("tournament")(tournament)
app.command("serve")(importlib.import_module("famiglia.cli_serve").serve)


def main() -> None:
    app()


__all__ = ["app", "main"]
