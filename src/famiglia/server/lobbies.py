"""The lobby among several servers: each lists the tables it holds, and the server asked adds
the others' lists, asked of them over the internal network (forwarding.py's client and
headers) at most once every `LOBBY_SECONDS` for all the requests that come meanwhile, so a
busy lobby costs each other server one request every two seconds, not one per visitor.
"""

from __future__ import annotations

import asyncio
import logging
import time

import httpx

from .forwarding import HOP, base_of, http_client, ownership_of, peer_headers

log = logging.getLogger("famiglia.server")


async def lobby_everywhere(request, own: list[dict], limit: int = 500) -> list[dict]:
    """The lobby of every live server: ours, and the others' as they answered within the last
    `LOBBY_SECONDS` (asked at once, by one request for all that come meanwhile; a server that
    does not answer within two seconds is left out of that answer)."""
    ownership = ownership_of(request.app)
    if ownership is None or HOP in request.headers:
        return own
    base = base_of(request.scope, request.headers, request.app.state.settings)
    cache = lobbies_of(request.app)
    known = cache.get(base)  # by the address asked for: the entries' links are built on it
    if known is None or time.monotonic() - known[0] > LOBBY_SECONDS:
        if len(cache) > 100:  # Hosts are allow-listed; a bound all the same
            cache.clear()
        known = cache[base] = (
            time.monotonic(),
            asyncio.ensure_future(_peer_lobbies(request, base)),
        )
    try:
        found = await asyncio.shield(known[1])
    except Exception as exc:
        log.warning("the other servers' lobbies could not be found: %s", exc)
        cache.pop(base, None)
        return own
    tables = {entry["id"]: entry for entry in own}
    for entry in found:
        tables.setdefault(entry["id"], entry)
    shown = sorted(
        tables.values(), key=lambda e: (not e.get("over"), str(e.get("created"))), reverse=True
    )
    return shown[:limit]


LOBBY_SECONDS = 2.0  # the other servers' lobbies are asked again after this


def lobbies_of(app) -> dict:
    cache = getattr(app.state, "peer_lobbies", None)
    if cache is None:
        cache = app.state.peer_lobbies = {}
    return cache


async def _peer_lobbies(request, base: str) -> list[dict]:
    """Every other live server's lobby entries, asked at once."""
    app = request.app
    headers = peer_headers(app.state.settings, "", base)
    client = http_client(app)

    async def ask(address: str) -> list:
        try:
            reply = await client.get(address + "/api/tables", headers=headers, timeout=2)
            found = reply.json() if reply.status_code == 200 else []
            return found if isinstance(found, list) else []
        except (httpx.HTTPError, ValueError):
            return []

    addresses = await ownership_of(app).peers()
    entries = []
    for found in await asyncio.gather(*(ask(a) for a in addresses)):
        entries += [e for e in found if isinstance(e, dict) and isinstance(e.get("id"), str)]
    return entries
