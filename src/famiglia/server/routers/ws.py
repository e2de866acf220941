"""The table's websocket: the seat's payload on connect and after every change; moves and chat
from the client.

Frames from the server are JSON objects of one of these shapes:
- a payload (the same as GET /api/tables/{id}: it has "view");
- `{"seats": [{seat, kind, free, present}]}` whenever a seat is taken, handed over, or its
  player comes or goes;
- `{"chat": [{k, seat, to, text, at}], "more": bool}`: lines this seat may read (on connect the
  last page of them; `more` says older ones are left, sent on request with `"older": true`);
- `{"rematch": {id, url, seating}}`: a rematch was started (no code: each player fetches their
  own with GET /api/tables/{id}/rematch);
- `{"error": text, "code": code, "clause": id}`: a move or chat line refused; the connection
  stays open.
Frames from the client: `{"move": action_json | text, "n": k}`, `{"chat": text, "to"?: [seats]}`
(`to` makes the line private to those seats) and `{"chat_before": k}` (the page of lines before
line k). A frame that is not one of these, not JSON text, or too large closes the connection with
a reason. The Host and Origin were checked before (guard.py).
"""

from __future__ import annotations

import asyncio
import json
import logging

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from .. import errors
from ..errors import ApiError
from ..forwarding import move_elsewhere, relay_to_owner
from ..spectators import spectators_of
from ..tables import Listener, dumps

router = APIRouter()
log = logging.getLogger("famiglia.server")

POLICY, UNSUPPORTED, INVALID, TOO_BIG, SERVER_ERROR, TRY_LATER = 1008, 1003, 1007, 1009, 1011, 1013


async def close(websocket: WebSocket, code: int, reason: str) -> None:
    reason = reason.encode()[:120].decode(errors="ignore")  # a close reason holds 123 bytes
    if websocket.application_state != WebSocketState.DISCONNECTED:
        try:
            await websocket.close(code=code, reason=reason)
        except (RuntimeError, WebSocketDisconnect, OSError):
            pass


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str):
    settings = websocket.app.state.settings
    hub = websocket.app.state.hub
    spectators = spectators_of(websocket.app)
    address = await spectators.where(websocket, table_id)
    if address is not None:  # a spectator of another server's table: its feed here
        await watch_elsewhere(websocket, spectators, table_id, address)
        return
    if await relay_to_owner(websocket, table_id, settings):  # another server's table
        return
    try:
        table = await hub.get(table_id)
        seat = await hub.seat_for(table, websocket.query_params.get("token"))
    except ApiError as exc:
        await websocket.accept()  # accepted, so that the client can read why it is closed
        await close(websocket, POLICY, exc.error)
        return
    listener = Listener(seat)
    hub.subscribe(table, listener)  # before accepting: once connected, the seat is present
    try:
        await websocket.accept()
    except (WebSocketDisconnect, RuntimeError, OSError):
        hub.unsubscribe(table, listener)
        return
    sender = asyncio.create_task(send_frames(websocket, listener))
    try:
        await receive_frames(websocket, hub, table, listener, settings)
    finally:
        hub.unsubscribe(table, listener)
        sender.cancel()
        await asyncio.gather(sender, return_exceptions=True)


async def watch_elsewhere(websocket: WebSocket, spectators, table_id: str, address: str) -> None:
    """A spectator served from this server's feed of the table (spectators.py)."""
    try:
        await websocket.accept()
    except (WebSocketDisconnect, RuntimeError, OSError):
        return
    hub, settings = websocket.app.state.hub, websocket.app.state.settings
    listener = Listener(None)
    feed = spectators.join(websocket, table_id, address, listener)

    async def handle(frame: dict) -> None:
        if "chat_before" in frame:
            await feed.older(listener, frame["chat_before"])
        elif "move" in frame:  # refused as the owner refuses a spectator's move
            await hub.play(None, None, frame["n"])
        else:
            await hub.say(None, None, frame["chat"], frame.get("to"))

    sender = asyncio.create_task(send_frames(websocket, listener))
    try:
        await read_frames(websocket, listener, settings, handle)
    finally:
        feed.leave(listener)
        sender.cancel()
        await asyncio.gather(sender, return_exceptions=True)


async def send_frames(websocket: WebSocket, listener: Listener) -> None:
    try:
        while True:
            for text in await listener.next_frames():
                await websocket.send_text(text)
            if listener.closing:
                # 1012 for a table that moved to another server: the client reconnects
                await close(websocket, getattr(listener, "code", POLICY), listener.closing)
                return
            if listener.overflow:
                await close(websocket, TRY_LATER, "too many frames waiting for you; reconnect")
                return
    except (WebSocketDisconnect, RuntimeError, OSError):
        return
    except Exception:  # anything else: said in the log, and the client told to reconnect
        log.exception("sending a frame failed")
        await close(websocket, SERVER_ERROR, "the server could not send a frame; reconnect")


async def receive_frames(websocket, hub, table, listener: Listener, settings) -> None:
    async def handle(frame: dict) -> None:
        try:
            if "move" in frame:
                move = frame["move"]
                action, typed = (move, None) if isinstance(move, dict) else (None, move)
                await hub.play(table, listener.seat, frame["n"], action, typed)
            elif "chat_before" in frame:
                page = table.chat_for(listener.seat, frame["chat_before"], settings.chat_page)
                listener.put(dumps(page))
            else:
                await hub.say(table, listener.seat, frame["chat"], frame.get("to"))
        except ApiError as exc:
            if exc.code != errors.NOT_OWNER or "move" not in frame:
                raise
            # the table moved under the move (nothing was stored): it goes to the new owner
            refused = await move_elsewhere(websocket, table.id, frame)
            if refused is not None:
                listener.put(dumps(refused))

    await read_frames(websocket, listener, settings, handle)


async def read_frames(websocket, listener: Listener, settings, handle) -> None:
    """The client's frames, each checked, then given to `handle`; a refusal (ApiError) goes
    back as an error frame, a malformed frame closes the socket with the reason."""
    max_frame = settings.max_frame
    while True:
        try:
            message = await websocket.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None:
            await close(websocket, UNSUPPORTED, "frames are JSON text, not binary")
            return
        if len(text) > max_frame or len(text.encode()) > max_frame:
            await close(websocket, TOO_BIG, f"a frame holds at most {max_frame} bytes")
            return
        try:
            frame = json.loads(text)
        except (ValueError, RecursionError):
            await close(websocket, INVALID, "a frame must be JSON (valid, not deeply nested)")
            return
        if not unicode_text(frame):
            await close(websocket, INVALID, "a frame's text must be UTF-8: no lone surrogate")
            return
        problem = frame_problem(frame)
        if problem:
            await close(websocket, POLICY, problem)
            return
        try:
            await handle(frame)
        except ApiError as exc:
            listener.put(dumps(exc.to_json()))


def unicode_text(frame) -> bool:
    """False when a string in the frame holds a lone surrogate (JSON's escapes can write one):
    such text can be neither stored nor sent back in a UTF-8 frame."""
    try:
        json.dumps(frame, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        return False
    return True


def frame_problem(frame) -> str:
    """What is wrong with a client's frame, or '' when it is a move or a chat line."""
    shapes = (
        "a frame is {move: action or text, n: moves seen}, {chat: text, to?: [seats]} "
        "or {chat_before: line number}"
    )
    if not isinstance(frame, dict):
        return shapes
    keys = set(frame)
    if keys == {"move", "n"}:
        if not isinstance(frame["move"], dict | str):
            return "'move' is an action's JSON (from legal) or its text"
        n = frame["n"]
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            return "'n' is the number of moves played that you have seen"
        return ""
    if keys in ({"chat"}, {"chat", "to"}):
        return ""
    if keys == {"chat_before"}:
        k = frame["chat_before"]
        if isinstance(k, bool) or not isinstance(k, int) or k < 0:
            return "'chat_before' is the number of a chat line you have"
        return ""
    return shapes
