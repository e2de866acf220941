"""Game records: one JSON object per game, JSON Lines for many; replaying checks them."""

from __future__ import annotations

import json
from pathlib import Path

from .errors import IllegalAction, RecordError

_HEADER_FIELDS = ("game", "players", "seed", "options", "agents", "version")


def new_record(game, players: int, seed: int, options: dict, agents: list[str]) -> dict:
    from famiglia import __version__

    return {
        "game": game.name,
        "players": players,
        "seed": seed,
        "options": dict(options),
        "agents": list(agents),
        "version": __version__,
        "moves": [],
        "result": None,
    }


def check_shape(record, where: str = "record") -> None:
    """RecordError saying what is missing or malformed in a record."""
    if not isinstance(record, dict):
        raise RecordError(f"{where}: a record must be a JSON object, got {type(record).__name__}")
    missing = [f for f in (*_HEADER_FIELDS, "moves") if f not in record]
    if missing:
        raise RecordError(f"{where}: missing field(s) {', '.join(missing)}")
    if not isinstance(record["moves"], list):
        raise RecordError(f"{where}: 'moves' must be a list of [seat, action]")
    for i, move in enumerate(record["moves"]):
        if not (isinstance(move, list) and len(move) == 2 and isinstance(move[0], int)):
            raise RecordError(f"{where}: move {i + 1} must be [seat, action], got {move!r}")


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
                f"{where}: move {i + 1} (seat {seat}, {data!r}) fails: {exc}"
            ) from exc
    if until is None:
        expected = record.get("result")
        got = state.result().to_json() if state.is_over() else None
        if expected != got:
            raise RecordError(f"{where}: replayed result {got} differs from recorded {expected}")
    return state


def write_records(path, records) -> None:
    with Path(path).open("w", encoding="utf-8") as out:
        for record in records:
            out.write(json.dumps(record, separators=(",", ":")) + "\n")


def read_records(path) -> list[dict]:
    """All records of a .json or .jsonl file, or RecordError naming the file and line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from exc
    records = []
    stripped = text.strip()
    if not stripped:
        raise RecordError(f"{path}: the file is empty; expected one JSON record per line")
    if stripped.startswith("{") and "\n{" not in stripped:
        lines = [(1, stripped)]  # a single record, possibly pretty-printed
    else:
        lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    for number, line in lines:
        where = f"{path} line {number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{where}: not valid JSON ({exc.msg}); truncated file?") from exc
        check_shape(record, where)
        records.append(record)
    return records
