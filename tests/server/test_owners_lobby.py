"""The lobby among several servers asks the others for their tables at most once every
`LOBBY_SECONDS`, however many visitors ask it meanwhile (lobbies.py), and it never holds back
this server's own tables. In-process: the other server is a fake answering over httpx."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import httpx
from starlette.requests import Request

from famiglia.server import lobbies
from famiglia.server.settings import Settings


def fake_app(asked: list) -> SimpleNamespace:
    def answer(request: httpx.Request) -> httpx.Response:
        asked.append(str(request.url))
        return httpx.Response(200, json=[{"id": f"far{len(asked)}", "created": "2026-12-03"}])

    async def peers():
        return ["http://10.0.0.6:8001"]

    ownership = SimpleNamespace(peers=peers)
    state = SimpleNamespace(
        settings=Settings(peer_secret="s"),
        hub=SimpleNamespace(cluster=SimpleNamespace(ownership=ownership)),
        peer_http=httpx.AsyncClient(transport=httpx.MockTransport(answer)),
    )
    return SimpleNamespace(state=state)


def request_to(app) -> Request:
    scope = {
        "type": "http",
        "app": app,
        "method": "GET",
        "path": "/api/tables",
        "headers": [(b"host", b"games.example.org")],
        "scheme": "http",
    }
    return Request(scope)


def test_the_other_servers_lobbies_are_asked_once_for_many_visitors(monkeypatch):
    asked: list = []
    app = fake_app(asked)
    clock = [1000.0]
    monkeypatch.setattr(lobbies.time, "monotonic", lambda: clock[0])

    async def visitors(count: int, own: list) -> list:
        return await asyncio.gather(
            *(lobbies.lobby_everywhere(request_to(app), own) for _ in range(count))
        )

    mine = [{"id": "here", "created": "2026-12-04"}]

    async def scenario() -> None:
        first = await visitors(20, mine)
        assert len(asked) == 1  # twenty visitors at once: one request to the other server
        assert all([e["id"] for e in shown] == ["here", "far1"] for shown in first)
        # within the window: no new request, and this server's own tables are always fresh
        clock[0] += lobbies.LOBBY_SECONDS / 2
        again = await visitors(5, [*mine, {"id": "new", "created": "2026-12-05"}])
        assert len(asked) == 1
        assert [e["id"] for e in again[0]] == ["new", "here", "far1"]
        # after it: asked again
        clock[0] += lobbies.LOBBY_SECONDS
        later = await visitors(3, mine)
        assert len(asked) == 2
        assert [e["id"] for e in later[0]] == ["here", "far2"]

    asyncio.run(scenario())
