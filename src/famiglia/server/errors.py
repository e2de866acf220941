"""The one error every route and frame answers with: `{"error": text, "code": code, "clause": id}`.

`error` is for a person to read and may change wording; `code` is for a program to test and does
not change (docs/server.md lists them); `clause` names the rule when the rules refused a move.
A refusal without a code of its own takes the one of its HTTP status.
"""

from __future__ import annotations

# The code of each status, for refusals that need no finer one.
STATUS_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "not_allowed",
    409: "conflict",
    410: "gone",
    413: "too_large",
    415: "not_json",
    421: "wrong_host",
    422: "invalid",
    429: "rate_limited",
    431: "too_large",
    500: "internal",
    503: "unavailable",
}

# Finer codes, where a client acts on the difference.
ILLEGAL = "illegal"  # the rules refuse the move (clause says which rule)
NOT_YOUR_TURN = "not_your_turn"  # the seat is not one to act now
STALE = "stale"  # sent at an older move number, or another server wrote first: look again
CLOSED = "closed"  # the table was closed without a result
OVER = "over"  # the game is over: no more moves
BOT_SEAT = "bot_seat"  # the seat is played by a bot
NOT_OVER = "not_over"  # the record or replay is served once the game is over
CHAT_FULL = "chat_full"  # the table's chat, or this seat's share of it, is full
NOT_OWNER = "not_owner"  # another server plays this table's bots now
HINTS_OFF = "hints_off"  # hints are for practice tables (every other seat a bot)
NO_REMATCH = "no_rematch"  # no rematch was started at this table, or its codes are gone
FORFEITED = "forfeited"  # the seat's time ran out at a forfeit table: a bot plays it to the end
NOT_TIMED_OUT = "not_timed_out"  # a resume for a seat no bot moves for
WEBHOOK_REFUSED = "webhook_refused"  # a webhook URL that is not public http(s)
PLAYER_NEEDED = "player_needed"  # a rated table's seat is taken with a player key only
SIGNED_OUT = "signed_out"  # a player key its player signed out from their list of devices
# (several servers, ownership.py) the table is changing servers, or its server cannot be
# reached: 503 with Retry-After
MOVING = "moving"

CODES = (
    ILLEGAL,
    NOT_YOUR_TURN,
    STALE,
    CLOSED,
    OVER,
    BOT_SEAT,
    NOT_OVER,
    CHAT_FULL,
    NOT_OWNER,
    HINTS_OFF,
    NO_REMATCH,
    FORFEITED,
    NOT_TIMED_OUT,
    WEBHOOK_REFUSED,
    PLAYER_NEEDED,
    MOVING,
    SIGNED_OUT,
)


def status_code(status: int) -> str:
    return STATUS_CODES.get(status, "error")


def error_json(status: int, error: str, clause: str = "", code: str | None = None) -> dict:
    return {"error": error, "code": code or status_code(status), "clause": clause}


class ApiError(Exception):
    """A refused request: the HTTP status, a sentence saying what was wrong and what is
    allowed, the code a program tests, and the rule's clause id when the rules refused it."""

    def __init__(self, status: int, error: str, clause: str = "", code: str | None = None) -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.clause = clause
        self.code = code or status_code(status)

    def to_json(self) -> dict:
        return error_json(self.status, self.error, self.clause, self.code)
