"""`famiglia serve`: the game server, for tables played from browsers and scripts.

A plain typer command function; cli/__init__.py registers it with `app.command("serve")`. The server's
libraries (the `server` extra) are imported only when it runs.
"""

from __future__ import annotations

import gc
import signal
import threading
import webbrowser
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

SAFETY = "Limits and safety"


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on (0: any free one).")] = 8000,
    db: Annotated[
        str,
        typer.Option(
            help="Database: a file name, sqlite:///path.db, or "
            "postgresql://user:password@host/database.",
        ),
    ] = "famiglia.db",
    no_browser: Annotated[
        bool, typer.Option("--no-browser", help="Do not open the lobby in a browser.")
    ] = False,
    public_url: Annotated[
        str | None,
        typer.Option(
            help="The address players reach the server at (https://games.example), put in "
            "links; its host name is allowed.",
            rich_help_panel=SAFETY,
        ),
    ] = None,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            help="A host name the server answers to (repeat for more); by default the address "
            "it listens on (any IP address with --host 0.0.0.0), localhost on loopback, and "
            "--public-url's host.",
            rich_help_panel=SAFETY,
        ),
    ] = None,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            help="A reverse proxy's address or network (repeat for more): its X-Forwarded-For "
            "names the client, for the limits per client.",
            rich_help_panel=SAFETY,
        ),
    ] = None,
    max_tables: Annotated[
        int, typer.Option(min=1, help="Running tables at once.", rich_help_panel=SAFETY)
    ] = 2_000,
    tables_per_minute: Annotated[
        float,
        typer.Option(min=0.1, help="Tables one client may make a minute.", rich_help_panel=SAFETY),
    ] = 10,
    server_tables_per_minute: Annotated[
        float,
        typer.Option(
            min=0.1,
            help="Tables this server makes a minute, every client together.",
            rich_help_panel=SAFETY,
        ),
    ] = 300,
    tables_per_client: Annotated[
        int,
        typer.Option(min=1, help="Running tables one client may have.", rich_help_panel=SAFETY),
    ] = 20,
    idle_hours: Annotated[
        float,
        typer.Option(
            min=0.01,
            help="A table where nobody claimed a seat or moved for this long is closed.",
            rich_help_panel=SAFETY,
        ),
    ] = 24.0,
    finished_listed_minutes: Annotated[
        float,
        typer.Option(
            min=0,
            help="A finished table stays in the lobby this long (then only at its address).",
            rich_help_panel=SAFETY,
        ),
    ] = 30.0,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Processes for bot searches (default: one per core).",
            rich_help_panel=SAFETY,
        ),
    ] = None,
    bot_seconds: Annotated[
        float,
        typer.Option(
            min=0.05,
            max=60,
            help="Seconds (wall clock, from the bot's turn, its wait for a worker included) a "
            "bot's decision may take: a search ends there; a bot still thinking half a second "
            "later is cut and a random move played.",
            rich_help_panel=SAFETY,
        ),
    ] = 2.0,
    chat_lines: Annotated[
        int, typer.Option(min=1, help="Lines of one table's chat.", rich_help_panel=SAFETY)
    ] = 1_000,
    chat_bytes: Annotated[
        int, typer.Option(min=500, help="Bytes of one table's chat.", rich_help_panel=SAFETY)
    ] = 100_000,
    max_head: Annotated[
        int,
        typer.Option(
            min=1024, help="Bytes of a request line and its headers.", rich_help_panel=SAFETY
        ),
    ] = 16 * 1024,
    max_body: Annotated[
        int, typer.Option(min=1024, help="Bytes of a request body.", rich_help_panel=SAFETY)
    ] = 64 * 1024,
    unload_minutes: Annotated[
        float,
        typer.Option(
            min=0.1,
            help="A table nobody looked at for this long, waiting on a person, leaves memory "
            "(rebuilt from the database when asked for).",
            rich_help_panel=SAFETY,
        ),
    ] = 30.0,
    webhook_timeout: Annotated[
        float,
        typer.Option(
            min=0.5,
            max=30,
            help="Seconds one webhook delivery may take (then up to 3 retries).",
            rich_help_panel=SAFETY,
        ),
    ] = 5.0,
    webhook_ca_file: Annotated[
        Path | None,
        typer.Option(
            exists=True,
            dir_okay=False,
            readable=True,
            help="A CA bundle (PEM) that https webhook receivers' certificates are checked "
            "against instead of the system's (a private CA).",
            rich_help_panel=SAFETY,
        ),
    ] = None,
    internal_url: Annotated[
        str | None,
        typer.Option(
            help="Several servers on PostgreSQL: the address the other servers reach this one "
            "at (http://10.0.0.5:8001); by default the address it listens on.",
        ),
    ] = None,
    peer_secret: Annotated[
        str | None,
        typer.Option(
            envvar="FAMIGLIA_PEER_SECRET",
            help="Several servers on PostgreSQL: a secret shared by all of them, so that a "
            "request one forwards to another keeps its client's address (for the limits).",
            rich_help_panel=SAFETY,
        ),
    ] = None,
) -> None:
    """Serves tables online: each player at their own screen, bots server-side, spectators.

    Every limit below is per server; docs/server.md ("Security") says what each defends."""
    err = Console(stderr=True, soft_wrap=True)

    def fail(message: str):
        err.print(f"[red]error:[/red] {message}", highlight=False)
        raise typer.Exit(2)

    try:
        import uvicorn

        from famiglia.server import Settings, create_app
        from famiglia.server.limited_http import limited
        from famiglia.server.security import hide_tokens_in_logs, hosts_for, networks
        from famiglia.server.storage import Storage, shown_url
    except ImportError as exc:
        fail(
            f"famiglia serve needs the server extra ({exc.name} is missing): "
            "pip install 'famiglia[server]'"
        )
    if not 0 <= port <= 65535:
        fail(f"--port must be between 0 and 65535, not {port}")
    if public_url is not None and not public_url.startswith(("http://", "https://")):
        fail(f"--public-url must begin with http:// or https://, not {public_url!r}")
    try:
        proxies = networks(trusted_proxy or ())
    except ValueError as exc:
        fail(f"--trusted-proxy: {exc}")
    settings = Settings(
        db=db,
        public_url=public_url,
        # the other servers reach this one at --internal-url: its host is answered to
        hosts=hosts_for(host, public_url, [*(allowed_host or ()), *internal_hosts(internal_url)]),
        trusted_proxies=proxies,
        max_tables=max_tables,
        tables_per_minute=tables_per_minute,
        server_tables_per_minute=server_tables_per_minute,
        tables_per_client=tables_per_client,
        idle_hours=idle_hours,
        finished_listed_minutes=finished_listed_minutes,
        bot_seconds=bot_seconds,
        chat_lines=chat_lines,
        chat_bytes=chat_bytes,
        max_head=max_head,
        max_body=max_body,
        unload_minutes=unload_minutes,
        webhook_timeout=webhook_timeout,
        webhook_ca_file=str(webhook_ca_file) if webhook_ca_file else None,
    )
    if bot_workers:
        settings.bot_workers = bot_workers
    settings.warm_bots = True  # the first bot turn should not wait for its worker to start
    if internal_url is not None and not internal_url.startswith(("http://", "https://")):
        fail(f"--internal-url must begin with http:// or https://, not {internal_url!r}")
    settings.internal_url = internal_url.rstrip("/") if internal_url else None
    settings.peer_secret = peer_secret or None
    try:
        storage = Storage(db)
    except Exception as exc:
        fail(f"--db: {exc}")
    try:
        storage.migrate()  # a database that cannot be reached fails here, clearly
    except Exception as exc:
        fail(f"cannot open the database {shown_url(storage.url)}: {str(exc).splitlines()[0]}")
    finally:
        storage.engine.dispose()

    def started(url: str) -> None:
        if settings.internal_url is None:  # the others reach us where we listen
            settings.internal_url = url.rstrip("/")
        print(
            f"famiglia serve: tables at {url} (database {shown_url(storage.url)}); Ctrl-C stops",
            flush=True,
        )
        if not no_browser:
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()

    hide_tokens_in_logs()
    config = uvicorn.Config(
        create_app(settings),
        host=host,
        port=port,
        http=limited(max_head),
        h11_max_incomplete_event_size=max_head,
        ws_max_size=64 * 1024,
        # Compressing every payload costs more processor time than a table's bandwidth is worth.
        ws_per_message_deflate=False,
        access_log=False,  # addresses carry tokens; none is ever written down
        log_level="warning",
        timeout_graceful_shutdown=5,
    )
    Server(config, started).run()


class Server:
    """uvicorn's server, announcing the address it really listens on once it is up."""

    def __init__(self, config, on_started, farewell: str = "every table is saved") -> None:
        import uvicorn

        class Announcing(uvicorn.Server):
            async def startup(self, sockets=None):
                await super().startup(sockets)
                calm_collector()
                if self.started:
                    host, port = self.servers[0].sockets[0].getsockname()[:2]
                    host = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)  # all addresses
                    shown = f"[{host}]" if ":" in host else host
                    on_started(f"http://{shown}:{port}/")

        self.server = Announcing(config)
        self.farewell = farewell

    def run(self) -> None:
        """Serves until Ctrl-C or SIGTERM, then stops cleanly: uvicorn closes the connections
        and the app lets the database writer finish; then the signal is passed on, to us."""
        previous = signal.signal(signal.SIGTERM, _stop)
        try:
            self.server.run()
        except (Stopped, KeyboardInterrupt):
            pass
        finally:
            signal.signal(signal.SIGTERM, previous)
        print(f"famiglia serve: stopped; {self.farewell}", flush=True)


def calm_collector() -> None:
    """Keeps the garbage collector's full passes out of the players' way.

    A full pass walks every live object; with a few hundred tables in memory it stops the
    server for a tenth of a second or more, and the moves waiting meanwhile are the slowest
    (bench_server's p99). So what is alive once the server is up (code, rebuilt tables) is left
    out of every pass (`gc.freeze`), and full passes come a hundred times more rarely; the young
    generations, which free most cycles, still run as often as by default.
    """
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 1000)


class Stopped(Exception):
    pass


def _stop(signum, frame):
    raise Stopped


def internal_hosts(internal_url: str | None) -> list[str]:
    from urllib.parse import urlsplit

    host = urlsplit(internal_url).hostname if internal_url else None
    return [host] if host else []
