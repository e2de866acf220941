"""The lobby tells abandoned tables apart: a running table whose every human seat has been away
(or never claimed) for `abandoned_minutes`, with no move meanwhile, is marked `abandoned`; a
player coming back, or a move, makes it a playing table again. Nothing else of it changes."""

from __future__ import annotations

from datetime import timedelta

from .helpers import app_client, create, create_raw, receive


def listed(client) -> dict[str, bool]:
    return {t["id"]: t["abandoned"] for t in client.get("/api/tables").json()}


def older(hub, table_id, minutes):
    """`minutes` pass for the table: its creation, last move or claim, and last player."""
    table = hub.tables[table_id]
    table.created_at -= timedelta(minutes=minutes)
    table.active_at -= timedelta(minutes=minutes)
    if table.away_since:
        table.away_since -= timedelta(minutes=minutes)


def test_tables_left_by_every_player_are_listed_as_abandoned(tmp_path):
    with app_client(tmp_path / "t.db", abandoned_minutes=30) as client:
        hub = client.app.state.hub
        never = create_raw(client, "the-mob", ["human", "human", "human"])  # nobody came
        played = create(client, "the-mob", ["human", "human", "human"])
        token = played["seats"][0]["token"]
        bots = create(client, "the-mob", ["random", "random", "random"])["id"]
        assert listed(client)[never["id"]] is False  # just made: not yet
        with client.websocket_connect(f"/ws/tables/{played['id']}?token={token}") as ws:
            receive(ws)
            for table in (never["id"], played["id"]):
                older(hub, table, 40)
            now = listed(client)
            assert now[never["id"]] is True
            assert now[played["id"]] is False  # its player is here
        # The player just left: not abandoned before the time has passed since.
        assert listed(client)[played["id"]] is False
        older(hub, played["id"], 20)
        assert listed(client)[played["id"]] is False
        older(hub, played["id"], 20)
        assert listed(client)[played["id"]] is True
        # Back at the table: playing again.
        with client.websocket_connect(f"/ws/tables/{played['id']}?token={token}") as ws:
            receive(ws)
            assert listed(client)[played["id"]] is False
        # a table of bots has nobody to wait for: never abandoned (listed while it runs)
        assert listed(client).get(bots, False) is False


def test_a_move_makes_an_abandoned_table_a_playing_one(tmp_path):
    with app_client(tmp_path / "t.db", abandoned_minutes=30) as client:
        hub = client.app.state.hub
        made = create(client, "cash-n-guns", ["human"] * 4)
        older(hub, made["id"], 60)
        assert listed(client)[made["id"]] is True
        token = made["seats"][0]["token"]
        answer = client.post(
            f"/api/tables/{made['id']}/moves",
            json={"text": "load a Click", "n": 0},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert answer.status_code == 200, answer.text
        assert listed(client)[made["id"]] is False
