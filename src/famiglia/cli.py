"""The `famiglia` command: list games, read rules, play, simulate, replay, draw boards.

Every refusal of bad input is one line on stderr saying what was wrong and what is allowed,
with a non-zero exit where it ends the command.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from statistics import mean

import typer
from rich.markdown import Markdown
from rich.pretty import Pretty
from rich.progress import Progress
from rich.table import Table

import famiglia
from famiglia.agents import agent_names, info_for, make_agent
from famiglia.agents.human import HumanAgent
from famiglia.arena.runners import BackendError, check_backend
from famiglia.arena.simulate import simulate as simulate_games
from famiglia.arena.tournament import split_seats
from famiglia.cli_common import (
    Commands,
    err,
    fail,
    load_game,
    out,
    output_file,
    parse_options,
    records_in,
    save,
    state_from_file,
)
from famiglia.cli_tournament import tournament
from famiglia.core.errors import IllegalAction, RecordError
from famiglia.core.record import new_record, replay
from famiglia.core.text import one_line, plain

app = typer.Typer(
    cls=Commands,
    add_completion=False,
    no_args_is_help=True,
    help="Mafia-themed tabletop games played by their exact rules.",
)
DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def check_players(game, players: int, options: dict) -> None:
    try:
        game.new(players, 0, **options)
    except ValueError as exc:
        fail(str(exc))


def parse_seats(seats: str | None, players: int, default_first: str = "random") -> list[str]:
    if not seats:
        return [default_first] + ["random"] * (players - 1)
    specs = split_seats(seats)
    if len(specs) != players:
        fail(f"--seats names {len(specs)} player(s) but --players is {players}")
    for spec in specs:
        if spec != "human":
            try:
                make_agent(spec)
            except ValueError as exc:
                fail(f"{exc}; or human")
    return specs


OptionList = typer.Option(None, "--option", "-o", help="a game option, name=value (repeatable)")


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


@app.command()
def rules(game: str = typer.Argument(..., help="game name, see `famiglia games`")):
    """Prints the game's rules document."""
    load_game(game)
    path = DOCS / f"{game}.md"
    if not path.exists():
        fail(f"no rules document at {path}")
    out.print(Markdown(path.read_text(encoding="utf-8")))


# ----- play in the terminal -------------------------------------------------------------------
class TerminalTable:
    """One game at the terminal: shows each human seat its view and menu, hides the rest."""

    def __init__(self, game, state, specs: list[str]) -> None:
        self.game, self.state, self.specs = game, state, specs
        self.humans = [seat for seat, spec in enumerate(specs) if spec == "human"]
        self.seen = [0] * state.players  # events already shown to each seat
        self.last_shown = None
        self.render = game.renderer()

    def ask(self, info):
        seat = info.seat
        if len(self.humans) > 1 and self.last_shown != seat:
            out.clear()
            read_line(f"[bold]Pass to seat {seat}[/] and press Enter... ")
            out.clear()
        self.last_shown = seat
        self.show(seat)
        while True:
            for i, action in enumerate(info.legal_actions, 1):
                out.print(f"  [cyan]{i:>2}[/] {plain(action)}", highlight=False)
            answer = read_line(f"seat {seat}, your move (number or text, q to quit): ").strip()
            if not answer:
                continue  # Enter alone: the menu again
            if answer.lower() in ("q", "quit"):
                raise KeyboardInterrupt
            # a number of the menu: decimal digits only ("²" is a digit int() cannot read)
            if (
                answer.isdecimal()
                and len(answer) < 6
                and 1 <= int(answer) <= len(info.legal_actions)
            ):
                return info.legal_actions[int(answer) - 1]
            try:
                return self.game.parse_action(self.state, seat, answer)
            except IllegalAction as exc:
                clause = f" [{exc.clause}]" if exc.clause else ""
                out.print(
                    f"[red]refused:[/] {plain(one_line(exc.reason + clause))}",
                    highlight=False,
                    soft_wrap=True,
                )

    def show(self, seat) -> None:
        events = self.state.events(seat)
        for line in events[self.seen[seat] :]:
            out.print(f"[dim]>[/] {plain(line)}", highlight=False)
        self.seen[seat] = len(events)
        if self.render:
            out.print(self.render(self.state, seat))
        else:
            out.print(Pretty(self.state.view(seat)))


def read_line(prompt: str) -> str:
    """A line typed at the prompt; end of input (Ctrl-D) stops the game like `q`, so that
    `--out` still saves the record so far."""
    try:
        return out.input(prompt)
    except EOFError:
        raise KeyboardInterrupt from None


@app.command()
def play(
    game: str = typer.Argument("the-mob", help="game name, see `famiglia games`"),
    players: int = typer.Option(4, "--players", "-p", help="number of players"),
    seats: str = typer.Option(None, help="who sits where: human,random,... (default: you + bots)"),
    seed: int = typer.Option(None, help="seed for a repeatable game (default: random)"),
    options: list[str] = OptionList,
    out_file: Path = typer.Option(None, "--out", help="save the game record here (also on quit)"),
):
    """Plays a game in the terminal against bots or friends (hot seat)."""
    g = load_game(game)
    opts = parse_options(g, options)
    check_players(g, players, opts)
    specs = parse_seats(seats, players, default_first="human")
    output_file(out_file)
    state = g.new(players, seed, **opts)  # no --seed: a fresh one, kept in state.seed
    seed = state.seed
    table = TerminalTable(g, state, specs)
    agents = [
        HumanAgent(table.ask) if spec == "human" else make_agent(spec, seed * 1000 + seat)
        for seat, spec in enumerate(specs)
    ]
    record = new_record(g, players, seed, opts, specs)
    try:
        while not state.is_over():
            seat = state.seats_to_act()[0]
            action = agents[seat].act(info_for(state, seat))
            state.apply(seat, action)
            record["moves"].append([seat, action.to_json()])
    except KeyboardInterrupt:
        out.print("\ngame stopped.")
        if out_file:
            save(out_file, [record])
            out.print(f"record so far saved to {plain(out_file)}", highlight=False)
        raise typer.Exit(1) from None
    record["result"] = state.result().to_json()
    viewer = table.humans[0] if len(table.humans) == 1 else None
    for line in state.events(viewer)[table.seen[viewer] if viewer is not None else 0 :]:
        out.print(f"[dim]>[/] {plain(line)}", highlight=False)
    show_result(state)
    if out_file:
        save(out_file, [record])
        out.print(f"record saved to {plain(out_file)}", highlight=False)


def show_result(state) -> None:
    result = state.result()
    table = Table(title="Result" + (" (capped)" if result.capped else ""))
    for column in ("seat", "place", "score"):
        table.add_column(column)
    for seat in sorted(range(state.players), key=lambda s: result.ranking[s]):
        table.add_row(str(seat), str(result.ranking[seat]), str(result.scores[seat]))
    out.print(table)
    out.print(f"winner(s): {', '.join(f'seat {s}' for s in result.winners)}")


# ----- simulate ------------------------------------------------------------------------------------
@app.command()
def simulate(
    game: str = typer.Argument(..., help="game name, see `famiglia games`"),
    players: int = typer.Option(..., "--players", "-p", help="number of players"),
    games_: int = typer.Option(100, "--games", "-n", help="how many games"),
    seed: int = typer.Option(0, help="seed of the first game (the others follow)"),
    seats: str = typer.Option(
        None, help=f"bots per seat, e.g. random,random ({', '.join(agent_names())})"
    ),
    options: list[str] = OptionList,
    out_file: Path = typer.Option(None, "--out", help="write the records here (JSON Lines)"),
    workers: int = typer.Option(
        None, "--workers", "-w", help="games at once: processes (default 1) or Ray tasks"
    ),
    backend: str = typer.Option("local", help="where games run: local or ray"),
    address: str = typer.Option(None, help="the Ray cluster: ray://HOST:PORT or auto"),
):
    """Plays bot games and reports win rates, game lengths and capped games."""
    g = load_game(game)
    opts = parse_options(g, options)
    check_players(g, players, opts)
    if games_ < 1:
        fail("--games must be at least 1")
    specs = parse_seats(seats, players)
    if "human" in specs:
        fail("simulate plays bots only; use `famiglia play` to sit at the table")
    try:
        backend = check_backend(backend, address, workers)
    except ValueError as exc:
        fail(str(exc))
    output_file(out_file)
    with Progress(console=err, transient=True) as progress:
        task = progress.add_task(plain(g.title), total=games_)
        try:
            summary, records = simulate_games(
                g,
                players,
                games_,
                seed,
                specs,
                opts,
                on_game=lambda _record: progress.advance(task),
                workers=workers,
                backend=backend,
                address=address,
            )
        except BackendError as exc:
            fail(str(exc))
    table = Table(title=plain(f"{g.title}: {games_} games, {players} players"))
    for column in ("seat", "bot", "wins", "win rate"):
        table.add_column(column)
    for seat in range(players):
        table.add_row(
            str(seat),
            plain(specs[seat]),
            f"{summary.wins[seat]:g}",
            f"{summary.wins[seat] / games_:.1%}",
        )
    out.print(table)
    out.print(
        f"moves per game: mean {mean(summary.lengths):.1f}, min {min(summary.lengths)}, "
        f"max {max(summary.lengths)}; capped games: {summary.capped}"
    )
    if out_file:
        save(out_file, records)
        out.print(f"{len(records)} record(s) written to {plain(out_file)}", highlight=False)


# ----- replay ------------------------------------------------------------------------------------
@app.command(name="replay")
def replay_cmd(
    file: Path = typer.Argument(..., help="a record file (.json or .jsonl)"),
    check: bool = typer.Option(False, "--check", help="replay every game; fail on any difference"),
    game_index: int = typer.Option(1, "--game", help="which game of the file to step through"),
    seat: int = typer.Option(None, "--seat", help="narrate as this seat sees it"),
    pause: bool = typer.Option(False, "--pause", help="wait for Enter after each move"),
):
    """Steps through a game record, or checks that every record replays exactly."""
    records = records_in(file)
    if check:
        bad = 0
        for i, record in enumerate(records, 1):
            try:
                replay(record, where=f"{file} game {i}")
            except RecordError as exc:
                err.print(f"[red]mismatch:[/] {plain(one_line(exc))}", highlight=False)
                bad += 1
        out.print(f"{len(records) - bad} of {len(records)} game(s) replay exactly")
        raise typer.Exit(1 if bad else 0)
    if not 1 <= game_index <= len(records):
        fail(f"--game must be between 1 and {len(records)}")
    record = records[game_index - 1]
    step_through(record, file, game_index, seat, pause)


def step_through(record, file, index, seat, pause) -> None:
    where = f"{file} game {index}"
    try:
        state = replay(record, where=where, until=0)
    except RecordError as exc:
        fail(str(exc))
    g = state.game
    if seat is not None and not 0 <= seat < state.players:
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
                out.input("")
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
):
    """Draws the game's board, with every piece of a saved state, as an SVG."""
    g = load_game(game)
    module = famiglia._REGISTRY[game] + ".render"
    try:
        draw = importlib.import_module(module).render_svg
    except (ImportError, AttributeError):
        fail(f"{g.title} has no board drawing")
    output_file(out_file)
    state = state_from_file(g, state_file, game_index) if state_file else None
    save(out_file, text=draw(state))
    out.print(f"board written to {plain(out_file)}", highlight=False)


app.command("tournament")(tournament)
app.command("serve")(importlib.import_module("famiglia.cli_serve").serve)


def main() -> None:
    app()


__all__ = ["app", "main"]
