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
