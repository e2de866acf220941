"""What the `famiglia` commands share: the consoles, one-line refusals, and arguments and files
checked before any game is played.

Every refusal is one line on stderr saying what was wrong and what is allowed, and the command
exits with status 2. Whatever a user typed or a file held is escaped (`plain`) before rich
prints it.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

import famiglia
from famiglia.core.errors import RecordError
from famiglia.core.record import parse_json, read_records, read_text, replay
from famiglia.core.text import plain

out = Console()
err = Console(stderr=True, soft_wrap=True)


def fail(message: str, code: int = 2):
    err.print(f"[bold red]error:[/] {plain(message)}", highlight=False)
    raise typer.Exit(code)


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
    if path.is_dir():
        fail(f"{option} {path} is a folder; give a file name")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        existed = path.exists()
        with path.open("a", encoding="utf-8"):
            pass
        if not existed:
            path.unlink()
    except OSError as exc:
        fail(f"cannot write {option} {path}: {exc.strerror or exc}")
    return path


def output_folder(path: Path | None, option: str) -> Path | None:
    """`path` as a folder files can be written into, made when missing; refused otherwise."""
    if path is None:
        return None
    if path.exists() and not path.is_dir():
        fail(f"{option} {path} is a file; give a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".famiglia-write-test"
        probe.touch()
        probe.unlink()
    except OSError as exc:
        fail(f"cannot write into {option} {path}: {exc.strerror or exc}")
    return path


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
