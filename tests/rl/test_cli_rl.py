"""`famiglia games --rl` shows each game's catalogue and observation sizes."""

from __future__ import annotations

from typer.testing import CliRunner

from famiglia import rl
from famiglia.cli import app

from .tables import GAMES


def test_games_rl_prints_the_sizes():
    result = CliRunner().invoke(app, ["games", "--rl"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "actions" in result.stdout and "observation" in result.stdout
    for name in GAMES:
        assert f" {len(rl.catalogue(name))} " in result.stdout
    assert f"4p:{rl.encoder('the-mob', 4).size}" in result.stdout
    assert f"9p:{rl.encoder('cash-n-guns', 9, teams=True).size}" in result.stdout


def test_games_without_the_flag_keeps_its_table():
    result = CliRunner().invoke(app, ["games"], env={"COLUMNS": "200"})
    assert result.exit_code == 0 and "actions" not in result.stdout


def test_games_rl_lists_the_presets_within_80_columns():
    result = CliRunner().invoke(app, ["games", "--rl"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert "blood-feud-short" in result.stdout and "the-mob-short" in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    for name in GAMES:  # each game's name whole, and each size beside its player count
        assert f" {name} " in result.stdout
    assert f"4p:{rl.encoder('blood-feud', 4).size}" in result.stdout
