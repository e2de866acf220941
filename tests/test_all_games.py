"""Every registered game works through the command line: simulate, replay, play."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import famiglia
from famiglia.cli import app

runner = CliRunner()


def quick_options(game) -> list[str]:
    """Caps (max_years, max_rounds, ...) at their smallest, so that games stay short."""
    found = []
    for name, option in game.options.items():
        if name.startswith("max_") and isinstance(option.allowed, range):
            found += ["-o", f"{name}={option.allowed.start}"]
    return found


def fewest_players(game) -> int:
    """The smallest table the game accepts with its default options (a count of 1 may need a
    solo option, as in Scarface 1920)."""
    for players in range(game.min_players, game.max_players + 1):
        try:
            game.new(players, 0)
        except ValueError:
            continue
        return players
    raise AssertionError(f"{game.name} accepts no player count with its default options")


@pytest.mark.parametrize("name", famiglia.games())
def test_simulate_then_replay(name, tmp_path):
    game = famiglia.load(name)
    path = tmp_path / "games.jsonl"
    result = runner.invoke(
        app,
        [
            "simulate",
            name,
            "-p",
            str(fewest_players(game)),
            "-n",
            "2",
            *quick_options(game),
            "--out",
            str(path),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "win rate" in result.stdout
    check = runner.invoke(app, ["replay", str(path), "--check"])
    assert check.exit_code == 0 and "2 of 2 games replay exactly" in check.stdout


@pytest.mark.parametrize("name", famiglia.games())
def test_play_as_a_human_then_quit(name):
    game = famiglia.load(name)
    players = fewest_players(game)
    seats = ",".join(["human"] + ["random"] * (players - 1))
    result = runner.invoke(
        app,
        [
            "play",
            name,
            "-p",
            str(players),
            "--seats",
            seats,
            "--seed",
            "1",
            *quick_options(game),
        ],
        input="1\n" * 5 + "q\n",
    )
    assert result.exit_code in (0, 1), result.output
    assert "Traceback" not in result.output
    assert "your move" in result.stdout
