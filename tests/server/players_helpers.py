"""Helpers for the players' and ratings' tests: making players, playing a table to its end."""

from __future__ import annotations

import time

from .helpers import auth, quick


def new_player(client, name=None) -> dict:
    """A new player: its answer (id, name, key)."""
    answer = client.post("/api/players", json={"name": name} if name else {})
    assert answer.status_code == 201, answer.text
    return answer.json()


def xp(player) -> dict:
    return {"X-Player": player["key"]}


def new_table(client, game, seats, player=None, rated=False, seed=7, **extra):
    """A table made by `player` (sitting at the first human seat, if any)."""
    body = {
        "game": game,
        "players": len(seats),
        "options": quick(game, len(seats)),
        "seats": seats,
        "seed": seed,
        "rated": rated,
        **extra,
    }
    answer = client.post("/api/tables", json=body, headers=xp(player) if player else {})
    assert answer.status_code == 201, answer.text
    return answer.json()


def play_out(client, table: str, tokens: dict, seconds: float = 120) -> dict:
    """Plays every seat of `tokens` ({seat: token}) by its first legal move, the bots playing
    meanwhile, until the game is over; returns the last public payload."""
    deadline = time.monotonic() + seconds
    while True:
        seen = client.get(f"/api/tables/{table}").json()
        if seen["over"]:
            return seen
        assert time.monotonic() < deadline, f"table {table} not over in {seconds} s"
        moved = False
        for seat, token in tokens.items():
            if seat in seen["to_act"]:
                mine = client.get(f"/api/tables/{table}", headers=auth(token)).json()
                if mine["legal"] and not mine["over"]:
                    client.post(
                        f"/api/tables/{table}/moves",
                        json={"action": mine["legal"][0]["action"], "n": mine["n"]},
                        headers=auth(token),
                    )
                    moved = True
        if not moved:
            time.sleep(0.02)
