"""Seat tokens, the websocket's Origin check, and keeping tokens out of the logs.

A token is 192 random bits, so a plain SHA-256 is enough to store it: nobody can guess one,
and a stolen database gives no token back. Every comparison runs in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
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


def origin_allowed(origin: str | None, host: str | None, allowed: tuple = ()) -> bool:
    """A browser page may open a table's websocket only from this server's own pages (the
    Origin's host and port are the Host it asks for), or from an origin named in `allowed`;
    clients that send no Origin (scripts, bots) are not browsers."""
    if origin is None or origin in allowed:
        return True
    netloc = urlsplit(origin).netloc if "://" in origin else ""
    return bool(netloc) and host is not None and netloc.lower() == host.lower()


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
