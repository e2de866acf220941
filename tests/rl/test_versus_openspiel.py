"""bench/versus_openspiel.py (issue 39): famiglia's bot against OpenSpiel's ISMCTSBot at equal
processor time; its tiny run is in tests/test_readme_commands.py, the figures in
docs/strength.md."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "versus_openspiel.py"


def test_a_wrong_option_is_refused_in_words():
    run = subprocess.run(
        [sys.executable, str(BENCH), "the-mob", "-o", "max_years=zero"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode != 0
    assert "bad option" in run.stderr and "max_years" in run.stderr
    assert "Traceback" not in run.stderr


def test_minutes_stops_starting_games_and_the_table_names_the_seeds_played():
    # a zero budget: the first game is still played (the clock is read after each game),
    # then no more; the seeds column must name only that game's seed, not all --games of them
    run = subprocess.run(
        [sys.executable, str(BENCH), "the-mob-tiny", "--games", "5", "--seconds", "0.01"]
        + ["--seed", "40", "--minutes", "0"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert "stopped after 1 games" in run.stderr
    row = run.stdout.strip().splitlines()[-1]
    assert row.endswith("| 41-41 |")
    assert "| 1 |" in row  # games played


def test_solo_scarface_plays_each_bot_alone_against_the_solo_gang():
    # one seat (SF-S.1): both bots play the same deal alone, each win rate with its interval
    run = subprocess.run(
        [sys.executable, str(BENCH), "scarface-1920-short", "-o", "solo=true"]
        + ["-o", "max_turns=1", "--games", "1", "--seconds", "0.01"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert "(OpenSpiel alone " in run.stderr
    cells = [c.strip() for c in run.stdout.strip().splitlines()[-1].split("|")[1:-1]]
    assert cells[1] == "1" and cells[3] == "1"  # players, games
    assert cells[6] == ""  # no fair share against the solo gang
    rate, interval = cells[7].split(" ", 1)
    assert rate in ("0%", "100%") and interval.startswith("(") and " - " in interval
