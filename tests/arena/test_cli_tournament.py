"""`famiglia tournament`: a table on success, one clear line and a non-zero exit on bad input."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

import famiglia
from famiglia.arena.plots import write_plots
from famiglia.arena.tournament import run_tournament
from famiglia.cli.tournament import tournament


@pytest.fixture
def app(monkeypatch):
    monkeypatch.setitem(famiglia.REGISTRY, "toy", "tests.core.toy")
    app = typer.Typer()
    app.command("tournament")(tournament)
    app.command("other")(lambda: None)  # two commands, as in the real cli
    return app


def run(app, *args):
    return CliRunner().invoke(app, ["tournament", *args], env={"COLUMNS": "200"})


def test_tournament_prints_standings_and_writes_records_and_charts(app, tmp_path):
    out = tmp_path / "games.jsonl"
    plots = tmp_path / "charts"
    got = run(
        app,
        "toy",
        "--players",
        "3",
        "--seats",
        "ismcts:iterations=10,depth=2,greedy,random",
        "--games",
        "6",
        "--workers",
        "2",
        "--seed",
        "3",
        "--out",
        str(out),
        "--plot",
        str(plots),
    )
    assert got.exit_code == 0, got.output
    for text in (
        "ismcts:iterations=10,depth=2",
        "greedy",
        "random",
        "95% CI",
        "rating",
        "Win rate per seat",
        "Game length",
    ):
        assert text in got.output
    lines = out.read_text().splitlines()
    assert len(lines) == 6
    assert [json.loads(line)["seed"] for line in lines] == [3, 4, 5, 6, 7, 8]
    pngs = sorted(p.name for p in plots.iterdir())
    assert pngs == [
        "game_lengths.png",
        "scores_per_bot.png",
        "win_rate_per_bot.png",
        "win_rate_per_seat.png",
    ]
    assert all((plots / p).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in pngs)


@pytest.mark.parametrize(
    "args, message",
    [
        (["nogame"], "unknown game 'nogame'"),
        (["toy", "--seats", "greedy,nobot"], "unknown bot 'nobot'"),
        (["toy", "--players", "3", "--seats", "greedy,random"], "2 bots given for 3 players"),
        (["toy", "--seats", "ismcts:foo=1,random"], "no option 'foo'"),
        (["toy", "--seats", "random,random", "--games", "0"], "at least 1"),
        (["toy", "--seats", "random,random", "-o", "speed=3"], "unknown option 'speed'"),
        (["toy", "--seats", "random,random", "-o", "speed"], "name=value"),
        (["toy", "--seats", ","], "--seats ',': entry 1 is empty; give one bot per seat"),
    ],
)
def test_bad_input_gives_one_clear_line(app, args, message):
    got = run(app, *args)
    assert got.exit_code == 2
    assert message in got.output
    assert "Traceback" not in got.output
    assert len(got.output.strip().splitlines()) == 1


def test_plots_of_a_small_tournament(monkeypatch, tmp_path):
    monkeypatch.setitem(famiglia.REGISTRY, "toy", "tests.core.toy")
    result = run_tournament("toy", 2, ["greedy", "random"], 4)
    files = write_plots(result, tmp_path / "new" / "dir")
    assert len(files) == 4 and all(f.stat().st_size > 1000 for f in files)


def test_the_standings_fit_an_80_column_terminal(app):
    got = CliRunner().invoke(
        app, ["tournament", "toy", "-p", "3", "-s", "greedy,random,random", "-n", "4"],
        env={"COLUMNS": "80"},
    )  # fmt: skip
    assert got.exit_code == 0, got.output
    lines = got.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]
    header = next(line for line in lines if line.lstrip().startswith("bot"))
    for column in ("games", "wins", "win rate", "95% CI", "×fair", "rating", "score", "place"):
        assert column in header  # every column shown, none cut off at the edge
