"""A rename on one server reaches the player's seat at a running table another server holds
(several servers on one PostgreSQL): the holder rereads the seats on the rename's note."""

from __future__ import annotations

import pytest

from .test_owners import instances, owners, serve
from .test_shared import eventually

pytestmark = pytest.mark.postgres


def test_a_rename_reaches_a_table_held_by_another_server(pg_url, tmp_path):
    servers = [serve(pg_url, tmp_path) for _ in range(2)]
    try:
        numbers = eventually(lambda: instances(pg_url, servers), what="no servers' rows")
        a = servers[0]
        ann = a.http.post("/api/players", json={"name": "Ann"}).json()
        body = {
            "game": "the-mob",
            "players": 3,
            "seats": ["human", "random", "random"],
            "seed": 5,
            "options": {"max_years": 4},
        }
        made = a.http.post("/api/tables", json=body, headers={"X-Player": ann["key"]}).json()
        owner = owners(pg_url)[made["id"]]
        holder = next(s for s, n in numbers.items() if n == owner)
        other = next(s for s in servers if s is not holder)
        renamed = other.http.patch(
            "/api/me", json={"name": "Anna"}, headers={"Authorization": f"Bearer {ann['key']}"}
        )
        assert renamed.status_code == 200, renamed.text
        eventually(
            lambda: holder.http.get(f"/api/tables/{made['id']}").json()["names"][0] == "Anna",
            what="the holder never showed the new name",
            logs=[s.log for s in servers],
        )
        lobby = {t["id"]: t for t in other.http.get("/api/tables").json()}
        assert lobby[made["id"]]["seats"][0]["name"] == "Anna"
    finally:
        for server in servers:
            if server.process.poll() is None:
                server.kill()
