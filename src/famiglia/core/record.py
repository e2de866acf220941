"""Game records: one JSON object per game, JSON Lines for many; replaying checks them."""

from __future__ import annotations

import json
from pathlib import Path

from .errors import IllegalAction, RecordError
from .text import brief

_HEADER_FIELDS = ("game", "players", "seed", "options", "agents", "version")


def record_header(
    game: str, players: int, seed: int, options: dict, agents: list[str], version: str | None = None
) -> dict:
    """A record's header, the one place it is made: the game's name, players, seed, options,
    the agent in each seat and the famiglia version that played it (default: this one)."""
    if version is None:
        from famiglia import __version__ as version
    return {
        "game": game,
        "players": players,
        "seed": seed,
        "options": dict(options),
        "agents": list(agents),
        "version": version,
    }


def new_record(game, players: int, seed: int, options: dict, agents: list[str]) -> dict:
    """A record of a game about to be played: its header, no moves yet, no result."""
    return {**record_header(game.name, players, seed, options, agents), "moves": [], "result": None}


def json_kind(value) -> str:
    """A value's kind in JSON's words: object, array, text, number, true/false, null."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    kinds = {dict: "an object", list: "an array", str: "text", int: "a number", float: "a number"}
    return kinds.get(type(value), type(value).__name__)


def _whole(value) -> bool:
    return type(value) is int


# The header's fields: what each must be, checked before anything is replayed.
_HEADER_TYPES = {
    "game": (lambda v: isinstance(v, str), "a game name"),
    "players": (_whole, "a whole number"),
    "seed": (_whole, "a whole number"),
    "options": (lambda v: isinstance(v, dict), "an object of option name to value"),
    "agents": (
        lambda v: isinstance(v, list) and all(isinstance(a, str) for a in v),
        "a list of bot names",
    ),
    "version": (lambda v: isinstance(v, str), "a version string"),
}


def check_shape(record, where: str = "record") -> None:
    """RecordError saying what is missing or malformed in a record."""
    if not isinstance(record, dict):
        raise RecordError(f"{where}: a record must be a JSON object, got {json_kind(record)}")
    missing = [f for f in (*_HEADER_FIELDS, "moves") if f not in record]
    if missing:
        fields = "field" if len(missing) == 1 else "fields"
        hint = ""
        if "moves" in missing and "game" in record and "agents" in missing:
            hint = " (a saved state, not a record? `famiglia render` draws a state)"
        raise RecordError(f"{where}: missing {fields} {', '.join(missing)}{hint}")
    for name, (ok, what) in _HEADER_TYPES.items():
        if not ok(record[name]):
            raise RecordError(f"{where}: '{name}' must be {what}, got {brief(record[name])}")
    if not isinstance(record["moves"], list):
        raise RecordError(f"{where}: 'moves' must be a list of [seat, action]")
    for i, move in enumerate(record["moves"]):
        if not (
            isinstance(move, list)
            and len(move) == 2
            and _whole(move[0])
            and isinstance(move[1], dict)
        ):
            raise RecordError(
                f"{where}: move {i + 1} must be [seat, action object], got {brief(move)}"
            )


def replay(record: dict, where: str = "record", until: int | None = None):
    """The state reached by replaying `record` (its first `until` moves, if given).

    Raises RecordError when the record names an unknown game, a move is illegal, or the
    replayed result differs from the recorded one.
    """
    import famiglia

    check_shape(record, where)
    try:
        game = famiglia.load(record["game"])
        state = game.new(record["players"], record["seed"], **record["options"])
    except ValueError as exc:
        raise RecordError(f"{where}: {exc}") from exc
    moves = record["moves"] if until is None else record["moves"][:until]
    for i, (seat, data) in enumerate(moves):
        try:
            action = game.action_from_json(data)
            state.apply(seat, action)
        except (ValueError, IllegalAction) as exc:
            raise RecordError(
                f"{where}: move {i + 1} (seat {seat}, {brief(data)}) fails: {exc}"
            ) from exc
    if until is None:
        expected = record.get("result")
        got = state.result().to_json() if state.is_over() else None
        if expected != got:
            raise RecordError(f"{where}: replayed result {got} differs from recorded {expected}")
    return state


def record_line(record: dict) -> str:
    """One record as a line of JSON Lines, newline included."""
    return json.dumps(record, separators=(",", ":")) + "\n"


def write_records(path, records) -> None:
    with Path(path).open("w", encoding="utf-8") as out:
        for record in records:
            out.write(record_line(record))


def read_records(path, broken: list | None = None) -> list[dict]:
    """All records of a .json or .jsonl file, or RecordError naming the file and line.

    `broken`: a list to which the reasons of unreadable lines of a JSON Lines file are added
    instead (the other records are returned): a file cut short by a stopped run still has
    its complete records."""
    path = Path(path)
    text = read_text(path)
    records = []
    stripped = text.strip()
    if not stripped:
        raise RecordError(f"{path}: the file is empty; expected one JSON record per line")
    whole = _whole_json(stripped)
    if isinstance(whole, (dict, list)):  # one record (however laid out), or a list of them
        for number, record in enumerate(whole if isinstance(whole, list) else [whole], 1):
            where = f"{path} record {number}" if isinstance(whole, list) else str(path)
            check_shape(record, where)
            records.append(record)
        return records
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    for number, line in lines:
        where = f"{path} line {number}"
        try:
            record = parse_json(line, where)
            check_shape(record, where)
        except RecordError as exc:
            if broken is None:
                raise
            broken.append(str(exc))
            continue
        records.append(record)
    return records


def _whole_json(text: str):
    """The file read as one JSON value, or None (JSON Lines, or broken: read line by line)."""
    if not text.startswith(("{", "[")):
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def read_text(path) -> str:
    """The text of a file, or RecordError saying why it cannot be read as text."""
    path = Path(path)
    try:
        return path.read_text(encoding="utf-8-sig")  # (a byte-order mark is no JSON)
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a text file (records are JSON text)") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise RecordError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from exc


def parse_json(text: str, where: str):
    """The JSON value of `text`, or RecordError saying what is wrong with it."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{where}: not valid JSON ({exc.msg}); truncated file?") from exc
    except RecursionError:
        raise RecordError(f"{where}: the JSON is nested too deeply to be a record") from None
    except ValueError as exc:  # e.g. a number with more digits than Python reads
        raise RecordError(f"{where}: unreadable JSON ({exc})") from exc
