"""A move typed at the terminal's prompt: its first words are enough when one move alone
begins with them."""

from __future__ import annotations

from typer.testing import CliRunner

import famiglia
from famiglia.cli import app
from famiglia.cli.play import only_move_begun
from famiglia.games.the_mob import data as D


def test_the_first_words_of_one_move_are_enough():
    state = famiglia.load("the-mob").new(3, 2)
    seat = state.seats_to_act()[0]
    legal = state.legal_actions(seat)
    texts = [str(a) for a in legal]
    assert texts[-1] == "keep the other cards"
    assert str(only_move_begun(legal, "  KEEP ")) == "keep the other cards"
    assert str(only_move_begun(legal, "keep the")) == "keep the other cards"
    assert only_move_begun(legal, "kee") is None  # whole words only
    first = texts[0].split()[0]
    assert sum(t.startswith(first + " ") for t in texts) > 1
    assert only_move_begun(legal, first) is None  # several moves begin so: none is guessed


def test_play_takes_a_move_by_its_first_words():
    result = CliRunner().invoke(
        app,
        ["play", "the-mob", "-p", "3", "--seats", "human,random,random", "--seed", "2"],
        input="keep\nq\n",
    )
    assert "playing: keep the other cards" in result.stdout
    assert "refused" not in result.stdout


def test_play_with_hints_suggests_a_legal_move_with_a_chance_to_win():
    """Issue 39: `--hints` shows the coach's move and two others before each choice."""
    result = CliRunner().invoke(
        app,
        ["play", "the-mob", "-p", "3", "--seats", "human,random,random", "--seed", "2", "--hints"],
        input="q\n",
    )
    lines = [line.strip() for line in result.stdout.splitlines()]
    hinted = [line for line in lines if line.startswith("hint: ")]
    assert len(hinted) == 1 and hinted[0].endswith("% to win)"), result.stdout
    move = hinted[0][len("hint: ") : hinted[0].rindex(" (about")]
    state = famiglia.load("the-mob").new(3, 2)
    # MOB-2.2: seat 0's first choice is which cards of its hand to give back, or to keep them
    choices = {f"return {D.CARD_NAMES[c]}" for c in state.hands[0]} | {"keep the other cards"}
    assert move in choices
    assert sum(line.startswith("or: ") for line in lines) == 2
    assert "Traceback" not in result.stdout
