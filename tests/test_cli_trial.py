"""A second user trial of the command line: each test pins the exact behaviour a user met."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from famiglia.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})


def refused(result, expected: str) -> None:
    """One line on stderr saying what was wrong and what is allowed; exit 2, no traceback."""
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert errors == [f"error: {expected}"], result.output


def seat_rows(output: str) -> list[str]:
    return [line.split("│")[2].strip() for line in output.splitlines() if line.startswith("│")]


# ----- 1: simulate works out the player count as play does ------------------------------------
def test_simulate_without_players_seats_the_games_usual_table():
    got = run("simulate", "the-mob", "--games", "1", "-o", "max_years=1")
    assert got.exit_code == 0, got.output
    assert "The Mob: 1 game, 4 players" in got.output
    assert seat_rows(got.output) == ["random"] * 4


def test_simulate_without_players_seats_as_many_as_seats_names():
    got = run(
        "simulate",
        "the-mob",
        "--games",
        "1",
        "-o",
        "max_years=1",
        "--seats",
        "greedy,random,random",
    )
    assert got.exit_code == 0, got.output
    assert "The Mob: 1 game, 3 players" in got.output
    assert seat_rows(got.output) == ["greedy", "random", "random"]


def test_simulate_solo_mode_means_one_player():
    got = run("simulate", "scarface-1920", "--games", "1", "-o", "solo=true", "-o", "max_turns=10")
    assert got.exit_code == 0, got.output
    assert "Scarface 1920: 1 game, 1 player" in got.output
    assert seat_rows(got.output) == ["random"]


def test_simulate_help_says_how_the_player_count_is_worked_out():
    got = run("simulate", "--help")
    shown = " ".join(got.output.replace("│", " ").split())
    assert (
        "number of players (default: as many as --seats names, else 4 or what the options fix)"
        in shown
    )
    assert "[required]" not in shown.split("--games")[0].split("--players")[1]


# ----- 2: simulate's --force says what simulate writes ----------------------------------------
def test_simulate_help_says_force_replaces_the_out_file():
    got = run("simulate", "--help")
    shown = " ".join(got.output.replace("│", " ").split())
    assert "--force <bool> replace the --out file if it exists" in shown
    assert "--plot" not in shown


# ----- 3: a player count from the default --seats says so ---------------------------------------
def test_tournament_says_the_player_count_comes_from_the_default_seats():
    refused(
        run("tournament", "cash-n-guns", "--games", "1"),
        "Cash 'n Guns takes 4 to 9 players, not 3 (the 3 bots of the default --seats "
        "ismcts,greedy,random); --seats takes one bot per player, e.g. --seats "
        "ismcts,greedy,random,random",
    )
    refused(
        run("tournament", "scarface-1920", "-o", "solo=true", "--games", "1"),
        "the Solo Mode (solo=true) is for 1 player, not 3 (the 3 bots of the default --seats "
        "ismcts,greedy,random); --seats takes one bot per player, e.g. --seats ismcts",
    )


def test_tournament_players_without_seats_names_the_default_seats():
    refused(
        run("tournament", "cash-n-guns", "--players", "5", "--games", "1"),
        "--players is 5 but the default --seats ismcts,greedy,random names 3 bots; --seats "
        "takes one bot per player, e.g. --seats ismcts,greedy,random,random,random",
    )
    refused(
        run("tournament", "cash-n-guns", "--players", "2", "--games", "1"),
        "Cash 'n Guns takes 4 to 9 players, not 2",
    )


def test_tournament_help_names_the_default_seats():
    shown = " ".join(run("tournament", "--help").output.replace("│", " ").split())
    assert "Seats rotate from game to game (default: ismcts,greedy,random)." in shown


# ----- 4: an empty entry of --seats is refused -------------------------------------------------
PLAYERS = "give one player per seat: random, greedy, ismcts, human"
BOTS = "give one bot per seat: random, greedy, ismcts"


@pytest.mark.parametrize(
    "command, allowed",
    [("play", PLAYERS), ("simulate", BOTS), ("tournament", BOTS)],
)
def test_an_empty_seat_entry_is_refused_by_its_place(command, allowed):
    refused(
        run(command, "the-mob", "--seats", "human,,random"),
        f"--seats 'human,,random': entry 2 is empty; {allowed}",
    )
    refused(
        run(command, "the-mob", "--seats", "random,random,random,"),
        f"--seats 'random,random,random,': entry 4 is empty; {allowed}",
    )
    refused(
        run(command, "the-mob", "--seats", "ismcts:seconds=1,depth=2,,random"),
        f"--seats 'ismcts:seconds=1,depth=2,,random': entry 2 is empty; {allowed}",
    )
    refused(run(command, "the-mob", "--seats", ""), f"--seats is empty; {allowed}")


# ----- 5: an option given twice is refused -----------------------------------------------------
@pytest.mark.parametrize("command", ["play", "simulate", "tournament"])
def test_an_option_given_twice_is_refused_by_name(command):
    quick = [] if command == "play" else ["--games", "1", "--seats", "random,random,random"]
    refused(
        run(command, "the-mob", *quick, "-o", "strict_stakes=true", "-o", "strict_stakes=false"),
        "option strict_stakes is given twice (-o strict_stakes=true, -o strict_stakes=false); "
        "give each option once",
    )
    refused(
        run(command, "the-mob", *quick, "-o", "max_years=1", "--option", "max_years=1"),
        "option max_years is given twice (-o max_years=1, -o max_years=1); give each option once",
    )


# ----- 6: replay --game N reads record N whichever other line is broken ------------------------
CUT = '{"game": "the-mob", "players": 3,'  # a line cut short, as a killed run may leave


@pytest.fixture(scope="module")
def five_games(tmp_path_factory):
    """Five records, the third line cut short and the fourth record's result altered."""
    folder = tmp_path_factory.mktemp("records")
    path = folder / "games.jsonl"
    result = run("simulate", "the-mob", "-p", "3", "-n", "5", "-o", "max_years=1", "--out", path)
    assert result.exit_code == 0, result.output
    lines = path.read_text().splitlines()
    fourth = json.loads(lines[3])
    fourth["result"] = None
    lines[2], lines[3] = CUT, json.dumps(fourth)
    path.write_text("\n".join(lines) + "\n")
    only = {}
    for n in (1, 5):
        only[n] = folder / f"only{n}.jsonl"
        only[n].write_text(lines[n - 1] + "\n")
    return path, only


def cut_reason(path) -> str:
    try:
        json.loads(CUT)
    except json.JSONDecodeError as exc:
        return f"{path} line 3: not valid JSON ({exc.msg}); truncated file?"


def test_replay_game_n_steps_through_record_n_and_warns_of_the_broken_lines(five_games):
    path, only = five_games
    for n in (1, 5):
        got = run("replay", path, "--game", n)
        assert got.exit_code == 0, got.output
        assert got.stdout == run("replay", only[n]).stdout  # record n, not another
        assert got.stderr == f"warning: game 3 of the file is broken: {cut_reason(path)}\n"


def test_replay_game_n_refuses_when_record_n_is_broken_or_missing(five_games):
    path, _ = five_games
    refused(
        run("replay", path, "--game", "3"),
        f"game 3 cannot be replayed (the file's sound games are 1-2, 4-5): {cut_reason(path)}",
    )
    refused(run("replay", path, "--game", "6"), "--game must be between 1 and 5")


def test_replay_check_game_n_checks_record_n_counting_the_broken_lines(five_games):
    path, _ = five_games
    fifth = run("replay", path, "--check", "--game", "5")
    assert fifth.exit_code == 0, fifth.output
    assert fifth.stdout == "1 of 1 game replays exactly\n" and fifth.stderr == ""
    fourth = run("replay", path, "--check", "--game", "4")
    assert fourth.exit_code == 1, fourth.output
    assert fourth.stderr.startswith(f"mismatch: {path} game 4: replayed result ")
    assert fourth.stderr.endswith(" differs from recorded None\n")
    third = run("replay", path, "--check", "--game", "3")
    assert third.exit_code == 1, third.output
    assert third.stdout == "0 of 1 game replays exactly\n"
    assert third.stderr == f"broken: {cut_reason(path)}\n"
    whole = run("replay", path, "--check")
    assert whole.exit_code == 1 and whole.stdout == "3 of 5 games replay exactly\n"
    assert f"broken: {cut_reason(path)}\n" in whole.stderr
    assert f"mismatch: {path} game 4: " in whole.stderr


# ----- 7: the count of games replayed reads right -----------------------------------------------
def test_replay_check_counts_one_game_in_the_singular(five_games):
    _, only = five_games
    got = run("replay", only[1], "--check")
    assert got.exit_code == 0 and got.stdout == "1 of 1 game replays exactly\n"


# ----- 8: the tournament's table is titled with the game's title --------------------------------
def test_tournament_table_is_titled_with_the_games_title():
    got = run("tournament", "cash-n-guns", "--seats", "random,random,random,random", "--games", "1")
    assert got.exit_code == 0, got.output
    assert got.stdout.splitlines()[0].strip() == "Cash 'n Guns: 1 game, 4 players, seats rotated"
