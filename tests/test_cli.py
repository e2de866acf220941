"""The `famiglia` command, driven as a user would: output, records, and clear refusals."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from famiglia.cli import app

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_games_lists_the_mob_with_options():
    result = run("games")
    assert result.exit_code == 0
    assert "the-mob" in result.stdout and "3-6" in result.stdout
    assert "strict_stakes" in result.stdout and "max_years" in result.stdout


def test_rules_prints_the_rules_document():
    result = run("rules", "the-mob")
    assert result.exit_code == 0
    assert "MOB-3.2" in result.stdout


def test_simulate_is_repeatable_and_writes_records(tmp_path):
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    args = [
        "simulate",
        "the-mob",
        "--players",
        "3",
        "--games",
        "3",
        "--seed",
        "5",
        "-o",
        "max_years=2",
    ]
    result = run(*args, "--out", str(first))
    assert result.exit_code == 0, result.output
    assert "win rate" in result.stdout and "capped games: 3" in result.stdout
    assert run(*args, "--out", str(second)).exit_code == 0
    assert first.read_text() == second.read_text()
    records = [json.loads(line) for line in first.read_text().splitlines()]
    assert len(records) == 3
    header = records[0]
    assert {"game", "players", "seed", "options", "agents", "version", "moves", "result"} <= set(
        header
    )
    assert header["seed"] == 5 and records[1]["seed"] == 6
    assert header["options"] == {"strict_stakes": False, "max_years": 2}


def test_replay_check_passes_and_catches_a_tampered_record(tmp_path):
    path = tmp_path / "games.jsonl"
    run("simulate", "the-mob", "-p", "4", "-n", "2", "-o", "max_years=1", "--out", str(path))
    result = run("replay", str(path), "--check")
    assert result.exit_code == 0 and "2 of 2 games replay exactly" in result.stdout
    records = [json.loads(line) for line in path.read_text().splitlines()]
    records[1]["result"]["winners"] = [9]
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    result = run("replay", str(path), "--check")
    assert result.exit_code == 1 and "1 of 2 games replay exactly" in result.stdout


def test_replay_narrates_a_game(tmp_path):
    path = tmp_path / "games.jsonl"
    run("simulate", "the-mob", "-p", "3", "-n", "1", "-o", "max_years=1", "--out", str(path))
    result = run("replay", str(path), "--seat", "1")
    assert result.exit_code == 0
    assert "year 1: seat 0 deals 5 cards to each player" in result.stdout
    assert "your hand:" in result.stdout  # seat 1's own hand, as it saw it
    spectator = run("replay", str(path))
    assert "your hand:" not in spectator.stdout


@pytest.mark.parametrize(
    "args,expected",
    [
        (["simulate", "chess", "-p", "2"], "unknown game 'chess'"),
        (["simulate", "the-mob", "-p", "8"], "takes 3 to 6 players, not 8"),
        (["simulate", "the-mob", "-p", "4", "-o", "colour=red"], "unknown option 'colour'"),
        (["simulate", "the-mob", "-p", "4", "-o", "max_years=zero"], "allowed values: 1..1000"),
        (["simulate", "the-mob", "-p", "3", "--seats", "random,random"], "names 2 players"),
        (["simulate", "the-mob", "-p", "3", "--seats", "random,genius,random"], "unknown bot"),
        (["rules", "chess"], "unknown game 'chess'"),
    ],
)
def test_bad_input_is_one_clear_line(args, expected):
    result = run(*args)
    assert result.exit_code == 2
    assert expected in result.output
    assert "Traceback" not in result.output


def test_broken_and_truncated_records(tmp_path):
    missing = run("replay", str(tmp_path / "none.jsonl"), "--check")
    assert missing.exit_code == 2 and "cannot read" in missing.output
    path = tmp_path / "games.jsonl"
    run("simulate", "the-mob", "-p", "3", "-n", "1", "-o", "max_years=1", "--out", str(path))
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    truncated = run("replay", str(path), "--check")
    assert truncated.exit_code == 2 and "line 1: not valid JSON" in truncated.output
    path.write_text('{"game": "the-mob"}\n')
    partial = run("replay", str(path), "--check")
    assert partial.exit_code == 2 and "missing fields players, seed" in partial.output


def test_play_refuses_a_mistyped_move_and_goes_on():
    answers = "make me rich\nplay Bakery\n1\n" + "q\n"
    result = run(
        "play", "the-mob", "-p", "3", "--seats", "human,random,random", "--seed", "2", input=answers
    )
    assert "refused: 'make me rich' is not a legal move now" in result.stdout
    assert "Your hand:" in result.stdout
    assert result.exit_code == 1 and "game stopped" in result.stdout


def test_play_saves_the_record_on_quit(tmp_path):
    path = tmp_path / "game.json"
    result = run(
        "play",
        "the-mob",
        "-p",
        "3",
        "--seats",
        "random,human,random",
        "--seed",
        "3",
        "--out",
        str(path),
        input="1\n1\nq\n",
    )
    assert result.exit_code == 1
    record = json.loads(path.read_text())
    assert record["agents"] == ["random", "human", "random"] and len(record["moves"]) >= 2


def test_hot_seat_hides_hands_behind_a_pass_screen():
    result = run(
        "play",
        "the-mob",
        "-p",
        "3",
        "--seats",
        "human,human,random",
        "--seed",
        "1",
        input="\nkeep the other cards\n\nq\n",
    )
    first, second = result.stdout.split("Pass to seat 0")
    assert "Pass to seat 1" in first
    hand_lines = [line for line in result.stdout.splitlines() if "your hand:" in line]
    assert len(hand_lines) == 2  # each seat saw its own hand, each after its own pass screen
    assert hand_lines[0] in first and hand_lines[1] in second


def test_a_whole_game_against_bots_reaches_the_result():
    answers = "1\n" * 400
    result = run(
        "play",
        "the-mob",
        "-p",
        "3",
        "--seats",
        "human,random,random",
        "--seed",
        "9",
        "-o",
        "max_years=1",
        input=answers,
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "Winner: seat" in result.stdout or "Winners, sharing the win:" in result.stdout


def test_render_draws_the_board_from_a_state_or_a_record_file(tmp_path):
    records = tmp_path / "bf.jsonl"
    result = run(
        "simulate", "blood-feud", "-p", "2", "-n", "2", "-o", "max_rounds=2", "--out", str(records)
    )
    assert result.exit_code == 0, result.output
    svg = tmp_path / "board.svg"
    drawn = run("render", "blood-feud", "--state", str(records), "--game", "2", "--out", str(svg))
    assert drawn.exit_code == 0, drawn.output
    assert svg.read_text().startswith("<svg") and "Central Park" in svg.read_text()
    # BF-10.2: the capped game's drawing names its winners and why they rank first
    assert "stopped after 2 rounds (max_rounds): seat" in svg.read_text()
    assert "ranked first by last income (BF-10.2)" in svg.read_text()
    empty = run("render", "blood-feud", "--out", str(tmp_path / "empty.svg"))
    assert empty.exit_code == 0
    bad = run("render", "blood-feud", "--state", str(records), "--game", "5")
    assert bad.exit_code == 2 and "--game must be between 1 and 2" in bad.output
    no_board = run("render", "the-mob")
    assert no_board.exit_code == 2 and "has no board drawing" in no_board.output


def test_hot_seat_clears_the_scrollback_in_a_terminal():
    """In a real terminal the pass screen clears the saved lines too (ESC [3J), or the next
    player could scroll up to the last one's hand."""
    import os
    import pty
    import select
    import subprocess
    import sys

    main, child = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "famiglia", "play", "the-mob", "-p", "3"]
        + ["--seats", "human,human,random", "--seed", "1"],
        stdin=child,
        stdout=child,
        stderr=child,
        env={**os.environ, "TERM": "xterm", "COLUMNS": "100"},
    )
    os.close(child)
    seen = b""
    try:
        while b"Pass to seat" not in seen:
            ready, _, _ = select.select([main], [], [], 30)
            assert ready, seen[-500:]
            seen += os.read(main, 65536)
    finally:
        process.kill()
        process.wait()
        os.close(main)
    before_pass = seen.split(b"Pass to seat")[0]
    assert b"\x1b[3J" in before_pass and b"\x1b[2J" in before_pass


def test_a_number_off_the_menu_is_refused_with_the_menu_s_range():
    result = run(
        "play", "the-mob", "-p", "3", "--seats", "human,random,random", "--seed", "1",
        input="99\n0\nq\n",
    )  # fmt: skip
    menu = [line for line in result.stdout.splitlines() if re.match(r"\s+\d+ ", line)]
    last = int(menu[-1].split()[0])
    said = "on the menu: type a number from 1 to"
    assert f"there is no move 99 {said} {last}, or a move's words" in result.stdout
    assert f"there is no move 0 {said} {last}" in result.stdout
