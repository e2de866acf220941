"""Long runs from the command line (a user trial): records reach --out as games finish, a
stopped run (Ctrl-C, SIGTERM, a reader that quits) keeps them, an existing file is never
replaced unasked, team wins are counted whole, and replay speaks up about odd files."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import famiglia
from famiglia.cli import app

SRC = Path(__file__).resolve().parents[1] / "src"
QUICK = ["the-mob", "-o", "max_years=1"]  # a game of a few milliseconds

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})


@pytest.fixture
def start():
    """Starts `famiglia ARGS` in a folder; whatever is still running at the test's end (a
    failed test) is killed, its workers with it."""
    started = []

    def starting(args: list[str], folder: Path) -> subprocess.Popen:
        process = launch(args, folder)
        started.append(process)
        return process

    yield starting
    for process in started:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()


def launch(args: list[str], folder: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "famiglia", *args],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "200"},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal gives a command
    )


def wait_for_records(path: Path, count: int, process) -> None:
    deadline = time.monotonic() + 60
    while not (path.exists() and len(path.read_bytes().splitlines()) >= count):
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "no records reached the file while games were played"
        time.sleep(0.1)


def seeds(path: Path) -> list[int]:
    return [json.loads(line)["seed"] for line in path.read_text().splitlines()]


def test_sigterm_keeps_the_finished_games_in_game_order(tmp_path, start):
    """`timeout` sends SIGTERM: it used to lose every finished game."""
    path = tmp_path / "games.jsonl"
    process = start(["simulate", *QUICK, "-p", "3", "-n", "100000", "--out", path.name], tmp_path)
    wait_for_records(path, 3, process)  # written while the games go on, not at the end
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 143, err
    assert "Traceback" not in out + err
    kept = seeds(path)
    assert kept == list(range(len(kept))) and len(kept) >= 3  # one worker: no gap
    assert f"stopped: {len(kept)} of 100000 games finished; their records are in" in err
    assert f"The Mob: {len(kept)} games of 100000" in out  # the table of what was played


@pytest.mark.slow
def test_ctrl_c_stops_a_pool_quietly_and_prints_the_standings_so_far(tmp_path, start):
    """Ctrl-C reaches every process of the terminal's group: the workers used to print a
    'Process ForkPoolWorker-N' traceback each."""
    path = tmp_path / "t.jsonl"
    args = ["tournament", *QUICK, "-s", "random,greedy,random", "-n", "100000", "-w", "2"]
    process = start([*args, "--out", path.name], tmp_path)
    wait_for_records(path, 4, process)
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in err and "ForkPoolWorker" not in err, err
    kept = seeds(path)
    assert kept == sorted(kept) and kept[:4] == [0, 1, 2, 3]  # game order, gaps named
    assert "stopped: " in err and f"{len(kept)} of 100000 games finished" in err
    assert f"The Mob: {len(kept)} games of 100000 (stopped)" in out and "greedy" in out


def test_a_reader_that_stops_early_loses_no_record(tmp_path, start):
    """`famiglia simulate ... --out x.jsonl | head -1` used to end with no file."""
    path = tmp_path / "x.jsonl"
    process = start(["simulate", *QUICK, "-p", "3", "-n", "20", "--out", path.name], tmp_path)
    process.stdout.readline()
    process.stdout.close()  # as `head -1` does
    _, err = process.communicate(timeout=60)
    assert "Traceback" not in err and "Exception ignored" not in err, err
    assert seeds(path) == list(range(20))


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", *QUICK, "-p", "3", "-n", "100000", "--out"],
        ["tournament", *QUICK, "-s", "random,random,random", "-n", "100000", "--out"],
        ["render", "blood-feud", "--out"],
        ["play", "the-mob", "--out"],
    ],
)
def test_an_existing_file_is_not_replaced_unasked(tmp_path, command):
    path = tmp_path / "mine.jsonl"
    path.write_text("precious\n")
    got = run(*command, path)
    assert got.exit_code == 2 and "Traceback" not in got.output
    assert f"--out {path} exists; give another file name, or add --force to replace it" in (
        " ".join(got.output.split())
    )
    assert path.read_text() == "precious\n"


def test_force_replaces_files_and_charts(tmp_path):
    path, charts = tmp_path / "t.jsonl", tmp_path / "charts"
    args = ["tournament", *QUICK, "-s", "random,random,random", "-n", "3", "--out", path]
    assert run(*args, "--plot", charts).exit_code == 0
    got = run(*args[:-2], "--out", tmp_path / "other.jsonl", "--plot", charts)
    assert got.exit_code == 2 and "already holds win_rate_per_bot.png" in got.output
    assert not (tmp_path / "other.jsonl").exists()
    path.write_text("old\n")
    assert run(*args, "--plot", charts, "--force").exit_code == 0
    assert seeds(path) == [0, 1, 2]
    svg = tmp_path / "board.svg"
    assert run("render", "blood-feud", "--out", svg).exit_code == 0
    assert run("render", "blood-feud", "--out", svg, "--force").exit_code == 0


def test_a_file_in_the_way_of_the_folder_is_named(tmp_path):
    a_file = tmp_path / "a_file"
    a_file.write_text("x")
    got = run("simulate", *QUICK, "-p", "3", "-n", "1", "--out", a_file / "x.jsonl")
    assert got.exit_code == 2
    assert f"{a_file} is a file, not a folder" in " ".join(got.output.split())
    assert "File exists" not in got.output


def test_simulate_counts_a_teams_win_for_each_member():
    got = run("simulate", "cash-n-guns", "-p", "6", "-n", "2", "-o", "teams=true")
    assert got.exit_code == 0, got.output
    assert "a team's win counts for each of its members" in " ".join(got.output.split())
    rows = [line for line in got.output.splitlines() if "│ random" in line]
    wins = [float(row.split("│")[3]) for row in rows]
    assert sum(wins) in (4, 6) and all(w == int(w) for w in wins)  # 2 games, teams of 2 or 3


def test_simulate_help_lists_only_bots():
    got = run("simulate", "--help")
    assert "greedy" in got.output and "human" not in got.output


def test_replay_check_keeps_the_complete_records_of_a_cut_file(tmp_path):
    path = tmp_path / "games.jsonl"
    assert run("simulate", *QUICK, "-p", "3", "-n", "3", "--out", path).exit_code == 0
    text = path.read_text()
    path.write_text(text[: len(text) - 40])  # the last line cut short, as a killed run may
    got = run("replay", path, "--check")
    assert got.exit_code == 1
    assert f"broken: {path} line 3: not valid JSON" in " ".join(got.output.split())
    assert "2 of 3 games replay exactly" in got.output


def test_replay_warns_of_a_record_from_another_version(tmp_path):
    path = tmp_path / "games.jsonl"
    assert run("simulate", *QUICK, "-p", "3", "-n", "1", "--out", path).exit_code == 0
    record = json.loads(path.read_text())
    record["version"] = "0.0.1"
    path.write_text(json.dumps(record) + "\n")
    got = run("replay", path, "--check")
    warning = f"warning: {path} was recorded by famiglia 0.0.1; this is famiglia "
    assert warning in " ".join(got.output.split())
    assert famiglia.__version__ in got.output
    assert "warning" not in run("simulate", *QUICK, "-p", "3", "-n", "1").output


def test_a_solo_tournament_reads_right(tmp_path):
    charts = tmp_path / "charts"
    args = ["tournament", "scarface-1920", "-p", "1", "-s", "random", "-n", "2"]
    got = run(*args, "-o", "solo=true", "-o", "max_turns=10", "--plot", charts)
    assert got.exit_code == 0, got.output
    shown = " ".join(got.output.split())
    assert "2 games, 1 player " in shown and "1 players" not in shown
    assert "×fair: none with one seat" in shown
    row = next(line for line in got.output.splitlines() if line.startswith("random"))
    assert row.split()[5] == "-"  # no ×fair figure for one seat


@pytest.mark.slow
def test_solo_charts_say_one_player_and_draw_no_fair_share(monkeypatch, tmp_path):
    from famiglia.arena import plots
    from famiglia.arena.tournament import run_tournament

    options = {"solo": True, "max_turns": 10}
    result = run_tournament("scarface-1920", 1, ["random"], 2, options=options)
    assert plots.chart_title(result) == "scarface-1920, 1 player, 2 games"
    lines = []
    axes = plots._pyplot().Axes
    axhline = axes.axhline

    def drawn(*args, **kwargs):
        lines.append(args)
        return axhline(*args, **kwargs)

    monkeypatch.setattr(axes, "axhline", drawn)
    plots.write_plots(result, tmp_path)
    assert lines == []  # no fair-share line with one seat
    result = run_tournament("scarface-1920", 2, ["random", "random"], 2)
    plots.write_plots(result, tmp_path / "two")
    assert len(lines) == 2  # with two seats: one on each win-rate chart


def test_a_stop_waits_while_a_game_is_counted_and_written():
    """Else the file and the tables could differ by the game being written."""
    from famiglia.cli.common import Terminated, held_stops, stoppable

    done = []
    with pytest.raises(Terminated), stoppable():
        with held_stops():
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(0.05)  # the handler runs here, and waits
            done.append("written")
        done.append("never")
    assert done == ["written"]
