"""bench/versus_openspiel.py (issue 39): famiglia's bot against OpenSpiel's ISMCTSBot at equal
processor time; one tiny game here, the figures in docs/strength.md."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "versus_openspiel.py"


@pytest.mark.slow
def test_the_bench_plays_a_tiny_game_and_prints_its_row():
    run = subprocess.run(
        [sys.executable, str(BENCH), "the-mob-tiny", "--games", "1", "--seconds", "0.01"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert "OpenSpiel ISMCTSBot" in run.stderr and "simulations/s" in run.stderr
    row = run.stdout.strip().splitlines()[-1]
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[0] == "the-mob-tiny" and cells[1] == "4" and cells[3] == "1"
    assert cells[4] in ("0%", "25%", "33%", "50%", "100%")  # a whole game, or a shared win


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
