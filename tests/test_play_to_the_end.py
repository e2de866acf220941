"""`famiglia play GAME` driven through stdin to the end of the game, one game each: the human
seat answers the first move of every menu, as a newcomer pressing 1 would. The screen must show
the seat its own hand or position, keep the board within 80 columns, tell it when a move was
its only one, and end with the ranking and how it was made."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from famiglia.cli import app

PROMPT = "your move (number or words"
ONLY = "your only possible move, played at once:"

# game, its arguments (default greedy bots where a game is quick with them), and what the seat's
# own position looks like on its board
GAMES = {
    "the-mob": (["-p", "3", "--seed", "4"], ["Your hand: ", "seat 0 (you): $"]),
    "unfinished-business": (["-p", "3", "--seed", "2"], ["seat 0 (you), to act · hand: "]),
    "cash-n-guns": (["-p", "4", "--seed", "1"], ["Your hand: ", "seat 0 (you): "]),
    "blood-feud": (
        ["-p", "2", "--seed", "3", "--seats", "human,random", "-o", "max_rounds=4"],
        ["Your pieces:", "seat 0 (you), Queens: $"],
    ),
    "scarface-1920": (
        ["-p", "2", "--seed", "3", "--seats", "human,random", "-o", "max_turns=16"],
        ["Your hand:", "Your Plan:", "Your jobs:", "You (Chicago Outfit*): money "],
    ),
}


def play_to_the_end(game: str, args: list[str]) -> str:
    result = CliRunner().invoke(app, ["play", game, *args], input="1\n" * 20000)
    assert result.exit_code == 0, result.output[-3000:]
    return result.stdout


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_at_the_terminal(game):
    args, own = GAMES[game]
    screen = play_to_the_end(game, args)
    for marker in own:
        assert marker in screen, f"{game}: the seat never saw {marker!r}"
    if game != "cash-n-guns":  # this seat is shot dead before it ever has a forced move
        assert ONLY in screen  # a forced move is played at once, and the seat is told
    # what the board shows fits 80 columns (a prompt's line also holds what follows it, since
    # typed answers are not echoed here)
    wide = [line for line in screen.splitlines() if len(line) > 80 and PROMPT not in line]
    assert not wide, wide[:3]
    # ids never reach the screen: no raw Python values, no snake_case phase names
    for raw in ("{'", "None", "True", "False", "hustle_give", "sh_answer", "street_gang_count"):
        assert raw not in screen, f"{game} shows {raw!r}"
    # the end: the ranking table with the human seat in it, how it was decided, the winners
    tail = screen[screen.rindex("The end") :]
    assert "place" in tail and "seat 0 (you)" in tail
    places = re.findall(r"^\s+(\d)\s+seat \d", tail, re.M)
    assert places and places[0] == "1"
    assert re.search(r"^Winners?[ ,:]", tail, re.M), tail[-1500:]
    if game == "blood-feud":  # BF-10.2: a capped game is ranked by last income, and says so
        assert "stopped after 4 rounds (max_rounds)" in screen
        text = " ".join(tail.split())
        assert "living players first, then by last income, then money (BF-10.2)" in text
    if game == "scarface-1920":  # SF-1.1: capped before the election, ranked by money
        assert "stopped after 16 turns (the max_turns cap)" in " ".join(tail.split())


def test_a_hot_seat_game_ends_without_reprinting_the_narration():
    args = ["-p", "3", "--seats", "human,human,greedy", "--seed", "2", "-o", "max_years=1"]
    screen = play_to_the_end("the-mob", args)
    # each of the two people saw the deal once, after his own pass screen; the end adds none
    assert screen.count("year 1: seat 0 deals 5 cards to each player") == 2
    before_end = screen[: screen.index("The end")]
    assert screen.count("> ") == before_end.count("> ")  # no narration after "The end"


@pytest.mark.parametrize("tequila", [False, True])
def test_a_solo_game_at_the_terminal_shows_the_solo_gang_and_its_end(tequila):
    """SF-S.1, SF-S.3, SF-S.14: one seat against the solo gang, whose money, jobs and token are
    on the board; the end names the solo gang when it wins, and the ranking says how."""
    args = ["--seed", "5", "-o", "solo=true", "-o", "max_turns=12"]
    if tequila:
        args += ["-o", "tequila=true"]
    screen = play_to_the_end("scarface-1920", args)
    assert "(solo gang)" in screen
    assert re.search(r"The solo gang \(.+\): money \d+", screen)
    assert "Its jobs:" in screen
    assert ("Tequila in " if tequila else "The solo gang's token in ") in screen
    tail = " ".join(screen[screen.rindex("The end") :].split())
    assert "money alone counts; the solo gang has" in tail  # capped: SF-1.1
    assert re.search(r"Winner: (seat 0 \(you\)|none of the seats, the game's own opponent)", tail)
    wide = [line for line in screen.splitlines() if len(line) > 80 and PROMPT not in line]
    assert not wide, wide[:3]
