"""Request and response bodies of the JSON API (docs/server.md), validated by pydantic.

Requests are strict (no unknown fields, no "4" for 4, sizes bounded); responses are documented
here for the OpenAPI schema but built as plain dicts, since a table's view is game-shaped.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, field_validator

MAX_TEXT = 500  # a move typed as text, a chat line


# Characters that change how text around them shows: control codes, and the bidirectional
# overrides and isolates, with which a name could show other than it is written.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def unprintable(text: str) -> bool:
    """True when `text` holds a control character (line breaks and tabs aside) or a bidi
    override: names and chat lines may not."""
    return any((ord(c) < 32 and c not in "\n\t") or c == "\x7f" or c in _BIDI for c in text)


def _printable(value: str | None, what: str) -> str | None:
    if value is not None and unprintable(value):
        raise ValueError(f"{what} may not hold control characters or direction overrides")
    return value


NAME_MAX = 24  # a player's name, in characters

# Words the page uses for seats other than a player's own name: a name may not pass for them.
_TAKEN = re.compile(r"(?i)^(you|me|nobody|spectator|(seat|player)\s*\d*|.*\bbots?)$")


def player_name(value: str | None) -> str | None:
    """A player's name, trimmed, with runs of spaces made one; ValueError naming what is
    allowed. None stays None (no name)."""
    if value is None:
        return None
    text = re.sub(r" {2,}", " ", value.strip())
    allowed = (
        f"a name is 1 to {NAME_MAX} printable characters (letters, digits, punctuation, "
        "symbols, single spaces)"
    )
    if not text or len(text) > NAME_MAX:
        raise ValueError(f"{allowed}; this one has {len(text)} after trimming")
    if any(unicodedata.category(c)[0] in "CZ" and c != " " for c in text) or unprintable(text):
        raise ValueError(f"{allowed}: no control, format, line-break or direction characters")
    if _TAKEN.match(text):
        raise ValueError(
            f"{text!r} cannot be a name: the page calls other seats 'you', 'seat N' and "
            "'... bot'; choose another"
        )
    return text


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    kind: StrictStr = Field(max_length=200, description='"human", "open" or a bot spec')
    name: StrictStr | None = Field(
        None, max_length=200, description=f"a human seat's player's name (1-{NAME_MAX} characters)"
    )

    @field_validator("name")
    @classmethod
    def _name(cls, value):
        return player_name(value)


class NewTable(Strict):
    game: StrictStr = Field(max_length=40, description="the-mob, cash-n-guns, ...")
    players: StrictInt = Field(ge=1, le=20)
    options: dict[StrictStr, StrictBool | StrictInt | StrictStr] = Field(
        default_factory=dict, max_length=20
    )
    seats: list[StrictStr | SeatSpec] = Field(
        min_length=1,
        max_length=20,
        description='one per player: "human" (an invited player, or the creator), "open" (anyone '
        'in the lobby may join it) or a bot spec; or {"kind": "human", "name": "Ann"}',
    )
    creator_seat: StrictInt | None = Field(
        None,
        ge=0,
        le=19,
        description="the seat the creator takes (left out: the first human seat; null: none)",
    )
    seed: StrictInt | None = Field(
        None, ge=0, lt=2**63, description="whoever knows it can foresee every card: tests only"
    )
    name: StrictStr | None = Field(None, max_length=80)
    clock: dict[StrictStr, StrictStr | StrictInt] | None = Field(
        None,
        max_length=5,
        description='the time control (clocks.py): absent or {"mode": "none"}; {"mode": '
        '"realtime", "bank": S, "per_move": S, "on_timeout": "bot:LEVEL" | "forfeit"}; '
        '{"mode": "slow", "per_move": S, "on_timeout": ...}',
    )
    rated: StrictBool = Field(
        False,
        description="ratings change when it ends; every human seat must be taken with a player "
        "key (X-Player), and hints are off",
    )

    @field_validator("name")
    @classmethod
    def _name(cls, value):
        return _printable(value, "a table's name")


WEBHOOK_FIELD = Field(
    None,
    max_length=500,
    description="an http(s) URL the server POSTs to when it is this seat's turn (slow tables, "
    "or real time while the player is away); public addresses only",
)


class Join(Strict):
    seat: StrictInt | None = Field(None, ge=0, le=100)
    name: StrictStr | None = Field(None, max_length=200, description="the player's name")
    webhook: StrictStr | None = WEBHOOK_FIELD

    @field_validator("name")
    @classmethod
    def _name(cls, value):
        return player_name(value)


class Claim(Strict):
    claim: StrictStr = Field(min_length=1, max_length=100, description="the invite link's code")
    name: StrictStr | None = Field(
        None, max_length=200, description="the player's name (else the one the creator gave)"
    )
    webhook: StrictStr | None = WEBHOOK_FIELD

    @field_validator("name")
    @classmethod
    def _name(cls, value):
        return player_name(value)


class Move(Strict):
    action: dict[str, Any] | None = Field(None, description="the action's JSON, from `legal`")
    text: StrictStr | None = Field(None, max_length=MAX_TEXT, description="or its phrase")
    n: StrictInt = Field(ge=0, description="moves played, as last seen: a stale n gets 409")


class SeatChange(Strict):
    kind: StrictStr = Field(
        max_length=200,
        description='"human" (a new invite link; the old one and the seat\'s token stop '
        'working), "open" (to the lobby) or a bot spec',
    )


class RematchRequest(Strict):
    """POST /api/tables/{id}/rematch (server/rematch.py)."""

    seating: Literal["same", "swap", "shuffle"] = Field(
        "same",
        description='"same" seats, "swap" (two players swap; more move one seat on) or '
        '"shuffle" (a random order)',
    )


# ----- players (players.py) ------------------------------------------------------------------
class NewPlayer(Strict):
    name: StrictStr | None = Field(None, max_length=200, description="the name others see")

    @field_validator("name")
    @classmethod
    def _name(cls, value):
        return player_name(value)


class PlayerChange(Strict):
    name: StrictStr | None = Field(max_length=200, description="a new name, or null for none")

    @field_validator("name")
    @classmethod
    def _name(cls, value):
        return player_name(value)


class Password(Strict):
    password: StrictStr = Field(min_length=8, max_length=200)


class Login(Strict):
    name: StrictStr = Field(min_length=1, max_length=200)
    password: StrictStr = Field(min_length=1, max_length=200)


class Transfer(Strict):
    code: StrictStr = Field(min_length=1, max_length=100, description="the transfer link's code")


class PlayerOut(BaseModel):
    id: str = Field(description="public: shown on pages and leaderboards; not the key")
    name: str | None
    password: bool = Field(description="the player has a password account")


class PlayerKey(PlayerOut):
    key: str = Field(description="the player key: kept by this browser only, sent as Bearer")


# ----- responses (for the schema) -------------------------------------------------------------
class Error(BaseModel):
    error: str
    code: str = Field(description="what went wrong, for a program to test (docs/server.md)")
    clause: str = ""


class BotQueue(BaseModel):
    waiting: int = Field(description="bot decisions waiting for a worker")
    oldest_wait: float = Field(description="seconds the longest-waiting decision has waited")
    thinking: int
    workers: int
    decisions: int
    cut: int = Field(description="decisions cut short at their processor-time limit")


class Health(BaseModel):
    ok: bool
    tables: int
    bots: BotQueue


class SeatOut(BaseModel):
    seat: int
    kind: str
    token: str | None = Field(None, description="the creator's own seat only")
    claim: str | None = Field(None, description="an invited seat's one-time claim code")
    url: str | None = Field(None, description="the invite link (the claim code after #claim=)")
    open: bool | None = Field(None, description="open to the lobby: anyone may join it")
    name: str | None = Field(None, description="the name given for a human seat")


class Created(BaseModel):
    id: str
    seats: list[SeatOut]
    url: str
    creator_seat: int | None
    creator_key: str = Field(description="lets the creator change seats and start a rematch")
    rated: bool = False


class Joined(BaseModel):
    seat: int
    token: str
    name: str | None = None


class LegalMove(BaseModel):
    text: str
    action: dict[str, Any]


class Payload(BaseModel):
    id: str
    game: str
    seat: int | None
    n: int
    to_act: list[int]
    view: dict[str, Any]
    legal: list[LegalMove]
    events: list[str]
    over: bool
    result: dict[str, Any] | None
    closed: str | None = Field(description="why the table was closed without a result")
    names: list[str | None] = Field(
        description="each seat's name: the player's, a bot's level ('greedy bot'), or null"
    )
    clock: dict[str, Any] | None = Field(
        None,
        description="at a table with a time control: {mode, per_move, bank?, on_timeout, "
        "started, seats: [{remaining, running, timed_out, forfeit}], notices: [{at, seat, kind, "
        "level?, bot_moves?}]}",
    )


class SeatInfo(BaseModel):
    seat: int
    kind: str
    free: bool = Field(description="open to the lobby and not taken: anyone may join it")
    invited: bool = Field(description="kept for the player the creator invited")
    present: bool
    name: str | None = Field(description="the player's name, a bot's level, or null")
    thinking: float | None = Field(
        None, description="a bot to act: seconds since its turn began (server time)"
    )
    # the seat's clock, at a table with one (clocks.py); left out without a clock
    remaining: float | None = Field(None, description="seconds left on the seat's clock")
    running: bool | None = Field(None, description="the seat's clock runs now")
    timed_out: bool | None = Field(None, description="its time ran out: a bot moves for it")
    forfeit: bool | None = Field(None, description="it forfeited at its time-out")


class LobbyTable(BaseModel):
    id: str
    name: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    n: int
    over: bool
    seats: list[SeatInfo]
    created: str
    url: str
    rated: bool = Field(False, description="its end changes the players' ratings")
    abandoned: bool = Field(
        False,
        description="running, but every human seat away (or never claimed) for a long while",
    )
    clock: dict[str, Any] | None = Field(
        None, description="the time control: {mode, per_move, bank?, on_timeout}; null: none"
    )


class Record(BaseModel):
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    agents: list[str]
    version: str
    moves: list[list[Any]]
    result: dict[str, Any] | None


# ----- clocks and slow games (clocks.py, unloading.py) ------------------------------------------
class WaitingSeat(Strict):
    table: StrictStr = Field(min_length=1, max_length=32)
    token: StrictStr = Field(min_length=1, max_length=100)


class WaitingAsk(Strict):
    seats: list[WaitingSeat] = Field(
        max_length=50, description="the seats whose tokens the browser holds (at most 50)"
    )
