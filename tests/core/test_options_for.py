"""Game.options_for: the options a player count needs, found from the game's own checks."""

from __future__ import annotations

import pytest

import famiglia


@pytest.mark.parametrize(
    "name, players, needed",
    [
        ("scarface-1920", 1, {"solo": True}),  # SF-S.1: one player is the Solo Mode
        ("scarface-1920", 3, {}),
        ("cash-n-guns", 9, {"teams": True}),  # CNG-1.1/1.2: nine play only in teams
        ("cash-n-guns", 5, {}),
        ("the-mob", 3, {}),
    ],
)
def test_the_options_a_player_count_needs(name, players, needed):
    game = famiglia.load(name)
    assert game.options_for(players) == needed
    game.new(players, 0, **needed)  # and they do make a game


def test_a_count_no_switch_allows_needs_nothing_it_can_name():
    assert famiglia.load("the-mob").options_for(12) == {}
