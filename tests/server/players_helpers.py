"""Helpers for the players' and ratings' tests: making players, and tables as a player."""

from __future__ import annotations

from .helpers import play_out, quick  # noqa: F401 (play_out is imported from here too)


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
