"""What the `famiglia` commands share: the consoles, one-line refusals, and arguments and files
checked before any game is played.

Every refusal is one line on stderr saying what was wrong and what is allowed, and the command
exits with status 2. Whatever a user typed or a file held is escaped (`plain`) before rich
prints it.
"""

from __future__ import annotations

import signal
import sys
from contextlib import contextmanager
from pathlib import Path

import typer
from rich.console import Console
from typer.core import TyperGroup

import famiglia
from famiglia.arena.tally import game_ranges
from famiglia.core.errors import RecordError
from famiglia.core.record import (
    check_shape,
    parse_json,
    read_records,
    read_text,
    record_line,
    replay,
    write_records,
)
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


def option_pairs(game, pairs: list[str] | None) -> dict[str, str]:
    """`-o name=value` pairs as typed, each name once; not yet checked against the game."""
    options: dict[str, str] = {}
    given: dict[str, str] = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            fail(
                f"option {pair!r} must look like name=value; options of {game.name}: "
                f"{', '.join(game.options) or 'none'}"
            )
        key = key.strip()
        if key in options:
            fail(
                f"option {key} is given twice (-o {given[key]}, -o {pair.strip()}); "
                "give each option once"
            )
        options[key], given[key] = value.strip(), pair.strip()
    return options


def parse_options(game, pairs: list[str] | None) -> dict:
    """`-o name=value` pairs, checked against the game's options."""
    options = option_pairs(game, pairs)
    try:
        return game.resolve_options(options)
    except ValueError as exc:
        fail(str(exc))


def check_seat_entries(seats: str | None, names: list[str], who: str = "player") -> None:
    """Refuses a --seats with an empty entry (`human,,random`, a comma at the end, or nothing
    at all), naming its place among the seats and the names allowed; `who`: player or bot."""
    if seats is None:
        return
    from famiglia.arena.tournament import split_seats

    allowed = f"give one {who} per seat: {', '.join(names)}"
    if not seats.strip():
        fail(f"--seats is empty; {allowed}")
    parts = seats.split(",")
    for i, part in enumerate(parts):
        if not part.strip():
            entry = len(split_seats(",".join(parts[:i]))) + 1
            fail(f"--seats {seats!r}: entry {entry} is empty; {allowed}")


# ----- files written: checked before the first game ------------------------------------------
FORCE_HELP = "replace the files --out (and --plot) name if they exist"


def output_file(path: Path | None, option: str = "--out", force: bool = False) -> Path | None:
    """`path` if a file can be written there; its folder is made when missing. A folder, an
    existing file (unless `force`), or a place that cannot be written, is refused at once rather
    than after the games."""
    if path is None:
        return None
    try:
        if path.is_dir():
            fail(f"{option} {path} is a folder; give a file name")
        if path.exists() and not force:
            fail(f"{option} {path} exists; give another file name, or add --force to replace it")
        blocker = next((p for p in path.parents if p.exists() and not p.is_dir()), None)
        if blocker is not None:
            fail(f"cannot write {option} {path}: {blocker} is a file, not a folder")
        path.parent.mkdir(parents=True, exist_ok=True)
        existed = path.exists()
        with path.open("a", encoding="utf-8"):
            pass
        if not existed:
            path.unlink()
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        fail(f"cannot write {option} {path}: {getattr(exc, 'strerror', None) or exc}")
    return path


def output_folder(
    path: Path | None, option: str, files: tuple = (), force: bool = False
) -> Path | None:
    """`path` as a folder files can be written into, made when missing; refused otherwise, and
    when it already holds one of `files` (unless `force`)."""
    if path is None:
        return None
    try:
        if path.exists() and not path.is_dir():
            fail(f"{option} {path} is a file; give a folder")
        there = [name for name in files if (path / name).exists()]
        if there and not force:
            fail(
                f"{option} {path} already holds {', '.join(there)}; give another folder, or add "
                "--force to replace them"
            )
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".famiglia-write-test"
        probe.touch()
        probe.unlink()
    except (OSError, ValueError) as exc:
        fail(f"cannot write into {option} {path}: {getattr(exc, 'strerror', None) or exc}")
    return path


class RecordFile:
    """The records of a run written to --out as the games finish, in game order, a line each,
    flushed: at every moment the file holds the games finished so far, and a run stopped (or
    killed) keeps them. No --out: nothing is written. A run stopped before its first game leaves
    no file."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.file = None
        self.indexes: list[int] = []  # the games written (from 0)

    def __enter__(self) -> RecordFile:
        if self.path is not None:
            try:
                self.file = self.path.open("w", encoding="utf-8")
            except (OSError, ValueError) as exc:
                fail(f"cannot write {self.path}: {getattr(exc, 'strerror', None) or exc}")
        return self

    def write(self, index: int, record: dict) -> None:
        if self.file is not None:
            try:
                self.file.write(record_line(record))
                self.file.flush()
            except (OSError, ValueError) as exc:
                fail(f"cannot write {self.path}: {getattr(exc, 'strerror', None) or exc}")
        self.indexes.append(index)

    def __exit__(self, *exc) -> None:
        if self.file is not None:
            self.file.close()
            if not self.indexes:
                self.path.unlink(missing_ok=True)


class Terminated(KeyboardInterrupt):
    """SIGTERM (`timeout`, `kill`), which stops a run as Ctrl-C does."""


class _Stops:
    """A stop (Ctrl-C, SIGTERM) that came while a game was being counted and written waits
    until that is done: the file and the tables then hold the same games."""

    holding = 0
    pending: type | None = None


def _stop(signum, _frame):
    stop = Terminated if signum == signal.SIGTERM else KeyboardInterrupt
    if _Stops.holding:
        _Stops.pending = _Stops.pending or stop
        return
    raise stop


@contextmanager
def held_stops():
    """Within it a stop waits (see _Stops), then goes on at its end."""
    _Stops.holding += 1
    try:
        yield
    finally:
        _Stops.holding -= 1
        stop, _Stops.pending = _Stops.pending, None
        if stop is not None and not _Stops.holding:
            raise stop


@contextmanager
def stoppable():
    """Within it, SIGTERM stops a run like Ctrl-C: the finished games are kept and the command
    says so (exit 143 rather than 130); within `held_stops` either waits."""
    try:
        before = {sig: signal.signal(sig, _stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    except ValueError:  # not the main thread (a test's runner): no handler of ours
        before = {}
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
        _Stops.pending = None


def stopped(exc: KeyboardInterrupt, records: RecordFile, games: int) -> int:
    """Says what a stopped run kept (one line on stderr); the exit status to end with: 130 for
    Ctrl-C, 143 for SIGTERM, as a shell reports a process those signals ended."""
    done = records.indexes
    told = f"stopped: {len(done)} of {plural(games, 'game')} finished"
    if records.path is not None and done:
        told += f"; their records are in {records.path} (games {game_ranges(done)})"
    err.print(plain(told), highlight=False)
    return 143 if isinstance(exc, Terminated) else 130


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
def records_in(path: Path, broken: list | None = None) -> list[dict]:
    """The records of a .json or .jsonl file, or a one-line refusal saying what is wrong.
    `broken`: unreadable lines are listed there instead (see read_records), unless no record
    at all is readable."""
    try:
        records = read_records(path, broken)
    except RecordError as exc:
        fail(str(exc))
    if not records and broken:
        fail(broken[0])
    return records


def games_in(path: Path) -> list[dict | str]:
    """Every game of a record file, in order: its record, or (a JSON Lines line cut short or
    garbled) the reason it cannot be read, so that game N is the file's Nth record whichever
    others are broken. A file that cannot be read, or holds no readable record, is refused."""
    broken: list[str] = []
    records = records_in(path, broken)
    if not broken:
        return records
    games: list[dict | str] = []
    for number, line in enumerate(read_text(path).splitlines(), 1):  # as read_records reads
        if not line.strip():
            continue
        where = f"{path} line {number}"
        try:
            record = parse_json(line, where)
            check_shape(record, where)
        except RecordError as exc:
            games.append(str(exc))
            continue
        games.append(record)
    return games


def warn_of_versions(records: list[dict], where) -> None:
    """One line when records were made by another famiglia, whose rules may differ from these
    (the replay then fails or differs, and this says why)."""
    other = sorted({r["version"] for r in records} - {famiglia.__version__})
    if other:
        err.print(
            plain(
                f"warning: {where} was recorded by famiglia {', '.join(other)}; this is famiglia "
                f"{famiglia.__version__}, whose rules may differ"
            ),
            highlight=False,
        )


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
