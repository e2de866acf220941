"""A seat's webhook: when it becomes that seat's turn at a slow table (or at a real-time table
while its player is away), the server POSTs a small JSON message to the URL its player gave
(Discord- and Slack-style incoming webhooks read `content` and `text`).

The attacker's look: the URL is chosen by whoever holds a seat, so it must never make the server
reach what only it can reach. Only http(s); the host is resolved and every address must be a
public one (no private, loopback, link-local, multicast, reserved or unspecified address), at
claim time and again before each delivery, and the request goes to the checked address itself
(the Host header and TLS name kept), so a DNS answer that changes in between reaches nothing;
redirects are never followed. One attempt lasts at most `webhook_timeout` seconds, failures are
retried 3 times with backoff, and delivery runs in its own task: a table never waits for it.
The message holds no secret: the table, the game, the seat and the table's address. A call not
yet made is kept in the database (webhook_queue.py), so a restart does not lose it.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
from urllib.parse import urlsplit, urlunsplit

import httpx
from sqlalchemy import delete

from .errors import WEBHOOK_REFUSED, ApiError
from .storage import StorageError
from .stored import webhook_deliveries, webhooks
from .webhook_queue import Deliveries

log = logging.getLogger("famiglia.server")

RETRY_DELAYS = (1.0, 4.0, 16.0)  # seconds before each retry
MAX_TASKS = 500  # deliveries under way at once; beyond, new ones are dropped (logged)


class Refused(ValueError):
    """A webhook URL the server will not call: the reason says what is allowed."""


def split(url: str) -> tuple[str, str, int]:
    """(scheme, host, port) of an http(s) URL without credentials; Refused otherwise."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as exc:
        raise Refused(f"not a URL: {exc}") from exc
    if parts.scheme not in ("http", "https"):
        raise Refused("a webhook is an http:// or https:// URL")
    if not parts.hostname:
        raise Refused("a webhook URL names a host")
    if parts.username or parts.password:
        raise Refused("a webhook URL may not hold a user name or password")
    return parts.scheme, parts.hostname, port or (443 if parts.scheme == "https" else 80)


def allowed_address(address: str, loopback: bool) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    if loopback and ip.is_loopback:
        return True
    return ip.is_global and not (
        ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_multicast
        or ip.is_reserved
        or ip.is_unspecified
    )


async def resolve(url: str, loopback: bool = False) -> tuple[str, str, int, str]:
    """(scheme, host, port, address): the URL checked and its host resolved to an address the
    server may call; Refused saying why not."""
    scheme, host, port = split(url)
    try:
        found = await asyncio.to_thread(socket.getaddrinfo, host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise Refused(f"the host {host!r} does not resolve") from exc
    addresses = [info[4][0] for info in found]
    if not addresses or not all(allowed_address(a, loopback) for a in addresses):
        raise Refused(
            f"the host {host!r} is not a public address (private, loopback, link-local, "
            "multicast and reserved addresses are refused)"
        )
    return scheme, host, port, addresses[0]


async def check(url: str | None, settings) -> str | None:
    """At claim or join: the URL as given, or a 400 saying what is allowed."""
    if url is None:
        return None
    try:
        await resolve(url, settings.webhook_loopback)
    except Refused as exc:
        raise ApiError(400, f"webhook refused: {exc}", code=WEBHOOK_REFUSED) from exc
    return url.strip()


async def store(hub, table, seat: int, url: str | None, page: str) -> None:
    """The seat's webhook (None: none, as when the seat is handed on), stored then kept."""

    def op(conn):
        conn.execute(
            delete(webhooks).where(webhooks.c.table_id == table.id, webhooks.c.seat == seat)
        )
        # calls not yet made go to the seat's old player no more (their URL, their turn gone)
        conn.execute(
            delete(webhook_deliveries).where(
                webhook_deliveries.c.table_id == table.id, webhook_deliveries.c.seat == seat
            )
        )
        if url is not None:
            conn.execute(webhooks.insert().values(table_id=table.id, seat=seat, url=url, page=page))

    if url is None and seat not in table.webhooks:
        return
    try:
        await hub.storage._write(op)
    except StorageError as exc:
        raise ApiError(503, "the database could not save the webhook now; try again") from exc
    if url is None:
        table.webhooks.pop(seat, None)
    else:
        table.webhooks[seat] = (url, page)


class Notifier:
    """Calls the seats' webhooks when their turn comes (through the stored queue, given a
    storage; else in memory)."""

    def __init__(self, settings, storage=None) -> None:
        self.settings = settings
        self.told: dict[str, set] = {}  # table -> the seats to act last time it changed
        self.tasks: set[asyncio.Task] = set()
        self.queue = None
        if storage is not None:
            self.queue = Deliveries(
                storage, self.attempt, lambda: RETRY_DELAYS, MAX_TASKS, settings.webhook_timeout
            )

    def begin(self) -> None:
        """Starts making the stored calls (those a stopped server left first)."""
        if self.queue is not None:
            self.queue.begin()

    def changed(self, table) -> None:
        """After a change: each seat newly to act, with a webhook, slow table or player away."""
        to_act = set(table.state.seats_to_act()) if table.running else set()
        before = self.told.get(table.id, set())
        self.told[table.id] = to_act
        if not table.running:
            self.told.pop(table.id, None)
        clock = table.clock
        for seat in sorted(to_act - before):
            if seat not in table.webhooks or table.acting_spec(seat) is not None:
                continue
            slow = clock is not None and clock.spec.mode == "slow"
            away = clock is not None and clock.spec.mode == "realtime" and not table.present(seat)
            if slow or away:
                self.send(table, seat)

    def send(self, table, seat: int) -> None:
        if len(self.tasks) >= MAX_TASKS:
            log.warning("webhook of table %s seat %d dropped: too many under way", table.id, seat)
            return
        url, page = table.webhooks[seat]
        text = f"Your move at {table.name} ({table.game.title}), seat {seat}: {page}"
        message = {
            "content": text,
            "text": text,
            "table": table.id,
            "game": table.game.name,
            "seat": seat,
            "url": page,
        }
        if self.queue is not None:
            work = self._store(table.id, seat, url, message)
        else:
            work = self.deliver(url, message)
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _store(self, table_id: str, seat: int, url: str, message: dict) -> None:
        try:
            await self.queue.add(table_id, seat, url, message)
        except StorageError as exc:  # not kept: tried once from memory all the same
            log.warning("webhook of table %s seat %d not stored: %s", table_id, seat, exc)
            await self.deliver(url, message)

    async def deliver(self, url: str, message: dict) -> bool:
        """POSTs the message; retried on a network fault, a 5xx or a 429; True once delivered."""
        for attempt in range(len(RETRY_DELAYS) + 1):
            if attempt:
                await asyncio.sleep(RETRY_DELAYS[attempt - 1])
            outcome = await self.attempt(url, message)
            if outcome != "retry":
                return outcome == "done"
        return False

    async def attempt(self, url: str, message: dict) -> str:
        """One call: "done" (2xx), "failed" (refused for good: not sent again) or "retry"."""
        try:
            status = await self._post(url, message)
        except Refused as exc:
            log.warning("webhook not sent: %s", exc)
            return "failed"
        except (httpx.HTTPError, OSError) as exc:  # OSError: the CA file could not be read
            log.info("webhook attempt failed: %s", type(exc).__name__)
            return "retry"
        if 200 <= status < 300:
            return "done"
        if status != 429 and status < 500:  # refused, or a redirect (never followed)
            log.info("webhook answered %d; not sent again", status)
            return "failed"
        return "retry"

    async def _post(self, url: str, message: dict) -> int:
        scheme, host, port, address = await resolve(url, self.settings.webhook_loopback)
        parts = urlsplit(url.strip())
        literal = f"[{address}]" if ":" in address else address
        direct = urlunsplit((scheme, f"{literal}:{port}", parts.path or "/", parts.query, ""))
        default = port == (443 if scheme == "https" else 80)
        headers = {"Host": host if default else f"{host}:{port}", "User-Agent": "famiglia"}
        extensions = {"sni_hostname": host} if scheme == "https" else {}
        timeout = self.settings.webhook_timeout
        async with httpx.AsyncClient(
            timeout=timeout, follow_redirects=False, trust_env=False, verify=self._verify()
        ) as c:
            answer = await c.post(direct, json=message, headers=headers, extensions=extensions)
        return answer.status_code

    def _verify(self):
        """The CAs an https receiver's certificate is checked against: the system's, or the
        bundle the `webhook_ca_file` setting names (a private CA, a test's)."""
        ca_file = getattr(self.settings, "webhook_ca_file", None)
        if not ca_file:
            return True
        import ssl

        return ssl.create_default_context(cafile=ca_file)

    async def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        if self.queue is not None:
            await self.queue.stop()
