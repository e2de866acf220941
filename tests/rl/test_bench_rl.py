"""bench/bench_rl.py runs and prints its row (its figures come from a real run, by hand)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_rl_prints_a_row_per_game():
    run = subprocess.run(
        [sys.executable, "bench/bench_rl.py", "--seconds", "0.01", "unfinished-business"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("load average") and "ratio" in lines[1]
    row = lines[2].split()
    assert row[0] == "unfinished-business" and row[1] == "4" and int(row[2]) >= 1
    assert 0 < float(row[5]) < 10  # env steps/s over raw moves/s
