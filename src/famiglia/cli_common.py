"""What the `famiglia` commands share: the consoles, one-line refusals, and arguments and files
checked before any game is played.

Every refusal is one line on stderr saying what was wrong and what is allowed, and the command
exits with status 2. Whatever a user typed or a file held is escaped (`plain`) before rich
prints it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer
from rich.console import Console
from typer.core import TyperGroup

import famiglia
from famiglia.core.errors import RecordError
from famiglia.core.record import parse_json, read_records, read_text, replay, write_records
from famiglia.core.text import one_line, plain, plural, shorten

out = Console()
err = Console(stderr=True, soft_wrap=True)


def fail(message: str, code: int = 2):
    """Refuses: one line on stderr (what a user typed is quoted short), then exit `code`."""
    err.print(f"[bold red]error:[/] {plain(shorten(one_line(message), 600))}", highlight=False)
    raise typer.Exit(code)


# click's UsageError (an unknown option, a number that is not one), from whichever click this
# typer is built on: typer's BadParameter derives from it.
UsageError = typer.BadParameter.__mro__[1]


class Commands(TyperGroup):
    """The `famiglia` command group: a usage error is refused in one line, like every other
    refusal, instead of a usage box. `famiglia` alone still prints its help."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        args = sys.argv[1:] if args is None else list(args)
        if not standalone_mode or not args:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except UsageError as exc:
            where = exc.ctx.command_path if getattr(exc, "ctx", None) else "famiglia"
            message = shorten(one_line(exc.format_message()), 300)
            err.print(
                f"[bold red]error:[/] {plain(message)} (see `{plain(where)} --help`)",
                highlight=False,
            )
            code = exc.exit_code
        except typer.Abort:  # input ended at a prompt outside a game
            err.print("[bold red]error:[/] stopped: the input ended", highlight=False)
            code = 1
        sys.exit(code if type(code) is int else 0)


def load_game(name: str):
    try:
        return famiglia.load(name)
    except ValueError as exc:
        fail(str(exc))


def parse_options(game, pairs: list[str] | None) -> dict:
    """`-o name=value` pairs, checked against the game's options."""
    options = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            fail(
                f"option {pair!r} must look like name=value; options of {game.name}: "
                f"{', '.join(game.options) or 'none'}"
            )
        options[key.strip()] = value.strip()
    try:
        return game.resolve_options(options)
    except ValueError as exc:
        fail(str(exc))


# ----- files written: checked before the first game ------------------------------------------
def output_file(path: Path | None, option: str = "--out") -> Path | None:
    """`path` if a file can be written there; its folder is made when missing. A folder, or a
    place that cannot be written, is refused at once rather than after the games."""
    if path is None:
        return None
    try:
        if path.is_dir():
            fail(f"{option} {path} is a folder; give a file name")
        path.parent.mkdir(parents=True, exist_ok=True)
        existed = path.exists()
        with path.open("a", encoding="utf-8"):
            pass
        if not existed:
            path.unlink()
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        fail(f"cannot write {option} {path}: {getattr(exc, 'strerror', None) or exc}")
    return path


def output_folder(path: Path | None, option: str) -> Path | None:
    """`path` as a folder files can be written into, made when missing; refused otherwise."""
    if path is None:
        return None
    try:
        if path.exists() and not path.is_dir():
            fail(f"{option} {path} is a file; give a folder")
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".famiglia-write-test"
        probe.touch()
        probe.unlink()
    except (OSError, ValueError) as exc:
        fail(f"cannot write into {option} {path}: {getattr(exc, 'strerror', None) or exc}")
    return path


def save(path: Path, records: list[dict] | None = None, text: str | None = None) -> None:
    """Writes records (JSON Lines) or a text to `path`; a failure (a full disk) is one line."""
    try:
        if records is not None:
            write_records(path, records)
        else:
            path.write_text(text, encoding="utf-8")
    except (OSError, ValueError) as exc:
        fail(f"cannot write {path}: {getattr(exc, 'strerror', None) or exc}")


# ----- files read ---------------------------------------------------------------------------
def records_in(path: Path) -> list[dict]:
    """The records of a .json or .jsonl file, or a one-line refusal saying what is wrong."""
    try:
        return read_records(path)
    except RecordError as exc:
        fail(str(exc))


def state_from_file(game, path: Path, game_index: int = 1):
    """A saved state (to_json) of `game`, or the end of one of its recorded games."""
    try:
        data = parse_json(read_text(path), str(path))
    except RecordError:
        data = None  # several records, one per line, or a broken file: read_records says which
    if isinstance(data, dict) and "moves" not in data:
        if data.get("game") != game.name:
            fail(f"{path} is not a saved {game.name} state (its game is {data.get('game')!r})")
        try:
            return game.from_json(data)
        except ValueError as exc:
            fail(f"{path}: {exc}")
    records = [data] if isinstance(data, dict) else records_in(path)
    if not 1 <= game_index <= len(records):
        fail(f"--game must be between 1 and {len(records)}")
    record = records[game_index - 1]
    if isinstance(record, dict) and record.get("game") != game.name:
        fail(f"{path}: that record is a game of {record.get('game')}, not {game.name}")
    try:
        return replay(record, f"{path} game {game_index}")
    except RecordError as exc:
        fail(str(exc))


def stopped(finished: list, games: int, out_file) -> None:
    """Ctrl-C: the games finished so far are kept (in --out, when given), then exit 130."""
    told = f"stopped: {len(finished)} of {plural(games, 'game')} finished"
    if out_file and finished:
        save(out_file, finished)
        told += f"; their records are in {plain(out_file)}"
    err.print(told, highlight=False)
    raise typer.Exit(130)
