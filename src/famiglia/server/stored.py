"""What the database holds: its four tables (SQLAlchemy Core) and the shapes a table, a seat
and a change take when read back. storage.py reads and writes them; the migrations build them.

A table row holds the record's header (game, players, seed, options, agents, version), the
creator key's hash, the result once over, and what the limits need (a hash of the creating
client's address, why and when an unused table was closed); its seats, moves and chat lines are
rows of their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
)

from famiglia.core.record import record_header

metadata = MetaData()

game_tables = Table(
    "famiglia_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", JSON, nullable=False),
    Column("agents", JSON, nullable=False),
    Column("version", String(20), nullable=False),
    Column("name", String(80), nullable=False),
    Column("creator_hash", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    # Written in the same transaction as the move that ends the game.
    Column("result", JSON(none_as_null=True), nullable=True),
    Column("finished", Boolean, nullable=False),
    # The server (peers.py: its instance number) that plays the table's bots; None on SQLite.
    Column("owner", BigInteger, nullable=True),
    # Who made the table (a hash of their address), for the limit on open tables per client.
    Column("creator_client", String(64), nullable=True),
    Column("creator_seat", Integer, nullable=True),  # the seat the creator took, if any
    # Closed without a result (nobody claimed a seat or moved for too long): why, and when.
    Column("closed", String(200), nullable=True),
    Column("closed_at", DateTime(timezone=True), nullable=True),
    # Rated (players.md): the end updates the seats' ratings; every human seat is a player's.
    Column("rated", Boolean, nullable=False, server_default=false()),
    Index("ix_famiglia_tables_finished", "finished"),
)

seats = Table(
    "famiglia_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("famiglia_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(200), nullable=False),  # "human" or a bot spec
    Column("token_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False),  # someone holds the token: not free to join
    # The hash of the seat's one-time claim code (its invite link), while nobody has used it.
    Column("claim_hash", String(64), nullable=True),
    # Opened to the lobby by the creator: anyone may join it (else it waits for its invitee).
    Column("open", Boolean, nullable=False, server_default=false()),
    # The name its player gave (a human seat), shown to everyone at the table; None: none given.
    Column("name", String(24), nullable=True),
    # The player (famiglia_players.id, public) who holds the seat, when they came with their key.
    Column("player_id", String(16), nullable=True, index=True),
)

moves = Table(
    "famiglia_moves",
    metadata,
    Column("table_id", String(32), ForeignKey("famiglia_tables.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", JSON, nullable=False),
    Column("played_at", DateTime(timezone=True), nullable=False),
    # The server (peers.py: its instance number) that stored the move; None on SQLite.
    Column("server", BigInteger, nullable=True),
)

chat = Table(
    "famiglia_chat",
    metadata,
    Column("table_id", String(32), ForeignKey("famiglia_tables.id"), primary_key=True),
    Column("k", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("recipients", JSON(none_as_null=True), nullable=True),  # None: the whole table
    Column("text", Text, nullable=False),
    Column("said_at", DateTime(timezone=True), nullable=False),
)


# ----- players and ratings (players.py, ratings.py) -----------------------------------------------
players = Table(
    "famiglia_players",
    metadata,
    Column("id", String(16), primary_key=True),  # public: in page addresses and leaderboards
    Column("name", String(24), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    # An optional password account: the name it logs in with (case-folded), argon2's hash.
    Column("login", String(24), nullable=True, index=True),
    Column("password_hash", String(200), nullable=True),
    # The one-time transfer link's code (hashed) and until when it works.
    Column("transfer_hash", String(64), nullable=True, unique=True),
    Column("transfer_until", DateTime(timezone=True), nullable=True),
)

# One key per device (the first visit, each transfer link and each login make one), hashed.
player_keys = Table(
    "famiglia_player_keys",
    metadata,
    Column("key_hash", String(64), primary_key=True),
    Column("player_id", String(16), ForeignKey("famiglia_players.id"), nullable=False, index=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# A rater is a player's id, or "bot:LEVEL" / "bot:SPEC" for a bot.
ratings = Table(
    "famiglia_ratings",
    metadata,
    Column("game", String(40), primary_key=True),
    Column("rater", String(220), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

# One row per rater and rated table: the rating after it. Its key is the guard that a table
# is rated once, even by two servers at once.
rating_history = Table(
    "famiglia_rating_history",
    metadata,
    Column("table_id", String(32), ForeignKey("famiglia_tables.id"), primary_key=True),
    Column("rater", String(220), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("place", Integer, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("rated_at", DateTime(timezone=True), nullable=False),
    Index("ix_famiglia_rating_history_rater", "rater", "game"),
)

# Several servers on one PostgreSQL (ownership.py): each server's row, renewed every sweep while
# it lives (who lives is still told by pg_locks; a row of a dead server is left behind, unread).
servers = Table(
    "famiglia_servers",
    metadata,
    Column("instance", BigInteger, primary_key=True),
    Column("address", String(200), nullable=True),  # where the others reach it (http://host:port)
    Column("tables", Integer, nullable=False),  # tables it holds in memory
    Column("queue", Integer, nullable=False),  # bot decisions waiting for a worker
    Column("renewed", DateTime(timezone=True), nullable=False),
)


@dataclass
class StoredSeat:
    """A seat: a bot (kind is its spec) or a human seat. A human seat is waiting for its invitee
    (claim_hash set), open to anyone in the lobby (open), or claimed (token_hash set)."""

    kind: str
    token_hash: str | None
    claimed: bool
    claim_hash: str | None = None
    open: bool = False
    name: str | None = None  # the player's name (a human seat), public
    player_id: str | None = None  # the player holding it (public id, never the key)


@dataclass
class StoredTable:
    id: str
    game: str
    players: int
    seed: int
    options: dict
    agents: list
    version: str
    name: str
    creator_hash: str
    created_at: datetime
    seats: list[StoredSeat]
    result: dict | None = None
    moves: list = field(default_factory=list)  # [seat, action_json] in order
    chat: list = field(default_factory=list)  # {k, seat, to, text, at}
    owner: int | None = None
    creator_client: str | None = None
    creator_seat: int | None = None
    closed: str | None = None
    last_move_at: datetime | None = None
    clock: dict | None = None  # the clocks' state (clocks.TableClock.to_json); None: no clock
    webhooks: dict = field(default_factory=dict)  # seat -> (webhook URL (secret), table's page)
    rated: bool = False

    def header(self) -> dict:
        """The record's header (core.record.record_header), as the table was made."""
        return record_header(
            self.game, self.players, self.seed, self.options, self.agents, self.version
        )

    def record(self) -> dict:
        """The table's game record: header, the moves stored, the result once over."""
        return {**self.header(), "moves": self.moves, "result": self.result}


@dataclass
class Changes:
    """What a table gained in the database since a server last read it (another server wrote)."""

    owner: int | None
    seats: list[StoredSeat]
    moves: list  # [seat, action_json] from the move asked for on
    chat: list  # lines from the one asked for on
    closed: str | None = None


# ----- clocks and webhooks (server/clocks.py, server/webhooks.py; migration 0006) ---------------
# A table's time control and its clocks' state (clocks.TableClock.to_json), written in the same
# transaction as the move that changed it, or on its own at a time-out, a resume or the start.
clocks = Table(
    "famiglia_clocks",
    metadata,
    Column("table_id", String(32), ForeignKey("famiglia_tables.id"), primary_key=True),
    Column("state", JSON, nullable=False),
    # The first running clock's zero (epoch seconds), so a table unloaded from memory is still
    # timed out on time; None: no clock runs.
    Column("deadline", Float, nullable=True),
)

# A seat's webhook: the URL its player gave when claiming or joining (a secret of that player:
# never shown to anyone, dropped when the seat is handed on).
webhooks = Table(
    "famiglia_webhooks",
    metadata,
    Column("table_id", String(32), ForeignKey("famiglia_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("url", String(500), nullable=False),
    Column("page", String(300), nullable=False),  # the table's address, put in the message
)


# ----- devices, rematch seats, pending webhooks (players.py, rematch.py, webhooks.py; 0008) ----
# A device's key (player_keys above) also has a public id (listed to its own player, who signs
# it out by it), when it was last used, and when it was signed out (the key is then refused).
player_keys.append_column(Column("id", String(16), nullable=True, unique=True, index=True))
player_keys.append_column(Column("last_seen", DateTime(timezone=True), nullable=True))
player_keys.append_column(Column("revoked_at", DateTime(timezone=True), nullable=True))

# A finished table's rematch (one per table): the new table and how it was seated.
rematches = Table(
    "famiglia_rematches",
    metadata,
    Column("table_id", String(32), ForeignKey("famiglia_tables.id"), primary_key=True),
    Column("new_table_id", String(32), ForeignKey("famiglia_tables.id"), nullable=False),
    Column("seating", String(10), nullable=False),
    Column("seat_order", JSON, nullable=False),  # [new seat of old seat 0, of old seat 1, ...]
    Column("names", JSON, nullable=False),
    Column("made_at", DateTime(timezone=True), nullable=False),
)

# Each player's seat at a rematch: the new seat, the old seat whose token fetches its code, the
# player (if the old seat had one) whose own page lists it. The code itself is never kept: the
# new seat's row holds its hash, and a new code is made whenever its player asks for it.
rematch_seats = Table(
    "famiglia_rematch_seats",
    metadata,
    Column("new_table_id", String(32), ForeignKey("famiglia_tables.id"), primary_key=True),
    Column("new_seat", Integer, primary_key=True),
    Column("table_id", String(32), ForeignKey("famiglia_tables.id"), nullable=False),
    Column("old_seat", Integer, nullable=True),  # None: invited, never claimed (the creator's)
    Column("player_id", String(16), nullable=True, index=True),
)

# A webhook call not yet made: kept until delivered or given up, so a restart loses none. A
# server takes a row (taken_by, until taken_until) with one UPDATE ... WHERE before calling, so
# two servers never both call it.
webhook_deliveries = Table(
    "famiglia_webhook_deliveries",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("url", String(500), nullable=False),
    Column("message", JSON, nullable=False),
    Column("attempt", Integer, nullable=False),  # attempts made so far
    Column("next_try", Float, nullable=False, index=True),  # epoch seconds
    Column("taken_by", String(32), nullable=True),
    Column("taken_until", Float, nullable=True),
)
