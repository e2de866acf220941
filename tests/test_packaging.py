"""`famiglia rules GAME` from a normal (non-editable) install: the build ships every rules
document inside the package, and the documents point at nothing outside it; it ships every
game folder's files that are not Python too (the table page, data, fitted weights)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import famiglia
from famiglia.cli import app

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The package as the build lays it out (what a wheel holds)."""
    pytest.importorskip("setuptools")
    out = tmp_path_factory.mktemp("build")
    build = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr[-2000:]
    return out


def test_the_build_puts_every_rules_document_into_the_package(built):
    shipped = built / "famiglia" / "docs"
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


@pytest.mark.parametrize("name", famiglia.games())
def test_the_build_ships_each_game_folders_page_and_data(built, name):
    folder = famiglia.load(name).folder()
    shipped = built / folder.relative_to(ROOT / "src")
    files = [f for f in folder.iterdir() if f.suffix in (".js", ".css", ".toml")]
    assert any(f.name == "page.js" for f in files)
    for source in files:
        assert (shipped / source.name).read_bytes() == source.read_bytes(), source.name
