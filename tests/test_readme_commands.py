"""The README's commands are tests: each command line it shows runs, in the order a newcomer
would type them, in an empty folder (issue 12, item 1).

The commands are read out of README.md, so this test follows the README when it changes. They
run as the installed `famiglia` program. The quick start's first command runs exactly as written;
the others too, with one exception: a game count above `MOST_GAMES` is cut to it and an ismcts
budget in seconds becomes a few iterations, since the README's figures are for a person with
time, not for the test suite. The bench scripts the README and the pages it sends readers to for
measuring (docs/speed.md, docs/strength.md) name run with tiny budgets.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
MEASURING = [README, ROOT / "docs" / "speed.md", ROOT / "docs" / "strength.md"]
MOST_GAMES = 3  # enough for the README's `replay --game 3`
TIMEOUT = 300

# The bench scripts those pages name, each with budgets small enough for the test suite.
BENCH_ARGS = {
    "bench_games.py": ["--seconds", "0.05"],
    "bench_bots.py": ["--bots", "random,random,random", "--busy", "0", "--seconds", "4"]
    + ["--think", "0.01"],
    "rate_levels.py": ["the-mob", "--games", "1", "--workers", "1"]  # never --write here
    + ["--hard", "ismcts:iterations=5", "-o", "max_years=1"],
    "fit_mob_evaluation.py": ["--games", "2", "--workers", "1"],  # never --write here
    "bench_heuristics.py": ["--positions", "1", "--repeat", "1"],
    "bench_ismcts.py": ["--iterations", "5", "--positions", "1", "--seconds", "0.002"]
    + ["--opponent", "random", "-o", "max_years=1", "-o", "max_turns=1", "-o", "max_rounds=1"]
    + ["--set", "reuse=1"],
    "bench_rl.py": ["the-mob", "--seconds", "0.05"],
    "bench_server.py": ["--tables", "2", "--seconds", "1", "--warmup", "0.2", "--think", "0.05"],
    "strength.py": ["the-mob", "--players", "3", "--games", "1", "--pair", "random", "random"]
    + ["-o", "max_years=1"],
    "versus_openspiel.py": ["the-mob-tiny", "--games", "1", "--seconds", "0.01"],
}


def code_lines(text: str) -> list[str]:
    """The lines of the README's code blocks (indented or fenced), continuations joined."""
    lines, fenced, pending = [], False, ""
    for raw in text.splitlines():
        if raw.strip().startswith("```"):
            fenced = not fenced
            continue
        if not (fenced or raw.startswith("    ")):
            pending = ""
            continue
        line = pending + raw.strip()
        if line.endswith("\\"):
            pending = line[:-1] + " "
            continue
        pending = ""
        lines.append(line)
    return lines


def famiglia_commands(text: str) -> list[list[str]]:
    """Every `famiglia ...` command of the README's code, in order, as argument lists (without
    the program). A line may chain commands with && (the quick start does)."""
    commands = []
    for line in code_lines(text):
        for part in line.split("&&"):
            words = part.split()
            if words and Path(words[0]).name == "famiglia":
                commands.append(shlex.split(part, comments=True)[1:])
    return commands


def bench_scripts(text: str) -> list[str]:
    return sorted(set(re.findall(r"bench/(\w+\.py)", text)))


def program() -> str:
    found = Path(sys.executable).with_name("famiglia")
    if found.exists():
        return str(found)
    found = shutil.which("famiglia")
    assert found, "the famiglia program is not installed: pip install -e '.[test]'"
    return found


def shrink(args: list[str]) -> list[str]:
    """The command with its budgets cut for the test suite (see the module's docstring)."""
    out = []
    for i, arg in enumerate(args):
        if i and args[i - 1] in ("--games", "-n") and arg.isdigit():
            arg = str(min(int(arg), MOST_GAMES))
        out.append(re.sub(r"seconds=[0-9.]+", "iterations=3", arg))
    return out


def run(args: list[str], folder: Path, stdin: str | None):
    return subprocess.run(
        [program(), *args],
        cwd=folder,
        input=stdin,
        stdin=subprocess.DEVNULL if stdin is None else None,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )


def check_play(args, result) -> None:
    """A game at the terminal: it shows a menu of moves and stops cleanly when input ends."""
    shown = result.stdout + result.stderr
    assert "Traceback" not in shown, shown[-3000:]
    assert re.search(r"^\s+1 \S", result.stdout, re.M), f"no move menu for {args}:\n{shown}"
    assert "your move" in result.stdout
    assert "game stopped" in result.stdout and result.returncode == 1, shown[-2000:]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def check_serve(args: list[str], folder: Path) -> None:
    """`famiglia serve ...` as the README writes it, on a free port of 127.0.0.1 (tests never
    listen elsewhere): it prints its address, answers /healthz, serves the lobby's page and its
    modules, and stops cleanly on SIGTERM.
    Unless `--no-browser`, it opens the lobby in the browser BROWSER names (as Python's
    webbrowser reads it): here a script that writes down the address it was given, so no window
    appears. A database URL with the README's placeholder host must be refused in one line."""
    args = list(args)
    for flag, value in (("--port", str(free_port())), ("--host", "127.0.0.1")):
        if flag in args:
            args[args.index(flag) + 1] = value
        else:
            args += [flag, value]
    opened = folder / "browser" / "opened"
    opened.parent.mkdir(exist_ok=True)
    opened.unlink(missing_ok=True)
    browser = opened.parent / "browser.sh"
    browser.write_text(f'#!/bin/sh\necho "$1" > {shlex.quote(str(opened))}\n', encoding="utf-8")
    browser.chmod(0o755)
    env = {**os.environ, "BROWSER": str(browser)}
    if any(a.startswith("postgresql") for a in args):
        result = subprocess.run(
            [program(), *args], cwd=folder, env=env, capture_output=True, text=True, timeout=60
        )
        assert result.returncode != 0 and "Traceback" not in result.stderr, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert "cannot open the database" in result.stderr
        return
    server = subprocess.Popen(
        [program(), *args],
        cwd=folder,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = server.stdout.readline()  # the first line names the address
        found = re.search(r"http://[\w.:\[\]]+/", line)
        assert found, f"famiglia {shlex.join(args)} printed no address: {line!r}"
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(found.group(0) + "healthz", timeout=5) as answer:
                    assert json.load(answer)["ok"] is True
                break
            except OSError:
                assert time.monotonic() < deadline, "the server never answered /healthz"
                time.sleep(0.2)
        with urllib.request.urlopen(found.group(0), timeout=5) as answer:  # the lobby it opens
            assert "/static/app.js" in answer.read().decode()
        with urllib.request.urlopen(found.group(0) + "static/app.js", timeout=5) as answer:
            assert "showLobby" in answer.read().decode()
        if "--no-browser" in args:
            time.sleep(0.5)
            assert not opened.exists(), "--no-browser opened a browser"
        else:
            while not (opened.exists() and opened.read_text(encoding="utf-8").strip()):
                assert time.monotonic() < deadline, "famiglia serve did not open the lobby"
                time.sleep(0.1)
            assert opened.read_text(encoding="utf-8").strip() == found.group(0)
    finally:
        server.terminate()
        out, err = server.communicate(timeout=30)
    assert server.returncode == 0, err[-3000:]
    assert "Traceback" not in out + err


def test_the_readme_names_its_commands():
    text = README.read_text(encoding="utf-8")
    commands = famiglia_commands(text)
    subcommands = {c[0] for c in commands if c}
    assert {"games", "rules", "play", "simulate", "replay", "render", "tournament"} <= subcommands
    named = bench_scripts("\n".join(page.read_text(encoding="utf-8") for page in MEASURING))
    assert set(named) == set(BENCH_ARGS), "give every bench script tiny budgets"


def test_ci_runs_the_readmes_test_command_as_written():
    """.ci/run's last line is the README's command that installs and runs the whole suite."""
    text = README.read_text(encoding="utf-8")
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert "pytest" in ci
    assert f"    {ci}\n" in text, ci


@pytest.mark.slow
def test_the_first_command_runs_as_written(tmp_path):
    """The quick start's command, exactly as written, with no input to give: a newcomer's
    first minute (today's bug: a seed drawn from /dev/urandom crashed it)."""
    first = famiglia_commands(README.read_text(encoding="utf-8"))[0]
    if first[0] == "serve":
        check_serve(first, tmp_path)
        return
    assert first[0] == "play", f"add a way to run {first} here"
    check_play(first, run(first, tmp_path, stdin=None))
    check_play(first, run(first, tmp_path, stdin="q\n"))


@pytest.mark.slow
def test_every_command_of_the_readme_runs_in_order(tmp_path):
    for args in famiglia_commands(README.read_text(encoding="utf-8")):
        args = shrink(args)
        if args[0] == "play":
            check_play(args, run(args, tmp_path, stdin="\nq\n"))
            continue
        if args[0] == "serve":
            check_serve(args, tmp_path)
            continue
        assert args[0] in ("games", "rules", "simulate", "replay", "render", "tournament"), (
            f"add a way to run the README's `famiglia {shlex.join(args)}` to this test"
        )
        result = run(args, tmp_path, stdin=None)
        shown = result.stdout + result.stderr
        assert result.returncode == 0, f"famiglia {shlex.join(args)} failed:\n{shown[-3000:]}"
        assert "Traceback" not in shown
        assert result.stdout.strip(), f"famiglia {shlex.join(args)} printed nothing"
    written = {p.name for p in tmp_path.iterdir()}
    assert {"games.jsonl", "board.svg"} <= written
    assert (tmp_path / "board.svg").read_text(encoding="utf-8").startswith("<svg")


@pytest.mark.slow
@pytest.mark.parametrize("script", sorted(BENCH_ARGS))
def test_the_bench_scripts_run_with_tiny_budgets(script):
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *BENCH_ARGS[script]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    rows = [line for line in result.stdout.splitlines() if line.strip()]
    assert len(rows) >= 2, result.stdout  # a header and at least one figure
    assert re.search(r"\d", rows[-1])
