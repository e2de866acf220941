"""The Solo Mode from the outside: the terminal, the bots on the player's seat, the arena."""

import pytest
from typer.testing import CliRunner

from famiglia.agents import info_for, make_agent
from famiglia.arena.simulate import play_game
from famiglia.arena.tournament import run_tournament
from famiglia.cli import app
from famiglia.core.record import replay

from .helpers import GAME

runner = CliRunner()


@pytest.mark.slow
@pytest.mark.parametrize(
    "options", [["-o", "solo=true"], ["-o", "solo=true", "-o", "tequila=true"]]
)
def test_terminal_plays_a_solo_game_to_the_end(options):
    """SF-S.1 SF-S.14: `famiglia play scarface-1920 -o solo=true` seats one human (the default
    count for the Solo Mode) and plays to the result, the input choosing the first move."""
    result = runner.invoke(
        app, ["play", "scarface-1920", *options, "--seed", "3"], input="1\n" * 1500
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "Traceback" not in result.output
    assert "your move" in result.stdout and "Result" in result.stdout
    assert "the solo gang: Action turn" in result.stdout or "Tequila" in result.stdout


def test_terminal_refuses_one_player_without_solo():
    """SF-S.1: one player without solo=true is refused with the reason."""
    result = runner.invoke(app, ["play", "scarface-1920", "-p", "1"], input="q\n")
    assert result.exit_code == 2 and "solo=true" in result.output


@pytest.mark.parametrize(
    "bot",
    [
        "greedy:samples=1,steps=1,budget=20",
        pytest.param("ismcts:iterations=8", marks=pytest.mark.slow),
    ],
)
def test_bots_play_the_players_seat(bot):
    """SF-S.1: greedy and ismcts play the player's seat through the arena (a capped game); the
    record replays."""
    state, record = play_game(GAME, 1, 4, [bot], {"solo": True, "tequila": True, "max_turns": 12})
    assert state.is_over() and replay(record).result() == state.result()
    assert len(record["result"]["scores"]) == 1


def test_bot_sees_the_solo_gang_and_acts():
    """SF-S.3: a bot's info holds the solo gang's public pieces; its move is legal."""
    st = GAME.new(1, 2, solo=True)
    agent = make_agent("greedy:samples=1,steps=1,budget=10", seed=1)
    info = info_for(st, 0)
    assert info.view["gangs"][1]["solo_gang"]
    action = agent.act(info)
    assert action in st.legal_actions(0)


def test_tournament_with_one_seat():
    """SF-S.14: a tournament of one seat counts the player's wins, none when the solo gang wins,
    and rates him against the game's own opponent."""
    t = run_tournament(GAME, 1, ["random"], 3, seed=0, options={"solo": True, "max_turns": 30})
    (standing,) = t.standings()
    wins = sum(1 for r in t.records if r["result"]["winners"])
    assert standing.seat_games == 3 and standing.wins == wins
    assert standing.rating is not None
