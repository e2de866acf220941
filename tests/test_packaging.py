"""`famiglia rules GAME` from a normal (non-editable) install: the build ships every rules
document inside the package, and the documents point at nothing outside it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import famiglia
from famiglia.cli import app

ROOT = Path(__file__).resolve().parents[1]


def test_the_build_puts_every_rules_document_into_the_package(tmp_path):
    pytest.importorskip("setuptools")
    build = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr[-2000:]
    shipped = tmp_path / "famiglia" / "docs"
    for name in famiglia.games():
        source = ROOT / "docs" / "rules" / f"{name}.md"
        assert (shipped / f"{name}.md").read_text() == source.read_text()


@pytest.mark.parametrize("name", famiglia.games())
def test_rules_print_and_point_at_nothing_outside_the_package(name):
    result = CliRunner().invoke(app, ["rules", name])
    assert result.exit_code == 0
    assert "-1.1" in result.stdout  # the first clause of every game (MOB-1.1, UB-1.1, ...)
    for outside in ("../", "shared/rules", "src/famiglia", ".txt"):
        assert outside not in result.stdout, f"{name} points a reader at {outside}"
