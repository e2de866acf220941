"""What each server limits on its own, among several (issue 42).

The lobby asks the other servers for their tables at most once every `LOBBY_SECONDS`, however
many visitors ask it meanwhile (lobbies.py), and it never holds back this server's own tables
(in-process: the other server is a fake answering over httpx). A server makes at most
`server_tables_per_minute` tables a minute, every client together, and a request refused for
the client's own limit spends nothing of it."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import httpx
from starlette.requests import Request

from famiglia.server import lobbies
from famiglia.server.settings import Settings

from .helpers import TestClient, app_client, create_raw


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


def test_a_server_makes_so_many_tables_a_minute_whoever_asks(tmp_path):
    limits = dict(server_tables_per_minute=3, tables_per_minute=100, tables_per_client=2)
    with app_client(tmp_path / "t.db", peer=("10.0.0.1", 1), **limits) as first:
        second = TestClient(first.app, client=("10.0.0.2", 1))
        create_raw(first, seed=1)
        create_raw(first, seed=2)
        body = {"game": "the-mob", "players": 3, "seats": ["human"] * 3}
        for _attempt in range(5):  # refused for its own limit: the server's is not spent
            refused = first.post("/api/tables", json=body)
            assert refused.status_code == 429 and "open tables" in refused.json()["error"]
        create_raw(second, seed=3)  # the third of the minute, from another address
        refused = second.post("/api/tables", json=body)
        assert refused.status_code == 429, refused.text
        assert "this server made 3 tables in the last minute" in refused.json()["error"]
        assert refused.json()["code"] == "rate_limited"
        assert 1 <= int(refused.headers["retry-after"]) <= 20
