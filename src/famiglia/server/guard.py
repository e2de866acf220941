"""The door of the server: what every request and websocket passes before any route sees it.

- The Host must be one this server answers to (a name an attacker points at this machine, DNS
  rebinding, is turned away: its pages could otherwise read ours as same-origin).
- The request line and headers are bounded (uvicorn is bounded too: limited_http.py).
- A state-changing request (POST, PUT, PATCH, DELETE) must be JSON, which a page of another
  site cannot send without asking first, and must not come from another site's page (Origin,
  Sec-Fetch-Site). A websocket must come from this server's pages or from no page at all.
- Every answer carries the security headers: a Content-Security-Policy that runs this server's
  own scripts only and lets no other site frame the page, no MIME sniffing, no Referer.
"""

from __future__ import annotations

import json

from .errors import error_json
from .security import origin_allowed, split_host

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
]
CHANGES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
POLICY = 1008


class Guard:
    def __init__(self, app, settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope, receive, send):
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {}
        size = len(scope.get("raw_path") or scope.get("path", "").encode())
        size += len(scope.get("query_string", b""))
        for name, value in scope.get("headers") or []:
            size += len(name) + len(value) + 4
            headers.setdefault(name.decode("latin-1").lower(), value.decode("latin-1"))
        problem = self.problem(kind, scope, headers, size)
        if problem is None:
            if kind == "http":
                send = with_headers(send)
            return await self.app(scope, receive, send)
        status, text = problem
        if kind == "websocket":
            return await send({"type": "websocket.close", "code": POLICY, "reason": text[:120]})
        body = json.dumps(error_json(status, text)).encode()
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    *HEADERS,
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})

    def problem(self, kind: str, scope, headers: dict, size: int) -> tuple[int, str] | None:
        """(status, sentence) of what is wrong with the request, or None."""
        settings = self.settings
        if size > settings.max_head:
            return 431, f"the request line and headers hold at most {settings.max_head} bytes"
        host = headers.get("host")
        if not settings.hosts.allows(host):
            shown = (split_host(host) or "none")[:60]
            return 421, (
                f"this server does not answer to the host name {shown!r}; "
                "its operator adds names with --allowed-host or --public-url"
            )
        origin = headers.get("origin")
        method = scope.get("method", "GET")
        if kind == "http" and method not in CHANGES:
            return None
        if not origin_allowed(origin, host, settings.allowed_origins, settings.hosts):
            return 403, f"pages of {origin[:80]} may not call this server; use its own pages"
        if headers.get("sec-fetch-site") == "cross-site" and origin not in settings.allowed_origins:
            return 403, "a page of another site may not call this server; use its own pages"
        if kind == "http":
            media = headers.get("content-type", "").split(";")[0].strip().lower()
            if media != "application/json":
                return 415, f"{method} requests carry JSON: send 'Content-Type: application/json'"
        return None


def with_headers(send):
    async def sending(message):
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", []), *HEADERS]}
        await send(message)

    return sending
