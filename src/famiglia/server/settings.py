"""Every limit and choice of a server, in one object: `create_app(Settings(...))`;
`famiglia serve --help` sets them, docs/server.md ("Security") says what each defends."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from .bots import SECONDS
from .security import Hosts, hosts_for


@dataclass
class Settings:
    """Every limit of the server; `famiglia serve --help` sets them (docs/server.md)."""

    db: str = "famiglia.db"  # a file name, sqlite:///..., or postgresql://...
    bot_workers: int = field(default_factory=lambda: os.cpu_count() or 1)
    bot_seconds: float = SECONDS  # wall-clock seconds a bot's decision may take, from its turn
    max_body: int = 64 * 1024  # bytes of a request body
    max_frame: int = 64 * 1024  # bytes of a websocket frame from a client
    max_head: int = 16 * 1024  # bytes of a request line and headers (served by uvicorn)
    max_tables: int = 2_000  # running tables at once
    tables_per_minute: float = 10  # tables one client may make a minute
    tables_per_client: int = 20  # running tables one client may have made
    server_tables_per_minute: float = 300  # tables this server makes a minute, all clients
    idle_hours: float = 24.0  # a table nobody claimed a seat at or moved at is closed after it
    finished_listed_minutes: float = 30.0  # a finished table stays in the lobby this long
    # a running table whose every human seat has been away (or never claimed) this long, with
    # no move meanwhile, is listed apart in the lobby as abandoned (until idle_hours close it)
    abandoned_minutes: float = 30.0
    sweep_seconds: float = 60.0  # how often idle tables are looked for
    chat_lines: int = 1_000  # lines of one table's chat
    chat_bytes: int = 100_000  # bytes of one table's chat
    chat_page: int = 50  # lines a new socket gets; older ones on request
    hosts: Hosts = field(default_factory=lambda: hosts_for("127.0.0.1"))  # Host allow-list
    trusted_proxies: tuple = ()  # networks whose X-Forwarded-For names the client
    allowed_origins: tuple = ()  # other origins whose pages may call this server
    public_url: str | None = None  # the address put in links, when not the request's own
    sqlite_synchronous: str = "FULL"  # FULL: each commit flushed to disk before it is answered
    # Clocks, slow games and webhooks (clocks.py, unloading.py, webhooks.py).
    time_source: object = None  # now() in epoch seconds; None: the real time (tests: a fake)
    unload_minutes: float = 30.0  # a table nobody looked at, waiting on a person, leaves memory
    webhook_loopback: bool = False  # webhooks may go to 127.0.0.1 (tests' local receiver only)
    webhook_timeout: float = 5.0  # seconds of one webhook delivery attempt
    webhook_ca_file: str | None = None  # a CA bundle for https webhooks (None: the system's)
    warm_bots: bool = False  # start the bot workers with the server, not at the first bot turn
    # Several servers on one PostgreSQL (ownership.py, forwarding.py): where the others reach
    # this one (None: the address it listens on), and the secret they share, which makes them
    # believe a forwarded request's client address.
    internal_url: str | None = None
    peer_secret: str | None = None
