"""Record files uploaded to the replay viewer (POST /api/replays, docs/server.md "Replays"):
a game recorded by `famiglia simulate` (or any record of the shape core/record.py reads), checked
by replaying it whole, then kept in this server's memory for a while under a random id.

An uploaded record holds only what its uploader already had, and it never touches a table: its
id is its own (never a table's), and its replay is served from this store alone. What an
attacker could spend is bounded: the body's size (MAX_RECORD_BYTES), its moves (MAX_MOVES), the
uploads a client may make a minute (limits.PerClient), those kept at once (KEPT, the oldest
forgotten first) and one replay worked out at a time (replays.Replays.run).
"""

from __future__ import annotations

import json
import secrets
import time
from collections import OrderedDict

from famiglia.core.errors import RecordError
from famiglia.core.record import replay

from .errors import ApiError

MAX_RECORD_BYTES = 4 * 1024 * 1024  # a long Blood Feud game's record is about 200 kB
MAX_MOVES = 50_000
KEPT = 32  # uploaded records kept at once
KEEP_SECONDS = 3600.0  # how long an uploaded record stays viewable


def read_record(body: bytes) -> dict:
    """The record an upload's body holds, checked by replaying it to its recorded result, or a
    422 saying what is wrong with it (never a traceback)."""
    where = "the uploaded record"
    try:
        record = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ApiError(
            422,
            f"{where} is not JSON ({exc}); send one game's record, a line of the file "
            "`famiglia simulate --out` writes",
        ) from exc
    if isinstance(record, dict) and isinstance(record.get("moves"), list):
        if len(record["moves"]) > MAX_MOVES:
            raise ApiError(413, f"{where} holds {len(record['moves'])} moves; at most {MAX_MOVES}")
    try:
        state = replay(record, where=where)
    except RecordError as exc:
        raise ApiError(422, str(exc)) from exc
    except (ValueError, TypeError, KeyError) as exc:  # a header the game refuses
        raise ApiError(422, f"{where} cannot be replayed: {exc}") from exc
    if not state.is_over():
        raise ApiError(
            422, f"{where} ends before its game does; only a whole game is replayed here"
        )
    return record


class Uploads:
    """Uploaded records by id, each kept for KEEP_SECONDS, at most KEPT at once."""

    def __init__(self, clock=time.monotonic) -> None:
        self.clock = clock
        self.records: OrderedDict[str, tuple[float, dict]] = OrderedDict()

    def add(self, record: dict) -> str:
        upload_id = secrets.token_urlsafe(12)
        self.records[upload_id] = (self.clock(), record)
        while len(self.records) > KEPT:
            self.records.popitem(last=False)
        return upload_id

    def get(self, upload_id: str) -> dict:
        kept = self.records.get(upload_id)
        if kept is not None and self.clock() - kept[0] > KEEP_SECONDS:
            del self.records[upload_id]
            kept = None
        if kept is None:
            raise ApiError(
                404,
                f"no uploaded record {upload_id[:40]!r}: uploads are kept "
                f"{int(KEEP_SECONDS // 60)} minutes (and not across a restart); upload it again",
            )
        return kept[1]
