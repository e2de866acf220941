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
