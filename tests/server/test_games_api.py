"""GET /api/games and /api/games/{name}: what the browser's lobby and tables read before any
table (options with their help, printed names, the Blood Feud board's drawing)."""

from __future__ import annotations

import famiglia


def test_the_lobby_reads_every_game_with_its_options_and_help(client):
    games = client.get("/api/games").json()
    assert [g["name"] for g in games] == famiglia.game_names()
    for entry in games:
        game = famiglia.load(entry["name"])
        assert (entry["min_players"], entry["max_players"]) == (game.min_players, game.max_players)
        assert set(entry["options"]) == set(game.options)
        for key, option in entry["options"].items():
            assert option["default"] == game.options[key].default
            assert option["help"] == game.options[key].help and option["help"]


def test_printed_content_names_what_views_number(client):
    scarface = client.get("/api/games/scarface-1920").json()
    from famiglia.games.scarface_1920 import data as D

    assert [c["name"] for c in scarface["cards"]] == [c["name"] for c in D.CARDS]
    assert scarface["districts"] == list(D.DISTRICTS)
    # Tequila and the Solo Mode number the Enforcers (SF-E.1): the page names them
    assert [(e["name"], e["stars"]) for e in scarface["enforcers"]] == [
        (e["name"], e["stars"]) for e in D.ENFORCERS
    ]
    cng = client.get("/api/games/cash-n-guns").json()
    stages = cng["stages"]  # every phase a view can name, in words
    assert stages["aim"] == "the hold-up: aiming" and stages["over"] == "the game is over"
    assert stages["sh_answer"] == "the split" and stages["recruit"].startswith("after the last")
    cute = cng["power_rules"]["cute"]  # what a power does, in our rules' words, for the page
    assert cute["clause"] == "CNG-8.6" and cute["text"].startswith("The Cute, when taking part")
    assert len(cng["power_rules"]) == 20 and all(r["text"] for r in cng["power_rules"].values())
    feud = client.get("/api/games/blood-feud").json()
    assert feud["board_svg"].startswith("<svg")
    for space in feud["spaces"]:  # every space is found by its title in the drawing
        assert f"<title>{space['name'].replace('&', '&amp;')}</title>" in feud["board_svg"].replace(
            "&#x27;", "'"
        )


def test_an_unknown_game_is_a_clear_404(client):
    answer = client.get("/api/games/monopoly")
    assert answer.status_code == 404
    assert "unknown game 'monopoly'" in answer.json()["error"]


def test_one_player_without_the_solo_mode_is_refused_with_what_is_allowed(client):
    """SF-S.1: the lobby offers 1 player (Scarface's minimum); the server says it needs solo."""
    answer = client.post(
        "/api/tables",
        json={"game": "scarface-1920", "players": 1, "options": {}, "seats": ["human"]},
    )
    assert answer.status_code == 400
    assert "solo=true" in answer.json()["error"]
    assert client.get("/api/tables").json() == []
