"""A request for a table another server owns goes to that server, and its answer comes back,
without the client noticing (ownership.py says where each table lives).

- HTTP: `Forwarding`, a middleware inside the Guard and the body limit (so the Host, the Origin
  and the body's size were checked here already), sends `/api/tables/ID...` to the owner's
  internal address with httpx, and a new table (`POST /api/tables`) to the least loaded server.
- WebSocket: `relay` joins the client's socket to one opened on the owner's, frames both ways,
  and closes each when the other closes (with the owner's close code and reason).

A forwarded request says who asked: the client's address (the owner's per-client limits count
it) and the address the client used (for links in answers). The owner believes these headers
only with the shared secret (`--peer-secret`, the same on every server), compared in constant
time; a client sending them gets them ignored. The secret never goes to a client: forwarded
answers carry only the headers listed in `ANSWER_HEADERS`.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import re
import time

import httpx
from starlette.websockets import WebSocketDisconnect, WebSocketState
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from . import errors
from .errors import ApiError, error_json
from .ownership import busy

log = logging.getLogger("famiglia.server")

PEER = "x-famiglia-peer"  # the shared secret: the request comes from another server
CLIENT = "x-famiglia-client"  # the client's address, believed with the secret only
BASE = "x-famiglia-base"  # the address the client asked for (links), believed with the secret
HOP = "x-famiglia-hop"  # already forwarded once: served here, never sent on again
TABLE_PATH = re.compile(r"^/api/tables/([^/]{1,64})(/.*)?$")
DROPPED = {
    "host",
    "origin",
    "content-length",
    "connection",
    "x-forwarded-for",
    PEER,
    CLIENT,
    BASE,
    HOP,
}
ANSWER_HEADERS = ("content-type", "retry-after")
RETRY_SECONDS = 10.0  # how long a request waits for a table's new owner (a takeover, a drain)
TRY_LATER, RESTART = 1013, 1012
GONE = (1005, 1006, 1015)  # closed without a close frame: the other end is gone


def from_peer(settings, headers) -> bool:
    """Whether the request carries the servers' shared secret."""
    secret = settings.peer_secret
    given = headers.get(PEER)
    return bool(secret and given) and hmac.compare_digest(secret.encode(), given.encode())


def peer_headers(settings, client: str, base: str) -> dict:
    headers = {HOP: "1", CLIENT: client, BASE: base}
    if settings.peer_secret:
        headers[PEER] = settings.peer_secret
    return headers


def ownership_of(app):
    hub = getattr(app.state, "hub", None)
    return getattr(getattr(hub, "cluster", None), "ownership", None)


def answer(status: int, text: str, retry_after: int | None = None, code: str | None = None):
    body = json.dumps(error_json(status, text, code=code)).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    if retry_after:
        headers.append((b"retry-after", str(retry_after).encode()))

    async def send_it(send):
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    return send_it


class Forwarding:
    """HTTP requests for another server's tables, and new tables, to the server they belong on."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        ownership = ownership_of(scope["app"]) if scope["type"] == "http" else None
        if ownership is None:
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        if HOP in headers:  # forwarded to us: served here, whatever we think
            return await self.app(scope, receive, send)
        path, method = scope["path"], scope["method"]
        found = TABLE_PATH.match(path)
        try:
            if found:
                address = await ownership.locate(found.group(1))
            elif path == "/api/tables" and method == "POST":
                address = await ownership.place()
            else:
                address = None
        except ApiError as exc:
            return await answer(exc.status, exc.error, getattr(exc, "retry_after", None), exc.code)(
                send
            )
        except Exception as exc:  # the database cannot say: as for any unreadable table
            log.warning("where %s is served could not be read: %s", path, exc)
            return await answer(503, "the database cannot be read now; try again", 1)(send)
        if address is None and not found:
            return await self.app(scope, receive, send)
        body = b""
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        if not found:  # a new table, made on the least loaded server
            await self.forward(scope, send, headers, body, address, None, time.monotonic())
            return
        await self.serve_table(scope, send, headers, body, address, found.group(1))

    async def serve_table(self, scope, send, headers, body, address, table_id) -> None:
        """A table's request served here or by its owner; when the answer says the table
        changed servers meanwhile (a move racing a hand-over or a takeover: nothing was done),
        it is sent again to the new owner, until `RETRY_SECONDS`."""
        deadline = time.monotonic() + RETRY_SECONDS
        ownership = ownership_of(scope["app"])
        while True:
            if address is None:
                held = Held(send)
                await self.app(scope, _replay(body), held)
                if not held.moved:
                    return
                if time.monotonic() > deadline:
                    return await held.release()
            elif not await self.forward(scope, send, headers, body, address, table_id, deadline):
                return
            log.warning(
                "table %s changed servers under a request: it goes to the new owner", table_id
            )
            ownership.forget(table_id)
            while True:
                await asyncio.sleep(0.1)
                try:
                    address = await ownership.locate(table_id)
                    break
                except ApiError as exc:  # still changing servers
                    if time.monotonic() > deadline:
                        retry = getattr(exc, "retry_after", None)
                        return await answer(exc.status, exc.error, retry, exc.code)(send)

    async def forward(self, scope, send, headers, body, address, table_id, deadline) -> bool:
        """Sends the request to `address` and its answer to the client; True (nothing sent to
        the client) when that server no longer has the table and there is time to look again."""
        app = scope["app"]
        settings = app.state.settings
        sent = {k: v for k, v in headers.items() if k not in DROPPED}
        sent.update(
            peer_headers(
                settings,
                client_of_scope(scope, headers, settings),
                base_of(scope, headers, settings),
            )
        )
        target = scope.get("raw_path") or scope["path"].encode()
        query = scope.get("query_string") or b""
        while True:
            url = (
                address
                + target.decode("latin-1")
                + ("?" + query.decode("latin-1") if query else "")
            )
            try:
                reply = await http_client(app).request(
                    scope["method"], url, content=body, headers=sent
                )
                break
            except (httpx.ConnectError, httpx.ConnectTimeout):
                # Nothing was sent: the owner is gone or stopping. Wait for the table's next owner
                # (a takeover, a drain); a new table goes here.
                if table_id is None:
                    await self.app(scope, _replay(body), send)
                    return False
                if time.monotonic() > deadline:
                    error = busy(f"table {table_id}'s server cannot be reached; try again")
                    await answer(503, error.error, error.retry_after, error.code)(send)
                    return False
                return True  # the table's next owner is looked for
            except httpx.HTTPError as exc:  # sent, but no answer: the client looks and retries
                log.warning("a request forwarded to %s got no answer: %s", address, exc)
                await answer(
                    503,
                    "the table's server did not answer; look at the table before trying again",
                    1,
                    "moving",
                )(send)
                return False
        if table_id and time.monotonic() < deadline and moved(reply.status_code, reply.content):
            return True
        out = [(k.encode(), v.encode()) for k, v in reply.headers.items() if k in ANSWER_HEADERS]
        out.append((b"content-length", str(len(reply.content)).encode()))
        await send({"type": "http.response.start", "status": reply.status_code, "headers": out})
        await send({"type": "http.response.body", "body": reply.content})
        return False


# The answers of a server that no longer has the table (it changed servers while the request
# came): nothing was done there, so the request may go again to the new owner.
MOVED = {(409, errors.NOT_OWNER), (503, errors.MOVING)}


def moved(status: int, body: bytes) -> bool:
    if status not in (409, 503):
        return False
    try:
        code = json.loads(body).get("code")
    except (ValueError, AttributeError):
        return False
    return (status, code) in MOVED


class Held:
    """The app's `send` for a table's request served here: a refusal saying the table moved
    away meanwhile is kept back (`moved`), so that the request can go to the new owner;
    every other answer goes to the client as it comes."""

    def __init__(self, send) -> None:
        self.send = send
        self.start: dict | None = None
        self.body = b""
        self.moved = False

    async def __call__(self, message) -> None:
        if message["type"] == "http.response.start" and message["status"] in (409, 503):
            self.start = message  # held until its body says what it is
            return
        if self.start is None or message["type"] != "http.response.body":
            await self.send(message)
            return
        self.body += message.get("body", b"")
        if message.get("more_body"):
            return
        if moved(self.start["status"], self.body):
            self.moved = True
        else:
            await self.release()

    async def release(self) -> None:
        await self.send(self.start)
        await self.send({"type": "http.response.body", "body": self.body})


def http_client(app) -> httpx.AsyncClient:
    """The app's one client to the other servers (its connections kept open between calls)."""
    client = getattr(app.state, "peer_http", None)
    if client is None:
        client = app.state.peer_http = httpx.AsyncClient(timeout=httpx.Timeout(60, connect=3))
    return client


def _replay(body: bytes):
    sent = False

    async def receive():
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        await asyncio.Event().wait()  # nothing more: the client's disconnect is not awaited

    return receive


def client_of_scope(scope, headers, settings) -> str:
    from .security import client_address

    peer = scope.get("client")
    return client_address(
        peer[0] if peer else None, headers.get("x-forwarded-for"), settings.trusted_proxies
    )


def base_of(scope, headers, settings) -> str:
    if settings.public_url:
        return settings.public_url
    scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
    return f"{scheme}://{headers.get('host', '')}/"


def trusted(request, header: str) -> str | None:
    """A header set by the server that forwarded this request, when it proves it is one."""
    settings = request.app.state.settings
    if from_peer(settings, request.headers):
        return request.headers.get(header) or None
    return None


# ----- websockets --------------------------------------------------------------------------------
async def move_elsewhere(websocket, table_id: str, frame: dict) -> dict | None:
    """A move from a socket on this server, refused because the table has just changed
    servers (nothing was stored), sent as a request to its new owner with the socket's token:
    None when it was played there, else the error frame for the client."""
    ownership = ownership_of(websocket.app)
    if ownership is None:
        return None
    settings = websocket.app.state.settings
    scope, headers = websocket.scope, {k.lower(): v for k, v in websocket.headers.items()}
    move = frame["move"]
    body = {"n": frame["n"], **({"action": move} if isinstance(move, dict) else {"text": move})}
    sent = peer_headers(
        settings, client_of_scope(scope, headers, settings), base_of(scope, headers, settings)
    )
    token = websocket.query_params.get("token")
    if token:
        sent["authorization"] = f"Bearer {token}"
    deadline = time.monotonic() + RETRY_SECONDS
    while time.monotonic() < deadline:
        ownership.forget(table_id)
        try:
            address = await ownership.locate(table_id)
        except ApiError:
            address = None
        if address is not None:
            url = f"{address}/api/tables/{table_id}/moves"
            try:
                reply = await http_client(websocket.app).post(url, json=body, headers=sent)
            except (httpx.ConnectError, httpx.ConnectTimeout):
                reply = None
            except httpx.HTTPError:
                break  # sent, but no answer: the client looks at the table when it reconnects
            if reply is not None and not moved(reply.status_code, reply.content):
                if reply.status_code == 200:
                    return None
                try:
                    return reply.json()
                except ValueError:
                    break
        await asyncio.sleep(0.2)
    text = "the table changed servers and its new one did not answer; look again"
    return error_json(503, text, code=errors.MOVING)


async def relay_to_owner(websocket, table_id: str, settings) -> bool:
    """The client's socket relayed to the table's owner when another server owns it (True:
    done with, relayed or closed with a reason); False when the table is served here. An owner
    that cannot be reached is looked up again until `RETRY_SECONDS` (a takeover, a drain)."""
    ownership = ownership_of(websocket.app)
    if ownership is None or HOP in websocket.headers:
        return False
    deadline = time.monotonic() + RETRY_SECONDS
    while True:
        try:
            address = await ownership.locate(table_id)
        except ApiError as exc:  # the table is changing servers
            reason = exc.error
        except Exception as exc:
            log.warning("where table %s is served could not be read: %s", table_id, exc)
            reason = "the database cannot be read now; reconnect"
        else:
            if address is None:
                return False
            if await relay(websocket, address, settings):
                return True
            reason = "the table's server cannot be reached now; reconnect"
        if time.monotonic() > deadline:
            await websocket.accept()
            await _close(websocket, TRY_LATER, reason)
            return True
        await asyncio.sleep(0.25)


async def relay(websocket, address: str, settings) -> bool:
    """Joins the client's socket to the owner's, frames both ways, closing together; False
    (the client's socket untouched) when the owner's cannot be opened."""
    headers = {k.lower(): v for k, v in websocket.headers.items()}
    scope = websocket.scope
    url = address.replace("http://", "ws://", 1).replace("https://", "wss://", 1)
    url += scope["path"] + (
        "?" + scope["query_string"].decode("latin-1") if scope.get("query_string") else ""
    )
    extra = peer_headers(
        settings, client_of_scope(scope, headers, settings), base_of(scope, headers, settings)
    )
    try:
        upstream = await ws_connect(
            url, additional_headers=extra, max_size=None, compression=None, open_timeout=20
        )
    except (OSError, InvalidHandshake, InvalidStatus, TimeoutError) as exc:
        log.info("a websocket could not be relayed to %s: %s", address, exc)
        ownership = ownership_of(websocket.app)
        if ownership is not None:
            ownership.forget(scope["path"].rsplit("/", 1)[-1])
        return False
    try:
        await websocket.accept()
    except Exception:
        await upstream.close()
        return True

    async def down():
        async for message in upstream:
            if isinstance(message, str):
                await websocket.send_text(message)
            else:
                await websocket.send_bytes(message)

    async def up():
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            if message.get("text") is not None:
                await upstream.send(message["text"])
            elif message.get("bytes") is not None:
                await upstream.send(message["bytes"])

    tasks = [asyncio.create_task(down()), asyncio.create_task(up())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    code, reason = upstream.close_code, upstream.close_reason or ""
    await upstream.close()
    if code is None or code in GONE:  # the owner died: the client reconnects, through us
        code, reason = RESTART, "the table's server went away; reconnect"
    if code in (RESTART, TRY_LATER, *GONE):  # its owner may have changed: ask again
        ownership = ownership_of(websocket.app)
        if ownership is not None:
            ownership.forget(scope["path"].rsplit("/", 1)[-1])
    await _close(websocket, code, reason)
    return True


async def _close(websocket, code: int, reason: str) -> None:
    if websocket.application_state != WebSocketState.DISCONNECTED:
        try:
            await websocket.close(code=code, reason=reason.encode()[:120].decode(errors="ignore"))
        except (RuntimeError, OSError, ConnectionClosed, WebSocketDisconnect):
            pass  # the client has gone already
