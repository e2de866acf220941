"""Secrets, who may call, and keeping secrets out of the logs.

Three kinds of secret, each 192 random bits: a seat's token (it plays the seat and reads its
hand), a claim code (an invite link: used once, it is exchanged for a fresh token), and the
creator key (it changes the table's seats). A plain SHA-256 is enough to store them: nobody can
guess one, and a stolen database gives none back. Every comparison runs in constant time.

Who may call: the Host a request names must be one this server answers to (so that a name an
attacker points at 127.0.0.1, DNS rebinding, reaches nothing), and a browser page may open a
websocket or send a state-changing request only from this server's own pages.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import logging
import re
import secrets
import socket
from urllib.parse import urlsplit

TOKEN_BYTES = 24  # 192 bits


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def token_matches(token: str, stored: str | None) -> bool:
    """True when `token` hashes to `stored`, in constant time (None never matches)."""
    return hmac.compare_digest(hash_token(token), stored or "-" * 64) and stored is not None


def find_seat(token: str, hashes: list[str | None]) -> int | None:
    """The seat whose stored hash `token` matches; every seat is compared, in constant time."""
    digest = hash_token(token)
    found = None
    for seat, stored in enumerate(hashes):
        if hmac.compare_digest(digest, stored or "-" * 64) and stored is not None:
            found = seat
    return found


def bearer(header: str | None) -> str | None:
    """The token of an `Authorization: Bearer TOKEN` header, None when there is none."""
    if not header:
        return None
    scheme, _, token = header.strip().partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else ""


new_claim = new_token  # a claim code is as long and as random as a token


def split_host(host: str | None) -> str | None:
    """The name or address of a Host header, without its port: 'a.example:80' -> 'a.example',
    '[::1]:80' -> '::1'. None when there is none or it cannot be read."""
    if not host:
        return None
    host = host.strip().lower()
    if host.startswith("["):
        name, bracket, _ = host[1:].partition("]")
        return name if bracket else None
    name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    return name or None


def is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class Hosts:
    """The names this server answers to: those given, and, when it listens on every address,
    any IP address typed as such (DNS rebinding needs a name, so an address is safe)."""

    def __init__(self, names=(), any_address: bool = False) -> None:
        self.names = frozenset(n.lower().strip("[]") for n in names if n)
        self.any_address = any_address

    def allows(self, host: str | None) -> bool:
        name = split_host(host)
        if name is None:
            return False
        return name in self.names or (self.any_address and is_address(name))

    def describe(self) -> str:
        shown = sorted(self.names) + (["any IP address"] if self.any_address else [])
        return ", ".join(shown)


LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")


def hosts_for(listen: str, public_url: str | None = None, extra=()) -> Hosts:
    """The default allow-list: the address listened on (with the loopback names when it is a
    loopback one), every IP address and the machine's own names when it listens on all of
    them, plus the public URL's host and any names given."""
    names = [*extra]
    listen = listen.strip("[]").lower()
    any_address = listen in ("0.0.0.0", "::", "")
    if any_address or listen in LOOPBACK_NAMES or listen.startswith("127."):
        names += LOOPBACK_NAMES
    if any_address:  # the machine's own names, as friends on the same network type them
        name = socket.gethostname().lower()
        names += [name, f"{name}.local", socket.getfqdn().lower()]
    names.append(listen)
    if public_url:
        names.append(urlsplit(public_url).hostname or "")
    return Hosts(names, any_address)


def origin_allowed(
    origin: str | None, host: str | None, allowed: tuple = (), hosts: Hosts | None = None
) -> bool:
    """A browser page may call this server only from its own pages (the Origin is the Host it
    asks for, and that Host is one this server answers to), or from an origin named in
    `allowed`; clients that send no Origin (scripts, bots) are not browsers."""
    if origin is None or origin in allowed:
        return True
    netloc = urlsplit(origin).netloc if "://" in origin else ""
    if not netloc or host is None or netloc.lower() != host.lower():
        return False
    return hosts is None or hosts.allows(host)


def networks(texts) -> tuple:
    """Addresses and networks ('10.0.0.1', '10.0.0.0/8'); ValueError naming a bad one."""
    out = []
    for text in texts:
        try:
            out.append(ipaddress.ip_network(text.strip(), strict=False))
        except ValueError as exc:
            raise ValueError(
                f"{text!r} is not an IP address or network (such as 10.0.0.0/8)"
            ) from exc
    return tuple(out)


def _within(address: str, nets: tuple) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in nets)


def client_address(peer: str | None, forwarded: str | None, proxies: tuple = ()) -> str:
    """The client's address: the peer's, or, when the peer is a trusted proxy, the nearest
    address in X-Forwarded-For that is not one (a client can write anything at its far end)."""
    address = peer or "unknown"
    if not forwarded or not _within(address, proxies):
        return address
    for hop in reversed([h.strip() for h in forwarded.split(",") if h.strip()]):
        if not _within(hop, proxies):
            return hop if is_address(hop) else address
    return address


def client_key(address: str) -> str:
    """What is stored of a client's address: a hash (the address itself is not kept)."""
    return hashlib.sha256(f"famiglia-client:{address}".encode()).hexdigest()


_TOKEN_IN_TEXT = re.compile(r"(token=)[^&\s\"']+", re.IGNORECASE)


def redact(text: str) -> str:
    return _TOKEN_IN_TEXT.sub(r"\1[hidden]", text)


class RedactTokens(logging.Filter):
    """Hides `token=...` in log lines (uvicorn logs each websocket's path with its query)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        return True


def hide_tokens_in_logs() -> None:
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
