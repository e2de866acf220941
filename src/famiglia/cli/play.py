"""`famiglia play`: one game at the terminal, and the result table `replay` shares.

What a person at the table sees, seat by seat:
- the narration of what happened since his last screen (the bots' moves as they are made when
  he plays alone; after a pass screen in a hot-seat game);
- his game's compact board (each game's `render.board(state, seat)`: lines of at most 80
  characters): whole at the start of his turn, then only the lines his own steps changed;
- what the game waits for, in words, and a numbered menu of his moves.
A seat with exactly one legal move plays it at once and is told so: the same in every game.
(Unfinished Business takes a few such decisions inside the game itself, UB-3.6; it tells the
seat the same way.)
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import typer
from rich import box
from rich.pretty import Pretty
from rich.table import Table

import famiglia
from famiglia.agents import agent_names, info_for, make_agent
from famiglia.agents.coach import describe as describe_hint
from famiglia.agents.coach import hint
from famiglia.agents.human import HumanAgent
from famiglia.core.actions import normalize_text
from famiglia.core.errors import IllegalAction
from famiglia.core.record import new_record
from famiglia.core.text import one_line, plain, plural

from .common import (
    check_seat_entries,
    fail,
    load_game,
    out,
    output_file,
    parse_options,
    save,
)

ONLY_MOVE = "your only possible move, played at once:"


def only_move_begun(legal, typed: str):
    """The one legal move whose phrase begins with the typed words (whole words), or None when
    none or several do."""
    words = normalize_text(typed)
    begun = [a for a in legal if f"{normalize_text(str(a))} ".startswith(f"{words} ")]
    return begun[0] if len(begun) == 1 else None


HELP = "type a number of the menu or the move's words; b: the whole board again; q: quit"


def table_module(game):
    """The game's terminal module (games/<game>/render.py), or None."""
    try:
        return importlib.import_module(famiglia.REGISTRY[game.name] + ".render")
    except (ImportError, KeyError):
        return None


def wipe() -> None:
    """Clears the screen and, in a terminal, its scrollback too, so that the next player of a
    hot seat cannot scroll up to the last one's hand."""
    out.clear()
    if out.is_terminal:
        out.file.write("\x1b[3J")  # (xterm's "erase saved lines", which clear() leaves)
        out.file.flush()


def seat_label(seat: int, humans: list[int]) -> str:
    return f"seat {seat}" + (" (you)" if humans == [seat] else "")


class TerminalTable:
    """One game at the terminal: shows each human seat its narration, board and menu, hides
    the rest. `moved` is told of every move played, whoever played it."""

    def __init__(
        self, game, state, specs: list[str], svg: Path | None = None, hints: bool = False
    ) -> None:
        self.game, self.state, self.specs, self.svg = game, state, specs, svg
        self.hints = hints  # the coach's suggestion before each choice (agents/coach.py)
        self.humans = [seat for seat, spec in enumerate(specs) if spec == "human"]
        self.alone = len(self.humans) == 1  # one person: his screen shows everything at once
        players = state.players
        self.seen = [0] * players  # narration lines already shown to each seat
        self.notes: list[list] = [[] for _ in range(players)]  # (narration index, text)
        self.boards: list = [None] * players  # the board lines each seat saw last
        self.others_moved = [True] * players  # since the seat's last screen
        self.public_seen = 0  # public narration shown on some screen
        self.last_shown = None
        module = table_module(game)
        self.board = getattr(module, "board", None)
        self.draw_svg = getattr(module, "render_svg", None)
        self.render = game.renderer()
        self.write_svg()

    # ----- told by the game loop ---------------------------------------------------------------
    def moved(self, seat: int) -> None:
        for other in range(self.state.players):
            if other != seat:
                self.others_moved[other] = True
        self.write_svg()
        if self.alone:
            self.narrate(self.humans[0])

    def write_svg(self) -> None:
        """Redraws the board drawing (`--svg`): everything on it is public. Written beside
        and renamed, so that a viewer never reads half a file."""
        if self.svg is None:
            return
        part = self.svg.with_name(self.svg.name + ".part")
        try:
            part.write_text(self.draw_svg(self.state), encoding="utf-8")
            os.replace(part, self.svg)
        except OSError as exc:
            fail(f"cannot write --svg {self.svg}: {exc.strerror or exc}")

    # ----- a human seat's turn -----------------------------------------------------------------
    def ask(self, info):
        seat, legal = info.seat, info.legal_actions
        if len(legal) == 1:
            self.notes[seat].append((len(self.state.events(seat)), f"{ONLY_MOVE} {legal[0]}"))
            if self.alone:
                self.narrate(seat)
            return legal[0]
        if not self.alone and self.last_shown != seat:
            wipe()
            read_line(f"[bold]Pass to seat {seat}[/] and press Enter... ")
            wipe()
        self.last_shown = seat
        self.narrate(seat)
        self.show_board(seat, whole=self.others_moved[seat])
        self.others_moved[seat] = False
        if self.hints:
            self.coach(info)
        while True:
            self.menu(seat, legal)
            answer = read_line(f"seat {seat}, your move (number or words; b board, q quit): ")
            answer = answer.strip()
            if not answer:
                continue  # Enter alone: the menu again
            if answer.lower() in ("q", "quit"):
                raise KeyboardInterrupt
            if answer.lower() in ("b", "board"):
                self.show_board(seat, whole=True)
                continue
            if answer in ("?", "h", "help"):
                out.print(HELP, highlight=False)
                continue
            # a number of the menu: decimal digits only ("²" is a digit int() cannot read)
            if answer.isdecimal() and len(answer) < 6 and 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            if answer.isdecimal():  # a number off the menu
                out.print(
                    f"[red]refused:[/] there is no move {plain(answer)[:12]} on the menu: "
                    f"type a number from 1 to {len(legal)}, or a move's words",
                    highlight=False,
                    soft_wrap=True,
                )
                continue
            try:
                return self.game.parse_action(self.state, seat, answer)
            except IllegalAction as exc:
                begun = only_move_begun(legal, answer)
                if begun is not None:  # "invest" when one move begins with that word
                    out.print(f"[dim]>[/] playing: {plain(begun)}", highlight=False)
                    return begun
                clause = f" [{exc.clause}]" if exc.clause else ""
                out.print(
                    f"[red]refused:[/] {plain(one_line(exc.reason + clause))}",
                    highlight=False,
                    soft_wrap=True,
                )

    def coach(self, info) -> None:
        """The hard bot's move and two alternatives, from what this seat can see only."""
        seed = len(self.state.events(None)) * 31 + info.seat
        for line in describe_hint(hint(info, seed=seed)):
            out.print(f"[green]{plain(line)}[/]", highlight=False)

    def menu(self, seat: int, legal) -> None:
        what, clause = self.state._decision()
        if what:
            rule = f" ({clause})" if clause else ""
            out.print(f"[bold]You must {plain(what)}[/]{plain(rule)}:", highlight=False)
        for i, action in enumerate(legal, 1):
            out.print(f"  [cyan]{i:>2}[/] {plain(action)}", highlight=False)

    # ----- what a seat is shown ----------------------------------------------------------------
    def narrate(self, seat) -> None:
        """The narration `seat` has not seen yet (everything public for seat None), with the
        notes of the moves played for it where they happened."""
        events = self.state.events(seat)
        start = self.seen[seat] if seat is not None else self.public_seen
        notes = self.notes[seat] if seat is not None else []
        for at, text in notes:
            for line in events[start:at]:
                out.print(f"[dim]>[/] {plain(line)}", highlight=False)
            start = max(start, at)
            out.print(f"[dim]>[/] [yellow]{plain(text)}[/]", highlight=False)
        for line in events[start:]:
            out.print(f"[dim]>[/] {plain(line)}", highlight=False)
        if seat is not None:
            self.seen[seat], self.notes[seat] = len(events), []
        self.public_seen = len(self.state.events(None))

    def show_board(self, seat, whole: bool = True) -> None:
        """The board as `seat` sees it: whole, or only the lines changed since his last look."""
        if self.board is None:
            out.print(
                self.render(self.state, seat) if self.render else Pretty(self.state.view(seat))
            )
            return
        lines = self.board(self.state, seat)
        before = self.boards[seat] if seat is not None else None
        if not whole and before is not None:
            kept = set(before)
            lines_now, lines = lines, [line for line in lines if line not in kept]
        else:
            lines_now = lines
        for line in lines:
            out.print(plain(line), highlight=False, soft_wrap=True)
        if seat is not None:
            self.boards[seat] = lines_now

    def finish(self) -> None:
        """The end: the narration nobody saw yet and the final board."""
        viewer = self.humans[0] if self.alone else None
        if viewer is None and not self.humans:
            self.public_seen = 0  # bots only: the whole game is news
        self.narrate(viewer)
        out.rule("The end", style="dim")
        self.show_board(viewer)


def read_line(prompt: str) -> str:
    """A line typed at the prompt; end of input (Ctrl-D) stops the game like `q`, so that
    `--out` still saves the record so far."""
    try:
        return out.input(prompt)
    except EOFError:
        raise KeyboardInterrupt from None


def show_result(state, humans: list[int] = ()) -> None:
    """The ranking, with what each seat's score is made of and how the places were decided
    (a capped game's ranking is explained: nobody won by the rules)."""
    result = state.result()
    module = table_module(state.game)
    explain = getattr(module, "result_notes", None)
    how, details = explain(state) if explain else ("", [""] * state.players)
    humans = list(humans)
    table = Table(box=box.SIMPLE_HEAD, title="Result" + (" (capped)" if result.capped else ""))
    for column in ("place", "seat", "score", "made of"):
        table.add_column(column, overflow="fold")
    for seat in sorted(range(state.players), key=lambda s: result.ranking[s]):
        table.add_row(
            str(result.ranking[seat]),
            seat_label(seat, humans),
            str(result.scores[seat]),
            plain(details[seat]),
        )
    out.print(table)
    if how:
        out.print(plain(how), highlight=False)
    winners = [seat_label(s, humans) for s in result.winners]
    if not winners:  # a solo mode's own opponent won (SF-S.14)
        out.print("Winner: none of the seats, the game's own opponent", highlight=False)
    elif len(winners) == 1:
        out.print(f"Winner: {winners[0]}", highlight=False)
    else:
        shared = ", ".join(winners[:-1]) + " and " + winners[-1] if winners else "nobody"
        out.print(f"Winners, sharing the win: {shared}", highlight=False)


def parse_seats(
    seats: str | None, players: int, first: str, others: str, humans: bool = True
) -> list[str]:
    """The seats: `--seats` checked, or `first` then `others` for every other seat.
    `humans`: a seat may be a person's (play), not only a bot's (simulate)."""
    from famiglia.arena.tournament import split_seats

    if not seats:
        return [first] + [others] * (players - 1)
    specs = split_seats(seats)
    if len(specs) != players:
        fail(f"--seats names {plural(len(specs), 'player')} but --players is {players}")
    for spec in specs:
        if spec == "human":
            continue
        if spec.split(":")[0].strip() == "human":
            fail(f"seat '{spec}': human takes no options; write human alone")
        try:
            make_agent(spec)
        except ValueError as exc:
            unknown = humans and str(exc).startswith("unknown bot")
            fail(f"{exc}; or human" if unknown else str(exc))
    return specs


def count_players(game, players: int | None, seats: str | None, options: dict) -> int:
    """How many players `play` and `simulate` seat: --players, else as many as --seats names,
    else the game's usual table (4 where it allows it; 1 in a solo mode, `-o solo=true`)."""
    from famiglia.arena.tournament import split_seats

    if players is not None:
        return players
    if seats:
        return len(split_seats(seats))
    return game.default_players(options)


PLAYERS_HELP = (
    "number of players (default: as many as --seats names, else 4 or what the options fix)"
)


def check_players(game, players: int, options: dict) -> None:
    try:
        game.new(players, 0, **options)
    except ValueError as exc:
        fail(str(exc))


OptionList = typer.Option(None, "--option", "-o", help="a game option, name=value (repeatable)")


def play(
    game: str = typer.Argument("the-mob", help="game name, see `famiglia games`"),
    players: int = typer.Option(None, "--players", "-p", help=PLAYERS_HELP),
    seats: str = typer.Option(
        None, help="who sits where: human,greedy,random,... (default: you, then greedy bots)"
    ),
    seed: int = typer.Option(None, help="seed for a repeatable game (default: random)"),
    options: list[str] = OptionList,
    out_file: Path = typer.Option(None, "--out", help="save the game record here (also on quit)"),
    force: bool = typer.Option(
        False, "--force", help="replace the --out and --svg files if they exist"
    ),
    svg: Path = typer.Option(
        None, "--svg", help="keep a drawing of the board in this SVG file, redrawn after every move"
    ),
    hints: bool = typer.Option(
        False,
        "--hints",
        help="before each of your moves, the hard bot's suggestion and two others, with their "
        "estimated chances to win (worked out from what you can see only)",
    ),
):
    """Plays a game in the terminal against bots or friends (hot seat)."""
    g = load_game(game)
    opts = parse_options(g, options)
    check_seat_entries(seats, agent_names())
    players = count_players(g, players, seats, opts)
    check_players(g, players, opts)
    specs = parse_seats(seats, players, first="human", others="greedy")
    output_file(out_file, force=force)
    if svg is not None:
        if getattr(table_module(g), "render_svg", None) is None:
            fail(f"{g.title} has no board drawing; --svg works for blood-feud and scarface-1920")
        output_file(svg, "--svg", force=force)
    state = g.new(players, seed, **opts)  # no --seed: a fresh one, kept in state.seed
    seed = state.seed
    table = TerminalTable(g, state, specs, svg, hints)
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
            table.moved(seat)
    except KeyboardInterrupt:
        out.print("\ngame stopped.")
        if out_file:
            save(out_file, [record])
            out.print(f"record so far saved to {plain(out_file)}", highlight=False)
        raise typer.Exit(1) from None
    record["result"] = state.result().to_json()
    table.finish()
    show_result(state, table.humans)
    if out_file:
        save(out_file, [record])
        out.print(f"record saved to {plain(out_file)}", highlight=False)
